//! The multifrontal LU: numeric factorisation and solve on a
//! [`FrontalAnalysis`].
//!
//! Supernodes are eliminated in postorder. Each one gathers its frontal
//! matrix (dense, `m x m`: its `k` columns and rows, then the rows below
//! it) from the original entries and its children's contribution blocks
//! (extend-add), factors its `k` columns in place with restricted threshold
//! pivoting (`dense/front.rs`), keeps the panel `L11\U11` over `L21` and the
//! block `U12` as its factors, and leaves the Schur complement on a stack
//! for its parent. Row interchanges stay inside a supernode; a column whose
//! supernode holds no acceptable pivot ends the factorisation with
//! [`FrontFailure::Threshold`] and the caller uses the general sparse LU.
//!
//! With `M` the permuted matrix (`M[r, c] = A[row_src[r], col_src[c]]`)
//! and `P` the interchanges, `P M = L U`; the solve applies each
//! supernode's interchanges when it reaches it in the forward sweep.

use faer::traits::pulp::{Arch, Simd, WithSimd};

use super::symbolic::FrontalAnalysis;
use crate::core::linsol::dense::front::{factor_front, FrontFailure};
use crate::types::FInt;

/// The numeric factors (storage reused across factorisations).
#[derive(Debug, Default)]
pub struct FrontalFactors {
    /// Per supernode at `lu_ptr[s]`: the `m x k` panel, then U12 (`k x
    /// (m - k)`, row-major).
    lu: Vec<f64>,
    /// Interchanges per column position, local to its supernode.
    pivots: Vec<FInt>,
    /// The reciprocals of U's diagonal, per column position (the backward
    /// solve multiplies: a division per unknown would be a quarter of it).
    pivot_inverses: Vec<f64>,
}

/// Scratch of the factorisation and the solve, kept per thread.
#[derive(Debug, Default)]
pub struct FrontalWorkspace {
    front: Vec<f64>,
    /// Contribution blocks waiting for their parent, and (supernode,
    /// offset) of each.
    stack: Vec<f64>,
    blocks: Vec<(usize, usize)>,
    /// Row scales: per permuted row, then per front position.
    row_scale: Vec<f64>,
    front_scale: Vec<f64>,
    /// Solve: the permuted right-hand side and the gathered rows below.
    x: Vec<f64>,
    below: Vec<f64>,
}

impl FrontalAnalysis {
    /// Factor the matrix whose entries are `values` (indexed as the
    /// analysis was told) into `f`. A failure names the column within its
    /// front.
    pub fn factor(
        &self,
        values: &[f64],
        f: &mut FrontalFactors,
        ws: &mut FrontalWorkspace,
    ) -> Result<(), FrontFailure> {
        self.row_scales(values, &mut ws.row_scale);
        f.lu.resize(self.factor_entries(), 0.0);
        f.pivots.resize(self.n, 0);
        f.pivot_inverses.resize(self.n, 0.0);
        ws.stack.clear();
        ws.blocks.clear();
        ws.front.resize(self.max_front * self.max_front, 0.0);
        ws.front_scale.resize(self.max_front, 0.0);
        for s in 0..self.supernodes() {
            let cols = self.columns(s);
            let (k, m) = (cols.len(), cols.len() + self.rows_below(s).len());
            self.assemble(s, values, ws);
            let FrontalWorkspace { front, front_scale, .. } = ws;
            let front = &mut front[..m * m];
            let (panel, u12) = f.lu[self.lu_ptr[s]..self.lu_ptr[s + 1]].split_at_mut(m * k);
            factor_front(front, m, k, &mut front_scale[..m], &mut f.pivots[cols.clone()], u12)?;
            for (p, inv) in f.pivot_inverses[cols].iter_mut().enumerate() {
                *inv = 1.0 / front[p * m + p];
            }
            panel.copy_from_slice(&front[..m * k]);
            // The Schur complement waits on the stack for the parent.
            if m > k {
                let offset = ws.stack.len();
                for col in ws.front[m * k..m * m].chunks_exact(m) {
                    ws.stack.extend_from_slice(&col[k..]);
                }
                ws.blocks.push((s, offset));
            }
        }
        Ok(())
    }

    /// Supernode `s`'s front in `ws.front` (order `m`): zero, the original
    /// entries, the children's contribution blocks (taken off the stack);
    /// and the row scales of its positions in `ws.front_scale`.
    fn assemble(&self, s: usize, values: &[f64], ws: &mut FrontalWorkspace) {
        let cols = self.columns(s);
        let below = self.rows_below(s);
        let m = cols.len() + below.len();
        let front = &mut ws.front[..m * m];
        front.fill(0.0);
        let entries = self.asm_ptr[s]..self.asm_ptr[s + 1];
        for (&src, &dst) in self.asm_src[entries.clone()].iter().zip(&self.asm_dst[entries]) {
            front[dst as usize] = values[src as usize];
        }
        while let Some(&(c, offset)) = ws.blocks.last() {
            if self.sn_parent[c] != s {
                break;
            }
            let rel = &self.in_parent[self.below_ptr[c]..self.below_ptr[c + 1]];
            let runs = &self.runs[self.run_ptr[c]..self.run_ptr[c + 1]];
            extend_add(front, m, &ws.stack[offset..], rel, runs);
            ws.stack.truncate(offset);
            ws.blocks.pop();
        }
        let scale = &mut ws.front_scale[..m];
        scale[..cols.len()].copy_from_slice(&ws.row_scale[cols.clone()]);
        for (sc, &i) in scale[cols.len()..].iter_mut().zip(below) {
            *sc = ws.row_scale[i as usize];
        }
    }

    /// `row_scale[r]` = 1 / the largest magnitude in row `row_src[r]` (1
    /// for a zero row).
    fn row_scales(&self, values: &[f64], row_scale: &mut Vec<f64>) {
        row_scale.clear();
        row_scale.resize(self.n, 0.0);
        for (&value, &row) in values.iter().zip(&self.value_row) {
            let v = value.abs();
            let r = &mut row_scale[row as usize];
            if v > *r || v.is_nan() {
                *r = v;
            }
        }
        for r in row_scale.iter_mut() {
            *r = if *r > 0.0 && r.is_finite() { 1.0 / *r } else { 1.0 };
        }
    }

    /// Overwrite `b` with the solution of A x = b.
    pub fn solve(&self, f: &FrontalFactors, b: &mut [f64], ws: &mut FrontalWorkspace) {
        Arch::new().dispatch(Solve { analysis: self, f, b, ws })
    }
}

/// The solve, compiled for the best instruction set (its loops are
/// vectorised by the compiler; no FMA contraction).
struct Solve<'a> {
    analysis: &'a FrontalAnalysis,
    f: &'a FrontalFactors,
    b: &'a mut [f64],
    ws: &'a mut FrontalWorkspace,
}

impl WithSimd for Solve<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Solve { analysis: a, f, b, ws } = self;
        let x = &mut ws.x;
        x.clear();
        x.extend(a.row_src.iter().map(|&i| b[i]));
        forward(a, f, x, &mut ws.below);
        backward(simd, a, f, x, &mut ws.below);
        for (&xc, &j) in x.iter().zip(&a.col_src) {
            b[j] = xc;
        }
    }
}

/// `x = L^-1 P x`, supernode by supernode.
#[inline(always)]
fn forward(a: &FrontalAnalysis, f: &FrontalFactors, x: &mut [f64], below_buf: &mut Vec<f64>) {
    for s in 0..a.supernodes() {
        let cols = a.columns(s);
        let below = a.rows_below(s);
        let (k, m) = (cols.len(), cols.len() + below.len());
        let panel = &f.lu[a.lu_ptr[s]..a.lu_ptr[s] + m * k];
        let xs = &mut x[cols.clone()];
        for (p, &q) in f.pivots[cols].iter().enumerate() {
            xs.swap(p, q as usize);
        }
        below_buf.clear();
        below_buf.resize(m - k, 0.0);
        for (p, col) in panel.chunks_exact(m).enumerate() {
            let t = xs[p];
            if t != 0.0 {
                for (v, &l) in xs[p + 1..].iter_mut().zip(&col[p + 1..k]) {
                    *v -= l * t;
                }
                for (v, &l) in below_buf.iter_mut().zip(&col[k..]) {
                    *v += l * t;
                }
            }
        }
        for (&i, &v) in below.iter().zip(below_buf.iter()) {
            x[i as usize] -= v;
        }
    }
}

/// `x = U^-1 x`, supernode by supernode in reverse.
#[inline(always)]
fn backward<S: Simd>(simd: S, a: &FrontalAnalysis, f: &FrontalFactors, x: &mut [f64], below_buf: &mut Vec<f64>) {
    for s in (0..a.supernodes()).rev() {
        let cols = a.columns(s);
        let below = a.rows_below(s);
        let (k, m) = (cols.len(), cols.len() + below.len());
        let (panel, u12) = f.lu[a.lu_ptr[s]..a.lu_ptr[s + 1]].split_at(m * k);
        below_buf.clear();
        below_buf.extend(below.iter().map(|&i| x[i as usize]));
        let inverses = &f.pivot_inverses[cols.clone()];
        let xs = &mut x[cols];
        if m > k {
            for (v, row) in xs.iter_mut().zip(u12.chunks_exact(m - k)) {
                *v -= dot(simd, row, below_buf);
            }
        }
        for p in (0..k).rev() {
            let col = &panel[p * m..p * m + p + 1];
            xs[p] *= inverses[p];
            let t = xs[p];
            if t != 0.0 {
                for (v, &u) in xs[..p].iter_mut().zip(&col[..p]) {
                    *v -= u * t;
                }
            }
        }
    }
}

/// The dot product of two slices (of equal length), in SIMD lanes.
#[inline(always)]
fn dot<S: Simd>(simd: S, a: &[f64], b: &[f64]) -> f64 {
    let (av, at) = S::as_simd_f64s(a);
    let (bv, bt) = S::as_simd_f64s(&b[..a.len()]);
    let mut acc = [simd.splat_f64s(0.0); 2];
    let mut pairs = av.chunks_exact(2).zip(bv.chunks_exact(2));
    for (x, y) in &mut pairs {
        acc[0] = simd.add_f64s(acc[0], simd.mul_f64s(x[0], y[0]));
        acc[1] = simd.add_f64s(acc[1], simd.mul_f64s(x[1], y[1]));
    }
    if av.len() % 2 == 1 {
        let last = av.len() - 1;
        acc[0] = simd.add_f64s(acc[0], simd.mul_f64s(av[last], bv[last]));
    }
    let mut sum = simd.reduce_sum_f64s(simd.add_f64s(acc[0], acc[1]));
    for (&x, &y) in at.iter().zip(bt) {
        sum += x * y;
    }
    sum
}

/// Add a child's `mc x mc` contribution block (column-major) into the
/// front (order `m`) at the positions `rel`, row runs at a time.
fn extend_add(front: &mut [f64], m: usize, block: &[f64], rel: &[u32], runs: &[(u32, u32)]) {
    let mc = rel.len();
    for (col, &rj) in block[..mc * mc].chunks_exact(mc).zip(rel) {
        let dst = &mut front[rj as usize * m..(rj as usize + 1) * m];
        for &(t, len) in runs {
            let (t, len) = (t as usize, len as usize);
            let p = rel[t] as usize;
            for (d, &v) in dst[p..p + len].iter_mut().zip(&col[t..t + len]) {
                *d += v;
            }
        }
    }
}
