//! Banded LU with partial pivoting in LINPACK band storage.
//!
//! Replaces LINPACK DGBFA/DGBSL (job 0) as DASKR calls them.
//!
//! # Storage
//!
//! The matrix sits in `abd`, leading dimension `lda = 2*ML+MU+1`,
//! column-major; element (i, j) (0-based) is `abd[(i + ml + mu - j) + j*lda]`
//! (a DASKR user's JAC writes `PD(i-j+ML+MU+1, j)`, 1-based). The top `ML`
//! rows of every column are workspace for the fill-in of U: their incoming
//! contents are ignored (each column's top rows are zeroed just before the
//! elimination can first reach that column).
//!
//! After [`factor`] the contents are those of DGBFA: U (with up to ML+MU
//! superdiagonals) in the top `ML+MU+1` band rows, and below the diagonal the
//! *negated* multipliers of each elimination step (LINPACK's convention, not
//! permuted by later interchanges). `pivots[k]` (0-based) is the row
//! interchanged with row `k` at step `k` (LINPACK's `IPVT(k) - 1`),
//! `pivots[n-1] = n-1`.
//!
//! The arithmetic is DGBFA's/DGBSL's, operation for operation (reciprocal of
//! the pivot, column axpys over contiguous segments, DAXPY's skip when the
//! multiplier is zero), so results agree bit for bit with the original
//! LINPACK when neither side contracts to FMA.
//!
//! An exactly zero or non-finite pivot stops the factorisation with
//! [`SingularMatrix`] for that column (DGBFA's `INFO != 0`; DGBFA would go on,
//! but DASKR never solves with such a factorisation, so the remaining contents
//! are unspecified).
use faer::traits::pulp::{Arch, Simd, WithSimd};

use super::SingularMatrix;
use crate::types::{FInt, Real};

/// Shape of a banded matrix in LINPACK storage: leading dimension
/// 2*ML+MU+1, element (i,j) (0-based) at `abd[(i + ml + mu - j) + j*lda]`;
/// the top ML rows are workspace for fill-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BandShape {
    pub n: usize,
    pub ml: usize,
    pub mu: usize,
}

impl BandShape {
    /// Leading dimension 2*ML+MU+1.
    pub fn lda(&self) -> usize {
        2 * self.ml + self.mu + 1
    }

    /// Whether [`factor`] and [`solve`] use the scalar kernels: the column
    /// segments (ML long in the elimination, ML+MU in the back
    /// substitution) are too short for SIMD to pay for its set-up.
    pub fn is_narrow(&self) -> bool {
        self.ml < NARROW_ML && self.ml + self.mu < NARROW_WIDTH
    }
}

/// Bands with ML below this (and ML+MU below [`NARROW_WIDTH`]) take the
/// scalar kernels.
const NARROW_ML: usize = 4;
/// See [`NARROW_ML`].
const NARROW_WIDTH: usize = 16;

/// What tells the band kernels apart, as the loops they share
/// ([`factor_steps`], [`solve_steps`]) see it: the vectorised kernel
/// ([`Wide`]) and the narrow ones ([`Narrow`]). Everything is
/// `#[inline(always)]` and called statically, so that each kernel is
/// compiled whole: the vectorised one inside pulp's dispatch (AVX2), the
/// narrow ones with ML and the segment lengths as constants.
trait Kernel: Sized {
    /// DAXPY: `y(i) = y(i) + a*x(i)` element by element over equal-length
    /// contiguous segments.
    fn axpy(a: Real, x: &[Real], y: &mut [Real]);

    /// Elimination step `k` with `lm` rows below the diagonal: pivot
    /// search, interchange, multipliers, column updates. Returns the pivot
    /// row and whether the pivot is usable (nonzero and finite; if not, the
    /// step stops after the search).
    fn eliminate(state: &mut Elimination<'_>, k: usize, lm: usize) -> (usize, bool);

    /// Forward step `k` of DGBSL with `lm` rows below the diagonal.
    #[inline(always)]
    fn forward(col: &[Real], diag: usize, k: usize, p: usize, lm: usize, b: &mut [Real]) {
        forward::<Self>(col, diag, k, p, lm, b)
    }
}

/// Factor in place (the first `lda*n` entries of `abd`); `pivots[..n]`
/// receives the interchanges (0-based). Replaces DGBFA.
///
/// Narrow bands (see [`BandShape::is_narrow`]) go to a plain scalar kernel,
/// wider ones to the vectorised one; both perform the same operations in
/// the same order and leave `abd` and `pivots` bit for bit the same.
#[doc(alias = "DGBFA")]
pub fn factor(abd: &mut [Real], shape: BandShape, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    if shape.is_narrow() {
        factor_narrow(abd, shape, pivots)
    } else {
        factor_wide(abd, shape, pivots)
    }
}

/// The vectorised kernel, [`factor_impl`] dispatched.
fn factor_wide(abd: &mut [Real], shape: BandShape, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    Arch::new().dispatch(FactorOp { abd, shape, pivots })
}

/// [`factor_impl`] compiled for the best instruction set of the running CPU
/// (pulp dispatch: AVX2 where available; no FMA contraction happens, so the
/// results do not depend on the instruction set).
struct FactorOp<'a> {
    abd: &'a mut [Real],
    shape: BandShape,
    pivots: &'a mut [FInt],
}

impl WithSimd for FactorOp<'_> {
    type Output = Result<(), SingularMatrix>;
    #[inline(always)]
    fn with_simd<S: Simd>(self, _simd: S) -> Self::Output {
        factor_impl(self.abd, self.shape, self.pivots)
    }
}

#[inline(always)]
fn factor_impl(abd: &mut [Real], shape: BandShape, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    factor_steps::<Wide>(abd, shape, shape.ml, pivots)
}

/// DGBFA's loop over the elimination steps with the kernel `K`; `ml` is
/// `shape.ml` (a constant in the narrow kernels).
#[inline(always)]
fn factor_steps<K: Kernel>(
    abd: &mut [Real],
    shape: BandShape,
    ml: usize,
    pivots: &mut [FInt],
) -> Result<(), SingularMatrix> {
    let BandShape { n, mu, .. } = shape;
    if n == 0 {
        return Ok(());
    }
    let lda = shape.lda();
    let diag = ml + mu;
    let mut state = Elimination { abd: &mut abd[..lda * n], n, mu, lda, diag, last_col: 0 };
    // Columns 0..cleared have had their fill rows zeroed.
    let mut cleared = 0;
    for (k, pivot_k) in pivots[..n].iter_mut().enumerate() {
        // Step k touches columns up to k + ML + MU at most: clear their fill
        // rows first (once per column).
        let reach = (k + diag).min(n - 1);
        if ml > 0 {
            while cleared <= reach {
                state.abd[cleared * lda..cleared * lda + ml].fill(0.0);
                cleared += 1;
            }
        }
        // Rows below the diagonal within the band: min(ML, rows left).
        let (p, regular) = K::eliminate(&mut state, k, ml.min(n - 1 - k));
        *pivot_k = p as FInt;
        if !regular {
            return Err(SingularMatrix { column: k });
        }
    }
    Ok(())
}

/// The band between DGBFA's elimination steps.
struct Elimination<'a> {
    /// The first `lda * n` entries of the caller's `abd`.
    abd: &'a mut [Real],
    n: usize,
    mu: usize,
    lda: usize,
    /// Band row of the diagonal (ML + MU).
    diag: usize,
    /// Last column reached by U's fill-in so far.
    last_col: usize,
}

/// The vectorised kernel: column axpys over contiguous segments, compiled
/// for the running CPU ([`FactorOp`], [`SolveOp`]).
struct Wide;

impl Kernel for Wide {
    /// Long segments go to LLVM's vectorised (and unrolled) loop; band
    /// segments are often short (ML or ML+MU long), which that loop would
    /// leave entirely to its scalar tail, so short ones are done in chunks
    /// of four (one SIMD operation each) plus a scalar tail of at most
    /// three.
    #[inline(always)]
    fn axpy(a: Real, x: &[Real], y: &mut [Real]) {
        if y.len() >= 16 {
            for (yi, &xi) in y.iter_mut().zip(x) {
                *yi += a * xi;
            }
            return;
        }
        let mut yc = y.chunks_exact_mut(4);
        let mut xc = x.chunks_exact(4);
        for (yy, xx) in (&mut yc).zip(&mut xc) {
            for (yi, &xi) in yy.iter_mut().zip(xx) {
                *yi += a * xi;
            }
        }
        for (yi, &xi) in yc.into_remainder().iter_mut().zip(xc.remainder()) {
            *yi += a * xi;
        }
    }

    #[inline(always)]
    fn eliminate(state: &mut Elimination<'_>, k: usize, lm: usize) -> (usize, bool) {
        let Elimination { ref mut abd, n, mu, lda, diag, ref mut last_col } = *state;
        let (head, tail) = abd.split_at_mut((k + 1) * lda);
        let colk = &mut head[k * lda + diag..k * lda + diag + lm + 1];

        // Pivot: first entry of largest magnitude in rows k..=k+lm.
        let (ip, pivot) = first_largest(colk);
        let p = k + ip;
        if pivot == 0.0 || !pivot.is_finite() {
            return (p, false);
        }
        colk.swap(0, ip);
        let scale = -1.0 / pivot;
        let (_, mults) = colk.split_at_mut(1);
        for v in mults.iter_mut() {
            *v *= scale;
        }
        let mults = &*mults;

        // Row k now carries the pivot row's entries, up to column p + MU.
        *last_col = (*last_col).max(p + mu).min(n - 1);
        let ncols = *last_col - k;
        if lm == 0 || ncols == 0 {
            // No multipliers (ip = 0 too): the columns to the right keep
            // their values.
            return (p, true);
        }
        // In column j = k+1+jj row k sits at band row diag-1-jj, i.e. at
        // flat offset (k+1)*lda + diag-1 + jj*(lda-1): the segments
        // rows k..=k+lm of the columns to update lie on a walk of stride
        // lda-1 (>= lm+1 since ML >= 1 here).
        let walk = &mut tail[diag - 1..];
        for chunk in walk.chunks_mut(lda - 1).take(ncols) {
            let seg = &mut chunk[..=lm];
            let t = seg[ip];
            if ip != 0 {
                seg[ip] = seg[0];
                seg[0] = t;
            }
            if t != 0.0 {
                Self::axpy(t, mults, &mut seg[1..]);
            }
        }
        (p, true)
    }
}

/// Solve A x = b with the factors from [`factor`]; the first `n` entries of
/// `b` are overwritten by x. Replaces DGBSL (job 0). Kernel choice as in
/// [`factor`] (the results do not depend on it).
#[doc(alias = "DGBSL")]
pub fn solve(abd: &[Real], shape: BandShape, pivots: &[FInt], b: &mut [Real]) {
    if shape.is_narrow() {
        solve_narrow(abd, shape, pivots, b)
    } else {
        solve_wide(abd, shape, pivots, b)
    }
}

/// The vectorised kernel, [`solve_impl`] dispatched.
fn solve_wide(abd: &[Real], shape: BandShape, pivots: &[FInt], b: &mut [Real]) {
    Arch::new().dispatch(SolveOp { abd, shape, pivots, b })
}

/// [`solve_impl`] compiled for the best instruction set (see [`FactorOp`]).
struct SolveOp<'a> {
    abd: &'a [Real],
    shape: BandShape,
    pivots: &'a [FInt],
    b: &'a mut [Real],
}

impl WithSimd for SolveOp<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, _simd: S) {
        solve_impl(self.abd, self.shape, self.pivots, self.b)
    }
}

#[inline(always)]
fn solve_impl(abd: &[Real], shape: BandShape, pivots: &[FInt], b: &mut [Real]) {
    solve_steps::<Wide>(abd, shape, shape.ml, shape.mu, pivots, b)
}

/// DGBSL (job 0) with the kernel `K`; `ml` and `mu` are `shape.ml` and
/// `shape.mu` (constants in the narrow kernels of small bands).
#[inline(always)]
fn solve_steps<K: Kernel>(abd: &[Real], shape: BandShape, ml: usize, mu: usize, pivots: &[FInt], b: &mut [Real]) {
    let n = shape.n;
    if n == 0 {
        return;
    }
    let lda = 2 * ml + mu + 1;
    let diag = ml + mu;
    let abd = &abd[..lda * n];
    let pivots = &pivots[..n];
    let b = &mut b[..n];
    // Forward: interchanges and L's (negated) multipliers, step by step.
    if ml > 0 {
        for (k, (col, &p)) in abd.chunks_exact(lda).zip(pivots).enumerate().take(n - 1) {
            K::forward(col, diag, k, p as usize, ml.min(n - 1 - k), b);
        }
    }
    // Backward with U, column by column: the columns with the full ML+MU
    // rows above the diagonal (a segment of constant length when ML and
    // MU are), then the first ML+MU columns. The entry the next column
    // divides, b[k-1], is updated in a register apart from the rest of
    // the column's segment and carried to that division: read back from
    // b, it would wait for its store to be forwarded on every column's
    // step of the chain of divisions. (The read of b[k-1] before its last
    // update has a division's time to complete.)
    if diag == 0 {
        for (bk, col) in b.iter_mut().zip(abd.chunks_exact(lda)) {
            *bk /= col[0];
        }
        return;
    }
    let full = n.min(diag);
    let mut next = b[n - 1];
    // The columns' indices counted down alongside: a reversed enumeration
    // of `chunks_exact` divides for the remaining length on every column.
    let mut k = n;
    for col in abd[full * lda..].chunks_exact(lda).rev() {
        k -= 1;
        let x = next / col[diag];
        b[k] = x;
        let t = -x;
        next = b[k - 1];
        if t != 0.0 {
            K::axpy(t, &col[..diag - 1], &mut b[k - diag..k - 1]);
            next += t * col[diag - 1];
        }
    }
    for col in abd[..full * lda].chunks_exact(lda).rev() {
        k -= 1;
        let x = next / col[diag];
        b[k] = x;
        if k == 0 {
            break;
        }
        let t = -x;
        next = b[k - 1];
        if t != 0.0 {
            K::axpy(t, &col[diag - k..diag - 1], &mut b[..k - 1]);
            next += t * col[diag - 1];
        }
    }
}

/// Forward step `k` of DGBSL: interchange rows `k` and `p` of `b`, then
/// apply L's `lm` (negated) multipliers of column `col` (the diagonal in
/// band row `diag`).
#[inline(always)]
fn forward<K: Kernel>(col: &[Real], diag: usize, k: usize, p: usize, lm: usize, b: &mut [Real]) {
    let t = b[p];
    if p != k {
        b[p] = b[k];
        b[k] = t;
    }
    if t != 0.0 {
        K::axpy(t, &col[diag + 1..diag + 1 + lm], &mut b[k + 1..k + 1 + lm]);
    }
}

/// DGBFA for narrow bands: ML (at most [`NARROW_ML`] - 1) becomes a
/// compile-time constant, so that the pivot search, the scaling and the
/// column updates of every elimination step but the last ML are
/// straight-line code.
fn factor_narrow(abd: &mut [Real], shape: BandShape, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    match shape.ml {
        0 => factor_fixed::<0>(abd, shape, pivots),
        1 => factor_fixed::<1>(abd, shape, pivots),
        2 => factor_fixed::<2>(abd, shape, pivots),
        3 => factor_fixed::<3>(abd, shape, pivots),
        _ => factor_wide(abd, shape, pivots),
    }
}

/// [`factor_impl`]'s elimination for `shape.ml == ML`, step for step.
fn factor_fixed<const ML: usize>(
    abd: &mut [Real],
    shape: BandShape,
    pivots: &mut [FInt],
) -> Result<(), SingularMatrix> {
    debug_assert_eq!(shape.ml, ML);
    factor_steps::<Narrow>(abd, shape, ML, pivots)
}

/// The narrow kernels (see [`BandShape::is_narrow`]): plain scalar code
/// with ML a constant, and the `lm` of every step a constant in each arm of
/// a match (straight-line code for every step).
struct Narrow;

impl Kernel for Narrow {
    /// A plain loop: the narrow kernels' segments are a few entries long,
    /// often of a length known at compile time, and then fully unrolled.
    #[inline(always)]
    fn axpy(a: Real, x: &[Real], y: &mut [Real]) {
        for (yi, &xi) in y.iter_mut().zip(x) {
            *yi += a * xi;
        }
    }

    /// `lm <= ML <= 3`.
    #[inline(always)]
    fn eliminate(state: &mut Elimination<'_>, k: usize, lm: usize) -> (usize, bool) {
        match lm {
            0 => eliminate_narrow(state, k, 0),
            1 => eliminate_narrow(state, k, 1),
            2 => eliminate_narrow(state, k, 2),
            _ => eliminate_narrow(state, k, 3),
        }
    }

    /// `1 <= lm <= ML <= 3`.
    #[inline(always)]
    fn forward(col: &[Real], diag: usize, k: usize, p: usize, lm: usize, b: &mut [Real]) {
        match lm {
            1 => forward::<Self>(col, diag, k, p, 1, b),
            2 => forward::<Self>(col, diag, k, p, 2, b),
            _ => forward::<Self>(col, diag, k, p, 3, b),
        }
    }
}

/// [`Narrow`]'s elimination step `k` with `lm` rows below the diagonal
/// (see [`Kernel::eliminate`]).
///
/// Each segment is read before it is written, and every entry is written
/// once: the interchange is folded into the update instead of being
/// stored first. (A store of one entry followed at once by a wider load
/// of the segment, as the compiler may pack these few operations into
/// SIMD registers, would stall on store forwarding.) The arithmetic is
/// unchanged.
#[inline(always)]
fn eliminate_narrow(state: &mut Elimination<'_>, k: usize, lm: usize) -> (usize, bool) {
    let Elimination { ref mut abd, n, mu, lda, diag, ref mut last_col } = *state;
    let colk = &mut abd[k * lda + diag..k * lda + diag + lm + 1];
    let (ip, pivot) = first_largest(colk);
    let p = k + ip;
    if pivot == 0.0 || !pivot.is_finite() {
        return (p, false);
    }
    // Interchange rows k and p, and scale the entries below the pivot:
    // multiplier i is (row k+1+i after the interchange) * (-1/pivot).
    let c0 = colk[0];
    let scale = -1.0 / pivot;
    let mut mults = [0.0; 3];
    for (i, m) in mults.iter_mut().enumerate().take(lm) {
        let v = if i + 1 == ip { c0 } else { colk[i + 1] };
        *m = v * scale;
    }
    colk[0] = pivot;
    for (c, &m) in colk[1..].iter_mut().zip(&mults) {
        *c = m;
    }
    let mults = &mults[..lm];
    *last_col = (*last_col).max(p + mu).min(n - 1);
    let ncols = *last_col - k;
    if lm == 0 || ncols == 0 {
        return (p, true);
    }
    // Rows k..=k+lm of column k+1+jj start at (k+1)*lda + diag-1 + jj*(lda-1).
    let mut start = (k + 1) * lda + diag - 1;
    for _ in 0..ncols {
        let seg = &mut abd[start..start + lm + 1];
        // t = the entry interchanged into row k; row p receives row k's.
        let t = seg[ip];
        let s0 = seg[0];
        if t != 0.0 {
            let mut upd = [0.0; 3];
            for (i, (u, &m)) in upd.iter_mut().zip(mults).enumerate() {
                let v = if i + 1 == ip { s0 } else { seg[i + 1] };
                *u = v + t * m;
            }
            seg[0] = t;
            for (c, &u) in seg[1..].iter_mut().zip(&upd) {
                *c = u;
            }
        } else if ip != 0 {
            seg[ip] = s0;
            seg[0] = t;
        }
        start += lda - 1;
    }
    (p, true)
}

/// DGBSL (job 0) for narrow bands, ML a compile-time constant as in
/// [`factor_narrow`], and MU too when it is at most 3 (small circuit and
/// process models: every segment of the back substitution but the first
/// ML+MU a constant length; the transistor amplifier, ML = 2, MU = 1:
/// ~730 -> ~560 instructions a solve, DGBSL ~1090). With MU at most 3 the
/// entries of b that the next step depends on stay in registers
/// ([`solve_fixed`]): the transistor amplifier one step per call, 9 %
/// less time in all.
fn solve_narrow(abd: &[Real], shape: BandShape, pivots: &[FInt], b: &mut [Real]) {
    match (shape.ml, shape.mu) {
        (0, 0) => solve_fixed::<0, 0>(abd, shape, pivots, b),
        (0, 1) => solve_fixed::<0, 1>(abd, shape, pivots, b),
        (0, 2) => solve_fixed::<0, 2>(abd, shape, pivots, b),
        (0, 3) => solve_fixed::<0, 3>(abd, shape, pivots, b),
        (1, 0) => solve_fixed::<1, 0>(abd, shape, pivots, b),
        (1, 1) => solve_fixed::<1, 1>(abd, shape, pivots, b),
        (1, 2) => solve_fixed::<1, 2>(abd, shape, pivots, b),
        (1, 3) => solve_fixed::<1, 3>(abd, shape, pivots, b),
        (2, 0) => solve_fixed::<2, 0>(abd, shape, pivots, b),
        (2, 1) => solve_fixed::<2, 1>(abd, shape, pivots, b),
        (2, 2) => solve_fixed::<2, 2>(abd, shape, pivots, b),
        (2, 3) => solve_fixed::<2, 3>(abd, shape, pivots, b),
        (3, 0) => solve_fixed::<3, 0>(abd, shape, pivots, b),
        (3, 1) => solve_fixed::<3, 1>(abd, shape, pivots, b),
        (3, 2) => solve_fixed::<3, 2>(abd, shape, pivots, b),
        (3, 3) => solve_fixed::<3, 3>(abd, shape, pivots, b),
        (0, mu) => solve_steps::<Narrow>(abd, shape, 0, mu, pivots, b),
        (1, mu) => solve_steps::<Narrow>(abd, shape, 1, mu, pivots, b),
        (2, mu) => solve_steps::<Narrow>(abd, shape, 2, mu, pivots, b),
        (3, mu) => solve_steps::<Narrow>(abd, shape, 3, mu, pivots, b),
        _ => solve_wide(abd, shape, pivots, b),
    }
}

/// [`solve_impl`]'s steps for `shape.ml == ML`, `shape.mu == MU`: in
/// registers ([`forward_in_registers`], [`backward_in_registers`]) when
/// the system is longer than the band is wide and every interchange stays
/// within its step's ML rows, as DGBFA's do.
fn solve_fixed<const ML: usize, const MU: usize>(abd: &[Real], shape: BandShape, pivots: &[FInt], b: &mut [Real]) {
    debug_assert_eq!((shape.ml, shape.mu), (ML, MU));
    let n = shape.n;
    let lda = 2 * ML + MU + 1;
    if ML + MU == 0 || n <= ML + MU || !interchanges_within_band(&pivots[..n], ML) {
        return solve_steps::<Narrow>(abd, shape, ML, MU, pivots, b);
    }
    let (abd, pivots, b) = (&abd[..lda * n], &pivots[..n], &mut b[..n]);
    if ML > 0 {
        forward_in_registers::<ML, MU>(abd, pivots, b);
    }
    backward_in_registers::<ML, MU>(abd, b);
}

/// Does every forward step `k` interchange row `k` with a row of
/// `k..=k+ml` that exists? (DGBFA's pivots always do; IWORK may have been
/// overwritten between calls.)
#[inline(always)]
fn interchanges_within_band(pivots: &[FInt], ml: usize) -> bool {
    let n = pivots.len();
    pivots[..n - 1].iter().enumerate().fold(true, |ok, (k, &p)| {
        let p = p as usize;
        ok & (p.wrapping_sub(k) <= ml) & (p < n)
    })
}

/// A few consecutive entries of the right-hand side held in registers by
/// the narrow solves ([`forward_in_registers`], [`backward_in_registers`]):
/// scalar fields, read and written at indices that are constants once the
/// kernel's ML and MU are. (An array, even indexed by constants, stayed
/// in memory: its shift became an overlapping copy whose wide load waited
/// for the narrow stores before it, and the interchange an indexed load.)
#[derive(Clone, Copy, Default)]
struct Window {
    w0: Real,
    w1: Real,
    w2: Real,
    w3: Real,
    w4: Real,
    w5: Real,
}

/// The most entries a [`Window`] holds: ML + MU of the largest band
/// solved in registers.
const WINDOW: usize = 6;

impl Window {
    #[inline(always)]
    fn get(&self, i: usize) -> Real {
        match i {
            0 => self.w0,
            1 => self.w1,
            2 => self.w2,
            3 => self.w3,
            4 => self.w4,
            _ => self.w5,
        }
    }

    #[inline(always)]
    fn set(&mut self, i: usize, v: Real) {
        match i {
            0 => self.w0 = v,
            1 => self.w1 = v,
            2 => self.w2 = v,
            3 => self.w3 = v,
            4 => self.w4 = v,
            _ => self.w5 = v,
        }
    }

    /// Entry `i` moves to `i - 1` for `0 < i < len` (`len` a constant).
    #[inline(always)]
    fn shift(&mut self, len: usize) {
        for i in 1..len.min(WINDOW) {
            self.set(i - 1, self.get(i));
        }
    }
}

/// DGBSL's forward sweep (interchanges and L's multipliers) for a constant
/// ML, operation for operation, with the ML + 1 entries of `b` that step
/// `k` reads and updates (`b[k..=k+ML]`) carried from step to step in
/// registers.
///
/// Why: in memory, every step's first read is the entry the step before
/// has just written, and waits for that store to be forwarded (about
/// seven cycles on the chain of dependent steps a small band's solve is);
/// in registers it waits only for the multiply and the add. Needs
/// `b.len() > ML` and every interchange within the step's rows
/// ([`interchanges_within_band`]).
#[inline(always)]
fn forward_in_registers<const ML: usize, const MU: usize>(abd: &[Real], pivots: &[FInt], b: &mut [Real]) {
    let n = b.len();
    // w[i] = b[k + i]; entries past the end of b are never used.
    let mut w = Window::default();
    for (i, &bi) in b[..=ML].iter().enumerate() {
        w.set(i, bi);
    }
    // Steps with ML rows below the diagonal; the last of them reads no
    // new entry.
    for k in 0..n - 1 - ML {
        b[k] = forward_step::<ML, MU>(&mut w, abd, pivots, k, ML);
        w.set(ML, b[k + 1 + ML]);
    }
    b[n - 1 - ML] = forward_step::<ML, MU>(&mut w, abd, pivots, n - 1 - ML, ML);
    // The last ML - 1 steps, with ML - 1, ..., 1 rows below the diagonal.
    for lm in (1..ML).rev() {
        b[n - 1 - lm] = forward_step::<ML, MU>(&mut w, abd, pivots, n - 1 - lm, lm);
    }
    b[n - 1] = w.w0;
}

/// Forward step `k` with `lm` rows below the diagonal on the window `w`
/// (entry `i` = `b[k + i]`): returns the final `b[k]` and shifts the
/// window by one (its last entry is then stale).
#[inline(always)]
fn forward_step<const ML: usize, const MU: usize>(
    w: &mut Window,
    abd: &[Real],
    pivots: &[FInt],
    k: usize,
    lm: usize,
) -> Real {
    let (lda, diag) = (2 * ML + MU + 1, ML + MU);
    let col = &abd[k * lda + diag..k * lda + diag + lm + 1];
    let d = (pivots[k] as usize).wrapping_sub(k);
    // The interchange of entries 0 and d, as one branch on d. Written as a
    // test per entry, it compiled to selects on integer registers, each
    // entry moved there and back: about six cycles on the chain every
    // step waits for. A predicted branch leaves the chain alone (the same
    // factors serve several solves, their interchanges in the same
    // places), and on random band matrices interchanging at most steps
    // the solve is no slower than with the selects.
    match d {
        1 if ML >= 1 => std::mem::swap(&mut w.w0, &mut w.w1),
        2 if ML >= 2 => std::mem::swap(&mut w.w0, &mut w.w2),
        3 if ML >= 3 => std::mem::swap(&mut w.w0, &mut w.w3),
        _ => {}
    }
    let t = w.w0;
    if t != 0.0 {
        for (i, &l) in col.iter().enumerate().take(lm + 1).skip(1) {
            w.set(i, w.get(i) + t * l);
        }
    }
    w.shift(ML + 1);
    t
}

/// DGBSL's back substitution with U (ML + MU superdiagonals), operation
/// for operation, with the ML + MU entries of `b` that column `k`
/// finishes or updates (`b[k]`, ..., `b[k-ML-MU+1]`) carried from column
/// to column in registers; `b[k-ML-MU]` is read from memory as the
/// forward sweep left it. See [`forward_in_registers`] for why. Needs
/// `0 < ML + MU < b.len()`.
#[inline(always)]
fn backward_in_registers<const ML: usize, const MU: usize>(abd: &[Real], b: &mut [Real]) {
    let (lda, diag) = (2 * ML + MU + 1, ML + MU);
    let n = b.len();
    // Entry i = b[k - i] for i < diag (and i <= k).
    let mut w = Window::default();
    for i in 0..diag {
        w.set(i, b[n - 1 - i]);
    }
    for k in (diag..n).rev() {
        let col = &abd[k * lda..k * lda + diag + 1];
        let (x, t) = backward_step::<ML, MU>(&mut w, col, diag);
        b[k] = x;
        let next = b[k - diag];
        w.set(diag - 1, if t != 0.0 { next + t * col[0] } else { next });
    }
    for k in (0..diag).rev() {
        let (x, _) = backward_step::<ML, MU>(&mut w, &abd[k * lda..k * lda + diag + 1], k);
        b[k] = x;
    }
}

/// Column `k` of the back substitution on the window `w` (entry `i` =
/// `b[k - i]`), with `reach` = min(ML + MU, k): b[k] /= U(k,k), then
/// b[k-i] += -b[k] * U(k-i,k) for the i < ML + MU (and <= `reach`) in the
/// window. Returns the final `b[k]` and the update factor, the window
/// shifted by one (the update of `b[k-ML-MU]`, outside it, is the
/// caller's).
#[inline(always)]
fn backward_step<const ML: usize, const MU: usize>(w: &mut Window, col: &[Real], reach: usize) -> (Real, Real) {
    let diag = ML + MU;
    let x = w.w0 / col[diag];
    let t = -x;
    if t != 0.0 {
        for i in 1..diag.min(reach + 1) {
            w.set(i, w.get(i) + t * col[diag - i]);
        }
    }
    w.shift(diag);
    (x, t)
}

/// The first entry of largest magnitude (IDAMAX's choice) and its value,
/// carried along rather than loaded back through its index: a shorter
/// dependency chain from the previous step's updates to the division.
#[inline(always)]
fn first_largest(col: &[Real]) -> (usize, Real) {
    let mut ip = 0;
    let mut pivot = col[0];
    let mut max = pivot.abs();
    for (i, &v) in col.iter().enumerate().skip(1) {
        if v.abs() > max {
            max = v.abs();
            ip = i;
            pivot = v;
        }
    }
    (ip, pivot)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_problems::Lcg;

    fn idx(s: BandShape, i: usize, j: usize) -> usize {
        (i + s.ml + s.mu - j) + j * s.lda()
    }

    /// Random band matrix (dense copy and band storage with `fill` written in
    /// the top ML workspace rows). `dominant` adds a diagonal of size n.
    fn random_band(s: BandShape, seed: u64, dominant: bool, fill: Real) -> (Vec<Real>, Vec<Real>) {
        let BandShape { n, ml, mu } = s;
        let mut rng = Lcg(seed);
        let mut dense = vec![0.0; n * n];
        let mut abd = vec![fill; s.lda() * n];
        for j in 0..n {
            // Everything below the top ML rows that is outside the matrix
            // stays as `fill` too: it must never be read.
            for i in j.saturating_sub(mu)..(j + ml + 1).min(n) {
                let mut v = rng.signed();
                if dominant && i == j {
                    v += if rng.signed() < 0.0 { -2.0 } else { 2.0 } * (ml + mu + 1) as Real;
                }
                dense[j * n + i] = v;
                abd[idx(s, i, j)] = v;
            }
        }
        (dense, abd)
    }

    fn dense_solve(a: &[Real], n: usize, b: &[Real]) -> Vec<Real> {
        let mut lu = a.to_vec();
        let mut piv = vec![0; n];
        crate::core::linsol::dense::factor(&mut lu, n, &mut piv).expect("nonsingular");
        let mut x = b.to_vec();
        crate::core::linsol::dense::solve(&lu, n, &piv, &mut x);
        x
    }

    fn band_solve(abd: &[Real], s: BandShape, b: &[Real]) -> Vec<Real> {
        let mut f = abd.to_vec();
        let mut piv = vec![-5; s.n];
        factor(&mut f, s, &mut piv).expect("nonsingular");
        for (k, &p) in piv.iter().enumerate() {
            let p = p as usize;
            assert!(p >= k && p <= k + s.ml && p < s.n);
        }
        let mut x = b.to_vec();
        solve(&f, s, &piv, &mut x);
        x
    }

    /// Normwise backward error |b - A x| / (|A| |x| + |b|) (max norms).
    fn residual(a: &[Real], n: usize, x: &[Real], b: &[Real]) -> Real {
        let mut r: Vec<Real> = b.iter().map(|v| -v).collect();
        let mut row_sums = vec![0.0; n];
        for j in 0..n {
            for i in 0..n {
                r[i] += a[j * n + i] * x[j];
                row_sums[i] += a[j * n + i].abs();
            }
        }
        let norm = |v: &[Real]| v.iter().fold(0.0f64, |m, e| m.max(e.abs()));
        norm(&r) / (norm(&row_sums) * norm(x) + norm(b))
    }

    fn shapes() -> Vec<BandShape> {
        let mut v = Vec::new();
        for &n in &[1usize, 2, 3, 7, 20, 61] {
            for &(ml, mu) in &[(0usize, 0usize), (1, 0), (0, 1), (1, 1), (2, 3), (3, 2), (5, 0), (0, 5), (4, 9)] {
                v.push(BandShape { n, ml: ml.min(n - 1), mu: mu.min(n - 1) });
            }
            v.push(BandShape { n, ml: n - 1, mu: 0 });
            v.push(BandShape { n, ml: 0, mu: n - 1 });
            v.push(BandShape { n, ml: n - 1, mu: n - 1 });
            // MU beyond N-1 is legal storage-wise.
            v.push(BandShape { n, ml: 1, mu: n + 2 });
        }
        v
    }

    #[test]
    fn band_matches_dense_general_matrices() {
        // Random entries, no dominant diagonal: real pivoting and fill-in.
        for (t, s) in shapes().into_iter().enumerate() {
            let (dense, abd) = random_band(s, 11 + t as u64, false, 0.0);
            let mut rng = Lcg(t as u64);
            let b: Vec<Real> = (0..s.n).map(|_| rng.signed()).collect();
            let xd = dense_solve(&dense, s.n, &b);
            let xb = band_solve(&abd, s, &b);
            let rb = residual(&dense, s.n, &xb, &b);
            let rd = residual(&dense, s.n, &xd, &b);
            assert!(rb < 1e-14, "{s:?} backward error {rb}");
            assert!(rd < 1e-14, "{s:?} dense backward error {rd}");
            if s.n <= 32 {
                // The dense unblocked path and the band path perform the
                // same operations on the band entries (LINPACK's): the
                // answers agree exactly.
                assert_eq!(xd, xb, "{s:?}");
            }
        }
    }

    #[test]
    fn band_matches_dense_well_conditioned() {
        for (t, s) in shapes().into_iter().enumerate() {
            let (dense, abd) = random_band(s, 300 + t as u64, true, 0.0);
            let b: Vec<Real> = (0..s.n).map(|i| (i as Real).cos()).collect();
            let xd = dense_solve(&dense, s.n, &b);
            let xb = band_solve(&abd, s, &b);
            for (u, v) in xd.iter().zip(&xb) {
                assert!((u - v).abs() <= 1e-13 * (1.0 + u.abs()), "{s:?}: {u} vs {v}");
            }
        }
    }

    #[test]
    fn band_well_conditioned_residual() {
        for (t, s) in shapes().into_iter().enumerate() {
            let (dense, abd) = random_band(s, 500 + t as u64, true, 0.0);
            let b: Vec<Real> = (0..s.n).map(|i| (i as Real).sin() + 0.5).collect();
            let xb = band_solve(&abd, s, &b);
            let r = residual(&dense, s.n, &xb, &b);
            assert!(r < 1e-14, "{s:?} residual {r}");
        }
    }

    #[test]
    fn garbage_in_fill_rows_is_ignored() {
        for (t, s) in shapes().into_iter().enumerate() {
            let (dense, abd_clean) = random_band(s, 900 + t as u64, false, 0.0);
            let (_, abd_dirty) = random_band(s, 900 + t as u64, false, 1.0e30);
            let (_, abd_nan) = random_band(s, 900 + t as u64, false, Real::NAN);
            let b: Vec<Real> = (0..s.n).map(|i| 1.0 + i as Real).collect();
            let x0 = band_solve(&abd_clean, s, &b);
            let x1 = band_solve(&abd_dirty, s, &b);
            let x2 = band_solve(&abd_nan, s, &b);
            assert_eq!(x0, x1, "{s:?}");
            assert_eq!(x0, x2, "{s:?}");
            assert!(residual(&dense, s.n, &x0, &b) < 1e-14);
        }
    }

    #[test]
    fn identity_and_longer_arrays() {
        let s = BandShape { n: 9, ml: 2, mu: 1 };
        let mut abd = vec![-3.0; s.lda() * s.n + 4];
        for j in 0..s.n {
            for i in j.saturating_sub(s.mu)..(j + s.ml + 1).min(s.n) {
                abd[idx(s, i, j)] = if i == j { 1.0 } else { 0.0 };
            }
        }
        let mut piv = vec![0; s.n + 2];
        factor(&mut abd, s, &mut piv).unwrap();
        assert_eq!(&piv[..s.n], &(0..s.n as FInt).collect::<Vec<_>>()[..]);
        assert_eq!(&abd[s.lda() * s.n..], &[-3.0; 4]);
        let b: Vec<Real> = (0..s.n).map(|i| i as Real * 0.5).collect();
        let mut x = b.clone();
        x.push(7.0);
        solve(&abd, s, &piv, &mut x);
        assert_eq!(&x[..s.n], &b[..]);
        assert_eq!(x[s.n], 7.0);
    }

    #[test]
    fn pivoting_tridiagonal() {
        // [[0,1,0],[1,0,1],[0,1,1]] x = [1,2,3] -> x = [0,1,2]
        let s = BandShape { n: 3, ml: 1, mu: 1 };
        let dense = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0];
        let mut abd = vec![0.0; s.lda() * 3];
        for j in 0..3usize {
            for i in j.saturating_sub(1)..(j + 2).min(3) {
                abd[idx(s, i, j)] = dense[j * 3 + i];
            }
        }
        let x = band_solve(&abd, s, &[1.0, 2.0, 3.0]);
        assert_eq!(x, vec![0.0, 1.0, 2.0]);
    }

    #[test]
    fn singular_zero_column() {
        for s in shapes() {
            for &zc in &[0usize, s.n / 2, s.n - 1] {
                let (_, mut abd) = random_band(s, 77, true, 0.5);
                for i in zc.saturating_sub(s.mu)..(zc + s.ml + 1).min(s.n) {
                    abd[idx(s, i, zc)] = 0.0;
                }
                let mut piv = vec![0; s.n];
                let err = factor(&mut abd, s, &mut piv).unwrap_err();
                // A zero column is found at its own step unless an earlier
                // step is already singular (it cannot be: diagonal dominance
                // keeps the earlier columns regular).
                assert_eq!(err, SingularMatrix { column: zc }, "{s:?}");
            }
        }
    }

    #[test]
    fn non_finite_pivot_is_singular() {
        let s = BandShape { n: 12, ml: 2, mu: 3 };
        let (_, mut abd) = random_band(s, 3, true, 0.0);
        abd[idx(s, 4, 4)] = Real::INFINITY;
        let mut piv = vec![0; s.n];
        assert_eq!(factor(&mut abd, s, &mut piv).unwrap_err().column, 4);
    }

    #[test]
    fn dispatch_is_bitwise_identical() {
        // The dispatched (AVX2) build and the baseline build of the same
        // code must agree bit for bit (no FMA contraction).
        for &(n, ml, mu) in &[(40usize, 3usize, 2usize), (60, 17, 20), (30, 0, 4), (30, 6, 0)] {
            let s = BandShape { n, ml, mu };
            let (_, abd) = random_band(s, 5, false, 0.0);
            let b: Vec<Real> = (0..n).map(|i| 1.0 / (1.0 + i as Real)).collect();
            let (mut f1, mut p1, mut x1) = (abd.clone(), vec![0; n], b.clone());
            factor(&mut f1, s, &mut p1).unwrap();
            solve(&f1, s, &p1, &mut x1);
            let (mut f2, mut p2, mut x2) = (abd.clone(), vec![0; n], b.clone());
            factor_impl(&mut f2, s, &mut p2).unwrap();
            solve_impl(&f2, s, &p2, &mut x2);
            assert_eq!(p1, p2);
            assert!(f1.iter().zip(&f2).all(|(u, v)| u.to_bits() == v.to_bits()));
            assert!(x1.iter().zip(&x2).all(|(u, v)| u.to_bits() == v.to_bits()));
        }
    }

    /// Band matrix with every kind of entry the kernels treat specially:
    /// random values (real pivoting), exact zeros (DAXPY's skip when the
    /// multiplier is zero), optionally one non-finite entry; `fill` in the
    /// workspace rows and outside the matrix.
    fn tricky_band(s: BandShape, seed: u64, fill: Real, zeros: bool) -> Vec<Real> {
        let (_, mut abd) = random_band(s, seed, seed.is_multiple_of(3), fill);
        let mut rng = Lcg(seed ^ 0x9e37);
        if zeros {
            for j in 0..s.n {
                for i in j.saturating_sub(s.mu)..(j + s.ml + 1).min(s.n) {
                    if rng.signed() > 0.6 {
                        abd[idx(s, i, j)] = if rng.signed() > 0.0 { 0.0 } else { -0.0 };
                    }
                }
            }
        }
        abd
    }

    fn narrow_shapes() -> Vec<BandShape> {
        let mut v = Vec::new();
        for n in (0..=12).chain([17, 31, 64]) {
            for ml in 0..NARROW_ML {
                for mu in (0..=13).chain([n, n + 3]) {
                    let s = BandShape { n, ml, mu };
                    if s.is_narrow() {
                        v.push(s);
                    }
                }
            }
        }
        v
    }

    fn same_bits(a: &[Real], b: &[Real]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(u, v)| u.to_bits() == v.to_bits())
    }

    /// The narrow kernels against the vectorised ones (and the undispatched
    /// generic build), bit for bit: factors (workspace rows included),
    /// pivots, the singular column, solutions.
    #[test]
    fn narrow_kernels_match_wide_bit_for_bit() {
        let mut cases = 0;
        for (t, s) in narrow_shapes().into_iter().enumerate() {
            for variant in 0..6u64 {
                let seed = 1000 + 7 * t as u64 + variant;
                let fill = [0.0, 1.0e30, Real::NAN][variant as usize % 3];
                let mut abd = tricky_band(s, seed, fill, variant >= 3);
                if variant == 5 && s.n > 2 {
                    // A NaN in the middle of the matrix: a singular step
                    // or NaNs in the factors, identically on both sides.
                    abd[idx(s, s.n / 2, s.n / 2)] = Real::NAN;
                }
                let (mut f1, mut p1) = (abd.clone(), vec![-7; s.n]);
                let (mut f2, mut p2) = (abd.clone(), vec![-7; s.n]);
                let (mut f3, mut p3) = (abd.clone(), vec![-7; s.n]);
                let r1 = factor_narrow(&mut f1, s, &mut p1);
                let r2 = factor_wide(&mut f2, s, &mut p2);
                let r3 = factor_impl(&mut f3, s, &mut p3);
                assert_eq!(r1, r2, "{s:?} variant {variant}");
                assert_eq!(r1, r3, "{s:?} variant {variant}");
                assert_eq!(p1, p2, "{s:?} variant {variant}");
                assert_eq!(p1, p3, "{s:?} variant {variant}");
                assert!(same_bits(&f1, &f2), "{s:?} variant {variant}");
                assert!(same_bits(&f1, &f3), "{s:?} variant {variant}");
                if r1.is_err() {
                    continue;
                }
                let mut rng = Lcg(seed);
                let b: Vec<Real> = (0..s.n).map(|i| if i % 3 == 1 { 0.0 } else { rng.signed() }).collect();
                let (mut x1, mut x2, mut x3) = (b.clone(), b.clone(), b.clone());
                solve_narrow(&f1, s, &p1, &mut x1);
                solve_wide(&f1, s, &p1, &mut x2);
                solve_impl(&f1, s, &p1, &mut x3);
                assert!(same_bits(&x1, &x2), "{s:?} variant {variant}");
                assert!(same_bits(&x1, &x3), "{s:?} variant {variant}");
                // And through the public entry points.
                let (mut f4, mut p4, mut x4) = (abd.clone(), vec![0; s.n], b.clone());
                factor(&mut f4, s, &mut p4).unwrap();
                solve(&f4, s, &p4, &mut x4);
                assert!(same_bits(&f1, &f4) && p1 == p4 && same_bits(&x1, &x4), "{s:?}");
                cases += 1;
            }
        }
        assert!(cases > 1000, "{cases}");
    }

    /// DGBSL (job 0) as LINPACK writes it, entry by entry in memory: the
    /// reference for the solves' bits.
    fn dgbsl_reference(abd: &[Real], s: BandShape, pivots: &[FInt], b: &mut [Real]) {
        let (n, lda, diag) = (s.n, s.lda(), s.ml + s.mu);
        for k in 0..n.saturating_sub(1) {
            let lm = s.ml.min(n - 1 - k);
            let p = pivots[k] as usize;
            let t = b[p];
            if p != k {
                b[p] = b[k];
                b[k] = t;
            }
            if t != 0.0 {
                for i in 0..lm {
                    b[k + 1 + i] += t * abd[k * lda + diag + 1 + i];
                }
            }
        }
        for k in (0..n).rev() {
            b[k] /= abd[k * lda + diag];
            let t = -b[k];
            let lm = k.min(diag);
            if t != 0.0 {
                for i in 0..lm {
                    b[k - lm + i] += t * abd[k * lda + diag - lm + i];
                }
            }
        }
    }

    /// Every kernel's solve (narrow, in registers or not, and wide) gives
    /// DGBSL's bits, zeros in the right-hand side (DAXPY's skip) included.
    #[test]
    fn solves_match_dgbsl_bit_for_bit() {
        let mut shapes = narrow_shapes();
        for n in [1, 5, 17, 40, 97] {
            for (ml, mu) in [(4, 0), (4, 4), (0, 16), (5, 11), (20, 20), (7, 30)] {
                shapes.push(BandShape { n, ml: ml.min(n - 1), mu: mu.min(n - 1) });
            }
        }
        let mut cases = 0;
        for (t, s) in shapes.into_iter().enumerate() {
            for variant in 0..4u64 {
                let seed = 300 + 11 * t as u64 + variant;
                let mut abd = tricky_band(s, seed, 0.0, variant >= 2);
                let mut pivots = vec![0; s.n];
                if factor(&mut abd, s, &mut pivots).is_err() {
                    continue;
                }
                let mut rng = Lcg(seed);
                let b: Vec<Real> = (0..s.n).map(|i| if i % 4 == variant as usize { 0.0 } else { rng.signed() }).collect();
                let (mut x, mut want) = (b.clone(), b);
                solve(&abd, s, &pivots, &mut x);
                dgbsl_reference(&abd, s, &pivots, &mut want);
                assert!(same_bits(&x, &want), "{s:?} variant {variant}");
                cases += 1;
            }
        }
        assert!(cases > 1500, "{cases}");
    }

    /// The solves in registers take the interchanges from the factors;
    /// pivots that DGBFA cannot produce (an interchange with a row above
    /// the step's, or more than ML rows below it: IWORK overwritten
    /// between calls) send the solve to the steps in memory, which
    /// interchange as told.
    #[test]
    fn solves_in_registers_fall_back_on_foreign_interchanges() {
        let mut checked = 0;
        for s in narrow_shapes().into_iter().filter(|s| s.n > s.ml + s.mu + 1 && s.mu < 4) {
            let (_, mut abd) = random_band(s, 7 + s.n as u64, false, 0.0);
            let mut pivots = vec![0; s.n];
            if factor(&mut abd, s, &mut pivots).is_err() {
                continue;
            }
            let k = s.n / 2;
            for foreign in [k + s.ml + 1, k.wrapping_sub(1)] {
                if foreign >= s.n {
                    continue;
                }
                let mut p = pivots.clone();
                p[k] = foreign as FInt;
                let b: Vec<Real> = (0..s.n).map(|i| 1.0 + i as Real).collect();
                let (mut x1, mut x2) = (b.clone(), b.clone());
                solve_narrow(&abd, s, &p, &mut x1);
                solve_steps::<Narrow>(&abd, s, s.ml, s.mu, &p, &mut x2);
                assert!(same_bits(&x1, &x2), "{s:?} pivot {foreign} at {k}");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn narrow_kernels_match_wide_on_singular_columns() {
        for s in narrow_shapes().into_iter().filter(|s| s.n > 0) {
            for &zc in &[0usize, s.n / 2, s.n - 1] {
                for &bad in &[0.0, Real::INFINITY] {
                    let (_, mut abd) = random_band(s, 41 + zc as u64, true, 0.5);
                    for i in zc.saturating_sub(s.mu)..(zc + s.ml + 1).min(s.n) {
                        abd[idx(s, i, zc)] = 0.0;
                    }
                    abd[idx(s, zc, zc)] = bad;
                    let (mut f1, mut p1) = (abd.clone(), vec![-1; s.n]);
                    let (mut f2, mut p2) = (abd.clone(), vec![-1; s.n]);
                    let r1 = factor_narrow(&mut f1, s, &mut p1);
                    let r2 = factor_wide(&mut f2, s, &mut p2);
                    assert_eq!(r1, Err(SingularMatrix { column: zc }), "{s:?}");
                    assert_eq!(r1, r2);
                    assert_eq!(p1, p2, "{s:?}");
                    assert!(same_bits(&f1, &f2), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn kernel_choice() {
        assert!(BandShape { n: 8, ml: 2, mu: 1 }.is_narrow());
        assert!(BandShape { n: 10000, ml: 3, mu: 3 }.is_narrow());
        assert!(!BandShape { n: 10000, ml: 20, mu: 20 }.is_narrow());
        assert!(!BandShape { n: 10, ml: NARROW_ML, mu: 0 }.is_narrow());
    }

    #[test]
    fn empty() {
        let s = BandShape { n: 0, ml: 0, mu: 0 };
        factor(&mut [], s, &mut []).unwrap();
        solve(&[], s, &[], &mut []);
    }
}
