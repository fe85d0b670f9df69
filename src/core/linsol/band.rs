//! Banded LU with partial pivoting in LINPACK band storage.
use super::SingularMatrix;
use crate::types::{FInt, Real};

/// Shape of a banded matrix in LINPACK storage: leading dimension
/// 2*ML+MU+1, element (i,j) (0-based) at `abd[(i + ml + mu - j) + j*lda]`;
/// the top ML rows are workspace for fill-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BandShape {
    pub n: usize,
    pub ml: usize,
    pub mu: usize,
}

impl BandShape {
    /// Leading dimension 2*ML+MU+1.
    pub fn lda(&self) -> usize {
        2 * self.ml + self.mu + 1
    }
}

/// Factor in place; replaces DGBFA.
pub fn factor(abd: &mut [Real], shape: BandShape, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    let _ = (abd, shape, pivots);
    todo!("band LU (helper)")
}

/// Solve with the factors; replaces DGBSL (job 0).
pub fn solve(abd: &[Real], shape: BandShape, pivots: &[FInt], b: &mut [Real]) {
    let _ = (abd, shape, pivots, b);
    todo!("band LU solve (helper)")
}
