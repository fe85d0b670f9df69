//! Difference-quotient Jacobians by column groups (DMATD's cases 2 and 5,
//! generalised).
//!
//! Columns that share no row can be perturbed together: one residual call
//! then yields all of them. A dense matrix has one column per group, a band
//! matrix the groups j, j+w, j+2w, ... (w = ML+MU+1), a sparse pattern any
//! structurally orthogonal colouring. The increment is DASKR's:
//! max(sqrt(UROUND)*max(|y_j|, |h*y'_j|), 1/rwt_j) with the sign of h*y'_j,
//! rounded to a representable difference; y'_j moves by CJ times it.

use super::band::BandShape;
use super::Setup;
use crate::core::counters::bump;
use crate::core::problem::{CallbackStatus, DaeSystem};
use crate::types::{FInt, Real};

/// A partition of the columns into structurally orthogonal groups.
pub trait ColumnGroups {
    /// Number of groups (residual calls per Jacobian).
    fn count(&self) -> usize;
    /// The columns of group `g` (0-based), each once.
    fn columns(&self, g: usize) -> impl Iterator<Item = usize> + '_;
    /// The largest group: the save area needs twice this many reals.
    fn largest(&self) -> usize;
}

/// Every column on its own (dense matrices: DMATD case 2).
pub struct SingleColumns {
    pub n: usize,
}

impl ColumnGroups for SingleColumns {
    fn count(&self) -> usize {
        self.n
    }
    fn columns(&self, g: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(g)
    }
    fn largest(&self) -> usize {
        1
    }
}

/// Columns g, g+w, g+2w, ... for a band of total width w = ML+MU+1
/// (DMATD case 5).
pub struct BandGroups {
    pub n: usize,
    pub width: usize,
}

impl BandGroups {
    /// DASKR's MSAVE = NEQ/(ML+MU+1) + 1, the save-area length per vector.
    pub fn save_len(n: usize, width: usize) -> usize {
        n / width + 1
    }
}

impl ColumnGroups for BandGroups {
    fn count(&self) -> usize {
        self.width.min(self.n)
    }
    fn columns(&self, g: usize) -> impl Iterator<Item = usize> + '_ {
        (g..self.n).step_by(self.width)
    }
    fn largest(&self) -> usize {
        Self::save_len(self.n, self.width)
    }
}

/// DASKR's difference-quotient increment for one component.
#[inline]
pub fn increment(squr: Real, y: Real, yp: Real, h: Real, rwt: Real) -> Real {
    let hyp = h * yp;
    let del = (squr * y.abs().max(hyp.abs())).max(1.0 / rwt);
    let del = if hyp < 0.0 || (hyp == 0.0 && hyp.is_sign_negative()) { -del } else { del };
    (y + del) - y
}

/// Form the difference quotients group by group. For each column `store`
/// receives (column, 1/increment, G at the perturbed point, G at the
/// point) and writes (G_i - G0_i)/increment for the rows it keeps. `save`
/// holds 2*`groups.largest()` reals: the saved y then y' components (DASKR
/// keeps the band case's in RWORK). y, y' are restored before anything
/// else, so a failed RES leaves them intact.
pub fn difference_quotients<S, G, F>(
    sys: &mut S,
    at: Setup<'_>,
    save: &mut [Real],
    groups: &G,
    nre: &mut FInt,
    mut store: F,
) -> Result<(), CallbackStatus>
where
    S: DaeSystem + ?Sized,
    G: ColumnGroups,
    F: FnMut(usize, Real, &[Real], &[Real]),
{
    let squr = at.uround.sqrt();
    let Setup { y, yp, work, .. } = at;
    let (ysave, ypsave) = save.split_at_mut(save.len() / 2);
    for g in 0..groups.count() {
        for (k, col) in groups.columns(g).enumerate() {
            ysave[k] = y[col];
            ypsave[k] = yp[col];
            let del = increment(squr, y[col], yp[col], at.h, at.rwt[col]);
            y[col] += del;
            yp[col] += at.cj * del;
        }
        bump(nre);
        let status = sys.residual(at.t, y, yp, at.cj, work);
        for (k, col) in groups.columns(g).enumerate() {
            y[col] = ysave[k];
            yp[col] = ypsave[k];
        }
        if status != CallbackStatus::Ok {
            return Err(status);
        }
        for col in groups.columns(g) {
            // Recomputed from the restored values: the same increment.
            let del = increment(squr, y[col], yp[col], at.h, at.rwt[col]);
            store(col, 1.0 / del, work, at.residual);
        }
    }
    Ok(())
}

/// Banded difference quotients straight into LINPACK band storage (DMATD
/// case 5): [`difference_quotients`] over [`BandGroups`] with the store
/// fused into the restoring loop, as DASKR does it. Column `col` of J goes
/// to `pd[col*lda + ML+MU + i - col]` for rows `i` in
/// `col-MU..=col+ML` (clipped to the matrix), one contiguous run; the top
/// ML rows of each column are left alone. `save` holds 2*MSAVE reals
/// (ysave then y'save). On a failed RES, y and y' are restored and nothing
/// more is stored.
pub fn band_difference_quotients<S: DaeSystem + ?Sized>(
    sys: &mut S,
    at: Setup<'_>,
    save: &mut [Real],
    shape: BandShape,
    pd: &mut [Real],
    nre: &mut FInt,
) -> Result<(), CallbackStatus> {
    let BandShape { n, ml, mu } = shape;
    if n == 0 {
        return Ok(());
    }
    let width = ml + mu + 1;
    let lda = shape.lda();
    let squr = at.uround.sqrt();
    let Setup { t, cj, h, rwt, residual: g0, y, yp, work: g, .. } = at;
    let rwt = &rwt[..n];
    let g0 = &g0[..n];
    let (ysave, ypsave) = save.split_at_mut(save.len() / 2);
    let msave = BandGroups::save_len(n, width);
    let (ysave, ypsave) = (&mut ysave[..msave], &mut ypsave[..msave]);
    for first in 0..width.min(n) {
        // Columns first, first+width, ... (k-th at save index k).
        {
            let (y, yp) = (&mut y[..n], &mut yp[..n]);
            let (mut col, mut k) = (first, 0);
            while col < n {
                let (yc, ypc) = (y[col], yp[col]);
                ysave[k] = yc;
                ypsave[k] = ypc;
                let del = increment(squr, yc, ypc, h, rwt[col]);
                y[col] = yc + del;
                yp[col] = ypc + cj * del;
                col += width;
                k += 1;
            }
        }
        bump(nre);
        let status = residual_call(sys, t, y, yp, cj, g);
        let (y, yp) = (&mut y[..n], &mut yp[..n]);
        if status != CallbackStatus::Ok {
            let (mut col, mut k) = (first, 0);
            while col < n {
                y[col] = ysave[k];
                yp[col] = ypsave[k];
                col += width;
                k += 1;
            }
            return Err(status);
        }
        let g = &g[..n];
        let (mut col, mut k) = (first, 0);
        while col < n {
            let (ys, yps) = (ysave[k], ypsave[k]);
            y[col] = ys;
            yp[col] = yps;
            // Recomputed from the restored values: the same increment.
            let delinv = 1.0 / increment(squr, ys, yps, h, rwt[col]);
            let (lo, hi) = (col.saturating_sub(mu), (col + ml).min(n - 1));
            let start = col * lda + ml + mu - col;
            let dst = &mut pd[start + lo..=start + hi];
            for ((c, &gi), &g0i) in dst.iter_mut().zip(&g[lo..=hi]).zip(&g0[lo..=hi]) {
                *c = (gi - g0i) * delinv;
            }
            col += width;
            k += 1;
        }
    }
    Ok(())
}

/// One RES call, kept out of line: whatever wraps the user's RES (checks
/// of the result) is then compiled on its own, not squeezed into the
/// registers left by the loops around the call.
#[inline(never)]
fn residual_call<S: DaeSystem + ?Sized>(
    sys: &mut S,
    t: Real,
    y: &[Real],
    yp: &[Real],
    cj: Real,
    delta: &mut [Real],
) -> CallbackStatus {
    sys.residual(t, y, yp, cj, delta)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A nonlinear banded residual: G_i = y'_i*(1 + y_i^2) + sum over the
    /// band of c_ij * sin(y_j) (true bandwidths `ml`, `mu`); it fails
    /// (Recoverable) on call number `fail_at`.
    struct Banded {
        n: usize,
        ml: usize,
        mu: usize,
        calls: usize,
        fail_at: usize,
    }

    impl DaeSystem for Banded {
        fn residual(&mut self, _t: Real, y: &[Real], yp: &[Real], _cj: Real, d: &mut [Real]) -> CallbackStatus {
            self.calls += 1;
            if self.calls == self.fail_at {
                return CallbackStatus::Recoverable;
            }
            for i in 0..self.n {
                let mut v = yp[i] * (1.0 + y[i] * y[i]);
                let lo = i.saturating_sub(self.ml);
                for (j, yj) in y.iter().enumerate().take((i + self.mu + 1).min(self.n)).skip(lo) {
                    v += (0.3 + (i * 7 + j * 3) as Real * 0.01) * yj.sin();
                }
                d[i] = v;
            }
            CallbackStatus::Ok
        }
    }

    /// The band store as it was written before [`band_difference_quotients`]
    /// existed, for [`difference_quotients`]: an index loop over the rows
    /// of column `col` in the band.
    fn reference_store(s: BandShape, pd: &mut [Real]) -> impl FnMut(usize, Real, &[Real], &[Real]) + '_ {
        let BandShape { n, ml, mu } = s;
        let lda = s.lda();
        move |col, delinv, g, g0| {
            let rows = col.saturating_sub(mu)..=(col + ml).min(n - 1);
            let base = col * lda + ml + mu - col;
            for i in rows {
                pd[base + i] = (g[i] - g0[i]) * delinv;
            }
        }
    }

    #[test]
    fn band_store_matches_the_generic_path_bit_for_bit() {
        let mut cases = 0;
        for n in [1usize, 2, 3, 5, 8, 13, 40] {
            for (ml, mu) in [(0, 0), (1, 0), (0, 1), (2, 1), (1, 2), (3, 3), (5, 2), (n - 1, n - 1), (1, n + 2)] {
                let s = BandShape { n, ml, mu };
                let width = ml + mu + 1;
                for fail_at in [0, 1, width.min(n), 2] {
                    let y0: Vec<Real> = (0..n).map(|i| [0.0, 1.5, -2.25e-3, 7.0][i % 4] + i as Real * 0.1).collect();
                    let yp0: Vec<Real> = (0..n).map(|i| [0.0, -0.0, 3.0, -1e-9][(i / 2) % 4]).collect();
                    let rwt: Vec<Real> = (0..n).map(|i| 1e5 * (1.0 + i as Real)).collect();
                    let run = |fast: bool| {
                        let mut sys = Banded { n, ml: ml.min(2), mu: mu.min(3), calls: 0, fail_at };
                        let (mut y, mut yp) = (y0.clone(), yp0.clone());
                        let mut g0 = vec![0.0; n];
                        sys.residual(0.0, &y, &yp, 3.0, &mut g0);
                        let mut work = vec![0.0; n];
                        let mut save = vec![0.0; 2 * BandGroups::save_len(n, width)];
                        let mut pd = vec![-9.0; s.lda() * n];
                        let mut nre = 0;
                        let at = Setup {
                            t: 0.5,
                            cj: 3.0,
                            h: if fail_at == 2 { -0.01 } else { 0.01 },
                            uround: f64::EPSILON / 2.0,
                            rwt: &rwt,
                            residual: &g0,
                            y: &mut y,
                            yp: &mut yp,
                            work: &mut work,
                        };
                        let r = if fast {
                            band_difference_quotients(&mut sys, at, &mut save, s, &mut pd, &mut nre)
                        } else {
                            let groups = BandGroups { n, width };
                            difference_quotients(&mut sys, at, &mut save, &groups, &mut nre, reference_store(s, &mut pd))
                        };
                        (r, pd, y, yp, nre)
                    };
                    let (r1, pd1, y1, yp1, nre1) = run(true);
                    let (r2, pd2, y2, yp2, nre2) = run(false);
                    let bits = |v: &[Real]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                    assert_eq!(r1, r2, "{s:?} fail_at {fail_at}");
                    assert_eq!(nre1, nre2);
                    assert_eq!(bits(&pd1), bits(&pd2), "{s:?} fail_at {fail_at}");
                    assert_eq!(bits(&y1), bits(&y0));
                    assert_eq!(bits(&yp1), bits(&yp0));
                    assert_eq!((bits(&y2), bits(&yp2)), (bits(&y0), bits(&yp0)));
                    cases += 1;
                }
            }
        }
        assert!(cases > 200);
    }

    #[test]
    fn band_groups_cover_every_column_once() {
        let g = BandGroups { n: 10, width: 4 };
        let mut seen = vec![0; 10];
        for k in 0..g.count() {
            for c in g.columns(k) {
                seen[c] += 1;
            }
            assert!(g.columns(k).count() <= g.largest());
        }
        assert_eq!(seen, vec![1; 10]);
        assert_eq!(BandGroups { n: 3, width: 5 }.count(), 3);
    }

    #[test]
    fn increment_follows_the_sign_of_h_yprime() {
        let squr = f64::EPSILON.sqrt();
        assert!(increment(squr, 1.0, 2.0, 0.1, 1e6) > 0.0);
        assert!(increment(squr, 1.0, -2.0, 0.1, 1e6) < 0.0);
        assert!(increment(squr, 1.0, -0.0, 0.1, 1e6) < 0.0);
        // Floor 1/rwt when y and h*y' are tiny.
        assert_eq!(increment(squr, 0.0, 0.0, 0.1, 1e3), 1e-3);
    }
}
