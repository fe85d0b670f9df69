//! Sparse matrices in compressed sparse row form ([`Csr`]), built from
//! coordinate triples as SPARSKIT's COOCSR builds them.

use crate::types::Real;

/// A sparse matrix in compressed sparse row form (0-based).
#[derive(Clone, Debug, PartialEq)]
pub struct Csr {
    pub n: usize,
    pub ptr: Vec<usize>,
    pub col: Vec<usize>,
    pub val: Vec<Real>,
}

impl Csr {
    #[cfg(test)]
    /// An n x n matrix from (row, column, value) triples; entries of a row
    /// end up sorted by column. Repeated positions are kept as given.
    pub fn from_triplets(n: usize, triplets: &[(usize, usize, Real)]) -> Self {
        let mut m = Csr::from_triplets_in_order(n, triplets);
        m.sort_rows();
        m
    }

    /// As [`Csr::from_triplets`], but the entries of a row keep the order
    /// of `triplets` (as SPARSKIT's COOCSR leaves them; the order decides
    /// how row norms are summed).
    pub fn from_triplets_in_order(n: usize, triplets: &[(usize, usize, Real)]) -> Self {
        let mut ptr = vec![0usize; n + 1];
        for &(i, _, _) in triplets {
            ptr[i + 1] += 1;
        }
        for i in 0..n {
            ptr[i + 1] += ptr[i];
        }
        let mut fill = ptr.clone();
        let mut col = vec![0usize; triplets.len()];
        let mut val = vec![0.0; triplets.len()];
        for &(i, j, v) in triplets {
            col[fill[i]] = j;
            val[fill[i]] = v;
            fill[i] += 1;
        }
        Csr { n, ptr, col, val }
    }

    #[cfg(test)]
    /// A dense row-major matrix's nonzeros.
    pub fn from_dense(n: usize, a: &[Real]) -> Self {
        let mut t = Vec::new();
        for i in 0..n {
            for j in 0..n {
                if a[i * n + j] != 0.0 {
                    t.push((i, j, a[i * n + j]));
                }
            }
        }
        Csr::from_triplets(n, &t)
    }

    #[cfg(test)]
    fn sort_rows(&mut self) {
        let mut pairs: Vec<(usize, Real)> = Vec::new();
        for i in 0..self.n {
            let (lo, hi) = (self.ptr[i], self.ptr[i + 1]);
            if self.col[lo..hi].windows(2).all(|w| w[0] <= w[1]) {
                continue;
            }
            pairs.clear();
            pairs.extend(self.col[lo..hi].iter().copied().zip(self.val[lo..hi].iter().copied()));
            pairs.sort_by_key(|&(c, _)| c);
            for (k, &(c, v)) in pairs.iter().enumerate() {
                self.col[lo + k] = c;
                self.val[lo + k] = v;
            }
        }
    }

    /// Number of stored entries.
    pub fn nnz(&self) -> usize {
        self.ptr[self.n]
    }

    #[cfg(test)]
    /// y = A x.
    pub fn mul_vec(&self, x: &[Real], y: &mut [Real]) {
        for (i, yi) in y.iter_mut().enumerate().take(self.n) {
            *yi = (self.ptr[i]..self.ptr[i + 1]).map(|k| self.val[k] * x[self.col[k]]).sum();
        }
    }
}
