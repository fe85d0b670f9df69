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
use self::checks::RunSignature;
use super::call::controls::{check_ic_controls, ic_request, run_config, StepControls};
use super::call::{self, Common, InfoProtocol, Job, Lengths, Phase, Protocol, WorkLayout};
use super::error::{InputError, Interrupt, StepFailure};
use super::events::{EventDetector, Pending};
use super::constraints::Constraints;
use super::initial::IcOption;
use super::integrator::{integrate, Arrays, Parts, RunConfig};
use super::layout::{dsl, iw, Dsl48eLayout, IHeader, RHeader};
use super::linsol::sparse::{pattern_key, shared_pattern_keyed, stamp_from_words, stamp_to_words, SparseSolver};
use super::linsol::JacobianSource;
use super::problem::{DaeSystem, StateConditions};
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
    /// The pattern's key, computed once per call when first needed.
    key: OnceCell<u64>,
}

impl<'a> Dsl48e<'a> {
    /// The arguments of one call (IEVENT is set to 0 here: it is 0 on
    /// every return that is not an event).
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
            key: OnceCell::new(),
        }
    }

    /// The key of the pattern JROW, JCOL with NEQ (once the sizes are
    /// checked).
    fn key(&self, neq: FInt) -> u64 {
        *self.key.get_or_init(|| pattern_key(neq as usize, self.jrow, self.jcol))
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
        Dsl48eLayout::compute(c.neq as usize, self.nejac as usize, self.nd as usize, q, o.controls.exclude_algebraic)
            .map_err(|_| InputError::LengthOverflow { neq: c.neq })
    }

    fn check_scratch(&self, c: &Common<'_>, _o: &Dsl48eOptions, l: &Dsl48eLayout) -> Result<(), InputError> {
        self.check_scratch(c.neq, l.maxord)
    }

    fn check_start(&mut self, c: &Common<'_>, o: &Dsl48eOptions, _l: &Dsl48eLayout) -> Result<(), InputError> {
        self.check_index_lists(c.neq)?;
        self.check_pattern(c.neq)?;
        if o.bounds {
            self.check_bounds(c.y)?;
        }
        if o.initial_condition && o.controls.ic_controls {
            check_ic_controls(c.iwork, c.rwork)?;
        }
        Ok(())
    }

    fn check_resume(&self, c: &Common<'_>, _o: &Dsl48eOptions, _l: &Dsl48eLayout) -> Result<(), InputError> {
        if c.iwork.get(dsl::EVENT_RETURNED - 1).copied().unwrap_or(0) != 0 {
            return Err(InputError::RestartAfterEvent);
        }
        self.check_index_lists(c.neq)
    }

    fn record<'r>(&'r self, c: &Common<'_>, o: &Dsl48eOptions) -> RunSignature<'r> {
        RunSignature::of(self, c.neq, o, c.iwork)
    }

    fn initialise(&mut self, c: &mut Common<'_>, o: &Dsl48eOptions, l: &Dsl48eLayout) {
        let (mut h, id, _) = l.split_iwork(c.iwork);
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
        let key = self.key(io.y.len() as FInt);
        let source = self.jacobian_source();
        let rv = layout.split_rwork(rwork);
        let (ih, id, truth) = layout.split_iwork(iwork);
        let stamp = stamp_from_words([ih.get(dsl::STAMP), ih.get(dsl::STAMP + 1)]);
        let pending = load_pending(&ih, &rv.header);
        let box_bounds = o.bounds.then_some(Constraints::Box(self.bounds));
        let pattern = shared_pattern_keyed(layout.neq, self.jrow, self.jcol, key).map_err(|_| InputError::Internal)?;
        let mut lin = SparseSolver::new(Rc::clone(&pattern), source, rv.pd, stamp);
        let id: &[FInt] = id;
        let mut events = EventDetector::new(self.isc, truth, pending, pattern, source, id, cfg.tstop, self.revwk);
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
        let mut sink = call::Renamed { prefix: MESSAGE_PREFIX, sink };
        let parts = &mut Parts { sys, lin: &mut lin, hook: &mut events, sink: &mut sink };
        let result = integrate(parts, &mut arrays, &mut io, cfg);
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
            (*self.ievent, *self.idiscon, *self.tevt) = (k, j, t);
        }
        result
    }
}

impl<'a, S: DaeSystem + StateConditions + ?Sized> InfoProtocol<S> for Dsl48e<'a> {
    fn decode(info: &[FInt]) -> Result<Dsl48eOptions, InputError> {
        Dsl48eOptions::decode(info)
    }
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
