//! Storage of the incomplete factors: views into WP/IWP ([`Factors`],
//! [`FactorsMut`]) or, in the tests, vectors of their own (`OwnedFactors`). Row i of L
//! and the off-diagonal part of row i of U follow each other in one array
//! of values and one of column indices, the diagonal kept inverted apart
//! (as SPARSKIT's modified sparse row format keeps them).

#[cfg(test)]
use super::csr::Csr;
#[cfg(test)]
use super::ilut::{factorize, IluError, IluOptions};
#[cfg(test)]
use super::params::Method;
#[cfg(test)]
use super::solve::CorruptFactors;
use crate::types::{FInt, Real};

/// The factors in the caller's memory, for the solve. Row i of L is
/// `start[i]..u_start[i]`, row i of U (off-diagonal) `u_start[i]..start[i+1]`
/// in `cols`/`vals`; `dinv` holds 1/u(i,i). Indices are 0-based.
#[derive(Clone, Copy, Debug)]
pub struct Factors<'a> {
    pub dinv: &'a [Real],
    pub vals: &'a [Real],
    pub cols: &'a [FInt],
    pub start: &'a [FInt],
    pub u_start: &'a [FInt],
}

/// Mutable views for [`factorize`]: `dinv` and `u_start` NEQ long,
/// `start` NEQ + 1, `vals` and `cols` [`Layout::cap`](super::Layout::cap) long.
#[derive(Debug)]
pub struct FactorsMut<'a> {
    pub dinv: &'a mut [Real],
    pub vals: &'a mut [Real],
    pub cols: &'a mut [FInt],
    pub start: &'a mut [FInt],
    pub u_start: &'a mut [FInt],
}

/// Factors held in their own vectors (the tests').
#[cfg(test)]
#[derive(Clone, Debug, PartialEq)]
pub struct OwnedFactors {
    pub dinv: Vec<Real>,
    pub vals: Vec<Real>,
    pub cols: Vec<FInt>,
    pub start: Vec<FInt>,
    pub u_start: Vec<FInt>,
    /// ILUTP: final position of every column.
    pub col_pos: Option<Vec<FInt>>,
}

#[cfg(test)]
impl OwnedFactors {
    /// Storage for an n x n matrix with `cap` off-diagonal slots.
    pub fn with_capacity(n: usize, cap: usize, method: Method) -> Self {
        OwnedFactors {
            dinv: vec![0.0; n],
            vals: vec![0.0; cap],
            cols: vec![0; cap],
            start: vec![0; n + 1],
            u_start: vec![0; n],
            col_pos: (method == Method::Ilutp).then(|| vec![0; n]),
        }
    }

    /// Factorise `a` ([`factorize`]) into new storage whose capacity
    /// follows DASKR's rule with LENPLUMX = `lenplumx`.
    pub fn factorize(a: &Csr, opts: &IluOptions, lenplumx: usize) -> Result<Self, IluError> {
        let cap = lenplumx.saturating_sub(a.n + 1);
        let mut f = OwnedFactors::with_capacity(a.n, cap, opts.method);
        let view = FactorsMut {
            dinv: &mut f.dinv,
            vals: &mut f.vals,
            cols: &mut f.cols,
            start: &mut f.start,
            u_start: &mut f.u_start,
        };
        factorize(a, opts, view, f.col_pos.as_deref_mut())?;
        Ok(f)
    }

    pub fn view(&self) -> Factors<'_> {
        Factors { dinv: &self.dinv, vals: &self.vals, cols: &self.cols, start: &self.start, u_start: &self.u_start }
    }

    /// Solve A x ~= b (L U x = b, then the ILUTP column permutation).
    pub fn solve(&self, b: &[Real]) -> Result<Vec<Real>, CorruptFactors> {
        let mut w = b.to_vec();
        self.view().solve_in_place(&mut w)?;
        Ok(match &self.col_pos {
            None => w,
            Some(pos) => pos.iter().map(|&p| w[p as usize]).collect(),
        })
    }

    /// Number of stored off-diagonal entries of L and of U.
    pub fn nnz_lu(&self) -> (usize, usize) {
        let n = self.dinv.len();
        let l = (0..n).map(|i| (self.u_start[i] - self.start[i]) as usize).sum();
        let u = (0..n).map(|i| (self.start[i + 1] - self.u_start[i]) as usize).sum();
        (l, u)
    }
}
