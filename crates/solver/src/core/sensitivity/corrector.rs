//! The sensitivities as the integrator's companion: their start, weights,
//! the staggered corrector, their share of the error test and the
//! updates of their divided differences.

use super::{Begin, Point, Sensitivities};
use crate::core::companion::{worse, Companion, StartPoint, StepPoint};
use crate::core::counters::{bump, Counters};
use crate::core::error::{Interrupt, StepError};
use crate::core::linsol::{FirstIterateTolerance, LinearSolver, Setup, SolvePoint};
use crate::core::newton::{convergence_test, jcalc, CorrectorFailure, CorrectorState, NewtonProgress, MAX_ITERATIONS, S_RESET};
use crate::core::norms::{rms_given_max, Tolerances};
use crate::core::problem::{CallbackStatus, DaeSystem};
use crate::core::vecops;
use crate::types::{FInt, Real};

/// The corrector did not converge (a recoverable corrector failure).
const NO_CONVERGENCE: CorrectorFailure = CorrectorFailure { reason: StepError::Convergence, recoverable: true };

/// A failed RES, JAC or SENRHS: IRES = -1 retries with a smaller step,
/// IRES = -2 stops.
fn callback_failed(status: CallbackStatus) -> CorrectorFailure {
    match status {
        CallbackStatus::Stop => CorrectorFailure { reason: StepError::Stop, recoverable: false },
        _ => CorrectorFailure { reason: StepError::IllegalInput, recoverable: true },
    }
}

/// What one corrector pass needs of the step besides the scratch.
struct Pass<'p> {
    t: Real,
    cj: Real,
    kp1: usize,
    gamma: &'p [Real; 6],
    uround: Real,
    epcon: Real,
    rescale: bool,
}

impl<S: DaeSystem + ?Sized> Companion<S> for Sensitivities<'_> {
    const ACTIVE: bool = true;

    fn start(&mut self, sys: &mut S, at: StartPoint<'_>, cnt: &mut Counters) -> Result<(), Interrupt> {
        let StartPoint { t, y, yp, wt, h, history, uround } = at;
        let consistent = match std::mem::replace(&mut self.begin, Begin::Continue) {
            Begin::Continue | Begin::Start { consistent: false } => false,
            Begin::Start { consistent: true } => true,
            Begin::Restart(r) => {
                self.jump(&r, yp);
                true
            }
        };
        if consistent {
            self.make_consistent(sys, &mut Point { t, h, uround, y, yp, wt }, cnt).map_err(|f| f.at(t))?;
        }
        if history {
            let (n, ncphi) = (self.n, self.arrays.ncphi);
            for i in 0..self.opts.np {
                let phi = &mut self.arrays.phi[i * ncphi * n..(i + 1) * ncphi * n];
                phi[..n].copy_from_slice(&self.arrays.s[i * n..(i + 1) * n]);
                for (p, &d) in phi[n..2 * n].iter_mut().zip(&self.arrays.sp[i * n..(i + 1) * n]) {
                    *p = h * d;
                }
            }
            self.history = true;
        }
        Ok(())
    }

    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    fn weights(&mut self, tol: Tolerances<'_>, _id: Option<&[FInt]>, exclude_algebraic: bool) -> bool {
        self.exclude_algebraic = exclude_algebraic;
        let (n, ncphi) = (self.n, self.arrays.ncphi);
        for (i, p) in self.params.iter().enumerate() {
            let s = &self.arrays.phi[i * ncphi * n..i * ncphi * n + n];
            let wt = &mut self.arrays.wt[i * n..(i + 1) * n];
            for (j, (w, &sj)) in wt.iter_mut().zip(s).enumerate() {
                let (r, a) = tol.at(j);
                let ewt = r * sj.abs() + a / p.pbar;
                // Written so that NaN fails too.
                if !(ewt > 0.0) {
                    return false;
                }
                *w = 1.0 / ewt;
            }
        }
        true
    }

    fn rescale(&mut self, from: usize, kp1: usize, beta: &[Real; 6]) {
        let (n, ncphi) = (self.n, self.arrays.ncphi);
        for phi in self.arrays.phi.chunks_exact_mut(ncphi * n) {
            for c in from.max(1)..kp1 {
                vecops::scale(&mut phi[c * n..(c + 1) * n], beta[c]);
            }
        }
    }

    fn correct<L: LinearSolver<S>>(
        &mut self,
        sys: &mut S,
        lin: &mut L,
        at: StepPoint<'_>,
        cnt: &mut Counters,
    ) -> Result<(), CorrectorFailure> {
        let StepPoint { t, h, cj, kp1, gamma, uround, epcon, y, yp, wt, corr, matrix_current } = at;
        let policy = lin.policy();
        self.scratch.have_f0 = false;
        self.linearise(sys, &mut Point { t, h, uround, y, yp, wt }, cj, cnt).map_err(callback_failed)?;
        let pass = Pass { t, cj, kp1, gamma, uround, epcon, rescale: policy.rescale_residual };
        let mut current = matrix_current || !policy.has_setup;
        for i in 0..self.opts.np {
            self.dfdp(sys, i, (t, uround), y, yp, cnt).map_err(callback_failed)?;
            // b = dF/dz' (s'_pred - CJ s_pred) + dF/dp_i, after the prediction.
            loop {
                let outcome = self.correct_one(sys, lin, i, &pass, (y, yp, wt), corr, cnt);
                match outcome {
                    Ok(()) => break,
                    Err(f) if f.recoverable && !current => {
                        // An old matrix: a new one at the corrected point,
                        // and this parameter again.
                        current = true;
                        if let Err(f) = self.new_matrix(sys, lin, &mut Point { t, h, uround, y, yp, wt }, cj, corr, cnt) {
                            bump(&mut self.counters.nscfn);
                            return Err(f);
                        }
                    }
                    Err(f) => {
                        bump(&mut self.counters.nscfn);
                        return Err(f);
                    }
                }
            }
        }
        Ok(())
    }

    fn error_norms(&mut self, k: usize) -> Option<[Real; 3]> {
        if !self.opts.error_control {
            return None;
        }
        let (n, ncphi) = (self.n, self.arrays.ncphi);
        let mut worst = [0.0; 3];
        let (mut vt, mut d) = (std::mem::take(&mut self.scratch.vt), std::mem::take(&mut self.scratch.r));
        sized_to(&mut d, n);
        for i in 0..self.opts.np {
            let vt = masked(&self.arrays.wt[i * n..(i + 1) * n], self.id, self.exclude_algebraic, &mut vt);
            let phi = &self.arrays.phi[i * ncphi * n..(i + 1) * ncphi * n];
            let (pk1, pk) = match k {
                1 => (None, None),
                2 => (Some(&phi[k * n..(k + 1) * n]), None),
                _ => (Some(&phi[k * n..(k + 1) * n]), Some(&phi[(k - 1) * n..k * n])),
            };
            let e = &self.arrays.e[i * n..(i + 1) * n];
            let norms = vecops::estimate_norms(e, pk1, pk, vt, &mut d);
            for (w, v) in worst.iter_mut().zip(norms) {
                *w = worse(*w, v);
            }
        }
        (self.scratch.vt, self.scratch.r) = (vt, d);
        Some(worst)
    }

    fn error_norm_above(&mut self, k: usize) -> Option<Real> {
        if !self.opts.error_control {
            return None;
        }
        let (n, ncphi) = (self.n, self.arrays.ncphi);
        let mut worst = 0.0;
        let (mut vt, mut d) = (std::mem::take(&mut self.scratch.vt), std::mem::take(&mut self.scratch.r));
        sized_to(&mut d, n);
        for i in 0..self.opts.np {
            let vt = masked(&self.arrays.wt[i * n..(i + 1) * n], self.id, self.exclude_algebraic, &mut vt);
            let col = &self.arrays.phi[i * ncphi * n + (k + 1) * n..][..n];
            let e = &self.arrays.e[i * n..(i + 1) * n];
            let vmax = vecops::difference_max(&mut d, e, col, vt);
            worst = worse(worst, rms_given_max(&d, vt, vmax));
        }
        (self.scratch.vt, self.scratch.r) = (vt, d);
        Some(worst)
    }

    fn error_test_failed(&mut self) {
        bump(&mut self.counters.nsetf);
    }

    fn accept(&mut self, kp1: usize, set_next: bool) {
        let (n, ncphi) = (self.n, self.arrays.ncphi);
        for (phi, e) in self.arrays.phi.chunks_exact_mut(ncphi * n).zip(self.arrays.e.chunks_exact(n)) {
            vecops::update_differences(phi, kp1, e, set_next);
        }
    }

    fn retreat(&mut self, from: usize, kp1: usize, beta: &[Real; 6], first_step_factor: Option<Real>) {
        let (n, ncphi) = (self.n, self.arrays.ncphi);
        for phi in self.arrays.phi.chunks_exact_mut(ncphi * n) {
            for c in from..kp1 {
                vecops::scale(&mut phi[c * n..(c + 1) * n], 1.0 / beta[c]);
            }
            if let Some(r) = first_step_factor {
                vecops::scale(&mut phi[n..2 * n], r);
            }
        }
    }
}

/// The error-test weights: `wt`, or with INFO(16) a copy in `buf` with
/// the algebraic components masked.
fn masked<'v>(wt: &'v [Real], id: &[FInt], exclude_algebraic: bool, buf: &'v mut Vec<Real>) -> &'v [Real] {
    if !exclude_algebraic {
        return wt;
    }
    buf.clear();
    buf.extend(wt.iter().zip(id).map(|(&w, &d)| if d > 0 { w } else { 0.0 }));
    buf
}

/// `v` holding `n` numbers (their values do not matter).
fn sized_to(v: &mut Vec<Real>, n: usize) {
    if v.len() != n {
        v.clear();
        v.resize(n, 0.0);
    }
}

impl Sensitivities<'_> {
    /// Predict s_i and correct it with the factored iteration matrix:
    /// G(s) = J s + b, b = dF/dz' (s'_pred - CJ s_pred) + dF/dp_i (in the
    /// scratch's `b` on entry: dF/dp_i).
    #[allow(clippy::too_many_arguments)]
    fn correct_one<S: DaeSystem + ?Sized, L: LinearSolver<S>>(
        &mut self,
        sys: &mut S,
        lin: &mut L,
        i: usize,
        p: &Pass<'_>,
        (y, yp, wt): (&[Real], &[Real], &mut [Real]),
        corr: &CorrectorState,
        cnt: &mut Counters,
    ) -> Result<(), CorrectorFailure> {
        let (n, ncphi) = (self.n, self.arrays.ncphi);
        let phi = &mut self.arrays.phi[i * ncphi * n..(i + 1) * ncphi * n];
        let s = &mut self.arrays.s[i * n..(i + 1) * n];
        let sp = &mut self.arrays.sp[i * n..(i + 1) * n];
        let e = &mut self.arrays.e[i * n..(i + 1) * n];
        let swt = &self.arrays.wt[i * n..(i + 1) * n];
        let sc = &mut self.scratch;
        let vmax = vecops::predict(phi, p.kp1, p.gamma, &[1.0; 6], usize::MAX, s, sp, Some(swt));
        let tolnew = match lin.policy().first_iterate {
            FirstIterateTolerance::Roundoff => 100.0 * p.uround * rms_given_max(s, swt, vmax),
            FirstIterateTolerance::LinearTolerance { epli } => epli * p.epcon,
        };
        // The constant part of G: dF/dp_i (kept in `b` for a retry) plus
        // dF/dz' (s'_pred - CJ s_pred).
        sized_to(&mut sc.r, n);
        sc.r.copy_from_slice(&sc.b);
        for ((w, &spj), &sj) in sc.work.iter_mut().zip(sp.iter()).zip(s.iter()) {
            *w = spj - p.cj * sj;
        }
        self.shape.multiply_add(&sc.dfdzdot, &sc.work, &mut sc.r);
        let constant = std::mem::take(&mut sc.r);
        let confac = 2.0 / (1.0 + p.cj / corr.cjold);
        let mut rate = corr.s;
        let mut oldnrm = 0.0;
        let mut result = Err(NO_CONVERGENCE);
        let mut r = std::mem::take(&mut sc.work);
        for m in 0..MAX_ITERATIONS {
            bump(&mut self.counters.nsni);
            r.copy_from_slice(&constant);
            self.shape.multiply_add(&sc.jac, s, &mut r);
            if p.rescale {
                vecops::scale(&mut r, confac);
            }
            let mut at = SolvePoint { t: p.t, y, yp, cj: p.cj, epcon: p.epcon, rwt: &mut *wt };
            if let Err(f) = lin.solve(sys, &mut at, &mut r, cnt) {
                if m == 0 {
                    e.fill(0.0);
                }
                result = Err(f.into());
                break;
            }
            let vmax = vecops::apply_correction(s, e, sp, &r, p.cj, swt, m == 0);
            let delnrm = rms_given_max(&r, swt, vmax);
            match convergence_test(m, delnrm, &mut oldnrm, m == 0 && delnrm <= tolnew, &mut rate, p.epcon) {
                NewtonProgress::Converged => {
                    result = Ok(());
                    break;
                }
                NewtonProgress::Diverging => break,
                NewtonProgress::Continue => {}
            }
        }
        sc.work = r;
        sc.r = constant;
        result
    }

    /// Set up a new iteration matrix at the corrected point (as the
    /// state's corrector does after a failure with an old one).
    fn new_matrix<S: DaeSystem + ?Sized, L: LinearSolver<S>>(
        &mut self,
        sys: &mut S,
        lin: &mut L,
        at: &mut Point<'_>,
        cj: Real,
        corr: &mut CorrectorState,
        cnt: &mut Counters,
    ) -> Result<(), CorrectorFailure> {
        let Point { t, h, uround, ref mut y, ref mut yp, wt } = *at;
        self.residual_at(sys, t, y, yp, cnt).map_err(callback_failed)?;
        let sc = &mut self.scratch;
        let nre0 = cnt.nre;
        bump(&mut cnt.nje);
        let at = Setup { t, cj, h, uround, rwt: wt, residual: &sc.f0, y, yp, work: &mut sc.r };
        let set = lin.setup(sys, at, cnt);
        self.counters.nsre = self.counters.nsre.wrapping_add(cnt.nre.wrapping_sub(nre0));
        corr.cjold = cj;
        corr.s = S_RESET;
        corr.jcalc = jcalc::OLD;
        set.map_err(CorrectorFailure::from)
    }
}
