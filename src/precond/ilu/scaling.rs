//! Column and row scaling of the Jacobian: a(i,j) *= d(j) (SPARSKIT's
//! AMUDIA), a(i,j) *= d(i) (DIAMUA) and the row norms that ROSCAL scales by.

use super::csr::Csr;
use super::params::RowNorm;
use crate::types::Real;

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
