//! One DDASKR call: input checks, the first-call set-up, the continuation
//! checks, the step loop with its stop tests and root checks, and the
//! error returns (the body of DDASKR).
//!
//! All state that must survive between calls is read from and written back
//! to the caller's RWORK/IWORK; nothing is kept anywhere else.

use super::error::{InputError, StepFailure};
use super::initial::{
    compute_initial_conditions, IcControls, IcCounters, IcLinear, IcOption, IcParams, IcVectors, KrylovIc,
};
use super::interpolate::interpolate;
use super::jacobian::IterationMatrix;
use super::krylov::{KrylovDims, KrylovWorkspace};
use super::layout::{iw, rw, IHeader, Layout, LayoutInput, MatrixKind, RHeader};
use super::messages::{MessageLine, MessageSink};
use super::norms::{error_weights, invert_weights, mask_algebraic, weighted_rms_norm, Tolerances};
use super::options::Options;
use super::problem::DaeSystem;
use super::roots::{check_roots, History, RootCheck, RootOutcome, RootState, RootsIllDefined, SearchArrays};
use super::stepper::{take_step, BdfState, Counters, LinearSystem, StepConfig, StepError, StepVectors};
use crate::types::{FInt, Real};

/// Steps allowed per call before IDID = -1.
pub const MAX_STEPS_PER_CALL: FInt = 500;
/// Newton convergence constant EPCON.
pub const EPCON: Real = 0.33;
/// Unit roundoff (D1MACH(4)).
pub const UROUND: Real = f64::EPSILON;

/// The arguments of one DDASKR call as checked slices. The FFI layer
/// builds the slices with lengths NEQ (Y, YPRIME), 1 or NEQ (RTOL, ATOL,
/// by INFO(2)), LRW, LIW and NRT (JROOT); `lrw`, `liw` are the declared
/// lengths as passed (possibly negative).
pub struct CallArgs<'a> {
    pub neq: FInt,
    pub t: &'a mut Real,
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    pub tout: Real,
    pub info: &'a mut [FInt],
    pub rtol: &'a mut [Real],
    pub atol: &'a mut [Real],
    pub idid: &'a mut FInt,
    pub rwork: &'a mut [Real],
    pub lrw: FInt,
    pub iwork: &'a mut [FInt],
    pub liw: FInt,
    pub nrt: FInt,
    pub jroot: &'a mut [FInt],
}

/// Why a call ended without completing its task.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Interrupt {
    /// Illegal input (IDID = -33).
    #[error("illegal input: {0}")]
    Input(#[from] InputError),
    /// The integration was interrupted (IDID = -1 .. -14).
    #[error("integration interrupted: {0}")]
    Step(#[from] StepFailure),
}

impl Interrupt {
    pub fn idid(&self) -> FInt {
        match self {
            Interrupt::Input(_) => -33,
            Interrupt::Step(f) => f.idid(),
        }
    }
}

/// Run one DDASKR call. Messages go to `sink`; IDID, INFO(1), T, Y, Y'
/// and the work arrays are updated as DDASKR does. The returned value
/// repeats the outcome in typed form (Ok(IDID) for IDID > 0).
pub fn ddaskr<S: DaeSystem + ?Sized>(
    args: &mut CallArgs<'_>,
    sys: &mut S,
    sink: &mut dyn MessageSink,
) -> Result<FInt, Interrupt> {
    let info1 = args.info.first().copied().unwrap_or(0);
    let outcome = if info1 == -1 {
        // The last call failed and the caller did not acknowledge it.
        Err(Interrupt::Input(InputError::NoActionAfterFailure { idid: *args.idid }))
    } else {
        run(args, sys, sink)
    };
    match &outcome {
        Ok(idid) => *args.idid = *idid,
        Err(e) => {
            sink.emit(&match e {
                Interrupt::Input(i) => i.message(),
                Interrupt::Step(f) => f.message(),
            });
            if let Some(i1) = args.info.first_mut() {
                *i1 = -1;
            }
            *args.idid = e.idid();
        }
    }
    outcome
}

/// Read IWORK(pos) if it exists (inputs are read before the lengths are
/// known to be sufficient, so reads must not assume them).
fn iget_h(h: &IHeader<'_>, pos: usize) -> usize {
    usize::try_from(h.get(pos)).unwrap_or(0)
}
fn iget(iwork: &[FInt], pos: usize) -> FInt {
    iwork.get(pos - 1).copied().unwrap_or(0)
}
fn rget(rwork: &[Real], pos: usize) -> Real {
    rwork.get(pos - 1).copied().unwrap_or(0.0)
}

fn finite(what: &'static str, value: Real) -> Result<Real, InputError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(InputError::NotFinite { what, value })
    }
}

/// The layout as decided on the first call and recorded in IWORK.
fn layout_input(opts: &Options, neq: FInt, nrt: FInt, iwork: &[FInt], first: bool) -> Result<LayoutInput, InputError> {
    let maxord = if first {
        if opts.use_maxord {
            let m = iget(iwork, iw::MAXORD);
            if !(1..=5).contains(&m) {
                return Err(InputError::MaxordOutOfRange { maxord: m });
            }
            m as usize
        } else {
            5
        }
    } else {
        iget(iwork, iw::MAXORD).clamp(1, 5) as usize
    };
    let (banded, dq) = if first {
        (opts.banded, !opts.user_jacobian)
    } else {
        let mtype = iget(iwork, iw::MTYPE);
        (mtype >= 4, mtype == 2 || mtype == 5)
    };
    let matrix = if opts.krylov {
        MatrixKind::Krylov
    } else if banded {
        let (ml, mu) = (iget(iwork, iw::ML), iget(iwork, iw::MU));
        if first {
            if ml < 0 || ml >= neq {
                return Err(InputError::MlIllegal { ml });
            }
            if mu < 0 || mu >= neq {
                return Err(InputError::MuIllegal { mu });
            }
        }
        MatrixKind::Band { ml: ml.max(0) as usize, mu: mu.max(0) as usize }
    } else {
        MatrixKind::Dense
    };
    let (constraints_in_iwork, id_in_iwork) = if first {
        (opts.constraints_in_iwork(), opts.id_in_iwork())
    } else {
        (iget(iwork, iw::LID) > iw::ICNS as FInt, iget(iwork, iw::LENID) > 0)
    };
    let (maxl, kmp, lenwp, leniwp) = if opts.krylov {
        let k = krylov_settings(opts, neq, iwork, &[], first)?;
        (k.maxl, k.kmp, k.lenwp, k.leniwp)
    } else {
        (0, 0, 0, 0)
    };
    Ok(LayoutInput {
        neq,
        nrt,
        maxord,
        matrix,
        dq_jacobian: dq,
        constraints_in_iwork,
        id_in_iwork,
        separate_vt: opts.exclude_algebraic,
        maxl,
        kmp,
        lenwp,
        leniwp,
    })
}

/// The Krylov method's parameters (INFO(12)=1): MAXL, KMP, NRMAX, EPLI
/// (defaults unless INFO(13)=1) and the user work lengths LENWP, LENIWP.
#[derive(Clone, Copy, Debug)]
struct KrylovSettings {
    maxl: usize,
    kmp: usize,
    nrmax: usize,
    epli: Real,
    lenwp: usize,
    leniwp: usize,
}

/// Decode (and on the first call check) the Krylov parameters. With an
/// empty `rwork` EPLI is not read (the layout does not need it).
fn krylov_settings(
    opts: &Options,
    neq: FInt,
    iwork: &[FInt],
    rwork: &[Real],
    first: bool,
) -> Result<KrylovSettings, InputError> {
    let lenwp = iget(iwork, iw::LENWP);
    let leniwp = iget(iwork, iw::LENIWP);
    if lenwp < 0 || leniwp < 0 {
        return Err(InputError::WorkLengthNegative { lenwp, leniwp });
    }
    let (maxl, kmp, nrmax, epli) = if first && !opts.krylov_parameters {
        let maxl = neq.clamp(1, 5);
        (maxl, maxl, 5, 0.05)
    } else {
        let (maxl, kmp, nrmax) = (iget(iwork, iw::MAXL), iget(iwork, iw::KMP), iget(iwork, iw::NRMAX));
        let epli = if rwork.is_empty() { 0.5 } else { rget(rwork, rw::EPLI) };
        if maxl < 1 || maxl > neq {
            return Err(InputError::MaxlIllegal { maxl });
        }
        if kmp < 1 || kmp > maxl {
            return Err(InputError::KmpIllegal { kmp });
        }
        if nrmax < 0 {
            return Err(InputError::NrmaxIllegal { nrmax });
        }
        if !(epli > 0.0 && epli < 1.0) {
            return Err(InputError::EpliIllegal { epli });
        }
        (maxl, kmp, nrmax, epli)
    };
    Ok(KrylovSettings {
        maxl: maxl as usize,
        kmp: kmp as usize,
        nrmax: nrmax as usize,
        epli,
        lenwp: lenwp as usize,
        leniwp: leniwp as usize,
    })
}

/// Compute the layout and check the declared lengths; reports LENIW and
/// LENRW in IWORK(17..18) when those slots exist.
fn checked_layout(inp: &LayoutInput, args: &mut CallArgs<'_>) -> Result<Layout, InputError> {
    let layout = Layout::compute(inp).map_err(|_| InputError::LengthOverflow { neq: args.neq })?;
    if args.iwork.len() >= iw::LENRW {
        args.iwork[iw::LENIW - 1] = layout.leniw as FInt;
        args.iwork[iw::LENRW - 1] = layout.lenrw as FInt;
    }
    if args.rwork.len() < layout.lenrw {
        return Err(InputError::RworkTooShort { needed: layout.lenrw as FInt, given: args.lrw });
    }
    if args.iwork.len() < layout.leniw {
        return Err(InputError::IworkTooShort { needed: layout.leniw as FInt, given: args.liw });
    }
    Ok(layout)
}

/// Check Y against the sign constraints ICNSTR (DCNST0); the error is the
/// first violated component (1-based). A NaN component counts as a
/// violation (the negated comparisons are deliberate).
#[allow(clippy::neg_cmp_op_on_partial_ord)]
fn constraint_violation(y: &[Real], icnstr: &[FInt]) -> Option<usize> {
    y.iter()
        .zip(icnstr)
        .position(|(&yi, &c)| match c {
            2 => !(yi > 0.0),
            1 => !(yi >= 0.0),
            -1 => !(yi <= 0.0),
            -2 => !(yi < 0.0),
            _ => false,
        })
        .map(|i| i + 1)
}

/// The caller's RWORK split into its segments.
struct RViews<'a> {
    header: RHeader<'a>,
    delta: &'a mut [Real],
    /// SAVR (Krylov only; empty for the direct methods).
    savr: &'a mut [Real],
    e: &'a mut [Real],
    wt: &'a mut [Real],
    vt: Option<&'a mut [Real]>,
    phi: &'a mut [Real],
    r0: &'a mut [Real],
    r1: &'a mut [Real],
    rx: &'a mut [Real],
    wm: &'a mut [Real],
}

fn split_rwork<'a>(rwork: &'a mut [Real], l: &Layout) -> RViews<'a> {
    let n = l.neq;
    let (header, rest) = rwork[..l.lenrw].split_at_mut(rw::HEADER);
    let (delta, rest) = rest.split_at_mut(n);
    let (savr, rest) = rest.split_at_mut(l.e - l.delta - n);
    let (e, rest) = rest.split_at_mut(n);
    let (wt, rest) = rest.split_at_mut(n);
    let (vt, rest) = if l.vt != l.wt {
        let (v, r) = rest.split_at_mut(n);
        (Some(v), r)
    } else {
        (None, rest)
    };
    let (phi, rest) = rest.split_at_mut(l.ncphi * n);
    let (r0, rest) = rest.split_at_mut(l.nrt);
    let (r1, rest) = rest.split_at_mut(l.nrt);
    let (rx, wm) = rest.split_at_mut(l.nrt);
    RViews { header: RHeader(header), delta, savr, e, wt, vt, phi, r0, r1, rx, wm }
}

/// The caller's IWORK split into its segments.
struct IViews<'a> {
    header: IHeader<'a>,
    icnstr: Option<&'a [FInt]>,
    id: Option<&'a [FInt]>,
    pivots: &'a mut [FInt],
}

fn split_iwork<'a>(iwork: &'a mut [FInt], l: &Layout) -> IViews<'a> {
    let (header, rest) = iwork[..l.leniw].split_at_mut(iw::HEADER);
    let (icnstr, rest) = match l.icns {
        Some(_) => {
            let (c, r) = rest.split_at_mut(l.neq);
            (Some(&*c), r)
        }
        None => (None, rest),
    };
    let (id, pivots) = match l.id {
        Some(_) => {
            let (id, p) = rest.split_at_mut(l.neq);
            (Some(&*id), p)
        }
        None => (None, rest),
    };
    IViews { header: IHeader(header), icnstr, id, pivots }
}

/// Validate RTOL/ATOL (block 200 of DDASKR, plus finiteness).
fn check_tolerances(opts: &Options, args: &CallArgs<'_>) -> Result<(), InputError> {
    let n = if opts.vector_tolerances { args.y.len() } else { 1 };
    let mut nonzero = false;
    for i in 0..n {
        let (r, a) = (args.rtol[i], args.atol[i]);
        if !r.is_finite() || !a.is_finite() {
            return Err(InputError::ToleranceNotFinite);
        }
        if r > 0.0 || a > 0.0 {
            nonzero = true;
        }
        if r < 0.0 {
            return Err(InputError::RtolNegative);
        }
        if a < 0.0 {
            return Err(InputError::AtolNegative);
        }
    }
    if nonzero {
        Ok(())
    } else {
        Err(InputError::AllTolerancesZero)
    }
}

/// First-call checks that need the layout (DDASKR, before label 100).
fn check_first_call(opts: &Options, args: &mut CallArgs<'_>) -> Result<Layout, InputError> {
    if args.neq <= 0 {
        return Err(InputError::NeqNotPositive { neq: args.neq });
    }
    let inp = layout_input(opts, args.neq, args.nrt.max(0), args.iwork, true)?;
    if opts.initial_condition != 0 && opts.ic_controls {
        let ok = iget(args.iwork, iw::MXNIT) > 0
            && iget(args.iwork, iw::MXNJ) > 0
            && iget(args.iwork, iw::MXNH) > 0
            && (0..=1).contains(&iget(args.iwork, iw::LSOFF))
            && rget(args.rwork, rw::EPINIT) > 0.0
            && rget(args.rwork, rw::STPTOL) > 0.0;
        if !ok {
            return Err(InputError::IcControlsIllegal);
        }
    }
    if opts.krylov {
        krylov_settings(opts, args.neq, args.iwork, args.rwork, true)?;
    }
    let layout = checked_layout(&inp, args)?;
    if let Some(ic) = layout.icns {
        let icnstr = &args.iwork[ic..ic + layout.neq];
        if icnstr.iter().any(|c| !(-2..=2).contains(c)) {
            return Err(InputError::IcnstrIllegal);
        }
        if let Some(i) = constraint_violation(args.y, icnstr) {
            return Err(InputError::ConstraintViolated { index: i as FInt });
        }
    }
    if let Some(id) = layout.id {
        if args.iwork[id..id + layout.neq].iter().any(|&d| d != 1 && d != -1) {
            return Err(InputError::IdIllegal);
        }
    }
    let t = finite("T", *args.t)?;
    let tout = finite("TOUT", args.tout)?;
    if tout == t {
        return Err(InputError::ToutEqualsT { tout, t });
    }
    if args.nrt < 0 {
        return Err(InputError::NrtNegative { nrt: args.nrt });
    }
    if opts.use_hmax {
        let hmax = finite("HMAX", rget(args.rwork, rw::HMAX))?;
        if hmax <= 0.0 {
            return Err(InputError::HmaxNotPositive { hmax });
        }
    }
    Ok(layout)
}

/// Record the first-call settings in IWORK (and the Krylov defaults in
/// RWORK) and zero the counters.
fn initialise_iwork(opts: &Options, l: &Layout, iwork: &mut [FInt], rwork: &mut [Real], maxord: usize) {
    if opts.krylov {
        let k = krylov_settings(opts, l.neq as FInt, iwork, rwork, true).expect("checked before");
        let mut h = IHeader(&mut iwork[..iw::HEADER]);
        h.set(iw::MITER, 1);
        h.set(iw::MAXL, k.maxl as FInt);
        h.set(iw::KMP, k.kmp as FInt);
        h.set(iw::NRMAX, k.nrmax as FInt);
        rwork[rw::EPLI - 1] = k.epli;
    }
    let mut h = IHeader(&mut iwork[..iw::HEADER]);
    h.set(iw::MAXORD, maxord as FInt);
    let mtype = match (l.matrix, l.dq_jacobian) {
        (MatrixKind::Dense, false) => 1,
        (MatrixKind::Dense, true) => 2,
        (MatrixKind::Band { .. }, false) => 4,
        (MatrixKind::Band { .. }, true) => 5,
        (MatrixKind::Krylov, _) => 0,
    };
    if mtype != 0 {
        h.set(iw::MTYPE, mtype);
    }
    for pos in [iw::NST, iw::NRE, iw::NJE, iw::NETF, iw::NCFN, iw::NNI, iw::NLI, iw::NPS, iw::NCFL, iw::NRTE] {
        h.set(pos, 0);
    }
    h.set(iw::KPRIN, FInt::from(opts.ic_print));
    h.set(iw::NPD, l.lenpd as FInt);
    h.set(iw::LOCWP, (l.lenpd - l.lenwp) as FInt + 1);
    h.set(iw::LCIWP, l.ipvt as FInt + 1);
    h.set(iw::LID, l.id.map_or(iw::ICNS + l.icns.map_or(0, |_| l.neq), |i| i + 1) as FInt);
    h.set(iw::LENID, if l.id.is_some() { l.neq as FInt } else { 0 });
    h.set(iw::NONNEG, FInt::from(opts.nonnegative()));
    if opts.initial_condition != 0 && !opts.ic_controls {
        h.set(iw::MXNIT, if opts.krylov { 15 } else { 5 });
        h.set(iw::MXNJ, if opts.krylov { 2 } else { 6 });
        h.set(iw::MXNH, 5);
        h.set(iw::LSOFF, 0);
    }
}

/// Set WT (reciprocal weights) from `y`, and VT if separate.
fn update_weights<S: DaeSystem + ?Sized>(
    sys: &mut S,
    opts: &Options,
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
        if opts.exclude_algebraic {
            mask_algebraic(wt, id, vt);
        }
    }
    Ok(())
}

/// The initial step size (DDASKR block 310..330) for the first step.
fn initial_step(
    opts: &Options,
    rwork_h0: Real,
    t: Real,
    tout: Real,
    yp: &[Real],
    vt: &[Real],
) -> Result<Real, InputError> {
    let tdist = (tout - t).abs();
    if opts.use_h0 {
        let h0 = finite("H0", rwork_h0)?;
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
fn limit_to_hmax(opts: &Options, hmax: Real, h: Real) -> Real {
    if opts.use_hmax {
        let rh = h.abs() / hmax;
        if rh > 1.0 {
            return h / rh;
        }
    }
    h
}

/// Outcome of the pre-step tests on a continuation call.
enum Ready {
    /// Take steps with this H.
    Step,
    /// The request is already satisfied: return this IDID.
    Done(FInt),
}

/// Why the initial-condition block failed.
enum IcOutcome {
    /// The calculation did not converge (IDID = -12).
    Failed,
    /// An error weight became non-positive between the two passes.
    Weights(usize),
}

/// The initial-condition block of DDASKR (labels 340..355): two passes of
/// the calculation, the second with weights from the improved Y.
#[allow(clippy::too_many_arguments)]
fn initial_conditions<S: DaeSystem + ?Sized>(
    sys: &mut S,
    opts: &Options,
    layout: &Layout,
    t: Real,
    tout: Real,
    h0: &mut Real,
    y: &mut [Real],
    yp: &mut [Real],
    rv: &mut RViews<'_>,
    ivw: &mut IViews<'_>,
    cnt: &mut Counters,
    sink: &mut dyn MessageSink,
    tol: Tolerances<'_>,
) -> Result<(), IcOutcome> {
    let n = layout.neq;
    if !opts.ic_controls {
        rv.header.set(rw::EPINIT, 0.01);
        rv.header.set(rw::STPTOL, UROUND.powf(0.6667));
    }
    let controls = IcControls {
        max_iterations: ivw.header.get(iw::MXNIT).max(1) as usize,
        max_jacobians: ivw.header.get(iw::MXNJ).max(1) as usize,
        max_h_values: ivw.header.get(iw::MXNH).max(1) as usize,
        line_search_off: ivw.header.get(iw::LSOFF) == 1,
        step_tolerance: rv.header.get(rw::STPTOL),
        epinit: rv.header.get(rw::EPINIT),
    };
    // The stopping test is scaled by the interval when every variable is
    // differential (DASKR's INDEX = 0).
    let all_differential = ivw.id.is_some_and(|id| id.iter().all(|&d| d == 1));
    let params = IcParams {
        option: if opts.initial_condition == 1 { IcOption::AlgebraicAndDerivatives } else { IcOption::States },
        t,
        tscale: if all_differential { (tout - t).abs() } else { 0.0 },
        epcon: controls.epinit * EPCON,
        uround: UROUND,
        controls,
        print_level: opts.ic_print,
    };
    // Krylov: DASKR keeps the trial point and PSOL's scratch in WM, which
    // GMRES also uses; here they get their own per-call scratch.
    let krylov = matches!(layout.matrix, MatrixKind::Krylov);
    let mut scratch = vec![0.0; if krylov { 3 * n } else { 0 }];
    for pass in 0..2 {
        if pass == 1 {
            update_weights(sys, opts, tol, y, rv.wt, None, None).map_err(IcOutcome::Weights)?;
        }
        let (c12, rest) = rv.phi.split_at_mut(2 * n);
        let (save_y, save_yp) = c12.split_at_mut(n);
        let (y_new, yp_new, pwk) = if krylov {
            let (a, rest) = scratch.split_at_mut(n);
            let (b, c) = rest.split_at_mut(n);
            (a, b, c)
        } else {
            let (a, rest) = rest.split_at_mut(n);
            (a, &mut rest[..n], &mut [][..])
        };
        let mut v = IcVectors {
            y: &mut *y,
            yp: &mut *yp,
            id: ivw.id,
            icnstr: if opts.constraints_in_iwork() { ivw.icnstr } else { None },
            rwt: &mut *rv.wt,
            delta: &mut *rv.delta,
            r: &mut *rv.e,
            save_y,
            save_yp,
            y_new,
            yp_new,
        };
        let mut counters = IcCounters {
            nre: &mut cnt.nre,
            nje: &mut cnt.nje,
            nni: &mut cnt.nni,
            ncfn: &mut cnt.ncfn,
            nli: &mut cnt.nli,
            nps: &mut cnt.nps,
            ncfl: &mut cnt.ncfl,
        };
        let done = if krylov {
            let dims = krylov_dims(layout, &ivw.header);
            let mut ws =
                KrylovWorkspace::new(dims, &mut *rv.savr, &mut *rv.wm, &mut *ivw.pivots).ok_or(IcOutcome::Failed)?;
            let mut lin = IcLinear::Krylov(KrylovIc {
                ws: &mut ws,
                epli: rv.header.get(rw::EPLI),
                sqrtn: rv.header.get(rw::SQRTN),
                rsqrtn: rv.header.get(rw::RSQRTN),
                precond_setup: opts.preconditioner_setup,
                skip_first_setup: pass == 1,
                pwk,
            });
            compute_initial_conditions(sys, &mut lin, &mut v, &params, h0, &mut counters, sink)
        } else {
            let mut matrix = IterationMatrix {
                kind: layout.matrix,
                dq: layout.dq_jacobian,
                wm: &mut *rv.wm,
                lenpd: layout.lenpd,
                pivots: &mut ivw.pivots[..n],
                neq: n,
            };
            compute_initial_conditions(
                sys,
                &mut IcLinear::Direct(&mut matrix),
                &mut v,
                &params,
                h0,
                &mut counters,
                sink,
            )
        };
        done.map_err(|_| IcOutcome::Failed)?;
    }
    Ok(())
}

/// The Krylov dimensions recorded in IWORK on the first call.
fn krylov_dims(layout: &Layout, header: &IHeader<'_>) -> KrylovDims {
    KrylovDims {
        neq: layout.neq,
        maxl: iget_h(header, iw::MAXL),
        kmp: iget_h(header, iw::KMP),
        nrmax: iget_h(header, iw::NRMAX),
        lenwp: layout.lenwp,
    }
}

/// Run one root check (DRCHEK) with its state read from and written back
/// to the work arrays (T0 in RWORK, NRTE and IRFND in IWORK). Returns the
/// outcome and the new T0.
#[allow(clippy::too_many_arguments)]
fn root_check<S: DaeSystem + ?Sized>(
    job: RootCheck,
    sys: &mut S,
    rh: &mut RHeader<'_>,
    ih: &mut IHeader<'_>,
    arrays: SearchArrays<'_>,
    hist: &History<'_>,
    tout: Real,
    y: &mut [Real],
    yp: &mut [Real],
    uround: Real,
) -> (Result<RootOutcome, RootsIllDefined>, Real) {
    let mut t0 = rh.get(rw::T0);
    let mut nrte = ih.get(iw::NRTE);
    let res = {
        let mut rs = RootState {
            arrays,
            t0: &mut t0,
            tlast: rh.get(rw::TLAST),
            root_found_last: ih.get(iw::IRFND) != 0,
            nrte: &mut nrte,
        };
        check_roots(job, sys, hist, tout, y, yp, uround, &mut rs)
    };
    rh.set(rw::T0, t0);
    ih.set(iw::NRTE, nrte);
    (res, t0)
}

/// The whole call; Ok(IDID) on success.
fn run<S: DaeSystem + ?Sized>(
    args: &mut CallArgs<'_>,
    sys: &mut S,
    sink: &mut dyn MessageSink,
) -> Result<FInt, Interrupt> {
    let opts = Options::decode(args.info)?;
    let first = args.info[0] == 0;
    if !first && args.info[0] != 1 {
        return Err(InputError::InfoElement { index: 1 }.into());
    }
    let layout = if first {
        let l = check_first_call(&opts, args)?;
        let maxord = if opts.use_maxord { iget(args.iwork, iw::MAXORD) as usize } else { 5 };
        initialise_iwork(&opts, &l, args.iwork, args.rwork, maxord);
        l
    } else {
        if args.neq <= 0 {
            return Err(InputError::NeqNotPositive { neq: args.neq }.into());
        }
        if args.nrt < 0 {
            return Err(InputError::NrtNegative { nrt: args.nrt }.into());
        }
        let inp = layout_input(&opts, args.neq, args.nrt, args.iwork, false)?;
        checked_layout(&inp, args)?
    };
    let maxord = iget(args.iwork, iw::MAXORD).clamp(1, 5) as usize;
    let nonneg = iget(args.iwork, iw::NONNEG) != 0;

    // Block 200: on every call.
    let nstl = iget(args.iwork, iw::NST);
    args.iwork[iw::NSTL - 1] = nstl;
    check_tolerances(&opts, args)?;
    let tout = finite("TOUT", args.tout)?;
    finite("T", *args.t)?;

    let CallArgs { t, y, yp, info, rtol, atol, rwork, iwork, jroot, .. } = args;
    let mut rv = split_rwork(rwork, &layout);
    let mut ivw = split_iwork(iwork, &layout);
    let nrt = layout.nrt;
    let hmax = rv.header.get(rw::HMAX);
    let tstop_input = rv.header.get(rw::TSTOP);

    let mut st;
    let mut tn;
    let uround;
    let mut ready = Ready::Step;
    let tstop = if opts.use_tstop { Some(finite("TSTOP", tstop_input)?) } else { None };

    if first {
        // Block 300: initial call.
        tn = **t;
        {
            let tol = Tolerances { rtol, atol, vector: opts.vector_tolerances };
            update_weights(sys, &opts, tol, y, rv.wt, rv.vt.as_deref_mut(), ivw.id)
                .map_err(|i| InputError::WeightNotPositive { index: i as FInt })?;
        }
        uround = UROUND;
        rv.header.set(rw::ROUND, uround);
        let hmin = 4.0 * uround * t.abs().max(tout.abs());
        rv.header.set(rw::EPCON, EPCON);
        let sqrtn = (layout.neq as Real).sqrt();
        rv.header.set(rw::SQRTN, sqrtn);
        rv.header.set(rw::RSQRTN, 1.0 / sqrtn);
        if (tout - **t).abs() < hmin {
            return Err(InputError::ToutTooClose { tout, t: **t }.into());
        }
        let vt: &[Real] = rv.vt.as_deref().unwrap_or(rv.wt);
        let mut h0 = initial_step(&opts, rv.header.get(rw::H), **t, tout, yp, vt)?;
        h0 = limit_to_hmax(&opts, hmax, h0);
        if let Some(ts) = tstop {
            if ts == **t {
                return Err(InputError::TstopEqualsT { tstop: ts }.into());
            }
            if (ts - **t) * h0 < 0.0 {
                return Err(InputError::TstopBehindT { tstop: ts, t: **t }.into());
            }
            if (**t + h0 - ts) * h0 > 0.0 {
                h0 = ts - **t;
            }
            if (ts - tout) * h0 < 0.0 {
                return Err(InputError::TstopBehindTout { tstop: ts, tout }.into());
            }
        }
        if opts.initial_condition != 0 {
            let mut cnt = Counters::load(&ivw.header);
            let ic = initial_conditions(
                sys,
                &opts,
                &layout,
                **t,
                tout,
                &mut h0,
                y,
                yp,
                &mut rv,
                &mut ivw,
                &mut cnt,
                sink,
                Tolerances { rtol, atol, vector: opts.vector_tolerances },
            );
            cnt.store(&mut ivw.header);
            match ic {
                Err(IcOutcome::Failed) => {
                    rv.header.set(rw::TN, tn);
                    rv.header.set(rw::H, h0);
                    return Err(StepFailure::InitialConditions { t: tn, h: h0 }.into());
                }
                Err(IcOutcome::Weights(i)) => return Err(InputError::WeightNotPositive { index: i as FInt }.into()),
                Ok(()) => {}
            }
            if opts.stop_after_ic {
                if opts.initial_condition == 1 {
                    rv.header.set(rw::HOLD, h0);
                }
                rv.header.set(rw::TN, tn);
                rv.header.set(rw::TLAST, **t);
                rv.header.set(rw::H, h0);
                return Ok(4);
            }
            // Weights and the initial step again, with the new Y and Y'.
            {
                let tol = Tolerances { rtol, atol, vector: opts.vector_tolerances };
                update_weights(sys, &opts, tol, y, rv.wt, rv.vt.as_deref_mut(), ivw.id)
                    .map_err(|i| InputError::WeightNotPositive { index: i as FInt })?;
            }
            let vt: &[Real] = rv.vt.as_deref().unwrap_or(rv.wt);
            h0 = initial_step(&opts, rv.header.get(rw::H), **t, tout, yp, vt)?;
            h0 = limit_to_hmax(&opts, hmax, h0);
            if let Some(ts) = tstop {
                if (**t + h0 - ts) * h0 > 0.0 {
                    h0 = ts - **t;
                }
            }
        }
        st = BdfState { h: h0, ..BdfState::default() };
        rv.header.set(rw::H, h0);
        let n = layout.neq;
        rv.phi[..n].copy_from_slice(y);
        for (p, &d) in rv.phi[n..2 * n].iter_mut().zip(yp.iter()) {
            *p = h0 * d;
        }
        rv.header.set(rw::T0, **t);
        ivw.header.set(iw::IRFND, 0);
        st.psi[0] = h0;
        st.psi[1] = 2.0 * h0;
        st.kold = 1;
        if nrt > 0 {
            let hist = History { tn, kold: 1, phi: rv.phi, psi: &st.psi };
            let arrays = SearchArrays { r0: &mut *rv.r0, r1: &mut *rv.r1, rx: &mut *rv.rx, jroot: &mut **jroot };
            let (res, t0) = root_check(
                RootCheck::Initial,
                sys,
                &mut rv.header,
                &mut ivw.header,
                arrays,
                &hist,
                tout,
                y,
                yp,
                uround,
            );
            if res.is_err() {
                return Err(InputError::RootsIllDefined { t0 }.into());
            }
        }
        // K, KOLD etc. are set by the first step; store what we have.
        st.store(&mut rv.header, &mut ivw.header);
    } else {
        // Block 400: continuation call.
        uround = rv.header.get(rw::ROUND);
        tn = rv.header.get(rw::TN);
        st = BdfState::load(&rv.header, &ivw.header);
        // A damaged IWORK must not send the order past the PHI columns
        // this layout has (DASKR would read out of bounds).
        st.k = st.k.clamp(1, maxord);
        st.kold = st.kold.min(maxord);
        if nrt > 0 {
            let hist = History { tn, kold: st.kold, phi: rv.phi, psi: &st.psi };
            let arrays = SearchArrays { r0: &mut *rv.r0, r1: &mut *rv.r1, rx: &mut *rv.rx, jroot: &mut **jroot };
            let (res, t0) = root_check(
                RootCheck::Continuation,
                sys,
                &mut rv.header,
                &mut ivw.header,
                arrays,
                &hist,
                tout,
                y,
                yp,
                uround,
            );
            match res {
                Err(_) => return Err(InputError::RootsIllDefined { t0 }.into()),
                Ok(RootOutcome::Found) => {
                    ivw.header.set(iw::IRFND, 1);
                    **t = t0;
                    ready = Ready::Done(5);
                }
                Ok(RootOutcome::None) => {}
            }
        }
        if let Ready::Step = ready {
            st.h = limit_to_hmax(&opts, hmax, st.h);
            let hist = History { tn, kold: st.kold, phi: rv.phi, psi: &st.psi };
            ready = continuation_tests(&opts, t, tout, tstop, tn, &mut st.h, uround, &hist, y, yp)?;
            rv.header.set(rw::H, st.h);
        }
    }

    if let Ready::Done(idid) = ready {
        rv.header.set(rw::TN, tn);
        rv.header.set(rw::TLAST, **t);
        rv.header.set(rw::H, st.h);
        return Ok(idid);
    }

    // Block 500: the step loop.
    let mut cnt = Counters::load(&ivw.header);
    let tol_vector = opts.vector_tolerances;
    let n = layout.neq;
    let mut first_step = first;
    let call_start = cnt;
    let mut nwarn = 0;
    let result: Result<FInt, StepFailure> = loop {
        if cnt.nst.wrapping_sub(nstl) >= MAX_STEPS_PER_CALL {
            break Err(StepFailure::TooMuchWork { t: tn });
        }
        if opts.krylov {
            let maxl = iget_h(&ivw.header, iw::MAXL);
            warn_poor_krylov_performance(&cnt, &call_start, nstl, maxl, tn, &mut nwarn, sink);
        }
        {
            let tol = Tolerances { rtol, atol, vector: tol_vector };
            if update_weights(sys, &opts, tol, &rv.phi[..n], rv.wt, rv.vt.as_deref_mut(), ivw.id).is_err() {
                break Err(StepFailure::WeightVanished { t: tn });
            }
        }
        let r = weighted_rms_norm(&rv.phi[..n], rv.wt) * 100.0 * uround;
        if r > 1.0 {
            let m = if tol_vector { n } else { 1 };
            for v in rtol[..m].iter_mut().chain(atol[..m].iter_mut()) {
                *v *= r;
            }
            break Err(StepFailure::TooMuchAccuracy { t: tn, factor: r });
        }
        let hmin = 4.0 * uround * tn.abs().max(tout.abs());
        st.h = limit_to_hmax(&opts, hmax, st.h);

        let stepped = {
            let mut sv = StepVectors {
                y,
                yp,
                wt: &mut *rv.wt,
                vt: rv.vt.as_deref(),
                phi: &mut *rv.phi,
                delta: &mut *rv.delta,
                e: &mut *rv.e,
            };
            let cfg = StepConfig { hmin, uround, epcon: EPCON, maxord, nonneg };
            match layout.matrix {
                MatrixKind::Krylov => {
                    let dims = krylov_dims(&layout, &ivw.header);
                    let mut ws = KrylovWorkspace::new(dims, &mut *rv.savr, &mut *rv.wm, &mut *ivw.pivots)
                        .ok_or(InputError::Internal)?;
                    let mut lin = LinearSystem::Krylov {
                        ws: &mut ws,
                        epli: rv.header.get(rw::EPLI),
                        sqrtn: rv.header.get(rw::SQRTN),
                        rsqrtn: rv.header.get(rw::RSQRTN),
                        precond_setup: opts.preconditioner_setup,
                    };
                    take_step(sys, &mut lin, &mut st, &mut cnt, &mut tn, &mut sv, &cfg, first_step)
                }
                _ => {
                    let mut matrix = IterationMatrix {
                        kind: layout.matrix,
                        dq: layout.dq_jacobian,
                        wm: &mut *rv.wm,
                        lenpd: layout.lenpd,
                        pivots: &mut ivw.pivots[..n],
                        neq: n,
                    };
                    take_step(
                        sys,
                        &mut LinearSystem::Direct(&mut matrix),
                        &mut st,
                        &mut cnt,
                        &mut tn,
                        &mut sv,
                        &cfg,
                        first_step,
                    )
                }
            }
        };
        // DDSTP sets INFO(1) = 1 after the first step, whatever its outcome.
        info[0] = 1;
        first_step = false;
        if let Err(e) = stepped {
            let (t, h) = (tn, st.h);
            break Err(match e {
                StepError::ErrorTest => StepFailure::ErrorTest { t, h },
                StepError::Convergence => StepFailure::Convergence { t, h },
                StepError::Singular => StepFailure::Singular { t, h },
                StepError::ConvergenceAfterErrorTest => StepFailure::ConvergenceAfterErrorTest { t, h },
                StepError::IllegalInput => StepFailure::IresMinusOne { t, h },
                StepError::Stop => StepFailure::IresMinusTwo { t, h },
                StepError::PreconditionerSetup => StepFailure::PreconditionerSetup { t, h },
                StepError::PreconditionerSolve => StepFailure::PreconditionerSolve { t, h },
                StepError::LinearSolver => StepFailure::LinearSolver { t, h },
            });
        }

        // A successful step: roots, then the stop tests.
        if nrt > 0 {
            let hist = History { tn, kold: st.kold, phi: rv.phi, psi: &st.psi };
            let arrays = SearchArrays { r0: &mut *rv.r0, r1: &mut *rv.r1, rx: &mut *rv.rx, jroot: &mut **jroot };
            let (res, t0) = root_check(
                RootCheck::AfterStep,
                sys,
                &mut rv.header,
                &mut ivw.header,
                arrays,
                &hist,
                tout,
                y,
                yp,
                uround,
            );
            if let Ok(RootOutcome::Found) = res {
                ivw.header.set(iw::IRFND, 1);
                **t = t0;
                break Ok(5);
            }
        }
        let interp = |to: Real, y: &mut [Real], yp: &mut [Real], st: &BdfState, phi: &[Real]| {
            interpolate(tn, to, st.kold, &phi[..(st.kold + 1) * n], &st.psi, y, yp);
        };
        match tstop {
            None => {
                if (tn - tout) * st.h >= 0.0 {
                    interp(tout, y, yp, &st, rv.phi);
                    **t = tout;
                    break Ok(3);
                }
                if opts.intermediate_output {
                    **t = tn;
                    break Ok(1);
                }
            }
            Some(ts) => {
                if (tn - ts).abs() <= 100.0 * uround * (tn.abs() + st.h.abs()) {
                    interp(ts, y, yp, &st, rv.phi);
                    **t = ts;
                    break Ok(2);
                }
                if (tn - tout) * st.h >= 0.0 {
                    interp(tout, y, yp, &st, rv.phi);
                    **t = tout;
                    break Ok(3);
                }
                if opts.intermediate_output {
                    **t = tn;
                    break Ok(1);
                }
                let tnext = tn + st.h;
                if (tnext - ts) * st.h > 0.0 {
                    st.h = ts - tn;
                }
            }
        }
    };

    cnt.store(&mut ivw.header);
    st.store(&mut rv.header, &mut ivw.header);
    rv.header.set(rw::TN, tn);
    match result {
        Ok(idid) => {
            rv.header.set(rw::TLAST, **t);
            Ok(idid)
        }
        Err(f) => {
            **t = tn;
            Err(f.into())
        }
    }
}

/// Most "poor iterative performance" warnings printed per call.
const MAX_WARNINGS: u32 = 10;

/// DASKR's warnings for the Krylov method (block 505): over at least 10
/// steps of this call, the average number of linear iterations per
/// nonlinear iteration exceeds MAXL, or the nonlinear or linear failure
/// rate exceeds 0.9. The ratios are formed in single precision, as DASKR
/// does, so the printed values agree.
fn warn_poor_krylov_performance(
    cnt: &Counters,
    start: &Counters,
    nstl: FInt,
    maxl: usize,
    tn: Real,
    nwarn: &mut u32,
    sink: &mut dyn MessageSink,
) {
    let nstd = cnt.nst.wrapping_sub(nstl);
    let nnid = cnt.nni.wrapping_sub(start.nni);
    if nstd < 10 || nnid == 0 {
        return;
    }
    let avlin = Real::from(cnt.nli.wrapping_sub(start.nli) as f32 / nnid as f32);
    let rcfn = Real::from(cnt.ncfn.wrapping_sub(start.ncfn) as f32 / nstd as f32);
    let rcfl = Real::from(cnt.ncfl.wrapping_sub(start.ncfl) as f32 / nnid as f32);
    let checks = [
        (avlin > maxl as Real, "average linear iterations per Newton iteration = R2", avlin),
        (rcfn > 0.9, "nonlinear convergence failures per step = R2", rcfn),
        (rcfl > 0.9, "linear convergence failures per Newton iteration = R2", rcfl),
    ];
    if !checks.iter().any(|c| c.0) {
        return;
    }
    *nwarn += 1;
    if *nwarn > MAX_WARNINGS {
        return;
    }
    for (bad, what, value) in checks {
        if bad {
            sink.emit(&[
                MessageLine::text("DASKR--  Warning: the Krylov iteration is performing poorly"),
                MessageLine::text(format!("DASKR--  at T = R1: {what}")).with_reals(&[tn, value]),
            ]);
        }
    }
}

/// Continuation-call stop tests before stepping (DDASKR 405..460): the
/// request may already be satisfied by interpolation within the last step.
#[allow(clippy::too_many_arguments)]
fn continuation_tests(
    opts: &Options,
    t: &mut Real,
    tout: Real,
    tstop: Option<Real>,
    tn: Real,
    h: &mut Real,
    uround: Real,
    hist: &History<'_>,
    y: &mut [Real],
    yp: &mut [Real],
) -> Result<Ready, InputError> {
    if *t == tout {
        return Err(InputError::ToutEqualsT { tout, t: *t });
    }
    if (*t - tout) * *h > 0.0 {
        return Err(InputError::ToutBehindT { tout, t: *t });
    }
    let n = y.len();
    let interp = |to: Real, y: &mut [Real], yp: &mut [Real]| {
        let k = hist.kold;
        interpolate(tn, to, k, &hist.phi[..(k + 1) * n], hist.psi, y, yp);
    };
    let h0 = *h;
    // Interval mode: done if TOUT was passed; intermediate mode: done if a
    // step was taken since the last return.
    let satisfied = if opts.intermediate_output {
        if (tn - *t) * h0 <= 0.0 {
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
    if let Some(ts) = tstop {
        if (tn - ts) * h0 > 0.0 {
            return Err(InputError::TstopBehindT { tstop: ts, t: *t });
        }
        if (ts - tout) * h0 < 0.0 {
            return Err(InputError::TstopBehindTout { tstop: ts, tout });
        }
    }
    if let Some((to, idid)) = satisfied {
        interp(to, y, yp);
        *t = to;
        return Ok(Ready::Done(idid));
    }
    if let Some(ts) = tstop {
        if (tn - ts).abs() <= 100.0 * uround * (tn.abs() + h0.abs()) {
            interp(ts, y, yp);
            *t = ts;
            return Ok(Ready::Done(2));
        }
        if (tn + h0 - ts) * h0 > 0.0 {
            *h = ts - tn;
        }
    }
    Ok(Ready::Step)
}
