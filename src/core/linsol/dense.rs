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
//! # Two paths, one format
//!
//! - `n <= UNBLOCKED_MAX_N`: a hand-written right-looking column-oriented LU.
//!   It performs exactly the floating-point operations of DGEFA/DGESL in the
//!   same order (reciprocal of the pivot, column axpys, the zero-`t` skip of
//!   DAXPY), so results agree bit for bit with the original LINPACK (both
//!   without FMA contraction). No allocation, no thread-local access.
//! - larger `n`: faer's recursive blocked LU (`Par::Seq`) in place. faer
//!   returns the forward row permutation; it is converted to the interchange
//!   sequence above, so [`solve`] needs no inverse permutation. The `n`-sized
//!   index buffers and the faer `MemBuffer` are cached per thread (they grow to
//!   the largest `n` seen and are freed with the thread); no allocation per
//!   call once warm.
//!
//! faer does not detect singular pivots, so diag(U) is scanned afterwards; the
//! first exactly zero or non-finite pivot is reported as [`SingularMatrix`]
//! (LINPACK's `INFO != 0`, DASKR's IDID=-8 path). The unblocked path stops at
//! that column; the contents of `a` are then unspecified (DASKR never solves
//! with a failed factorisation).
use std::cell::RefCell;

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::lu::partial_pivoting::factor::{lu_in_place, lu_in_place_scratch};
use faer::linalg::triangular_solve::{
    solve_unit_lower_triangular_in_place, solve_upper_triangular_in_place,
};
use faer::{ColMut, MatMut, MatRef, Par};

use super::SingularMatrix;
use crate::types::{FInt, Real};

/// Largest order factored by the hand-written unblocked LU; above it faer's
/// blocked LU is faster (measured: the two cross near n = 40-60).
const UNBLOCKED_MAX_N: usize = 48;

/// Largest order solved with the hand-written column sweeps; above it faer's
/// blocked triangular solves are used.
const UNBLOCKED_SOLVE_MAX_N: usize = 48;

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
    if n <= UNBLOCKED_MAX_N {
        factor_unblocked(a, n, pivots)
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
    if n <= UNBLOCKED_SOLVE_MAX_N {
        solve_unblocked(lu, n, b);
    } else {
        let lu = MatRef::from_column_major_slice(lu, n, n);
        let mut rhs = ColMut::from_slice_mut(b).as_mat_mut();
        solve_unit_lower_triangular_in_place(lu, rhs.as_mut(), Par::Seq);
        solve_upper_triangular_in_place(lu, rhs.as_mut(), Par::Seq);
    }
}

/// Is this pivot unusable (exactly zero, infinite or NaN)?
#[inline]
fn bad_pivot(p: Real) -> bool {
    p == 0.0 || !p.is_finite()
}

/// Right-looking, column-oriented LU with full-row interchanges.
fn factor_unblocked(a: &mut [Real], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
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
            for col in left.chunks_exact_mut(n) {
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
        for col in right.chunks_exact_mut(n) {
            if p != k {
                col.swap(k, p);
            }
            let t = col[k];
            if t != 0.0 {
                let (_, below) = col.split_at_mut(k + 1);
                for (y, &l) in below.iter_mut().zip(lcol) {
                    *y -= t * l;
                }
            }
        }
    }
    Ok(())
}

/// Forward (unit L) and backward (U) column sweeps on an already permuted b.
fn solve_unblocked(lu: &[Real], n: usize, b: &mut [Real]) {
    for (k, col) in lu.chunks_exact(n).enumerate() {
        let t = b[k];
        if t != 0.0 {
            let (_, below) = b.split_at_mut(k + 1);
            for (y, &l) in below.iter_mut().zip(&col[k + 1..]) {
                *y -= t * l;
            }
        }
    }
    for (k, col) in lu.chunks_exact(n).enumerate().rev() {
        b[k] /= col[k];
        let t = b[k];
        if t != 0.0 {
            for (y, &u) in b[..k].iter_mut().zip(&col[..k]) {
                *y -= t * u;
            }
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
        Self {
            capacity: n,
            perm: vec![0; n],
            perm_inv: vec![0; n],
            mem: MemBuffer::new(req),
        }
    }
}

thread_local! {
    static BLOCKED_SCRATCH: RefCell<Option<BlockedScratch>> = const { RefCell::new(None) };
}

fn factor_blocked(a: &mut [Real], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    BLOCKED_SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            if slot.as_ref().map_or(true, |s| s.capacity < n) {
                *slot = Some(BlockedScratch::new(n));
            }
            let scratch = slot.as_mut().expect("scratch just ensured");
            factor_blocked_with(a, n, pivots, scratch)
        }
        // Re-entered on this thread (not expected): use a private scratch.
        Err(_) => factor_blocked_with(a, n, pivots, &mut BlockedScratch::new(n)),
    })
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
        for &n in &[1usize, 2, 3, 5, 8, 17, 31, 47, 48, 49, 64, 65, 100, 200, 257] {
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
        for &n in &[4usize, 10, 40, 60, 150] {
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
        for &n in &[1usize, 3, 10, 48, 49, 120] {
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
        for &n in &[5usize, 80] {
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
        for &n in &[10usize, 33, 48] {
            let (a, b) = random_system(n, 42);
            let mut lu1 = a.clone();
            let mut p1 = vec![0; n];
            factor_unblocked(&mut lu1, n, &mut p1).unwrap();
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
