//! DDASKR's call protocol: what DDASKR brings to the shared call shell
//! ([`crate::core::call`]): its INFO entries ([`DdaskrOptions`]), its
//! layout and first-call bookkeeping, the choice of linear solver (dense,
//! band, Krylov, sparse) and the root finder around the shared
//! [`integrator`](crate::core::integrator).
//!
//! All state that must survive between calls is read from and written back
//! to the caller's RWORK/IWORK; nothing else is kept but caches rebuilt
//! from them with the same results (the sparse factorisation, the
//! remembered shape of [`call::shape`]).

pub mod checks;
pub mod options;

pub use self::options::{DdaskrOptions, MatrixKind};

use self::checks::{
    check_resume, check_segment_pointers, check_sizes, check_start, iget, initialise_iwork, krylov_params,
    RunSignature,
};
use super::call::controls::{ic_request, run_config};
use super::call::shape::{bits, HeaderWords, MemoKey, ShapeMemo, Ways};
use super::call::{self, Common, InfoProtocol, Job, Lengths, Phase, Protocol, WorkLayout, DASKR_PREFIX};
use super::error::{InputError, Interrupt};
use super::constraints::Constraints;
use super::initial::IcOption;
use super::companion::{Companion, NoCompanion};
use super::integrator::{answer_from_history, integrate, Arrays, CallIo, Parts, RunConfig};
use super::layout::{iw, rw, Coefficients, Layout, Method};
use super::linsol::direct::DirectSolver;
use super::linsol::krylov::KrylovSolver;
#[cfg(not(daskr_single))]
use super::linsol::pattern::{stamp_from_words, stamp_to_words};
#[cfg(not(daskr_single))]
use super::linsol::sparse::{shared_pattern_keyed, Pattern, SparseSolver};
#[cfg(not(daskr_single))]
use self::checks::check_run_pattern;
#[cfg(not(daskr_single))]
use std::{cell::OnceCell, rc::Rc};
use super::linsol::LinearSolver;
use super::messages::MessageSink;
use super::problem::DaeSystem;
use super::roots::{RootFinder, SearchArrays};
use crate::types::{FInt, Real};

/// DDASKR's own arguments beyond the [`Common`] ones: NRT and JROOT (a
/// slice of NRT elements, 0 for a negative NRT); and, for the Rust API's
/// `Solver` only (DDASKR's Fortran interface has none), parametric
/// sensitivities.
pub struct Ddaskr<'a> {
    pub nrt: FInt,
    pub jroot: &'a mut [FInt],
    #[cfg(not(daskr_single))]
    sens: Option<sens::DdaskrSens<'a>>,
    /// The run's analysed sparse pattern, when a continuation call's
    /// check found it in the thread's cache.
    #[cfg(not(daskr_single))]
    pattern: OnceCell<Rc<Pattern>>,
}

impl<'a> Ddaskr<'a> {
    pub fn new(nrt: FInt, jroot: &'a mut [FInt]) -> Self {
        Ddaskr {
            nrt,
            jroot,
            #[cfg(not(daskr_single))]
            sens: None,
            #[cfg(not(daskr_single))]
            pattern: OnceCell::new(),
        }
    }

    /// A continuation call in interval mode may be answered from the last
    /// step's history before anything else is built, when no root search
    /// runs first and no sensitivities need their own interpolation. (One
    /// step at a time, INFO(3) = 1, a call is answered so only after an
    /// interval-mode return within the last step: not worth a test on
    /// every call.)
    fn answers_from_history(&self, layout: &Layout, cfg: &RunConfig) -> bool {
        #[cfg(not(daskr_single))]
        let sens = self.sens.is_some();
        #[cfg(daskr_single)]
        let sens = false;
        !cfg.intermediate_output && !cfg.first_call && layout.nrt == 0 && !sens
    }

    /// The call with sensitivities (the Rust API's `Solver`).
    #[cfg(not(daskr_single))]
    pub fn with_sensitivities(mut self, s: sens::DdaskrSens<'a>) -> Self {
        self.sens = Some(s);
        self
    }
}

/// Sensitivities for DDASKR's protocol: the Rust API keeps their arrays
/// (DDASKR's RWORK has no room for them; its Fortran interface has no
/// sensitivities, SPEC 5.1).
#[cfg(not(daskr_single))]
pub mod sens {
    use crate::core::error::{Interrupt, StepFailure};
    use crate::core::integrator::Arrays;
    use crate::core::layout::{rw, Coefficients};
    use crate::core::linsol::JacobianSource;
    use crate::core::sensitivity::matrix::Shape;
    use crate::core::sensitivity::{Begin, Parameter, SensArrays, SensCounters, SensOptions, Sensitivities};
    use crate::core::stepper::stored_history;
    use crate::types::{FInt, Real};

    /// The run's sensitivities as the API keeps them.
    pub struct DdaskrSens<'a> {
        pub options: SensOptions,
        pub params: Vec<Parameter>,
        pub arrays: SensArrays<'a>,
        pub counters: &'a mut SensCounters,
        /// +1 differential, -1 algebraic (for consistent sensitivities).
        pub id: &'a [FInt],
        /// A first call makes them consistent (else takes them as given).
        pub consistent: bool,
    }

    impl<'a> DdaskrSens<'a> {
        /// The companion for one call on a matrix of `shape`.
        pub(super) fn companion<'s>(&'s mut self, shape: Shape<'s>, source: JacobianSource, first: bool) -> Sensitivities<'s> {
            let begin = if first { Begin::Start { consistent: self.consistent } } else { Begin::Continue };
            let arrays = SensArrays {
                s: &mut *self.arrays.s,
                sp: &mut *self.arrays.sp,
                phi: &mut *self.arrays.phi,
                ncphi: self.arrays.ncphi,
                e: &mut *self.arrays.e,
                wt: &mut *self.arrays.wt,
            };
            Sensitivities::new(self.options, self.params.clone(), arrays, self.id, shape, source, *self.counters, begin)
        }
    }

    /// After the call: the values at the returned T (from the state's
    /// history), finite on success; the counters to keep.
    pub(super) fn finish(
        mut sens: Sensitivities<'_>,
        result: Result<FInt, Interrupt>,
        a: &Arrays<'_>,
        coef: &Coefficients,
        t: Real,
    ) -> (Result<FInt, Interrupt>, SensCounters) {
        if matches!(result, Ok(_) | Err(Interrupt::Step(_))) {
            let (kold, psi) = stored_history(coef, &a.ih);
            sens.output(a.rh.get(rw::TN), kold, psi, t);
        }
        if result.is_ok() && !sens.finite() {
            return (Err(StepFailure::SensitivitiesNotFinite { t }.into()), sens.counters);
        }
        (result, sens.counters)
    }
}

impl WorkLayout for Layout {
    fn lengths(&self) -> Lengths {
        Lengths { lenrw: self.lenrw, leniw: self.leniw, maxord: self.maxord }
    }

    fn phi(&self) -> std::ops::Range<usize> {
        self.phi..self.r0
    }
}

impl<S: DaeSystem + ?Sized> Protocol<S> for Ddaskr<'_> {
    const MESSAGE_PREFIX: &'static str = DASKR_PREFIX;
    type Options = DdaskrOptions;
    type Layout = Layout;
    type Record<'r>
        = RunSignature
    where
        Self: 'r;

    fn controls(o: &DdaskrOptions) -> &call::controls::StepControls {
        &o.controls
    }

    fn check_sizes(&self, c: &Common<'_>, _o: &DdaskrOptions) -> Result<(), InputError> {
        check_sizes(c.neq, self.nrt)
    }

    fn layout(&self, c: &Common<'_>, o: &DdaskrOptions, phase: Phase) -> Result<Layout, InputError> {
        checks::layout(o, c, self.nrt, phase == Phase::Start)
    }

    fn check_start(&mut self, c: &Common<'_>, _o: &DdaskrOptions, l: &Layout) -> Result<(), InputError> {
        check_start(l, c)
    }

    fn check_resume_shape(&self, c: &Common<'_>, _o: &DdaskrOptions, l: &Layout) -> Result<(), InputError> {
        check_segment_pointers(l, c.iwork)
    }

    fn check_resume(&self, c: &Common<'_>, _o: &DdaskrOptions, l: &Layout) -> Result<(), InputError> {
        check_resume(l, c.iwork)?;
        #[cfg(not(daskr_single))]
        if let Some(pattern) = check_run_pattern(l, c.iwork)? {
            let _ = self.pattern.set(pattern);
        }
        Ok(())
    }

    /// MAXORD as IWORK(3) holds it: the first call's initialisation has
    /// written the run's there before the record is stored.
    fn record(&self, c: &Common<'_>, o: &DdaskrOptions) -> RunSignature {
        RunSignature::of(o, c.neq, self.nrt, iget(c.iwork, iw::MAXORD))
    }

    fn initialise(&mut self, c: &mut Common<'_>, o: &DdaskrOptions, l: &Layout) {
        initialise_iwork(o, l, c.iwork, c.rwork);
    }

    fn config(&self, c: &Common<'_>, o: &DdaskrOptions, l: &Layout, phase: Phase) -> Result<RunConfig, InputError> {
        let initial = match o.initial_condition {
            0 => None,
            1 => Some(ic_request(&o.controls, IcOption::AlgebraicAndDerivatives)),
            _ => Some(ic_request(&o.controls, IcOption::States)),
        };
        let nonneg = if phase == Phase::Start { o.nonnegative() } else { iget(c.iwork, iw::NONNEG) != 0 };
        run_config(&o.controls, c.rwork, phase == Phase::Start, l.maxord, nonneg, initial)
    }

    fn integrate(&mut self, job: Job<'_, '_, S, DdaskrOptions, Layout>) -> Result<FInt, Interrupt> {
        let Job { mut io, rwork, iwork, options: o, layout, config: cfg, sys, sink } = job;
        if self.answers_from_history(layout, cfg) {
            if let Some(idid) = answer_from_history(layout.history_views(rwork, iwork), &mut io, cfg) {
                return Ok(idid);
            }
        }
        let (mut a, coef, rv) = Arrays::from_ddaskr(layout.split_rwork(rwork), layout.split_iwork(iwork));
        if o.constraints_in_iwork() {
            a.constraints = rv.icnstr.map(Constraints::Signs);
        }
        let search = SearchArrays { r0: rv.r0, r1: rv.r1, rx: rv.rx, jroot: &mut *self.jroot };
        let mut hook = RootFinder::load(&a.rh, &a.ih, search, o.roots);
        let n = layout.neq;
        // Borrowed, not taken: moving the ~200-byte Option out cost every
        // call about 40 instructions.
        #[cfg(not(daskr_single))]
        let mut sens = self.sens.as_mut();
        #[cfg(daskr_single)]
        let mut sens: Option<()> = None;
        #[cfg(not(daskr_single))]
        let first = cfg.first_call;
        let result = match layout.method {
            Method::Direct { format, source } => {
                let mut lin = DirectSolver::new(format, source, n, rv.wm, rv.pivots);
                match sens.as_mut() {
                    #[cfg(not(daskr_single))]
                    Some(sens) => {
                        use super::linsol::direct::MatrixFormat;
                        use super::sensitivity::matrix::Shape;
                        let shape = match format {
                            MatrixFormat::Dense => Shape::Dense(n),
                            MatrixFormat::Band { ml, mu } => Shape::Band(super::linsol::band::BandShape { n, ml, mu }),
                        };
                        let mut comp = sens.companion(shape, source, first);
                        let r = run_with(sys, &mut lin, &mut hook, &mut comp, sink, &mut a, coef, &mut io, cfg);
                        let (r, counters) = sens::finish(comp, r, &a, coef, *io.t);
                        *sens.counters = counters;
                        r
                    }
                    _ => run_with(sys, &mut lin, &mut hook, &mut NoCompanion, sink, &mut a, coef, &mut io, cfg),
                }
            }
            Method::Krylov { dims, .. } => {
                if sens.is_some() {
                    return Err(InputError::Internal.into());
                }
                let p = krylov_params(dims, &a.rh, o);
                let mut lin = KrylovSolver::new(p, rv.savr, rv.wm, rv.pivots).ok_or(InputError::Internal)?;
                run_with(sys, &mut lin, &mut hook, &mut NoCompanion, sink, &mut a, coef, &mut io, cfg)
            }
            #[cfg(daskr_single)]
            Method::Sparse { .. } => Err(InputError::Internal.into()),
            #[cfg(not(daskr_single))]
            Method::Sparse { nejac, source } => {
                let (rows, cols) = rv.pivots.split_at(nejac);
                // The checks of this call found the run's pattern, or its
                // key in IWORK (or put it there): no need to hash the lists.
                let key = stamp_from_words([a.ih.get(iw::sparse::KEY), a.ih.get(iw::sparse::KEY + 1)]);
                let pattern = match self.pattern.take() {
                    Some(pattern) => pattern,
                    None => shared_pattern_keyed(n, rows, cols, key).map_err(|_| InputError::Internal)?,
                };
                let stamp = stamp_from_words([a.ih.get(iw::sparse::STAMP), a.ih.get(iw::sparse::STAMP + 1)]);
                let mut lin = SparseSolver::new(std::rc::Rc::clone(&pattern), source, rv.wm, stamp);
                let result = match sens.as_mut() {
                    Some(sens) => {
                        let shape = super::sensitivity::matrix::Shape::sparse(&pattern);
                        let mut comp = sens.companion(shape, source, first);
                        let r = run_with(sys, &mut lin, &mut hook, &mut comp, sink, &mut a, coef, &mut io, cfg);
                        let (r, counters) = sens::finish(comp, r, &a, coef, *io.t);
                        *sens.counters = counters;
                        r
                    }
                    None => run_with(sys, &mut lin, &mut hook, &mut NoCompanion, sink, &mut a, coef, &mut io, cfg),
                };
                let [hi, lo] = stamp_to_words(lin.stamp());
                a.ih.set(iw::sparse::STAMP, hi);
                a.ih.set(iw::sparse::STAMP + 1, lo);
                result
            }
        };
        hook.store(&mut a.rh, &mut a.ih);
        result
    }
}

thread_local! {
    /// The thread's last checked DDASKR continuation shapes.
    static SHAPE: ShapeMemo<DdaskrOptions, Layout> = const { std::cell::RefCell::new(Ways::new()) };
}

impl<S: DaeSystem + ?Sized> InfoProtocol<S> for Ddaskr<'_> {
    fn decode(info: &[FInt]) -> Result<DdaskrOptions, InputError> {
        DdaskrOptions::decode(info)
    }

    fn shape_memo() -> Option<&'static MemoKey<DdaskrOptions, Layout>> {
        Some(&SHAPE)
    }

    fn shape_sizes(&self, c: &Common<'_>) -> [FInt; 4] {
        [c.neq, self.nrt, c.lrw, c.liw]
    }

    /// ML, MU, MAXORD, the matrix type, LENIW, LENRW, NPD, the Krylov
    /// method's MAXL, KMP, NRMAX, LENWP, LENIWP (the sparse method's
    /// factorisation stamp, pattern key and NEJAC in the same slots),
    /// LCIWP, LID, LENID; the run's record RWORK(16..19).
    #[inline(always)]
    fn header_words(ih: &[FInt; iw::HEADER], rh: &[Real; rw::HEADER]) -> HeaderWords {
        let i = |pos: usize| ih[pos - 1];
        let r = |pos: usize| bits(rh[pos - 1]);
        HeaderWords {
            iwork: [
                i(iw::ML),
                i(iw::MU),
                i(iw::MAXORD),
                i(iw::MTYPE),
                i(iw::LENIW),
                i(iw::LENRW),
                i(iw::NPD),
                i(iw::MAXL),
                i(iw::KMP),
                i(iw::NRMAX),
                i(iw::LENWP),
                i(iw::LENIWP),
                i(iw::LCIWP),
                i(iw::LID),
                i(iw::LENID),
                0,
            ],
            rwork: [r(rw::RUN_NEQ), r(rw::RUN_NRT), r(rw::RUN_MAXORD), r(rw::RUN_FLAGS)],
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn run_with<S: DaeSystem + ?Sized, L: LinearSolver<S>, C: Companion<S>>(
    sys: &mut S,
    lin: &mut L,
    hook: &mut RootFinder<'_>,
    comp: &mut C,
    sink: &mut dyn MessageSink,
    a: &mut Arrays<'_>,
    coef: &mut Coefficients,
    io: &mut CallIo<'_>,
    cfg: &RunConfig,
) -> Result<FInt, Interrupt> {
    integrate(&mut Parts { sys, lin, hook, sink }, comp, a, coef, io, cfg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::layout::{iw, rw};
    use crate::core::problem::CallbackStatus;
    use crate::types::Real;
    use crate::core::messages::CollectMessages;
    use crate::core::test_problems::{max_diff, Tridiagonal};

    /// A DDASKR integration with owned arrays, called through the INFO
    /// convention.
    pub(super) struct Call {
        pub t: Real,
        pub y: Vec<Real>,
        pub yp: Vec<Real>,
        pub tol: [Real; 2],
        pub rwork: Vec<Real>,
        pub iwork: Vec<FInt>,
        pub jroot: Vec<FInt>,
    }

    impl Call {
        /// From `(0, y, y')` with scalar tolerances `tol` and the work
        /// arrays' lengths; NRT = `nrt`.
        pub fn new(y: Vec<Real>, yp: Vec<Real>, tol: [Real; 2], (lrw, liw): (usize, usize), nrt: usize) -> Self {
            Call { t: 0.0, y, yp, tol, rwork: vec![0.0; lrw], iwork: vec![0; liw], jroot: vec![0; nrt] }
        }

        pub fn run<S: DaeSystem>(
            &mut self,
            sys: &mut S,
            tout: Real,
            info: &mut [FInt],
            sink: &mut CollectMessages,
        ) -> Result<FInt, Interrupt> {
            let [rtol, atol] = &mut self.tol;
            let tol = (std::slice::from_mut(rtol), std::slice::from_mut(atol));
            let state = (&mut self.t, &mut self.y[..], &mut self.yp[..]);
            let mut c = Common::owned(state, tout, tol, &mut self.rwork, &mut self.iwork);
            let mut d = Ddaskr::new(self.jroot.len() as FInt, &mut self.jroot);
            let mut idid = 0;
            call::call_with_info(&mut d, &mut c, info, &mut idid, sys, sink)
        }
    }

    /// One integration of y' + K y = 0 (K tridiagonal, n = 40) to t = 1
    /// with the given INFO(5), INFO(6) and IWORK(1..2); returns Y and
    /// IWORK.
    fn run_tridiagonal(info5: FInt, info6: FInt, ml_or_nejac: FInt, pattern: &[FInt]) -> (Vec<Real>, Vec<FInt>) {
        let n = 40;
        let mut sys = Tridiagonal { n };
        let mut info = [0; 20];
        info[4] = info5;
        info[5] = info6;
        let (y, mut yp) = (vec![1.0; n], vec![0.0; n]);
        let mut d = vec![0.0; n];
        sys.residual(0.0, &y, &yp, 0.0, &mut d);
        yp.iter_mut().zip(&d).for_each(|(p, r)| *p = -r);
        let lengths = (60 + 9 * n + 4 * n + 2 * n + 4 * n, 40 + n + pattern.len());
        let mut call = Call::new(y, yp, [1e-8, 1e-10], lengths, 0);
        call.iwork[iw::ML - 1] = ml_or_nejac;
        call.iwork[iw::MU - 1] = if info6 == 1 { 1 } else { 0 };
        call.iwork[40..40 + pattern.len()].copy_from_slice(pattern);
        let mut sink = CollectMessages::default();
        for k in 1..=4 {
            assert_eq!(call.run(&mut sys, 0.25 * k as Real, &mut info, &mut sink), Ok(3), "{:?}", sink.0);
        }
        (call.y, call.iwork)
    }

    /// A sparse run of the tridiagonal problem (difference quotients)
    /// after its first call to t = 0.25: the call, INFO, and where the
    /// pattern sits in IWORK.
    fn sparse_run_started() -> (Call, [FInt; 20], std::ops::Range<usize>) {
        let n = 40;
        let (rows, cols) = Tridiagonal { n }.pattern();
        let nejac = rows.len();
        let mut info = [0; 20];
        info[5] = 2;
        let (y, mut yp) = (vec![1.0; n], vec![0.0; n]);
        let mut d = vec![0.0; n];
        Tridiagonal { n }.residual(0.0, &y, &yp, 0.0, &mut d);
        yp.iter_mut().zip(&d).for_each(|(p, r)| *p = -r);
        let mut call = Call::new(y, yp, [1e-8, 1e-10], (60 + 9 * n + nejac, 40 + 2 * nejac), 0);
        call.iwork[iw::ML - 1] = nejac as FInt;
        call.iwork[40..40 + nejac].copy_from_slice(&rows);
        call.iwork[40 + nejac..40 + 2 * nejac].copy_from_slice(&cols);
        let mut sink = CollectMessages::default();
        assert_eq!(call.run(&mut Tridiagonal { n }, 0.25, &mut info, &mut sink), Ok(3), "{:?}", sink.0);
        (call, info, 40..40 + 2 * nejac)
    }

    #[test]
    fn a_pattern_changed_during_the_run_is_rejected() {
        let mut sink = CollectMessages::default();
        // The same entries in another order: PD(k) would be read for the
        // wrong entry.
        let (mut call, mut info, lists) = sparse_run_started();
        let rows = &mut call.iwork[lists.clone()];
        let nejac = rows.len() / 2;
        rows.swap(0, 1);
        rows.swap(nejac, nejac + 1);
        let out = call.run(&mut Tridiagonal { n: 40 }, 0.5, &mut info, &mut sink);
        assert_eq!(out.map_err(|e| e.idid()), Err(-33));
        assert!(sink.0.iter().flatten().any(|l| l.text.contains("sparse pattern in IWORK differs")), "{:?}", sink.0);
        // An entry moved to a position the run does not have.
        let (mut call, mut info, lists) = sparse_run_started();
        call.iwork[lists.start + 2] = 3;
        let out = call.run(&mut Tridiagonal { n: 40 }, 0.5, &mut info, &mut sink);
        assert_eq!(out.map_err(|e| e.idid()), Err(-33));
    }

    #[test]
    fn an_unchanged_pattern_continues_on_a_thread_that_never_analysed_it() {
        // That thread's cache does not hold the run's pattern: the lists
        // are checked against the key recorded in IWORK instead.
        let (mut call, mut info, _) = sparse_run_started();
        let mut here = Call {
            t: call.t,
            y: call.y.clone(),
            yp: call.yp.clone(),
            tol: call.tol,
            rwork: call.rwork.clone(),
            iwork: call.iwork.clone(),
            jroot: call.jroot.clone(),
        };
        let mut sink = CollectMessages::default();
        let (there, out) = std::thread::spawn(move || {
            let mut sink = CollectMessages::default();
            let out = call.run(&mut Tridiagonal { n: 40 }, 0.5, &mut info, &mut sink);
            (call, out)
        })
        .join()
        .unwrap();
        assert_eq!(out, Ok(3));
        let mut info = [0; 20];
        info[0] = 1;
        info[5] = 2;
        assert_eq!(here.run(&mut Tridiagonal { n: 40 }, 0.5, &mut info, &mut sink), Ok(3));
        assert_eq!(here.y, there.y);
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

    /// The tridiagonal problem with one root function that never
    /// vanishes: the root search runs on every continuation call, and a
    /// call is never answered before the integrator's own tests.
    struct WithSilentRoot(Tridiagonal);
    impl DaeSystem for WithSilentRoot {
        fn residual(&mut self, t: Real, y: &[Real], yp: &[Real], cj: Real, d: &mut [Real]) -> CallbackStatus {
            self.0.residual(t, y, yp, cj, d)
        }
        fn roots(&mut self, _t: Real, _y: &[Real], _yp: &[Real], r: &mut [Real]) {
            r[0] = 1.0;
        }
    }

    /// Calls answered from the last step's history (TOUT within the last
    /// step, interval mode, no roots) leave T, Y, Y', IDID and the work
    /// arrays as the integrator's full continuation path does: the same
    /// run with a silent root function, which always takes that path,
    /// bit for bit, but for the root finder's own slots, the NRT recorded
    /// for the run and LENRW.
    #[test]
    fn calls_answered_from_the_history_match_the_full_path() {
        let n = 40;
        let start = || {
            let (y, mut yp) = (vec![1.0; n], vec![0.0; n]);
            let mut d = vec![0.0; n];
            Tridiagonal { n }.residual(0.0, &y, &yp, 0.0, &mut d);
            yp.iter_mut().zip(&d).for_each(|(p, r)| *p = -r);
            (y, yp)
        };
        let lengths = |nrt: usize| (rw::HEADER + 3 * nrt + 9 * n + n * n, iw::HEADER + n);
        let (y, yp) = start();
        let mut plain = Call::new(y, yp, [1e-6, 1e-8], lengths(0), 0);
        let (y, yp) = start();
        let mut rooted = Call::new(y, yp, [1e-6, 1e-8], lengths(1), 1);
        // HMAX (INFO(7)) so that the answered calls limit H too.
        let mut info_plain = [0; 20];
        info_plain[6] = 1;
        plain.rwork[rw::HMAX - 1] = 0.05;
        rooted.rwork[rw::HMAX - 1] = 0.05;
        let mut info_rooted = info_plain;
        let mut sink = CollectMessages::default();
        let own_slots = |k: usize, iw_side: bool| {
            if iw_side {
                [iw::NRTE, iw::IRFND, iw::LENRW].contains(&(k + 1))
            } else {
                [rw::T0, rw::RUN_NRT].contains(&(k + 1))
            }
        };
        let mut answered = 0;
        for k in 1..=400 {
            let tout = 0.0025 * k as Real;
            let nst = plain.iwork[iw::NST - 1];
            let a = plain.run(&mut Tridiagonal { n }, tout, &mut info_plain, &mut sink);
            let b = rooted.run(&mut WithSilentRoot(Tridiagonal { n }), tout, &mut info_rooted, &mut sink);
            assert_eq!(a, b, "{:?}", sink.0);
            assert_eq!(a, Ok(3));
            answered += usize::from(plain.iwork[iw::NST - 1] == nst);
            assert_eq!(plain.t.to_bits(), rooted.t.to_bits());
            let bits = |v: &[Real]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&plain.y), bits(&rooted.y), "Y at {tout}");
            assert_eq!(bits(&plain.yp), bits(&rooted.yp), "Y' at {tout}");
            for j in 0..rw::HEADER {
                if !own_slots(j, false) {
                    assert_eq!(plain.rwork[j].to_bits(), rooted.rwork[j].to_bits(), "RWORK({}) at {tout}", j + 1);
                }
            }
            for j in 0..iw::HEADER {
                if !own_slots(j, true) {
                    assert_eq!(plain.iwork[j], rooted.iwork[j], "IWORK({}) at {tout}", j + 1);
                }
            }
            // DELTA, E, WT and PHI's six columns sit at the same positions
            // (the root finder's arrays follow them).
            let vectors = rw::HEADER..rw::HEADER + 9 * n;
            assert_eq!(bits(&plain.rwork[vectors.clone()]), bits(&rooted.rwork[vectors]), "PHI at {tout}");
        }
        assert!(answered > 100, "only {answered} calls answered without a step");
    }
}

#[cfg(test)]
mod shape_tests {
    //! Continuation calls in a remembered shape ([`call::shape`]) behave
    //! as calls that derive it: a structural word changed between calls
    //! is still found, runs that alternate on one thread and a run nested
    //! in another's residual give the answers they give alone.
    use super::tests::Call;
    use super::*;
    use crate::core::layout::rw;
    use crate::core::messages::CollectMessages;
    use crate::core::problem::CallbackStatus;
    use crate::core::test_problems::Tridiagonal;
    use crate::types::Real;

    /// A dense run of the tridiagonal problem of size `n` after its first
    /// call, one step per call (INFO(3) = 1).
    fn started(n: usize, sink: &mut CollectMessages) -> (Call, [FInt; 20]) {
        let (y, mut yp) = (vec![1.0; n], vec![0.0; n]);
        let mut d = vec![0.0; n];
        Tridiagonal { n }.residual(0.0, &y, &yp, 0.0, &mut d);
        yp.iter_mut().zip(&d).for_each(|(p, r)| *p = -r);
        let mut call = Call::new(y, yp, [1e-6, 1e-8], (rw::HEADER + 9 * n + n * n, iw::HEADER + n), 0);
        let mut info = [0; 20];
        info[2] = 1;
        assert_eq!(call.run(&mut Tridiagonal { n }, 1.0, &mut info, sink), Ok(1), "{:?}", sink.0);
        (call, info)
    }

    #[test]
    fn a_structural_word_changed_after_the_shape_is_remembered_is_found() {
        // IWORK(22) NPD, IWORK(17) LENIW, IWORK(3) MAXORD, IWORK(4) the
        // matrix type, RWORK(16) the recorded NEQ; INFO(6); LRW.
        type Damage = fn(&mut Call, &mut [FInt; 20]);
        let damages: [(Damage, &str); 7] = [
            (|c, _| c.iwork[iw::NPD - 1] += 1, "segment pointers"),
            (|c, _| c.iwork[iw::LENIW - 1] += 1, "IWORK(17..18)"),
            (|c, _| c.iwork[iw::MAXORD - 1] = 4, "MAXORD"),
            // Read as a banded matrix: the lengths no longer agree.
            (|c, _| c.iwork[iw::MTYPE - 1] = 5, "IWORK(17..18)"),
            (|c, _| c.rwork[rw::RUN_NEQ - 1] = 11.0, "NEQ"),
            (|_, info| info[5] = 1, "INFO(6)"),
            (|c, _| c.rwork.truncate(c.rwork.len() - 1), "RWORK"),
        ];
        for (damage, what) in damages {
            let mut sink = CollectMessages::default();
            let (mut call, mut info) = started(10, &mut sink);
            // Two continuation calls: the first remembers the shape, the
            // second is answered in it.
            for _ in 0..2 {
                assert_eq!(call.run(&mut Tridiagonal { n: 10 }, 1.0, &mut info, &mut sink), Ok(1));
            }
            damage(&mut call, &mut info);
            let out = call.run(&mut Tridiagonal { n: 10 }, 1.0, &mut info, &mut sink);
            assert_eq!(out.map_err(|e| e.idid()), Err(-33), "{what}");
            let text: Vec<_> = sink.0.iter().flatten().map(|l| l.text.clone()).collect();
            assert!(text.iter().any(|l| l.contains(what)), "{what}: {text:?}");
        }
    }

    /// Y at t = 1 of the tridiagonal problem of size `n`, one step per call.
    fn alone(n: usize) -> Vec<u64> {
        let mut sink = CollectMessages::default();
        let (mut call, mut info) = started(n, &mut sink);
        while call.t < 1.0 {
            call.run(&mut Tridiagonal { n }, 1.0, &mut info, &mut sink).expect("a step");
        }
        call.y.iter().map(|v| v.to_bits()).collect()
    }

    #[test]
    fn runs_alternating_on_one_thread_give_their_answers_alone() {
        // Two shapes (n = 10 and 12) in turn, each found in its own slot.
        let mut sink = CollectMessages::default();
        let (mut a, mut info_a) = started(10, &mut sink);
        let (mut b, mut info_b) = started(12, &mut sink);
        while a.t < 1.0 || b.t < 1.0 {
            if a.t < 1.0 {
                a.run(&mut Tridiagonal { n: 10 }, 1.0, &mut info_a, &mut sink).expect("a step");
            }
            if b.t < 1.0 {
                b.run(&mut Tridiagonal { n: 12 }, 1.0, &mut info_b, &mut sink).expect("a step");
            }
        }
        let bits = |c: &Call| c.y.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&a), alone(10));
        assert_eq!(bits(&b), alone(12));
    }

    /// The tridiagonal problem whose residual first takes one step of
    /// another integration (n = 12) on the same thread.
    struct Nesting {
        inner: Call,
        info: [FInt; 20],
    }

    impl DaeSystem for Nesting {
        fn residual(&mut self, t: Real, y: &[Real], yp: &[Real], cj: Real, d: &mut [Real]) -> CallbackStatus {
            if self.inner.t < 1.0 {
                let mut sink = CollectMessages::default();
                self.inner.run(&mut Tridiagonal { n: 12 }, 1.0, &mut self.info, &mut sink).expect("an inner step");
            }
            Tridiagonal { n: 10 }.residual(t, y, yp, cj, d)
        }
    }

    #[test]
    fn a_run_nested_in_a_residual_leaves_the_outer_run_as_it_is_alone() {
        let mut sink = CollectMessages::default();
        let (inner, info) = started(12, &mut sink);
        let mut nesting = Nesting { inner, info };
        let (mut outer, mut info) = started(10, &mut sink);
        while outer.t < 1.0 {
            outer.run(&mut nesting, 1.0, &mut info, &mut sink).expect("an outer step");
        }
        assert_eq!(outer.y.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), alone(10));
        while nesting.inner.t < 1.0 {
            nesting.inner.run(&mut Tridiagonal { n: 12 }, 1.0, &mut nesting.info, &mut sink).expect("a step");
        }
        assert_eq!(nesting.inner.y.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), alone(12));
    }
}

#[cfg(test)]
mod root_extension_tests {
    use super::tests::Call;
    use super::*;
    use crate::types::Real;
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
        let mut call = Call::new(vec![0.0; 2], vec![1.0, 0.0], [1e-6, 1e-8], (60 + 9 * 2 + 4 + 9, 42), 3);
        let mut sink = CollectMessages::default();
        let mut found = Vec::new();
        loop {
            match call.run(&mut Ramp, 2.0, &mut info, &mut sink) {
                Ok(5) => found.push((call.t, [call.jroot[0], call.jroot[1], call.jroot[2]])),
                Ok(_) => {}
                Err(e) => return Err(e.idid()),
            }
            if call.t >= 2.0 {
                return Ok(found);
            }
        }
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
