//! Column and row scaling of the Jacobian: a(i,j) *= d(j) (SPARSKIT's
//! AMUDIA), a(i,j) *= d(i) (DIAMUA) and the row norms that ROSCAL scales by;
//! and the two scalings as DJACILU applies them.

use super::csr::Csr;
use super::params::RowNorm;
use crate::types::Real;

/// DJACILU's column scaling (JSCALCOL = 1, AMUDIA): column j times
/// sqrt(NEQ)/REWT(j); DPSOLILU divides by WGHT = REWT/sqrt(NEQ). DASKR
/// takes sqrt(REAL(NEQ)) in single precision.
pub(super) fn scale_columns_by_weights(jac: &mut Csr, rewt: &[Real]) {
    let sqrtn = Real::from((jac.n as f32).sqrt());
    let d: Vec<Real> = rewt.iter().map(|&r| sqrtn / r).collect();
    jac.scale_columns(&d);
}

/// DJACILU's row scaling (ISRNORM = 1, ROSCAL): every row divided by its
/// norm, the reciprocal norms kept in `scale` (WP). `Err(i)` for the first
/// row i of zero norm; then `scale` is set up to row i and the matrix is
/// left as it was.
pub(super) fn scale_rows_by_norms(jac: &mut Csr, norm: RowNorm, scale: &mut [Real]) -> Result<(), usize> {
    for (i, nrm) in jac.row_norms(norm).into_iter().enumerate() {
        if nrm == 0.0 {
            return Err(i);
        }
        scale[i] = 1.0 / nrm;
    }
    jac.scale_rows(scale);
    Ok(())
}

impl Csr {
    /// a(i,j) *= d(j).
    pub fn scale_columns(&mut self, d: &[Real]) {
        for (v, &j) in self.val.iter_mut().zip(&self.col) {
            *v *= d[j];
        }
    }

    /// a(i,j) *= d(i).
    pub fn scale_rows(&mut self, d: &[Real]) {
        for (i, &di) in d.iter().enumerate().take(self.n) {
            for v in &mut self.val[self.ptr[i]..self.ptr[i + 1]] {
                *v *= di;
            }
        }
    }

    /// The norm of every row.
    pub fn row_norms(&self, norm: RowNorm) -> Vec<Real> {
        (0..self.n)
            .map(|i| {
                let row = &self.val[self.ptr[i]..self.ptr[i + 1]];
                match norm {
                    RowNorm::Max => row.iter().fold(0.0, |m: Real, v| m.max(v.abs())),
                    RowNorm::One => row.iter().map(|v| v.abs()).sum(),
                    RowNorm::Two => row.iter().map(|v| v * v).sum::<Real>().sqrt(),
                }
            })
            .collect()
    }
}
