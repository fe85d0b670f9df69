//! DSL48E's call protocol (SPEC section 5): what the hybrid integrator
//! brings to the shared call shell ([`crate::core::call`]): its 37
//! arguments' checks, the model's differential/algebraic split from JYDOT,
//! the sparse direct solver on the caller's pattern, BOUNDS kept by the
//! initial-condition iteration and the corrector, and the state-event
//! detector around the shared [`integrator`](crate::core::integrator).
//!
//! All state that must survive between calls is in RWORK/IWORK (layout:
//! [`Dsl48eLayout`]); IEVWK/REVWK are scratch.

pub mod checks;

pub use self::checks::Dsl48eOptions;
use self::checks::{check_initial_sensitivities, check_sensitivity_inputs, RunSignature};
use super::call::controls::{check_ic_controls, ic_request, run_config, StepControls};
use super::call::{self, Common, InfoProtocol, Job, Lengths, Phase, Protocol, WorkLayout};
use super::companion::NoCompanion;
use super::constraints::Constraints;
use super::error::{InputError, Interrupt, StepFailure};
use super::events::{Event, EventDetector, Pending};
use super::initial::IcOption;
use super::integrator::{answer_from_history, integrate, Arrays, CallIo, Parts, RunConfig, UROUND};
use super::layout::dsl::sens;
use super::layout::{dsl, iw, rw, Coefficients, Dsl48eIViews, Dsl48eLayout, Dsl48eRViews, IHeader, RHeader};
use super::linsol::sparse::{
    pattern_key, run_pattern, shared_pattern_keyed, stamp_from_words, stamp_to_words, Pattern, RunPattern,
    SparseSolver,
};
use super::linsol::JacobianSource;
use super::problem::{DaeSystem, StateConditions};
use super::sensitivity::matrix::Shape;
use super::sensitivity::{
    Begin, EventOutcome, EventPoint, JumpRule, Parameter, Restart, SensArrays, SensCounters, SensOptions, Sensitivities,
};
use super::stepper::stored_history;
use crate::types::{FInt, Real};
use std::cell::OnceCell;
use std::rc::Rc;

/// How DSL48E's messages begin.
pub const MESSAGE_PREFIX: &str = "DSL48E--";

/// DSL48E's own arguments beyond the [`Common`] ones, as checked slices.
/// The FFI layer builds each slice with its declared length (0 for a
/// negative one): JROW, JCOL NEJAC; JYDOT NJYDOT; BOUNDS 2*NEQ with
/// INFO(10) = 1; ISC NC; REVWK LREVWK.
pub struct Dsl48e<'a> {
    pub nejac: FInt,
    pub jrow: &'a [FInt],
    pub jcol: &'a [FInt],
    pub jydot: &'a [FInt],
    pub njydot: FInt,
    pub jdtype: FInt,
    pub bounds: &'a [Real],
    pub ievent: &'a mut FInt,
    pub idiscon: &'a mut FInt,
    pub nc: FInt,
    pub nd: FInt,
    pub isc: &'a [FInt],
    pub tevt: &'a mut Real,
    /// LIEVWK, checked against the seed's minimum; IEVWK itself is
    /// scratch this implementation does not need.
    pub lievwk: FInt,
    pub lrevwk: FInt,
    pub revwk: &'a mut [Real],
    /// The sensitivities' part of Z and ZDOT, with INFO(12) > 0.
    pub sens: Option<SensArgs<'a>>,
    /// The pattern's key, computed once per call when first needed.
    key: OnceCell<u64>,
    /// The run's analysed pattern, when a continuation call's check found
    /// it in the thread's cache.
    pattern: OnceCell<Rc<Pattern>>,
    /// A first call that restarts at an event return: how the
    /// sensitivities cross it (decided by the first call's checks, before
    /// the start overwrites the record's flags).
    restart: Option<JumpRule>,
}

/// The sensitivities' part of DSL48E's Z and ZDOT: Z(NEQ+1..NEQ*(NP+1)),
/// ZDOT(NEQ+1..NEQ*(NP+1)) (slices of their declared lengths; a caller
/// that cannot vouch for them passes empty ones, which the length checks
/// reject), and whether SENRHS is given.
pub struct SensArgs<'a> {
    pub s: &'a mut [Real],
    pub sp: &'a mut [Real],
    pub senrhs: bool,
}

impl<'a> Dsl48e<'a> {
    /// The arguments of one call (IEVENT is set to 0 here: it is 0 on
    /// every return that is not an event), with the sensitivities' part of
    /// Z and ZDOT when the caller has one (INFO(12) > 0 requires it).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        nejac: FInt,
        jrow: &'a [FInt],
        jcol: &'a [FInt],
        jydot: &'a [FInt],
        njydot: FInt,
        jdtype: FInt,
        bounds: &'a [Real],
        (ievent, idiscon, tevt): (&'a mut FInt, &'a mut FInt, &'a mut Real),
        (nc, nd, isc): (FInt, FInt, &'a [FInt]),
        (lievwk, lrevwk, revwk): (FInt, FInt, &'a mut [Real]),
        sens: Option<SensArgs<'a>>,
    ) -> Self {
        *ievent = 0;
        Dsl48e {
            nejac,
            jrow,
            jcol,
            jydot,
            njydot,
            jdtype,
            bounds,
            ievent,
            idiscon,
            nc,
            nd,
            isc,
            tevt,
            lievwk,
            lrevwk,
            revwk,
            sens,
            key: OnceCell::new(),
            pattern: OnceCell::new(),
            restart: None,
        }
    }

    /// The key of the pattern JROW, JCOL with NEQ (once the sizes are
    /// checked).
    fn key(&self, neq: FInt) -> u64 {
        *self.key.get_or_init(|| pattern_key(neq as usize, self.jrow, self.jcol))
    }

    /// JROW, JCOL are the pattern the run started with, whose key is in
    /// `recorded` (IWORK's two words; [`run_pattern`]): then that key is
    /// theirs, and the run's analysed pattern, if this thread's cache
    /// holds it, is kept for the call.
    fn same_pattern(&self, neq: FInt, recorded: [FInt; 2]) -> bool {
        let key = stamp_from_words(recorded);
        match run_pattern(neq as usize, self.jrow, self.jcol, key) {
            RunPattern::Cached(pattern) => {
                let _ = self.pattern.set(pattern);
            }
            RunPattern::SameKey => {}
            RunPattern::Changed => return false,
        }
        let _ = self.key.set(key);
        true
    }

    fn jacobian_source(&self) -> JacobianSource {
        if self.jdtype == 1 {
            JacobianSource::User
        } else {
            JacobianSource::DifferenceQuotients
        }
    }
}

impl WorkLayout for Dsl48eLayout {
    fn lengths(&self) -> Lengths {
        Lengths { lenrw: self.lenrw, leniw: self.leniw, maxord: self.maxord }
    }

    fn phi(&self) -> std::ops::Range<usize> {
        self.phi..self.pd
    }
}

impl<'a, S: DaeSystem + StateConditions + ?Sized> Protocol<S> for Dsl48e<'a> {
    const MESSAGE_PREFIX: &'static str = MESSAGE_PREFIX;
    type Options = Dsl48eOptions;
    type Layout = Dsl48eLayout;
    type Record<'r>
        = RunSignature<'r>
    where
        Self: 'r;

    fn controls(o: &Dsl48eOptions) -> &StepControls {
        &o.controls
    }

    fn check_sizes(&self, c: &Common<'_>, o: &Dsl48eOptions) -> Result<(), InputError> {
        Dsl48e::check_sizes(self, c.neq, o, c.iwork)
    }

    fn layout(&self, c: &Common<'_>, o: &Dsl48eOptions, phase: Phase) -> Result<Dsl48eLayout, InputError> {
        let q = match phase {
            Phase::Start => o.controls.maxord(c.iwork)?,
            Phase::Continue => c.iwork[iw::MAXORD - 1].clamp(1, 5) as usize,
        };
        let (neq, nejac, nd, np) = (c.neq as usize, self.nejac as usize, self.nd as usize, o.np());
        Dsl48eLayout::compute(neq, nejac, nd, q, o.controls.exclude_algebraic, np)
            .map_err(|_| InputError::LengthOverflow { neq: c.neq })
    }

    fn check_scratch(&self, c: &Common<'_>, _o: &Dsl48eOptions, l: &Dsl48eLayout) -> Result<(), InputError> {
        self.check_scratch(c.neq, l.maxord)
    }

    fn check_start(&mut self, c: &Common<'_>, o: &Dsl48eOptions, l: &Dsl48eLayout) -> Result<(), InputError> {
        self.check_index_lists(c.neq)?;
        self.check_pattern(c.neq)?;
        if o.bounds {
            self.check_bounds(c.y)?;
        }
        if o.initial_condition && o.controls.ic_controls {
            check_ic_controls(c.iwork, c.rwork)?;
        }
        if let Some(so) = o.sens {
            self.check_sensitivity_arrays(c, so)?;
            check_sensitivity_inputs(l, c.rwork, c.iwork)?;
            self.restart = self.restart_after_event(c, so, l)?;
            let differential = |j: usize| self.jydot.contains(&(j as FInt + 1));
            let Some(args) = &self.sens else { return Err(InputError::Internal) };
            let all = match self.restart {
                Some(_) => false,
                None => !o.initial_condition,
            };
            let s = &args.s[..so.np * l.neq];
            let restart_given = self.restart.is_some_and(|r| r != JumpRule::Continuous);
            if self.restart.is_none() || restart_given {
                check_initial_sensitivities(s, &args.sp[..so.np * l.neq], differential, l.neq, all)?;
            }
        }
        Ok(())
    }

    fn check_resume(&self, c: &Common<'_>, o: &Dsl48eOptions, l: &Dsl48eLayout) -> Result<(), InputError> {
        if c.iwork.get(dsl::EVENT_RETURNED - 1).copied().unwrap_or(0) != 0 {
            return Err(InputError::RestartAfterEvent);
        }
        if let Some(so) = o.sens {
            self.check_sensitivity_arrays(c, so)?;
            check_sensitivity_inputs(l, c.rwork, c.iwork)?;
        }
        self.check_index_lists(c.neq)
    }

    fn record<'r>(&'r self, c: &Common<'_>, o: &Dsl48eOptions) -> RunSignature<'r> {
        RunSignature::of(self, c.neq, o, c.iwork)
    }

    fn initialise(&mut self, c: &mut Common<'_>, o: &Dsl48eOptions, l: &Dsl48eLayout) {
        let Dsl48eIViews { header: mut h, id, sens_counters, .. } = l.split_iwork(c.iwork);
        sens_counters.fill(0);
        id.fill(-1);
        for &j in self.jydot {
            id[j as usize - 1] = 1;
        }
        h.set(iw::MAXORD, l.maxord as FInt);
        h.zero_counters();
        h.set(dsl::STAMP, 0);
        h.set(dsl::STAMP + 1, 0);
        h.set(dsl::EVENT_RETURNED, 0);
        h.set(dsl::PENDING, 0);
        if o.initial_condition && !o.controls.ic_controls {
            h.set_ic_defaults(false);
        }
    }

    fn config(&self, c: &Common<'_>, o: &Dsl48eOptions, l: &Dsl48eLayout, phase: Phase) -> Result<RunConfig, InputError> {
        let initial = o.initial_condition.then(|| ic_request(&o.controls, IcOption::AlgebraicAndDerivatives));
        run_config(&o.controls, c.rwork, phase == Phase::Start, l.maxord, false, initial)
    }

    fn integrate(&mut self, job: Job<'_, '_, S, Dsl48eOptions, Dsl48eLayout>) -> Result<FInt, Interrupt> {
        let Job { mut io, rwork, iwork, options: o, layout, config: cfg, sys, sink } = job;
        if answers_from_history(o, cfg, iwork) {
            if let Some(idid) = answer_from_history(layout.history_views(rwork, iwork), &mut io, cfg) {
                return Ok(idid);
            }
        }
        let key = self.key(io.y.len() as FInt);
        let source = self.jacobian_source();
        let Dsl48eRViews { header: rh, coef, pbar, tau, record, delta, e, wt, vt, phi, pd, sens_phi, sens_e, sens_wt } =
            layout.split_rwork(rwork);
        let Dsl48eIViews { header: ih, rpar_index, sens_counters, id, truth } = layout.split_iwork(iwork);
        let stamp = stamp_from_words([ih.get(dsl::STAMP), ih.get(dsl::STAMP + 1)]);
        let pending = load_pending(&ih, &rh);
        let box_bounds = o.bounds.then_some(Constraints::Box(self.bounds));
        let pattern = match self.pattern.take() {
            Some(pattern) => pattern,
            None => shared_pattern_keyed(layout.neq, self.jrow, self.jcol, key).map_err(|_| InputError::Internal)?,
        };
        let mut lin = SparseSolver::new(Rc::clone(&pattern), source, pd, stamp);
        let id: &[FInt] = id;
        let mut events = EventDetector::new(self.isc, truth, pending, Rc::clone(&pattern), source, id, cfg.tstop, self.revwk);
        let mut arrays =
            Arrays { rh, ih, wt, vt, phi, delta, e, id: Some(id), constraints: box_bounds, bounds: box_bounds };
        let mut sink = call::Renamed { prefix: MESSAGE_PREFIX, sink };
        let result = match (o.sens, self.sens.as_mut()) {
            (None, _) => {
                let parts = &mut Parts { sys, lin: &mut lin, hook: &mut events, sink: &mut sink };
                integrate(parts, &mut NoCompanion, &mut arrays, coef, &mut io, cfg)
            }
            (Some(_), None) => return Err(InputError::Internal.into()),
            (Some(so), Some(args)) => {
                let params = parameters(sys, rpar_index, pbar)?;
                let begin = match (cfg.first_call, self.restart) {
                    (false, _) => Begin::Continue,
                    (true, None) => Begin::Start { consistent: o.initial_condition },
                    (true, Some(rule)) => {
                        let (zdot, s) = record.split_at(layout.neq);
                        Begin::Restart(Restart { rule, tau: tau.to_vec(), zdot: zdot.to_vec(), s: s.to_vec() })
                    }
                };
                let n = layout.neq;
                let arr = SensArrays {
                    s: &mut args.s[..so.np * n],
                    sp: &mut args.sp[..so.np * n],
                    phi: sens_phi,
                    ncphi: layout.ncphi,
                    e: sens_e,
                    wt: sens_wt,
                };
                let counters = SensCounters::load(sens_counters);
                let shape = Shape::sparse(&pattern);
                let mut sens = Sensitivities::new(so, params, arr, id, shape, source, counters, begin);
                let r = {
                    let parts = &mut Parts { sys: &mut *sys, lin: &mut lin, hook: &mut events, sink: &mut sink };
                    integrate(parts, &mut sens, &mut arrays, coef, &mut io, cfg)
                };
                let at = EventCall { isc: self.isc, nd: layout.nd, np: so.np, event: events.event, tau, record };
                let r = finish_sensitivities(&mut sens, sys, &mut arrays, coef, &mut io, at, r);
                sens.counters.store(sens_counters);
                r
            }
        };
        let [hi, lo] = stamp_to_words(lin.stamp());
        arrays.ih.set(dsl::STAMP, hi);
        arrays.ih.set(dsl::STAMP + 1, lo);
        store_pending(&mut arrays.ih, &mut arrays.rh, events.pending);
        arrays.ih.set(dsl::EVENT_RETURNED, FInt::from(events.event.is_some()));
        let located = match (&events.event, &result) {
            (Some(e), Ok(_) | Err(Interrupt::Step(StepFailure::GrazingEvent { .. }))) => {
                Some((e.condition as FInt + 1, e.function as FInt + 1, e.t))
            }
            (_, Err(Interrupt::Step(StepFailure::EventPolishing { ievent, idiscon, tevt, .. }))) => {
                Some((*ievent, *idiscon, *tevt))
            }
            _ => None,
        };
        if let Some((k, j, t)) = located {
            (*self.ievent, *self.idiscon, *self.tevt) = (k, j, t);
        }
        result
    }
}

impl Dsl48e<'_> {
    /// Z, ZDOT hold NEQ*(NP+1) numbers, SENRHS is given for INFO(15) = 0.
    fn check_sensitivity_arrays(&self, c: &Common<'_>, so: SensOptions) -> Result<(), InputError> {
        let Some(args) = &self.sens else {
            return Err(InputError::Internal);
        };
        let needed = so.np.saturating_add(1).saturating_mul(c.y.len());
        let given = c.y.len() + args.s.len().min(args.sp.len());
        if given < needed {
            let (needed, given) = (FInt::try_from(needed).unwrap_or(FInt::MAX), given as FInt);
            return Err(InputError::ArrayTooShort { name: "Z, ZDOT (NEQ*(INFO(12)+1))", needed, given });
        }
        if so.dfdp == super::sensitivity::DfdpSource::Routine && !args.senrhs {
            return Err(InputError::NullArgument { what: "SENRHS (INFO(12) > 0 with INFO(15) = 0)" });
        }
        Ok(())
    }

    /// A first call at the time of the last event return (the record in
    /// IWORK(38), RWORK(54), kept until a later call returns successfully
    /// without an event; a start's zeroed counters do not touch it), with
    /// the same NP: a restart after the event,
    /// whose sensitivities cross it as INFO(20) says (checked against what
    /// the record holds).
    fn restart_after_event(&self, c: &Common<'_>, so: SensOptions, l: &Dsl48eLayout) -> Result<Option<JumpRule>, InputError> {
        let i = |pos: usize| c.iwork[pos - 1];
        let record = i(sens::RECORD);
        let (state, np) = (record.rem_euclid(4), record.div_euclid(4));
        let same_time = c.rwork[sens::RECORD_T - 1].to_bits() == c.t.to_bits();
        let restart = (state == sens::RECORD_TRANSVERSAL || state == sens::RECORD_GRAZING)
            && np == so.np as FInt
            && same_time;
        if !restart {
            return Ok(None);
        }
        let rule = match so.jump {
            JumpRule::Continuous => 0,
            JumpRule::TotalDerivative => 1,
            JumpRule::Given => return Ok(Some(JumpRule::Given)),
        };
        if state == sens::RECORD_GRAZING {
            let reason = "the event was not transversal (IDID = -16): dTEVT/dp is undefined; use INFO(20) = 2";
            return Err(InputError::SensitivityJump { rule, reason });
        }
        if so.jump == JumpRule::Continuous {
            let old_id = &c.iwork[l.id..l.id + l.neq];
            let same_neq = c.rwork[dsl::RUN_NEQ - 1] == l.neq as Real;
            let same_x = same_neq
                && old_id.iter().enumerate().all(|(j, &d)| (d > 0) == self.jydot.contains(&(j as FInt + 1)));
            if !same_x {
                let reason = "NEQ or the differential variables (JYDOT) changed at the event; use INFO(20) = 1 or 2";
                return Err(InputError::SensitivityJump { rule, reason });
            }
        }
        Ok(Some(so.jump))
    }
}

/// The parameters' RPAR indices and effective PBAR: RWORK(60+i) if
/// positive, else |RPAR(IWORK(40+i))| if that index is given and the
/// value is not 0, else 1. An index the problem has no parameter for (a
/// null RPAR) is illegal input.
fn parameters<S: DaeSystem + ?Sized>(sys: &mut S, index: &[FInt], pbar: &[Real]) -> Result<Vec<Parameter>, InputError> {
    let mut params = Vec::with_capacity(index.len());
    for (ip, (&slot, &given)) in index.iter().zip(pbar).enumerate() {
        let slot = slot as usize;
        let value = match slot {
            0 => 0.0,
            _ => sys.parameter(slot).ok_or(InputError::NullArgument { what: "RPAR (an RPAR index IWORK(40+i) is given)" })?,
        };
        let pbar = if given > 0.0 {
            given
        } else if value != 0.0 && value.is_finite() {
            value.abs()
        } else {
            1.0
        };
        params.push(Parameter { ip, slot, pbar });
    }
    Ok(params)
}

/// What the end of a call with sensitivities needs of the event search.
struct EventCall<'x> {
    isc: &'x [FInt],
    nd: usize,
    np: usize,
    event: Option<Event>,
    tau: &'x mut [Real],
    record: &'x mut [Real],
}

/// The end of a call with sensitivities: at an event return their values
/// at TEVT, dTEVT/dp and the record (or IDID = -16 for a grazing event);
/// otherwise their values at the returned T; none non-finite on success.
fn finish_sensitivities<S: DaeSystem + ?Sized>(
    sens: &mut Sensitivities<'_>,
    sys: &mut S,
    a: &mut Arrays<'_>,
    coef: &Coefficients,
    io: &mut CallIo<'_>,
    ev: EventCall<'_>,
    result: Result<FInt, Interrupt>,
) -> Result<FInt, Interrupt> {
    let (kold, psi) = stored_history(coef, &a.ih);
    let tn = a.rh.get(rw::TN);
    let t = *io.t;
    let mut result = match (ev.event, result) {
        (Some(e), Ok(idid)) => {
            let n = io.y.len();
            let first = ev.isc[..e.condition].iter().map(|&k| k as usize).sum::<usize>();
            let m = n - ev.nd + first + e.function;
            let mut cnt = a.ih.counters();
            let at = EventPoint {
                t,
                z: &mut *io.y,
                zdot: &mut *io.yp,
                m,
                wt: a.wt,
                h: a.rh.get(rw::HOLD),
                tn,
                kold,
                psi,
                uround: UROUND,
            };
            let outcome = sens.at_event(sys, at, ev.tau, ev.record, &mut cnt);
            a.ih.store_counters(&cnt);
            match outcome {
                Ok(EventOutcome::Transversal) => {
                    a.ih.set(sens::RECORD, 4 * ev.np as FInt + sens::RECORD_TRANSVERSAL);
                    a.rh.set(sens::RECORD_T, t);
                    Ok(idid)
                }
                Ok(EventOutcome::Grazing) => {
                    a.ih.set(sens::RECORD, 4 * ev.np as FInt + sens::RECORD_GRAZING);
                    a.rh.set(sens::RECORD_T, t);
                    let (ievent, idiscon) = (e.condition as FInt + 1, e.function as FInt + 1);
                    let slope = io.yp[m];
                    Err(StepFailure::GrazingEvent { tevt: t, ievent, idiscon, slope }.into())
                }
                Err(f) => Err(f.into()),
            }
        }
        (_, r) => {
            // A successful return without an event: the run has left the
            // last event behind (a failed restart may be tried again).
            if r.is_ok() {
                a.ih.set(sens::RECORD, 0);
            }
            if matches!(r, Ok(_) | Err(Interrupt::Step(_))) {
                sens.output(tn, kold, psi, t);
            }
            r
        }
    };
    let returned = matches!(result, Ok(_) | Err(Interrupt::Step(StepFailure::GrazingEvent { .. })));
    if returned && !sens.finite() {
        result = Err(StepFailure::SensitivitiesNotFinite { t }.into());
    }
    result
}

impl<'a, S: DaeSystem + StateConditions + ?Sized> InfoProtocol<S> for Dsl48e<'a> {
    fn decode(info: &[FInt]) -> Result<Dsl48eOptions, InputError> {
        Dsl48eOptions::decode(info)
    }
}

/// A continuation call in interval mode may be answered from the last
/// step's history before anything else is built (as DDASKR's, see
/// [`answer_from_history`]) when no event found beyond TOUT waits to be
/// polished first (the detector's only work before the continuation
/// tests) and no sensitivities need their own interpolation. The pattern,
/// the factors' stamp and the event record stay as they are; the call
/// returns no event (IEVENT = 0).
fn answers_from_history(o: &Dsl48eOptions, cfg: &RunConfig, iwork: &[FInt]) -> bool {
    !cfg.intermediate_output && !cfg.first_call && o.sens.is_none() && !is_pending(iwork[dsl::PENDING - 1])
}

/// IWORK(PENDING) records an event found beyond TOUT (the function's
/// 1-based index; 0 for none).
fn is_pending(word: FInt) -> bool {
    word > 0
}

/// The event found beyond TOUT on the last call, if any.
fn load_pending(ih: &IHeader<'_>, rh: &RHeader<'_>) -> Option<Pending> {
    let f = ih.get(dsl::PENDING);
    is_pending(f).then(|| Pending {
        function: f as usize - 1,
        t: rh.get(dsl::PENDING_T),
        new_truth: ih.get(dsl::PENDING_TRUTH) != 0,
    })
}

fn store_pending(ih: &mut IHeader<'_>, rh: &mut RHeader<'_>, p: Option<Pending>) {
    match p {
        Some(p) => {
            ih.set(dsl::PENDING, p.function as FInt + 1);
            ih.set(dsl::PENDING_TRUTH, FInt::from(p.new_truth));
            rh.set(dsl::PENDING_T, p.t);
        }
        None => ih.set(dsl::PENDING, 0),
    }
}
