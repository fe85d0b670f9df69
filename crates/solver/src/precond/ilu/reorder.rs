//! Reordering glue (DJREORD): the reverse Cuthill–McKee permutation
//! ([`super::super::rcm`]) applied to rows and columns alike, as SPARSKIT's
//! DPERM applies it, and kept in IWP for DPSOLILU.

use super::csr::Csr;
use crate::precond::rcm;
use crate::types::FInt;

/// DJACILU's reordering (IREORDER = 1): the reverse Cuthill–McKee
/// permutation of the Jacobian's stored pattern, applied to its rows and
/// columns; stored in `store` (IWP) and returned.
pub(super) fn reorder(jac: &mut Csr, store: &mut [FInt]) -> Vec<usize> {
    let pv = rcm::rcm_permutation(jac.n, &jac.ptr, &jac.col);
    *jac = jac.permute_symmetric(&pv);
    for (s, &q) in store.iter_mut().zip(&pv) {
        *s = q as FInt;
    }
    pv
}

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
