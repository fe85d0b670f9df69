//! The corrector: predict y and y' from PHI, then a modified Newton
//! iteration with the (possibly old) iteration matrix (DNEDD, DNSD).

use super::jacobian::{EvalPoint, IterationMatrix, MatrixFailure};
use super::norms::weighted_rms_norm;
use super::problem::{CallbackStatus, DaeSystem};
use super::vecops;
use crate::types::{FInt, Real};

/// Maximum Newton iterations per corrector attempt (DNEDD's MAXIT).
pub const MAX_ITERATIONS: usize = 4;
/// Rate used to decide that CJ changed enough to need a new matrix
/// (DNEDD's XRATE): a new matrix when CJ/CJOLD leaves
/// [(1-XRATE)/(1+XRATE), (1+XRATE)/(1-XRATE)].
pub const CJ_RATE: Real = 0.25;
/// Rate estimate above which the iteration is declared divergent.
pub const MAX_RATE: Real = 0.9;
/// Initial value of S after a new matrix.
pub const S_RESET: Real = 100.0;

/// Jacobian status (IWORK(JCALC)).
pub mod jcalc {
    /// The matrix must be re-evaluated before the next use.
    pub const STALE: i32 = -1;
    /// The matrix was evaluated at the current step.
    pub const CURRENT: i32 = 0;
    /// The matrix is from an earlier step; reused until it fails.
    pub const OLD: i32 = 1;
}

/// How the corrector failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorrectorFailure {
    /// Recoverable: the step may be retried with a smaller H. The IDID
    /// that DASKR would report if this ends the integration.
    Recoverable(RecoverableCause),
    /// IRES = -2: stop the integration (IDID = -11).
    Stop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoverableCause {
    /// The iteration did not converge (IDID -7 if it ends the run).
    NoConvergence,
    /// IRES = -1 (IDID -10).
    IllegalInput,
    /// Singular iteration matrix (IDID -8).
    Singular,
}

/// Mutable corrector state kept in the work arrays between steps.
pub struct CorrectorState<'a> {
    pub cj: Real,
    pub cjold: &'a mut Real,
    pub cjlast: Real,
    pub s: &'a mut Real,
    pub jcalc: &'a mut i32,
    pub nre: &'a mut FInt,
    pub nje: &'a mut FInt,
    pub nni: &'a mut FInt,
}

/// Vectors the corrector works with.
pub struct CorrectorVectors<'a> {
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    /// Reciprocal error weights.
    pub rwt: &'a [Real],
    /// PHI(:,1..kp1), column-major.
    pub phi: &'a [Real],
    pub gamma: &'a [Real],
    pub delta: &'a mut [Real],
    /// Accumulated correction y - y_predicted on exit.
    pub e: &'a mut [Real],
}

/// Fixed parameters of one corrector call.
pub struct CorrectorParams {
    pub t: Real,
    pub h: Real,
    pub kp1: usize,
    pub uround: Real,
    pub epcon: Real,
    pub first_step: bool,
    pub nonneg: bool,
}

/// Predict, then correct with modified Newton; on success `y`, `yp` hold
/// the corrected values and `e` the total correction.
pub fn correct<S: DaeSystem + ?Sized>(
    sys: &mut S,
    matrix: &mut IterationMatrix<'_>,
    st: &mut CorrectorState<'_>,
    v: &mut CorrectorVectors<'_>,
    p: &CorrectorParams,
) -> Result<(), CorrectorFailure> {
    if p.first_step {
        *st.cjold = st.cj;
        *st.jcalc = jcalc::STALE;
    }
    let lo = (1.0 - CJ_RATE) / (1.0 + CJ_RATE);
    let ratio = st.cj / *st.cjold;
    if ratio < lo || ratio > 1.0 / lo {
        *st.jcalc = jcalc::STALE;
    }
    if st.cj != st.cjlast {
        *st.s = S_RESET;
    }
    let result = loop {
        predict(v, p.kp1);
        let pnorm = weighted_rms_norm(v.y, v.rwt);
        let tolnew = 100.0 * p.uround * pnorm;
        *st.nre = st.nre.wrapping_add(1);
        let status = sys.residual(p.t, v.y, v.yp, st.cj, v.delta);
        if status != CallbackStatus::Ok {
            break Err(callback_failure(status));
        }
        if *st.jcalc == jcalc::STALE {
            *st.nje = st.nje.wrapping_add(1);
            *st.jcalc = jcalc::CURRENT;
            let at = EvalPoint { t: p.t, cj: st.cj, h: p.h, rwt: v.rwt, delta: v.delta, uround: p.uround };
            let evaluated = matrix.evaluate(sys, &at, v.y, v.yp, v.e, st.nre);
            *st.cjold = st.cj;
            *st.s = S_RESET;
            match evaluated {
                Ok(()) => {}
                Err(MatrixFailure::Residual(s)) => break Err(callback_failure(s)),
                Err(MatrixFailure::Singular(_)) => {
                    break Err(CorrectorFailure::Recoverable(RecoverableCause::Singular))
                }
            }
        }
        // Scale the residual to account for CJ having changed since the
        // matrix was formed.
        let confac = 2.0 / (1.0 + st.cj / *st.cjold);
        match newton_iterate(sys, matrix, st, v, p, confac, tolnew) {
            Ok(()) => break Ok(()),
            Err(CorrectorFailure::Recoverable(_)) if *st.jcalc != jcalc::CURRENT => {
                // Failed with an old matrix: retry once with a fresh one.
                *st.jcalc = jcalc::STALE;
            }
            Err(f) => break Err(f),
        }
    };
    let result = result.and_then(|()| if p.nonneg { enforce_nonnegativity(v, p.epcon) } else { Ok(()) });
    *st.jcalc = jcalc::OLD;
    result
}

fn callback_failure(status: CallbackStatus) -> CorrectorFailure {
    match status {
        CallbackStatus::Stop => CorrectorFailure::Stop,
        _ => CorrectorFailure::Recoverable(RecoverableCause::IllegalInput),
    }
}

/// y = sum_j PHI(:,j), y' = sum_j GAMMA(j) PHI(:,j), j = 1..kp1.
fn predict(v: &mut CorrectorVectors<'_>, kp1: usize) {
    let n = v.y.len();
    v.y.copy_from_slice(&v.phi[..n]);
    v.yp.fill(0.0);
    for j in 1..kp1 {
        let g = v.gamma[j];
        vecops::predict_column(v.y, v.yp, &v.phi[j * n..(j + 1) * n], g);
    }
}

/// The Newton loop proper (DNSD). On entry `delta` holds G at the
/// prediction.
fn newton_iterate<S: DaeSystem + ?Sized>(
    sys: &mut S,
    matrix: &IterationMatrix<'_>,
    st: &mut CorrectorState<'_>,
    v: &mut CorrectorVectors<'_>,
    p: &CorrectorParams,
    confac: Real,
    tolnew: Real,
) -> Result<(), CorrectorFailure> {
    v.e.fill(0.0);
    let mut oldnrm = 0.0;
    let mut m = 0usize;
    loop {
        *st.nni = st.nni.wrapping_add(1);
        for d in v.delta.iter_mut() {
            *d *= confac;
        }
        matrix.solve(v.delta);
        apply_correction(v.y, v.e, v.yp, v.delta, st.cj);
        let delnrm = weighted_rms_norm(v.delta, v.rwt);
        match convergence_test(m, delnrm, &mut oldnrm, tolnew, st.s, p.epcon) {
            NewtonProgress::Converged => return Ok(()),
            NewtonProgress::Diverging => return Err(CorrectorFailure::Recoverable(RecoverableCause::NoConvergence)),
            NewtonProgress::Continue => {}
        }
        m += 1;
        if m >= MAX_ITERATIONS {
            return Err(CorrectorFailure::Recoverable(RecoverableCause::NoConvergence));
        }
        *st.nre = st.nre.wrapping_add(1);
        let status = sys.residual(p.t, v.y, v.yp, st.cj, v.delta);
        if status != CallbackStatus::Ok {
            return Err(callback_failure(status));
        }
    }
}

/// INFO(10)=2,3 during integration: if the negative parts of y are small
/// (norm <= EPCON), remove them from the correction; otherwise treat the
/// corrector as failed.
fn enforce_nonnegativity(v: &mut CorrectorVectors<'_>, epcon: Real) -> Result<(), CorrectorFailure> {
    if remove_negative_parts(v.y, v.e, v.delta, v.rwt, epcon) {
        Ok(())
    } else {
        Err(CorrectorFailure::Recoverable(RecoverableCause::NoConvergence))
    }
}

/// One Newton update: y -= d, e -= d, y' -= cj*d.
pub(crate) fn apply_correction(y: &mut [Real], e: &mut [Real], yp: &mut [Real], d: &[Real], cj: Real) {
    for (((yi, ei), ypi), &di) in y.iter_mut().zip(e.iter_mut()).zip(yp.iter_mut()).zip(d) {
        *yi -= di;
        *ei -= di;
        *ypi -= cj * di;
    }
}

/// Where the Newton iteration stands after iteration `m` (0-based).
pub(crate) enum NewtonProgress {
    Converged,
    Continue,
    /// The rate estimate exceeds MAX_RATE.
    Diverging,
}

/// DASKR's corrector convergence test (DNSD/DNSK): the first correction
/// is accepted if tiny; later ones estimate the rate from the first
/// correction's norm and update S = RATE/(1-RATE); converged when
/// S*|correction| <= EPCON.
pub(crate) fn convergence_test(
    m: usize,
    delnrm: Real,
    oldnrm: &mut Real,
    tolnew: Real,
    s: &mut Real,
    epcon: Real,
) -> NewtonProgress {
    if m == 0 {
        *oldnrm = delnrm;
        if delnrm <= tolnew {
            return NewtonProgress::Converged;
        }
    } else {
        let rate = (delnrm / *oldnrm).powf(1.0 / m as Real);
        if rate > MAX_RATE || rate.is_nan() {
            return NewtonProgress::Diverging;
        }
        *s = rate / (1.0 - rate);
    }
    if *s * delnrm <= epcon {
        NewtonProgress::Converged
    } else {
        NewtonProgress::Continue
    }
}

/// The nonnegativity projection after convergence (INFO(10)=2,3): if the
/// negative parts of y are small (weighted norm <= EPCON), take them out
/// of the correction `e` and return true; else false (corrector failure).
/// `delta` is scratch.
pub(crate) fn remove_negative_parts(y: &[Real], e: &mut [Real], delta: &mut [Real], rwt: &[Real], epcon: Real) -> bool {
    for (d, &yi) in delta.iter_mut().zip(y) {
        *d = yi.min(0.0);
    }
    if weighted_rms_norm(delta, rwt) > epcon {
        return false;
    }
    for (ei, &d) in e.iter_mut().zip(delta.iter()) {
        *ei -= d;
    }
    true
}
