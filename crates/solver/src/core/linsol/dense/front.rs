//! The dense kernel of the sparse multifrontal LU (`sparse/frontal.rs`):
//! the partial factorisation of one frontal matrix.
//!
//! A front is a column-major `m x m` matrix whose first `k` rows and
//! columns belong to one supernode; its other rows and columns are rows and
//! columns of later supernodes that the elimination of these `k` touches.
//! The `k` pivots may only come from the supernode's own rows (rows `< k`):
//! a row below belongs to another supernode, whose remaining entries live
//! in other fronts. So the pivoting is *restricted partial pivoting with a
//! threshold*: in each column the candidate of largest scaled magnitude
//! among rows `< k` is accepted if it is at least `threshold` times the
//! largest scaled magnitude of the whole column (all `m` rows), the classic
//! threshold test of sparse LU codes (MA48, UMFPACK, MUMPS: growth at most
//! `1 + 1/threshold` per step; the row the transversal put on the diagonal
//! is taken whenever it passes). Magnitudes are scaled by the
//! reciprocal of each row's largest original entry (implicit row
//! equilibration), so that a row of small coefficients, an algebraic
//! boundary condition `u(1) - u(2) = 0` next to diffusion terms of order
//! 1/h^2, is judged by its own size. When no candidate passes, the front
//! reports [`FrontFailure::Threshold`].
//!
//! Such a front is then factored again by [`factor_front_delaying`]: the
//! same test, but a column whose candidates all fail it is passed over
//! (and tried again after the next elimination step), and what cannot be
//! eliminated at all is left to the parent front as *delayed* rows and
//! columns (as MUMPS does): right-looking, one column at a time, full-row
//! and full-column interchanges, the row and column positions moved with
//! them.
//!
//! The arithmetic is that of `dense/blocked.rs` (recursive panels, packed
//! product kernels, LINPACK's order of operations, no FMA), so a front's
//! factors depend only on its values.

use faer::traits::pulp::{Arch, Simd, WithSimd};

use super::blocked::{self, Leaf};
use super::{axpy_neg, eliminate_columns, Panel};
use crate::types::FInt;


/// Why a front could not be factored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontFailure {
    /// Column `column` of the front is zero (or holds a non-finite value)
    /// in every row still to be eliminated: the matrix is singular.
    Singular { column: usize },
    /// No row of the supernode passes the threshold test in this column.
    Threshold { column: usize },
}

/// Factor the first `k` columns of the column-major `m x m` front `a`
/// (see the module doc): on return `a` holds `L11\U11` and `L21` in its
/// first `k` columns and the Schur complement `A22 - L21 U12` in rows and
/// columns `k..m`; `u12` (`k x (m - k)`, row-major) receives `U12` (rows
/// `< k` of the other columns of `a` are left unspecified). `scale[i]` is
/// the scale of the row at position `i` (moved with the interchanges);
/// `pivots[p]` (`p < k`) the position interchanged with `p` at step `p`.
/// Returns the growth: the largest pivot times its row's scale (a pivot
/// accepted by a scaling that misjudges the rows makes the later pivots
/// grow). `threads` (1 or 2) may share a large Schur update between
/// threads; the result is the same bits either way.
pub fn factor_front(
    a: &mut [f64],
    m: usize,
    k: usize,
    test: PivotTest<'_>,
    pivots: &mut [FInt],
    u12: &mut [f64],
    threads: usize,
) -> Result<f64, FrontFailure> {
    debug_assert!(k <= m && a.len() >= m * m && test.scale.len() >= m && pivots.len() >= k && u12.len() == k * (m - k));
    Arch::new().dispatch(FactorFront { a, m, k, test, pivots, u12, threads })
}

/// The threshold test: the row scales (moved with the interchanges) and
/// the threshold.
pub struct PivotTest<'a> {
    pub scale: &'a mut [f64],
    pub threshold: f64,
}

struct FactorFront<'a> {
    a: &'a mut [f64],
    m: usize,
    k: usize,
    test: PivotTest<'a>,
    pivots: &'a mut [FInt],
    u12: &'a mut [f64],
    threads: usize,
}

impl WithSimd for FactorFront<'_> {
    type Output = Result<f64, FrontFailure>;
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) -> Self::Output {
        let Self { a, m, k, test: PivotTest { scale, threshold }, pivots, u12, threads } = self;
        let test = PivotTest { scale: &mut *scale, threshold };
        blocked::factor_front(simd, a, m, k, pivots, &mut RestrictedPivoting { test, k })?;
        schur_update(simd, a, m, k, u12, threads);
        Ok(pivot_growth(a, m, &scale[..k]))
    }
}

/// The largest pivot of the factored front (order `m`) times its row's
/// scale.
#[inline(always)]
fn pivot_growth(a: &[f64], m: usize, scale: &[f64]) -> f64 {
    scale.iter().enumerate().fold(0.0f64, |g, (p, &sc)| g.max(a[p + p * m].abs() * sc))
}

/// `y -= a * x` in SIMD lanes of one vector (no unrolling: the sparse
/// LU's solves run it over the few rows of small fronts), each product
/// rounded before the subtraction, as the loop `y[i] -= a * x[i]` would
/// round it.
#[inline(always)]
pub fn subtract_multiple<S: Simd>(simd: S, a: f64, x: &[f64], y: &mut [f64]) {
    axpy_neg(simd, a, x, y)
}

/// Columns of the Schur-update tile.
const TILE_COLS: usize = 4;

/// Columns of `U12` per pass of its triangular solve (the rows of a block
/// stay in cache while every step runs over them).
const SOLVE_COLS: usize = 128;

/// Fronts whose update costs at least this many multiply-adds may run it
/// on two threads (below, starting a thread costs more than it saves).
pub const PARALLEL_MIN_WORK: usize = 4_000_000;

/// `U12 = L11^-1 A12` into `u12` (row-major) and `A22 -= L21 U12` on the
/// front (order `m`, `k` columns eliminated). `A12` is copied into `u12`
/// row by row and solved there by row axpys, a block of [`SOLVE_COLS`]
/// columns at a time; then `A22` is updated in register tiles of two SIMD
/// vectors of rows by [`TILE_COLS`] columns with fused multiply-adds,
/// read straight from the front (no packing: on this project's machine a
/// packed, cache-blocked variant was slower, the hardware prefetchers
/// follow the columns); with `threads` = 2 and enough work
/// ([`PARALLEL_MIN_WORK`]) the columns of `U12` and `A22` are shared
/// between two threads. Every entry sees the same operations in the same
/// order on every path (the steps `p` in order, each a fused multiply-add
/// in the vector rows, a product then a subtraction in the last rows), so
/// the result does not depend on the thread count. (The sparse LU has no LINPACK results to
/// reproduce, unlike the dense one.)
#[inline(always)]
fn schur_update<S: Simd>(simd: S, a: &mut [f64], m: usize, k: usize, u12: &mut [f64], threads: usize) {
    let width = m - k;
    if k == 0 || width == 0 {
        return;
    }
    let (left, right) = a[..m * m].split_at_mut(k * m);
    let l = Eliminated { left, m, k };
    let parallel = threads > 1 && width >= 64 && width * width * k >= PARALLEL_MIN_WORK;
    if !parallel {
        solve_u12(simd, l, right, u12, 0..width);
        update_columns(simd, l, u12, right, 0..width);
        return;
    }
    // Two column ranges, split at a tile boundary: U12's columns (rows of
    // the row-major u12 are split by a transposed view, so each thread
    // owns whole columns of the front and reads u12 through its range).
    let half = (width / 2).next_multiple_of(TILE_COLS).min(width);
    let (right_a, right_b) = right.split_at_mut(half * m);
    // u12 is row-major (k x width): its columns cannot be split into
    // disjoint slices, so each thread solves its columns in a buffer of its
    // own (k x its width) and the buffers are copied back.
    let mut u_b = vec![0.0; k * (width - half)];
    std::thread::scope(|scope| {
        let helper = scope.spawn(|| {
            simd.vectorize(UpdateRange { l, right: right_b, u: &mut u_b });
        });
        let mut u_a = vec![0.0; k * half];
        simd.vectorize(UpdateRange { l, right: right_a, u: &mut u_a });
        for (dst, src) in u12.chunks_exact_mut(width).zip(u_a.chunks_exact(half)) {
            dst[..half].copy_from_slice(src);
        }
        helper.join().expect("Schur update thread");
    });
    for (dst, src) in u12.chunks_exact_mut(width).zip(u_b.chunks_exact(width - half)) {
        dst[half..].copy_from_slice(src);
    }
}

/// The eliminated part of a front: its first `k` columns (`L11` above
/// `L21`, column-major, order `m`), which every piece of the Schur update
/// reads.
#[derive(Clone, Copy)]
struct Eliminated<'a> {
    left: &'a [f64],
    m: usize,
    k: usize,
}

/// One thread's share of [`schur_update`]: the columns `right` (the front
/// column-major, order `m`) and their `U12` in `u` (row-major, `k` x
/// their count).
struct UpdateRange<'a> {
    l: Eliminated<'a>,
    right: &'a mut [f64],
    u: &'a mut [f64],
}

impl WithSimd for UpdateRange<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let UpdateRange { l, right, u } = self;
        let width = right.len() / l.m;
        solve_u12(simd, l, right, u, 0..width);
        update_columns(simd, l, u, right, 0..width);
    }
}

/// Copy rows `< k` of the columns `cols` of `right` into `u12` (row-major,
/// row length `u12.len() / k`) and solve them with `L11` (unit lower),
/// [`SOLVE_COLS`] columns at a time.
#[inline(always)]
fn solve_u12<S: Simd>(simd: S, l: Eliminated<'_>, right: &[f64], u12: &mut [f64], cols: std::ops::Range<usize>) {
    let Eliminated { left, m, k } = l;
    let width = u12.len() / k;
    for j in cols.clone() {
        let col = &right[j * m..j * m + k];
        for (p, &x) in col.iter().enumerate() {
            u12[p * width + j] = x;
        }
    }
    for j0 in cols.clone().step_by(SOLVE_COLS) {
        let j1 = (j0 + SOLVE_COLS).min(cols.end);
        for q in 0..k {
            let (done, rest) = u12.split_at_mut((q + 1) * width);
            let xq = &done[q * width + j0..q * width + j1];
            for (row, &l) in rest.chunks_exact_mut(width).zip(&left[q * m + q + 1..q * m + k]) {
                if l != 0.0 {
                    axpy_neg(simd, l, xq, &mut row[j0..j1]);
                }
            }
        }
    }
}

/// `A22 -= L21 U12` on the columns `cols` of `right` (the front's columns
/// after the `k` eliminated ones): rows `k..` in register tiles, the last
/// `(m - k) % lanes` rows one at a time.
#[inline(always)]
fn update_columns<S: Simd>(simd: S, l: Eliminated<'_>, u12: &[f64], right: &mut [f64], cols: std::ops::Range<usize>) {
    let Eliminated { left, m, k } = l;
    let width = u12.len() / k;
    let lanes = S::F64_LANES;
    let vector_end = k + (m - k) / lanes * lanes;
    for j0 in cols.clone().step_by(TILE_COLS) {
        let nj = TILE_COLS.min(cols.end - j0);
        let strip = &mut right[j0 * m..(j0 + nj) * m];
        let mut i = k;
        while i + 2 * lanes <= m {
            tile::<S, 2>(simd, l, u12, j0, strip, i, nj);
            i += 2 * lanes;
        }
        while i + lanes <= m {
            tile::<S, 1>(simd, l, u12, j0, strip, i, nj);
            i += lanes;
        }
    }
    for j in cols {
        let col = &mut right[j * m..(j + 1) * m];
        for (i, c) in col.iter_mut().enumerate().skip(vector_end) {
            let mut v = *c;
            for (p, lcol) in left.chunks_exact(m).enumerate() {
                v -= lcol[i] * u12[p * width + j];
            }
            *c = v;
        }
    }
}

/// One tile: rows `i..i + V * lanes` of the `nj` columns of `strip`
/// (columns `j0..` of the Schur complement).
#[inline(always)]
fn tile<S: Simd, const V: usize>(
    simd: S,
    l: Eliminated<'_>,
    u12: &[f64],
    j0: usize,
    strip: &mut [f64],
    i: usize,
    nj: usize,
) {
    let Eliminated { left, m, k } = l;
    let rows = V * S::F64_LANES;
    let width = u12.len() / k;
    let vectors = |s: &[f64]| -> [S::f64s; V] {
        let (v, _) = S::as_simd_f64s(&s[i..i + rows]);
        v.try_into().expect("V vectors")
    };
    let mut acc = [[simd.splat_f64s(0.0); V]; TILE_COLS];
    for (a, col) in acc.iter_mut().zip(strip.chunks_exact(m)).take(nj) {
        *a = vectors(col);
    }
    for (lcol, urow) in left.chunks_exact(m).zip(u12.chunks_exact(width)).take(k) {
        let av = vectors(lcol);
        for (a, &u) in acc.iter_mut().zip(&urow[j0..j0 + nj]) {
            let bv = simd.splat_f64s(-u);
            for (x, &l) in a.iter_mut().zip(&av) {
                *x = simd.mul_add_e_f64s(l, bv, *x);
            }
        }
    }
    for (a, col) in acc.iter().zip(strip.chunks_exact_mut(m)).take(nj) {
        let (v, _) = S::as_mut_simd_f64s(&mut col[i..i + rows]);
        v.copy_from_slice(a);
    }
}

/// Factor as many of the `nfs` fully summed columns of the column-major
/// `m x m` front `a` as pass the threshold test with a pivot among the
/// fully summed rows (rows and columns `< nfs`), in order, passing over a
/// column that fails (it is tried again after the next step). Returns the
/// number `e` of pivots: `a` then holds `L11\U11` and `L21` in its first
/// `e` columns, `U12` in rows `< e` of the others and the Schur complement
/// in rows and columns `e..m`, whose first `nfs - e` rows and columns are
/// the delayed ones. `scale`, `rows` and `cols` (the row scales and the
/// positions of the front's rows and columns) are interchanged with the
/// rows and columns. A fully summed column that is zero (or not finite)
/// in every row still to be eliminated is a singular matrix.
pub fn factor_front_delaying(
    a: &mut [f64],
    m: usize,
    nfs: usize,
    test: PivotTest<'_>,
    rows: &mut [u32],
    cols: &mut [u32],
) -> Result<usize, FrontFailure> {
    debug_assert!(nfs <= m && a.len() >= m * m && test.scale.len() >= m && rows.len() >= m && cols.len() >= m);
    Arch::new().dispatch(FactorDelaying { a, m, nfs, test, rows, cols })
}

struct FactorDelaying<'a> {
    a: &'a mut [f64],
    m: usize,
    nfs: usize,
    test: PivotTest<'a>,
    rows: &'a mut [u32],
    cols: &'a mut [u32],
}

impl WithSimd for FactorDelaying<'_> {
    type Output = Result<usize, FrontFailure>;
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) -> Self::Output {
        let Self { a, m, nfs, test: PivotTest { scale, threshold }, rows, cols } = self;
        let a = &mut a[..m * m];
        for p in 0..nfs {
            let Some((q, r)) = next_pivot(a, m, nfs, p, scale, threshold)? else { return Ok(p) };
            if q != p {
                let (left, right) = a.split_at_mut(q * m);
                left[p * m..(p + 1) * m].swap_with_slice(&mut right[..m]);
                cols.swap(p, q);
            }
            if r != p {
                for col in a.chunks_exact_mut(m) {
                    col.swap(p, r);
                }
                scale.swap(p, r);
                rows.swap(p, r);
            }
            let (left, right) = a.split_at_mut((p + 1) * m);
            let lcol = &mut left[p * m + p..];
            let recip = 1.0 / lcol[0];
            let lcol = &mut lcol[1..];
            for v in lcol.iter_mut() {
                *v *= recip;
            }
            let lcol = &*lcol;
            for col in right.chunks_exact_mut(m) {
                let t = col[p];
                if t != 0.0 {
                    axpy_neg(simd, t, lcol, &mut col[p + 1..]);
                }
            }
        }
        Ok(nfs)
    }
}

/// The first fully summed column `q >= p` (of `nfs`) with an acceptable
/// pivot among rows `p..nfs`, and that row; `None` if every column fails.
#[inline(always)]
fn next_pivot(
    a: &[f64],
    m: usize,
    nfs: usize,
    p: usize,
    scale: &[f64],
    threshold: f64,
) -> Result<Option<(usize, usize)>, FrontFailure> {
    for q in p..nfs {
        match choose_pivot(&a[q * m..(q + 1) * m], scale, threshold, p, nfs, q) {
            Ok(r) => return Ok(Some((q, r))),
            Err(FrontFailure::Threshold { .. }) => {}
            Err(FrontFailure::Singular { .. }) => return Err(FrontFailure::Singular { column: q }),
        }
    }
    Ok(None)
}

/// The leaf of the front's panel: restricted threshold pivoting.
struct RestrictedPivoting<'a> {
    test: PivotTest<'a>,
    /// Rows `< k` are the candidates.
    k: usize,
}

impl Leaf for RestrictedPivoting<'_> {
    type Error = FrontFailure;
    #[inline(always)]
    fn factor<S: Simd>(&mut self, simd: S, panel: Panel<'_, f64>) -> Result<(), FrontFailure> {
        let PivotTest { ref mut scale, threshold } = self.test;
        simd.vectorize(RestrictedLeaf { panel, k: self.k, scale, threshold })
    }
}

/// [`RestrictedPivoting`]'s sweeps compiled for the best instruction set.
struct RestrictedLeaf<'a> {
    panel: Panel<'a, f64>,
    k: usize,
    scale: &'a mut [f64],
    threshold: f64,
}

impl WithSimd for RestrictedLeaf<'_> {
    type Output = Result<(), FrontFailure>;
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) -> Self::Output {
        let Self { panel, k, scale, threshold } = self;
        eliminate_columns(simd, panel, |col, c| {
            let p = choose_pivot(col, scale, threshold, c, k, c).map_err(|e| (c, e))?;
            if p != c {
                scale.swap(c, p);
            }
            Ok(p)
        })
    }
}

/// The pivot row of column `c` (its values `col`, rows `c..` still to be
/// eliminated, candidates `c..k`): `preferred` (the row the transversal
/// put on the diagonal) if it passes the threshold test, else the
/// candidate of largest scaled magnitude (the first of equals) if that
/// passes. Keeping the diagonal keeps the structure the analysis planned
/// for, and a row that scaling misjudges is then not preferred to it for
/// a few per cent of magnitude.
#[inline(always)]
fn choose_pivot(col: &[f64], scale: &[f64], threshold: f64, c: usize, k: usize, preferred: usize) -> Result<usize, FrontFailure> {
    let mut p = c;
    let mut best = col[c].abs() * scale[c];
    for i in c + 1..k {
        let v = col[i].abs() * scale[i];
        if v > best {
            best = v;
            p = i;
        }
    }
    let mut largest = best;
    for i in k..col.len() {
        largest = largest.max(col[i].abs() * scale[i]);
    }
    let pivot = col[p];
    if pivot == 0.0 || !pivot.is_finite() || !largest.is_finite() {
        return Err(if largest == 0.0 || !largest.is_finite() || !pivot.is_finite() {
            FrontFailure::Singular { column: c }
        } else {
            FrontFailure::Threshold { column: c }
        });
    }
    if best < threshold * largest {
        return Err(FrontFailure::Threshold { column: c });
    }
    let keep = col[preferred];
    if preferred != p && keep != 0.0 && keep.abs() * scale[preferred] >= threshold * largest {
        return Ok(preferred);
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(m: usize, seed: u64) -> Vec<f64> {
        let mut x = seed;
        (0..m * m)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((x >> 33) as f64 / (1u64 << 31) as f64) - 0.5
            })
            .collect()
    }

    /// The product L U of a factored front, restricted to its first k
    /// columns and rows plus the Schur complement, equals P A.
    #[test]
    fn front_factors_reproduce_the_matrix() {
        for (m, k) in [(5usize, 2usize), (9, 9), (40, 13), (70, 40), (130, 100)] {
            let mut a = matrix(m, (m * 31 + k) as u64);
            for i in 0..k {
                a[i + i * m] += 4.0; // pivots inside the supernode pass
            }
            let orig = a.clone();
            let mut scale = vec![1.0; m];
            let mut piv = vec![0; k];
            let mut u12 = vec![0.0; k * (m - k)];
            factor_front(&mut a, m, k, PivotTest { scale: &mut scale, threshold: 0.01 }, &mut piv, &mut u12, 1).unwrap();
            // Rebuild: rows permuted by the interchanges.
            let mut perm: Vec<usize> = (0..m).collect();
            for (p, &q) in piv.iter().enumerate() {
                perm.swap(p, q as usize);
            }
            // P A = [L11 0; L21 I] [U11 U12; 0 S].
            let l = |i: usize, t: usize| match (t < k, i.cmp(&t)) {
                (true, std::cmp::Ordering::Greater) => a[i + t * m],
                (_, std::cmp::Ordering::Equal) => 1.0,
                _ => 0.0,
            };
            let u = |t: usize, j: usize| match (t < k, j >= k) {
                (true, true) => u12[t * (m - k) + j - k],
                (true, _) if j >= t => a[t + j * m],
                (false, true) => a[t + j * m],
                _ => 0.0,
            };
            for j in 0..m {
                for i in 0..m {
                    let s: f64 = (0..m).map(|t| l(i, t) * u(t, j)).sum();
                    let want = orig[perm[i] + j * m];
                    assert!((s - want).abs() < 1e-10 * (1.0 + want.abs()), "m={m} k={k} ({i},{j}): {s} vs {want}");
                }
            }
        }
    }

    #[test]
    fn small_pivots_fail_the_threshold_and_zero_columns_are_singular() {
        let m = 3;
        // Column 0: candidate 1e-4 (row 0), a row below holds 1.
        let mut a = vec![1e-4, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        let (mut scale, mut piv, mut u12) = (vec![1.0; 3], vec![0; 1], vec![0.0; 2]);
        assert_eq!(
            factor_front(&mut a, m, 1, PivotTest { scale: &mut scale, threshold: 0.01 }, &mut piv, &mut u12, 1),
            Err(FrontFailure::Threshold { column: 0 })
        );
        // Scaled by its row, the small row passes.
        let mut a = vec![1e-4, 0.0, 1.0, 1e-4, 1.0, 0.0, 0.0, 0.0, 1.0];
        let mut scale = vec![1e4, 1.0, 1.0];
        assert!(factor_front(&mut a, m, 1, PivotTest { scale: &mut scale, threshold: 0.01 }, &mut piv, &mut u12, 1).is_ok());
        let mut a = vec![0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        let mut scale = vec![1.0; 3];
        assert_eq!(
            factor_front(&mut a, m, 1, PivotTest { scale: &mut scale, threshold: 0.01 }, &mut piv, &mut u12, 1),
            Err(FrontFailure::Singular { column: 0 })
        );
    }

    /// The Schur update of a front, as one loop per entry in the order
    /// every path of [`schur_update`] keeps: `U12` rows by axpys over the
    /// earlier rows (zero multipliers skipped), then per entry the steps in
    /// order, fused in the vector rows, rounded twice in the last rows.
    fn schur_reference(a: &mut [f64], m: usize, k: usize, lanes: usize) -> Vec<f64> {
        let width = m - k;
        let mut u = vec![0.0; k * width];
        for j in 0..width {
            for p in 0..k {
                u[p * width + j] = a[(k + j) * m + p];
            }
        }
        for q in 0..k {
            for p in q + 1..k {
                let l = a[q * m + p];
                if l != 0.0 {
                    for j in 0..width {
                        u[p * width + j] -= l * u[q * width + j];
                    }
                }
            }
        }
        let vector_end = k + (m - k) / lanes * lanes;
        for j in 0..width {
            for i in k..m {
                let mut c = a[(k + j) * m + i];
                for p in 0..k {
                    if i < vector_end {
                        c = a[p * m + i].mul_add(-u[p * width + j], c);
                    } else {
                        c -= a[p * m + i] * u[p * width + j];
                    }
                }
                a[(k + j) * m + i] = c;
            }
        }
        u
    }

    struct Lanes;
    impl WithSimd for Lanes {
        type Output = usize;
        fn with_simd<S: Simd>(self, _: S) -> usize {
            S::F64_LANES
        }
    }

    struct Update<'a> {
        a: &'a mut [f64],
        m: usize,
        k: usize,
        u12: &'a mut [f64],
        threads: usize,
    }
    impl WithSimd for Update<'_> {
        type Output = ();
        fn with_simd<S: Simd>(self, simd: S) {
            schur_update(simd, self.a, self.m, self.k, self.u12, self.threads)
        }
    }

    /// Small and large fronts (several blocks of the U12 solve, odd row
    /// counts), on one thread and two: the same bits as the reference
    /// loop.
    #[test]
    fn schur_update_is_the_same_bits_on_every_path() {
        let lanes = Arch::new().dispatch(Lanes);
        for (m, k) in [(37usize, 5usize), (300, 120), (701, 300), (1203, 70), (1290, 290)] {
            let mut a = matrix(m, (m * 7 + k) as u64);
            for (i, x) in a.iter_mut().enumerate() {
                if i % 13 == 0 {
                    *x = 0.0; // zero multipliers are skipped
                }
            }
            let mut want = a.clone();
            let u_want = schur_reference(&mut want, m, k, lanes);
            for threads in [1, 2] {
                let mut got = a.clone();
                let mut u = vec![0.0; k * (m - k)];
                Arch::new().dispatch(Update { a: &mut got, m, k, u12: &mut u, threads });
                assert!(u.iter().zip(&u_want).all(|(x, y)| x.to_bits() == y.to_bits()), "U12, m {m} k {k}");
                let same = got[k * m..].iter().zip(&want[k * m..]).enumerate().all(|(idx, (x, y))| {
                    idx % m < k || x.to_bits() == y.to_bits()
                });
                assert!(same, "Schur complement, m {m} k {k} threads {threads}");
            }
        }
    }

}
#[cfg(test)]
mod timing {
    use super::*;
    #[test]
    #[ignore]
    fn time_fronts() {
        for (m, k) in [(1500usize, 300usize), (2000, 1000), (1200, 1200), (3000, 200)] {
            for threads in [1, 2] {
                let mut x = 1u64;
                let a0: Vec<f64> = (0..m * m)
                    .map(|i| {
                        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        ((x >> 33) as f64 / (1u64 << 31) as f64) - 0.5 + if i % (m + 1) == 0 { 8.0 } else { 0.0 }
                    })
                    .collect();
                let mut a = a0.clone();
                let mut scale = vec![1.0; m];
                let mut piv = vec![0; k];
                let mut u12 = vec![0.0; k * (m - k)];
                let t = std::time::Instant::now();
                factor_front(&mut a, m, k, PivotTest { scale: &mut scale, threshold: 0.01 }, &mut piv, &mut u12, threads).unwrap();
                let t1 = t.elapsed().as_secs_f64();
                let flops = 2.0 * ((m * k * k) as f64 - (k * k * k) as f64 / 3.0) + 2.0 * ((m - k) * (m - k) * k) as f64;
                println!("m {m} k {k} threads {threads}: {:.1} ms ({:.2} GFLOP/s)", 1e3 * t1, flops / t1 / 1e9);
            }
        }
    }
}
