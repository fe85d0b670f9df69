//! One step of the variable-order, variable-step, fixed-leading-coefficient
//! BDF method (DDSTP): coefficients, corrector, error estimates at orders
//! K-2..K+1, order and step-size selection, update of the divided
//! differences PHI, and the retry logic after a failed step.

use super::companion::{worse, Companion, StepPoint};
use super::counters::{bump, Counters};
use super::error::StepError;
use super::constraints::Constraints;
use super::interpolate::interpolate;
use super::layout::{coefficient, iw, rw, Coefficients, IHeader, RHeader};
use super::linsol::LinearSolver;
use super::newton::{self, CorrectorParams, CorrectorState, CorrectorVectors};
use super::norms::rms_given_max;
use super::problem::DaeSystem;
use super::vecops;
use crate::types::{FInt, Real};

/// Corrector failures allowed on one step before giving up (DDSTP).
pub const MAX_CONVERGENCE_FAILURES: u32 = 10;
/// Step-size factor after a corrector failure.
pub const CONVERGENCE_FAILURE_FACTOR: Real = 0.25;

/// The method's state that persists between steps: the scalars read
/// from the work-array headers and written back at the end of a call, the
/// coefficient arrays where RWORK keeps them.
#[derive(Debug)]
pub struct BdfState<'c> {
    pub h: Real,
    pub cj: Real,
    pub hold: Real,
    /// CJOLD, S and JCALC: the corrector's own state.
    pub corr: CorrectorState,
    pub alpha: &'c mut [Real; rw::NCOEF],
    pub beta: &'c mut [Real; rw::NCOEF],
    pub gamma: &'c mut [Real; rw::NCOEF],
    pub psi: &'c mut [Real; rw::NCOEF],
    pub sigma: &'c mut [Real; rw::NCOEF],
    pub k: usize,
    pub kold: usize,
    pub ns: usize,
    /// 0 while the step size is still being doubled each step.
    pub phase: i32,
}

/// The last IWORK position of the scalars [`BdfState`] keeps.
const STATE_IW_END: usize = max_pos(&[iw::JCALC, iw::K, iw::KOLD, iw::NS, iw::PHASE], 1);

/// The largest `p + len - 1` over the positions `p`.
const fn max_pos(positions: &[usize], len: usize) -> usize {
    let mut m = 0;
    let mut k = 0;
    while k < positions.len() {
        if positions[k] + len - 1 > m {
            m = positions[k] + len - 1;
        }
        k += 1;
    }
    m
}

fn to_index(v: FInt) -> usize {
    usize::try_from(v).unwrap_or(0)
}

/// KOLD as stored in IWORK, bounded as the state reads it: a corrupted or
/// hand-edited IWORK must not index out of bounds.
fn stored_kold(v: FInt) -> usize {
    to_index(v).min(5)
}

/// The last step's history as the work arrays keep it: KOLD (bounded as
/// [`BdfState::load`] reads it) and PSI. What output from the history
/// needs without the step's state (calls answered from it, the
/// sensitivities' values at the returned T).
pub fn stored_history<'c>(coef: &'c Coefficients, i: &IHeader<'_>) -> (usize, &'c [Real; rw::NCOEF]) {
    (stored_kold(i.get(iw::KOLD)), coefficient(coef, rw::PSI))
}

/// The five coefficient arrays of the block, in RWORK's order.
fn coefficient_arrays(block: &mut Coefficients) -> [&mut [Real; rw::NCOEF]; 5] {
    let (arrays, []) = block.as_chunks_mut::<{ rw::NCOEF }>() else {
        unreachable!("the block holds five whole arrays")
    };
    let [alpha, beta, gamma, psi, sigma] = arrays else {
        unreachable!("the block holds five whole arrays")
    };
    [alpha, beta, gamma, psi, sigma]
}

impl<'c> BdfState<'c> {
    /// The state of a continuation: the scalars read from the work-array
    /// headers, the coefficients in place. `h` is read separately by the
    /// driver (RWORK(3) doubles as the H0 input).
    ///
    /// Every continuation call does this: IWORK's header is sliced once
    /// to the last position read (RWORK's parts are fixed-size arrays),
    /// so that the reads below need no checks of their own.
    #[inline]
    pub fn load(coef: &'c mut Coefficients, r: &RHeader<'_>, i: &IHeader<'_>) -> Self {
        let i = &i.0[..STATE_IW_END];
        let [alpha, beta, gamma, psi, sigma] = coefficient_arrays(coef);
        BdfState {
            h: r.get(rw::H),
            cj: r.get(rw::CJ),
            hold: r.get(rw::HOLD),
            corr: CorrectorState { cjold: r.get(rw::CJOLD), s: r.get(rw::S), jcalc: i[iw::JCALC - 1] },
            alpha,
            beta,
            gamma,
            psi,
            sigma,
            // Clamp: a corrupted or hand-edited IWORK must not index out
            // of bounds.
            k: to_index(i[iw::K - 1]).clamp(1, 5),
            kold: stored_kold(i[iw::KOLD - 1]),
            ns: to_index(i[iw::NS - 1]).min(7),
            phase: i[iw::PHASE - 1],
        }
    }

    /// A first call's state before its first step: step size `h`, every
    /// other scalar zero; the coefficients keep what RWORK holds until
    /// [`Self::clear_coefficients`].
    pub fn fresh(coef: &'c mut Coefficients, h: Real) -> Self {
        let [alpha, beta, gamma, psi, sigma] = coefficient_arrays(coef);
        BdfState {
            h,
            cj: 0.0,
            hold: 0.0,
            corr: CorrectorState::default(),
            alpha,
            beta,
            gamma,
            psi,
            sigma,
            k: 0,
            kold: 0,
            ns: 0,
            phase: 0,
        }
    }

    /// Before a first call's first step: every coefficient zero but
    /// PSI(1..2), which the start has set. (The entries that step does not
    /// compute are stored as zeros, as before the coefficients were kept
    /// in place.)
    pub fn clear_coefficients(&mut self) {
        for c in [&mut *self.alpha, &mut *self.beta, &mut *self.gamma, &mut *self.sigma] {
            c.fill(0.0);
        }
        self.psi[2..].fill(0.0);
    }

    /// Write the scalars back (the coefficients are in place).
    pub fn store(&self, r: &mut RHeader<'_>, i: &mut IHeader<'_>) {
        let i = &mut i.0[..STATE_IW_END];
        r.set(rw::H, self.h);
        r.set(rw::CJ, self.cj);
        r.set(rw::CJOLD, self.corr.cjold);
        r.set(rw::HOLD, self.hold);
        r.set(rw::S, self.corr.s);
        i[iw::K - 1] = self.k as FInt;
        i[iw::KOLD - 1] = self.kold as FInt;
        i[iw::NS - 1] = self.ns as FInt;
        i[iw::PHASE - 1] = self.phase;
        i[iw::JCALC - 1] = self.corr.jcalc;
    }
}

/// Run the corrector and classify its failure for the retry logic.
/// Columns `rescale_from..kp1` of PHI are rescaled (PHI -> PHI*) in the
/// predictor's pass.
#[allow(clippy::too_many_arguments)]
#[inline]
fn correct<S: DaeSystem + ?Sized, L: LinearSolver<S>>(
    sys: &mut S,
    lin: &mut L,
    st: &mut BdfState,
    cnt: &mut Counters,
    v: &mut StepVectors<'_>,
    cfg: &StepConfig<'_>,
    t: Real,
    cjlast: Real,
    kp1: usize,
    rescale_from: usize,
    first_step: bool,
) -> Result<(), (Failure, Estimates)> {
    let p = CorrectorParams {
        t,
        h: st.h,
        cj: st.cj,
        cjlast,
        kp1,
        gamma: st.gamma,
        beta: st.beta,
        rescale_from,
        uround: cfg.uround,
        epcon: cfg.epcon,
        first_step,
        nonneg: cfg.nonneg,
        bounds: cfg.bounds,
    };
    newton::correct(sys, lin, &mut st.corr, &mut v.c, &p, cnt).map_err(|f| corrector_failed(f, st.k))
}

/// A corrector failure as the retry logic sees it.
#[cold]
#[inline(never)]
fn corrector_failed(f: newton::CorrectorFailure, k: usize) -> (Failure, Estimates) {
    let failure = Failure::Corrector { recoverable: f.recoverable, err: f.reason };
    (failure, Estimates { knew: k, est: 0.0, terk: 0.0, terkm1: 0.0, erkm1: 0.0 })
}

/// The vectors a step works on (views into the caller's arrays): the
/// corrector's, and the error-test weights.
pub struct StepVectors<'a> {
    /// Y, YPRIME, WT (reciprocal error weights for the corrector; the
    /// Krylov corrector rescales them in place around each linear solve,
    /// as DASKR does), PHI(NEQ, NCPHI) column-major, DELTA, E.
    pub c: CorrectorVectors<'a>,
    /// Separate reciprocal weights for the error test (INFO(16)=1: WT
    /// masked by ID, set by the driver with WT); None means the error test
    /// uses WT.
    pub vt: Option<&'a mut [Real]>,
}

/// The weights of the error test: VT if separate, else WT.
fn error_test_weights<'b>(vt: &'b Option<&mut [Real]>, wt: &'b [Real]) -> &'b [Real] {
    match vt {
        Some(vt) => vt,
        None => wt,
    }
}

/// Fixed inputs of a step.
pub struct StepConfig<'a> {
    pub hmin: Real,
    pub uround: Real,
    pub epcon: Real,
    pub maxord: usize,
    pub nonneg: bool,
    /// Box bounds the corrected solution must satisfy.
    pub bounds: Option<Constraints<'a>>,
}

/// Take one step from `tn`; on success `tn` has advanced by the step used
/// and `st` holds the step size and order proposed for the next step.
/// `first_step` is INFO(1) = 0 (DDSTP's JSTART). The companion `comp`
/// (the sensitivities, or [`NoCompanion`](super::companion::NoCompanion))
/// is corrected after the state and follows every change of PHI.
#[allow(clippy::too_many_arguments)]
pub fn take_step<S: DaeSystem + ?Sized, L: LinearSolver<S>, C: Companion<S>>(
    sys: &mut S,
    lin: &mut L,
    comp: &mut C,
    st: &mut BdfState,
    cnt: &mut Counters,
    tn: &mut Real,
    v: &mut StepVectors<'_>,
    cfg: &StepConfig<'_>,
    first_step: bool,
) -> Result<(), StepError> {
    let xold = *tn;
    let mut tries = Retries::default();
    if first_step {
        st.k = 1;
        st.kold = 0;
        st.hold = 0.0;
        st.psi[0] = st.h;
        st.cj = 1.0 / st.h;
        st.phase = 0;
        st.ns = 0;
    }
    loop {
        // Block 2: coefficients for this step.
        let k = st.k;
        let kp1 = k + 1;
        if st.h != st.hold || k != st.kold {
            st.ns = 0;
        }
        st.ns = (st.ns + 1).min(st.kold + 2);
        let ns = st.ns;
        if kp1 >= ns {
            compute_coefficients(st, kp1);
        }
        let alphas = ALPHAS[k];
        let mut alpha0 = 0.0;
        for &a in &st.alpha[..k] {
            alpha0 -= a;
        }
        let cjlast = st.cj;
        st.cj = -alphas / st.h;
        let ck = (st.alpha[kp1 - 1] + alphas - alpha0).abs().max(st.alpha[kp1 - 1]);
        if C::ACTIVE {
            comp.rescale(ns, kp1, st.beta);
        }
        *tn += st.h;

        // Block 3: PHI -> PHI* (columns ns..kp1, 0-based, folded into the
        // prediction) and the corrector; block 4: the error estimates.
        let nje = cnt.nje;
        let outcome = correct(sys, lin, st, cnt, v, cfg, *tn, cjlast, kp1, ns, first_step).and_then(|()| {
            let norms = error_norms(v, k);
            let est = estimates(st, k, ck, norms)?;
            if C::ACTIVE {
                let current = cnt.nje != nje;
                companion_pass(sys, lin, comp, st, cnt, v, cfg, (*tn, k, ck), norms, est, current)
            } else {
                Ok(est)
            }
        });
        match outcome {
            Ok(est) => {
                accept_step(st, cnt, comp, v, cfg, k, &est);
                return Ok(());
            }
            Err((failure, est)) => {
                *tn = xold;
                retreat(st, cnt, comp, v, cfg, xold, &mut tries, failure, est)?;
            }
        }
    }
}

/// Block 6 after a failed attempt: restore PHI and PSI, then cut the step
/// (or give up, with y, y' interpolated back to `tn`).
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn retreat<S: DaeSystem + ?Sized, C: Companion<S>>(
    st: &mut BdfState,
    cnt: &mut Counters,
    comp: &mut C,
    v: &mut StepVectors<'_>,
    cfg: &StepConfig<'_>,
    tn: Real,
    tries: &mut Retries,
    failure: Failure,
    est: Estimates,
) -> Result<(), StepError> {
    let neq = v.c.y.len();
    let kp1 = st.k + 1;
    st.phase = 1;
    for j in (st.ns + 1)..(kp1 + 1) {
        let b = 1.0 / st.beta[j - 1];
        vecops::scale(&mut v.c.phi[(j - 1) * neq..j * neq], b);
    }
    for i in 1..kp1 {
        st.psi[i - 1] = st.psi[i] - st.h;
    }
    let r = match reduce_step(st, cnt, cfg, tries, failure, est) {
        Ok(r) => r,
        Err(err) => return Err(fail_step(st, v, tn, err)),
    };
    // Retry; on the very first step rescale the initial history.
    if st.kold == 0 {
        st.psi[0] = st.h;
        vecops::scale(&mut v.c.phi[neq..2 * neq], r);
    }
    if C::ACTIVE {
        comp.retreat(st.ns, kp1, st.beta, (st.kold == 0).then_some(r));
    }
    Ok(())
}

/// Failed attempts on this step (DDSTP's NEF and NCF).
#[derive(Default)]
struct Retries {
    error_tests: u32,
    corrector: u32,
}

/// The error estimates of an accepted step (block 4), for the choice of
/// the next order and step size.
#[derive(Clone, Copy)]
struct Estimates {
    /// The order suggested by the estimates at K-1 and K-2.
    knew: usize,
    /// The error estimate at the order kept.
    est: Real,
    terk: Real,
    terkm1: Real,
    erkm1: Real,
}

/// Block 4: the weighted norms of the local error estimates at orders K,
/// K-1 and K-2 (0 where the order has none).
fn error_norms(v: &mut StepVectors<'_>, k: usize) -> [Real; 3] {
    let neq = v.c.y.len();
    let kp1 = k + 1;
    let vt = error_test_weights(&v.vt, v.c.wt);
    let phi = &*v.c.phi;
    let (pk1, pk) = match k {
        1 => (None, None),
        2 => (Some(&phi[k * neq..kp1 * neq]), None),
        _ => (Some(&phi[k * neq..kp1 * neq]), Some(&phi[(k - 1) * neq..k * neq])),
    };
    vecops::estimate_norms(v.c.e, pk1, pk, vt, v.c.delta)
}

/// Block 4: the local error estimates at orders K, K-1 (and K-2) from
/// their norms, and the error test. On failure the estimate that sets the
/// retry's step size.
#[allow(clippy::neg_cmp_op_on_partial_ord)]
fn estimates(st: &BdfState, k: usize, ck: Real, norms: [Real; 3]) -> Result<Estimates, (Failure, Estimates)> {
    let [enorm, nkm1, nkm2] = norms;
    let erk = st.sigma[k] * enorm;
    let mut e = Estimates { knew: k, est: erk, terk: (k + 1) as Real * erk, terkm1: 0.0, erkm1: 0.0 };
    if k > 1 {
        e.erkm1 = st.sigma[k - 1] * nkm1;
        e.terkm1 = k as Real * e.erkm1;
        let lower = if k > 2 {
            let erkm2 = st.sigma[k - 2] * nkm2;
            let terkm2 = (k - 1) as Real * erkm2;
            e.terkm1.max(terkm2) <= e.terk
        } else {
            e.terkm1 <= 0.5 * e.terk
        };
        if lower {
            e.knew = k - 1;
            e.est = e.erkm1;
        }
    }
    // Written so that a NaN estimate fails the test.
    if !(ck * enorm <= 1.0) {
        Err((Failure::ErrorTest, e))
    } else {
        Ok(e)
    }
}

/// The companion's part of an attempt whose state passed: its corrector,
/// then (if it takes part) the error test on the larger of the state's
/// and the companion's norms. `(t, k, ck)`: the attempt's time, order and
/// error constant; `current`: the matrix was set up in this attempt.
#[allow(clippy::too_many_arguments)]
#[cold]
#[inline(never)]
fn companion_pass<S: DaeSystem + ?Sized, L: LinearSolver<S>, C: Companion<S>>(
    sys: &mut S,
    lin: &mut L,
    comp: &mut C,
    st: &mut BdfState,
    cnt: &mut Counters,
    v: &mut StepVectors<'_>,
    cfg: &StepConfig<'_>,
    (t, k, ck): (Real, usize, Real),
    norms: [Real; 3],
    est: Estimates,
    current: bool,
) -> Result<Estimates, (Failure, Estimates)> {
    let at = StepPoint {
        t,
        h: st.h,
        cj: st.cj,
        kp1: k + 1,
        gamma: st.gamma,
        uround: cfg.uround,
        epcon: cfg.epcon,
        y: &mut *v.c.y,
        yp: &mut *v.c.yp,
        wt: &mut *v.c.wt,
        corr: &mut st.corr,
        matrix_current: current,
    };
    comp.correct(sys, lin, at, cnt).map_err(|f| corrector_failed(f, st.k))?;
    let Some(theirs) = comp.error_norms(k) else {
        return Ok(est);
    };
    let both = [worse(norms[0], theirs[0]), worse(norms[1], theirs[1]), worse(norms[2], theirs[2])];
    let outcome = estimates(st, k, ck, both);
    if outcome.is_err() {
        comp.error_test_failed();
    }
    outcome
}

/// Block 6 after a failure: choose the order and the reduced step size
/// (DDSTP's rules for error-test and corrector failures) and return the
/// reduction factor, or the reason to give up.
fn reduce_step(
    st: &mut BdfState,
    cnt: &mut Counters,
    cfg: &StepConfig<'_>,
    tries: &mut Retries,
    failure: Failure,
    est: Estimates,
) -> Result<Real, StepError> {
    let r;
    match failure {
        Failure::ErrorTest => {
            tries.error_tests += 1;
            bump(&mut cnt.netf);
            if tries.error_tests == 1 {
                st.k = est.knew;
                let temp2 = (st.k + 1) as Real;
                r = (0.9 * (2.0 * est.est + 0.0001).powf(-1.0 / temp2)).clamp(0.25, 0.9);
            } else if tries.error_tests == 2 {
                st.k = est.knew;
                r = 0.25;
            } else {
                st.k = 1;
                r = 0.25;
            }
            st.h *= r;
            if st.h.abs() < cfg.hmin {
                return Err(StepError::ErrorTest);
            }
        }
        Failure::Corrector { recoverable, err } => {
            bump(&mut cnt.ncfn);
            if !recoverable {
                return Err(err);
            }
            tries.corrector += 1;
            r = CONVERGENCE_FAILURE_FACTOR;
            st.h *= r;
            if !(tries.corrector < MAX_CONVERGENCE_FAILURES && st.h.abs() >= cfg.hmin) {
                return Err(if tries.error_tests >= 3 { StepError::ConvergenceAfterErrorTest } else { err });
            }
        }
    }
    Ok(r)
}

/// ALPHAS(k) = -sum_{i=1..k} 1/i, accumulated in DDSTP's order (a
/// constant per order: evaluated once here instead of on every step; the
/// arithmetic is the same IEEE double operations, so the values agree bit for
/// bit).
const ALPHAS: [Real; 6] = {
    let mut t = [0.0; 6];
    let mut k = 1;
    while k < 6 {
        let mut a = 0.0;
        let mut i = 1;
        while i <= k {
            a -= 1.0 / i as Real;
            i += 1;
        }
        t[k] = a;
        k += 1;
    }
    t
};

/// Why an attempted step was rejected.
enum Failure {
    /// The corrector failed; `err` is what DDSTP reports if the step is
    /// abandoned; a fatal failure abandons it at once.
    Corrector { recoverable: bool, err: StepError },
    /// The corrector converged but the local error estimate was too large.
    ErrorTest,
}

/// Compute ALPHA, BETA, GAMMA, SIGMA and update PSI for order k = kp1-1.
fn compute_coefficients(st: &mut BdfState, kp1: usize) {
    let h = st.h;
    st.beta[0] = 1.0;
    st.alpha[0] = 1.0;
    let mut temp1 = h;
    st.gamma[0] = 0.0;
    st.sigma[0] = 1.0;
    for i in 2..(kp1 + 1) {
        let temp2 = st.psi[i - 2];
        st.psi[i - 2] = temp1;
        st.beta[i - 1] = st.beta[i - 2] * st.psi[i - 2] / temp2;
        temp1 = temp2 + h;
        st.alpha[i - 1] = h / temp1;
        st.sigma[i - 1] = (i - 1) as Real * st.sigma[i - 2] * st.alpha[i - 1];
        st.gamma[i - 1] = st.gamma[i - 2] + st.alpha[i - 2] / h;
    }
    st.psi[kp1 - 1] = temp1;
}

/// Block 5: the step passed. Choose the next order and step size, then
/// update the differences.
fn accept_step<S: DaeSystem + ?Sized, C: Companion<S>>(
    st: &mut BdfState,
    cnt: &mut Counters,
    comp: &mut C,
    v: &mut StepVectors<'_>,
    cfg: &StepConfig<'_>,
    k: usize,
    e: &Estimates,
) {
    let Estimates { knew, mut est, terk, terkm1, erkm1 } = *e;
    let neq = v.c.y.len();
    let kp1 = k + 1;
    let kp2 = k + 2;
    cnt.nst = cnt.nst.wrapping_add(1);
    let kdiff = k as i64 - st.kold as i64;
    st.kold = k;
    st.hold = st.h;
    if knew + 1 == k || k == cfg.maxord {
        st.phase = 1;
    }
    let mut raise_in_startup = false;
    if st.phase == 0 {
        raise_in_startup = true;
    } else if knew + 1 == k {
        st.k = k - 1;
        est = erkm1;
    } else if k != cfg.maxord && !(kp1 >= st.ns || kdiff == 1) {
        let vt = error_test_weights(&v.vt, v.c.wt);
        let vmax = vecops::difference_max(v.c.delta, v.c.e, &v.c.phi[(kp2 - 1) * neq..kp2 * neq], vt);
        let mut norm = rms_given_max(v.c.delta, vt, vmax);
        if C::ACTIVE {
            if let Some(theirs) = comp.error_norm_above(k) {
                norm = worse(norm, theirs);
            }
        }
        let erkp1 = norm / (k + 2) as Real;
        let terkp1 = (k + 2) as Real * erkp1;
        if k > 1 {
            if terkm1 <= terk.min(terkp1) {
                st.k = k - 1;
                est = erkm1;
            } else if !(terkp1 >= terk || k == cfg.maxord) {
                st.k = kp1;
                est = erkp1;
            }
        } else if terkp1 < 0.5 * terk {
            st.k = kp1;
            est = erkp1;
        }
    }
    if raise_in_startup {
        st.k = kp1;
        st.h *= 2.0;
    } else {
        match next_step_size(est, st.k) {
            NextStep::Double => st.h *= 2.0,
            NextStep::Keep => {}
            NextStep::Scale(r) => st.h *= r,
        }
    }
    // Update the differences for the next step.
    vecops::update_differences(v.c.phi, kp1, v.c.e, st.kold != cfg.maxord);
    if C::ACTIVE {
        comp.accept(kp1, st.kold != cfg.maxord);
    }
}

/// The step size after a successful step, from DDSTP's ratio R = (2·EST
/// + 0.0001)^(-1/(K+1)).
#[derive(Clone, Copy, Debug, PartialEq)]
enum NextStep {
    /// R >= 2.
    Double,
    /// 1 < R < 2 (and a NaN R).
    Keep,
    /// R <= 1: H times R clamped to [0.5, 0.9].
    Scale(Real),
}

/// X = 2·EST + 0.0001 at or below which R = X^(-1/(K+1)) is at least 2:
/// 2^-(K+1), for K = 1..5.
const DOUBLING_BOUND: [Real; 5] = [0.25, 0.125, 0.0625, 0.03125, 0.015625];

/// X at or above which R = X^(-1/(K+1)) is at most 0.9: 0.9^-(K+1),
/// for K = 1..5. Between 1 and this bound R lies in [0.9, 1], which the
/// clamp to [0.5, 0.9] makes 0.9. (Rounded products: a few ulps off,
/// far inside [`BOUND_MARGIN`].)
const CLAMPED_BOUND: [Real; 5] = {
    let r: Real = 1.0 / 0.9;
    [r * r, r * r * r, r * r * r * r, r * r * r * r * r, r * r * r * r * r * r]
};

/// How far (relative) X must be from a bound for the power to be left
/// out: 65536 units of roundoff. R then lies at least ~10^4 ulps from 2,
/// 1 or 0.9, so no power accurate to a few ulps can put it on the other
/// side.
const BOUND_MARGIN: Real = 65536.0 * Real::EPSILON;

/// DDSTP's choice of the next step size (block 550). R's value matters
/// only where R <= 1 and the clamp to [0.5, 0.9] leaves it as it is;
/// elsewhere only the side of 2, 1 and 0.9 it lies on matters, which X
/// tells without the power, the power being decreasing: R >= 2 iff X <=
/// 2^-(K+1), R > 1 iff X < 1, R >= 0.9 iff X <= 0.9^-(K+1). Clear of the
/// bounds by [`BOUND_MARGIN`], the choice is made from X; within it, in
/// the band where R's value is used, and for a NaN, R is computed as
/// DDSTP computes it. The result is the same either way, and the power
/// (a call of libm's pow, about a tenth of a small system's step) is
/// left out of nearly every step.
fn next_step_size(est: Real, k: usize) -> NextStep {
    let x = 2.0 * est + 0.0001;
    if let (Some(&double), Some(&clamped)) = (DOUBLING_BOUND.get(k.wrapping_sub(1)), CLAMPED_BOUND.get(k.wrapping_sub(1))) {
        if x <= double * (1.0 - BOUND_MARGIN) {
            return NextStep::Double;
        }
        if x >= double * (1.0 + BOUND_MARGIN) && x <= 1.0 - BOUND_MARGIN {
            return NextStep::Keep;
        }
        if x >= 1.0 + BOUND_MARGIN && x <= clamped * (1.0 - BOUND_MARGIN) {
            return NextStep::Scale(0.9);
        }
    }
    let temp2 = (k + 1) as Real;
    NextStep::from_ratio(x.powf(-1.0 / temp2))
}

impl NextStep {
    /// DDSTP's rule on R itself.
    fn from_ratio(r: Real) -> Self {
        if r >= 2.0 {
            NextStep::Double
        } else if r <= 1.0 {
            NextStep::Scale(r.clamp(0.5, 0.9))
        } else {
            NextStep::Keep
        }
    }
}

/// A step failed for good: interpolate y, y' back to `tn` with the order
/// now in force, and report.
fn fail_step(st: &BdfState, v: &mut StepVectors<'_>, tn: Real, err: StepError) -> StepError {
    let c = &mut v.c;
    let neq = c.y.len();
    let k = st.k;
    interpolate(tn, tn, k, &c.phi[..(k + 1) * neq], &st.psi[..], c.y, c.yp);
    err
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The choice as DDSTP makes it, always through the power.
    fn with_power(est: Real, k: usize) -> NextStep {
        NextStep::from_ratio((2.0 * est + 0.0001).powf(-1.0 / (k + 1) as Real))
    }

    fn same(a: NextStep, b: NextStep) -> bool {
        match (a, b) {
            (NextStep::Scale(x), NextStep::Scale(y)) => x.to_bits() == y.to_bits(),
            _ => a == b,
        }
    }

    #[test]
    fn the_step_size_choice_is_the_powers_without_it() {
        // EST for X = 2·EST + 0.0001 around each bound (the doubling
        // bounds, 1 and the clamped bounds) in steps of a few ulps to well
        // beyond the margin, and over the whole range in between.
        let mut ests: Vec<Real> = vec![0.0, Real::NAN, Real::INFINITY, Real::MAX, Real::MIN_POSITIVE];
        for x0 in DOUBLING_BOUND.iter().chain(&CLAMPED_BOUND).copied().chain([1.0]) {
            let est0 = (x0 - 0.0001) / 2.0;
            let mut d = Real::EPSILON * est0;
            while d < 1e-3 * est0 {
                for s in [-1.0, 1.0] {
                    ests.push(est0 + s * d);
                    for j in 1..4 {
                        ests.push(est0 + s * d * j as Real);
                    }
                }
                d *= 1.37;
            }
            let mut e = est0;
            for _ in 0..64 {
                e = e.next_up();
                ests.push(e);
            }
            let mut e = est0;
            for _ in 0..64 {
                e = e.next_down();
                ests.push(e);
            }
        }
        let mut e: Real = 1e-7;
        while e < 1e3 {
            ests.push(e);
            e *= 1.0013;
        }
        // Each outcome is met many times: doubled, kept, 0.9, and another
        // factor (R in (0.5, 0.9), only ever from the power).
        let mut outcomes = [0; 4];
        for k in 0..=7 {
            for &est in &ests {
                let (got, want) = (next_step_size(est, k), with_power(est, k));
                assert!(same(got, want), "k {k} est {est:e}: {got:?} against {want:?}");
                outcomes[match got {
                    NextStep::Double => 0,
                    NextStep::Keep => 1,
                    NextStep::Scale(0.9) => 2,
                    NextStep::Scale(_) => 3,
                }] += 1;
            }
        }
        assert!(outcomes.iter().all(|&n| n > 1000), "{outcomes:?}");
    }
}
