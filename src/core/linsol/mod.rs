//! The linear solvers of the Newton iterations, behind one interface.
//!
//! The corrector ([`super::newton`]) and the initial-condition iteration
//! ([`super::initial`]) never learn the matrix format: they see a
//! [`LinearSolver`] that can be *set up* at a point (form and factor the
//! iteration matrix J = dG/dy + CJ*dG/dy', or call the user's
//! preconditioner setup), *solve* J x = b in place, and *precondition* a
//! residual. What DASKR's direct and Krylov paths do differently around
//! those calls (DNEDD vs DNEDK, DDASID vs DDASIK) is data: the solver's
//! [`Policy`].
//!
//! | implementation | matrix | DASKR routines |
//! |---|---|---|
//! | [`direct::DirectSolver`] | dense or banded, LU in place in RWORK | DMATD, DSLVD, DGEFA/DGESL, DGBFA/DGBSL |
//! | [`krylov::KrylovSolver`] | none: preconditioned GMRES | DSLVK, DSPIGM, DATV, DFNRMK |
//!
//! Kernels: [`dense`] and [`band`] LU, [`dq`] difference-quotient
//! Jacobians by column groups (dense columns, band groups, any colouring).
#![forbid(unsafe_code)]

pub mod band;
pub mod dense;
pub mod direct;
pub mod dq;
pub mod krylov;

use super::counters::Counters;
use super::messages::MessageSink;
use super::problem::{CallbackStatus, DaeSystem};
use crate::types::{FInt, Real};

/// The factorisation met an exactly zero (or non-finite) pivot in this
/// 0-based column; DASKR reports such a matrix as singular (IDID=-8 path).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("zero pivot in column {column} of the iteration matrix")]
pub struct SingularMatrix {
    pub column: usize,
}

/// Why a setup, solve or preconditioning failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinearFailure {
    /// RES (or a Jacobian routine with an IRES flag) failed during the
    /// operation: difference quotients, J*v products, the setup's own RES.
    #[error("the residual routine failed ({0:?})")]
    Residual(CallbackStatus),
    /// The iteration matrix has an exactly zero pivot.
    #[error("singular iteration matrix")]
    Singular,
    /// The user's preconditioner setup returned IER != 0.
    #[error("the preconditioner setup failed")]
    SetupFailed,
    /// The linear iteration did not converge, or PSOL returned IER > 0.
    #[error("the linear iteration did not converge")]
    NotConverged,
    /// PSOL returned IER < 0.
    #[error("the preconditioner solve failed unrecoverably")]
    PreconditionerFatal,
}

impl From<SingularMatrix> for LinearFailure {
    fn from(_: SingularMatrix) -> Self {
        LinearFailure::Singular
    }
}

/// How the Newton corrector's first-iterate convergence test is scaled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FirstIterateTolerance {
    /// 100*UROUND*||prediction|| (DNEDD: the direct solve is exact, so only
    /// roundoff limits the first correction).
    Roundoff,
    /// EPLI*EPCON, the tolerance the linear iteration itself works to
    /// (DNEDK).
    LinearTolerance { epli: Real },
}

/// What the initial-condition iteration does differently per solver
/// (DDASID for the direct methods, DDASIK for Krylov).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IcPolicy {
    /// Before a retry with a fresh setup, evaluate RES again at the current
    /// point (DDASID) instead of reusing the residual already at hand
    /// (DDASIK).
    pub fresh_residual_on_retry: bool,
    /// The second pass (with weights from the improved point) starts with
    /// the setup of the first pass (DDASIK's JSKIP) instead of a new one.
    pub keep_setup_on_second_pass: bool,
    /// An iteration that ran out of iterations still counts as slow, not
    /// diverging, when the residual fell tenfold (DNSIK).
    pub slow_if_reduced_tenfold: bool,
}

/// What DASKR's direct and Krylov correctors differ in, as data.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// A setup routine exists (direct methods: always; Krylov: INFO(15)=1).
    /// Without one the solver is always current: no CJ-ratio test, no reset
    /// of the rate estimate when CJ moves, no retry with a fresh setup.
    pub has_setup: bool,
    /// Scale the residual by 2/(1+CJ/CJOLD) when CJ moved since the setup
    /// (DNEDD's MULDEL = 1; DNEDK leaves it alone).
    pub rescale_residual: bool,
    /// The first-iterate convergence tolerance.
    pub first_iterate: FirstIterateTolerance,
    /// [`LinearSolver::precondition`] is the exact inverse of J, so the
    /// preconditioned residual is the Newton step itself (direct methods).
    pub exact: bool,
    pub ic: IcPolicy,
}

/// The point at which a setup forms J = dG/dy + CJ*dG/dy'.
pub struct SetupPoint<'a> {
    pub t: Real,
    pub cj: Real,
    /// The step size (difference-quotient increments; Krylov JAC's H).
    pub h: Real,
    pub uround: Real,
    /// Reciprocal error weights.
    pub rwt: &'a [Real],
    /// G(t, y, y') at the point.
    pub residual: &'a [Real],
}

/// The point at which J is applied or inverted.
pub struct SolvePoint<'a> {
    pub t: Real,
    pub y: &'a [Real],
    pub yp: &'a [Real],
    pub cj: Real,
    /// The nonlinear convergence constant; an iterative solver works to
    /// EPLI*EPCON.
    pub epcon: Real,
}

/// A linear solver for the Newton iterations of the BDF corrector and of
/// the initial-condition calculation.
pub trait LinearSolver {
    /// How the iterations around this solver behave.
    fn policy(&self) -> Policy;

    /// Prepare for solves at `at`: form and factor J, or run the user's
    /// preconditioner setup. `y`, `yp` hold the point; difference quotients
    /// perturb and restore them. `work` is NEQ-long scratch (DASKR's E, the
    /// Krylov JAC's WK). Counts residual calls in `cnt.nre`.
    fn setup<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: &SetupPoint<'_>,
        y: &mut [Real],
        yp: &mut [Real],
        work: &mut [Real],
        cnt: &mut Counters,
    ) -> Result<(), LinearFailure>;

    /// Overwrite `b` with the solution of J x = b. An iterative solver
    /// scales `rwt` in place for its solve and back (DASKR does, and the
    /// last bits of the weights change with it).
    fn solve<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: &SolvePoint<'_>,
        rwt: &mut [Real],
        b: &mut [Real],
        cnt: &mut Counters,
    ) -> Result<(), LinearFailure>;

    /// Overwrite the residual `b` with P^{-1} b, the approximate inverse the
    /// initial-condition iteration measures residuals with (DFNRMD: the full
    /// solve; DFNRMK: the preconditioner only).
    fn precondition<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: &SolvePoint<'_>,
        rwt: &mut [Real],
        b: &mut [Real],
        cnt: &mut Counters,
    ) -> Result<(), LinearFailure>;

    /// The residual at the current iterate as last handed to
    /// [`LinearSolver::precondition`] or [`LinearSolver::solve`], if the
    /// solver keeps it (Krylov: SAVR, needed by its J*v quotients).
    fn iterate_residual(&self) -> Option<&[Real]> {
        None
    }

    /// Warn (through `sink`) when the solver performs poorly over the steps
    /// of this call; `nwarn` counts the warnings printed in this call.
    fn warn_if_slow(
        &self,
        _now: &Counters,
        _call_start: &Counters,
        _steps: FInt,
        _tn: Real,
        _nwarn: &mut u32,
        _sink: &mut dyn MessageSink,
    ) {
    }
}
