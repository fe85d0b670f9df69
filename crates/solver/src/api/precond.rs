//! The problem as the core sees it: the user's [`DaeSystem`] with the
//! preconditioner chosen in the options (none, the problem's own, or one
//! of the shipped modules) in place of its preconditioner methods.

use super::error::SetupError;
use super::options::{BandedPreconditioner, IluPreconditioner, Preconditioner};
use crate::core::messages::{CollectMessages, MessageLine};
use crate::core::norms::Tolerances;
use crate::core::problem::{CallbackStatus, DaeSystem, JacobianPoint, MatrixStorage, PrecondSetup, PrecondSetupStatus, PrecondSolve};
use crate::precond::banded::{BandPreconditioner, BandSetupArgs, BandSetupError};
use crate::precond::ilu::{self, ipar, rpar, Check, IluParams, JacArgs, MatrixWriter, SliceParams};
use crate::types::{FInt, Real};

/// DASKR's IRES for a callback status.
pub(crate) fn ires_of(s: CallbackStatus) -> FInt {
    match s {
        CallbackStatus::Ok => 0,
        CallbackStatus::Recoverable => -1,
        CallbackStatus::Stop => -2,
    }
}

/// A preconditioner as the adapter runs it.
enum Kind {
    /// P = I.
    Identity,
    /// The problem's own methods.
    Problem,
    Banded(BandPreconditioner),
    /// IPAR (30 entries) and RPAR (2) as DJACILU/DPSOLILU read them.
    Ilu {
        ipar: Vec<FInt>,
        rpar: [Real; 2],
    },
}

/// The ready-made preconditioners never write the Jacobian out (JACOUT = 0).
struct NoOutput;

impl MatrixWriter for NoOutput {
    fn write_unit(&mut self, _unit: FInt, _text: &str) -> Result<String, String> {
        Err("no Jacobian output from the Rust API".into())
    }
}

/// The work lengths (LENWP, LENIWP) and whether a setup routine is
/// called (INFO(15)) for a preconditioner on `neq` equations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WorkNeeds {
    pub setup: bool,
    pub real: usize,
    pub int: usize,
}

/// The user's problem as the core sees it: with the chosen preconditioner
/// (DDASKR's Krylov method), or with its state conditions' truth values
/// (the hybrid solver, `truth`).
pub(crate) struct Adapter<P> {
    pub inner: P,
    /// STCHANGE's IG as `bool`s, for [`HybridSystem::condition_changed`](crate::api::HybridSystem::condition_changed).
    #[cfg_attr(daskr_single, allow(dead_code))]
    pub truth: Vec<bool>,
    kind: Kind,
    /// Copies of y, y', SAVR that a shipped preconditioner may perturb.
    y: Vec<Real>,
    yp: Vec<Real>,
    savr: Vec<Real>,
    /// Residual evaluations made by a shipped preconditioner's setup.
    pub precond_residuals: i32,
    /// Messages of a shipped preconditioner, for the solver to collect.
    pub messages: CollectMessages,
}

impl<P> Adapter<P> {
    /// No preconditioner (the direct methods, or P = I).
    pub fn plain(inner: P) -> Self {
        Adapter {
            inner,
            truth: Vec::new(),
            kind: Kind::Identity,
            y: Vec::new(),
            yp: Vec::new(),
            savr: Vec::new(),
            precond_residuals: 0,
            messages: CollectMessages::default(),
        }
    }

    /// With the given preconditioner for `neq` equations; returns what
    /// the solver must reserve for it.
    pub fn with_preconditioner(inner: P, p: &Preconditioner, neq: usize) -> Result<(Self, WorkNeeds), SetupError> {
        let mut a = Self::plain(inner);
        let needs = match *p {
            Preconditioner::None => WorkNeeds { setup: false, real: 0, int: 0 },
            Preconditioner::Problem { setup, real_work, int_work } => {
                a.kind = Kind::Problem;
                WorkNeeds { setup, real: real_work, int: int_work }
            }
            Preconditioner::Banded(b) => {
                let bp = banded(neq, b)?;
                a.kind = Kind::Banded(bp);
                WorkNeeds { setup: true, real: bp.wp_len(), int: bp.iwp_len() }
            }
            Preconditioner::Ilu(c) => {
                let (ipar, rpar) = ilu_params(&c)?;
                let p = IluParams::decode(&SliceParams { ipar: &ipar, rpar: &rpar }, Check::Factor)
                    .map_err(|_| SetupError::Invalid { what: "ILU preconditioner", reason: "illegal parameter" })?;
                let n = i64::try_from(neq).map_err(|_| SetupError::TooLarge)?;
                let (lwp, liwp) = p.minimum_lengths(n);
                let real = usize::try_from(lwp).map_err(|_| SetupError::TooLarge)?;
                let int = usize::try_from(liwp).map_err(|_| SetupError::TooLarge)?;
                a.kind = Kind::Ilu { ipar, rpar };
                WorkNeeds { setup: true, real, int }
            }
        };
        Ok((a, needs))
    }

    /// Hand the preconditioner's messages over.
    pub fn take_messages(&mut self) -> Vec<Vec<MessageLine>> {
        std::mem::take(&mut self.messages.0)
    }
}

fn banded(neq: usize, b: BandedPreconditioner) -> Result<BandPreconditioner, SetupError> {
    if neq > 0 && (b.lower >= neq || b.upper >= neq) {
        return Err(SetupError::Invalid {
            what: "banded preconditioner",
            reason: "a half-bandwidth is not less than the number of equations",
        });
    }
    BandPreconditioner::new(neq, b.lower, b.upper).map_err(|_| SetupError::TooLarge)
}

/// The named ILU settings as `dilupre.f`'s IPAR and RPAR.
fn ilu_params(c: &IluPreconditioner) -> Result<(Vec<FInt>, [Real; 2]), SetupError> {
    let int = |v: usize| FInt::try_from(v).map_err(|_| SetupError::TooLarge);
    let invalid = |reason| Err(SetupError::Invalid { what: "ILU preconditioner", reason });
    if c.jacobian_fill < 2 || c.factor_fill < 2 {
        return invalid("jacobian_fill and factor_fill must be at least 2");
    }
    let finite_nonneg = |v: Real| v.is_finite() && v >= 0.0;
    if !finite_nonneg(c.drop_tolerance) || !finite_nonneg(c.pivot_tolerance) {
        return invalid("the drop and pivot tolerances must be finite and not negative");
    }
    let mut p = vec![0; 30];
    p[ipar::ML - 1] = int(c.lower)?;
    p[ipar::MU - 1] = int(c.upper)?;
    p[ipar::LENPFAC - 1] = int(c.jacobian_fill)?;
    p[ipar::LENPLUFAC - 1] = int(c.factor_fill)?;
    p[ipar::IPREMETH - 1] = if c.column_pivoting { 2 } else { 1 };
    p[ipar::LFILILUT - 1] = int(c.fill)?;
    p[ipar::IREORDER - 1] = FInt::from(c.reorder);
    p[ipar::ISRNORM - 1] = FInt::from(c.row_scaling.is_some());
    p[ipar::NORMTYPE - 1] = match c.row_scaling {
        Some(ilu::RowNorm::Max) => 0,
        Some(ilu::RowNorm::One) => 1,
        Some(ilu::RowNorm::Two) | None => 2,
    };
    p[ipar::JSCALCOL - 1] = FInt::from(c.column_scaling);
    let mut r = [0.0; 2];
    r[rpar::TOLILUT - 1] = c.drop_tolerance;
    r[rpar::PERMTOL - 1] = c.pivot_tolerance;
    Ok((p, r))
}

impl<P: DaeSystem> DaeSystem for Adapter<P> {
    fn residual(&mut self, t: Real, y: &[Real], yp: &[Real], cj: Real, delta: &mut [Real]) -> CallbackStatus {
        self.inner.residual(t, y, yp, cj, delta)
    }

    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [Real], storage: MatrixStorage) -> CallbackStatus {
        self.inner.jacobian(at, pd, storage)
    }

    fn error_weights(&mut self, tol: Tolerances<'_>, y: &[Real], ewt: &mut [Real]) -> bool {
        self.inner.error_weights(tol, y, ewt)
    }

    fn may_set_error_weights(&self) -> bool {
        self.inner.may_set_error_weights()
    }

    fn roots(&mut self, t: Real, y: &[Real], yp: &[Real], r: &mut [Real]) {
        self.inner.roots(t, y, yp, r)
    }

    fn parameter_derivative(&mut self, t: Real, y: &[Real], yp: &[Real], ip: usize, dfdp: &mut [Real]) -> CallbackStatus {
        self.inner.parameter_derivative(t, y, yp, ip, dfdp)
    }

    /// The core's slot `ip + 1` is the problem's parameter `ip` (slot 0:
    /// none).
    fn parameter(&mut self, slot: usize) -> Option<Real> {
        slot.checked_sub(1).and_then(|ip| self.inner.parameter(ip))
    }

    fn set_parameter(&mut self, slot: usize, value: Real) {
        if let Some(ip) = slot.checked_sub(1) {
            self.inner.set_parameter(ip, value);
        }
    }

    fn preconditioner_setup(&mut self, c: PrecondSetup<'_>) -> PrecondSetupStatus {
        let ok = PrecondSetupStatus { ier: 0, ires: 0 };
        let Adapter { inner, kind, y, yp, savr, precond_residuals, messages, .. } = self;
        match kind {
            Kind::Identity => ok,
            Kind::Problem => inner.preconditioner_setup(c),
            Kind::Banded(b) => {
                y.clear();
                y.extend_from_slice(c.y);
                yp.clear();
                yp.extend_from_slice(c.yp);
                let res = |t: Real, y: &[Real], yp: &[Real], cj: Real, d: &mut [Real]| {
                    *precond_residuals = precond_residuals.wrapping_add(1);
                    ires_of(inner.residual(t, y, yp, cj, d))
                };
                let args = BandSetupArgs {
                    t: c.t,
                    y,
                    yp,
                    rewt: c.rewt,
                    savr: c.savr,
                    wk: c.wk,
                    h: c.h,
                    cj: c.cj,
                    wp: c.wp,
                    iwp: c.iwp,
                };
                match b.setup(res, args) {
                    Ok(()) => ok,
                    Err(BandSetupError::Residual { ires }) => PrecondSetupStatus { ier: 0, ires },
                    Err(e) => PrecondSetupStatus { ier: e.ier(), ires: 0 },
                }
            }
            Kind::Ilu { ipar, rpar } => {
                y.clear();
                y.extend_from_slice(c.y);
                yp.clear();
                yp.extend_from_slice(c.yp);
                savr.clear();
                savr.extend_from_slice(c.savr);
                let (t, cj) = (c.t, c.cj);
                let mut res =
                    |y: &[Real], yp: &[Real], d: &mut [Real]| -> FInt { ires_of(inner.residual(t, y, yp, cj, d)) };
                let args = JacArgs { y, yp, rewt: c.rewt, savr, wk: c.wk, h: c.h, cj };
                let src = SliceParams { ipar, rpar };
                let o = ilu::jac_ilu(&src, args, c.wp, c.iwp, &mut res, &mut NoOutput, messages);
                if let Some(n) = o.res_calls {
                    *precond_residuals = precond_residuals.wrapping_add(n);
                }
                PrecondSetupStatus { ier: o.ierr, ires: o.ires }
            }
        }
    }

    fn preconditioner_solve(&mut self, c: PrecondSolve<'_>) -> FInt {
        match &self.kind {
            Kind::Identity => 0,
            Kind::Problem => self.inner.preconditioner_solve(c),
            Kind::Banded(b) => match b.solve(c.wp, c.iwp, c.b) {
                Ok(()) => 0,
                Err(_) => -1,
            },
            Kind::Ilu { ipar, rpar } => {
                let src = SliceParams { ipar, rpar };
                match ilu::psol_ilu(&src, c.wp, c.iwp, c.wght, c.wk, c.b) {
                    Ok(()) => 0,
                    Err(_) => -1,
                }
            }
        }
    }
}
