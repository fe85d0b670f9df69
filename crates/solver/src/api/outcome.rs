//! How a successful call ended, the roots found, and the solver's
//! statistics.

use crate::core::layout::{iw, rw};
use crate::types::{FInt, Real};

/// How a successful [`Solver::solve_to`](crate::api::Solver::solve_to)
/// ended (DDASKR's IDID = 1..5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One internal step taken, before TOUT
    /// ([`StepControls::intermediate_output`](crate::api::StepControls::intermediate_output);
    /// IDID = 1).
    Step,
    /// Stopped exactly at TSTOP (IDID = 2).
    ReachedTstop,
    /// Reached TOUT (by interpolation; IDID = 3).
    ReachedTout,
    /// The initial-condition calculation succeeded and
    /// [`StepControls::stop_after_initial_conditions`](crate::api::StepControls::stop_after_initial_conditions)
    /// asked to return (IDID = 4): `y`, `y'` are consistent at the initial
    /// time; the next call integrates from there.
    InitialConditionsComputed,
    /// Root functions vanished at the current time (IDID = 5).
    Root(Roots),
}

/// Which way a root function crossed zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// From negative to positive (JROOT = 1).
    Rising,
    /// From positive to negative (JROOT = -1).
    Falling,
}

/// The root functions that vanished at a root return (DASKR's JROOT):
/// per function, the direction of its crossing, or `None`.
///
/// ```
/// use daskr::api::{Direction, Roots};
/// let r = Roots::from_jroot(&[0, -1, 1]);
/// assert_eq!(r.get(1), Some(Direction::Falling));
/// assert_eq!(r.iter().collect::<Vec<_>>(), [(1, Direction::Falling), (2, Direction::Rising)]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Roots(Vec<Option<Direction>>);

impl Roots {
    /// From DASKR's JROOT array (1 rising, -1 falling, 0 no root).
    pub fn from_jroot(jroot: &[FInt]) -> Self {
        Roots(
            jroot
                .iter()
                .map(|&j| match j.signum() {
                    1 => Some(Direction::Rising),
                    -1 => Some(Direction::Falling),
                    _ => None,
                })
                .collect(),
        )
    }

    /// The direction in which function `i` crossed zero, if it did.
    pub fn get(&self, i: usize) -> Option<Direction> {
        self.0.get(i).copied().flatten()
    }

    /// Whether function `i` vanished.
    pub fn contains(&self, i: usize) -> bool {
        self.get(i).is_some()
    }

    /// The functions that vanished, with their directions, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, Direction)> + '_ {
        self.0.iter().enumerate().filter_map(|(i, d)| d.map(|d| (i, d)))
    }

    /// Per root function, its direction or `None`.
    pub fn as_slice(&self) -> &[Option<Direction>] {
        &self.0
    }
}

/// Solver statistics (DASKR's optional outputs). Counters add up over
/// restarts of the same solver.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// Steps taken (NST, IWORK(11)).
    pub steps: i32,
    /// Residual evaluations (NRE, IWORK(12)); those made by a ready-made
    /// preconditioner are counted in
    /// [`Stats::preconditioner_residual_evaluations`].
    pub residual_evaluations: i32,
    /// Jacobian (or preconditioner setup) evaluations (NJE, IWORK(13)).
    pub jacobian_evaluations: i32,
    /// Error test failures (NETF, IWORK(14)).
    pub error_test_failures: i32,
    /// Nonlinear convergence failures (NCFN, IWORK(15)).
    pub convergence_failures: i32,
    /// Nonlinear (Newton) iterations (NNI, IWORK(19)).
    pub nonlinear_iterations: i32,
    /// Linear (Krylov) iterations (NLI, IWORK(20)).
    pub linear_iterations: i32,
    /// Linear (Krylov) convergence failures (NCFL, IWORK(16)).
    pub linear_convergence_failures: i32,
    /// Preconditioner solves (NPS, IWORK(21)).
    pub preconditioner_solves: i32,
    /// Residual evaluations made by a ready-made preconditioner's setup.
    pub preconditioner_residual_evaluations: i32,
    /// Root-function evaluations (IWORK(36)).
    pub root_function_evaluations: i32,
    /// The order used on the last step (KOLD, IWORK(8)).
    pub order: i32,
    /// The order to be tried on the next step (K, IWORK(7)).
    pub next_order: i32,
    /// The step size used on the last step (HOLD, RWORK(7)).
    pub step_size: Real,
    /// The step size to be tried on the next step (H, RWORK(3)).
    pub next_step_size: Real,
    /// The farthest point the integration has reached (TN, RWORK(4)).
    pub reached: Real,
}

impl Stats {
    /// The statistics held in DASKR's work arrays (current run only).
    pub(crate) fn from_work(iwork: &[FInt], rwork: &[Real]) -> Self {
        let i = |p: usize| iwork.get(p - 1).copied().unwrap_or(0);
        let r = |p: usize| rwork.get(p - 1).copied().unwrap_or(0.0);
        Stats {
            steps: i(iw::NST),
            residual_evaluations: i(iw::NRE),
            jacobian_evaluations: i(iw::NJE),
            error_test_failures: i(iw::NETF),
            convergence_failures: i(iw::NCFN),
            nonlinear_iterations: i(iw::NNI),
            linear_iterations: i(iw::NLI),
            linear_convergence_failures: i(iw::NCFL),
            preconditioner_solves: i(iw::NPS),
            preconditioner_residual_evaluations: 0,
            root_function_evaluations: i(iw::NRTE),
            order: i(iw::KOLD),
            next_order: i(iw::K),
            step_size: r(rw::HOLD),
            next_step_size: r(rw::H),
            reached: r(rw::TN),
        }
    }

    /// These counters plus those of `earlier` runs (the step data are
    /// this run's).
    pub(crate) fn plus_counters(self, earlier: &Stats) -> Self {
        Stats {
            steps: self.steps.wrapping_add(earlier.steps),
            residual_evaluations: self.residual_evaluations.wrapping_add(earlier.residual_evaluations),
            jacobian_evaluations: self.jacobian_evaluations.wrapping_add(earlier.jacobian_evaluations),
            error_test_failures: self.error_test_failures.wrapping_add(earlier.error_test_failures),
            convergence_failures: self.convergence_failures.wrapping_add(earlier.convergence_failures),
            nonlinear_iterations: self.nonlinear_iterations.wrapping_add(earlier.nonlinear_iterations),
            linear_iterations: self.linear_iterations.wrapping_add(earlier.linear_iterations),
            linear_convergence_failures: self
                .linear_convergence_failures
                .wrapping_add(earlier.linear_convergence_failures),
            preconditioner_solves: self.preconditioner_solves.wrapping_add(earlier.preconditioner_solves),
            preconditioner_residual_evaluations: self
                .preconditioner_residual_evaluations
                .wrapping_add(earlier.preconditioner_residual_evaluations),
            root_function_evaluations: self.root_function_evaluations.wrapping_add(earlier.root_function_evaluations),
            ..self
        }
    }
}
