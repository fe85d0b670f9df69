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
//! - the leaves (`super::ColumnSweeps`, `LeafTrsm`) are DGEFA's column
//!   sweeps on at most [`LEAF`] columns (rows of U);
//! - the product kernels keep a tile of `C` in registers and subtract the
//!   products one `k` at a time, in increasing `k` (`c = c - a*b`, never a
//!   separate sum of products), `k` blocks in increasing order;
//! - a zero `b = u(k,j)` is skipped exactly as DAXPY skips it: only strips
//!   of [`NR`] columns of `B` without a zero go to the 8 x 4 tile kernel;
//!   the other columns run over the list of their non-zeros, either in a
//!   24 x 1 column kernel (long lists) or as plain axpys with the unpacked
//!   columns of `A` (short lists), and all-zero columns cost nothing; the
//!   triangular-solve leaves zero the products of a zero factor
//!   (`c - (+0) = c` bit for bit, also for `c = -0` and when the multiplier
//!   is NaN);
//! - the recursion only regroups those operations; row interchanges move
//!   whole rows, never change values.
//!
//! Multipliers are stored positive (`l = a * (1/pivot)`, subtracted):
//! DGEFA's `-1/pivot` and added products give the same magnitudes.
//!
//! The skipping makes the cost follow the non-zeros of `U` as LINPACK's
//! does, so structurally sparse matrices kept in dense storage (circuit
//! models) factor in a fraction of the dense time.

use std::cell::RefCell;

use faer::traits::pulp::{Scalar, Simd, WithSimd};

use super::{axpy_neg, ColumnSweeps, Panel};
use crate::core::linsol::SingularMatrix;
use crate::types::FInt;

/// This path serves the double-precision instance only (the
/// single-precision one factors every order by the column code, as SGEFA).
type Real = f64;

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

/// Columns of `B` with fewer non-zeros in a block than this are applied
/// by plain column axpys on the unpacked matrix (LINPACK's own loop).
const THIN: usize = 4;

/// Without a dense strip, A is packed for the column kernel when the long
/// column lists hold at least this many non-zeros per row of the block.
const PACK_NNZ_PER_K: usize = 2;

/// A-strips per column-kernel call (24 rows with AVX2: enough independent
/// accumulators to hide the latency of the subtractions).
const GROUP: usize = 3;

/// A strip of [`NR`] columns of the `B` block without a zero entry, packed
/// row-major in `vals`.
#[derive(Clone, Copy, Debug)]
struct DenseStrip {
    /// First column, relative to the block.
    j0: usize,
    /// Offset in `vals`, in rows of [`NR`] values.
    start: usize,
    /// Columns of the matrix in the strip (`NR`, fewer in the last one).
    nr: usize,
}

/// A column of the `B` block with zeros: its non-zeros in `ks` / `kvals`.
#[derive(Clone, Copy, Debug)]
struct SparseColumn {
    /// Column, relative to the block.
    j: usize,
    /// Offset of its first non-zero in `ks` / `kvals`.
    start: usize,
    /// Number of non-zeros.
    count: usize,
}

/// Scratch of the blocked LU, grown to the largest problem seen.
#[derive(Default)]
pub(super) struct Workspace {
    /// Packed block of `A`: strips of `mr` rows, `kc` columns each, `mr`
    /// consecutive values per column.
    apack: Vec<Real>,
    /// Dense strips of the `B` block, [`NR`] values per row.
    vals: Vec<Real>,
    dense: Vec<DenseStrip>,
    /// Non-zeros of the columns with zeros: row (`k` within the block) and
    /// value, in increasing `k`.
    ks: Vec<u32>,
    kvals: Vec<Real>,
    /// Columns with zeros multiplied by the column kernel...
    sparse: Vec<SparseColumn>,
    /// ... and those applied by axpys.
    thin: Vec<SparseColumn>,
    /// The row interchanges being applied (those with `p != k`).
    swaps: Vec<(usize, usize)>,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

/// LU with partial pivoting of a panel by recursive blocking: for the
/// whole matrix ([`Panel::whole`]), [`super::factor`]'s LU.
pub(super) fn factor<S: Simd>(simd: S, panel: Panel<'_, Real>) -> Result<(), SingularMatrix> {
    let Panel { a, n, d, w, pivots } = panel;
    with_workspace(|ws| lu_rec(simd, ws, a, n, d, w, pivots, &mut PartialPivoting))
}

/// Run `f` with this thread's workspace, or with a private one when the
/// thread-local storage is being torn down or re-entered on this thread
/// (neither expected).
fn with_workspace<R>(f: impl FnOnce(&mut Workspace) -> R) -> R {
    let mut f = Some(f);
    let cached = WORKSPACE.try_with(|cell| {
        let mut ws = cell.try_borrow_mut().ok()?;
        f.take().map(|f| f(&mut ws))
    });
    match (cached, f) {
        (Ok(Some(result)), _) => result,
        (_, Some(f)) => f(&mut Workspace::default()),
        (_, None) => unreachable!("the workspace closure ran but returned nothing"),
    }
}

/// The column sweeps that factor a leaf panel of [`lu_rec`] (whose columns
/// left and right of the panel the recursion interchanges and updates
/// itself).
pub(super) trait Leaf {
    type Error;
    fn factor<S: Simd>(&mut self, simd: S, panel: Panel<'_, Real>) -> Result<(), Self::Error>;
}

/// DGEFA's pivoting: the largest entry of the column, any row below.
struct PartialPivoting;

impl Leaf for PartialPivoting {
    type Error = SingularMatrix;
    #[inline(always)]
    fn factor<S: Simd>(&mut self, simd: S, panel: Panel<'_, Real>) -> Result<(), SingularMatrix> {
        simd.vectorize(ColumnSweeps(panel))
    }
}

/// The partial LU of a frontal matrix (the sparse multifrontal LU): the
/// first `k` columns of the column-major `m x m` matrix `a` are factored
/// with the leaf's pivoting (which may only choose rows `< k`), and the
/// interchanges are applied to the other columns (`U12` and the Schur
/// complement are left to the caller).
#[cfg(not(daskr_single))]
pub(super) fn factor_front<S: Simd, L: Leaf>(
    simd: S,
    a: &mut [Real],
    m: usize,
    k: usize,
    pivots: &mut [FInt],
    leaf: &mut L,
) -> Result<(), L::Error> {
    with_workspace(|ws| {
        lu_rec(simd, ws, a, m, 0, k, pivots, leaf)?;
        apply_interchanges(ws, a, m, k..m, 0..k, pivots);
        Ok(())
    })
}

/// Split point of a block of `w > LEAF` columns: about half, a multiple of 8.
fn split(w: usize) -> usize {
    (w / 2).div_ceil(8) * 8
}

/// LU with partial pivoting of columns `d..d+w`, rows `d..n`, of the `n x n`
/// matrix `a` (leading dimension `n`), whose columns `d..d+w` have already
/// received the updates of the elimination steps `0..d`. Row interchanges are
/// applied to columns `d..d+w` only; `pivots[d..d+w]` are absolute rows.
#[allow(clippy::too_many_arguments)]
fn lu_rec<S: Simd, L: Leaf>(
    simd: S,
    ws: &mut Workspace,
    a: &mut [Real],
    n: usize,
    d: usize,
    w: usize,
    pivots: &mut [FInt],
    leaf: &mut L,
) -> Result<(), L::Error> {
    if w <= LEAF {
        return leaf.factor(simd, Panel { a, n, d, w, pivots });
    }
    let n1 = split(w);
    lu_rec(simd, ws, a, n, d, n1, pivots, leaf)?;
    apply_interchanges(ws, a, n, d + n1..d + w, d..d + n1, pivots);
    {
        let (left, right) = a.split_at_mut((d + n1) * n);
        let cols = w - n1;
        // U12 = L11^-1 A12, then A22 -= L21 U12.
        trsm(simd, ws, left, right, n, d, n1, cols);
        sub_product(simd, ws, left, n, d + n1, d, right, d, d + n1, n - d - n1, cols, n1);
    }
    lu_rec(simd, ws, a, n, d + n1, w - n1, pivots, leaf)?;
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
            if (0..nr).all(|j| x[(j0 + j) * n + d..][..h].iter().fold(true, |z, &v| z & (v == 0.0))) {
                // All factors zero: DGEFA leaves the strip alone.
                continue;
            }
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
            simd.vectorize(PackB { ws, x, n, r: br + pc, c: jc, nc, kc });
            // Packing A pays off for dense strips and for enough non-zeros in
            // long column lists; the other columns are axpys.
            let thick: usize = ws.sparse.iter().filter(|col| col.count >= THIN).map(|col| col.count).sum();
            let packed = !ws.dense.is_empty() || thick >= PACK_NNZ_PER_K * kc;
            let Workspace { sparse, thin, .. } = &mut *ws;
            thin.clear();
            thin.extend(sparse.iter().filter(|col| !packed || col.count < THIN));
            sparse.retain(|col| packed && col.count >= THIN);
            if !ws.thin.is_empty() {
                simd.vectorize(ColumnAxpys { ws, a, n, ar, ac: ac + pc, x, cr, c0: jc, m });
            }
            if !packed {
                continue;
            }
            for ic in (0..m).step_by(MC) {
                let mc = MC.min(m - ic);
                simd.vectorize(MacroKernel { ws, a, ar: ar + ic, ac: ac + pc, x, n, cr: cr + ic, c0: jc, mc, kc });
            }
        }
    }
}

/// The thin columns of the packed `B` block: for each non-zero `b` (row
/// `k`), `c -= b * A(:, k)` over all `m` rows (DAXPY, in increasing `k`).
struct ColumnAxpys<'a> {
    ws: &'a Workspace,
    a: &'a [Real],
    n: usize,
    ar: usize,
    ac: usize,
    x: &'a mut [Real],
    cr: usize,
    c0: usize,
    m: usize,
}

impl WithSimd for ColumnAxpys<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Self { ws, a, n, ar, ac, x, cr, c0, m } = self;
        for col in &ws.thin {
            let c = &mut x[(c0 + col.j) * n + cr..][..m];
            let range = col.start..col.start + col.count;
            for (&k, &b) in ws.ks[range.clone()].iter().zip(&ws.kvals[range]) {
                axpy_neg(simd, b, &a[(ac + k as usize) * n + ar..][..m], c);
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
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
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

    /// Pack rows `r..r+kc`, columns `c..c+nc` of `x`: strips of [`NR`]
    /// columns without a zero row-major (`dense`), the other columns as
    /// lists of their non-zeros (`sparse`; all-zero columns are left out).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pack_b<S: Simd>(&mut self, simd: S, x: &[Real], n: usize, r: usize, c: usize, nc: usize, kc: usize) {
        let nstrips = nc.div_ceil(NR);
        if self.vals.len() < nstrips * kc * NR {
            self.vals.resize(nstrips * kc * NR, 0.0);
        }
        if self.ks.len() < nc * kc {
            self.ks.resize(nc * kc, 0);
            self.kvals.resize(nc * kc, 0.0);
        }
        self.dense.clear();
        self.sparse.clear();
        let (mut used, mut nz) = (0, 0);
        for s in 0..nstrips {
            let j0 = s * NR;
            let nr = NR.min(nc - j0);
            let col = |j: usize| &x[(c + j0 + j) * n + r..][..kc];
            let counts: [usize; NR] =
                std::array::from_fn(|j| if j < nr { col(j).iter().map(|&v| usize::from(v != 0.0)).sum() } else { 0 });
            if counts == [kc; NR] {
                let cols: [&[Real]; NR] = std::array::from_fn(col);
                transpose_strip(simd, &cols, &mut self.vals[used * NR..(used + kc) * NR]);
                self.dense.push(DenseStrip { j0, start: used, nr });
                used += kc;
                continue;
            }
            for (j, &count) in counts.iter().enumerate().take(nr) {
                if count == 0 {
                    continue;
                }
                // Branch-free compaction (the zeros of a filling matrix are
                // unpredictable).
                let (ks, kvals) = (&mut self.ks[nz..nz + kc], &mut self.kvals[nz..nz + kc]);
                let mut t = 0;
                for (k, &v) in col(j).iter().enumerate() {
                    ks[t] = k as u32;
                    kvals[t] = v;
                    t += usize::from(v != 0.0);
                }
                self.sparse.push(SparseColumn { j: j0 + j, start: nz, count });
                nz += count;
            }
        }
    }
}

/// `vals[k*NR + j] = cols[j][k]`.
#[inline(always)]
fn transpose_strip<S: Simd>(simd: S, cols: &[&[Real]; NR], vals: &mut [Real]) {
    let kc = vals.len() / NR;
    let mut k0 = 0;
    if S::F64_LANES == NR {
        // 4 x 4 blocks: one vector per column in, one per row out.
        let src: [&[S::f64s]; NR] = cols.map(|col| S::as_simd_f64s(col).0);
        let (dst, _) = S::as_mut_simd_f64s(vals);
        for (i, out) in dst.chunks_exact_mut(NR).enumerate() {
            let block: [S::f64s; NR] = std::array::from_fn(|j| src[j][i]);
            out.copy_from_slice(&simd.deinterleave_shfl_f64s(block));
        }
        k0 = kc / NR * NR;
    }
    for k in k0..kc {
        for (j, col) in cols.iter().enumerate() {
            vals[k * NR + j] = col[k];
        }
    }
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
        for strip in &ws.dense {
            let (j0, nr) = (c0 + strip.j0, strip.nr);
            // Rows cr..cr+mc of the strip's columns.
            let mut c: [&mut [Real]; NR] = Default::default();
            for (cj, col) in c.iter_mut().zip(x[j0 * n..(j0 + nr) * n].chunks_exact_mut(n)) {
                *cj = &mut col[cr..cr + mc];
            }
            let vals = &ws.vals[strip.start * NR..(strip.start + kc) * NR];
            for (i, astrip) in apack.chunks_exact(mr * kc).enumerate() {
                let r0 = i * mr;
                let rows = mr.min(mc - r0);
                let (av, _) = S::as_simd_f64s(astrip);
                let mut acc = [[simd.splat_f64s(0.0); MR_VECS]; NR];
                load_tile(simd, &c, r0, rows, &mut acc);
                kernel_dense(simd, av, vals, &mut acc);
                store_tile(simd, &mut c, r0, rows, &acc);
            }
        }
        if ws.sparse.is_empty() {
            return;
        }
        // Columns with zeros: GROUP A-strips at a time (the group stays in
        // L1 while the columns run over it).
        for (g, group) in apack.chunks(GROUP * mr * kc).enumerate() {
            let r0 = g * GROUP * mr;
            let rows = (GROUP * mr).min(mc - r0);
            for col in &ws.sparse {
                let cj = &mut x[(c0 + col.j) * n + cr + r0..][..rows];
                let ks = &ws.ks[col.start..col.start + col.count];
                let vals = &ws.kvals[col.start..col.start + col.count];
                match group.len() / (mr * kc) {
                    GROUP => column_update::<S, GROUP>(simd, group, kc, ks, vals, cj),
                    2 => column_update::<S, 2>(simd, group, kc, ks, vals, cj),
                    _ => column_update::<S, 1>(simd, group, kc, ks, vals, cj),
                }
            }
        }
    }
}

/// `c -= A b` for one column `c` of `G * mr` rows (fewer in the last group)
/// and the non-zeros `vals` (rows `ks`) of one column of `B`; `group` holds
/// `G` packed A-strips of depth `kc`.
#[inline(always)]
fn column_update<S: Simd, const G: usize>(
    simd: S,
    group: &[Real],
    kc: usize,
    ks: &[u32],
    vals: &[Real],
    c: &mut [Real],
) {
    let lanes = S::F64_LANES;
    let mr = MR_VECS * lanes;
    let (av, _) = S::as_simd_f64s(group);
    let strips: [&[S::f64s]; G] = std::array::from_fn(|g| &av[g * kc * MR_VECS..(g + 1) * kc * MR_VECS]);
    let mut acc = [[simd.splat_f64s(0.0); MR_VECS]; G];
    let rows = c.len();
    for (g, accg) in acc.iter_mut().enumerate() {
        let lo = (g * mr).min(rows);
        let hi = ((g + 1) * mr).min(rows);
        load_rows(simd, &c[lo..hi], accg);
    }
    for (&k, &b) in ks.iter().zip(vals) {
        let k = k as usize * MR_VECS;
        let b = simd.splat_f64s(b);
        for (accg, strip) in acc.iter_mut().zip(&strips) {
            let a = &strip[k..k + MR_VECS];
            for (cv, &a) in accg.iter_mut().zip(a) {
                *cv = simd.sub_f64s(*cv, simd.mul_f64s(a, b));
            }
        }
    }
    for (g, accg) in acc.iter().enumerate() {
        let lo = (g * mr).min(rows);
        let hi = ((g + 1) * mr).min(rows);
        store_rows(simd, &mut c[lo..hi], accg);
    }
}

/// Load up to `MR_VECS * lanes` consecutive rows into vectors (the rest zero).
#[inline(always)]
fn load_rows<S: Simd>(simd: S, col: &[Real], acc: &mut [S::f64s; MR_VECS]) {
    let lanes = S::F64_LANES;
    let rows = col.len();
    if rows == MR_VECS * lanes {
        let (v, _) = S::as_simd_f64s(col);
        acc.copy_from_slice(&v[..MR_VECS]);
    } else {
        for (v, a) in acc.iter_mut().enumerate() {
            let lo = (v * lanes).min(rows);
            let hi = ((v + 1) * lanes).min(rows);
            *a = simd.partial_load_f64s(&col[lo..hi]);
        }
    }
}

/// Store vectors back to up to `MR_VECS * lanes` consecutive rows.
#[inline(always)]
fn store_rows<S: Simd>(simd: S, col: &mut [Real], acc: &[S::f64s; MR_VECS]) {
    let lanes = S::F64_LANES;
    let rows = col.len();
    if rows == MR_VECS * lanes {
        let (v, _) = S::as_mut_simd_f64s(col);
        v[..MR_VECS].copy_from_slice(acc);
    } else {
        for (v, &a) in acc.iter().enumerate() {
            let lo = (v * lanes).min(rows);
            let hi = ((v + 1) * lanes).min(rows);
            simd.partial_store_f64s(&mut col[lo..hi], a);
        }
    }
}

/// Load rows `r0..r0+rows` of the columns `c` into a register tile (the
/// rest zero).
#[inline(always)]
fn load_tile<S: Simd>(simd: S, c: &[&mut [Real]; NR], r0: usize, rows: usize, acc: &mut [[S::f64s; MR_VECS]; NR]) {
    for (accj, col) in acc.iter_mut().zip(c) {
        if !col.is_empty() {
            load_rows(simd, &col[r0..r0 + rows], accj);
        }
    }
}

/// Store a register tile back (see [`load_tile`]).
#[inline(always)]
fn store_tile<S: Simd>(simd: S, c: &mut [&mut [Real]; NR], r0: usize, rows: usize, acc: &[[S::f64s; MR_VECS]; NR]) {
    for (accj, col) in acc.iter().zip(c) {
        if !col.is_empty() {
            store_rows(simd, &mut col[r0..r0 + rows], accj);
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
