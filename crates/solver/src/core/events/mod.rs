//! DSL48E's state events as the integrator's event hook: after every
//! accepted step the discontinuity variables' interpolating polynomials are
//! searched for sign changes with interval arithmetic ([`crate::core::interval`]); the
//! crossings are offered to STCHANGE in time order; the earliest whose
//! condition changes is polished to a consistent point on its new side
//! ([`polish`]) and returned as the event.
//!
//! State kept between calls (in the caller's arrays): the truth value of
//! every discontinuity function at the last point searched (IWORK), and an
//! event found beyond TOUT in a step already taken, returned by the next
//! call (its function in IWORK, its time in RWORK).

pub mod polish;

use std::cell::RefCell;
use std::rc::Rc;

use super::interval::{
    crossings_with, keeps_side, monotone_keeps_side, quick_test_applies, Crossing as Change, Resolution,
    StepPolynomials,
};
use self::polish::{Crossing, PolishFailure, PolishWork, Polisher};
use super::error::{Interrupt, StepFailure};
use super::hook::{EventHook, HookContext, Stop};
use super::linsol::sparse::Pattern;
use super::linsol::JacobianSource;
use super::problem::{ConditionPoint, DaeSystem, StateConditions};
use crate::types::{FInt, Real};

/// An event found, for the driver's IEVENT, IDISCON, TEVT (0-based here).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    pub condition: usize,
    pub function: usize,
    pub t: Real,
}

/// A crossing whose condition changed, not yet returned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pending {
    /// The discontinuity function (0-based over all ND).
    pub function: usize,
    pub t: Real,
    pub new_truth: bool,
}

/// The condition of function `i` (over all ND) and the function's index
/// within it.
fn owner(isc: &[FInt], i: usize) -> (usize, usize) {
    let mut first = 0;
    for (k, &n) in isc.iter().enumerate() {
        let n = n as usize;
        if i < first + n {
            return (k, i - first);
        }
        first += n;
    }
    (isc.len().saturating_sub(1), 0)
}

/// The detector's vectors, kept on the thread from one DSL48E call to the
/// next (taken by the first search of a call, given back when the
/// detector is dropped), so that calls allocate nothing for events once
/// warm: each vector is cleared (or zero-filled) before use, as a fresh one
/// would be.
#[derive(Default)]
struct Spare {
    changes: Vec<(Real, usize, bool)>,
    found: Vec<Change>,
    stack: Vec<(Real, Real)>,
    ig: Vec<FInt>,
    polish: PolishWork,
}

/// Largest spare kept, in bytes (a large system's vectors are not held
/// on to: its calls cost far more than the allocations).
const SPARE_BYTES: usize = 1 << 16;

thread_local! {
    static SPARE: RefCell<Spare> = RefCell::new(Spare::default());
}

impl Spare {
    fn take() -> Spare {
        SPARE
            .try_with(|s| s.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default())
            .unwrap_or_default()
    }

    /// The detector's vectors for this call: the thread's spare ones,
    /// taken on first use.
    fn warm(vectors: &mut Option<Spare>) -> &mut Spare {
        vectors.get_or_insert_with(Spare::take)
    }

    fn give_back(self) {
        let bytes = self.changes.capacity() * std::mem::size_of::<(Real, usize, bool)>()
            + self.found.capacity() * std::mem::size_of::<Change>()
            + self.stack.capacity() * std::mem::size_of::<(Real, Real)>()
            + self.ig.capacity() * std::mem::size_of::<FInt>()
            + self.polish.capacity() * std::mem::size_of::<Real>();
        if bytes <= SPARE_BYTES {
            let _ = SPARE.try_with(|s| {
                if let Ok(mut s) = s.try_borrow_mut() {
                    *s = self;
                }
            });
        }
    }
}

/// The event hook of one DSL48E call.
pub struct EventDetector<'a> {
    /// ISC: functions per condition.
    isc: &'a [FInt],
    /// The truth value (g >= 0) of every discontinuity function at the last
    /// point searched (IWORK).
    truth: &'a mut [FInt],
    pub pending: Option<Pending>,
    /// The event returned by this call, if any.
    pub event: Option<Event>,
    pattern: Rc<Pattern>,
    source: JacobianSource,
    id: &'a [FInt],
    tstop: Option<Real>,
    /// REVWK: the polynomials' coefficients and STCHANGE's Z, ZDOT.
    scratch: &'a mut [Real],
    /// The vectors of the event search and polishing ([`Spare`]): the
    /// crossings of the last step (time, function, new truth value) in
    /// time order, those of one function, the interval search's stack,
    /// STCHANGE's IG, polishing's vectors. Kept for the call (and from
    /// call to call), so that a step allocates nothing. None until the
    /// first search or polishing of the call ([`Spare::warm`]): a call
    /// whose steps cross nothing, one step per call the usual one, takes
    /// and gives back nothing, and builds and drops no empty vector.
    vectors: Option<Spare>,
}

impl<'a> EventDetector<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        isc: &'a [FInt],
        truth: &'a mut [FInt],
        pending: Option<Pending>,
        pattern: Rc<Pattern>,
        source: JacobianSource,
        id: &'a [FInt],
        tstop: Option<Real>,
        scratch: &'a mut [Real],
    ) -> Self {
        EventDetector {
            isc,
            truth,
            pending,
            event: None,
            pattern,
            source,
            id,
            tstop,
            scratch,
            vectors: None,
        }
    }


    fn nd(&self) -> usize {
        self.truth.len()
    }

    /// Every sign change in the last step into `changes`, all functions
    /// merged in time order (ties: lower function first, i.e. lower
    /// condition first). A function that the quick test shows to stay on
    /// its side is not searched (the search would find nothing, see
    /// [`keeps_side`]), nor one whose polynomial is monotone with both ends
    /// on that side ([`monotone_keeps_side`]); the step's basis polynomials
    /// are built only for the first function that the quick test does not
    /// exclude. The usual step, every function excluded by the quick test,
    /// takes only the first loop. Whether the step may have any (false:
    /// the quick test excluded every function, and `changes` is stale).
    fn changes_in_step(&mut self, cx: &HookContext<'_, '_>) -> bool {
        let hist = &cx.hist;
        let (n, nd, k) = (cx.y.len(), self.nd(), hist.kold);
        let quick = quick_test_applies(k, hist.psi);
        let first = if quick {
            let column = &hist.phi[n - nd..];
            match self.truth.iter().enumerate().position(|(i, &t)| !keeps_side(column, n, i, k, t != 0)) {
                Some(i) => i,
                None => return false,
            }
        } else {
            0
        };
        self.search(cx, first, quick);
        true
    }

    /// [`Self::changes_in_step`] from function `first` on, which the quick
    /// test did not exclude (or was not to be used for: `quick` false).
    #[inline(never)]
    fn search(&mut self, cx: &HookContext<'_, '_>, first: usize, quick: bool) {
        let hist = &cx.hist;
        let (n, nd) = (cx.y.len(), self.nd());
        let v = Spare::warm(&mut self.vectors);
        v.changes.clear();
        let h = hist.psi[0];
        let k = hist.kold;
        let polys = StepPolynomials::new(k, hist.psi, h);
        let coef = &mut self.scratch[..6];
        for i in first..nd {
            let m = n - nd + i;
            let truth = self.truth[i] != 0;
            if i > first && quick && keeps_side(hist.phi, n, m, k, truth) {
                continue;
            }
            polys.of_component(hist.phi, n, m, coef);
            if monotone_keeps_side(&coef[..=k], truth) {
                continue;
            }
            // Resolution: a hundredth of the variable's error weight; the
            // time to a few units of rounding.
            let ewt = 1.0 / cx.wt[m];
            let res = Resolution { s: 8.0 * cx.uround * (1.0 + (hist.tn / h).abs()), g: 0.01 * ewt };
            v.found.clear();
            crossings_with(&coef[..=k], -1.0, 0.0, truth, res, &mut v.stack, &mut v.found);
            v.changes.extend(v.found.iter().map(|c: &Change| (hist.tn + c.s * h, i, c.truth)));
        }
        if v.changes.len() < 2 {
            return;
        }
        v.changes.sort_by(|a, b| {
            (a.0 - hist.tn).partial_cmp(&(b.0 - hist.tn)).unwrap_or(std::cmp::Ordering::Equal).then(a.1.cmp(&b.1))
        });
        if h < 0.0 {
            v.changes.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal).then(a.1.cmp(&b.1)));
        }
    }

    /// Offer the crossings in `changes` to STCHANGE in time order; the
    /// first whose condition changes is the event (the truth values then
    /// describe the point just before it). Without an event the truth
    /// values are those at the end of the step.
    fn first_change<S: StateConditions + ?Sized>(&mut self, sys: &mut S, cx: &HookContext<'_, '_>) -> Option<Pending> {
        let n = cx.y.len();
        let (_, rest) = self.scratch.split_at_mut(6);
        let (z, rest) = rest.split_at_mut(n);
        let zdot = &mut rest[..n];
        let v = self.vectors.as_mut()?;
        for &(t, i, truth) in &v.changes {
            let (k, j) = owner(self.isc, i);
            let first = i - j;
            v.ig.clear();
            v.ig.extend_from_slice(&self.truth[first..first + self.isc[k] as usize]);
            v.ig[j] = FInt::from(truth);
            cx.hist.at(t, z, zdot);
            let at = ConditionPoint { condition: k, function: j, t, z, zdot };
            if sys.condition_changed(&at, &v.ig) {
                return Some(Pending { function: i, t, new_truth: truth });
            }
            self.truth[i] = FInt::from(truth);
        }
        None
    }

    /// Polish the pending event and report it; on failure, T, Z, ZDOT are
    /// left at the last mesh point.
    fn polish_pending<S: DaeSystem + StateConditions + ?Sized>(
        &mut self,
        sys: &mut S,
        cx: &mut HookContext<'_, '_>,
        p: Pending,
    ) -> Result<Option<Stop>, Interrupt> {
        let n = cx.y.len();
        let (k, j) = owner(self.isc, p.function);
        let c = Crossing {
            hist: cx.hist,
            t: p.t,
            m: n - self.nd() + p.function,
            k,
            j,
            new_truth: p.new_truth,
            id: self.id,
            wt: cx.wt,
            tstop: self.tstop,
        };
        self.pending = None;
        let mut polisher = Polisher {
            sys,
            pattern: &self.pattern,
            source: self.source,
            crossing: &c,
            cnt: &mut *cx.cnt,
            work: &mut Spare::warm(&mut self.vectors).polish,
        };
        match polisher.run(cx.y, cx.yp) {
            Ok(t) if Self::beyond_tout(cx, t) => {
                // The crossing is before TOUT but the polished point, one
                // tolerance past it, is not: TOUT is returned first, the
                // event (polished again, identically) on the next call.
                self.pending = Some(p);
                cx.hist.at(cx.hist.tn, cx.y, cx.yp);
                Ok(None)
            }
            Ok(t) => {
                self.event = Some(Event { condition: k, function: j, t });
                Ok(Some(Stop { t, idid: 1 }))
            }
            Err(failure) => {
                cx.hist.at(cx.hist.tn, cx.y, cx.yp);
                let icode = match failure {
                    PolishFailure::Derivatives(code) => code,
                    PolishFailure::NoConvergence => 0,
                };
                let (t, tevt) = (cx.hist.tn, p.t);
                Err(StepFailure::EventPolishing { t, tevt, ievent: k as FInt + 1, idiscon: j as FInt + 1, icode }
                    .into())
            }
        }
    }

    /// Whether time `t` lies beyond TOUT in the direction of integration.
    fn beyond_tout(cx: &HookContext<'_, '_>, t: Real) -> bool {
        (t - cx.tout) * cx.hist.psi[0] > 0.0
    }
}

impl Drop for EventDetector<'_> {
    fn drop(&mut self) {
        if let Some(spare) = self.vectors.take() {
            spare.give_back();
        }
    }
}

impl<S: DaeSystem + StateConditions + ?Sized> EventHook<S> for EventDetector<'_> {
    /// The reference truth values come from the consistent start point; a
    /// function exactly zero there is true.
    fn at_start(&mut self, _sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<(), Interrupt> {
        let (n, nd) = (cx.y.len(), self.nd());
        for (t, &v) in self.truth.iter_mut().zip(&cx.y[n - nd..]) {
            *t = FInt::from(v >= 0.0);
        }
        self.pending = None;
        Ok(())
    }

    /// An event found beyond TOUT on the last call is due once TOUT has
    /// passed it.
    fn on_continuation(&mut self, sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt> {
        match self.pending {
            Some(p) if !Self::beyond_tout(cx, p.t) => self.polish_pending(sys, cx, p),
            _ => Ok(None),
        }
    }

    fn after_step(&mut self, sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt> {
        if self.nd() == 0 {
            return Ok(None);
        }
        if !self.changes_in_step(cx) {
            return Ok(None);
        }
        let Some(p) = self.first_change(sys, cx) else {
            return Ok(None);
        };
        let stop = if Self::beyond_tout(cx, p.t) {
            self.pending = Some(p);
            None
        } else {
            self.polish_pending(sys, cx, p)?
        };
        if stop.is_none() && self.pending.is_some() {
            // The event lies after TOUT in this step: TOUT is returned now
            // and the event by the next call. Returned here because the
            // stop tests that follow take TSTOP first (as DASKR's do): a
            // step that ended on TSTOP would otherwise return there, past
            // the event, and the event would be lost.
            cx.hist.at(cx.tout, cx.y, cx.yp);
            return Ok(Some(Stop { t: cx.tout, idid: 3 }));
        }
        Ok(stop)
    }
}
