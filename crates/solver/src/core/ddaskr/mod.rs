//! DDASKR's call protocol: INFO decoded once into typed options, the
//! first-call checks and bookkeeping, the per-call checks, the choice of
//! linear solver and root finder, and the IDID/INFO(1) conventions around
//! the shared [`integrator`](crate::core::integrator).
//!
//! All state that must survive between calls is read from and written back
//! to the caller's RWORK/IWORK; nothing is kept anywhere else.

mod checks;

use self::checks::{
    check_first_call, check_hmax, check_stored_state, check_tolerances, checked_layout, finite, iget, initialise_iwork,
    krylov_params, layout_input, RunSignature,
};
use super::error::{InputError, Interrupt, StepFailure};
use super::guard::{first_non_finite, FiniteGuard, NonFinite, Source};
use super::initial::{Constraints, IcOption};
use super::integrator::{integrate, Arrays, CallIo, IcRequest, Parts, RunConfig};
use super::layout::{iw, rw, Layout, Method};
use super::linsol::direct::DirectSolver;
use super::linsol::krylov::KrylovSolver;
#[cfg(not(daskr_single))]
use super::linsol::pattern::{stamp_from_words, stamp_to_words};
#[cfg(not(daskr_single))]
use super::linsol::sparse::{shared_pattern_keyed, SparseSolver};
use super::linsol::LinearSolver;
use super::messages::MessageSink;
use super::options::Options;
use super::problem::DaeSystem;
use super::roots::{RootFinder, SearchArrays};
use crate::types::{FInt, Real};

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
        let mut guarded = FiniteGuard::new(sys);
        let outcome = run(args, &mut guarded, sink);
        name_non_finite_source(outcome, guarded.last_non_finite()).and_then(|idid| solution_is_finite(args, idid))
    };
    match &outcome {
        Ok(idid) => *args.idid = *idid,
        Err(e) => {
            sink.emit(&e.message());
            if let Some(i1) = args.info.first_mut() {
                *i1 = -1;
            }
            *args.idid = e.idid();
        }
    }
    outcome
}

/// A failure caused by a user routine that kept returning NaN or Inf
/// (treated as IRES = -1 for RES and JAC, as IER > 0 for PSOL) names the
/// routine and the component; the IDID is the one that failure has.
fn name_non_finite_source(outcome: Result<FInt, Interrupt>, last: Option<NonFinite>) -> Result<FInt, Interrupt> {
    let (Err(Interrupt::Step(f)), Some(nf)) = (&outcome, last) else {
        return outcome;
    };
    let (t, h, idid) = match (f.clone(), nf.source) {
        (StepFailure::IresMinusOne { t, h }, Source::Residual | Source::Jacobian) => (t, h, f.idid()),
        (StepFailure::LinearSolver { t, h }, Source::PreconditionerSolve) => (t, h, f.idid()),
        (StepFailure::InitialConditions { t, h }, _) => (t, h, f.idid()),
        _ => return outcome,
    };
    Err(StepFailure::NonFinite { t, h, idid, routine: nf.source, index: nf.index, when: nf.t }.into())
}

/// A successful return never hands back a non-finite T, Y or YPRIME.
fn solution_is_finite(args: &CallArgs<'_>, idid: FInt) -> Result<FInt, Interrupt> {
    let finite = args.t.is_finite() && first_non_finite(args.y).is_none() && first_non_finite(args.yp).is_none();
    if finite {
        Ok(idid)
    } else {
        Err(StepFailure::SolutionNotFinite { t: *args.t }.into())
    }
}

/// The layout of this call: checked and recorded on a first call, read
/// back from IWORK on a continuation call.
fn call_layout(opts: &Options, args: &mut CallArgs<'_>, first: bool) -> Result<Layout, InputError> {
    if first {
        let l = check_first_call(opts, args)?;
        let maxord = if opts.use_maxord { iget(args.iwork, iw::MAXORD) as usize } else { 5 };
        initialise_iwork(opts, &l, args.iwork, args.rwork, maxord);
        RunSignature::of(args.info, args.neq, args.nrt, maxord as FInt).store(args.rwork);
        return Ok(l);
    }
    if args.neq <= 0 {
        return Err(InputError::NeqNotPositive { neq: args.neq });
    }
    if args.nrt < 0 {
        return Err(InputError::NrtNegative { nrt: args.nrt });
    }
    let maxord = iget(args.iwork, iw::MAXORD);
    RunSignature::of(args.info, args.neq, args.nrt, maxord).check_unchanged(args.rwork)?;
    let inp = layout_input(opts, args.neq, args.nrt, args.iwork, false)?;
    let layout = Layout::compute(&inp).map_err(|_| InputError::LengthOverflow { neq: args.neq })?;
    check_stored_state(&layout, args.iwork, args.rwork, inp.maxord)?;
    checked_layout(&inp, args)
}

/// What this call asks of the integrator.
fn run_config(opts: &Options, rwork: &[Real], iwork: &[FInt], first: bool) -> Result<RunConfig, InputError> {
    let tstop = if opts.use_tstop { Some(finite("TSTOP", rwork[rw::TSTOP - 1])?) } else { None };
    let initial = (first && opts.initial_condition != 0).then_some(IcRequest {
        option: if opts.initial_condition == 1 { IcOption::AlgebraicAndDerivatives } else { IcOption::States },
        stop_after: opts.stop_after_ic,
        controls_given: opts.ic_controls,
        print_level: opts.ic_print,
    });
    Ok(RunConfig {
        first_call: first,
        intermediate_output: opts.intermediate_output,
        tstop,
        hmax: opts.use_hmax.then(|| rwork[rw::HMAX - 1]),
        h0: (first && opts.use_h0).then(|| rwork[rw::H - 1]),
        maxord: iget(iwork, iw::MAXORD).clamp(1, 5) as usize,
        nonneg: iget(iwork, iw::NONNEG) != 0,
        exclude_algebraic: opts.exclude_algebraic,
        vector_tolerances: opts.vector_tolerances,
        initial,
    })
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
    let layout = call_layout(&opts, args, first)?;
    check_hmax(&opts, args.rwork)?;
    check_tolerances(&opts, args)?;
    let tout = finite("TOUT", args.tout)?;
    finite("T", *args.t)?;
    let cfg = run_config(&opts, args.rwork, args.iwork, first)?;

    let CallArgs { t, y, yp, info, rtol, atol, rwork, iwork, jroot, .. } = args;
    let rv = layout.split_rwork(rwork);
    let iv = layout.split_iwork(iwork);
    let mut hook =
        RootFinder::load(&rv.header, &iv.header, SearchArrays { r0: rv.r0, r1: rv.r1, rx: rv.rx, jroot }, opts.roots);
    let mut a = Arrays {
        rh: rv.header,
        ih: iv.header,
        wt: rv.wt,
        vt: rv.vt,
        phi: rv.phi,
        delta: rv.delta,
        e: rv.e,
        id: iv.id,
        constraints: if opts.constraints_in_iwork() { iv.icnstr.map(Constraints::Signs) } else { None },
        bounds: None,
    };
    let mut io = CallIo { t, y, yp, tout, rtol, atol };
    let n = layout.neq;
    let result = match layout.method {
        Method::Direct { format, source } => {
            let mut lin = DirectSolver::new(format, source, n, rv.wm, iv.pivots);
            run_with(sys, &mut lin, &mut hook, sink, &mut a, &mut io, &cfg)
        }
        Method::Krylov { dims, .. } => {
            let p = krylov_params(dims, &a.rh, &opts);
            let mut lin = KrylovSolver::new(p, rv.savr, rv.wm, iv.pivots).ok_or(InputError::Internal)?;
            run_with(sys, &mut lin, &mut hook, sink, &mut a, &mut io, &cfg)
        }
        #[cfg(daskr_single)]
        Method::Sparse { .. } => Err(InputError::Internal.into()),
        #[cfg(not(daskr_single))]
        Method::Sparse { nejac, source } => {
            let (rows, cols) = iv.pivots.split_at(nejac);
            // The checks of this call found the lists' key in IWORK (or
            // put it there): no need to hash them again.
            let key = stamp_from_words([a.ih.get(iw::sparse::KEY), a.ih.get(iw::sparse::KEY + 1)]);
            let pattern = shared_pattern_keyed(n, rows, cols, key).map_err(|_| InputError::Internal)?;
            let stamp = stamp_from_words([a.ih.get(iw::sparse::STAMP), a.ih.get(iw::sparse::STAMP + 1)]);
            let mut lin = SparseSolver::new(pattern, source, rv.wm, stamp);
            let result = run_with(sys, &mut lin, &mut hook, sink, &mut a, &mut io, &cfg);
            let [hi, lo] = stamp_to_words(lin.stamp());
            a.ih.set(iw::sparse::STAMP, hi);
            a.ih.set(iw::sparse::STAMP + 1, lo);
            result
        }
    };
    hook.store(&mut a.rh, &mut a.ih);
    // DDSTP sets INFO(1) = 1 once a step has been attempted.
    if first && !matches!(result, Ok(4)) {
        info[0] = 1;
    }
    result
}

fn run_with<S: DaeSystem + ?Sized, L: LinearSolver<S>>(
    sys: &mut S,
    lin: &mut L,
    hook: &mut RootFinder<'_>,
    sink: &mut dyn MessageSink,
    a: &mut Arrays<'_>,
    io: &mut CallIo<'_>,
    cfg: &RunConfig,
) -> Result<FInt, Interrupt> {
    integrate(&mut Parts { sys, lin, hook, sink }, a, io, cfg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::layout::iw;
    use crate::core::messages::CollectMessages;
    use crate::core::test_problems::{max_diff, Tridiagonal};

    /// One integration of y' + K y = 0 (K tridiagonal, n = 40) to t = 1
    /// with the given INFO(5), INFO(6) and IWORK(1..2); returns Y and
    /// IWORK.
    fn run_tridiagonal(info5: FInt, info6: FInt, ml_or_nejac: FInt, pattern: &[FInt]) -> (Vec<Real>, Vec<FInt>) {
        let n = 40;
        let mut sys = Tridiagonal { n };
        let mut info = [0; 20];
        info[4] = info5;
        info[5] = info6;
        let (mut t, mut y, mut yp) = (0.0, vec![1.0; n], vec![0.0; n]);
        let mut d = vec![0.0; n];
        sys.residual(0.0, &y, &yp, 0.0, &mut d);
        yp.iter_mut().zip(&d).for_each(|(p, r)| *p = -r);
        let (mut rtol, mut atol) = ([1e-8], [1e-10]);
        let mut rwork = vec![0.0; 60 + 9 * n + 4 * n + 2 * n + 4 * n];
        let mut iwork = vec![0; 40 + n + pattern.len()];
        iwork[iw::ML - 1] = ml_or_nejac;
        iwork[iw::MU - 1] = if info6 == 1 { 1 } else { 0 };
        iwork[40..40 + pattern.len()].copy_from_slice(pattern);
        let (lrw, liw) = (rwork.len() as FInt, iwork.len() as FInt);
        let mut idid = 0;
        let mut sink = CollectMessages::default();
        for k in 1..=4 {
            let mut args = CallArgs {
                neq: n as FInt,
                t: &mut t,
                y: &mut y,
                yp: &mut yp,
                tout: 0.25 * k as Real,
                info: &mut info,
                rtol: &mut rtol,
                atol: &mut atol,
                idid: &mut idid,
                rwork: &mut rwork,
                lrw,
                iwork: &mut iwork,
                liw,
                nrt: 0,
                jroot: &mut [],
            };
            assert_eq!(ddaskr(&mut args, &mut sys, &mut sink), Ok(3), "{:?}", sink.0);
        }
        (y, iwork)
    }

    #[test]
    fn sparse_extension_agrees_with_the_band_solver() {
        let (rows, cols) = Tridiagonal { n: 40 }.pattern();
        let pattern: Vec<FInt> = rows.iter().chain(&cols).copied().collect();
        let nejac = rows.len() as FInt;
        for info5 in [0, 1] {
            let (band, _) = run_tridiagonal(info5, 1, 1, &[]);
            let (sparse, iwork) = run_tridiagonal(info5, 2, nejac, &pattern);
            assert!(max_diff(&band, &sparse) < 1e-9, "INFO(5) = {info5}");
            assert_eq!(iwork[iw::MTYPE - 1], 8 - info5);
            assert_eq!(iwork[iw::LENIW - 1], 40 + 2 * nejac);
            if info5 == 0 {
                // Three colours for a tridiagonal pattern: 3 RES calls per
                // Jacobian beyond the corrector's.
                let (nre, nje, nni) = (iwork[iw::NRE - 1], iwork[iw::NJE - 1], iwork[iw::NNI - 1]);
                assert!(nre <= nni + 3 * nje + 2 * iwork[iw::NST - 1], "{nre} {nje} {nni}");
            }
        }
    }
}

#[cfg(test)]
mod root_extension_tests {
    use super::*;
    use crate::core::messages::CollectMessages;
    use crate::core::problem::CallbackStatus;

    /// y1 = t; y2' = max(0, t - 1), so y2 is exactly 0 until t = 1.
    /// Roots: (y1 - 0.4)(y1 - 0.45) dips below zero between 0.4 and 0.45;
    /// y2 is zero at the start; y2 - 0.125 has its root at t = 1.5.
    struct Ramp;
    impl DaeSystem for Ramp {
        fn residual(&mut self, t: Real, _y: &[Real], yp: &[Real], _cj: Real, d: &mut [Real]) -> CallbackStatus {
            d[0] = yp[0] - 1.0;
            d[1] = yp[1] - (t - 1.0).max(0.0);
            CallbackStatus::Ok
        }
        fn roots(&mut self, _t: Real, y: &[Real], _yp: &[Real], r: &mut [Real]) {
            r[0] = (y[0] - 0.4) * (y[0] - 0.45);
            r[1] = y[1];
            r[2] = y[1] - 0.125;
        }
    }

    /// The roots returned up to t = 2 (time, JROOT), or the failing IDID.
    fn roots_found(info20: FInt) -> Result<Vec<(Real, [FInt; 3])>, FInt> {
        let mut info = [0; 20];
        info[19] = info20;
        let (mut t, mut y, mut yp) = (0.0, vec![0.0; 2], vec![1.0, 0.0]);
        let (mut rtol, mut atol) = ([1e-6], [1e-8]);
        let mut rwork = vec![0.0; 60 + 9 * 2 + 4 + 9];
        let mut iwork = vec![0; 42];
        let (lrw, liw) = (rwork.len() as FInt, iwork.len() as FInt);
        let (mut idid, mut jroot) = (0, [0; 3]);
        let mut sink = CollectMessages::default();
        let mut found = Vec::new();
        while t < 2.0 {
            let mut args = CallArgs {
                neq: 2,
                t: &mut t,
                y: &mut y,
                yp: &mut yp,
                tout: 2.0,
                info: &mut info,
                rtol: &mut rtol,
                atol: &mut atol,
                idid: &mut idid,
                rwork: &mut rwork,
                lrw,
                iwork: &mut iwork,
                liw,
                nrt: 3,
                jroot: &mut jroot,
            };
            match ddaskr(&mut args, &mut Ramp, &mut sink) {
                Ok(5) => found.push((t, jroot)),
                Ok(_) => {}
                Err(e) => return Err(e.idid()),
            }
        }
        Ok(found)
    }

    #[test]
    fn daskr_default_rejects_a_function_zero_at_the_start() {
        assert_eq!(roots_found(0), Err(-33));
        assert_eq!(roots_found(1), Err(-33));
    }

    #[test]
    fn without_the_dip_search_the_double_crossing_is_stepped_over() {
        // DASKR's weakness, with masked zeros only: y1 = t is integrated
        // in steps far longer than 0.05.
        let found = roots_found(2).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!((found[0].0 - 1.5).abs() < 1e-6);
    }

    #[test]
    fn masked_zeros_and_dips_find_every_root_once() {
        let found = roots_found(3).unwrap();
        let expect = [(0.4, [-1, 0, 0]), (0.45, [1, 0, 0]), (1.5, [0, 0, 1])];
        assert_eq!(found.len(), 3, "{found:?}");
        for ((t, j), (te, je)) in found.iter().zip(expect) {
            assert!((t - te).abs() < 1e-6, "{found:?}");
            assert_eq!(*j, je);
        }
    }
}
