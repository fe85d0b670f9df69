//! The blocked LU of [`super::factor`] for larger orders: recursive
//! (column halving, as LAPACK's DGETRF2), with a packed, register-blocked
//! matrix-product kernel for the updates, in LINPACK's order of operations.
//!
//! # Why the results equal DGEFA's bit for bit
//!
//! DGEFA changes an entry `a(i,j)` only by `a(i,j) = a(i,j) + t*m(i,k)` for
//! the elimination steps `k = 1, 2, ...` in turn, each product rounded, then
//! the sum rounded (no FMA), skipped when the factor `t = u(k,j)` is zero
//! (DAXPY returns), plus the scaling of the pivot column and row
//! interchanges. Every routine here applies to each entry exactly that
//! sequence:
//!
//! - the leaves ([`leaf_lu`], [`leaf_trsm`]) are DGEFA's column sweeps on a
//!   few columns;
//! - the product kernel keeps a tile of `C` in registers and subtracts the
//!   products one `k` at a time, in increasing `k` (`c = c - a*b`, never a
//!   separate sum of products), `k` blocks in increasing order;
//! - a zero `b = u(k,j)` is skipped exactly as DAXPY skips it: rows of a
//!   packed `B` strip that are entirely zero are left out, and in a strip
//!   with some zeros each product is ANDed with a mask that is all ones
//!   where `b != 0` and zero where `b == 0`, so `c - (+0) = c` bit for bit
//!   (also for `c = -0`, and when `a` is infinite or NaN);
//! - the recursion only regroups those operations; row interchanges move
//!   whole rows, never change values.
//!
//! Multipliers are stored positive (`l = a * (1/pivot)`, subtracted):
//! DGEFA's `-1/pivot` and added products give the same magnitudes.

use std::cell::RefCell;

use faer::traits::pulp::{Scalar, Simd, WithSimd};

use super::{axpy_neg, bad_pivot};
use crate::core::linsol::SingularMatrix;
use crate::types::{FInt, Real};

/// Rows of the register tile, in SIMD vectors (8 rows with AVX2).
const MR_VECS: usize = 2;
/// Columns of the register tile.
const NR: usize = 4;
/// Depth (`k`) of one packed block of the product.
const KC: usize = 256;
/// Rows of one packed block of `A` (a multiple of every tile height).
const MC: usize = 192;
/// Columns of one packed block of `B`.
const NC: usize = 2048;
/// Widest column block factored (or solved) by the column sweeps; wider
/// ones are halved.
const LEAF: usize = 8;

/// Bit pattern of a "keep this product" mask entry.
const KEEP: u64 = u64::MAX;

/// How a packed strip of `B` (`kc` rows, [`NR`] columns) is multiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StripKind {
    /// Every entry is zero: nothing to do.
    Empty,
    /// No zero entry: all `kc` rows, plain products.
    Dense,
    /// Some zeros: only the rows with a non-zero entry, masked products.
    Masked,
}

#[derive(Clone, Copy, Debug)]
struct Strip {
    kind: StripKind,
    /// First packed row of the strip (index into `rows`, and times [`NR`]
    /// into `vals` / `masks`).
    start: usize,
    /// Packed rows.
    count: usize,
    /// Columns of the matrix in the strip (`NR`, fewer in the last one).
    nr: usize,
}

/// Scratch of the blocked LU, grown to the largest problem seen.
#[derive(Default)]
pub(super) struct Workspace {
    /// Packed block of `A`: strips of `mr` rows, `kc` columns each, `mr`
    /// consecutive values per column.
    apack: Vec<Real>,
    /// Packed block of `B`: per strip and packed row, [`NR`] values.
    vals: Vec<Real>,
    /// For `Masked` strips: [`KEEP`] or 0 per value, as `f64` bit patterns.
    masks: Vec<Real>,
    /// For `Masked` strips: the row (`k` within the block) of each packed row.
    rows: Vec<u32>,
    /// Strips of the packed `B` block.
    strips: Vec<Strip>,
    /// The row interchanges being applied (those with `p != k`).
    swaps: Vec<(usize, usize)>,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

/// Factor the column-major `n x n` matrix `a` (see [`super::factor`]).
pub(super) fn factor<S: Simd>(simd: S, a: &mut [Real], n: usize, pivots: &mut [FInt]) -> Result<(), SingularMatrix> {
    let cached = WORKSPACE.try_with(|cell| {
        let mut ws = cell.try_borrow_mut().ok()?;
        Some(lu_rec(simd, &mut ws, a, n, 0, n, pivots))
    });
    match cached {
        Ok(Some(result)) => result,
        // Thread-local storage being torn down, or re-entered on this thread
        // (neither expected): use a private workspace.
        _ => lu_rec(simd, &mut Workspace::default(), a, n, 0, n, pivots),
    }
}

/// Split point of a block of `w > LEAF` columns: about half, a multiple of 8.
fn split(w: usize) -> usize {
    (w / 2).div_ceil(8) * 8
}

/// LU with partial pivoting of columns `d..d+w`, rows `d..n`, of the `n x n`
/// matrix `a` (leading dimension `n`), whose columns `d..d+w` have already
/// received the updates of the elimination steps `0..d`. Row interchanges are
/// applied to columns `d..d+w` only; `pivots[d..d+w]` are absolute rows.
fn lu_rec<S: Simd>(
    simd: S,
    ws: &mut Workspace,
    a: &mut [Real],
    n: usize,
    d: usize,
    w: usize,
    pivots: &mut [FInt],
) -> Result<(), SingularMatrix> {
    if w <= LEAF {
        return simd.vectorize(LeafLu { a, n, d, w, pivots });
    }
    let n1 = split(w);
    lu_rec(simd, ws, a, n, d, n1, pivots)?;
    apply_interchanges(ws, a, n, d + n1..d + w, d..d + n1, pivots);
    {
        let (left, right) = a.split_at_mut((d + n1) * n);
        let cols = w - n1;
        // U12 = L11^-1 A12, then A22 -= L21 U12.
        trsm(simd, ws, left, right, n, d, n1, cols);
        sub_product(simd, ws, left, n, d + n1, d, right, d, d + n1, n - d - n1, cols, n1);
    }
    lu_rec(simd, ws, a, n, d + n1, w - n1, pivots)?;
    apply_interchanges(ws, a, n, d..d + n1, d + n1..d + w, pivots);
    Ok(())
}

/// Apply the interchanges `k <-> pivots[k]`, `k` in `steps` in order, to the
/// columns `cols` of `a` (leading dimension `n`).
fn apply_interchanges(
    ws: &mut Workspace,
    a: &mut [Real],
    n: usize,
    cols: std::ops::Range<usize>,
    steps: std::ops::Range<usize>,
    pivots: &[FInt],
) {
    let swaps = &mut ws.swaps;
    swaps.clear();
    swaps.extend(steps.clone().zip(&pivots[steps]).filter(|&(k, &p)| p as usize != k).map(|(k, &p)| (k, p as usize)));
    if swaps.is_empty() {
        return;
    }
    for col in a[cols.start * n..cols.end * n].chunks_exact_mut(n) {
        for &(k, p) in swaps.iter() {
            col.swap(k, p);
        }
    }
}

/// Forward substitution with the unit lower triangle `L` in rows and columns
/// `d..d+h` of `l` (columns counted from the start of `l`), on rows `d..d+h`
/// of the first `cols` columns of `x`; both have leading dimension `n`.
#[allow(clippy::too_many_arguments)]
fn trsm<S: Simd>(simd: S, ws: &mut Workspace, l: &[Real], x: &mut [Real], n: usize, d: usize, h: usize, cols: usize) {
    if h <= LEAF {
        simd.vectorize(LeafTrsm { l, x, n, d, h, cols });
        return;
    }
    let h1 = split(h);
    trsm(simd, ws, l, x, n, d, h1, cols);
    sub_product(simd, ws, l, n, d + h1, d, x, d, d + h1, h - h1, cols, h1);
    trsm(simd, ws, l, x, n, d + h1, h - h1, cols);
}

/// DGEFA's column sweeps on columns `d..d+w`, rows `d..n`.
struct LeafLu<'a> {
    a: &'a mut [Real],
    n: usize,
    d: usize,
    w: usize,
    pivots: &'a mut [FInt],
}

impl WithSimd for LeafLu<'_> {
    type Output = Result<(), SingularMatrix>;
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) -> Self::Output {
        let Self { a, n, d, w, pivots } = self;
        for k in d..d + w {
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
            let (left, right) = a[d * n..(d + w) * n].split_at_mut((k + 1 - d) * n);
            if p != k {
                for col in left.chunks_mut(n) {
                    col.swap(k, p);
                }
            }
            let recip = 1.0 / pivot;
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
                if t != 0.0 {
                    axpy_neg(simd, t, lcol, &mut col[k + 1..]);
                }
            }
        }
        Ok(())
    }
}

/// DGEFA's column sweeps applied to rows `d..d+h` of `cols` columns of `x`
/// (the unit lower triangle in rows and columns `d..d+h` of `l`).
struct LeafTrsm<'a> {
    l: &'a [Real],
    x: &'a mut [Real],
    n: usize,
    d: usize,
    h: usize,
    cols: usize,
}

impl WithSimd for LeafTrsm<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        if !NR.is_multiple_of(S::F64_LANES) {
            // Vectors wider than a strip (not built today): plain code.
            return self.with_simd(Scalar);
        }
        let Self { l, x, n, d, h, cols } = self;
        // Strips of NR columns, transposed into a LEAF x NR register tile
        // (one row = NR / lanes vectors; rows h.. are padding, never stored);
        // a zero x(p,j) is skipped by zeroing its products, as in the
        // product kernel.
        let rv = NR / S::F64_LANES;
        let zero = simd.splat_f64s(0.0);
        // lt[p][i] = L(d+i, d+p) for i > p, else 0.
        let mut lt = [[0.0; LEAF]; LEAF];
        for (p, lp) in lt.iter_mut().enumerate().take(h) {
            let col = &l[(d + p) * n + d..][..h];
            lp[p + 1..h].copy_from_slice(&col[p + 1..h]);
        }
        for j0 in (0..cols).step_by(NR) {
            let nr = NR.min(cols - j0);
            let mut buf = [0.0; LEAF * NR];
            for j in 0..nr {
                let col = &x[(j0 + j) * n + d..][..h];
                for (t, &v) in buf.chunks_exact_mut(NR).zip(col) {
                    t[j] = v;
                }
            }
            let mut r = [[zero; NR]; LEAF];
            {
                let (vecs, _) = S::as_simd_f64s(&buf);
                for (ri, v) in r.iter_mut().zip(vecs.chunks_exact(rv)) {
                    ri[..rv].copy_from_slice(v);
                }
            }
            for p in 0..LEAF {
                let xp = r[p];
                let mut is_zero = [simd.equal_f64s(zero, zero); NR];
                for v in 0..rv {
                    is_zero[v] = simd.equal_f64s(xp[v], zero);
                }
                for i in p + 1..LEAF {
                    let li = simd.splat_f64s(lt[p][i]);
                    for v in 0..rv {
                        r[i][v] = simd.sub_f64s(r[i][v], simd.select_f64s(is_zero[v], zero, simd.mul_f64s(li, xp[v])));
                    }
                }
            }
            {
                let (vecs, _) = S::as_mut_simd_f64s(&mut buf);
                for (ri, v) in r.iter().zip(vecs.chunks_exact_mut(rv)) {
                    v.copy_from_slice(&ri[..rv]);
                }
            }
            for j in 0..nr {
                let col = &mut x[(j0 + j) * n + d..][..h];
                for (t, v) in buf.chunks_exact(NR).zip(col) {
                    *v = t[j];
                }
            }
        }
    }
}

/// `C -= A B` in LINPACK order (see the module doc), where `A` is rows
/// `ar..ar+m`, columns `ac..ac+k` of `a`; `B` rows `br..br+k` and `C` rows
/// `cr..cr+m` of the first `cols` columns of `x`; leading dimension `n`.
#[allow(clippy::too_many_arguments)]
fn sub_product<S: Simd>(
    simd: S,
    ws: &mut Workspace,
    a: &[Real],
    n: usize,
    ar: usize,
    ac: usize,
    x: &mut [Real],
    br: usize,
    cr: usize,
    m: usize,
    cols: usize,
    k: usize,
) {
    if m == 0 || cols == 0 || k == 0 {
        return;
    }
    for jc in (0..cols).step_by(NC) {
        let nc = NC.min(cols - jc);
        for pc in (0..k).step_by(KC) {
            let kc = KC.min(k - pc);
            if !simd.vectorize(PackB { ws, x, n, r: br + pc, c: jc, nc, kc }) {
                continue;
            }
            for ic in (0..m).step_by(MC) {
                let mc = MC.min(m - ic);
                simd.vectorize(MacroKernel { ws, a, ar: ar + ic, ac: ac + pc, x, n, cr: cr + ic, c0: jc, mc, kc });
            }
        }
    }
}

/// [`Workspace::pack_b`] compiled for the running CPU.
struct PackB<'a> {
    ws: &'a mut Workspace,
    x: &'a [Real],
    n: usize,
    r: usize,
    c: usize,
    nc: usize,
    kc: usize,
}

impl WithSimd for PackB<'_> {
    type Output = bool;
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) -> bool {
        let Self { ws, x, n, r, c, nc, kc } = self;
        ws.pack_b(simd, x, n, r, c, nc, kc)
    }
}

impl Workspace {
    /// Pack rows `r..r+mc`, columns `c..c+kc` of `a` into strips of `mr`
    /// rows (the last one padded with zeros).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pack_a(apack: &mut Vec<Real>, a: &[Real], n: usize, r: usize, c: usize, mc: usize, kc: usize, mr: usize) {
        let strips = mc.div_ceil(mr);
        let len = strips * mr * kc;
        if apack.len() < len {
            apack.resize(len, 0.0);
        }
        for (s, dst) in apack[..len].chunks_exact_mut(mr * kc).enumerate() {
            let r0 = r + s * mr;
            let rows = mr.min(r + mc - r0);
            if rows == mr {
                for (k, dst) in dst.chunks_exact_mut(mr).enumerate() {
                    dst.copy_from_slice(&a[(c + k) * n + r0..][..mr]);
                }
            } else {
                for (k, dst) in dst.chunks_exact_mut(mr).enumerate() {
                    dst[..rows].copy_from_slice(&a[(c + k) * n + r0..][..rows]);
                    dst[rows..].fill(0.0);
                }
            }
        }
    }

    /// Pack rows `r..r+kc`, columns `c..c+nc` of `x` into strips of [`NR`]
    /// columns (row-major within a strip), classified by their zeros.
    /// Returns whether any entry is non-zero.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pack_b<S: Simd>(&mut self, simd: S, x: &[Real], n: usize, r: usize, c: usize, nc: usize, kc: usize) -> bool {
        static ZEROS: [Real; KC] = [0.0; KC];
        let nstrips = nc.div_ceil(NR);
        let cap = nstrips * kc;
        if self.rows.len() < cap {
            self.rows.resize(cap, 0);
            self.vals.resize(cap * NR, 0.0);
            self.masks.resize(cap * NR, 0.0);
        }
        self.strips.clear();
        let mut used = 0;
        let mut any = false;
        for s in 0..nstrips {
            let j0 = c + s * NR;
            let nr = NR.min(c + nc - j0);
            let cols: [&[Real]; NR] =
                std::array::from_fn(|j| if j < nr { &x[(j0 + j) * n + r..][..kc] } else { &ZEROS[..kc] });
            let vals = &mut self.vals[used * NR..(used + kc) * NR];
            if !transpose_strip(simd, &cols, vals) {
                self.strips.push(Strip { kind: StripKind::Dense, start: used, count: kc, nr });
                used += kc;
                any = true;
                continue;
            }
            // Some zeros: keep the rows with a non-zero entry (compacted in
            // place, in order), with their masks.
            let masks = &mut self.masks[used * NR..(used + kc) * NR];
            let rows = &mut self.rows[used..used + kc];
            let mut count = 0;
            for k in 0..kc {
                let mut row = [0.0; NR];
                row.copy_from_slice(&vals[k * NR..(k + 1) * NR]);
                let keep: [bool; NR] = std::array::from_fn(|j| j < nr && row[j] != 0.0);
                if keep == [false; NR] {
                    continue;
                }
                vals[count * NR..(count + 1) * NR].copy_from_slice(&row);
                for (m, &kj) in masks[count * NR..(count + 1) * NR].iter_mut().zip(&keep) {
                    *m = Real::from_bits(if kj { KEEP } else { 0 });
                }
                rows[count] = k as u32;
                count += 1;
            }
            let kind = if count == 0 { StripKind::Empty } else { StripKind::Masked };
            self.strips.push(Strip { kind, start: used, count, nr });
            used += count;
            any |= count > 0;
        }
        any
    }
}

/// `vals[k*NR + j] = cols[j][k]`; returns whether any entry is zero (the
/// padding columns of a last strip are the zeros of `ZEROS`, and count).
#[inline(always)]
fn transpose_strip<S: Simd>(simd: S, cols: &[&[Real]; NR], vals: &mut [Real]) -> bool {
    let kc = vals.len() / NR;
    let mut zero = false;
    let mut k0 = 0;
    if S::F64_LANES == NR {
        // 4 x 4 blocks: one vector per column in, one per row out.
        let zv = simd.splat_f64s(0.0);
        let mut any = simd.equal_f64s(zv, simd.splat_f64s(1.0));
        let src: [&[S::f64s]; NR] = cols.map(|col| S::as_simd_f64s(col).0);
        let (dst, _) = S::as_mut_simd_f64s(vals);
        for (i, out) in dst.chunks_exact_mut(NR).enumerate() {
            let block: [S::f64s; NR] = std::array::from_fn(|j| src[j][i]);
            for &v in &block {
                any = simd.or_m64s(any, simd.equal_f64s(v, zv));
            }
            out.copy_from_slice(&simd.deinterleave_shfl_f64s(block));
        }
        zero = simd.first_true_m64s(any) < S::F64_LANES;
        k0 = kc / NR * NR;
    }
    for k in k0..kc {
        for (j, col) in cols.iter().enumerate() {
            let v = col[k];
            vals[k * NR + j] = v;
            zero |= v == 0.0;
        }
    }
    zero
}

/// The products of one packed `A` block (`mc x kc`) with the packed `B`
/// block, subtracted from rows `cr..cr+mc`, columns `c0..` of `x`.
struct MacroKernel<'a> {
    ws: &'a mut Workspace,
    a: &'a [Real],
    ar: usize,
    ac: usize,
    x: &'a mut [Real],
    n: usize,
    cr: usize,
    c0: usize,
    mc: usize,
    kc: usize,
}

impl WithSimd for MacroKernel<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Self { ws, a, ar, ac, x, n, cr, c0, mc, kc } = self;
        let mr = MR_VECS * S::F64_LANES;
        Workspace::pack_a(&mut ws.apack, a, n, ar, ac, mc, kc, mr);
        let apack = &ws.apack[..mc.div_ceil(mr) * mr * kc];
        for (s, strip) in ws.strips.iter().enumerate() {
            if strip.kind == StripKind::Empty {
                continue;
            }
            let (j0, nr) = (c0 + s * NR, strip.nr);
            // Rows cr..cr+mc of the strip's columns.
            let mut c: [&mut [Real]; NR] = Default::default();
            for (cj, col) in c.iter_mut().zip(x[j0 * n..(j0 + nr) * n].chunks_exact_mut(n)) {
                *cj = &mut col[cr..cr + mc];
            }
            let vals = &ws.vals[strip.start * NR..(strip.start + strip.count) * NR];
            let masks = &ws.masks[strip.start * NR..(strip.start + strip.count) * NR];
            let ks = &ws.rows[strip.start..strip.start + strip.count];
            for (i, astrip) in apack.chunks_exact(mr * kc).enumerate() {
                let r0 = i * mr;
                let rows = mr.min(mc - r0);
                let (av, _) = S::as_simd_f64s(astrip);
                let mut acc = [[simd.splat_f64s(0.0); MR_VECS]; NR];
                load_tile(simd, &c, r0, rows, &mut acc);
                match strip.kind {
                    StripKind::Dense => kernel_dense(simd, av, vals, &mut acc),
                    _ => kernel_masked(simd, av, ks, vals, masks, &mut acc),
                }
                store_tile(simd, &mut c, r0, rows, &acc);
            }
        }
    }
}

/// Load rows `r0..r0+rows` of the columns `c` into a register tile (the rest
/// zero).
#[inline(always)]
fn load_tile<S: Simd>(simd: S, c: &[&mut [Real]; NR], r0: usize, rows: usize, acc: &mut [[S::f64s; MR_VECS]; NR]) {
    let lanes = S::F64_LANES;
    for (accj, col) in acc.iter_mut().zip(c) {
        if col.is_empty() {
            continue;
        }
        let col = &col[r0..r0 + rows];
        if rows == MR_VECS * lanes {
            let (v, _) = S::as_simd_f64s(col);
            accj.copy_from_slice(&v[..MR_VECS]);
        } else {
            for (v, a) in accj.iter_mut().enumerate() {
                let lo = (v * lanes).min(rows);
                let hi = ((v + 1) * lanes).min(rows);
                *a = simd.partial_load_f64s(&col[lo..hi]);
            }
        }
    }
}

/// Store a register tile back (see [`load_tile`]).
#[inline(always)]
fn store_tile<S: Simd>(simd: S, c: &mut [&mut [Real]; NR], r0: usize, rows: usize, acc: &[[S::f64s; MR_VECS]; NR]) {
    let lanes = S::F64_LANES;
    for (accj, col) in acc.iter().zip(c) {
        if col.is_empty() {
            continue;
        }
        let col = &mut col[r0..r0 + rows];
        if rows == MR_VECS * lanes {
            let (v, _) = S::as_mut_simd_f64s(col);
            v[..MR_VECS].copy_from_slice(accj);
        } else {
            for (v, &a) in accj.iter().enumerate() {
                let lo = (v * lanes).min(rows);
                let hi = ((v + 1) * lanes).min(rows);
                simd.partial_store_f64s(&mut col[lo..hi], a);
            }
        }
    }
}

/// `acc -= A B` over all packed rows: `av` holds [`MR_VECS`] vectors per
/// `k`, `vals` [`NR`] values per `k`.
#[inline(always)]
fn kernel_dense<S: Simd>(simd: S, av: &[S::f64s], vals: &[Real], acc: &mut [[S::f64s; MR_VECS]; NR]) {
    let mut c = *acc;
    for (a, b) in av.chunks_exact(MR_VECS).zip(vals.chunks_exact(NR)) {
        for (cj, &bj) in c.iter_mut().zip(b) {
            let bj = simd.splat_f64s(bj);
            for (cv, &a) in cj.iter_mut().zip(a) {
                *cv = simd.sub_f64s(*cv, simd.mul_f64s(a, bj));
            }
        }
    }
    *acc = c;
}

/// `acc -= A B` over the packed rows `ks` only, each product ANDed with its
/// mask (zero where `b == 0`: `c - (+0) = c`, DAXPY's skip).
#[inline(always)]
fn kernel_masked<S: Simd>(
    simd: S,
    av: &[S::f64s],
    ks: &[u32],
    vals: &[Real],
    masks: &[Real],
    acc: &mut [[S::f64s; MR_VECS]; NR],
) {
    let mut c = *acc;
    for ((&k, b), m) in ks.iter().zip(vals.chunks_exact(NR)).zip(masks.chunks_exact(NR)) {
        let k = k as usize;
        let a = &av[k * MR_VECS..(k + 1) * MR_VECS];
        for ((cj, &bj), &mj) in c.iter_mut().zip(b).zip(m) {
            let bj = simd.splat_f64s(bj);
            let mj = simd.splat_f64s(mj);
            for (cv, &a) in cj.iter_mut().zip(a) {
                *cv = simd.sub_f64s(*cv, simd.and_f64s(simd.mul_f64s(a, bj), mj));
            }
        }
    }
    *acc = c;
}
