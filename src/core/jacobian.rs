//! The iteration matrix A = dG/dy + CJ*dG/dy' for the direct methods:
//! evaluation (user routine or difference quotients) and factorisation in
//! place on DASKR's WM segment, then solves with the factors (DMATD, DSLVD).

use super::layout::MatrixKind;
use super::linsol::{band, band::BandShape, dense, SingularMatrix};
use super::problem::{CallbackStatus, DaeSystem, MatrixStorage};
use crate::types::{FInt, Real};

/// Why a new iteration matrix could not be formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixFailure {
    /// The factorisation met a zero pivot (DASKR: IER != 0).
    Singular(SingularMatrix),
    /// RES returned IRES < 0 during a difference quotient.
    Residual(CallbackStatus),
}

/// A view of the matrix segment WM and the pivot segment of IWORK.
pub struct IterationMatrix<'a> {
    pub kind: MatrixKind,
    /// Difference-quotient Jacobian (INFO(5)=0) instead of the user's JAC.
    pub dq: bool,
    /// WM: the matrix (LENPD) followed, for a banded DQ Jacobian, by the
    /// 2*MSAVE save area for perturbed components.
    pub wm: &'a mut [Real],
    pub lenpd: usize,
    pub pivots: &'a mut [FInt],
    pub neq: usize,
}

/// Inputs to one matrix evaluation.
pub struct EvalPoint<'a> {
    pub t: Real,
    pub cj: Real,
    pub h: Real,
    /// Reciprocal error weights.
    pub rwt: &'a [Real],
    /// Residual at (t, y, y'), used by difference quotients.
    pub delta: &'a [Real],
    pub uround: Real,
}

impl IterationMatrix<'_> {
    fn band_shape(&self) -> BandShape {
        match self.kind {
            MatrixKind::Band { ml, mu } => BandShape { n: self.neq, ml, mu },
            _ => unreachable!("band shape of a non-band matrix"),
        }
    }

    /// Form and factor A at (t, y, y'). `y` and `yp` are perturbed and
    /// restored by the difference quotients; `work` (NEQ long) is scratch.
    /// `nre` counts the residual evaluations made here.
    pub fn evaluate<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: &EvalPoint<'_>,
        y: &mut [Real],
        yp: &mut [Real],
        work: &mut [Real],
        nre: &mut FInt,
    ) -> Result<(), MatrixFailure> {
        match (self.kind, self.dq) {
            (MatrixKind::Dense, false) => {
                let n = self.neq;
                let pd = &mut self.wm[..n * n];
                pd.fill(0.0);
                sys.jacobian(at.t, y, yp, at.cj, pd, MatrixStorage::Dense { neq: n });
            }
            (MatrixKind::Dense, true) => self.dense_difference_quotients(sys, at, y, yp, work, nre)?,
            (MatrixKind::Band { ml, mu }, false) => {
                let n = self.neq;
                let pd = &mut self.wm[..self.lenpd];
                pd.fill(0.0);
                sys.jacobian(at.t, y, yp, at.cj, pd, MatrixStorage::Band { neq: n, ml, mu });
            }
            (MatrixKind::Band { .. }, true) => self.band_difference_quotients(sys, at, y, yp, work, nre)?,
            (MatrixKind::Krylov, _) => unreachable!("no matrix in the Krylov method"),
        }
        self.factor().map_err(MatrixFailure::Singular)
    }

    fn factor(&mut self) -> Result<(), SingularMatrix> {
        let n = self.neq;
        match self.kind {
            MatrixKind::Dense => dense::factor(&mut self.wm[..n * n], n, &mut self.pivots[..n]),
            MatrixKind::Band { .. } => {
                let shape = self.band_shape();
                band::factor(&mut self.wm[..self.lenpd], shape, &mut self.pivots[..n])
            }
            MatrixKind::Krylov => unreachable!(),
        }
    }

    /// Overwrite `b` with A^{-1} b (DSLVD).
    pub fn solve(&self, b: &mut [Real]) {
        let n = self.neq;
        match self.kind {
            MatrixKind::Dense => dense::solve(&self.wm[..n * n], n, &self.pivots[..n], b),
            MatrixKind::Band { .. } => band::solve(&self.wm[..self.lenpd], self.band_shape(), &self.pivots[..n], b),
            MatrixKind::Krylov => unreachable!(),
        }
    }

    /// Dense difference quotients, one column per residual call (DMATD
    /// case 2): increment max(sqrt(uround)*max(|y_j|, |h*y'_j|), 1/rwt_j)
    /// with the sign of h*y'_j, rounded to a representable difference.
    fn dense_difference_quotients<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: &EvalPoint<'_>,
        y: &mut [Real],
        yp: &mut [Real],
        work: &mut [Real],
        nre: &mut FInt,
    ) -> Result<(), MatrixFailure> {
        let n = self.neq;
        let squr = at.uround.sqrt();
        for j in 0..n {
            let del = increment(squr, y[j], yp[j], at.h, at.rwt[j]);
            let (ysave, ypsave) = (y[j], yp[j]);
            y[j] += del;
            yp[j] += at.cj * del;
            *nre = nre.wrapping_add(1);
            let status = sys.residual(at.t, y, yp, at.cj, work);
            y[j] = ysave;
            yp[j] = ypsave;
            if status != CallbackStatus::Ok {
                return Err(MatrixFailure::Residual(status));
            }
            let delinv = 1.0 / del;
            let col = &mut self.wm[j * n..(j + 1) * n];
            for ((c, &g), &g0) in col.iter_mut().zip(work.iter()).zip(at.delta) {
                *c = (g - g0) * delinv;
            }
        }
        Ok(())
    }

    /// Banded difference quotients (DMATD case 5): columns j, j+w, j+2w, ...
    /// (w = ML+MU+1) do not share rows, so they are perturbed together and
    /// cost one residual call per group.
    fn band_difference_quotients<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: &EvalPoint<'_>,
        y: &mut [Real],
        yp: &mut [Real],
        work: &mut [Real],
        nre: &mut FInt,
    ) -> Result<(), MatrixFailure> {
        let BandShape { n, ml, mu } = self.band_shape();
        let lda = 2 * ml + mu + 1;
        let width = ml + mu + 1;
        let squr = at.uround.sqrt();
        let (pd, save) = self.wm.split_at_mut(self.lenpd);
        let msave = n / width + 1;
        let (ysave, ypsave) = save.split_at_mut(msave);
        for start in 0..width.min(n) {
            for (k, col) in (start..n).step_by(width).enumerate() {
                ysave[k] = y[col];
                ypsave[k] = yp[col];
                let del = increment(squr, y[col], yp[col], at.h, at.rwt[col]);
                y[col] += del;
                yp[col] += at.cj * del;
            }
            *nre = nre.wrapping_add(1);
            let status = sys.residual(at.t, y, yp, at.cj, work);
            // Restore before anything else so a failure leaves y, y' intact.
            for (k, col) in (start..n).step_by(width).enumerate() {
                y[col] = ysave[k];
                yp[col] = ypsave[k];
            }
            if status != CallbackStatus::Ok {
                return Err(MatrixFailure::Residual(status));
            }
            for col in (start..n).step_by(width) {
                let del = increment(squr, y[col], yp[col], at.h, at.rwt[col]);
                let delinv = 1.0 / del;
                let i1 = col.saturating_sub(mu);
                let i2 = (col + ml).min(n - 1);
                let base = col * lda + ml + mu - col;
                for i in i1..=i2 {
                    pd[base + i] = (work[i] - at.delta[i]) * delinv;
                }
            }
        }
        Ok(())
    }
}

/// DASKR's difference-quotient increment for component j.
#[inline]
fn increment(squr: Real, y: Real, yp: Real, h: Real, rwt: Real) -> Real {
    let hyp = h * yp;
    let del = (squr * y.abs().max(hyp.abs())).max(1.0 / rwt);
    let del = if hyp < 0.0 || (hyp == 0.0 && hyp.is_sign_negative()) { -del } else { del };
    (y + del) - y
}

#[cfg(test)]
mod tests {
    use super::*;

    /// G(y, y') = M y' + K y with a tridiagonal K; A = K + cj*M.
    struct Tri {
        n: usize,
    }
    impl DaeSystem for Tri {
        fn residual(&mut self, _t: Real, y: &[Real], yp: &[Real], _cj: Real, d: &mut [Real]) -> CallbackStatus {
            for i in 0..self.n {
                let mut k = 4.0 * y[i];
                if i > 0 {
                    k -= y[i - 1];
                }
                if i + 1 < self.n {
                    k -= 2.0 * y[i + 1];
                }
                d[i] = yp[i] + k;
            }
            CallbackStatus::Ok
        }
    }

    fn solve_with(kind: MatrixKind, n: usize) -> Vec<Real> {
        let lenpd = match kind {
            MatrixKind::Dense => n * n,
            MatrixKind::Band { ml, mu } => (2 * ml + mu + 1) * n,
            _ => 0,
        };
        let mut wm = vec![0.0; lenpd + 2 * (n / 3 + 1)];
        let mut piv = vec![0; n];
        let mut sys = Tri { n };
        let mut y: Vec<Real> = (0..n).map(|i| 1.0 + i as Real).collect();
        let mut yp = vec![0.5; n];
        let mut delta = vec![0.0; n];
        sys.residual(0.0, &y, &yp, 2.0, &mut delta);
        let rwt = vec![1e6; n];
        let mut work = vec![0.0; n];
        let mut nre = 0;
        let mut m = IterationMatrix { kind, dq: true, wm: &mut wm, lenpd, pivots: &mut piv, neq: n };
        let at = EvalPoint { t: 0.0, cj: 2.0, h: 0.1, rwt: &rwt, delta: &delta, uround: f64::EPSILON / 2.0 };
        m.evaluate(&mut sys, &at, &mut y, &mut yp, &mut work, &mut nre).unwrap();
        assert_eq!(nre as usize, if kind == MatrixKind::Dense { n } else { 3 });
        let mut b = vec![1.0; n];
        m.solve(&mut b);
        b
    }

    #[test]
    fn dense_and_band_difference_quotients_agree() {
        let n = 9;
        let xd = solve_with(MatrixKind::Dense, n);
        let xb = solve_with(MatrixKind::Band { ml: 1, mu: 1 }, n);
        // Check A x = 1 for A = tridiag(-1, 4+2, -2).
        for i in 0..n {
            let mut ax = 6.0 * xd[i];
            if i > 0 {
                ax -= xd[i - 1];
            }
            if i + 1 < n {
                ax -= 2.0 * xd[i + 1];
            }
            assert!((ax - 1.0).abs() < 1e-6);
            assert!((xd[i] - xb[i]).abs() < 1e-9);
        }
    }
}
