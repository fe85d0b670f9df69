//! Vectors carried along with the BDF step: the seam the stepper and the
//! integrator offer the parametric sensitivities ([`super::sensitivity`]),
//! so that neither learns what is carried.
//!
//! A companion keeps its own modified divided differences, laid out like
//! the state's PHI, and follows every operation the stepper makes on the
//! state's: PHI -> PHI* at the start of an attempt, its undoing when the
//! attempt fails, the update after an accepted step. It is corrected
//! *after* the state's corrector has converged and the state has passed
//! its error test (the staggered corrector of Feehery, Tolsma & Barton),
//! with the iteration matrix the state's corrector used; its failure is a
//! corrector failure of the step. It may take part in the error test and
//! the choice of order and step size (its norms are combined with the
//! state's by taking the larger).
//!
//! [`NoCompanion`] carries nothing: its `ACTIVE` is false, every call on
//! it is compiled away, and the state's arithmetic is DDSTP's, bit for bit.

use super::counters::Counters;
use super::error::Interrupt;
use super::linsol::LinearSolver;
use super::newton::{CorrectorFailure, CorrectorState};
use super::norms::Tolerances;
use super::problem::DaeSystem;
use crate::types::{FInt, Real};

/// The consistent start point, once the state's initial conditions are
/// done (the first call, before the first step).
pub struct StartPoint<'a> {
    pub t: Real,
    /// The point; a companion may perturb it (difference quotients) and
    /// restores it bit for bit.
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    /// The state's reciprocal error weights at the start point.
    pub wt: &'a [Real],
    /// The first step size.
    pub h: Real,
    /// Set up the history for the first step (false when the call returns
    /// after the initial conditions, INFO(14)).
    pub history: bool,
    pub uround: Real,
}

/// The point an accepted state corrector has reached in one attempt.
pub struct StepPoint<'a> {
    pub t: Real,
    pub h: Real,
    pub cj: Real,
    /// The order of the attempt plus one.
    pub kp1: usize,
    /// The predictor's derivative coefficients.
    pub gamma: &'a [Real; 6],
    pub uround: Real,
    pub epcon: Real,
    /// The corrected state; a companion may perturb it (difference
    /// quotients) and restores it bit for bit.
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    /// The state's reciprocal error weights (an iterative solver rescales
    /// them around a solve, as it does for the state).
    pub wt: &'a mut [Real],
    /// The state corrector's CJOLD, rate factor S and JCALC: the matrix
    /// the companion solves with, and its status (a companion that sets
    /// up a new matrix updates them as the state's corrector would).
    pub corr: &'a mut CorrectorState,
    /// The iteration matrix was set up during this attempt.
    pub matrix_current: bool,
}

/// Vectors corrected after the state in each step (see the module
/// documentation), for problems of type `S`. Each method's default is
/// what a companion with no vectors does (start, weigh and correct
/// nothing, never fail the error test): [`NoCompanion`] is just that.
pub trait Companion<S: DaeSystem + ?Sized> {
    /// False for [`NoCompanion`]: the stepper and the integrator skip
    /// every call (at compile time).
    const ACTIVE: bool;

    /// At the consistent start point, before the first step: the
    /// companion's own initial values (consistent ones, if asked) and,
    /// if asked, its history.
    fn start(&mut self, _sys: &mut S, _at: StartPoint<'_>, _cnt: &mut Counters) -> Result<(), Interrupt> {
        Ok(())
    }

    /// The error weights for the next step, from the companion's values
    /// at TN and the tolerances; `id` with `exclude_algebraic` leaves the
    /// algebraic components out of the error test (INFO(16)). False when
    /// a weight is not positive.
    fn weights(&mut self, _tol: Tolerances<'_>, _id: Option<&[FInt]>, _exclude_algebraic: bool) -> bool {
        true
    }

    /// PHI -> PHI* at the start of an attempt: columns `from..kp1`
    /// (0-based) times BETA.
    fn rescale(&mut self, _from: usize, _kp1: usize, _beta: &[Real; 6]) {}

    /// Predict and correct, after the state's corrector converged and its
    /// error test passed.
    fn correct<L: LinearSolver<S>>(
        &mut self,
        _sys: &mut S,
        _lin: &mut L,
        _at: StepPoint<'_>,
        _cnt: &mut Counters,
    ) -> Result<(), CorrectorFailure> {
        Ok(())
    }

    /// The norms of the error estimates at orders K, K-1, K-2 (the
    /// state's are `vecops::estimate_norms`), the largest over the
    /// companion's vectors; None when the companion is not in the error
    /// test.
    fn error_norms(&mut self, _k: usize) -> Option<[Real; 3]> {
        None
    }

    /// The norm of the estimate at order K+1 (before its division by
    /// K+2); None when the companion is not in the error test.
    fn error_norm_above(&mut self, _k: usize) -> Option<Real> {
        None
    }

    /// The attempt failed the error test because of the companion.
    fn error_test_failed(&mut self) {}

    /// The step was accepted: update the differences (as
    /// `vecops::update_differences`).
    fn accept(&mut self, _kp1: usize, _set_next: bool) {}

    /// The attempt failed: undo PHI -> PHI* (columns `from..kp1`), and on
    /// the very first step scale the second column by `first_step_factor`.
    fn retreat(&mut self, _from: usize, _kp1: usize, _beta: &[Real; 6], _first_step_factor: Option<Real>) {}
}

/// Nothing carried along.
pub struct NoCompanion;

impl<S: DaeSystem + ?Sized> Companion<S> for NoCompanion {
    const ACTIVE: bool = false;
}

/// The larger of two norms, NaN winning (a NaN estimate must fail the
/// error test, as the state's does).
pub fn worse(a: Real, b: Real) -> Real {
    if b > a || b.is_nan() {
        b
    } else {
        a
    }
}
