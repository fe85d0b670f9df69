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
//! | [`sparse::SparseSolver`] | coordinate pattern, the crate's multifrontal LU (faer's AMD and COLAMD orderings) | DSL48E; DDASKR with INFO(6) = 2 (extension) |
//!
//! Kernels: [`dense`] and [`band`] LU, [`dq`] difference-quotient
//! Jacobians by column groups (dense columns, band groups, any colouring:
//! `colouring` finds one for a sparse pattern).
#![forbid(unsafe_code)]

pub mod band;
// Column colourings of sparse patterns, for the difference quotients.
#[cfg(not(daskr_single))]
pub mod colouring;
pub mod dense;
pub mod direct;
pub mod dq;
pub mod krylov;
pub mod pattern;
// The sparse solver (INFO(6) = 2, DSL48E) serves the double-precision
// instance only: SDASKR has DASKR's dense, band and Krylov methods.
#[cfg(not(daskr_single))]
pub mod sparse;

use super::counters::Counters;
use super::messages::MessageSink;
use super::problem::{CallbackStatus, DaeSystem, JacobianPoint, MatrixStorage};
use crate::types::{FInt, Real};

/// Where the iteration matrix's values come from (INFO(5), DSL48E's JDTYPE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JacobianSource {
    /// The user's JAC fills the matrix (in the format's own order).
    User,
    /// Difference quotients of RES over groups of columns.
    DifferenceQuotients,
}

/// A work-array length that does not fit: a method's formula overflowed
/// (the layouts compose the methods' lengths, which report it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LengthOverflow;

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

/// What every setup, solve and preconditioning returns.
pub type LinearResult = Result<(), LinearFailure>;

/// A setup request: the point at which J = dG/dy + CJ*dG/dy' is formed,
/// and the vectors the setup works with.
pub struct Setup<'a> {
    pub t: Real,
    pub cj: Real,
    /// The step size (difference-quotient increments; Krylov JAC's H).
    pub h: Real,
    pub uround: Real,
    /// Reciprocal error weights.
    pub rwt: &'a [Real],
    /// G(t, y, y') at the point.
    pub residual: &'a [Real],
    /// The point; difference quotients perturb and restore it.
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    /// NEQ-long scratch (DASKR's E, the Krylov JAC's WK).
    pub work: &'a mut [Real],
}

impl Setup<'_> {
    /// J from the user's JAC: `matrix` zeroed (the routine fills only the
    /// structure), then filled by [`DaeSystem::jacobian`] at this point in
    /// `storage`. A status other than Ok is the failure to report.
    pub fn user_jacobian<S: DaeSystem + ?Sized>(
        &self,
        sys: &mut S,
        matrix: &mut [Real],
        storage: MatrixStorage,
    ) -> Result<(), CallbackStatus> {
        matrix.fill(0.0);
        let at = JacobianPoint { t: self.t, y: self.y, yp: self.yp, cj: self.cj };
        match sys.jacobian(at, matrix, storage) {
            CallbackStatus::Ok => Ok(()),
            failed => Err(failed),
        }
    }
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
    /// Reciprocal error weights. An iterative solver scales them in place
    /// for its solve and back (DASKR does, and the last bits of the weights
    /// change with it).
    pub rwt: &'a mut [Real],
}

/// How far the current call has got, for performance warnings.
pub struct Progress<'a> {
    pub now: &'a Counters,
    pub call_start: &'a Counters,
    /// Steps taken in this call.
    pub steps: FInt,
    pub tn: Real,
}

/// A linear solver for the Newton iterations of the BDF corrector and of
/// the initial-condition calculation, for problems of type `S`.
pub trait LinearSolver<S: DaeSystem + ?Sized> {
    /// How the iterations around this solver behave.
    fn policy(&self) -> Policy;

    /// Prepare for solves: form and factor J, or run the user's
    /// preconditioner setup. Counts residual calls in `cnt.nre`.
    fn setup(&mut self, sys: &mut S, at: Setup<'_>, cnt: &mut Counters) -> LinearResult;

    /// `b` holds the residual G(t, y, y') at the point (the Newton
    /// right-hand side); overwrite it with the solution of J x = b.
    fn solve(&mut self, sys: &mut S, at: &mut SolvePoint<'_>, b: &mut [Real], cnt: &mut Counters) -> LinearResult;

    /// Overwrite the residual `b` with P^{-1} b, the approximate inverse the
    /// initial-condition iteration measures residuals with (DFNRMD: the full
    /// solve; DFNRMK: the preconditioner only).
    fn precondition(
        &mut self,
        sys: &mut S,
        at: &mut SolvePoint<'_>,
        b: &mut [Real],
        cnt: &mut Counters,
    ) -> LinearResult;

    /// The residual at the current iterate as last handed to
    /// [`LinearSolver::precondition`] or [`LinearSolver::solve`], if the
    /// solver keeps it (Krylov: SAVR, needed by its J*v quotients).
    fn iterate_residual(&self) -> Option<&[Real]> {
        None
    }

    /// Warn (through `sink`) when the solver performs poorly over the steps
    /// of this call; `nwarn` counts the warnings printed in this call.
    fn warn_if_slow(&self, _progress: &Progress<'_>, _nwarn: &mut u32, _sink: &mut dyn MessageSink) {}
}

/// One conformance test that every linear-solver implementation runs: set
/// up at a point of a linear DAE whose iteration matrix is known exactly,
/// solve the Newton system for the residual there, and check J x = G; an
/// exact solver's preconditioning must be the same solve.
#[cfg(test)]
mod conformance {
    use super::direct::{DirectSolver, JacobianSource, MatrixFormat};
    use super::krylov::{KrylovDims, KrylovParams, KrylovSolver};
    use super::*;
    use crate::core::test_problems::{matvec, max_diff, Tridiagonal};

    const N: usize = 9;
    const CJ: Real = 2.0;

    /// J = tridiag(-1, 4 + CJ, -2), column-major.
    fn exact_jacobian() -> Vec<Real> {
        let mut j = vec![0.0; N * N];
        for i in 0..N {
            j[i + i * N] = 4.0 + CJ;
            if i > 0 {
                j[i + (i - 1) * N] = -1.0;
            }
            if i + 1 < N {
                j[i + (i + 1) * N] = -2.0;
            }
        }
        j
    }

    fn check<L: LinearSolver<Tridiagonal>>(lin: &mut L, tol: Real) -> Counters {
        let mut sys = Tridiagonal { n: N };
        let mut y: Vec<Real> = (0..N).map(|i| 1.0 + 0.3 * i as Real).collect();
        let mut yp: Vec<Real> = (0..N).map(|i| (i as Real).cos()).collect();
        let mut g = vec![0.0; N];
        sys.residual(0.0, &y, &yp, CJ, &mut g);
        let rwt = vec![1e4; N];
        let mut work = vec![0.0; N];
        let mut cnt = Counters::default();
        let (y0, yp0) = (y.clone(), yp.clone());
        let at = Setup {
            t: 0.0,
            cj: CJ,
            h: 0.1,
            uround: f64::EPSILON,
            rwt: &rwt,
            residual: &g,
            y: &mut y,
            yp: &mut yp,
            work: &mut work,
        };
        lin.setup(&mut sys, at, &mut cnt).unwrap();
        assert_eq!((y.clone(), yp.clone()), (y0, yp0), "setup must restore y and y'");
        let mut w = rwt.clone();
        let mut sp = SolvePoint { t: 0.0, y: &y, yp: &yp, cj: CJ, epcon: 0.33, rwt: &mut w };
        let mut x = g.clone();
        lin.solve(&mut sys, &mut sp, &mut x, &mut cnt).unwrap();
        assert!(max_diff(&matvec(&exact_jacobian(), &x), &g) <= tol, "J x != G");
        let mut p = g.clone();
        lin.precondition(&mut sys, &mut sp, &mut p, &mut cnt).unwrap();
        if lin.policy().exact {
            assert_eq!(p, x, "an exact solver's preconditioner is its solve");
            assert!(lin.iterate_residual().is_none());
        } else {
            assert_eq!(lin.iterate_residual(), Some(&g[..]), "the solver keeps the residual it was given");
        }
        cnt
    }

    #[test]
    fn direct_dense_and_band_with_both_jacobian_sources() {
        for format in [MatrixFormat::Dense, MatrixFormat::Band { ml: 1, mu: 1 }, MatrixFormat::Band { ml: 2, mu: 3 }] {
            for source in [JacobianSource::User, JacobianSource::DifferenceQuotients] {
                let len = format.matrix_len(N).unwrap() + format.save_len(source, N).unwrap();
                let (mut wm, mut piv) = (vec![f64::NAN; len], vec![0; N]);
                let mut lin = DirectSolver::new(format, source, N, &mut wm, &mut piv);
                let tol = if source == JacobianSource::User { 1e-12 } else { 1e-6 };
                let cnt = check(&mut lin, tol);
                let groups = match (source, format) {
                    (JacobianSource::User, _) => 0,
                    (_, MatrixFormat::Dense) => N,
                    (_, MatrixFormat::Band { ml, mu }) => ml + mu + 1,
                };
                assert_eq!(cnt.nre as usize, groups, "{format:?} {source:?}: one residual per column group");
            }
        }
    }

    #[test]
    fn sparse_with_both_jacobian_sources() {
        use super::sparse::{shared_pattern, SparseSolver};
        use super::JacobianSource;
        let (rows, cols) = Tridiagonal { n: N }.pattern();
        for source in [JacobianSource::User, JacobianSource::DifferenceQuotients] {
            let mut values = vec![f64::NAN; rows.len()];
            let pattern = shared_pattern(N, &rows, &cols).unwrap();
            let mut lin = SparseSolver::new(pattern, source, &mut values, 0);
            let colours = lin.colour_count();
            let tol = if source == JacobianSource::User { 1e-12 } else { 1e-6 };
            let cnt = check(&mut lin, tol);
            let want = if source == JacobianSource::User { 0 } else { colours };
            assert_eq!(cnt.nre as usize, want, "{source:?}: one residual per colour");
            assert_eq!(colours, 3, "a tridiagonal pattern needs three colours");
            assert_ne!(lin.stamp(), 0, "the factorisation is stamped");
        }
    }

    #[test]
    fn krylov_with_and_without_restarts() {
        for (maxl, kmp, nrmax) in [(N, N, 0), (3, 3, 20), (4, 2, 20)] {
            let dims = KrylovDims { neq: N, maxl, kmp, nrmax, lenwp: 0 };
            let (mut savr, mut wm, mut iwp) = (vec![0.0; N], vec![f64::NAN; dims.segments().len], vec![0; 1]);
            let sqrtn = (N as Real).sqrt();
            let p = KrylovParams { dims, epli: 1e-3, sqrtn, rsqrtn: 1.0 / sqrtn, setup_routine: false };
            let mut lin = KrylovSolver::new(p, &mut savr, &mut wm, &mut iwp).unwrap();
            let cnt = check(&mut lin, 1e-6);
            assert!(cnt.nli > 0 && cnt.nps > cnt.nli && cnt.ncfl == 0, "{cnt:?}");
        }
    }
}
