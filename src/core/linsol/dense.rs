//! Dense LU with partial pivoting (faer), in place on the caller's matrix.
use super::SingularMatrix;
use crate::types::{FInt, Real};

/// Factor the column-major `n x n` matrix `a` in place; `pivots` (length n)
/// receives the row permutation. Replaces DGEFA.
pub fn factor(a: &mut [Real], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    let _ = (a, n, pivots);
    todo!("dense LU (helper)")
}

/// Solve A x = b with the factors from [`factor`]; `b` is overwritten by x.
/// Replaces DGESL (job 0).
pub fn solve(lu: &[Real], n: usize, pivots: &[FInt], b: &mut [Real]) {
    let _ = (lu, n, pivots, b);
    todo!("dense LU solve (helper)")
}
