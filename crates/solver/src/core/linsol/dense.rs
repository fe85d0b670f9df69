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
//! # Two factorisation paths, one format, LINPACK's arithmetic
//!
//! Both paths perform exactly the floating-point operations of DGEFA in the
//! same order (reciprocal of the pivot, `a - l*u` with the product rounded
//! before the subtraction, DAXPY's skip of a zero factor), so with [`solve`]
//! the results agree bit for bit with the original DGEFA/DGESL at every
//! order (neither side contracts to FMA; the crossover between the paths
//! changes speed only).
//!
//! - `n <= UNBLOCKED_MAX_N` (40), or at most about `UNBLOCKED_MAX_NNZ`
//!   (1500) non-zeros: a hand-written right-looking, column-oriented LU
//!   (DGEFA's loops, full-row interchanges). No allocation, no
//!   thread-local access.
//! - otherwise a recursive blocked LU (`dense/blocked.rs`): columns halved
//!   down to 8-wide panels factored by the same column code, triangular
//!   solves for the U blocks, and the trailing updates by a packed 8 x 4
//!   register-tile kernel (AVX2) that keeps the tile of the matrix in
//!   registers and subtracts the products one elimination step at a time
//!   (LINPACK's order at the speed of an ordinary product kernel without
//!   FMA). Zero factors are skipped as DAXPY skips them: only 4-column
//!   strips of U without a zero go to the tile kernel, other columns run
//!   over the lists of their non-zeros, so structurally sparse matrices
//!   (circuit models in dense storage) cost what their non-zeros cost.
//!   Its packing buffers are cached per thread (grown to the largest `n`
//!   seen, freed with the thread): no allocation per call once warm. Only
//!   this cache outlives a call; it holds no results.
//!
//! Measured (min of runs on a loaded 2-core AVX-512 machine, AVX2 code):
//! dense n = 400: 1.0 ms (DGEFA, gfortran -O2: 3.7 ms; faer with AVX-512
//! FMA: 0.65 ms), n = 1000: ~15 ms (DGEFA ~90-130 ms, faer ~13 ms); the
//! 2.6 %-dense circuit Jacobian of `benches/fortran/bench_dense_sparse.f`
//! (n = 351): 0.19 ms (DGEFA 0.27 ms, faer 0.48 ms).
//!
//! [`solve`] is hand-written for every `n` (DGESL's column sweeps). Orders
//! 1-4 are compiled with the order a constant, orders 5-16 (small circuit
//! and process models, many solves per call) written out in full, one
//! function per order (`solve_fixed!`: 612 instructions a solve at n = 15,
//! DGESL with its DAXPY calls ~2470); above, the hand-written code is compiled
//! for the running CPU's best instruction set (pulp dispatch through faer,
//! AVX2 on x86-64, plain SSE2 code elsewhere); there is no FMA
//! contraction, so the results do not depend on the instruction set.
//!
//! The first exactly zero or non-finite pivot is reported as
//! [`SingularMatrix`] (LINPACK's `INFO != 0`, DASKR's IDID=-8 path; DGEFA
//! would go on and report the last one, DASKR only tests for non-zero). The
//! factorisation stops at that column; the contents of `a` are then
//! unspecified (DASKR never solves with a failed factorisation).
mod blocked;
#[cfg(not(daskr_single))]
pub mod front;

use faer::traits::pulp::{Arch, Scalar, Simd, WithSimd};

use super::SingularMatrix;
use crate::types::{FInt, Real};

/// Largest order always factored by the unblocked LU: on dense matrices
/// the two paths cross at n = 40 (measured, AVX2: unblocked 15 % faster at
/// 36, blocked 5 % faster at 48).
const UNBLOCKED_MAX_N: usize = 40;

/// Larger matrices with at most this many non-zeros (estimated from every
/// [`NNZ_SAMPLE`]-th column) are factored by the unblocked LU too: its
/// skipping of zero factors is the finest, and the two paths were measured
/// to cross at 1150-1600 non-zeros on dense and random sparse matrices of
/// 1, 3 and 10 % (n = 40 .. 350), later on circuit matrices (little
/// fill-in; at 3000-4600 non-zeros, n = 350 .. 500).
const UNBLOCKED_MAX_NNZ: usize = 1500;

/// Column stride of the non-zero estimate.
const NNZ_SAMPLE: usize = 4;

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
    // Orders 1-4 get code of their own, with the order a constant
    // (`factor_fixed`, `solve_order`; tiny kinetics models: at n = 3 a
    // factorisation takes ~180 instructions instead of ~500 and a solve ~100
    // instead of 274, where DGEFA and DGESL with their BLAS calls take ~600
    // and 312; callgrind on Robertson). These arms are the only list.
    match n {
        1 => return factor_fixed::<1>(a, pivots),
        2 => return factor_fixed::<2>(a, pivots),
        3 => return factor_fixed::<3>(a, pivots),
        4 => return factor_fixed::<4>(a, pivots),
        _ => {}
    }
    if n <= NO_DISPATCH_MAX_N {
        factor_unblocked(Scalar, a, n, pivots)
    } else if !<Real as LuScalar>::BLOCKED || n <= UNBLOCKED_MAX_N || few_non_zeros(a, n) {
        Arch::new().dispatch(ColumnSweeps(Panel::whole(a, n, pivots)))
    } else {
        <Real as LuScalar>::factor_blocked(a, n, pivots)
    }
}

/// Does the matrix have at most about [`UNBLOCKED_MAX_NNZ`] non-zeros?
/// Counts every [`NNZ_SAMPLE`]-th column, stopping as soon as the estimate
/// exceeds the bound (after a few columns of a dense matrix).
fn few_non_zeros(a: &[Real], n: usize) -> bool {
    if n > UNBLOCKED_MAX_NNZ {
        return false;
    }
    let mut count = 0;
    for col in a.chunks_exact(n).step_by(NNZ_SAMPLE) {
        count += NNZ_SAMPLE * col.iter().map(|&v| usize::from(v != 0.0)).sum::<usize>();
        if count > UNBLOCKED_MAX_NNZ {
            return false;
        }
    }
    true
}

/// Solve A x = b with the factors from [`factor`]; the first `n` entries of
/// `b` are overwritten by x. Replaces DGESL (job 0).
#[doc(alias = "DGESL")]
pub fn solve(lu: &[Real], n: usize, pivots: &[FInt], b: &mut [Real]) {
    if n == 0 {
        return;
    }
    match n {
        1 => solve_order(lu, 1, pivots, b),
        2 => solve_order(lu, 2, pivots, b),
        3 => solve_order(lu, 3, pivots, b),
        4 => solve_order(lu, 4, pivots, b),
        5 => solve_5(lu, pivots, b),
        6 => solve_6(lu, pivots, b),
        7 => solve_7(lu, pivots, b),
        8 => solve_8(lu, pivots, b),
        9 => solve_9(lu, pivots, b),
        10 => solve_10(lu, pivots, b),
        11 => solve_11(lu, pivots, b),
        12 => solve_12(lu, pivots, b),
        13 => solve_13(lu, pivots, b),
        14 => solve_14(lu, pivots, b),
        15 => solve_15(lu, pivots, b),
        16 => solve_16(lu, pivots, b),
        _ => solve_order(lu, n, pivots, b),
    }
}

/// [`solve`] for an order from 5 to 16 (small circuit and process models:
/// NEQ 8-20, one or more solves per step): DGESL's column sweeps with the
/// same operations in the same order (`b[i] -= t * l` rounded, never
/// fused; a zero `t` skipped), written out in full by the macros below,
/// one function per order. Every index is then a constant: after the
/// interchanges (made in the caller's array) the right-hand side lives in
/// registers, the sweeps have no loop, no bounds check and no store that a
/// later load must wait for. Loops over fixed-size arrays (the previous
/// form) took ~1500 instructions a solve at N = 15; the general sweeps
/// with AVX2 dispatch ~2580, DGESL with DAXPY ~2470.
macro_rules! solve_fixed {
    ($name:ident, $n:literal, $up:tt, $down:tt) => {
        #[inline(never)]
        fn $name(lu: &[Real], pivots: &[FInt], b: &mut [Real]) {
            let lu: &[Real; $n * $n] = lu[..$n * $n].try_into().expect("N*N factors");
            let out: &mut [Real; $n] = (&mut b[..$n]).try_into().expect("N entries");
            interchange(&pivots[..$n], out);
            let mut b = *out;
            sweeps!(forward_column, b, lu, $n; $up; $up);
            sweeps!(backward_column, b, lu, $n; $down; $up);
            *out = b;
        }
    };
}

/// One sweep: `$column` for each column index `k` of the first list, over
/// the rows of the second.
macro_rules! sweeps {
    ($column:ident, $b:ident, $lu:ident, $n:literal; [$($k:literal)*]; $rows:tt) => {
        $( $column!($b, $lu, $n, $k; $rows); )*
    };
}

/// Column `k` of L: the rows below it (`i > k` is a constant condition,
/// folded away).
macro_rules! forward_column {
    ($b:ident, $lu:ident, $n:literal, $k:literal; [$($i:literal)*]) => {{
        let t = $b[$k];
        if t != 0.0 {
            $( if $i > $k { $b[$i] -= t * $lu[$k * $n + $i]; } )*
        }
    }};
}

/// Column `k` of U: divide by the diagonal, then the rows above it.
macro_rules! backward_column {
    ($b:ident, $lu:ident, $n:literal, $k:literal; [$($i:literal)*]) => {{
        $b[$k] /= $lu[$k * $n + $k];
        let t = $b[$k];
        if t != 0.0 {
            $( if $i < $k { $b[$i] -= t * $lu[$k * $n + $i]; } )*
        }
    }};
}

solve_fixed!(solve_5, 5, [0 1 2 3 4], [4 3 2 1 0]);
solve_fixed!(solve_6, 6, [0 1 2 3 4 5], [5 4 3 2 1 0]);
solve_fixed!(solve_7, 7, [0 1 2 3 4 5 6], [6 5 4 3 2 1 0]);
solve_fixed!(solve_8, 8, [0 1 2 3 4 5 6 7], [7 6 5 4 3 2 1 0]);
solve_fixed!(solve_9, 9, [0 1 2 3 4 5 6 7 8], [8 7 6 5 4 3 2 1 0]);
solve_fixed!(solve_10, 10, [0 1 2 3 4 5 6 7 8 9], [9 8 7 6 5 4 3 2 1 0]);
solve_fixed!(solve_11, 11, [0 1 2 3 4 5 6 7 8 9 10], [10 9 8 7 6 5 4 3 2 1 0]);
solve_fixed!(solve_12, 12, [0 1 2 3 4 5 6 7 8 9 10 11], [11 10 9 8 7 6 5 4 3 2 1 0]);
solve_fixed!(solve_13, 13, [0 1 2 3 4 5 6 7 8 9 10 11 12], [12 11 10 9 8 7 6 5 4 3 2 1 0]);
solve_fixed!(solve_14, 14, [0 1 2 3 4 5 6 7 8 9 10 11 12 13], [13 12 11 10 9 8 7 6 5 4 3 2 1 0]);
solve_fixed!(solve_15, 15, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14], [14 13 12 11 10 9 8 7 6 5 4 3 2 1 0]);
solve_fixed!(solve_16, 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15], [15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0]);

/// [`solve`] for order `n`: inlined into each arm of `solve`'s match, so
/// that orders 1-4 (its match arms) are compiled with `n` a constant
/// (for the solve, unlike the factorisation, that is enough: the loops
/// unroll).
#[inline(always)]
fn solve_order(lu: &[Real], n: usize, pivots: &[FInt], b: &mut [Real]) {
    let (lu, pivots, b) = (&lu[..n * n], &pivots[..n], &mut b[..n]);
    interchange(pivots, b);
    if n <= NO_DISPATCH_MAX_N {
        solve_unblocked(Scalar, lu, n, b);
    } else {
        Arch::new().dispatch(UnblockedSolve { lu, n, b });
    }
}

/// b <- P b: the interchanges `k <-> pivots[k]` in elimination order (the
/// first step of every solve).
#[inline(always)]
fn interchange(pivots: &[FInt], b: &mut [Real]) {
    for (k, &p) in pivots.iter().enumerate() {
        let p = p as usize;
        if p != k {
            b.swap(k, p);
        }
    }
}

/// Is this pivot unusable (exactly zero, infinite or NaN)?
#[inline]
fn bad_pivot<T: LuScalar>(p: T) -> bool {
    p.is_bad_pivot()
}

/// `y -= a * x` over the common length of `x` and `y`: DAXPY with `-a`, bit
/// for bit (separate multiply and subtract, never fused). Written with
/// pulp's SIMD vectors of `S` (4 lanes of f64 or 8 of f32 with AVX2, 1 with
/// `Scalar`) and no unrolling, so the short segments of small matrices are
/// vectorised too.
#[inline(always)]
fn axpy_neg<S: Simd, T: LuScalar>(simd: S, a: T, x: &[T], y: &mut [T]) {
    T::axpy_neg(simd, a, x, y)
}

/// The element types of the LU: `f64` (DGEFA/DGESL) and `f32` (SGEFA/SGESL,
/// the single-precision instance of the core). Both run the column code;
/// only `f64` has the blocked path. SGEFA's arithmetic is the column
/// code's at every order, and the single-precision problems that reach
/// large dense matrices are few, so `f32` keeps the one path (with SIMD
/// dispatch above [`NO_DISPATCH_MAX_N`]).
trait LuScalar: Copy + PartialOrd + std::ops::Div<Output = Self> + std::ops::MulAssign {
    const ZERO: Self;
    const ONE: Self;
    /// Are large matrices factored by `dense/blocked.rs`?
    const BLOCKED: bool;
    /// `abs`.
    fn magnitude(self) -> Self;
    /// Is this pivot unusable (exactly zero, infinite or NaN)?
    fn is_bad_pivot(self) -> bool;
    /// `y -= a * x`, see [`axpy_neg`].
    fn axpy_neg<S: Simd>(simd: S, a: Self, x: &[Self], y: &mut [Self]);
    /// The blocked factorisation (called only when [`Self::BLOCKED`]).
    fn factor_blocked(a: &mut [Self], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix>;
}

/// The two instances of [`LuScalar`]: they differ only in the names of
/// pulp's methods for the element type (`*_f64s`, `*_f32s`) and in the
/// dispatched path for large matrices.
macro_rules! impl_lu_scalar {
    ($t:ty, $as_mut_simd:ident, $as_simd:ident, $splat:ident, $sub:ident, $mul:ident,
     blocked: $blocked:literal, |$a:ident, $n:ident, $pivots:ident| $factor_blocked:expr) => {
        impl LuScalar for $t {
            const ZERO: $t = 0.0;
            const ONE: $t = 1.0;
            const BLOCKED: bool = $blocked;

            #[inline(always)]
            fn magnitude(self) -> $t {
                self.abs()
            }

            #[inline(always)]
            fn is_bad_pivot(self) -> bool {
                self == 0.0 || !self.is_finite()
            }

            #[inline(always)]
            fn axpy_neg<S: Simd>(simd: S, a: $t, x: &[$t], y: &mut [$t]) {
                let len = x.len().min(y.len());
                let (yv, ys) = S::$as_mut_simd(&mut y[..len]);
                let (xv, xs) = S::$as_simd(&x[..len]);
                let av = simd.$splat(a);
                for (yi, &xi) in yv.iter_mut().zip(xv) {
                    *yi = simd.$sub(*yi, simd.$mul(av, xi));
                }
                for (yi, &xi) in ys.iter_mut().zip(xs) {
                    *yi -= a * xi;
                }
            }

            #[inline]
            fn factor_blocked($a: &mut [$t], $n: usize, $pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
                $factor_blocked
            }
        }
    };
}

impl_lu_scalar!(f64, as_mut_simd_f64s, as_simd_f64s, splat_f64s, sub_f64s, mul_f64s,
    blocked: true, |a, n, pivots| Arch::new().dispatch(BlockedFactor(Panel::whole(a, n, pivots))));
// Never reached for `f32` (`BLOCKED` is false): the column code, as for
// every n.
impl_lu_scalar!(f32, as_mut_simd_f32s, as_simd_f32s, splat_f32s, sub_f32s, mul_f32s,
    blocked: false, |a, n, pivots| Arch::new().dispatch(ColumnSweeps(Panel::whole(a, n, pivots))));

/// The columns an elimination works on: columns `d..d + w`, rows `d..n`,
/// of the column-major `n x n` matrix `a`, with `pivots[k]` receiving the
/// absolute row interchanged with row `k`. The unblocked LU's panel is the
/// whole matrix; the blocked LU and the sparse LU's fronts hand their leaf
/// panels to [`blocked::Leaf`], whose columns left of `d` and right of
/// `d + w` they interchange and update themselves.
struct Panel<'a, T> {
    a: &'a mut [T],
    n: usize,
    d: usize,
    w: usize,
    pivots: &'a mut [FInt],
}

impl<'a, T> Panel<'a, T> {
    /// All `n` columns of `a`.
    #[inline(always)]
    fn whole(a: &'a mut [T], n: usize, pivots: &'a mut [FInt]) -> Self {
        Panel { a, n, d: 0, w: n, pivots }
    }
}

/// DGEFA's column sweeps ([`eliminate_columns`] with [`partial_pivot`])
/// on a panel, for either element type, compiled for the best instruction
/// set of the running CPU: the whole unblocked LU (pulp dispatch, AVX2
/// where available) and the leaf panels of the blocked LU
/// (`dense/blocked.rs`).
struct ColumnSweeps<'a, T>(Panel<'a, T>);

impl<T: LuScalar> WithSimd for ColumnSweeps<'_, T> {
    type Output = Result<(), SingularMatrix>;
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) -> Self::Output {
        eliminate_columns(simd, self.0, partial_pivot)
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
fn factor_unblocked<S: Simd, T: LuScalar>(
    simd: S,
    a: &mut [T],
    n: usize,
    pivots: &mut [FInt],
) -> Result<(), SingularMatrix> {
    eliminate_columns(simd, Panel::whole(a, n, pivots), partial_pivot)
}

/// [`factor_unblocked`] for a matrix of order `N` known at compile time:
/// the same operations in the same order, written with plain indices so
/// that the compiler unrolls the loops and drops the bounds checks (the
/// slice-based sweeps cost ~500 instructions at N = 3).
#[inline(always)]
fn factor_fixed<const N: usize>(a: &mut [Real], pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    let a = &mut a[..N * N];
    for k in 0..N {
        let mut p = k;
        let mut max = a[k * N + k].abs();
        for i in k + 1..N {
            if a[k * N + i].abs() > max {
                max = a[k * N + i].abs();
                p = i;
            }
        }
        pivots[k] = p as FInt;
        let pivot = a[k * N + p];
        if bad_pivot(pivot) {
            return Err(SingularMatrix { column: k });
        }
        if p != k {
            for j in 0..=k {
                a.swap(j * N + k, j * N + p);
            }
        }
        let recip = 1.0 / pivot;
        for i in k + 1..N {
            a[k * N + i] *= recip;
        }
        for j in k + 1..N {
            if p != k {
                a.swap(j * N + k, j * N + p);
            }
            let t = a[j * N + k];
            if t != 0.0 {
                for i in k + 1..N {
                    a[j * N + i] -= t * a[k * N + i];
                }
            }
        }
    }
    Ok(())
}

/// DGEFA's pivot rule for [`eliminate_columns`]: the first entry of
/// largest magnitude in column `k`, rows `k..n`; a zero or non-finite one
/// stops the factorisation.
#[inline(always)]
fn partial_pivot<T: LuScalar>(col: &[T], k: usize) -> Result<usize, (usize, SingularMatrix)> {
    let mut p = k;
    let mut max = col[k].magnitude();
    for (i, v) in col.iter().enumerate().skip(k + 1) {
        if v.magnitude() > max {
            max = v.magnitude();
            p = i;
        }
    }
    if bad_pivot(col[p]) {
        Err((p, SingularMatrix { column: k }))
    } else {
        Ok(p)
    }
}

/// DGEFA's column sweeps, for either element type, on a [`Panel`], with
/// the pivot rule given: `choose(column, k)` returns the pivot row for
/// step `k` (recorded in `pivots[k]`), or the row found and why the
/// factorisation stops there. With [`partial_pivot`], the whole unblocked
/// LU or a leaf panel of the blocked one; also the leaf of the sparse LU's
/// fronts (`dense/front.rs`, restricted pivoting).
#[inline(always)]
fn eliminate_columns<S: Simd, T: LuScalar, E>(
    simd: S,
    panel: Panel<'_, T>,
    mut choose: impl FnMut(&[T], usize) -> Result<usize, (usize, E)>,
) -> Result<(), E> {
    let Panel { a, n, d, w, pivots } = panel;
    for k in d..d + w {
        let chosen = choose(&a[k * n..(k + 1) * n], k);
        let p = match chosen {
            Ok(p) => p,
            Err((p, stop)) => {
                pivots[k] = p as FInt;
                return Err(stop);
            }
        };
        pivots[k] = p as FInt;
        let pivot = a[k * n + p];
        let (left, right) = a[d * n..(d + w) * n].split_at_mut((k + 1 - d) * n);
        if p != k {
            // Interchange rows k and p in the columns d..=k (L part and the
            // pivot column); the columns to the right are swapped below.
            // (`chunks_mut`, not `chunks_exact_mut`: the latter divides by n
            // when constructed, a visible cost per step at small n.)
            for col in left.chunks_mut(n) {
                col.swap(k, p);
            }
        }
        // Multipliers l = a * (1/pivot) (DGEFA scales by -1/pivot: same
        // magnitudes bit for bit).
        let recip = T::ONE / pivot;
        let lcol = &mut left[(k - d) * n + k + 1..];
        for v in lcol.iter_mut() {
            *v *= recip;
        }
        let lcol = &*lcol;
        for col in right.chunks_mut(n) {
            if p != k {
                col.swap(k, p);
            }
            let t = col[k];
            if t != T::ZERO {
                axpy_neg(simd, t, lcol, &mut col[k + 1..]);
            }
        }
    }
    Ok(())
}

/// Forward (unit L) and backward (U) column sweeps on an already permuted b
/// (DGESL's order of operations).
///
/// The entry the next column starts from (b[k+1] forward, b[k-1]
/// backward) is updated apart from the rest of the column's segment and
/// carried to it in a register: read back from b it would wait for its
/// store to be forwarded, on the chain of dependent columns that a small
/// system's solve is. (Its earlier updates are read with a column's time
/// to spare.) The columns of the backward sweep are counted down beside a
/// reversed `chunks_exact`: a reversed enumeration divides for the
/// remaining length on every column.
#[inline(always)]
fn solve_unblocked<S: Simd>(simd: S, lu: &[Real], n: usize, b: &mut [Real]) {
    if n == 0 {
        return;
    }
    let mut t = b[0];
    for (k, col) in lu.chunks_exact(n).enumerate().take(n - 1) {
        let next = b[k + 1];
        if t != 0.0 {
            axpy_neg(simd, t, &col[k + 2..], &mut b[k + 2..]);
            t = next - t * col[k + 1];
        } else {
            t = next;
        }
        b[k + 1] = t;
    }
    let mut x = b[n - 1];
    let mut k = n;
    for col in lu[..n * n].chunks_exact(n).rev() {
        k -= 1;
        x /= col[k];
        b[k] = x;
        if k == 0 {
            break;
        }
        let next = b[k - 1];
        if x != 0.0 {
            axpy_neg(simd, x, &col[..k - 1], &mut b[..k - 1]);
            x = next - x * col[k - 1];
        } else {
            x = next;
        }
    }
}

/// [`blocked::factor`] compiled for the best instruction set.
struct BlockedFactor<'a>(Panel<'a, f64>);

impl WithSimd for BlockedFactor<'_> {
    type Output = Result<(), SingularMatrix>;
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) -> Self::Output {
        blocked::factor(simd, self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_problems::Lcg;

    /// The blocked path, whatever the order.
    fn factor_blocked(a: &mut [Real], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
        <Real as LuScalar>::factor_blocked(a, n, pivots)
    }

    /// The f32 instance of the column code (SGEFA's arithmetic): with and
    /// without SIMD dispatch the same bits, and a solution.
    #[test]
    fn single_precision_column_code() {
        for n in [3usize, 13, 50] {
            let mut a: Vec<f32> = (0..n * n).map(|k| ((k * 7919 % 113) as f32 - 56.0) / 17.0).collect();
            for k in 0..n {
                a[k * n + k] += n as f32;
            }
            let (mut lu1, mut lu2) = (a.clone(), a.clone());
            let (mut p1, mut p2) = (vec![0; n], vec![0; n]);
            factor_unblocked(Scalar, &mut lu1, n, &mut p1).unwrap();
            <f32 as LuScalar>::factor_blocked(&mut lu2, n, &mut p2).unwrap();
            assert_eq!(p1, p2);
            assert!(lu1.iter().zip(&lu2).all(|(u, v)| u.to_bits() == v.to_bits()), "n={n}");
        }
    }

    /// Random matrix made well conditioned by a dominant diagonal of
    /// random sign, plus a random right-hand side.
    fn random_system(n: usize, seed: u64) -> (Vec<Real>, Vec<Real>) {
        let mut rng = Lcg(seed);
        let mut a: Vec<Real> = (0..n * n).map(|_| rng.signed()).collect();
        for k in 0..n {
            let s = if rng.signed() < 0.0 { -1.0 } else { 1.0 };
            a[k * n + k] += s * (n as Real);
        }
        let b = (0..n).map(|_| rng.signed()).collect();
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
            let a: Vec<Real> = (0..n * n).map(|_| rng.signed()).collect();
            let b: Vec<Real> = (0..n).map(|_| rng.signed()).collect();
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
        // The blocked path on an order the unblocked path could also do:
        // bit for bit the same factors (LINPACK order on both paths).
        for &n in &[10usize, 20, 33, 48] {
            let (a, b) = random_system(n, 42);
            let mut lu1 = a.clone();
            let mut p1 = vec![0; n];
            factor_unblocked(Scalar, &mut lu1, n, &mut p1).unwrap();
            let mut lu2 = a.clone();
            let mut p2 = vec![0; n];
            factor_blocked(&mut lu2, n, &mut p2).unwrap();
            assert_eq!(p1, p2);
            assert!(lu1.iter().zip(&lu2).all(|(u, v)| u.to_bits() == v.to_bits()), "n={n}");
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
            let a: Vec<Real> = (0..n * n).map(|_| rng.signed()).collect();
            let b: Vec<Real> = (0..n).map(|_| rng.signed()).collect();
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

    /// Random matrix with about `density` non-zeros (some of them -0.0, so
    /// that DAXPY's skip of a zero factor is visible in the signs of zeros),
    /// a diagonal of random sign and magnitude `diag` (0: none), and a few
    /// dense rows and columns (circuit-like: supply rails).
    fn sparse_matrix(n: usize, density: Real, diag: Real, seed: u64) -> Vec<Real> {
        let mut rng = Lcg(seed);
        let mut a = vec![0.0; n * n];
        for (idx, v) in a.iter_mut().enumerate() {
            let (i, j) = (idx % n, idx / n);
            let keep = (rng.signed() + 1.0) * 0.5 < density || (i % 37 == 5 && j % 3 == 0) || (j % 41 == 7 && i % 2 == 0);
            let r = rng.signed();
            if keep {
                *v = r;
            } else if r > 0.9 {
                *v = -0.0;
            }
        }
        if diag != 0.0 {
            for k in 0..n {
                a[k * n + k] += if rng.signed() < 0.0 { -diag } else { diag };
            }
        }
        a
    }

    /// Factor with the unblocked LINPACK-order code (no dispatch) and with
    /// the dispatched path [`factor`] uses; both results must agree bit for
    /// bit, as must the solutions.
    fn assert_linpack_identical(a: &[Real], n: usize, what: &str) {
        let (mut lu1, mut p1) = (a.to_vec(), vec![0; n]);
        let r1 = factor_unblocked(Scalar, &mut lu1, n, &mut p1);
        let (mut lu2, mut p2) = (a.to_vec(), vec![0; n]);
        let r2 = factor_blocked(&mut lu2, n, &mut p2);
        assert_eq!(r1, r2, "{what}: n={n}");
        let (mut lu3, mut p3) = (a.to_vec(), vec![0; n]);
        assert_eq!(blocked::factor(Scalar, Panel::whole(&mut lu3, n, &mut p3)), r1, "{what}: n={n} (scalar)");
        if r1.is_ok() {
            assert!(lu2.iter().zip(&lu3).all(|(u, v)| u.to_bits() == v.to_bits()), "{what}: n={n} (scalar)");
        }
        if r1.is_err() {
            return;
        }
        assert_eq!(p1, p2, "{what}: n={n}");
        let first = lu1.iter().zip(&lu2).position(|(u, v)| u.to_bits() != v.to_bits());
        assert_eq!(first, None, "{what}: n={n}: first difference at {first:?}");
        let b: Vec<Real> = (0..n).map(|i| ((i * 7) % 11) as Real - 5.0).collect();
        let (mut x1, mut x2) = (b.clone(), b.clone());
        solve(&lu1, n, &p1, &mut x1);
        solve(&lu2, n, &p2, &mut x2);
        assert!(x1.iter().zip(&x2).all(|(u, v)| u.to_bits() == v.to_bits()), "{what}: n={n}");
    }

    #[test]
    fn orders_compiled_as_constants_are_bitwise_the_general_code() {
        // The specialised orders (factorisation 1-4, solve 1-16, see
        // `factor` and `solve`) and one beyond.
        for n in 1..=17 {
            for seed in 0..40u64 {
                let mut rng = Lcg(seed * 31 + n as u64);
                // Plain random (row interchanges), with exact zeros mixed in.
                let a: Vec<Real> = (0..n * n).map(|i| if i % 5 == 3 { 0.0 } else { rng.signed() }).collect();
                let (mut lu1, mut p1) = (a.clone(), vec![0; n]);
                let r1 = factor(&mut lu1, n, &mut p1);
                // The same routines with the order hidden from the compiler.
                let m = std::hint::black_box(n);
                let (mut lu2, mut p2) = (a.clone(), vec![0; n]);
                let r2 = factor_unblocked(Scalar, &mut lu2, m, &mut p2);
                assert_eq!(r1, r2, "n={n} seed={seed}");
                if r1.is_err() {
                    continue;
                }
                assert_eq!(p1, p2);
                assert!(lu1.iter().zip(&lu2).all(|(u, v)| u.to_bits() == v.to_bits()), "n={n} seed={seed}");
                // Zeros in b, so that the skips of a zero factor count too.
                let b: Vec<Real> = (0..n).map(|i| if i == 1 || i % 7 == 4 { 0.0 } else { rng.signed() }).collect();
                let (mut x1, mut x2) = (b.clone(), b);
                solve(&lu1, n, &p1, &mut x1);
                for (k, &p) in p2.iter().enumerate() {
                    x2.swap(k, p as usize);
                }
                solve_unblocked(Scalar, &lu2, m, &mut x2);
                assert!(x1.iter().zip(&x2).all(|(u, v)| u.to_bits() == v.to_bits()), "n={n} seed={seed}");
            }
        }
    }

    #[test]
    fn blocked_is_linpack_order_dense() {
        for n in (33..=200).step_by(7).chain([256, 300]) {
            let (a, _) = random_system(n, 500 + n as u64);
            assert_linpack_identical(&a, n, "dominant diagonal");
            // Plain random: many row interchanges.
            let mut rng = Lcg(n as u64);
            let a: Vec<Real> = (0..n * n).map(|_| rng.signed()).collect();
            assert_linpack_identical(&a, n, "general");
        }
    }

    #[test]
    fn blocked_is_linpack_order_sparse() {
        for n in [33usize, 40, 57, 64, 96, 129, 200, 350] {
            for (density, diag) in [(0.01, 4.0), (0.03, 4.0), (0.1, 1.0), (0.03, 0.0), (0.3, 0.0)] {
                let a = sparse_matrix(n, density, diag, 11 * n as u64 + (density * 100.0) as u64);
                assert_linpack_identical(&a, n, &format!("density {density} diag {diag}"));
            }
        }
    }

    #[test]
    fn blocked_reference_solve() {
        // Against a plain reference: x = A^-1 b checked by the residual, for
        // dense, structurally sparse and banded-looking matrices.
        for n in (33..=200).step_by(11) {
            let a = sparse_matrix(n, 0.05, 3.0, 900 + n as u64);
            let b: Vec<Real> = (0..n).map(|i| (i as Real * 0.37).sin()).collect();
            let x = factor_solve(&a, n, &b);
            let r = residual(&a, n, &x, &b);
            assert!(r < 1e-12, "n={n} residual {r}");
        }
    }

    #[test]
    fn blocked_singular_and_non_finite() {
        // The first zero or non-finite pivot is reported, in the column the
        // unblocked code reports (the elimination is the same).
        for n in [33usize, 48, 100, 170] {
            for zc in [0, 1, 17, n / 2, n - 1] {
                let mut a = sparse_matrix(n, 0.05, 3.0, 7 + n as u64);
                a[zc * n..(zc + 1) * n].fill(0.0);
                let mut piv = vec![0; n];
                let err = factor(&mut a.clone(), n, &mut piv).unwrap_err();
                assert_eq!(err, SingularMatrix { column: zc }, "n={n}");
                assert_linpack_identical(&a, n, "zero column");
            }
            // Column 40 (or the last) a combination of two earlier ones.
            let c = 40.min(n - 1);
            let mut a = sparse_matrix(n, 0.0, 1.0, 3);
            for i in 0..n {
                a[c * n + i] = a[3 * n + i] + a[5 * n + i];
            }
            let err = factor(&mut a.clone(), n, &mut vec![0; n]).unwrap_err();
            assert_eq!(err.column, c, "n={n}");
            for bad in [Real::NAN, Real::INFINITY] {
                let mut a = sparse_matrix(n, 0.05, 3.0, 5);
                a[(n - 2) * n + 20] = bad;
                assert!(factor(&mut a.clone(), n, &mut vec![0; n]).is_err(), "n={n}");
                assert_linpack_identical(&a, n, "non-finite entry");
            }
        }
    }

    #[test]
    fn blocked_zero_rows_and_columns_of_u() {
        // Block-diagonal and block-triangular patterns: whole blocks of U
        // (and of L) zero, so that entire packed strips are skipped; plus a
        // NaN multiplier that DGEFA never uses (its factors are all zero),
        // which must not spread.
        for n in [40usize, 97, 160] {
            let mut a = vec![0.0; n * n];
            let mut rng = Lcg(n as u64);
            for j in 0..n {
                for i in 0..n {
                    if i / 20 == j / 20 || (i > j && (i + j) % 5 == 0) {
                        a[j * n + i] = rng.signed();
                    }
                }
                a[j * n + j] = 10.0;
            }
            assert_linpack_identical(&a, n, "block structure");
            // A NaN multiplier above a row of zeros in U: row 0 of U is
            // 10 e_0, so u(0, j) = 0 for j > 0 and DGEFA never touches the
            // other columns with column 0's multipliers.
            let mut b = vec![0.0; n * n];
            for j in 0..n {
                for i in 0..n {
                    b[j * n + i] = if i == j {
                        10.0
                    } else if i > 0 && j > 0 {
                        rng.signed()
                    } else {
                        0.0
                    };
                }
            }
            b[n - 1] = Real::NAN;
            assert_linpack_identical(&b, n, "NaN multiplier");
            let mut lu = b.clone();
            let mut piv = vec![0; n];
            factor(&mut lu, n, &mut piv).unwrap();
            assert!(lu[n..].iter().all(|v| !v.is_nan()));
        }
    }

    #[test]
    fn path_choice_by_order_and_non_zeros() {
        // Dense: the count stops after the first sampled column.
        let (a, _) = random_system(60, 1);
        assert!(!few_non_zeros(&a, 60));
        // Diagonal plus a few entries: unblocked up to ~1500 non-zeros.
        for (n, expect) in [(100, true), (1000, true), (1400, true), (1600, false)] {
            let mut a = vec![0.0; n * n];
            for k in 0..n {
                a[k * n + k] = 1.0;
            }
            assert_eq!(few_non_zeros(&a, n), expect, "n={n}");
        }
        let a = sparse_matrix(200, 0.1, 1.0, 3);
        assert!(!few_non_zeros(&a, 200));
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
