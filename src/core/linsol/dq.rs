//! Difference-quotient Jacobians by column groups (DMATD's cases 2 and 5,
//! generalised).
//!
//! Columns that share no row can be perturbed together: one residual call
//! then yields all of them. A dense matrix has one column per group, a band
//! matrix the groups j, j+w, j+2w, ... (w = ML+MU+1), a sparse pattern any
//! structurally orthogonal colouring. The increment is DASKR's:
//! max(sqrt(UROUND)*max(|y_j|, |h*y'_j|), 1/rwt_j) with the sign of h*y'_j,
//! rounded to a representable difference; y'_j moves by CJ times it.

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

#[cfg(test)]
mod tests {
    use super::*;

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
