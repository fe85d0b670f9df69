//! The user's problem as the core sees it: residual, Jacobian and root
//! functions behind small traits, so the same integrator serves Fortran
//! and C function pointers and Rust closures.

use super::norms::Tolerances;
use crate::types::{FInt, Real};

/// What a residual (or Jacobian / preconditioner) routine reported through
/// its IRES / IER flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallbackStatus {
    /// IRES = 0: values computed.
    Ok,
    /// IRES = -1: illegal input values; the solver tries a smaller step.
    Recoverable,
    /// IRES = -2 (or lower): stop the integration and return to the caller.
    Stop,
}

impl CallbackStatus {
    /// Map DASKR's IRES convention (0, -1, <= -2; positive values are
    /// treated as 0, as DASKR only tests IRES < 0).
    pub fn from_ires(ires: i32) -> Self {
        match ires {
            i if i >= 0 => CallbackStatus::Ok,
            -1 => CallbackStatus::Recoverable,
            _ => CallbackStatus::Stop,
        }
    }
}

/// Storage of the iteration matrix handed to a user Jacobian routine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixStorage {
    /// Column-major NEQ x NEQ: PD(i,j) at `pd[i + j*neq]`.
    Dense {
        /// Number of equations.
        neq: usize,
    },
    /// LINPACK band storage with leading dimension 2*ML+MU+1:
    /// element (i,j) at `pd[(i - j + ml + mu) + j*ld]` (0-based).
    Band {
        /// Number of equations.
        neq: usize,
        /// Lower half-bandwidth ML.
        ml: usize,
        /// Upper half-bandwidth MU.
        mu: usize,
    },
    /// The caller's coordinate pattern: `pd[k]` is the element at row
    /// JROW(k), column JCOL(k) (`nnz` entries).
    Sparse {
        /// Number of equations.
        neq: usize,
        /// Number of pattern entries.
        nnz: usize,
    },
}

/// Where the iteration matrix dG/dy + cj*dG/dy' is wanted: the point
/// (t, y, y') and DASKR's leading coefficient CJ. The four travel together
/// from the linear solvers through every wrapper of [`DaeSystem::jacobian`]
/// to the user's routine, so they are one argument.
#[derive(Clone, Copy, Debug)]
pub struct JacobianPoint<'a> {
    /// The time T.
    pub t: Real,
    /// The state Y.
    pub y: &'a [Real],
    /// The derivative YPRIME.
    pub yp: &'a [Real],
    /// The leading coefficient CJ (the weight of dG/dy').
    pub cj: Real,
}

/// The DAE G(t, y, y') = 0 and its optional pieces.
pub trait DaeSystem {
    /// DELTA = G(t, y, y'). `cj` is DASKR's leading coefficient (RES may
    /// use it to scale constraint equations).
    fn residual(&mut self, t: Real, y: &[Real], yp: &[Real], cj: Real, delta: &mut [Real]) -> CallbackStatus;

    /// Fill the iteration matrix dG/dy + cj*dG/dy' at `at` into `pd`
    /// (already zeroed) in the given storage. Only called when the options
    /// ask for a user Jacobian. A status other than Ok counts as a failed
    /// residual evaluation.
    fn jacobian(&mut self, _at: JacobianPoint<'_>, _pd: &mut [Real], _storage: MatrixStorage) -> CallbackStatus {
        CallbackStatus::Ok
    }

    /// The user's own error weights (DASKR's optionally replaceable
    /// DDAWTS): fill `ewt` (not yet inverted) and return true, or return
    /// false to use DASKR's RTOL*|y|+ATOL.
    fn error_weights(&mut self, _tol: Tolerances<'_>, _y: &[Real], _ewt: &mut [Real]) -> bool {
        false
    }

    /// May [`Self::error_weights`] return true? The integrator asks once
    /// per call; on false it forms DASKR's weights at every step without
    /// calling [`Self::error_weights`]. True unless the problem knows it
    /// has no weights of its own.
    fn may_set_error_weights(&self) -> bool {
        true
    }

    /// Root functions R_i(t, y, y'), i = 1..NRT, written into `r`.
    fn roots(&mut self, _t: Real, _y: &[Real], _yp: &[Real], _r: &mut [Real]) {}

    /// Krylov method, INFO(15)=1: the user's JAC prepares the
    /// preconditioner P ~ dG/dy + cj*dG/dy' in the work segments WP/IWP
    /// (DASKR's Krylov JAC argument list; `rewt` are reciprocal weights,
    /// `savr` the residual at (t, y, y'), `wk` NEQ-long scratch).
    #[allow(clippy::too_many_arguments)]
    fn preconditioner_setup(&mut self, _c: PrecondSetup<'_>) -> PrecondSetupStatus {
        PrecondSetupStatus { ier: 0, ires: 0 }
    }

    /// Krylov method: the user's PSOL solves P x = b in place in `b`;
    /// returns IER (0 ok, > 0 recoverable, < 0 fatal). The default is
    /// P = I.
    fn preconditioner_solve(&mut self, _c: PrecondSolve<'_>) -> FInt {
        0
    }

    /// Parametric sensitivities with dF/dp from the problem (DSL48E's
    /// SENRHS, INFO(15) = 0): fill `dfdp` (zeroed on entry) with
    /// dG/dp_ip at (t, y, y'), `ip` numbered from 0. The status is IRES's
    /// (Recoverable: retry with a smaller step; Stop: give up). The
    /// default reports Stop: only called when the options ask for it.
    fn parameter_derivative(&mut self, _t: Real, _y: &[Real], _yp: &[Real], _ip: usize, _dfdp: &mut [Real]) -> CallbackStatus {
        CallbackStatus::Stop
    }

    /// Sensitivities by difference quotients in p (DSL48E's INFO(15) = 1,
    /// 2): the value of the parameter kept at `slot` (DSL48E: RPAR(slot),
    /// 1-based; the Rust API: parameter `slot`, 0-based), or None when
    /// there is none.
    fn parameter(&mut self, _slot: usize) -> Option<Real> {
        None
    }

    /// Set the parameter at `slot` (perturbed around RES calls, then
    /// restored to the value [`parameter`](Self::parameter) gave, bit for
    /// bit).
    fn set_parameter(&mut self, _slot: usize, _value: Real) {}
}

/// Arguments of the Krylov JAC call.
pub struct PrecondSetup<'a> {
    /// The current time T.
    pub t: Real,
    /// The current Y.
    pub y: &'a [Real],
    /// The current YPRIME.
    pub yp: &'a [Real],
    /// Reciprocal error weights 1/EWT.
    pub rewt: &'a [Real],
    /// Residual G(t, y, y').
    pub savr: &'a [Real],
    /// NEQ-long scratch (WK).
    pub wk: &'a mut [Real],
    /// The current step size H.
    pub h: Real,
    /// The leading coefficient CJ of the iteration matrix.
    pub cj: Real,
    /// The real work segment WP (LENWP long) for the preconditioner.
    pub wp: &'a mut [Real],
    /// The integer work segment IWP (LENIWP long).
    pub iwp: &'a mut [FInt],
}

/// What the Krylov JAC reported: IER (nonzero: failure) and IRES (if it
/// called RES and RES failed; overrides IER).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrecondSetupStatus {
    /// IER: 0 success, nonzero failure (the step is retried).
    pub ier: FInt,
    /// IRES of a residual evaluation made by the setup: 0, -1 or -2.
    pub ires: FInt,
}

/// Arguments of the PSOL call.
pub struct PrecondSolve<'a> {
    /// The current time T.
    pub t: Real,
    /// The current Y.
    pub y: &'a [Real],
    /// The current YPRIME.
    pub yp: &'a [Real],
    /// The current residual G(t, y, y') (SAVR).
    pub savr: &'a [Real],
    /// NEQ-long scratch (WK).
    pub wk: &'a mut [Real],
    /// The leading coefficient CJ.
    pub cj: Real,
    /// Weights for an iterative PSOL's convergence test (REWT/sqrt(NEQ)).
    pub wght: &'a [Real],
    /// The real work segment WP, as the setup left it.
    pub wp: &'a mut [Real],
    /// The integer work segment IWP, as the setup left it.
    pub iwp: &'a mut [FInt],
    /// Right-hand side on entry, solution on exit.
    pub b: &'a mut [Real],
    /// EPLIN: the tolerance an iterative PSOL should reach.
    pub eplin: Real,
}

/// The state conditions of a hybrid model (DSL48E's STCHANGE and
/// EVTDERIV). Conditions and functions are numbered from 0 here; the FFI
/// passes them on 1-based.
pub trait StateConditions {
    /// Whether condition `at.condition`, with its discontinuity functions'
    /// truth values `ig` (1 true, 0 false) at `at`, differs from the value
    /// the model is locked in (STCHANGE's ICHANGE = 1).
    fn condition_changed(&mut self, _at: &ConditionPoint<'_>, _ig: &[FInt]) -> bool {
        false
    }

    /// EVTDERIV for function `at.function` of condition `at.condition`:
    /// fill `d` with dF/dt and return alpha = dg*/dt, or the nonzero ICODE.
    fn event_derivatives(&mut self, _at: &ConditionPoint<'_>, _d: &mut [Real]) -> Result<Real, FInt> {
        Err(1)
    }
}

/// Where the event search asks the model about a state condition: the
/// condition, the function of it that crossed, and the point (t, z, z').
#[derive(Clone, Copy, Debug)]
pub struct ConditionPoint<'a> {
    pub condition: usize,
    pub function: usize,
    pub t: Real,
    pub z: &'a [Real],
    pub zdot: &'a [Real],
}
