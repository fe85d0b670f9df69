//! Root finding for the constraint functions R(t, y, y') (DRCHEK, DROOTS).
//!
//! After each step (and at the start, and on a continuation call after a
//! root) the solver looks for sign changes of R between T0 and the current
//! point using the interpolating polynomial, and locates the first one with
//! the Illinois variant of the secant method. All search state is local to
//! one call: nothing survives between calls except T0 and R(T0) in RWORK
//! (DASKR kept the Illinois state in SAVE variables).
//!
//! DASKR's behaviour is kept exactly by default, including its known
//! weaknesses (a function that crosses zero twice within one step is not
//! seen; a zero at the initial time is stepped over by a small increment,
//! and a function still zero there ends the run with IDID = -33). This
//! library's extension, chosen with INFO(20) ([`RootOptions`]), removes
//! both: `dips` finds double crossings, and functions exactly zero at a
//! (re)start are left out of the search until they leave zero.

mod dips;
mod illinois;

use self::dips::DipSearch;
use self::illinois::{is_zero, sign};
pub use self::illinois::{locate_first_root, Bracket, SearchArrays};

use super::error::{InputError, Interrupt, StepFailure};
use super::guard::{first_non_finite, Source};
use super::hook::{EventHook, HookContext, Stop};
use super::layout::{iw, rw, IHeader, RHeader};
use super::problem::DaeSystem;
use crate::types::{FInt, Real};

/// The root-finding extension, INFO(20) (DASKR does not read it): bit 0 =
/// find functions that cross zero and come back within one step, bit 1 =
/// leave functions that are exactly zero at a (re)start out of the search
/// until they leave zero. Any value outside 0..3 is ignored, as DASKR
/// ignores INFO(20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RootOptions {
    pub find_dips: bool,
    pub mask_zeros: bool,
}

impl RootOptions {
    pub fn from_info20(v: FInt) -> Self {
        if (0..=3).contains(&v) {
            RootOptions { find_dips: v & 1 != 0, mask_zeros: v & 2 != 0 }
        } else {
            RootOptions::default()
        }
    }
}

/// When the root check runs (DRCHEK's JOB).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootCheck {
    /// First call: evaluate R at the initial T, step past zeros there.
    Initial,
    /// Continuation call: after a root, step past it; then search the
    /// part of the last step not yet searched.
    Continuation,
    /// A step was just taken: search it.
    AfterStep,
}

/// Outcome of a root check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootOutcome {
    None,
    /// A root at T0 (JROOT set, Y/Y' interpolated there).
    Found,
}

/// R is zero at T0 and again just after it: the functions are ill-defined
/// (IDID = -33).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootsIllDefined;

/// The root-function evaluations of one check.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Evaluations {
    /// NRTE, IWORK(36).
    pub count: FInt,
    /// The first non-finite value: its 1-based component and T.
    pub non_finite: Option<(usize, Real)>,
}

/// DDASKR's root finding as the integrator's event hook. Its state lives
/// in the work arrays: T0 (RWORK(51)), R(T0) and the search arrays
/// (RWORK), NRTE (IWORK(36)), IRFND (IWORK(37)); it is loaded when the
/// call starts and stored when it ends.
pub struct RootFinder<'a> {
    arrays: SearchArrays<'a>,
    /// T0: only roots beyond it are sought.
    t0: Real,
    /// The last T returned to the caller.
    tlast: Real,
    /// IRFND: the previous return was at a root.
    root_found_last: bool,
    /// NRTE, root-function evaluations.
    evals: Evaluations,
    opts: RootOptions,
    dips: DipSearch,
}

impl<'a> RootFinder<'a> {
    /// The finder with its state read from the headers.
    pub fn load(rh: &RHeader<'_>, ih: &IHeader<'_>, arrays: SearchArrays<'a>, opts: RootOptions) -> Self {
        RootFinder {
            opts,
            dips: DipSearch::default(),
            arrays,
            t0: rh.get(rw::T0),
            tlast: rh.get(rw::TLAST),
            root_found_last: ih.get(iw::IRFND) != 0,
            evals: Evaluations { count: ih.get(iw::NRTE), non_finite: None },
        }
    }

    /// Write the state back (at the end of a call).
    pub fn store(&self, rh: &mut RHeader<'_>, ih: &mut IHeader<'_>) {
        rh.set(rw::T0, self.t0);
        ih.set(iw::NRTE, self.evals.count);
        ih.set(iw::IRFND, FInt::from(self.root_found_last));
    }

    fn active(&self) -> bool {
        !self.arrays.r0.is_empty()
    }

    /// Check for roots (DRCHEK). The context's Y, Y' are overwritten with
    /// the solution at the point of the last evaluation (the root, if one is
    /// found).
    fn check_roots<S: DaeSystem + ?Sized>(
        &mut self,
        job: RootCheck,
        sys: &mut S,
        cx: &mut HookContext<'_, '_>,
    ) -> Result<RootOutcome, RootsIllDefined> {
        let (hist, y, yp) = (&cx.hist, &mut *cx.y, &mut *cx.yp);
        let neq = y.len();
        let h = hist.psi[0];
        self.arrays.jroot.fill(0);
        let hminr = (hist.tn.abs() + h.abs()) * cx.uround * 100.0;
        let phi2 = &hist.phi[neq..2 * neq];
        let mut eval_r = |sys: &mut S, t: Real, y: &[Real], yp: &[Real], r: &mut [Real], ev: &mut Evaluations| {
            sys.roots(t, y, yp, r);
            ev.count = ev.count.wrapping_add(1);
            if ev.non_finite.is_none() {
                ev.non_finite = first_non_finite(r).map(|i| (i, t));
            }
        };
        match job {
            RootCheck::Initial => {
                hist.at(self.t0, y, yp);
                self.evals.count = 0;
                eval_r(sys, self.t0, y, yp, self.arrays.r0, &mut self.evals);
                if self.opts.mask_zeros || !self.arrays.r0.iter().any(|&r| is_zero(r)) {
                    return Ok(RootOutcome::None);
                }
                // A zero at the initial T: look slightly ahead.
                let temp2 = (hminr / h.abs()).max(0.1);
                self.t0 += temp2 * h;
                for (yi, &p) in y.iter_mut().zip(phi2) {
                    *yi += temp2 * p;
                }
                eval_r(sys, self.t0, y, yp, self.arrays.r0, &mut self.evals);
                if self.arrays.r0.iter().any(|&r| is_zero(r)) {
                    return Err(RootsIllDefined);
                }
                Ok(RootOutcome::None)
            }
            RootCheck::Continuation => {
                if self.root_found_last {
                    // The previous return was at a root: evaluate R(T0) and step
                    // just past any zero components.
                    hist.at(self.t0, y, yp);
                    eval_r(sys, self.t0, y, yp, self.arrays.r0, &mut self.evals);
                    let mut zroot = false;
                    for (j, &r) in self.arrays.jroot.iter_mut().zip(self.arrays.r0.iter()) {
                        if is_zero(r) {
                            zroot = true;
                            *j = 1;
                        }
                    }
                    if zroot {
                        let temp1 = hminr.copysign(h);
                        self.t0 += temp1;
                        if (self.t0 - hist.tn) * h < 0.0 {
                            hist.at(self.t0, y, yp);
                        } else {
                            let temp2 = temp1 / h;
                            for (yi, &p) in y.iter_mut().zip(phi2) {
                                *yi += temp2 * p;
                            }
                        }
                        eval_r(sys, self.t0, y, yp, self.arrays.r0, &mut self.evals);
                        let mut found = false;
                        for (j, &r) in self.arrays.jroot.iter_mut().zip(self.arrays.r0.iter()) {
                            if !is_zero(r) {
                                continue;
                            }
                            if *j == 1 {
                                if self.opts.mask_zeros {
                                    // Still zero just past the root: left out of
                                    // the search until it leaves zero.
                                    *j = 0;
                                    continue;
                                }
                                return Err(RootsIllDefined);
                            }
                            *j = -sign(r) as FInt;
                            found = true;
                        }
                        if found {
                            return Ok(RootOutcome::Found);
                        }
                    }
                }
                if hist.tn == self.tlast {
                    return Ok(RootOutcome::None);
                }
                self.search_step(sys, cx, hminr, &mut eval_r)
            }
            RootCheck::AfterStep => self.search_step(sys, cx, hminr, &mut eval_r),
        }
    }

    /// Search (T0, min(TN, TOUT)] for the first sign change.
    fn search_step<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        cx: &mut HookContext<'_, '_>,
        hminr: Real,
        eval_r: &mut impl FnMut(&mut S, Real, &[Real], &[Real], &mut [Real], &mut Evaluations),
    ) -> Result<RootOutcome, RootsIllDefined> {
        let (hist, tout, y, yp) = (&cx.hist, cx.tout, &mut *cx.y, &mut *cx.yp);
        let h = hist.psi[0];
        let mut t1 = hist.tn;
        if (tout - hist.tn) * h < 0.0 {
            t1 = tout;
            if (t1 - self.t0) * h <= 0.0 {
                return Ok(RootOutcome::None);
            }
        }
        hist.at(t1, y, yp);
        eval_r(sys, t1, y, yp, self.arrays.r1, &mut self.evals);
        let mut x0 = self.t0;
        let mut x1 = t1;
        let evals = &mut self.evals;
        if self.opts.find_dips {
            let a = &mut self.arrays;
            let dip = self.dips.first_dip(hist.kold, (x0, x1), (a.r0, a.r1), a.rx, |x, r| {
                hist.at(x, y, yp);
                eval_r(sys, x, y, yp, r, evals);
            });
            if let Some(x) = dip {
                // Search up to the proven sign change only.
                x1 = x;
                a.r1.copy_from_slice(a.rx);
            }
        }
        let outcome = locate_first_root(self.opts, hminr, &mut x0, &mut x1, &mut self.arrays, |x, rx| {
            hist.at(x, y, yp);
            eval_r(sys, x, y, yp, rx, evals);
        });
        let x = match outcome {
            Bracket::SignChange { x } | Bracket::ZeroAtEnd { x } => x,
            Bracket::None => x1,
        };
        self.t0 = x;
        self.arrays.r0.copy_from_slice(self.arrays.rx);
        if outcome == Bracket::None {
            return Ok(RootOutcome::None);
        }
        hist.at(x, y, yp);
        Ok(RootOutcome::Found)
    }

    fn check<S: DaeSystem + ?Sized>(
        &mut self,
        job: RootCheck,
        sys: &mut S,
        cx: &mut HookContext<'_, '_>,
    ) -> Result<Option<Stop>, Interrupt> {
        let outcome = self.check_roots(job, sys, cx);
        if let Some((index, when)) = self.evals.non_finite {
            // A NaN would read as a zero of R: report it instead. The
            // search left Y, Y' at its last trial point; the call returns
            // T = TN after a step (the integrator's rule for failures in
            // the step loop), else the caller's T: Y, Y' must be there.
            let at = if job == RootCheck::AfterStep { cx.hist.tn } else { cx.t };
            cx.hist.at(at, cx.y, cx.yp);
            let (t, h) = (cx.hist.tn, cx.hist.psi[0]);
            return Err(StepFailure::NonFinite { t, h, idid: -10, routine: Source::RootFunction, index, when }.into());
        }
        match outcome {
            Err(RootsIllDefined) => Err(InputError::RootsIllDefined { t0: self.t0 }.into()),
            Ok(RootOutcome::Found) => {
                self.root_found_last = true;
                Ok(Some(Stop { t: self.t0, idid: 5 }))
            }
            Ok(RootOutcome::None) => Ok(None),
        }
    }
}

impl<S: DaeSystem + ?Sized> EventHook<S> for RootFinder<'_> {
    fn at_start(&mut self, sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<(), Interrupt> {
        self.t0 = cx.t;
        self.root_found_last = false;
        if self.active() {
            self.check(RootCheck::Initial, sys, cx)?;
        }
        Ok(())
    }

    fn on_continuation(&mut self, sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt> {
        if !self.active() {
            return Ok(None);
        }
        self.check(RootCheck::Continuation, sys, cx)
    }

    fn after_step(&mut self, sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt> {
        if !self.active() {
            return Ok(None);
        }
        // DRCHEK cannot report ill-defined functions after a step; a
        // non-finite root-function value still ends the call.
        match self.check(RootCheck::AfterStep, sys, cx) {
            Err(Interrupt::Input(_)) => Ok(None),
            other => other,
        }
    }

    fn idle(&self) -> bool {
        !self.active()
    }
}
