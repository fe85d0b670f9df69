//! Root finding for the constraint functions R(t, y, y') (DRCHEK, DROOTS).
//!
//! After each step (and at the start, and on a continuation call after a
//! root) the solver looks for sign changes of R between T0 and the current
//! point using the interpolating polynomial, and locates the first one with
//! the Illinois variant of the secant method. All search state is local to
//! one call: nothing survives between calls except T0 and R(T0) in RWORK
//! (DASKR kept the Illinois state in SAVE variables).
//!
//! DASKR's behaviour is kept exactly, including its known weaknesses (a
//! function that crosses zero twice within one step is not seen; a zero at
//! the initial time is stepped over by a small increment).

use super::error::{InputError, Interrupt, StepFailure};
use super::guard::{first_non_finite, Source};
use super::integrator::{EventHook, HookContext, Stop};
use super::interpolate::History;
use super::layout::{iw, rw, IHeader, RHeader};
use super::problem::DaeSystem;
use crate::types::{FInt, Real};

/// Fortran SIGN(1, x): +1 for x >= +0, -1 for x <= -0.
#[inline]
fn sign(x: Real) -> Real {
    1.0_f64.copysign(x)
}

/// Fortran's `ABS(R) .GT. 0` test: a zero (or NaN) value counts as a zero.
#[inline]
#[allow(clippy::neg_cmp_op_on_partial_ord)]
fn is_zero(x: Real) -> bool {
    !(x.abs() > 0.0)
}

/// Result of scanning R(X0) against R(X): the component with the largest
/// secant fraction among those that changed sign, and whether any R(X) is 0.
fn scan(r0: &[Real], rx: &[Real]) -> (Option<usize>, bool) {
    let mut imax = None;
    let mut tmax = 0.0;
    let mut zroot = false;
    for (i, (&a, &b)) in r0.iter().zip(rx).enumerate() {
        if is_zero(b) {
            zroot = true;
            continue;
        }
        if sign(a) == sign(b) {
            continue;
        }
        let t2 = (b / (b - a)).abs();
        if t2 > tmax {
            tmax = t2;
            imax = Some(i);
        }
    }
    (imax, zroot)
}

/// What the search in (X0, X1] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bracket {
    /// A sign change was located at `x` (to within HMIN).
    SignChange { x: Real },
    /// Some R_i is exactly zero at X1 with no sign change before.
    ZeroAtEnd { x: Real },
    /// Nothing in the interval.
    None,
}

/// The arrays of one search: R at the two ends and at the trial point,
/// and the JROOT output.
pub struct SearchArrays<'a> {
    pub r0: &'a mut [Real],
    pub r1: &'a mut [Real],
    pub rx: &'a mut [Real],
    pub jroot: &'a mut [FInt],
}

/// Find the root nearest X0 of the functions sampled by `eval` in
/// (x0, x1] (DROOTS). On return `x0`, `x1`, R0, R1 describe the final
/// bracket, RX holds R at the returned point and JROOT the directions.
pub fn locate_first_root(
    hmin: Real,
    x0: &mut Real,
    x1: &mut Real,
    a: &mut SearchArrays<'_>,
    mut eval: impl FnMut(Real, &mut [Real]),
) -> Bracket {
    let (first, zroot) = scan(a.r0, a.r1);
    let Some(mut imax) = first else {
        a.rx.copy_from_slice(a.r1);
        if zroot {
            for ((j, &r1), &r0) in a.jroot.iter_mut().zip(a.r1.iter()).zip(a.r0.iter()) {
                *j = if is_zero(r1) { -sign(r0) as FInt } else { 0 };
            }
            return Bracket::ZeroAtEnd { x: *x1 };
        }
        return Bracket::None;
    };
    // Illinois iteration. `last` says on which side the previous trial
    // point fell (1: it replaced X1, 0: it replaced X0); two in a row on
    // the same side change the weight `alpha` of the stale end.
    let mut xroot = false;
    let mut nxlast = 0;
    let mut last = 1;
    let mut alpha: Real = 1.0;
    while !xroot {
        if nxlast != last {
            alpha = 1.0;
        } else if last == 0 {
            alpha *= 2.0;
        } else {
            alpha *= 0.5;
        }
        let mut x2 = *x1 - (*x1 - *x0) * a.r1[imax] / (a.r1[imax] - alpha * a.r0[imax]);
        let fraction = |x0: Real, x1: Real| {
            let fracint = (x1 - x0).abs() / hmin;
            if fracint > 5.0 {
                0.1
            } else {
                0.5 / fracint
            }
        };
        if (x2 - *x0).abs() < 0.5 * hmin {
            x2 = *x0 + fraction(*x0, *x1) * (*x1 - *x0);
        }
        if (*x1 - x2).abs() < 0.5 * hmin {
            x2 = *x1 - fraction(*x0, *x1) * (*x1 - *x0);
        }
        eval(x2, a.rx);
        let imxold = imax;
        let (found, zroot) = scan(a.r0, a.rx);
        imax = found.unwrap_or(imxold);
        nxlast = last;
        if found.is_some() {
            *x1 = x2;
            a.r1.copy_from_slice(a.rx);
            last = 1;
            xroot = false;
        } else if zroot {
            *x1 = x2;
            a.r1.copy_from_slice(a.rx);
            xroot = true;
        } else {
            a.r0.copy_from_slice(a.rx);
            *x0 = x2;
            last = 0;
            xroot = false;
        }
        if (*x1 - *x0).abs() <= hmin {
            xroot = true;
        }
    }
    a.rx.copy_from_slice(a.r1);
    for ((j, &r1), &r0) in a.jroot.iter_mut().zip(a.r1.iter()).zip(a.r0.iter()) {
        *j = if is_zero(r1) {
            -sign(r0) as FInt
        } else if sign(r0) != sign(r1) {
            sign(r1 - r0) as FInt
        } else {
            0
        };
    }
    Bracket::SignChange { x: *x1 }
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

/// Everything the root check reads and updates.
pub struct RootState<'a> {
    pub arrays: SearchArrays<'a>,
    /// T0: only roots beyond it are sought.
    pub t0: &'a mut Real,
    /// The last T returned to the caller.
    pub tlast: Real,
    /// The previous return was at a root.
    pub root_found_last: bool,
    /// NRTE (IWORK(36)) and the first non-finite value seen.
    pub evals: &'a mut Evaluations,
}

/// The root-function evaluations of one check.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Evaluations {
    /// NRTE, IWORK(36).
    pub count: FInt,
    /// The first non-finite value: its 1-based component and T.
    pub non_finite: Option<(usize, Real)>,
}

/// Check for roots (DRCHEK). `y`, `yp` are overwritten with the solution
/// at the point of the last evaluation (the root, if one is found).
#[allow(clippy::too_many_arguments)]
pub fn check_roots<S: DaeSystem + ?Sized>(
    job: RootCheck,
    sys: &mut S,
    hist: &History<'_>,
    tout: Real,
    y: &mut [Real],
    yp: &mut [Real],
    uround: Real,
    rs: &mut RootState<'_>,
) -> Result<RootOutcome, RootsIllDefined> {
    let neq = y.len();
    let h = hist.psi[0];
    rs.arrays.jroot.fill(0);
    let hminr = (hist.tn.abs() + h.abs()) * uround * 100.0;
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
            hist.at(*rs.t0, y, yp);
            rs.evals.count = 0;
            eval_r(sys, *rs.t0, y, yp, rs.arrays.r0, rs.evals);
            if !rs.arrays.r0.iter().any(|&r| is_zero(r)) {
                return Ok(RootOutcome::None);
            }
            // A zero at the initial T: look slightly ahead.
            let temp2 = (hminr / h.abs()).max(0.1);
            *rs.t0 += temp2 * h;
            for (yi, &p) in y.iter_mut().zip(phi2) {
                *yi += temp2 * p;
            }
            eval_r(sys, *rs.t0, y, yp, rs.arrays.r0, rs.evals);
            if rs.arrays.r0.iter().any(|&r| is_zero(r)) {
                return Err(RootsIllDefined);
            }
            Ok(RootOutcome::None)
        }
        RootCheck::Continuation => {
            if rs.root_found_last {
                // The previous return was at a root: evaluate R(T0) and step
                // just past any zero components.
                hist.at(*rs.t0, y, yp);
                eval_r(sys, *rs.t0, y, yp, rs.arrays.r0, rs.evals);
                let mut zroot = false;
                for (j, &r) in rs.arrays.jroot.iter_mut().zip(rs.arrays.r0.iter()) {
                    if is_zero(r) {
                        zroot = true;
                        *j = 1;
                    }
                }
                if zroot {
                    let temp1 = hminr.copysign(h);
                    *rs.t0 += temp1;
                    if (*rs.t0 - hist.tn) * h < 0.0 {
                        hist.at(*rs.t0, y, yp);
                    } else {
                        let temp2 = temp1 / h;
                        for (yi, &p) in y.iter_mut().zip(phi2) {
                            *yi += temp2 * p;
                        }
                    }
                    eval_r(sys, *rs.t0, y, yp, rs.arrays.r0, rs.evals);
                    let mut found = false;
                    for (j, &r) in rs.arrays.jroot.iter_mut().zip(rs.arrays.r0.iter()) {
                        if !is_zero(r) {
                            continue;
                        }
                        if *j == 1 {
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
            if hist.tn == rs.tlast {
                return Ok(RootOutcome::None);
            }
            search_step(sys, hist, tout, y, yp, hminr, rs, &mut eval_r)
        }
        RootCheck::AfterStep => search_step(sys, hist, tout, y, yp, hminr, rs, &mut eval_r),
    }
}

/// Search (T0, min(TN, TOUT)] for the first sign change.
#[allow(clippy::too_many_arguments)]
fn search_step<S: DaeSystem + ?Sized>(
    sys: &mut S,
    hist: &History<'_>,
    tout: Real,
    y: &mut [Real],
    yp: &mut [Real],
    hminr: Real,
    rs: &mut RootState<'_>,
    eval_r: &mut impl FnMut(&mut S, Real, &[Real], &[Real], &mut [Real], &mut Evaluations),
) -> Result<RootOutcome, RootsIllDefined> {
    let h = hist.psi[0];
    let mut t1 = hist.tn;
    if (tout - hist.tn) * h < 0.0 {
        t1 = tout;
        if (t1 - *rs.t0) * h <= 0.0 {
            return Ok(RootOutcome::None);
        }
    }
    hist.at(t1, y, yp);
    eval_r(sys, t1, y, yp, rs.arrays.r1, rs.evals);
    let mut x0 = *rs.t0;
    let mut x1 = t1;
    let evals = &mut *rs.evals;
    let outcome = locate_first_root(hminr, &mut x0, &mut x1, &mut rs.arrays, |x, rx| {
        hist.at(x, y, yp);
        eval_r(sys, x, y, yp, rx, evals);
    });
    let x = match outcome {
        Bracket::SignChange { x } | Bracket::ZeroAtEnd { x } => x,
        Bracket::None => x1,
    };
    *rs.t0 = x;
    rs.arrays.r0.copy_from_slice(rs.arrays.rx);
    if outcome == Bracket::None {
        return Ok(RootOutcome::None);
    }
    hist.at(x, y, yp);
    Ok(RootOutcome::Found)
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
}

impl<'a> RootFinder<'a> {
    /// The finder with its state read from the headers.
    pub fn load(rh: &RHeader<'_>, ih: &IHeader<'_>, arrays: SearchArrays<'a>) -> Self {
        RootFinder {
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

    fn check<S: DaeSystem + ?Sized>(
        &mut self,
        job: RootCheck,
        sys: &mut S,
        cx: &mut HookContext<'_, '_>,
    ) -> Result<Option<Stop>, Interrupt> {
        let mut rs = RootState {
            arrays: SearchArrays {
                r0: &mut *self.arrays.r0,
                r1: &mut *self.arrays.r1,
                rx: &mut *self.arrays.rx,
                jroot: &mut *self.arrays.jroot,
            },
            t0: &mut self.t0,
            tlast: self.tlast,
            root_found_last: self.root_found_last,
            evals: &mut self.evals,
        };
        let outcome = check_roots(job, sys, &cx.hist, cx.tout, cx.y, cx.yp, cx.uround, &mut rs);
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(r: impl Fn(Real) -> [Real; 2], x0: Real, x1: Real) -> (Bracket, [FInt; 2]) {
        let (mut r0, mut r1, mut rx) = (r(x0).to_vec(), r(x1).to_vec(), vec![0.0; 2]);
        let mut jroot = [0; 2];
        let (mut a, mut b) = (x0, x1);
        let mut arrays = SearchArrays { r0: &mut r0, r1: &mut r1, rx: &mut rx, jroot: &mut jroot };
        let out = locate_first_root(1e-12, &mut a, &mut b, &mut arrays, |x, rx| rx.copy_from_slice(&r(x)));
        (out, jroot)
    }

    #[test]
    fn brackets_first_root_with_direction() {
        // R1 = x - 0.3 (rises), R2 = 0.7 - x (falls): the first root is 0.3.
        let (out, j) = run(|x| [x - 0.3, 0.7 - x], 0.0, 1.0);
        match out {
            Bracket::SignChange { x } => assert!((x - 0.3).abs() < 1e-11),
            o => panic!("{o:?}"),
        }
        assert_eq!(j, [1, 0]);
        // Backward direction: from 1 to 0, the first root met is 0.7 (R2 - to +).
        let (out, j) = run(|x| [x - 0.3, 0.7 - x], 1.0, 0.0);
        match out {
            Bracket::SignChange { x } => assert!((x - 0.7).abs() < 1e-11),
            o => panic!("{o:?}"),
        }
        assert_eq!(j, [0, 1]);
    }

    #[test]
    fn nonlinear_root_converges() {
        let (out, j) = run(|x| [(x * 3.0).sin() - 0.5, 1.0], 0.0, 0.5);
        let exact = (0.5f64).asin() / 3.0;
        match out {
            Bracket::SignChange { x } => assert!((x - exact).abs() < 1e-11),
            o => panic!("{o:?}"),
        }
        assert_eq!(j, [1, 0]);
    }

    #[test]
    fn zero_at_end_and_no_root() {
        let (out, j) = run(|x| [x - 1.0, 2.0], 0.0, 1.0);
        assert_eq!(out, Bracket::ZeroAtEnd { x: 1.0 });
        assert_eq!(j, [1, 0]);
        let (out, _) = run(|x| [x + 1.0, 2.0], 0.0, 1.0);
        assert_eq!(out, Bracket::None);
    }

    #[test]
    fn double_crossing_inside_interval_is_not_seen() {
        // DASKR's documented weakness, kept on purpose in DDASKR.
        let (out, _) = run(|x| [(x - 0.4) * (x - 0.6), 1.0], 0.0, 1.0);
        assert_eq!(out, Bracket::None);
    }
}
