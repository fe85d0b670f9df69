//! DSL48E's call protocol (SPEC section 5): the DAEPACK hybrid integrator's
//! 37 arguments decoded and checked, the model's differential/algebraic
//! split from JYDOT, the sparse direct solver on the caller's pattern,
//! BOUNDS kept by the initial-condition iteration and the corrector, and
//! the shared [`integrator`](crate::core::integrator) doing the steps.
//!
//! All state that must survive between calls is in RWORK/IWORK (layout:
//! [`Dsl48eLayout`]); IEVWK/REVWK are scratch.

mod checks;

pub use self::checks::Dsl48eOptions;
use self::checks::{
    check_bounds, check_ic_controls, check_stored_state, check_structure, checked_layout, maxord, RunSignature,
};
use super::error::{InputError, Interrupt, StepFailure};
use super::events::{EventDetector, Pending};
use super::guard::FiniteGuard;
use super::initial::{Constraints, IcOption};
use super::integrator::{integrate, Arrays, CallIo, IcRequest, Parts, RunConfig};
use super::layout::{dsl, iw, rw, Dsl48eLayout, IHeader, RHeader};
use super::linsol::sparse::{pattern_key, shared_pattern_keyed, stamp_from_words, stamp_to_words, SparseSolver};
use super::linsol::JacobianSource;
use super::messages::{MessageLine, MessageSink};
use super::problem::{DaeSystem, StateConditions};
use crate::types::{FInt, Real};
use std::rc::Rc;

/// The arguments of one DSL48E call as checked slices. The FFI layer
/// builds each slice with its declared length (0 for a negative one):
/// Z, ZDOT: NEQ; RTOL, ATOL: 1 or NEQ; INFO: 20; RWORK: LRW; IWORK: LIW;
/// JROW, JCOL: NEJAC; JYDOT: NJYDOT; BOUNDS: 2*NEQ with INFO(10) = 1;
/// ISC: NC; IEVWK: LIEVWK; REVWK: LREVWK.
pub struct Dsl48eArgs<'a> {
    pub neq: FInt,
    pub time: &'a mut Real,
    pub z: &'a mut [Real],
    pub zdot: &'a mut [Real],
    pub tout: Real,
    pub info: &'a mut [FInt],
    pub rtol: &'a mut [Real],
    pub atol: &'a mut [Real],
    pub idid: &'a mut FInt,
    pub rwork: &'a mut [Real],
    pub lrw: FInt,
    pub iwork: &'a mut [FInt],
    pub liw: FInt,
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
}

/// Messages in DSL48E's name.
struct Dsl48eMessages<'a>(&'a mut dyn MessageSink);

impl MessageSink for Dsl48eMessages<'_> {
    fn emit(&mut self, lines: &[MessageLine]) {
        let renamed: Vec<MessageLine> = lines
            .iter()
            .map(|l| match l.text.strip_prefix("DASKR--") {
                Some(rest) => MessageLine { text: format!("DSL48E--{rest}"), ..l.clone() },
                None => l.clone(),
            })
            .collect();
        self.0.emit(&renamed);
    }
}

/// Run one DSL48E call. IDID, INFO(1), TIME, Z, ZDOT, IEVENT and the work
/// arrays are updated; messages go to `sink` in DSL48E's name.
pub fn dsl48e<S: DaeSystem + StateConditions + ?Sized>(
    args: &mut Dsl48eArgs<'_>,
    sys: &mut S,
    sink: &mut dyn MessageSink,
) -> Result<FInt, Interrupt> {
    let mut sink = Dsl48eMessages(sink);
    *args.ievent = 0;
    let info1 = args.info.first().copied().unwrap_or(0);
    let outcome = if info1 == -1 {
        Err(Interrupt::Input(InputError::NoActionAfterFailure { idid: *args.idid }))
    } else {
        let mut guarded = FiniteGuard::new(sys);
        run(args, &mut guarded, &mut sink)
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

/// The checks of every call, then the layout: a first call records the
/// run; a continuation call must find it unchanged. `key` is the
/// [`pattern_key`] of JROW/JCOL: a continuation call whose key is the one
/// the first call recorded (after validating the pattern) skips the
/// pattern's validation, which sorts it.
fn call_layout(o: &Dsl48eOptions, a: &mut Dsl48eArgs<'_>, first: bool, key: u64) -> Result<Dsl48eLayout, InputError> {
    if !first && a.info[0] != 1 {
        return Err(InputError::InfoElement { index: 1 });
    }
    check_structure(a, first || !RunSignature::key_recorded(a.iwork, key))?;
    let q = maxord(o, a.iwork)?;
    if first {
        let layout = checked_layout(a, o, q)?;
        if o.bounds {
            check_bounds(a)?;
        }
        if o.initial_condition && o.ic_controls {
            check_ic_controls(a)?;
        }
        return Ok(layout);
    }
    if a.iwork.get(dsl::EVENT_RETURNED - 1).copied().unwrap_or(0) != 0 {
        return Err(InputError::RestartAfterEvent);
    }
    RunSignature::of(a, o, q, key).check_unchanged(a.iwork, a.rwork)?;
    let layout = Dsl48eLayout::compute(a.neq as usize, a.nejac as usize, a.nd as usize, q, o.exclude_algebraic)
        .map_err(|_| InputError::LengthOverflow { neq: a.neq })?;
    check_stored_state(&layout, a.iwork, a.rwork, q)?;
    checked_layout(a, o, q)
}

/// Per-call inputs: tolerances, TOUT, T, TSTOP, HMAX, H0.
fn check_inputs(o: &Dsl48eOptions, a: &Dsl48eArgs<'_>, first: bool) -> Result<(), InputError> {
    let n = if o.vector_tolerances { a.z.len() } else { 1 };
    let (rtol, atol) = (&a.rtol[..n], &a.atol[..n]);
    if rtol.iter().chain(atol).any(|v| !v.is_finite()) {
        return Err(InputError::ToleranceNotFinite);
    }
    if rtol.iter().any(|&r| r < 0.0) {
        return Err(InputError::RtolNegative);
    }
    if atol.iter().any(|&v| v < 0.0) {
        return Err(InputError::AtolNegative);
    }
    if rtol.iter().chain(atol).all(|&v| v == 0.0) {
        return Err(InputError::AllTolerancesZero);
    }
    let finite =
        |what, value: Real| if value.is_finite() { Ok(value) } else { Err(InputError::NotFinite { what, value }) };
    let t = finite("TIME", *a.time)?;
    let tout = finite("TOUT", a.tout)?;
    if first && tout == t {
        return Err(InputError::ToutEqualsT { tout, t });
    }
    if o.use_tstop {
        finite("TSTOP", a.rwork[rw::TSTOP - 1])?;
    }
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    let hmax_bad = o.use_hmax && !(a.rwork[rw::HMAX - 1] > 0.0);
    if hmax_bad {
        return Err(InputError::HmaxNotPositive { hmax: a.rwork[rw::HMAX - 1] });
    }
    Ok(())
}

/// Record the first-call settings in IWORK: the ID array from JYDOT, MAXORD,
/// zero counters, the initial-condition defaults, no factorisation yet.
fn initialise(o: &Dsl48eOptions, a: &mut Dsl48eArgs<'_>, l: &Dsl48eLayout, q: usize, key: u64) {
    RunSignature::of(a, o, q, key).store(a.iwork, a.rwork);
    let (mut h, id, _) = l.split_iwork(a.iwork);
    id.fill(-1);
    for &j in a.jydot {
        id[j as usize - 1] = 1;
    }
    h.set(iw::MAXORD, q as FInt);
    for pos in [iw::NST, iw::NRE, iw::NJE, iw::NETF, iw::NCFN, iw::NNI, iw::NLI, iw::NPS, iw::NCFL, iw::NRTE] {
        h.set(pos, 0);
    }
    h.set(dsl::STAMP, 0);
    h.set(dsl::STAMP + 1, 0);
    h.set(dsl::EVENT_RETURNED, 0);
    h.set(dsl::PENDING, 0);
    if o.initial_condition && !o.ic_controls {
        set_ic_defaults(&mut h);
    }
}

/// DDASKR's defaults for the direct methods (INFO(17) = 0).
fn set_ic_defaults(h: &mut IHeader<'_>) {
    h.set(iw::MXNIT, 5);
    h.set(iw::MXNJ, 6);
    h.set(iw::MXNH, 5);
    h.set(iw::LSOFF, 0);
}

/// The event found beyond TOUT on the last call, if any.
fn load_pending(ih: &IHeader<'_>, rh: &RHeader<'_>) -> Option<Pending> {
    let f = ih.get(dsl::PENDING);
    (f > 0).then(|| Pending {
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

/// The whole call; Ok(IDID) on success.
fn run<S: DaeSystem + StateConditions + ?Sized>(
    a: &mut Dsl48eArgs<'_>,
    sys: &mut S,
    sink: &mut dyn MessageSink,
) -> Result<FInt, Interrupt> {
    let o = Dsl48eOptions::decode(a.info)?;
    let first = a.info[0] == 0;
    let key = pattern_key(a.neq.max(0) as usize, a.jrow, a.jcol);
    let layout = call_layout(&o, a, first, key)?;
    check_inputs(&o, a, first)?;
    let q = maxord(&o, a.iwork)?;
    if first {
        initialise(&o, a, &layout, q, key);
    }
    let cfg = RunConfig {
        first_call: first,
        intermediate_output: o.intermediate_output,
        tstop: o.use_tstop.then(|| a.rwork[rw::TSTOP - 1]),
        hmax: o.use_hmax.then(|| a.rwork[rw::HMAX - 1]),
        h0: (first && o.use_h0).then(|| a.rwork[rw::H - 1]),
        maxord: q,
        nonneg: false,
        exclude_algebraic: o.exclude_algebraic,
        vector_tolerances: o.vector_tolerances,
        initial: (first && o.initial_condition).then_some(IcRequest {
            option: IcOption::AlgebraicAndDerivatives,
            stop_after: o.stop_after_ic,
            controls_given: o.ic_controls,
            print_level: o.ic_print,
        }),
    };
    let source = if a.jdtype == 1 { JacobianSource::User } else { JacobianSource::DifferenceQuotients };
    let n = layout.neq;
    let tstop = cfg.tstop;
    let Dsl48eArgs {
        time,
        z,
        zdot,
        tout,
        info,
        rtol,
        atol,
        rwork,
        iwork,
        jrow,
        jcol,
        bounds,
        isc,
        revwk,
        ievent,
        idiscon,
        tevt,
        ..
    } = a;
    let rv = layout.split_rwork(rwork);
    let (ih, id, truth) = layout.split_iwork(iwork);
    let stamp = stamp_from_words([ih.get(dsl::STAMP), ih.get(dsl::STAMP + 1)]);
    let pending = load_pending(&ih, &rv.header);
    let box_bounds = o.bounds.then_some(Constraints::Box(bounds));
    let pattern = shared_pattern_keyed(n, jrow, jcol, key).map_err(|_| InputError::Internal)?;
    let mut lin = SparseSolver::new(Rc::clone(&pattern), source, rv.pd, stamp);
    let id: &[FInt] = id;
    let mut events = EventDetector::new(isc, truth, pending, pattern, source, id, tstop, revwk);
    let mut arrays = Arrays {
        rh: rv.header,
        ih,
        wt: rv.wt,
        vt: rv.vt,
        phi: rv.phi,
        delta: rv.delta,
        e: rv.e,
        id: Some(id),
        constraints: box_bounds,
        bounds: box_bounds,
    };
    let mut io = CallIo { t: time, y: z, yp: zdot, tout: *tout, rtol, atol };
    let result = integrate(&mut Parts { sys, lin: &mut lin, hook: &mut events, sink }, &mut arrays, &mut io, &cfg);
    let [hi, lo] = stamp_to_words(lin.stamp());
    arrays.ih.set(dsl::STAMP, hi);
    arrays.ih.set(dsl::STAMP + 1, lo);
    store_pending(&mut arrays.ih, &mut arrays.rh, events.pending);
    arrays.ih.set(dsl::EVENT_RETURNED, FInt::from(events.event.is_some()));
    let located = match (&events.event, &result) {
        (Some(e), Ok(_)) => Some((e.condition as FInt + 1, e.function as FInt + 1, e.t)),
        (_, Err(Interrupt::Step(StepFailure::EventPolishing { ievent, idiscon, tevt, .. }))) => {
            Some((*ievent, *idiscon, *tevt))
        }
        _ => None,
    };
    if let Some((k, j, t)) = located {
        (**ievent, **idiscon, **tevt) = (k, j, t);
    }
    if first && !matches!(result, Ok(4)) {
        info[0] = 1;
    }
    result
}
