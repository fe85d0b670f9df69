//! Reordering glue (DJREORD): the reverse Cuthill–McKee permutation
//! ([`super::super::rcm`]) applied to rows and columns alike, as SPARSKIT's
//! DPERM applies it.

use super::csr::Csr;

impl Csr {
    /// P A P^T: row and column i become row and column `perm[i]`; the
    /// entries of a row keep their order.
    pub fn permute_symmetric(&self, perm: &[usize]) -> Csr {
        let mut t = Vec::with_capacity(self.nnz());
        for i in 0..self.n {
            for k in self.ptr[i]..self.ptr[i + 1] {
                t.push((perm[i], perm[self.col[k]], self.val[k]));
            }
        }
        Csr::from_triplets_in_order(self.n, &t)
    }
}
