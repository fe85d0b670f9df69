//! The integration loop shared by every driver: error weights, the initial
//! step, the HMAX and TSTOP limits, the continuation tests, the
//! initial-condition block and the step loop with its stop tests (the
//! solver-neutral body of DDASKR, blocks 200..600).
//!
//! A driver (the DDASKR call protocol, later DSL48E's) decodes its
//! arguments into a [`RunConfig`], splits the caller's work arrays into
//! [`Arrays`], builds a [`LinearSolver`] over its matrix segment and an
//! [`EventHook`] (root finding, state events), and calls
//! [`integrate`]. All state that must survive the call is in the arrays.

use super::companion::{Companion, StartPoint};
use super::counters::Counters;
use super::error::{InputError, Interrupt, StepFailure};
use super::hook::{EventHook, HookContext};
use super::constraints::Constraints;
use super::initial::{compute_initial_conditions, IcControls, IcFailure, IcOption, IcParams, IcVectors};
use super::interpolate::History;
use super::layout::{iw, rw, Coefficients, HistoryViews, IHeader, IViews, RHeader, RViews};
use super::linsol::{LinearSolver, Progress};
use super::messages::MessageSink;
use super::newton::CorrectorVectors;
use super::norms::{
    error_weights, fold_max, inverse_error_weights_max, invert_weights, mask_algebraic, rms_given_max,
    weighted_rms_norm, ToleranceArrays, Tolerances,
};
use super::problem::DaeSystem;
use super::stepper::{stored_history, take_step, BdfState, StepConfig, StepVectors};
use crate::types::{FInt, Real};

/// Steps allowed per call before IDID = -1.
pub const MAX_STEPS_PER_CALL: FInt = 500;
/// Newton convergence constant EPCON.
pub const EPCON: Real = 0.33;
/// Unit roundoff (D1MACH(4)).
pub const UROUND: Real = Real::EPSILON;

/// The initial-condition calculation requested for a first call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IcRequest {
    pub option: IcOption,
    /// INFO(14): return with IDID = 4 after it.
    pub stop_after: bool,
    /// INFO(17): the heuristic controls are in IWORK(32..35), RWORK(14..15).
    pub controls_given: bool,
    /// INFO(18): print level.
    pub print_level: u8,
}

/// What one call asks for, decoded by the driver.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunConfig {
    /// INFO(1) = 0: start a new integration.
    pub first_call: bool,
    /// INFO(3): return after every step.
    pub intermediate_output: bool,
    /// INFO(4): never step past TSTOP.
    pub tstop: Option<Real>,
    /// INFO(7): the largest step size.
    pub hmax: Option<Real>,
    /// INFO(8): the first step size (first call only).
    pub h0: Option<Real>,
    pub maxord: usize,
    /// INFO(10) = 2, 3: keep y nonnegative during the integration.
    pub nonneg: bool,
    /// INFO(16): the error test leaves out the algebraic components.
    pub exclude_algebraic: bool,
    /// INFO(2): RTOL and ATOL are arrays.
    pub vector_tolerances: bool,
    /// INFO(11) on a first call.
    pub initial: Option<IcRequest>,
}

/// The caller's work arrays, split into what the integrator works on.
pub struct Arrays<'a> {
    pub rh: RHeader<'a>,
    pub ih: IHeader<'a>,
    /// Reciprocal error weights.
    pub wt: &'a mut [Real],
    /// Separate error-test weights (INFO(16)), else None (the test uses WT).
    pub vt: Option<&'a mut [Real]>,
    /// PHI(NEQ, NCPHI), column-major.
    pub phi: &'a mut [Real],
    pub delta: &'a mut [Real],
    pub e: &'a mut [Real],
    /// +1 differential, -1 algebraic.
    pub id: Option<&'a [FInt]>,
    /// Constraints the initial-condition calculation keeps (DDASKR's
    /// ICNSTR, DSL48E's BOUNDS).
    pub constraints: Option<Constraints<'a>>,
    /// Box bounds the corrector keeps too (DSL48E's BOUNDS).
    pub bounds: Option<Constraints<'a>>,
}

impl<'a> Arrays<'a> {
    /// The integrator's arrays from DDASKR's split RWORK and IWORK, the
    /// BDF coefficients, and what the views keep besides: the linear
    /// solver's and the root finder's segments and ICNSTR. No constraints
    /// or bounds: the caller sets them.
    pub fn from_ddaskr(rv: RViews<'a>, iv: IViews<'a>) -> (Self, &'a mut Coefficients, DdaskrSegments<'a>) {
        let RViews { header: rh, coef, delta, savr, e, wt, vt, phi, r0, r1, rx, wm } = rv;
        let IViews { header: ih, icnstr, id, pivots } = iv;
        let arrays = Arrays { rh, ih, wt, vt, phi, delta, e, id, constraints: None, bounds: None };
        (arrays, coef, DdaskrSegments { savr, wm, r0, r1, rx, icnstr, pivots })
    }
}

/// The segments of DDASKR's work arrays that are not the integrator's:
/// the linear solver's (SAVR, WM, the pivots or IWP or the pattern), the
/// root finder's (R0, R1, RX) and ICNSTR.
pub struct DdaskrSegments<'a> {
    pub savr: &'a mut [Real],
    pub wm: &'a mut [Real],
    pub r0: &'a mut [Real],
    pub r1: &'a mut [Real],
    pub rx: &'a mut [Real],
    pub icnstr: Option<&'a [FInt]>,
    pub pivots: &'a mut [FInt],
}

/// The call's own arguments.
pub struct CallIo<'a> {
    pub t: &'a mut Real,
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    pub tout: Real,
    /// RTOL and ATOL; scaled in place when too much accuracy was
    /// requested (IDID = -2).
    pub tol: ToleranceArrays<'a>,
}

/// The collaborators of one call.
pub struct Parts<'r, S: ?Sized, L, H> {
    pub sys: &'r mut S,
    pub lin: &'r mut L,
    pub hook: &'r mut H,
    pub sink: &'r mut dyn MessageSink,
}

/// Run one call: start or continue, then step until the request is met.
/// Ok(IDID) for IDID > 0; T, Y, Y', the arrays and the BDF coefficients
/// `coef` (kept apart from `a` so that the steps work on them in place)
/// are updated as DDASKR does. `comp` is carried along with the state
/// ([`NoCompanion`](super::companion::NoCompanion) for none; the
/// parametric sensitivities): started after the state's initial
/// conditions, weighted before every step, corrected after the state in
/// every step ([`take_step`]).
pub fn integrate<S, L, H, C>(
    parts: &mut Parts<'_, S, L, H>,
    comp: &mut C,
    a: &mut Arrays<'_>,
    coef: &mut Coefficients,
    io: &mut CallIo<'_>,
    cfg: &RunConfig,
) -> Result<FInt, Interrupt>
where
    S: DaeSystem + ?Sized,
    L: LinearSolver<S>,
    H: EventHook<S>,
    C: Companion<S>,
{
    let nstl = a.ih.get(iw::NST);
    a.ih.set(iw::NSTL, nstl);
    let mut cnt = a.ih.counters();
    let result = run_call(parts, comp, a, coef, io, cfg, &mut cnt, nstl);
    a.ih.store_counters(&cnt);
    result
}

/// The body of [`integrate`], with the counters loaded.
#[allow(clippy::too_many_arguments)]
fn run_call<S, L, H, C>(
    parts: &mut Parts<'_, S, L, H>,
    comp: &mut C,
    a: &mut Arrays<'_>,
    coef: &mut Coefficients,
    io: &mut CallIo<'_>,
    cfg: &RunConfig,
    cnt: &mut Counters,
    nstl: FInt,
) -> Result<FInt, Interrupt>
where
    S: DaeSystem + ?Sized,
    L: LinearSolver<S>,
    H: EventHook<S>,
    C: Companion<S>,
{
    let mut st;
    let mut tn;
    let uround;
    let ready;
    if cfg.first_call {
        uround = UROUND;
        let started = start(parts, comp, a, coef, io, cfg, cnt)?;
        let Some(state) = started else {
            return Ok(4);
        };
        st = state;
        tn = *io.t;
        ready = Ready::Step;
    } else {
        st = BdfState::load(coef, &a.rh, &a.ih);
        uround = a.rh.get(rw::ROUND);
        tn = a.rh.get(rw::TN);
        // A damaged IWORK must not send the order past the PHI columns
        // this layout has (DASKR would read out of bounds).
        st.k = st.k.clamp(1, cfg.maxord);
        st.kold = st.kold.min(cfg.maxord);
        ready = resume(parts, a, io, cfg, &mut st, tn, uround, cnt)?;
    }
    if let Ready::Done(idid) = ready {
        record_return_without_step(&mut a.rh, tn, *io.t, st.h);
        return Ok(idid);
    }
    let mut attempted = !cfg.first_call;
    let result = step_loop(parts, comp, a, io, cfg, &mut st, &mut tn, cnt, nstl, uround, &mut attempted);
    if attempted {
        st.store(&mut a.rh, &mut a.ih);
    } else {
        // A first call that returns before its first step (IDID = -2 at
        // once): as DDASKR, only H changes beyond what `start` stored.
        a.rh.set(rw::H, st.h);
    }
    a.rh.set(rw::TN, tn);
    match result {
        Ok(idid) => {
            a.rh.set(rw::TLAST, *io.t);
            Ok(idid)
        }
        Err(f) => {
            if matches!(f, Interrupt::Step(_)) {
                *io.t = tn;
            }
            Err(f)
        }
    }
}

/// A call answered without a step: TN as it was, TLAST the returned T, H
/// as the continuation tests left it.
fn record_return_without_step(rh: &mut RHeader<'_>, tn: Real, t: Real, h: Real) {
    rh.set(rw::TN, tn);
    rh.set(rw::TLAST, t);
    rh.set(rw::H, h);
}

/// A continuation call that the last step already answers, when the
/// event hook has nothing to do before the continuation tests (no roots;
/// no pending state event) and no companion needs its own output:
/// TOUT within the last step, a step taken since the last return in
/// intermediate-output mode, or TSTOP reached. Returns the IDID with T, Y
/// and Y' set from the history in PHI and the arrays written as
/// [`integrate`] writes them for such a call (NSTL, H limited to HMAX,
/// TLAST), without loading the step's state or building a linear solver:
/// what a call that only interpolates costs. None when the call must
/// step or fails a test; nothing is written then, and [`integrate`]
/// runs the same tests again.
// Inlined into each protocol's call: a call of its own costs an answered
// call about 20 instructions.
#[inline(always)]
pub fn answer_from_history(v: HistoryViews<'_>, io: &mut CallIo<'_>, cfg: &RunConfig) -> Option<FInt> {
    debug_assert!(!cfg.first_call);
    let HistoryViews { mut rh, coef, phi, mut ih } = v;
    let tn = rh.get(rw::TN);
    // KOLD bounded as `run_call` bounds the loaded state's.
    let (kold, psi) = stored_history(coef, &ih);
    let kold = kold.min(cfg.maxord);
    let hist = History { tn, kold, phi, psi };
    let mut h = limit_to_hmax(cfg, rh.get(rw::H));
    let Ok(Ready::Done(idid)) = continuation_tests(cfg, io, tn, &mut h, rh.get(rw::ROUND), &hist) else {
        return None;
    };
    ih.set(iw::NSTL, ih.get(iw::NST));
    record_return_without_step(&mut rh, tn, *io.t, h);
    Some(idid)
}

/// Outcome of the pre-step tests.
enum Ready {
    /// Take steps.
    Step,
    /// The request is already satisfied: return this IDID.
    Done(FInt),
}

fn finite(what: &'static str, value: Real) -> Result<Real, InputError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(InputError::NotFinite { what, value })
    }
}

/// Set WT (reciprocal weights) from `y`, and VT if separate: the user's
/// DDAWTS if it has one, else RTOL*|y|+ATOL (DDAWTS, DINVWT). The error is
/// the 1-based index of a non-positive weight.
pub fn update_weights<S: DaeSystem + ?Sized>(
    sys: &mut S,
    tol: Tolerances<'_>,
    y: &[Real],
    wt: &mut [Real],
    vt: Option<&mut [Real]>,
    id: Option<&[FInt]>,
) -> Result<(), usize> {
    if !sys.error_weights(tol, y, wt) {
        error_weights(tol, y, wt);
    }
    invert_weights(wt).map_err(|e| e.0)?;
    if let (Some(vt), Some(id)) = (vt, id) {
        mask_algebraic(wt, id, vt);
    }
    Ok(())
}

/// The initial step size (DDASKR block 310..330) for the first step.
fn initial_step(cfg: &RunConfig, t: Real, tout: Real, yp: &[Real], vt: &[Real]) -> Result<Real, InputError> {
    let tdist = (tout - t).abs();
    if let Some(h0) = cfg.h0 {
        let h0 = finite("H0", h0)?;
        if (tout - t) * h0 < 0.0 {
            return Err(InputError::ToutBehindT { tout, t });
        }
        if h0 == 0.0 {
            return Err(InputError::H0Zero);
        }
        return Ok(h0);
    }
    let mut h0 = 0.001 * tdist;
    let ypnorm = weighted_rms_norm(yp, vt);
    if ypnorm > 0.5 / h0 {
        h0 = 0.5 / ypnorm;
    }
    Ok(h0.copysign(tout - t))
}

/// Limit |h| to HMAX (INFO(7)).
fn limit_to_hmax(cfg: &RunConfig, h: Real) -> Real {
    if let Some(hmax) = cfg.hmax {
        let rh = h.abs() / hmax;
        if rh > 1.0 {
            return h / rh;
        }
    }
    h
}

/// The first step size, limited by HMAX, and checked against TSTOP.
fn first_step_size(cfg: &RunConfig, a: &Arrays<'_>, io: &CallIo<'_>, check_tstop: bool) -> Result<Real, InputError> {
    let t = *io.t;
    let vt: &[Real] = a.vt.as_deref().unwrap_or(a.wt);
    let mut h0 = limit_to_hmax(cfg, initial_step(cfg, t, io.tout, io.yp, vt)?);
    if let Some(ts) = cfg.tstop {
        if check_tstop {
            if ts == t {
                return Err(InputError::TstopEqualsT { tstop: ts });
            }
            if (ts - t) * h0 < 0.0 {
                return Err(InputError::TstopBehindT { tstop: ts, t });
            }
        }
        if (t + h0 - ts) * h0 > 0.0 {
            h0 = ts - t;
        }
        if check_tstop && (ts - io.tout) * h0 < 0.0 {
            return Err(InputError::TstopBehindTout { tstop: ts, tout: io.tout });
        }
    }
    Ok(h0)
}

/// The first call (DDASKR block 300): weights, constants, the initial step,
/// the initial-condition calculation, the history, the companion's and the
/// hook's start. None: the call ends with IDID = 4 after the initial
/// conditions.
fn start<'c, S, L, H, C>(
    parts: &mut Parts<'_, S, L, H>,
    comp: &mut C,
    a: &mut Arrays<'_>,
    coef: &'c mut Coefficients,
    io: &mut CallIo<'_>,
    cfg: &RunConfig,
    cnt: &mut Counters,
) -> Result<Option<BdfState<'c>>, Interrupt>
where
    S: DaeSystem + ?Sized,
    L: LinearSolver<S>,
    H: EventHook<S>,
    C: Companion<S>,
{
    let t = *io.t;
    let tn = t;
    let n = io.y.len();
    refresh_weights(parts.sys, cfg, a, io, true)?;
    a.rh.set(rw::ROUND, UROUND);
    let hmin = 4.0 * UROUND * t.abs().max(io.tout.abs());
    a.rh.set(rw::EPCON, EPCON);
    let sqrtn = (n as Real).sqrt();
    a.rh.set(rw::SQRTN, sqrtn);
    a.rh.set(rw::RSQRTN, 1.0 / sqrtn);
    if (io.tout - t).abs() < hmin {
        return Err(InputError::ToutTooClose { tout: io.tout, t }.into());
    }
    let mut h0 = first_step_size(cfg, a, io, true)?;
    if let Some(ic) = cfg.initial {
        let done = initial_conditions(parts, a, io, cfg, &ic, &mut h0, cnt);
        if let Err(f) = done {
            if matches!(f, Interrupt::Step(_)) {
                a.rh.set(rw::TN, tn);
                a.rh.set(rw::H, h0);
            }
            return Err(f);
        }
        if ic.stop_after {
            if C::ACTIVE {
                let at = StartPoint { t, y: &mut *io.y, yp: &mut *io.yp, wt: a.wt, h: h0, history: false, uround: UROUND };
                comp.start(parts.sys, at, cnt)?;
            }
            if ic.option == IcOption::AlgebraicAndDerivatives {
                a.rh.set(rw::HOLD, h0);
            }
            a.rh.set(rw::TN, tn);
            a.rh.set(rw::TLAST, t);
            a.rh.set(rw::H, h0);
            return Ok(None);
        }
        // Weights and the initial step again, with the new Y and Y'.
        refresh_weights(parts.sys, cfg, a, io, true)?;
        h0 = first_step_size(cfg, a, io, false)?;
    }
    a.rh.set(rw::H, h0);
    a.phi[..n].copy_from_slice(io.y);
    for (p, &d) in a.phi[n..2 * n].iter_mut().zip(io.yp.iter()) {
        *p = h0 * d;
    }
    // PSI(1..2) as the history has them; written to RWORK once the
    // companion and the hook have started.
    let psi = [h0, 2.0 * h0];
    if C::ACTIVE {
        let at = StartPoint { t, y: &mut *io.y, yp: &mut *io.yp, wt: a.wt, h: h0, history: true, uround: UROUND };
        comp.start(parts.sys, at, cnt)?;
    }
    {
        let mut cx = HookContext {
            hist: History { tn, kold: 1, phi: a.phi, psi: &psi },
            wt: a.wt,
            t,
            tout: io.tout,
            uround: UROUND,
            y: &mut *io.y,
            yp: &mut *io.yp,
            cnt,
        };
        parts.hook.at_start(parts.sys, &mut cx)?;
    }
    // What DDASKR itself has written by now: H, PSI(1..2) and KOLD. The
    // rest of the method's state (K, HOLD, CJ, ...) is set by the first
    // step; until then the work arrays keep the caller's values.
    let mut st = BdfState::fresh(coef, h0);
    st.psi[..2].copy_from_slice(&psi);
    st.kold = 1;
    a.ih.set(iw::KOLD, st.kold as FInt);
    Ok(Some(st))
}

/// Weights from the caller's Y (and VT when `with_vt`); a non-positive
/// weight is illegal input here.
fn refresh_weights<S: DaeSystem + ?Sized>(
    sys: &mut S,
    cfg: &RunConfig,
    a: &mut Arrays<'_>,
    io: &CallIo<'_>,
    with_vt: bool,
) -> Result<(), InputError> {
    let tol = io.tol.view(cfg.vector_tolerances);
    let (vt, id) = if with_vt && cfg.exclude_algebraic { (a.vt.as_deref_mut(), a.id) } else { (None, None) };
    update_weights(sys, tol, io.y, a.wt, vt, id).map_err(|i| InputError::WeightNotPositive { index: i as FInt })
}

/// The initial-condition block of DDASKR (labels 340..355): two passes of
/// the calculation, the second with weights from the improved Y.
fn initial_conditions<S, L, H>(
    parts: &mut Parts<'_, S, L, H>,
    a: &mut Arrays<'_>,
    io: &mut CallIo<'_>,
    cfg: &RunConfig,
    ic: &IcRequest,
    h0: &mut Real,
    cnt: &mut Counters,
) -> Result<(), Interrupt>
where
    S: DaeSystem + ?Sized,
    L: LinearSolver<S>,
{
    let n = io.y.len();
    if !ic.controls_given {
        a.rh.set(rw::EPINIT, 0.01);
        a.rh.set(rw::STPTOL, UROUND.powf(0.6667));
    }
    let controls = IcControls {
        max_iterations: a.ih.get(iw::MXNIT).max(1) as usize,
        max_jacobians: a.ih.get(iw::MXNJ).max(1) as usize,
        max_h_values: a.ih.get(iw::MXNH).max(1) as usize,
        line_search_off: a.ih.get(iw::LSOFF) == 1,
        step_tolerance: a.rh.get(rw::STPTOL),
        epinit: a.rh.get(rw::EPINIT),
    };
    // The stopping test is scaled by the interval when every variable is
    // differential (DASKR's INDEX = 0).
    let all_differential = a.id.is_some_and(|id| id.iter().all(|&d| d == 1));
    let params = IcParams {
        option: ic.option,
        t: *io.t,
        tscale: if all_differential { (io.tout - *io.t).abs() } else { 0.0 },
        epcon: controls.epinit * EPCON,
        uround: UROUND,
        controls,
        print_level: ic.print_level,
    };
    // DASKR lends PHI's columns 1..4 as scratch; with fewer columns (Krylov
    // with MAXORD < 3) the trial point gets its own.
    let ncphi = a.phi.len() / n.max(1);
    let mut own = vec![0.0; if ncphi >= 4 { 0 } else { 2 * n }];
    for pass in 0..2 {
        if pass == 1 {
            refresh_weights(parts.sys, cfg, a, io, false)?;
        }
        let (saved, rest) = a.phi.split_at_mut(2 * n);
        let (save_y, save_yp) = saved.split_at_mut(n);
        let trial: &mut [Real] = if ncphi >= 4 { &mut rest[..2 * n] } else { &mut own };
        let (y_new, yp_new) = trial.split_at_mut(n);
        let mut v = IcVectors {
            y: &mut *io.y,
            yp: &mut *io.yp,
            id: a.id,
            constraints: a.constraints,
            rwt: &mut *a.wt,
            delta: &mut *a.delta,
            r: &mut *a.e,
            save_y,
            save_yp,
            y_new,
            yp_new,
        };
        let done = compute_initial_conditions(parts.sys, parts.lin, &mut v, &params, h0, pass == 1, cnt, parts.sink);
        if let Err(IcFailure::Failed | IcFailure::Stop) = done {
            return Err(StepFailure::InitialConditions { t: *io.t, h: *h0 }.into());
        }
    }
    Ok(())
}

/// A continuation call (DDASKR block 400): the hook's pending events, then
/// the tests that may already satisfy the request from the last step.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn resume<S, L, H>(
    parts: &mut Parts<'_, S, L, H>,
    a: &mut Arrays<'_>,
    io: &mut CallIo<'_>,
    cfg: &RunConfig,
    st: &mut BdfState,
    tn: Real,
    uround: Real,
    cnt: &mut Counters,
) -> Result<Ready, Interrupt>
where
    S: DaeSystem + ?Sized,
    L: LinearSolver<S>,
    H: EventHook<S>,
{
    let pending = if parts.hook.idle() {
        None
    } else {
        let mut cx = HookContext {
            hist: History { tn, kold: st.kold, phi: a.phi, psi: &st.psi[..] },
            wt: a.wt,
            t: *io.t,
            tout: io.tout,
            uround,
            y: &mut *io.y,
            yp: &mut *io.yp,
            cnt,
        };
        parts.hook.on_continuation(parts.sys, &mut cx)?
    };
    if let Some(stop) = pending {
        *io.t = stop.t;
        return Ok(Ready::Done(stop.idid));
    }
    st.h = limit_to_hmax(cfg, st.h);
    let hist = History { tn, kold: st.kold, phi: a.phi, psi: &st.psi[..] };
    let ready = continuation_tests(cfg, io, tn, &mut st.h, uround, &hist)?;
    a.rh.set(rw::H, st.h);
    Ok(ready)
}

/// Continuation-call stop tests before stepping (DDASKR 405..460): the
/// request may already be satisfied by interpolation within the last step.
#[inline(always)]
fn continuation_tests(
    cfg: &RunConfig,
    io: &mut CallIo<'_>,
    tn: Real,
    h: &mut Real,
    uround: Real,
    hist: &History<'_>,
) -> Result<Ready, InputError> {
    let (t, tout) = (*io.t, io.tout);
    if t == tout {
        return Err(InputError::ToutEqualsT { tout, t });
    }
    if (t - tout) * *h > 0.0 {
        return Err(InputError::ToutBehindT { tout, t });
    }
    let h0 = *h;
    // Interval mode: done if TOUT was passed; intermediate mode: done if a
    // step was taken since the last return.
    let satisfied = if cfg.intermediate_output {
        if (tn - t) * h0 <= 0.0 {
            None
        } else if (tn - tout) * h0 >= 0.0 {
            Some((tout, 3))
        } else {
            Some((tn, 1))
        }
    } else if (tn - tout) * h0 < 0.0 {
        None
    } else {
        Some((tout, 3))
    };
    if let Some(ts) = cfg.tstop {
        if (tn - ts) * h0 > 0.0 {
            return Err(InputError::TstopBehindT { tstop: ts, t });
        }
        if (ts - tout) * h0 < 0.0 {
            return Err(InputError::TstopBehindTout { tstop: ts, tout });
        }
    }
    if let Some((to, idid)) = satisfied {
        hist.at(to, io.y, io.yp);
        *io.t = to;
        return Ok(Ready::Done(idid));
    }
    if let Some(ts) = cfg.tstop {
        if (tn - ts).abs() <= 100.0 * uround * (tn.abs() + h0.abs()) {
            hist.at(ts, io.y, io.yp);
            *io.t = ts;
            return Ok(Ready::Done(2));
        }
        if (tn + h0 - ts) * h0 > 0.0 {
            *h = ts - tn;
        }
    }
    Ok(Ready::Step)
}

/// The step loop (DDASKR block 500): budget, weights, accuracy and HMIN
/// tests, one step, the hook, the stop tests.
#[allow(clippy::too_many_arguments)]
fn step_loop<S, L, H, C>(
    parts: &mut Parts<'_, S, L, H>,
    comp: &mut C,
    a: &mut Arrays<'_>,
    io: &mut CallIo<'_>,
    cfg: &RunConfig,
    st: &mut BdfState,
    tn: &mut Real,
    cnt: &mut Counters,
    nstl: FInt,
    uround: Real,
    attempted: &mut bool,
) -> Result<FInt, Interrupt>
where
    S: DaeSystem + ?Sized,
    L: LinearSolver<S>,
    H: EventHook<S>,
    C: Companion<S>,
{
    let call_start = *cnt;
    let mut nwarn = 0;
    let mut first_step = cfg.first_call;
    let CallIo { t, y, yp, tout, tol: tols } = io;
    let tout = *tout;
    // Read every step; written only by the return with IDID = -2.
    let tol = tols.view(cfg.vector_tolerances);
    // Asked once: without weights of its own, the problem is not called
    // for them at every step.
    let own_weights = parts.sys.may_set_error_weights();
    // The views every step works on, formed once for the call.
    let mut sv = StepVectors {
        c: CorrectorVectors { y, yp, wt: &mut *a.wt, phi: &mut *a.phi, delta: &mut *a.delta, e: &mut *a.e },
        vt: a.vt.as_deref_mut(),
    };
    let mut sc =
        StepConfig { hmin: 0.0, uround, epcon: EPCON, maxord: cfg.maxord, nonneg: cfg.nonneg, bounds: a.bounds };
    loop {
        if cnt.nst.wrapping_sub(nstl) >= MAX_STEPS_PER_CALL {
            return Err(StepFailure::TooMuchWork { t: *tn }.into());
        }
        let progress = Progress { now: cnt, call_start: &call_start, steps: cnt.nst.wrapping_sub(nstl), tn: *tn };
        parts.lin.warn_if_slow(&progress, &mut nwarn, parts.sink);
        let vt = if cfg.exclude_algebraic { sv.vt.as_deref_mut() } else { None };
        let Ok(phi1_max) = step_weights(parts.sys, own_weights, tol, &mut sv.c, vt, a.id) else {
            return Err(StepFailure::WeightVanished { t: *tn }.into());
        };
        if C::ACTIVE && !comp.weights(tol, a.id, cfg.exclude_algebraic) {
            return Err(StepFailure::WeightVanished { t: *tn }.into());
        }
        let n = sv.c.y.len();
        if let Some(r) = accuracy_exceeded(&sv.c.phi[..n], sv.c.wt, phi1_max, uround) {
            return Err(too_much_accuracy(cfg, tols, n, *tn, r));
        }
        sc.hmin = 4.0 * uround * tn.abs().max(tout.abs());
        st.h = limit_to_hmax(cfg, st.h);
        *attempted = true;
        if first_step {
            st.clear_coefficients();
        }
        let stepped = take_step(parts.sys, parts.lin, comp, st, cnt, tn, &mut sv, &sc, first_step);
        first_step = false;
        if let Err(e) = stepped {
            return Err(e.at(*tn, st.h).into());
        }
        // A successful step: the hook, then the stop tests.
        let c = &mut sv.c;
        let hist = History { tn: *tn, kold: st.kold, phi: c.phi, psi: &st.psi[..] };
        let event = if parts.hook.idle() {
            None
        } else {
            let mut cx =
                HookContext { hist, wt: c.wt, t: **t, tout, uround, y: &mut *c.y, yp: &mut *c.yp, cnt: &mut *cnt };
            parts.hook.after_step(parts.sys, &mut cx)?
        };
        if let Some(stop) = event {
            **t = stop.t;
            return Ok(stop.idid);
        }
        let out = Output { t, tout, y: &mut *c.y, yp: &mut *c.yp };
        if let Some(idid) = stop_after_step(cfg, out, st, *tn, uround, c.phi) {
            return Ok(idid);
        }
    }
}

/// The weights for the next step, from PHI(:,1) (= y at TN), and the
/// largest |PHI(i,1)·WT(i)|, the first pass of PHI(:,1)'s weighted norm
/// for the accuracy test ([`accuracy_exceeded`]). DASKR's own weights
/// come in one pass with it; the user's DDAWTS weights (asked for if
/// `own_weights`) are inverted and measured separately. Err: a weight
/// <= 0.
#[inline(always)]
fn step_weights<S: DaeSystem + ?Sized>(
    sys: &mut S,
    own_weights: bool,
    tol: Tolerances<'_>,
    c: &mut CorrectorVectors<'_>,
    vt: Option<&mut [Real]>,
    id: Option<&[FInt]>,
) -> Result<Real, ()> {
    let n = c.y.len();
    let phi1 = &c.phi[..n];
    let vmax = if own_weights && sys.error_weights(tol, phi1, c.wt) {
        programs_weights_max(phi1, c.wt)?
    } else {
        inverse_error_weights_max(tol, phi1, c.wt).map_err(|_| ())?
    };
    if let (Some(vt), Some(id)) = (vt, id) {
        mask_algebraic(c.wt, id, vt);
    }
    Ok(vmax)
}

/// DDASKR's test for too much accuracy requested before a step: R =
/// 100·UROUND·‖PHI(:,1)‖ (the weighted RMS norm), returned when R > 1.
///
/// The norm never exceeds `vmax`, the largest |PHI(i,1)·WT(i)| over
/// its finite terms: every quotient of its sum of squares is at most 1,
/// so the sum is at most NEQ, the mean at most 1, its square root at
/// most 1; and rounding is monotonic, so each of those bounds holds for
/// the computed values and R never exceeds 100·UROUND·vmax computed the
/// same way. While that bound is at most 1, R is not needed: the test
/// passes as it would with it (a NaN R passes too), and the norm's pass
/// over PHI(:,1), a division per component and a square root at the end
/// of a chain every step waits on, is skipped. Otherwise R is computed
/// exactly as before.
#[inline(always)]
fn accuracy_exceeded(phi1: &[Real], wt: &[Real], vmax: Real, uround: Real) -> Option<Real> {
    if vmax * 100.0 * uround <= 1.0 {
        return None;
    }
    let r = rms_given_max(phi1, wt, vmax) * 100.0 * uround;
    (r > 1.0).then_some(r)
}

/// The program's own weights (its DDAWTS) inverted, and the largest
/// |PHI(:,1)|·WT. Out of line: inlined into the step loop, its vector
/// loop's set-up is hoisted ahead of the loop and paid on every call,
/// although only a program with its own DDAWTS takes this path.
#[inline(never)]
fn programs_weights_max(phi1: &[Real], wt: &mut [Real]) -> Result<Real, ()> {
    invert_weights(wt).map_err(|_| ())?;
    Ok(phi1.iter().zip(wt.iter()).fold(0.0, |m, (&p, &w)| fold_max(m, p * w)))
}

/// IDID = -2: RTOL and ATOL are scaled up by `r`, as DASKR does.
#[cold]
#[inline(never)]
fn too_much_accuracy(cfg: &RunConfig, tol: &mut ToleranceArrays<'_>, n: usize, tn: Real, r: Real) -> Interrupt {
    tol.scale(if cfg.vector_tolerances { n } else { 1 }, r);
    StepFailure::TooMuchAccuracy { t: tn, factor: r }.into()
}

/// Where a return puts T, Y and Y'.
struct Output<'a> {
    t: &'a mut Real,
    tout: Real,
    y: &'a mut [Real],
    yp: &'a mut [Real],
}

/// The stop tests after an accepted step (DDASKR block 510..540): TSTOP
/// reached, TOUT passed, one-step mode; also shortens the next step so
/// it ends at TSTOP.
#[inline(always)]
fn stop_after_step(
    cfg: &RunConfig,
    out: Output<'_>,
    st: &mut BdfState,
    tn: Real,
    uround: Real,
    phi: &[Real],
) -> Option<FInt> {
    let hist = History { tn, kold: st.kold, phi, psi: &st.psi[..] };
    let tout = out.tout;
    if let Some(ts) = cfg.tstop {
        if (tn - ts).abs() <= 100.0 * uround * (tn.abs() + st.h.abs()) {
            hist.at(ts, out.y, out.yp);
            *out.t = ts;
            return Some(2);
        }
    }
    if (tn - tout) * st.h >= 0.0 {
        hist.at(tout, out.y, out.yp);
        *out.t = tout;
        return Some(3);
    }
    if cfg.intermediate_output {
        *out.t = tn;
        return Some(1);
    }
    if let Some(ts) = cfg.tstop {
        let tnext = tn + st.h;
        if (tnext - ts) * st.h > 0.0 {
            st.h = ts - tn;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::companion::NoCompanion;
    use crate::core::hook::Stop;
    use crate::core::layout::{Layout, LayoutInput, Method};
    use crate::core::linsol::direct::{DirectSolver, JacobianSource, MatrixFormat};
    use crate::core::messages::CollectMessages;
    use crate::core::test_problems::{Robertson, Tridiagonal};

    /// A dense, difference-quotient direct run owning its arrays.
    struct Run {
        layout: Layout,
        rwork: Vec<Real>,
        iwork: Vec<FInt>,
        t: Real,
        y: Vec<Real>,
        yp: Vec<Real>,
        rtol: Vec<Real>,
        atol: Vec<Real>,
        first: bool,
    }

    impl Run {
        fn new(y: &[Real], yp: &[Real], rtol: &[Real], atol: &[Real], id: bool) -> Self {
            let n = y.len();
            let method = Method::Direct { format: MatrixFormat::Dense, source: JacobianSource::DifferenceQuotients };
            let layout = Layout::compute(&LayoutInput {
                neq: n as FInt,
                nrt: 0,
                maxord: 5,
                method,
                constraints_in_iwork: false,
                id_in_iwork: id,
                separate_vt: false,
            })
            .unwrap();
            let (rwork, iwork) = (vec![0.0; layout.lenrw], vec![0; layout.leniw]);
            Run {
                layout,
                rwork,
                iwork,
                t: 0.0,
                y: y.to_vec(),
                yp: yp.to_vec(),
                rtol: rtol.to_vec(),
                atol: atol.to_vec(),
                first: true,
            }
        }

        fn config(&self, initial: Option<IcRequest>) -> RunConfig {
            RunConfig {
                first_call: self.first,
                intermediate_output: false,
                tstop: None,
                hmax: None,
                h0: None,
                maxord: 5,
                nonneg: false,
                exclude_algebraic: false,
                vector_tolerances: self.rtol.len() > 1,
                initial,
            }
        }

        fn to<S: DaeSystem, H: EventHook<S>>(
            &mut self,
            sys: &mut S,
            hook: &mut H,
            tout: Real,
            ic: Option<IcRequest>,
        ) -> Result<FInt, Interrupt> {
            let cfg = self.config(ic);
            let n = self.layout.neq;
            let (rv, iv) = (self.layout.split_rwork(&mut self.rwork), self.layout.split_iwork(&mut self.iwork));
            let (mut a, coef, rest) = Arrays::from_ddaskr(rv, iv);
            let mut io = CallIo {
                t: &mut self.t,
                y: &mut self.y,
                yp: &mut self.yp,
                tout,
                tol: ToleranceArrays::Separate { rtol: &mut self.rtol, atol: &mut self.atol },
            };
            let Method::Direct { format, source } = self.layout.method else { unreachable!() };
            let mut lin = DirectSolver::new(format, source, n, rest.wm, rest.pivots);
            let mut sink = CollectMessages::default();
            let r = integrate(&mut Parts { sys, lin: &mut lin, hook, sink: &mut sink }, &mut NoCompanion, &mut a, coef, &mut io, &cfg);
            self.first = false;
            r
        }

        fn counter(&self, pos: usize) -> FInt {
            self.iwork[pos - 1]
        }
    }

    /// Counts the hook calls.
    #[derive(Default)]
    struct CountingHook {
        starts: usize,
        continuations: usize,
        steps: usize,
    }

    impl<S: DaeSystem + ?Sized> EventHook<S> for CountingHook {
        fn at_start(&mut self, _: &mut S, _: &mut HookContext<'_, '_>) -> Result<(), Interrupt> {
            self.starts += 1;
            Ok(())
        }
        fn on_continuation(&mut self, _: &mut S, _: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt> {
            self.continuations += 1;
            Ok(None)
        }
        fn after_step(&mut self, _: &mut S, _: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt> {
            self.steps += 1;
            Ok(None)
        }
    }

    #[test]
    fn robertson_reaches_the_reference_solution() {
        let mut run = Run::new(&[1.0, 0.0, 0.0], &[-0.04, 0.04, 0.0], &[1e-6], &[1e-10], false);
        let mut hook = CountingHook::default();
        // Reference values (Hairer & Wanner) at t = 0.4 and 40.
        for (tout, want) in [(0.4, [9.8517e-01, 3.3864e-05, 1.4796e-02]), (40.0, [7.1583e-01, 9.1855e-06, 2.8416e-01])]
        {
            assert_eq!(run.to(&mut Robertson, &mut hook, tout, None), Ok(3));
            assert_eq!(run.t, tout);
            for (got, want) in run.y.iter().zip(want) {
                assert!((got - want).abs() <= 1e-3 * want, "y({tout}) = {:?}", run.y);
            }
        }
        let nst = run.counter(iw::NST) as usize;
        assert!(nst > 20);
        assert_eq!((hook.starts, hook.continuations, hook.steps), (1, 1, nst));
    }

    /// The accuracy test decides and reports as the full norm does: over
    /// vectors whose R straddles 1 (and with zeros, Inf and NaN among
    /// their terms), the same outcome and, when it fails, the same R.
    #[test]
    fn the_accuracy_test_without_the_norm_decides_as_with_it() {
        let mut rng = crate::core::test_problems::Lcg(0x2545_F491_4F6C_DD1D);
        let (mut skipped, mut failed) = (0, 0);
        for case in 0..20_000 {
            // R near 1: PHI(:,1) of about 1/(100*UROUND), spread so that
            // the norm is anywhere from a fraction of the largest term up
            // to it.
            let scale = (0.3 + 3.0 * rng.uniform()) / (100.0 * UROUND);
            let (phi, wt, vmax) = crate::core::test_problems::weighted_case(&mut rng, case, 50, scale);
            let full = rms_given_max(&phi, &wt, vmax) * 100.0 * UROUND;
            let expected = (full > 1.0).then_some(full);
            let got = accuracy_exceeded(&phi, &wt, vmax, UROUND);
            assert_eq!(got.map(Real::to_bits), expected.map(Real::to_bits), "case {case}: {phi:?} {wt:?}");
            skipped += usize::from(vmax * 100.0 * UROUND <= 1.0);
            failed += usize::from(got.is_some());
        }
        // Each way occurs: the norm skipped, computed and passing,
        // computed and failing.
        let computed_passed = 20_000 - skipped - failed;
        assert!(skipped > 2000 && computed_passed > 2000 && failed > 500, "{skipped} {computed_passed} {failed}");
    }

    #[test]
    fn initial_conditions_of_a_linear_dae_stop_with_idid_4() {
        // y' = -K y from an inconsistent y' (given y): option 2 would move
        // y; option 1 with every component differential moves only y'.
        let n = 5;
        let y0: Vec<Real> = (0..n).map(|i| 1.0 / (1.0 + i as Real)).collect();
        let mut run = Run::new(&y0, &vec![0.0; n], &[1e-8], &[1e-10], true);
        {
            let l = run.layout.clone();
            let iv = l.split_iwork(&mut run.iwork);
            let mut ih = iv.header;
            for (pos, v) in [(iw::MXNIT, 5), (iw::MXNJ, 6), (iw::MXNH, 5), (iw::LSOFF, 0)] {
                ih.set(pos, v);
            }
            let id = l.id.unwrap();
            run.iwork[id..id + n].fill(1);
        }
        let ic = IcRequest {
            option: IcOption::AlgebraicAndDerivatives,
            stop_after: true,
            controls_given: false,
            print_level: 0,
        };
        let mut sys = Tridiagonal { n };
        assert_eq!(run.to(&mut sys, &mut CountingHook::default(), 1.0, Some(ic)), Ok(4));
        // Consistent: y' = -K y, y unchanged.
        let mut g = vec![0.0; n];
        sys.residual(0.0, &run.y, &run.yp, 0.0, &mut g);
        assert!(g.iter().all(|r| r.abs() < 1e-8), "residual {g:?}");
        assert_eq!(run.y, y0);
    }
}
