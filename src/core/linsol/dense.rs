//! Dense LU with partial pivoting, in place on the caller's matrix.
//!
//! Replaces LINPACK DGEFA/DGESL (job 0) as DASKR calls them: the matrix is
//! the column-major `n x n` iteration matrix in RWORK, factored in place, and
//! the pivots live in the `n` IWORK slots DASKR reserves for them.
//!
//! # Storage after [`factor`]
//!
//! - `a` holds `L` (unit lower triangle, multipliers stored *positive*, so
//!   `P A = L U`) and `U` (upper triangle with the diagonal), rows already in
//!   pivoted order (full-row interchanges).
//! - `pivots[k]` (0-based) is the row interchanged with row `k` at elimination
//!   step `k`, `pivots[k] >= k`, `pivots[n-1] = n-1`: LINPACK's `IPVT(k) - 1`.
//!   Applying the interchanges `k <-> pivots[k]` for `k = 0, 1, ...` to `b`
//!   gives `P b`.
//!
//! # Two factorisation paths, one format
//!
//! - `n <= UNBLOCKED_MAX_N` (32): a hand-written right-looking,
//!   column-oriented LU. It performs exactly the floating-point operations of
//!   DGEFA in the same order (reciprocal of the pivot, column axpys, DAXPY's
//!   skip of a zero multiplier), so with [`solve`] the results agree bit for
//!   bit with the original DGEFA/DGESL (neither side contracts to FMA). No
//!   allocation, no thread-local access.
//! - larger `n`: faer's recursive blocked LU (`Par::Seq`, default
//!   parameters) in place. faer returns the forward row permutation; it is
//!   converted to the interchange sequence above, so [`solve`] needs no
//!   inverse permutation. faer's index buffers and `MemBuffer` are cached per
//!   thread (grown to the largest `n` seen, freed with the thread): no
//!   allocation per call once warm. Only this cache outlives a call; it holds
//!   no results.
//!
//! [`solve`] is hand-written for every `n` (DGESL's column sweeps): measured
//! faster than faer's blocked triangular solves for one right-hand side at
//! every size tried (33..1000). Above `NO_DISPATCH_MAX_N` (12) the
//! hand-written loops are compiled for the running CPU's best instruction set
//! (pulp dispatch through faer, AVX2 on x86-64); there is no FMA contraction,
//! so the results do not depend on the instruction set.
//!
//! faer does not detect singular pivots, so diag(U) is scanned afterwards; the
//! first exactly zero or non-finite pivot is reported as [`SingularMatrix`]
//! (LINPACK's `INFO != 0`, DASKR's IDID=-8 path). The unblocked path stops at
//! that column; the contents of `a` are then unspecified (DASKR never solves
//! with a failed factorisation).
use std::cell::RefCell;

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::lu::partial_pivoting::factor::{lu_in_place, lu_in_place_scratch};
use faer::traits::pulp::{Arch, Scalar, Simd, WithSimd};
use faer::{MatMut, Par};

use super::SingularMatrix;
use crate::types::{FInt, Real};

/// Largest order factored by the hand-written unblocked LU; above it faer's
/// blocked LU is faster (measured with AVX2: the two cross near n = 32-40).
const UNBLOCKED_MAX_N: usize = 32;

/// Up to this order the hand-written code runs without CPU-feature dispatch
/// (its cost would show); above it, it is compiled for AVX2 where available.
const NO_DISPATCH_MAX_N: usize = 12;

/// Factor the column-major `n x n` matrix in the first `n*n` entries of `a`
/// in place; `pivots[..n]` receives the interchanges (0-based, see the module
/// doc). Replaces DGEFA.
#[doc(alias = "DGEFA")]
pub fn factor(a: &mut [Real], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    if n == 0 {
        return Ok(());
    }
    let a = &mut a[..n * n];
    let pivots = &mut pivots[..n];
    if n <= NO_DISPATCH_MAX_N {
        factor_unblocked(Scalar, a, n, pivots)
    } else if n <= UNBLOCKED_MAX_N {
        Arch::new().dispatch(UnblockedFactor { a, n, pivots })
    } else {
        factor_blocked(a, n, pivots)
    }
}

/// Solve A x = b with the factors from [`factor`]; the first `n` entries of
/// `b` are overwritten by x. Replaces DGESL (job 0).
#[doc(alias = "DGESL")]
pub fn solve(lu: &[Real], n: usize, pivots: &[FInt], b: &mut [Real]) {
    if n == 0 {
        return;
    }
    let lu = &lu[..n * n];
    let pivots = &pivots[..n];
    let b = &mut b[..n];
    // b <- P b (the interchanges in elimination order).
    for (k, &p) in pivots.iter().enumerate() {
        let p = p as usize;
        if p != k {
            b.swap(k, p);
        }
    }
    if n <= NO_DISPATCH_MAX_N {
        solve_unblocked(Scalar, lu, n, b);
    } else {
        Arch::new().dispatch(UnblockedSolve { lu, n, b });
    }
}

/// Is this pivot unusable (exactly zero, infinite or NaN)?
#[inline]
fn bad_pivot(p: Real) -> bool {
    p == 0.0 || !p.is_finite()
}

/// `y -= a * x` over the common length of `x` and `y`: DAXPY with `-a`, bit
/// for bit (separate multiply and subtract, never fused). Written with
/// pulp's SIMD vectors of `S` (4 lanes with AVX2, 1 with `Scalar`) and no
/// unrolling, so the short segments of small matrices are vectorised too.
#[inline(always)]
fn axpy_neg<S: Simd>(simd: S, a: Real, x: &[Real], y: &mut [Real]) {
    let len = x.len().min(y.len());
    let (yv, ys) = S::as_mut_simd_f64s(&mut y[..len]);
    let (xv, xs) = S::as_simd_f64s(&x[..len]);
    let av = simd.splat_f64s(a);
    for (yi, &xi) in yv.iter_mut().zip(xv) {
        *yi = simd.sub_f64s(*yi, simd.mul_f64s(av, xi));
    }
    for (yi, &xi) in ys.iter_mut().zip(xs) {
        *yi -= a * xi;
    }
}

/// [`factor_unblocked`] compiled for the best instruction set of the running
/// CPU (pulp dispatch: AVX2 where available).
struct UnblockedFactor<'a> {
    a: &'a mut [Real],
    n: usize,
    pivots: &'a mut [FInt],
}

impl WithSimd for UnblockedFactor<'_> {
    type Output = Result<(), SingularMatrix>;
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) -> Self::Output {
        factor_unblocked(simd, self.a, self.n, self.pivots)
    }
}

/// [`solve_unblocked`] compiled for the best instruction set.
struct UnblockedSolve<'a> {
    lu: &'a [Real],
    n: usize,
    b: &'a mut [Real],
}

impl WithSimd for UnblockedSolve<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        solve_unblocked(simd, self.lu, self.n, self.b)
    }
}

/// Right-looking, column-oriented LU with full-row interchanges.
#[inline(always)]
fn factor_unblocked<S: Simd>(simd: S, a: &mut [Real], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    for k in 0..n {
        // Pivot: first entry of largest magnitude in column k, rows k..n.
        let col = &a[k * n..(k + 1) * n];
        let mut p = k;
        let mut max = col[k].abs();
        for (i, v) in col.iter().enumerate().skip(k + 1) {
            if v.abs() > max {
                max = v.abs();
                p = i;
            }
        }
        pivots[k] = p as FInt;
        let pivot = col[p];
        if bad_pivot(pivot) {
            return Err(SingularMatrix { column: k });
        }
        let (left, right) = a.split_at_mut((k + 1) * n);
        if p != k {
            // Interchange rows k and p in the columns 0..=k (L part and the
            // pivot column); the columns to the right are swapped below.
            // (`chunks_mut`, not `chunks_exact_mut`: the latter divides by n
            // when constructed, a visible cost per step at small n.)
            for col in left.chunks_mut(n) {
                col.swap(k, p);
            }
        }
        // Multipliers l = a * (1/pivot) (DGEFA scales by -1/pivot: same
        // magnitudes bit for bit).
        let recip = 1.0 / pivot;
        let lcol = &mut left[k * n + k + 1..];
        for v in lcol.iter_mut() {
            *v *= recip;
        }
        let lcol = &*lcol;
        for col in right.chunks_mut(n) {
            if p != k {
                col.swap(k, p);
            }
            let t = col[k];
            if t != 0.0 {
                axpy_neg(simd, t, lcol, &mut col[k + 1..]);
            }
        }
    }
    Ok(())
}

/// Forward (unit L) and backward (U) column sweeps on an already permuted b
/// (DGESL's order of operations).
#[inline(always)]
fn solve_unblocked<S: Simd>(simd: S, lu: &[Real], n: usize, b: &mut [Real]) {
    for (k, col) in lu.chunks_exact(n).enumerate() {
        let t = b[k];
        if t != 0.0 {
            axpy_neg(simd, t, &col[k + 1..], &mut b[k + 1..]);
        }
    }
    for (k, col) in lu.chunks_exact(n).enumerate().rev() {
        b[k] /= col[k];
        let t = b[k];
        if t != 0.0 {
            axpy_neg(simd, t, &col[..k], &mut b[..k]);
        }
    }
}

/// Per-thread scratch of the blocked path, grown to the largest order seen.
struct BlockedScratch {
    /// Order the buffers are sized for.
    capacity: usize,
    /// faer's forward row permutation.
    perm: Vec<usize>,
    /// faer's inverse permutation; reused as "current position of row r"
    /// when converting to interchanges.
    perm_inv: Vec<usize>,
    /// faer's workspace for `lu_in_place`.
    mem: MemBuffer,
}

impl BlockedScratch {
    fn new(n: usize) -> Self {
        let req = lu_in_place_scratch::<usize, Real>(n, n, Par::Seq, Default::default());
        Self { capacity: n, perm: vec![0; n], perm_inv: vec![0; n], mem: MemBuffer::new(req) }
    }
}

thread_local! {
    static BLOCKED_SCRATCH: RefCell<Option<BlockedScratch>> = const { RefCell::new(None) };
}

fn factor_blocked(a: &mut [Real], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    let cached = BLOCKED_SCRATCH.try_with(|cell| {
        let mut slot = cell.try_borrow_mut().ok()?;
        if slot.as_ref().is_none_or(|s| s.capacity < n) {
            *slot = Some(BlockedScratch::new(n));
        }
        let scratch = slot.as_mut()?;
        Some(factor_blocked_with(a, n, pivots, scratch))
    });
    match cached {
        Ok(Some(result)) => result,
        // Thread-local storage being torn down, or re-entered on this thread
        // (neither expected): use a private scratch.
        _ => factor_blocked_with(a, n, pivots, &mut BlockedScratch::new(n)),
    }
}

fn factor_blocked_with(
    a: &mut [Real],
    n: usize,
    pivots: &mut [FInt],
    scratch: &mut BlockedScratch,
) -> Result<(), SingularMatrix> {
    let perm = &mut scratch.perm[..n];
    let perm_inv = &mut scratch.perm_inv[..n];
    {
        let mat = MatMut::from_column_major_slice_mut(&mut *a, n, n);
        let stack = MemStack::new(&mut scratch.mem);
        let _ = lu_in_place(mat, &mut *perm, &mut *perm_inv, Par::Seq, stack, Default::default());
    }
    // Forward permutation -> interchange sequence. `pivots` doubles as "row
    // currently at position i" (identity at first; entry k is final once step
    // k is done) and `perm_inv` as "position of row r".
    for (i, (p, q)) in pivots.iter_mut().zip(perm_inv.iter_mut()).enumerate() {
        *p = i as FInt;
        *q = i;
    }
    for k in 0..n {
        let row = perm[k];
        let at = perm_inv[row];
        if at != k {
            let displaced = pivots[k] as usize;
            pivots[at] = displaced as FInt;
            perm_inv[displaced] = at;
        }
        pivots[k] = at as FInt;
    }
    match (0..n).find(|&k| bad_pivot(a[k * n + k])) {
        Some(column) => Err(SingularMatrix { column }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tiny deterministic generator (64-bit LCG, top bits), values in [-1, 1).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> Real {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 11) as Real / (1u64 << 53) as Real) * 2.0 - 1.0
        }
    }

    /// Random matrix made well conditioned by a dominant diagonal of
    /// random sign, plus a random right-hand side.
    fn random_system(n: usize, seed: u64) -> (Vec<Real>, Vec<Real>) {
        let mut rng = Lcg(seed);
        let mut a: Vec<Real> = (0..n * n).map(|_| rng.next()).collect();
        for k in 0..n {
            let s = if rng.next() < 0.0 { -1.0 } else { 1.0 };
            a[k * n + k] += s * (n as Real);
        }
        let b = (0..n).map(|_| rng.next()).collect();
        (a, b)
    }

    fn matvec(a: &[Real], n: usize, x: &[Real]) -> Vec<Real> {
        let mut y = vec![0.0; n];
        for j in 0..n {
            for i in 0..n {
                y[i] += a[j * n + i] * x[j];
            }
        }
        y
    }

    fn residual(a: &[Real], n: usize, x: &[Real], b: &[Real]) -> Real {
        let ax = matvec(a, n, x);
        let scale = b.iter().fold(1.0f64, |m, v| m.max(v.abs()));
        ax.iter().zip(b).map(|(p, q)| (p - q).abs()).fold(0.0, Real::max) / scale
    }

    fn factor_solve(a: &[Real], n: usize, b: &[Real]) -> Vec<Real> {
        let mut lu = a.to_vec();
        let mut piv = vec![-7; n];
        factor(&mut lu, n, &mut piv).expect("nonsingular");
        for (k, &p) in piv.iter().enumerate() {
            assert!((p as usize) >= k && (p as usize) < n);
        }
        assert_eq!(piv[n - 1] as usize, n - 1);
        let mut x = b.to_vec();
        solve(&lu, n, &piv, &mut x);
        x
    }

    #[test]
    fn random_systems_both_paths() {
        for &n in &[1usize, 2, 3, 5, 8, 12, 13, 17, 31, 32, 33, 47, 64, 65, 100, 200, 257] {
            for seed in 0..3u64 {
                let (a, b) = random_system(n, 1000 * n as u64 + seed);
                let x = factor_solve(&a, n, &b);
                let r = residual(&a, n, &x, &b);
                assert!(r < 1e-12, "n={n} seed={seed} residual {r}");
            }
        }
    }

    #[test]
    fn general_random_needs_pivoting() {
        // Plain random entries (no dominant diagonal): pivoting is essential.
        for &n in &[4usize, 10, 20, 40, 60, 150] {
            let mut rng = Lcg(77 + n as u64);
            let a: Vec<Real> = (0..n * n).map(|_| rng.next()).collect();
            let b: Vec<Real> = (0..n).map(|_| rng.next()).collect();
            let x = factor_solve(&a, n, &b);
            let r = residual(&a, n, &x, &b);
            assert!(r < 1e-9, "n={n} residual {r}");
        }
    }

    #[test]
    fn identity() {
        for &n in &[1usize, 4, 60] {
            let mut a = vec![0.0; n * n];
            for k in 0..n {
                a[k * n + k] = 1.0;
            }
            let b: Vec<Real> = (0..n).map(|i| i as Real - 2.5).collect();
            let x = factor_solve(&a, n, &b);
            assert_eq!(x, b);
        }
    }

    #[test]
    fn zero_leading_entry_needs_pivoting() {
        // [[0, 1], [1, 0]] x = [2, 3] -> x = [3, 2]
        let a = vec![0.0, 1.0, 1.0, 0.0];
        let mut lu = a.clone();
        let mut piv = vec![0; 2];
        factor(&mut lu, 2, &mut piv).unwrap();
        assert_eq!(piv, vec![1, 1]);
        let mut x = vec![2.0, 3.0];
        solve(&lu, 2, &piv, &mut x);
        assert_eq!(x, vec![3.0, 2.0]);

        // A permutation matrix on the blocked path: x = P^T b exactly.
        let n = 70;
        let mut a = vec![0.0; n * n];
        for j in 0..n {
            a[j * n + (j * 11 + 3) % n] = 1.0;
        }
        let b: Vec<Real> = (0..n).map(|i| i as Real).collect();
        let x = factor_solve(&a, n, &b);
        for j in 0..n {
            assert_eq!(x[j], b[(j * 11 + 3) % n]);
        }
    }

    #[test]
    fn longer_work_arrays_are_fine() {
        let n = 6;
        let (a, b) = random_system(n, 5);
        let mut lu = a.clone();
        lu.extend_from_slice(&[9.0; 11]);
        let mut piv = vec![0; n + 3];
        factor(&mut lu, n, &mut piv).unwrap();
        let mut x = b.clone();
        x.push(123.0);
        solve(&lu, n, &piv, &mut x);
        assert_eq!(x[n], 123.0);
        assert_eq!(&lu[n * n..], &[9.0; 11]);
        assert!(residual(&a, n, &x[..n], &b) < 1e-13);
    }

    #[test]
    fn singular_zero_column() {
        for &n in &[1usize, 3, 10, 13, 32, 33, 120] {
            for &zc in &[0usize, n / 2, n - 1] {
                let (mut a, _) = random_system(n, 3 + n as u64);
                a[zc * n..(zc + 1) * n].fill(0.0);
                let mut piv = vec![0; n];
                let err = factor(&mut a, n, &mut piv).unwrap_err();
                assert_eq!(err, SingularMatrix { column: zc }, "n={n}");
            }
        }
    }

    #[test]
    fn singular_dependent_columns() {
        // Column 2 = column 0 + column 1: zero pivot at step 2 (exact in
        // binary arithmetic with these small integers).
        let a = vec![1.0, 2.0, 0.0, 0.0, 1.0, 1.0, 1.0, 3.0, 1.0];
        let mut piv = vec![0; 3];
        let err = factor(&mut a.clone(), 3, &mut piv).unwrap_err();
        assert_eq!(err.column, 2);
    }

    #[test]
    fn non_finite_pivot_is_singular() {
        for &n in &[5usize, 20, 80] {
            let (mut a, _) = random_system(n, 9);
            a[2 * n + 2] = Real::NAN;
            let mut piv = vec![0; n];
            assert!(factor(&mut a, n, &mut piv).is_err());
            let (mut a, _) = random_system(n, 9);
            a[n + 3] = Real::INFINITY;
            assert!(factor(&mut a, n, &mut piv).is_err());
        }
    }

    #[test]
    fn unblocked_and_blocked_agree() {
        // The blocked path on an order the unblocked path could also do.
        for &n in &[10usize, 20, 33, 48] {
            let (a, b) = random_system(n, 42);
            let mut lu1 = a.clone();
            let mut p1 = vec![0; n];
            factor_unblocked(Scalar, &mut lu1, n, &mut p1).unwrap();
            let mut lu2 = a.clone();
            let mut p2 = vec![0; n];
            factor_blocked(&mut lu2, n, &mut p2).unwrap();
            assert_eq!(p1, p2);
            for (u, v) in lu1.iter().zip(&lu2) {
                assert!((u - v).abs() <= 1e-12 * (1.0 + u.abs()));
            }
            let mut x = b.clone();
            solve(&lu2, n, &p2, &mut x);
            assert!(residual(&a, n, &x, &b) < 1e-12);
        }
    }

    #[test]
    fn dispatch_is_bitwise_identical() {
        // The AVX2-dispatched unblocked code and the baseline build must do
        // the same arithmetic (no FMA contraction).
        for &n in &[13usize, 20, 32] {
            let mut rng = Lcg(n as u64);
            let a: Vec<Real> = (0..n * n).map(|_| rng.next()).collect();
            let b: Vec<Real> = (0..n).map(|_| rng.next()).collect();
            let (mut lu1, mut p1, mut x1) = (a.clone(), vec![0; n], b.clone());
            factor(&mut lu1, n, &mut p1).unwrap();
            solve(&lu1, n, &p1, &mut x1);
            let (mut lu2, mut p2, mut x2) = (a.clone(), vec![0; n], b.clone());
            factor_unblocked(Scalar, &mut lu2, n, &mut p2).unwrap();
            for (k, &p) in p2.iter().enumerate() {
                x2.swap(k, p as usize);
            }
            solve_unblocked(Scalar, &lu2, n, &mut x2);
            assert_eq!(p1, p2);
            assert!(lu1.iter().zip(&lu2).all(|(u, v)| u.to_bits() == v.to_bits()));
            assert!(x1.iter().zip(&x2).all(|(u, v)| u.to_bits() == v.to_bits()));
        }
    }

    #[test]
    fn threads_share_nothing() {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                std::thread::spawn(move || {
                    for rep in 0..20 {
                        let n = 50 + 17 * ((t + rep) % 5);
                        let (a, b) = random_system(n, (t * 100 + rep) as u64);
                        let x = factor_solve(&a, n, &b);
                        assert!(residual(&a, n, &x, &b) < 1e-12);
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
    }
}
