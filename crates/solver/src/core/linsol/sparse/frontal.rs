//! The multifrontal LU: numeric factorisation and solve on a
//! [`FrontalAnalysis`].
//!
//! Supernodes are eliminated in postorder. Each one gathers its frontal
//! matrix (dense, `m x m`: its `k` columns and rows, then the rows below
//! it) from the original entries and its children's contribution blocks
//! (extend-add), factors its `k` columns in place with restricted threshold
//! pivoting (`dense/front.rs`), keeps the panel `L11\U11` over `L21` and the
//! block `U12` as its factors, and leaves the Schur complement on a stack
//! for its parent.
//!
//! # Delayed pivots
//!
//! Row interchanges stay inside a supernode. When a column of the
//! supernode has no acceptable pivot among its rows, the front is
//! assembled again and factored by [`factor_front_delaying`], which
//! eliminates what it can and leaves the other rows and columns in the
//! contribution block as *delayed* ones: the parent's front takes them as
//! fully summed rows and columns of its own, after its `k` (MUMPS's delayed
//! pivots). A front with delayed rows in it is factored the same way. Such
//! a *reshaped* front keeps the positions of its rows and columns with its
//! factors; a front factored in its symbolic shape only its interchanges.
//! A root front can pivot on any of its rows, so what is left after it is
//! a singular matrix. The caller gives a [`DelayBudget`]: past it the
//! factorisation stops ([`FrontalFailure::OverBudget`]) and the caller
//! chooses another route (a matching from the values, the general LU).
//!
//! With `M` the permuted matrix (`M[r, c] = A[row_src[r], col_src[c]]`),
//! the forward solve runs on a vector indexed by row position, the
//! backward solve writes the solution by column position: a reshaped front
//! pairs pivot rows and columns that are not the same positions.

use faer::traits::pulp::{Arch, Simd, WithSimd};

use super::symbolic::{FrontalAnalysis, TreeSplit};
use crate::core::linsol::dense::front::{
    factor_front, factor_front_delaying, subtract_multiple, FrontFailure, PivotTest,
};
use crate::types::FInt;

const NONE: usize = usize::MAX;

/// Why the multifrontal LU stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontalFailure {
    /// A fully summed column is zero (or not finite) in every row still to
    /// be eliminated, or a root front could not eliminate all its columns:
    /// the matrix is singular.
    Singular,
    /// More pivots were delayed, the factors grew larger or their entries
    /// grew more than the [`DelayBudget`] allows.
    OverBudget,
}

/// How far a factorisation may depart from its symbolic analysis.
#[derive(Clone, Copy, Debug)]
pub struct DelayBudget {
    /// Delayed pivots (a column delayed twice counts twice).
    pub pivots: usize,
    /// Entries of the factors.
    pub entries: usize,
    /// Growth with row-max scales ([`RowScales::RowMax`]): the largest
    /// pivot times its row's scale (the row's largest entry in the matrix
    /// counts 1).
    pub growth: f64,
}

/// The threshold of the pivot test on row-scaled magnitudes (the first
/// route, as the multifrontal LU always had it).
pub const ROW_MAX_THRESHOLD: f64 = 0.01;

/// The threshold of the pivot test on the matched scaling: there the
/// matched entries are 1 and every other at most 1, so a stricter test
/// (UMFPACK's default) costs few delays and bounds the multipliers by 10,
/// which the per-row accuracy on badly scaled matrices needs (circuits:
/// 1e-7 with 0.01, 4e-16 with 0.1).
pub const MATCHED_THRESHOLD: f64 = 0.1;

/// The row scales by which pivots are judged.
#[derive(Clone, Copy, Debug)]
pub enum RowScales<'a> {
    /// 1 / the largest magnitude of each row: blind to the units of the
    /// equations, not to those of the variables ([`ROW_MAX_THRESHOLD`]).
    RowMax,
    /// Given per original row (the matching's, `matching.rs`;
    /// [`MATCHED_THRESHOLD`]).
    ByRow(&'a [f64]),
}

impl RowScales<'_> {
    fn threshold(&self) -> f64 {
        match self {
            RowScales::RowMax => ROW_MAX_THRESHOLD,
            RowScales::ByRow(_) => MATCHED_THRESHOLD,
        }
    }
}

/// The numeric factors (storage reused across factorisations).
#[derive(Debug, Default)]
pub struct FrontalFactors {
    /// Per front at `fronts[s].lu`: the `m x e` panel (column-major), then
    /// U12 (`e x (m - e)`, row-major); `lu[..used]` belong to this
    /// factorisation (the rest is storage kept for the next).
    lu: Vec<f64>,
    used: usize,
    fronts: Vec<FrontFactors>,
    /// Interchanges per column position, local to its supernode (fronts
    /// factored in their symbolic shape).
    pivots: Vec<FInt>,
    /// The reciprocals of U's diagonal, per elimination step (the backward
    /// solve multiplies: a division per unknown would be a quarter of it).
    pivot_inverses: Vec<f64>,
    /// The row positions, then the column positions, of each reshaped
    /// front (pivots first).
    index: Vec<u32>,
    /// Delayed pivots of this factorisation, and its growth (see
    /// [`DelayBudget::growth`]).
    delayed: usize,
    growth: f64,
    /// The storage of the second thread's factors ([`TreeSplit`]), kept
    /// for the next factorisation (its factors are copied after the first
    /// thread's).
    helper: Option<Box<FrontalFactors>>,
}

impl FrontalFactors {
    /// Empty, for a factorisation of `n` columns (the storage kept).
    fn start(&mut self, n: usize) {
        self.growth = 0.0;
        self.fronts.clear();
        self.index.clear();
        self.delayed = 0;
        self.pivots.resize(n, 0);
        self.pivot_inverses.clear();
    }

    /// Append the factors of `other` (a later range of supernodes, columns
    /// `cols`, factored into storage of its own).
    fn append(&mut self, other: &FrontalFactors, cols: std::ops::Range<usize>) {
        let (lu_base, step_base, index_base) = (self.used, self.pivot_inverses.len(), self.index.len());
        reserve(&mut self.lu, &mut self.used, other.used).copy_from_slice(&other.lu[..other.used]);
        self.fronts.extend(other.fronts.iter().map(|fr| FrontFactors {
            lu: fr.lu + lu_base,
            step: fr.step + step_base,
            index: if fr.index == NONE { NONE } else { fr.index + index_base },
            ..*fr
        }));
        self.pivot_inverses.extend_from_slice(&other.pivot_inverses);
        self.index.extend_from_slice(&other.index);
        self.pivots[cols.clone()].copy_from_slice(&other.pivots[cols]);
        self.delayed += other.delayed;
        self.growth = self.growth.max(other.growth);
    }

    /// Pivots delayed to a parent front (a column delayed twice counts
    /// twice).
    #[cfg(any(test, feature = "internals"))]
    pub fn delayed(&self) -> usize {
        self.delayed
    }

    /// The growth of this factorisation (see [`DelayBudget::growth`]).
    #[cfg(any(test, feature = "internals"))]
    pub fn growth(&self) -> f64 {
        self.growth
    }

    /// Entries of L and U, explicit zeros of the fronts included.
    #[cfg(any(test, feature = "internals"))]
    pub fn entries(&self) -> usize {
        self.used
    }
}

/// How one front was factored.
#[derive(Clone, Copy, Debug, Default)]
struct FrontFactors {
    /// Offset of its panel in `lu`.
    lu: usize,
    /// The elimination step of its first pivot.
    step: usize,
    /// Pivots `e` and order `m`.
    eliminated: usize,
    order: usize,
    /// Offset of its positions in `index`; [`NONE`] for a front factored
    /// in its symbolic shape.
    index: usize,
}

/// A contribution block waiting on the stack for its parent.
#[derive(Clone, Copy, Debug)]
struct Block {
    /// The supernode that left it.
    sn: usize,
    /// Offset of its values (column-major, order `delayed` + rows below).
    values: usize,
    /// Delayed rows (and columns), and the offset of their row positions,
    /// then column positions, in `delayed_index`.
    delayed: usize,
    index: usize,
}

/// Scratch of the factorisation and the solve, kept per thread.
#[derive(Debug, Default)]
pub struct FrontalWorkspace {
    front: Vec<f64>,
    stack: Vec<f64>,
    blocks: Vec<Block>,
    delayed_index: Vec<u32>,
    /// Row scales: per permuted row, then per front position.
    row_scale: Vec<f64>,
    front_scale: Vec<f64>,
    /// The threshold of the pivot test, and whether the scales are the
    /// row maxima (the growth is measured against them).
    threshold: f64,
    row_max: bool,
    /// A reshaped front's row and column positions, and where a child's
    /// block lands in it.
    front_rows: Vec<u32>,
    front_cols: Vec<u32>,
    rel: Vec<u32>,
    /// Solve: the right-hand side by row position, the solution by column
    /// position, a front's gathered entries.
    x: Vec<f64>,
    z: Vec<f64>,
    gathered: Vec<f64>,
    /// The second thread's workspace ([`TreeSplit`]).
    helper: Option<Box<FrontalWorkspace>>,
}

/// A factorisation's totals after its last completed front (the delay
/// budget is judged on them).
#[derive(Clone, Copy, Debug)]
struct Totals {
    delayed: usize,
    used: usize,
    growth: f64,
}

impl Totals {
    fn of(f: &FrontalFactors) -> Totals {
        Totals { delayed: f.delayed, used: f.used, growth: f.growth }
    }

    fn over(self, budget: DelayBudget) -> bool {
        self.delayed > budget.pivots || self.used > budget.entries || self.growth > budget.growth
    }
}

impl FrontalAnalysis {
    /// Factor the matrix whose entries are `values` (indexed as the
    /// analysis was told), judging pivots by `|a_ij| * scale_i`, into `f`.
    pub fn factor(
        &self,
        values: &[f64],
        scales: RowScales<'_>,
        budget: DelayBudget,
        f: &mut FrontalFactors,
        ws: &mut FrontalWorkspace,
    ) -> Result<(), FrontalFailure> {
        match scales {
            RowScales::RowMax => self.row_scales(values, &mut ws.row_scale),
            RowScales::ByRow(row) => {
                ws.row_scale.clear();
                ws.row_scale.extend(self.row_src.iter().map(|&i| row[i]));
            }
        }
        ws.threshold = scales.threshold();
        ws.row_max = matches!(scales, RowScales::RowMax);
        f.used = 0;
        if f.lu.len() < self.factor_entries() {
            // The analysis's size at once (delays may need more).
            f.lu.resize(self.factor_entries(), 0.0);
        }
        f.start(self.n);
        ws.stack.clear();
        ws.blocks.clear();
        ws.delayed_index.clear();
        let ns = self.supernodes();
        match self.split.filter(|_| self.threads > 1) {
            None => self.factor_range(0..ns, values, budget, f, ws, self.threads).map_err(|(e, _)| e),
            Some(split) => {
                self.factor_range(0..split.first, values, budget, f, ws, self.threads).map_err(|(e, _)| e)?;
                self.factor_split(split, values, budget, f, ws)?;
                self.factor_range(split.end..ns, values, budget, f, ws, self.threads).map_err(|(e, _)| e)
            }
        }
    }

    /// Factor supernodes `range` in order into `f` (their children's
    /// blocks on `ws`'s stack or made in the range), the fronts' Schur
    /// updates on up to `threads` threads. On failure, the totals after
    /// the last front factored.
    fn factor_range(
        &self,
        range: std::ops::Range<usize>,
        values: &[f64],
        budget: DelayBudget,
        f: &mut FrontalFactors,
        ws: &mut FrontalWorkspace,
        threads: usize,
    ) -> Result<(), (FrontalFailure, Totals)> {
        for s in range {
            let before = Totals::of(f);
            let first = self.first_child_block(s, ws);
            let delayed: usize = ws.blocks[first..].iter().map(|b| b.delayed).sum();
            let in_shape =
                delayed == 0 && self.factor_in_shape(s, values, first, f, ws, threads).map_err(|e| (e, before))?;
            if !in_shape {
                self.factor_reshaped(s, values, first, delayed, f, ws).map_err(|e| (e, before))?;
            }
            if Totals::of(f).over(budget) {
                return Err((FrontalFailure::OverBudget, Totals::of(f)));
            }
        }
        Ok(())
    }

    /// The two sides of `split` at the same time, the first on this
    /// thread into `f`, the second on another into storage of its own,
    /// then appended to `f` and its contribution blocks pushed on `ws`'s
    /// stack after the first side's: the same factors, stack and verdict
    /// as [`FrontalAnalysis::factor_range`] over both sides in order (a
    /// failure of the first side wins; the second side's is judged with
    /// the first side's totals added, as it would have been).
    fn factor_split(
        &self,
        split: TreeSplit,
        values: &[f64],
        budget: DelayBudget,
        f: &mut FrontalFactors,
        ws: &mut FrontalWorkspace,
    ) -> Result<(), FrontalFailure> {
        let TreeSplit { first, mid, end } = split;
        let mut hf = f.helper.take().unwrap_or_default();
        let mut hws = ws.helper.take().unwrap_or_default();
        hf.used = 0;
        hf.start(self.n);
        hws.stack.clear();
        hws.blocks.clear();
        hws.delayed_index.clear();
        hws.row_scale.clone_from(&ws.row_scale);
        hws.threshold = ws.threshold;
        hws.row_max = ws.row_max;
        let (first_side, second_side) = std::thread::scope(|scope| {
            let helper = scope.spawn(|| self.factor_range(mid..end, values, budget, &mut hf, &mut hws, 1));
            let first_side = self.factor_range(first..mid, values, budget, f, ws, 1);
            (first_side, helper.join().expect("factorisation thread"))
        });
        let verdict = (|| {
            first_side.map_err(|(e, _)| e)?;
            let second = match second_side {
                Ok(()) => Totals::of(&hf),
                Err((_, totals)) => totals,
            };
            let combined = Totals {
                delayed: f.delayed + second.delayed,
                used: f.used + second.used,
                growth: f.growth.max(second.growth),
            };
            if combined.over(budget) {
                return Err(FrontalFailure::OverBudget);
            }
            second_side.map_err(|(e, _)| e)
        })();
        if verdict.is_ok() {
            f.append(&hf, self.sn_start[mid]..self.sn_start[end]);
            let (values_base, index_base) = (ws.stack.len(), ws.delayed_index.len());
            ws.stack.extend_from_slice(&hws.stack);
            ws.delayed_index.extend_from_slice(&hws.delayed_index);
            ws.blocks.extend(hws.blocks.iter().map(|b| Block {
                values: b.values + values_base,
                index: b.index + index_base,
                ..*b
            }));
        }
        f.helper = Some(hf);
        ws.helper = Some(hws);
        verdict
    }

    /// The first of the blocks of supernode `s`'s children, which lie on
    /// top of the stack.
    fn first_child_block(&self, s: usize, ws: &FrontalWorkspace) -> usize {
        let mut first = ws.blocks.len();
        while first > 0 && self.sn_parent[ws.blocks[first - 1].sn] == s {
            first -= 1;
        }
        first
    }

    /// Factor supernode `s` (no delayed rows from its children) in its
    /// symbolic shape. `Ok(false)`: a column has no acceptable pivot (the
    /// front is spoiled, the children's blocks are still on the stack).
    fn factor_in_shape(
        &self,
        s: usize,
        values: &[f64],
        first: usize,
        f: &mut FrontalFactors,
        ws: &mut FrontalWorkspace,
        threads: usize,
    ) -> Result<bool, FrontalFailure> {
        let cols = self.columns(s);
        let (k, m) = (cols.len(), cols.len() + self.rows_below(s).len());
        self.assemble_in_shape(s, values, first, ws);
        let lu = f.used;
        let (panel, u12) = reserve(&mut f.lu, &mut f.used, m * k + k * (m - k)).split_at_mut(m * k);
        let FrontalWorkspace { front, front_scale, threshold, .. } = ws;
        let front = &mut front[..m * m];
        let test = PivotTest { scale: &mut front_scale[..m], threshold: *threshold };
        let growth = match factor_front(front, m, k, test, &mut f.pivots[cols.clone()], u12, threads) {
            Ok(growth) => growth,
            Err(FrontFailure::Singular { .. }) => return Err(FrontalFailure::Singular),
            Err(FrontFailure::Threshold { .. }) => {
                f.used = lu;
                return Ok(false);
            }
        };
        panel.copy_from_slice(&front[..m * k]);
        if ws.row_max {
            f.growth = f.growth.max(growth);
        }
        let step = f.pivot_inverses.len();
        f.pivot_inverses.extend((0..k).map(|p| 1.0 / front[p * m + p]));
        f.fronts.push(FrontFactors { lu, step, eliminated: k, order: m, index: NONE });
        pop_blocks(ws, first);
        if m > k {
            let values = ws.stack.len();
            for col in ws.front[m * k..m * m].chunks_exact(m) {
                ws.stack.extend_from_slice(&col[k..]);
            }
            ws.blocks.push(Block { sn: s, values, delayed: 0, index: ws.delayed_index.len() });
        }
        Ok(true)
    }

    /// Supernode `s`'s front in `ws.front` (order `m`): zero, the original
    /// entries, the children's contribution blocks (left on the stack);
    /// and the row scales of its positions in `ws.front_scale`.
    fn assemble_in_shape(&self, s: usize, values: &[f64], first: usize, ws: &mut FrontalWorkspace) {
        let cols = self.columns(s);
        let below = self.rows_below(s);
        let m = cols.len() + below.len();
        grow(&mut ws.front, m * m);
        let front = &mut ws.front[..m * m];
        front.fill(0.0);
        let entries = self.asm_ptr[s]..self.asm_ptr[s + 1];
        for (&src, &dst) in self.asm_src[entries.clone()].iter().zip(&self.asm_dst[entries]) {
            front[dst as usize] = values[src as usize];
        }
        for block in &ws.blocks[first..] {
            let c = block.sn;
            let rel = &self.in_parent[self.below_ptr[c]..self.below_ptr[c + 1]];
            let runs = &self.runs[self.run_ptr[c]..self.run_ptr[c + 1]];
            extend_add(front, m, &ws.stack[block.values..], rel, runs);
        }
        grow(&mut ws.front_scale, m);
        let scale = &mut ws.front_scale[..m];
        scale[..cols.len()].copy_from_slice(&ws.row_scale[cols.clone()]);
        for (sc, &i) in scale[cols.len()..].iter_mut().zip(below) {
            *sc = ws.row_scale[i as usize];
        }
    }

    /// Factor supernode `s` with the `delayed` rows and columns of its
    /// children, passing over columns without an acceptable pivot
    /// ([`factor_front_delaying`]); what it cannot eliminate goes to its
    /// parent.
    fn factor_reshaped(
        &self,
        s: usize,
        values: &[f64],
        first: usize,
        delayed: usize,
        f: &mut FrontalFactors,
        ws: &mut FrontalWorkspace,
    ) -> Result<(), FrontalFailure> {
        let k = self.columns(s).len();
        let nfs = k + delayed;
        let m = nfs + self.rows_below(s).len();
        self.assemble_reshaped(s, values, first, delayed, ws);
        let FrontalWorkspace { front, front_scale, front_rows, front_cols, threshold, .. } = ws;
        let front = &mut front[..m * m];
        let test = PivotTest { scale: &mut front_scale[..m], threshold: *threshold };
        let e = factor_front_delaying(front, m, nfs, test, front_rows, front_cols)
            .map_err(|_| FrontalFailure::Singular)?;
        if e < nfs && self.sn_parent[s] == NONE {
            return Err(FrontalFailure::Singular);
        }
        let lu = f.used;
        let (panel, u12) = reserve(&mut f.lu, &mut f.used, m * e + e * (m - e)).split_at_mut(m * e);
        panel.copy_from_slice(&front[..m * e]);
        if m > e {
            for (p, row) in u12.chunks_exact_mut(m - e).enumerate() {
                for (u, j) in row.iter_mut().zip(e..m) {
                    *u = front[p + j * m];
                }
            }
        }
        let step = f.pivot_inverses.len();
        f.pivot_inverses.extend((0..e).map(|p| 1.0 / front[p * m + p]));
        f.fronts.push(FrontFactors { lu, step, eliminated: e, order: m, index: f.index.len() });
        f.index.extend_from_slice(&front_rows[..m]);
        f.index.extend_from_slice(&front_cols[..m]);
        f.delayed += nfs - e;
        pop_blocks(ws, first);
        if m > e {
            let values = ws.stack.len();
            for col in ws.front[m * e..m * m].chunks_exact(m) {
                ws.stack.extend_from_slice(&col[e..]);
            }
            let index = ws.delayed_index.len();
            ws.delayed_index.extend_from_slice(&ws.front_rows[e..nfs]);
            ws.delayed_index.extend_from_slice(&ws.front_cols[e..nfs]);
            ws.blocks.push(Block { sn: s, values, delayed: nfs - e, index });
        }
        Ok(())
    }

    /// Supernode `s`'s front with its children's delayed rows and columns
    /// after its own (order `k + delayed + rows below`), its row and column
    /// positions in `ws.front_rows` and `ws.front_cols`, the row scales.
    fn assemble_reshaped(&self, s: usize, values: &[f64], first: usize, delayed: usize, ws: &mut FrontalWorkspace) {
        let cols = self.columns(s);
        let below = self.rows_below(s);
        let k = cols.len();
        let (m0, m) = (k + below.len(), k + delayed + below.len());
        // Symbolic local position -> reshaped one.
        let shift = |p: usize| if p < k { p } else { p + delayed };
        grow(&mut ws.front, m * m);
        let front = &mut ws.front[..m * m];
        front.fill(0.0);
        let entries = self.asm_ptr[s]..self.asm_ptr[s + 1];
        for (&src, &dst) in self.asm_src[entries.clone()].iter().zip(&self.asm_dst[entries]) {
            let (r, c) = (dst as usize % m0, dst as usize / m0);
            front[shift(r) + shift(c) * m] = values[src as usize];
        }
        ws.front_rows.clear();
        ws.front_cols.clear();
        ws.front_rows.extend(cols.clone().map(|p| p as u32));
        ws.front_cols.extend(cols.map(|p| p as u32));
        let mut slot = k;
        for block in &ws.blocks[first..] {
            let c = block.sn;
            let d = block.delayed;
            ws.front_rows.extend_from_slice(&ws.delayed_index[block.index..block.index + d]);
            ws.front_cols.extend_from_slice(&ws.delayed_index[block.index + d..block.index + 2 * d]);
            ws.rel.clear();
            ws.rel.extend((slot..slot + d).map(|p| p as u32));
            ws.rel.extend(self.in_parent[self.below_ptr[c]..self.below_ptr[c + 1]].iter().map(|&p| shift(p as usize) as u32));
            extend_add_scattered(front, m, &ws.stack[block.values..], &ws.rel);
            slot += d;
        }
        ws.front_rows.extend_from_slice(below);
        ws.front_cols.extend_from_slice(below);
        grow(&mut ws.front_scale, m);
        for (sc, &i) in ws.front_scale[..m].iter_mut().zip(&ws.front_rows) {
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

    /// Overwrite the `nrhs` right-hand sides in `b` (column-major, `n`
    /// each) with the solutions of A x = b, each front's factors read once
    /// for all of them (the same bits as one at a time).
    pub fn solve_many(&self, f: &FrontalFactors, b: &mut [f64], nrhs: usize, ws: &mut FrontalWorkspace) {
        Arch::new().dispatch(Solve { analysis: self, f, b, nrhs, ws })
    }
}

/// The next `len` entries of the factors `lu[..*used]` (storage grown if
/// needed).
fn reserve<'a>(lu: &'a mut Vec<f64>, used: &mut usize, len: usize) -> &'a mut [f64] {
    let start = *used;
    *used += len;
    if lu.len() < *used {
        lu.resize(*used, 0.0);
    }
    &mut lu[start..*used]
}

/// Take the blocks from `first` on (and their values) off the stack.
fn pop_blocks(ws: &mut FrontalWorkspace, first: usize) {
    if let Some(block) = ws.blocks.get(first) {
        ws.stack.truncate(block.values);
        ws.delayed_index.truncate(block.index);
        ws.blocks.truncate(first);
    }
}

/// Make `v` at least `len` long.
fn grow(v: &mut Vec<f64>, len: usize) {
    if v.len() < len {
        v.resize(len, 0.0);
    }
}

/// The solve, compiled for the best instruction set (its loops are
/// vectorised by the compiler; no FMA contraction).
struct Solve<'a> {
    analysis: &'a FrontalAnalysis,
    f: &'a FrontalFactors,
    b: &'a mut [f64],
    nrhs: usize,
    ws: &'a mut FrontalWorkspace,
}

impl WithSimd for Solve<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Solve { analysis: a, f, b, nrhs, ws } = self;
        let n = a.n;
        let FrontalWorkspace { x, z, gathered, helper, .. } = ws;
        x.clear();
        for rhs in b.chunks_exact(n).take(nrhs) {
            x.extend(a.row_src.iter().map(|&i| rhs[i]));
        }
        // Without a reshaped front, pivot rows and columns are the same
        // positions: the solution overwrites the forward result in place
        // (and the sweeps may run on two threads).
        let all = 0..f.fronts.len();
        let z = if let Some(split) = a.split.filter(|_| a.threads > 1 && f.index.is_empty()) {
            solve_split(a, f, split, x, gathered, helper.get_or_insert_with(Default::default));
            x
        } else if f.index.is_empty() {
            Sweep { backward: false, a, f, fronts: all.clone(), x, scratch: gathered }.forward(simd);
            Sweep { backward: true, a, f, fronts: all, x, scratch: gathered }.backward_in_place(simd);
            x
        } else {
            Sweep { backward: false, a, f, fronts: all, x, scratch: gathered }.forward(simd);
            z.clear();
            z.resize(x.len(), 0.0);
            backward(simd, a, f, x, z, gathered);
            z
        };
        for (rhs, zr) in b.chunks_exact_mut(n).zip(z.chunks_exact(n)) {
            for (&zc, &j) in zr.iter().zip(&a.col_src) {
                rhs[j] = zc;
            }
        }
    }
}

/// Both sweeps with the two sides of `split` on two threads (every front
/// in its symbolic shape), the same bits as in order.
///
/// The sides' fronts eliminate disjoint rows; what they share is the rows
/// of the fronts above the split (positions from `sn_start[end]` on),
/// which the forward sweep of both sides updates. The second side runs on
/// a copy of `x` (`helper.x`), its own rows come back from it, and its
/// updates of the shared rows are applied afterwards, front by front and
/// pivot by pivot as the sweep in order makes them (after the first
/// side's), from the pivot values it left in its own rows: the same
/// products subtracted in the same order. None of its own results
/// depends on the shared rows: a front's pivots are among its own rows
/// (interchanges stay inside a supernode), the shared rows only receive.
/// The backward sweep reads the shared rows, final by then, and writes
/// each side's own rows: the two sides do not meet.
fn solve_split(
    a: &FrontalAnalysis,
    f: &FrontalFactors,
    split: TreeSplit,
    x: &mut [f64],
    gathered: &mut Vec<f64>,
    helper: &mut FrontalWorkspace,
) {
    let TreeSplit { first, mid, end } = split;
    let (n, ns) = (a.n, f.fronts.len());
    let own = a.sn_start[mid]..a.sn_start[end];
    let shared_from = a.sn_start[end];
    // The second side reads its own rows and the shared ones after them,
    // nothing before: only those are copied to it.
    let read = a.sn_start[mid]..n;
    let FrontalWorkspace { x: hx, gathered: hgathered, .. } = helper;
    hx.resize(x.len(), 0.0);
    // Forward: the fronts before the split, the two sides, the rest;
    // backward: the rest, the two sides, the fronts before the split.
    for backward in [false, true] {
        let (before, after) = if backward { (end..ns, 0..first) } else { (0..first, end..ns) };
        Sweep { backward, a, f, fronts: before, x, scratch: gathered }.run();
        for (hr, xr) in hx.chunks_exact_mut(n).zip(x.chunks_exact(n)) {
            hr[read.clone()].copy_from_slice(&xr[read.clone()]);
        }
        std::thread::scope(|scope| {
            scope.spawn(|| Sweep { backward, a, f, fronts: mid..end, x: hx, scratch: hgathered }.run());
            Sweep { backward, a, f, fronts: first..mid, x, scratch: gathered }.run();
        });
        for (xr, hr) in x.chunks_exact_mut(n).zip(hx.chunks_exact(n)) {
            xr[own.clone()].copy_from_slice(&hr[own.clone()]);
            if !backward {
                for s in mid..end {
                    replay_shared_updates(a, f, s, shared_from, xr);
                }
            }
        }
        Sweep { backward, a, f, fronts: after, x, scratch: gathered }.run();
    }
}

/// One sweep over a range of fronts, dispatched for the best instruction
/// set on the thread that runs it (a closure handed to another thread
/// runs outside the caller's dispatch): [`Sweep::forward`] over `fronts` in
/// order, or [`Sweep::backward_in_place`] over them in reverse.
struct Sweep<'a> {
    backward: bool,
    a: &'a FrontalAnalysis,
    f: &'a FrontalFactors,
    fronts: std::ops::Range<usize>,
    x: &'a mut [f64],
    scratch: &'a mut Vec<f64>,
}

impl Sweep<'_> {
    fn run(self) {
        Arch::new().dispatch(self)
    }

    /// `x = L^-1 P x` (`x` by row position, right-hand sides of `n` one after
    /// the other), front by front: each front's entries of a right-hand side
    /// gathered into one vector (its pivot rows in pivot order, then the rows
    /// below), each column of L subtracted over all of them at once, and put
    /// back where the backward sweep looks for them: a front in its symbolic
    /// shape at its own positions in pivot order (the in-place backward sweep
    /// reads them there), a reshaped front at its rows.
    #[inline(always)]
    fn forward<S: Simd>(self, simd: S) {
        let Sweep { a, f, fronts, x, scratch, .. } = self;
        let n = a.n;
        for s in fronts {
            let fr = &f.fronts[s];
            let (e, m) = (fr.eliminated, fr.order);
            let panel = &f.lu[fr.lu..fr.lu + m * e];
            if scratch.len() < m {
                scratch.resize(m, 0.0);
            }
            let v = &mut scratch[..m];
            for xr in x.chunks_exact_mut(n) {
                if fr.index != NONE {
                    let rows = &f.index[fr.index..fr.index + m];
                    for (vi, &i) in v.iter_mut().zip(rows) {
                        *vi = xr[i as usize];
                    }
                    eliminate(simd, panel, m, e, v);
                    for (&i, &vi) in rows.iter().zip(v.iter()) {
                        xr[i as usize] = vi;
                    }
                } else {
                    let (cols, below) = (a.columns(s), a.rows_below(s));
                    v[..e].copy_from_slice(&xr[cols.clone()]);
                    for (p, &q) in f.pivots[cols.clone()].iter().enumerate() {
                        v.swap(p, q as usize);
                    }
                    for (vi, &i) in v[e..].iter_mut().zip(below) {
                        *vi = xr[i as usize];
                    }
                    eliminate(simd, panel, m, e, v);
                    xr[cols].copy_from_slice(&v[..e]);
                    for (&i, &vi) in below.iter().zip(&v[e..]) {
                        xr[i as usize] = vi;
                    }
                }
            }
        }
    }

    /// `x = U^-1 x` when every front kept its symbolic shape (`x` by
    /// position, right-hand sides of `n` one after the other).
    #[inline(always)]
    fn backward_in_place<S: Simd>(self, simd: S) {
        let Sweep { a, f, fronts, x, scratch: below_buf, .. } = self;
        let n = a.n;
        for s in fronts.rev() {
            let fr = &f.fronts[s];
            let (k, m) = (fr.eliminated, fr.order);
            let (panel, u12) = f.lu[fr.lu..fr.lu + m * k + k * (m - k)].split_at(m * k);
            let below = a.rows_below(s);
            if below_buf.len() < below.len() {
                below_buf.resize(below.len(), 0.0);
            }
            let w = &mut below_buf[..below.len()];
            for xr in x.chunks_exact_mut(n) {
                for (wi, &i) in w.iter_mut().zip(below) {
                    *wi = xr[i as usize];
                }
                back_substitute(simd, panel, u12, m, &f.pivot_inverses[fr.step..fr.step + k], &mut xr[a.columns(s)], w);
            }
        }
    }
}

impl WithSimd for Sweep<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        if self.backward {
            self.backward_in_place(simd);
        } else {
            self.forward(simd);
        }
    }
}

/// Front `s`'s forward updates of the rows at positions `shared_from`
/// and after (one right-hand side `xr`, its pivots' forward values
/// already in place): what [`eliminate`] subtracts from them, in its order.
#[inline(always)]
fn replay_shared_updates(a: &FrontalAnalysis, f: &FrontalFactors, s: usize, shared_from: usize, xr: &mut [f64]) {
    let fr = &f.fronts[s];
    let (e, m) = (fr.eliminated, fr.order);
    let below = a.rows_below(s);
    // Rows below a front are in increasing position: the shared ones last.
    let skip = below.partition_point(|&i| (i as usize) < shared_from);
    if skip == below.len() {
        return;
    }
    let panel = &f.lu[fr.lu..fr.lu + m * e];
    let cols = a.columns(s);
    for p in 0..e {
        let t = xr[cols.start + p];
        if t != 0.0 {
            let col = &panel[p * m + e + skip..(p + 1) * m];
            for (&i, &l) in below[skip..].iter().zip(col) {
                xr[i as usize] -= t * l;
            }
        }
    }
}

/// `v = L^-1 v` over one front's `e` columns of L (`panel`, order `m`).
#[inline(always)]
fn eliminate<S: Simd>(simd: S, panel: &[f64], m: usize, e: usize, v: &mut [f64]) {
    for p in 0..e {
        let t = v[p];
        if t != 0.0 {
            subtract_multiple(simd, t, &panel[p * m + p + 1..(p + 1) * m], &mut v[p + 1..]);
        }
    }
}

/// `z = U^-1 x` (`z` by column position), front by front in reverse.
#[inline(always)]
fn backward<S: Simd>(simd: S, a: &FrontalAnalysis, f: &FrontalFactors, x: &[f64], z: &mut [f64], gathered: &mut Vec<f64>) {
    let n = a.n;
    for (s, fr) in f.fronts.iter().enumerate().rev() {
        let (e, m) = (fr.eliminated, fr.order);
        let (panel, u12) = f.lu[fr.lu..fr.lu + m * e + e * (m - e)].split_at(m * e);
        let inverses = &f.pivot_inverses[fr.step..fr.step + e];
        let own = a.columns(s);
        let (rows, cols): (&[u32], &[u32]) = if fr.index != NONE {
            f.index[fr.index..fr.index + 2 * m].split_at(m)
        } else {
            (&[], a.rows_below(s))
        };
        for (xr, zr) in x.chunks_exact(n).zip(z.chunks_exact_mut(n)) {
            gathered.clear();
            if fr.index != NONE {
                gathered.extend(rows[..e].iter().map(|&i| xr[i as usize]));
                gathered.extend(cols[e..].iter().map(|&j| zr[j as usize]));
            } else {
                gathered.extend(own.clone().map(|c| xr[c]));
                gathered.extend(cols.iter().map(|&i| zr[i as usize]));
            }
            let (v, w) = gathered.split_at_mut(e);
            back_substitute(simd, panel, u12, m, inverses, v, w);
            if fr.index != NONE {
                for (&j, &vj) in cols.iter().zip(v.iter()) {
                    zr[j as usize] = vj;
                }
            } else {
                zr[own.clone()].copy_from_slice(v);
            }
        }
    }
}

/// `v = U11^-1 (v - U12 w)` for one front (`e` pivots, order `m`).
#[inline(always)]
fn back_substitute<S: Simd>(simd: S, panel: &[f64], u12: &[f64], m: usize, inverses: &[f64], v: &mut [f64], w: &[f64]) {
    let (e, b) = (v.len(), m - v.len());
    if b > 0 {
        for (p, vp) in v.iter_mut().enumerate() {
            *vp -= dot(simd, &u12[p * b..(p + 1) * b], w);
        }
    }
    for p in (0..e).rev() {
        let col = &panel[p * m..p * m + p + 1];
        v[p] *= inverses[p];
        let t = v[p];
        if t != 0.0 {
            subtract_multiple(simd, t, &col[..p], &mut v[..p]);
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

/// [`extend_add`] entry by entry (a reshaped front: the runs of the
/// symbolic shape do not hold).
fn extend_add_scattered(front: &mut [f64], m: usize, block: &[f64], rel: &[u32]) {
    let mc = rel.len();
    for (col, &rj) in block[..mc * mc].chunks_exact(mc).zip(rel) {
        let dst = &mut front[rj as usize * m..(rj as usize + 1) * m];
        for (&v, &ri) in col.iter().zip(rel) {
            dst[ri as usize] += v;
        }
    }
}

#[cfg(test)]
impl FrontalAnalysis {
    /// L and U of a factorisation as dense `n x n` arrays (row-major by
    /// position: `l[r * n + t]` for row position `r` and elimination step
    /// `t`, `u[t * n + c]` for column position `c`).
    pub(super) fn dense_factors(&self, f: &FrontalFactors) -> (Vec<f64>, Vec<f64>) {
        let n = self.n;
        let (mut l, mut u) = (vec![0.0; n * n], vec![0.0; n * n]);
        for (s, fr) in f.fronts.iter().enumerate() {
            let (e, m) = (fr.eliminated, fr.order);
            let (rows, cols): (Vec<usize>, Vec<usize>) = if fr.index == NONE {
                let mut own: Vec<usize> = self.columns(s).collect();
                for (p, &q) in f.pivots[self.columns(s)].iter().enumerate() {
                    own.swap(p, q as usize);
                }
                let below = self.rows_below(s).iter().map(|&i| i as usize);
                (own.iter().copied().chain(below.clone()).collect(), self.columns(s).chain(below).collect())
            } else {
                let idx = &f.index[fr.index..fr.index + 2 * m];
                (idx[..m].iter().map(|&i| i as usize).collect(), idx[m..].iter().map(|&i| i as usize).collect())
            };
            let panel = &f.lu[fr.lu..fr.lu + m * e];
            let u12 = &f.lu[fr.lu + m * e..fr.lu + m * e + e * (m - e)];
            for t in 0..e {
                let step = fr.step + t;
                l[rows[t] * n + step] = 1.0;
                for i in t + 1..m {
                    l[rows[i] * n + step] = panel[i + t * m];
                }
                for j in t..e {
                    u[step * n + cols[j]] = panel[t + j * m];
                }
                for j in e..m {
                    u[step * n + cols[j]] = u12[t * (m - e) + j - e];
                }
            }
        }
        (l, u)
    }
}
