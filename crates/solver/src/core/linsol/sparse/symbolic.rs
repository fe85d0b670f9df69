//! The symbolic analysis of the multifrontal LU ([`super::frontal`]): done
//! once per pattern, it fixes the order of elimination and the shape of
//! every frontal matrix.
//!
//! 1. **Zero-free diagonal.** If some column has no entry on the diagonal
//!    (equations not written in the order of their unknowns, as process
//!    simulators often write them), a maximum transversal (Duff's MC21:
//!    depth-first augmenting paths) pairs each column with a row of it;
//!    the rows are renumbered by their column. No transversal: the pattern
//!    is structurally singular. (When the values show that the transversal
//!    pairs columns with small entries, the sparse solver analyses the
//!    pattern again on the transversal of `matching.rs`:
//!    [`FrontalAnalysis::with_transversal`].)
//! 2. **Fill-reducing order.** Approximate minimum degree (faer's AMD) on
//!    the symmetrised pattern A + A^T, then the postorder of the
//!    elimination tree (same fill, subtrees contiguous).
//! 3. **Supernodes.** Column counts of the Cholesky factor of the
//!    symmetrised pattern by row subtrees; fundamental supernodes, then
//!    relaxed amalgamation of a child into its parent while few explicit
//!    zeros result (CHOLMOD's rule), so that fronts are wide enough for the
//!    dense kernels.
//! 4. **Fronts.** For each supernode the rows below it (its front's other
//!    indices), where each original entry lands in which front, and where
//!    each child's contribution block lands in its parent's front.
//!
//! The factors of A + A^T's structure hold any pivot sequence that stays
//! inside the supernodes (restricted pivoting, `dense/front.rs`), so the
//! numeric factorisation allocates nothing beyond what is fixed here.

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::sparse::linalg::{amd, colamd};
use faer::sparse::SymbolicSparseColMatRef;

const NONE: usize = usize::MAX;

/// Why the multifrontal LU cannot be used on a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolicFailure {
    /// No transversal: every matrix on the pattern is singular.
    StructurallySingular,
    /// A front too large for the 32-bit offsets, or the ordering failed
    /// (out of memory): use the general sparse LU.
    TooLarge,
}

/// The analysed structure (all indices 0-based; "position" means the
/// index in the final elimination order).
#[derive(Debug)]
pub struct FrontalAnalysis {
    pub(super) n: usize,
    /// The transversal: the row paired with each column (original
    /// numbering), which lands on the diagonal.
    pub(super) row_of_col: Vec<usize>,
    /// The original row that is row `r` of the permuted matrix.
    pub(super) row_src: Vec<usize>,
    /// The original column that is column `c` of the permuted matrix.
    pub(super) col_src: Vec<usize>,
    /// Supernode `s` is columns `sn_start[s]..sn_start[s + 1]`.
    pub(super) sn_start: Vec<usize>,
    /// Parent supernode (`usize::MAX` for a root).
    pub(super) sn_parent: Vec<usize>,
    /// The rows below supernode `s` (positions after its last column,
    /// ascending) are `below[below_ptr[s]..below_ptr[s + 1]]`.
    pub(super) below_ptr: Vec<usize>,
    pub(super) below: Vec<u32>,
    /// Where those rows (and columns) sit in the parent's front.
    pub(super) in_parent: Vec<u32>,
    /// The same as runs of consecutive positions (on a 2-D grid they
    /// average five or six long): supernode `s`'s runs are
    /// `runs[run_ptr[s]..run_ptr[s + 1]]`, each (first row below, length).
    pub(super) run_ptr: Vec<usize>,
    pub(super) runs: Vec<(u32, u32)>,
    /// The original entries assembled into front `s` are
    /// `asm_src[asm_ptr[s]..asm_ptr[s + 1]]` (indices into the values),
    /// at offsets `asm_dst[..]` of the column-major front.
    pub(super) asm_ptr: Vec<usize>,
    pub(super) asm_src: Vec<u32>,
    pub(super) asm_dst: Vec<u32>,
    /// The permuted row of each value (indexed as the values are).
    pub(super) value_row: Vec<u32>,
    /// Supernode `s`'s factors start at `lu_ptr[s]`: the `m x k` panel
    /// (L11\U11 over L21) then the `k x (m - k)` block U12.
    pub(super) lu_ptr: Vec<usize>,
    /// The largest front order.
    pub(super) max_front: usize,
    /// Threads the numeric factorisation may use (1 or 2, see
    /// [`threads_from_environment`]); the factors are the same bits
    /// whatever it is.
    pub(super) threads: usize,
    /// Two sets of independent subtrees of the assembly tree that two
    /// threads may factor at the same time ([`TreeSplit`]); `None` for a
    /// tree without enough work on both sides.
    pub(super) split: Option<TreeSplit>,
}

/// Supernodes `first..mid` and `mid..end` are each whole subtrees (the
/// subtrees of consecutive children of one supernode, or roots): neither
/// range needs anything from the other, and both are done before `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeSplit {
    pub first: usize,
    pub mid: usize,
    pub end: usize,
}

/// Both sides of a [`TreeSplit`] must cost at least this many
/// multiply-adds (about 10 ms) for the analysis to keep it: below, a
/// second thread costs more than it saves, and small problems never start
/// one.
pub const TREE_SPLIT_MIN_WORK: f64 = 5e7;

/// The threads a factorisation may use: `DASKR_THREADS` (1 pins the sparse
/// LU to the calling thread; 2 or more: two threads), read once per
/// pattern analysis; unset, two when the machine has two processors or
/// more. Only fronts with a large Schur update use the second thread
/// ([`PARALLEL_MIN_WORK`](crate::core::linsol::dense::front::PARALLEL_MIN_WORK)),
/// and the factors are the same bits on one thread or two.
pub fn threads_from_environment() -> usize {
    match std::env::var("DASKR_THREADS").ok().and_then(|v| v.trim().parse::<usize>().ok()) {
        Some(t) => t.clamp(1, 2),
        None => std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
    }
}

impl FrontalAnalysis {
    /// Analyse a CSC pattern (`col_ptr`, `row_idx`, rows ascending, no
    /// duplicates) whose entry at CSC position `q` has index `value_of[q]`
    /// in the value array the numeric factorisation will be given.
    pub fn new(n: usize, col_ptr: &[usize], row_idx: &[usize], value_of: &[usize]) -> Result<Self, SymbolicFailure> {
        let row_of_col = transversal(n, col_ptr, row_idx).ok_or(SymbolicFailure::StructurallySingular)?;
        Self::with_transversal(n, col_ptr, row_idx, value_of, row_of_col)
    }

    /// [`FrontalAnalysis::new`] on a given transversal (`row_of_col[j]`, a
    /// row with an entry in column `j`, all distinct): one chosen from the
    /// values.
    pub fn with_transversal(
        n: usize,
        col_ptr: &[usize],
        row_idx: &[usize],
        value_of: &[usize],
        row_of_col: Vec<usize>,
    ) -> Result<Self, SymbolicFailure> {
        // The matched matrix: row i of A becomes row `col_of_row[i]`.
        let mut col_of_row = vec![0usize; n];
        for (j, &i) in row_of_col.iter().enumerate() {
            col_of_row[i] = j;
        }
        let matched: Vec<usize> = row_idx.iter().map(|&i| col_of_row[i]).collect();
        let amd_order = fill_reducing_order(n, col_ptr, &matched)?;
        let mut inv = vec![0usize; n];
        for (new, &old) in amd_order.iter().enumerate() {
            inv[old] = new;
        }
        let (adj_ptr, adj) = symmetric_adjacency(n, col_ptr, &matched, &inv);
        let parent = elimination_tree(n, &adj_ptr, &adj);
        let post = postorder(n, &parent);
        // Postorder labels, where the supernodes are found (the tree is the
        // same, relabelled).
        let in_postorder: Vec<usize> = post.iter().map(|&p| amd_order[p]).collect();
        for (k, &c) in in_postorder.iter().enumerate() {
            inv[c] = k;
        }
        let parent = relabel_tree(&parent, &post);
        let (adj_ptr, adj) = symmetric_adjacency(n, col_ptr, &matched, &inv);
        let counts = column_counts(n, &adj_ptr, &adj, &parent);
        let (order, sn_start) = relaxed_supernodes(n, &parent, &counts);
        // Final order: supernodes contiguous (an equivalent order: same
        // fill, same tree).
        let col_src: Vec<usize> = order.iter().map(|&k| in_postorder[k]).collect();
        for (k, &c) in col_src.iter().enumerate() {
            inv[c] = k;
        }
        let row_src = col_src.iter().map(|&c| row_of_col[c]).collect();
        let parent = relabel_tree(&parent, &order);
        let (adj_ptr, adj) = symmetric_adjacency(n, col_ptr, &matched, &inv);
        let mut a = FrontalAnalysis {
            n,
            row_of_col,
            row_src,
            col_src,
            sn_start,
            sn_parent: Vec::new(),
            below_ptr: Vec::new(),
            below: Vec::new(),
            in_parent: Vec::new(),
            run_ptr: Vec::new(),
            runs: Vec::new(),
            asm_ptr: Vec::new(),
            asm_src: Vec::new(),
            asm_dst: Vec::new(),
            value_row: Vec::new(),
            lu_ptr: Vec::new(),
            max_front: 0,
            threads: threads_from_environment(),
            split: None,
        };
        let mut sn_of = vec![0usize; n];
        for s in 0..a.supernodes() {
            sn_of[a.columns(s)].fill(s);
        }
        a.structure(&sn_of, &parent, &adj_ptr, &adj);
        if a.max_front > u16::MAX as usize {
            return Err(SymbolicFailure::TooLarge);
        }
        a.assembly(&sn_of, col_ptr, &matched, &inv, value_of);
        a.split = a.tree_split(TREE_SPLIT_MIN_WORK);
        Ok(a)
    }

    /// Factor on `threads` threads (1 or 2), splitting the tree when both
    /// sides cost at least `split_min_work`.
    pub(super) fn set_parallelism(&mut self, threads: usize, split_min_work: f64) {
        self.threads = threads.clamp(1, 2);
        self.split = self.tree_split(split_min_work);
    }

    /// The split of the assembly tree whose smaller side has the most work
    /// (a front's: `k m^2` multiply-adds): over every supernode (and the
    /// forest's roots together), its children's subtrees cut into a first
    /// and a last part. Ties go to the first; `None` when the smaller side
    /// is below `min_work`.
    fn tree_split(&self, min_work: f64) -> Option<TreeSplit> {
        let ns = self.supernodes();
        let mut subtree_work = vec![0.0f64; ns];
        let mut subtree_start: Vec<usize> = (0..ns).collect();
        // Children in increasing order, per parent (`ns`: the roots).
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); ns + 1];
        for s in 0..ns {
            let (k, m) = (self.columns(s).len() as f64, (self.columns(s).len() + self.rows_below(s).len()) as f64);
            subtree_work[s] += k * m * m;
            let p = self.sn_parent[s];
            let p = if p == NONE { ns } else { p };
            if p < ns {
                subtree_work[p] += subtree_work[s];
                subtree_start[p] = subtree_start[p].min(subtree_start[s]);
            }
            children[p].push(s);
        }
        let mut best: Option<(f64, TreeSplit)> = None;
        for list in children.iter().filter(|c| c.len() >= 2) {
            let total: f64 = list.iter().map(|&c| subtree_work[c]).sum();
            let mut before = 0.0;
            for t in 1..list.len() {
                before += subtree_work[list[t - 1]];
                let score = before.min(total - before);
                if best.is_none_or(|(b, _)| score > b) {
                    let split = TreeSplit {
                        first: subtree_start[list[0]],
                        mid: subtree_start[list[t]],
                        end: list[list.len() - 1] + 1,
                    };
                    best = Some((score, split));
                }
            }
        }
        let (_, split) = best.filter(|&(score, _)| score >= min_work)?;
        // Each side closed under parents up to the common parent (the
        // supernodes are in postorder; checked, not assumed).
        let common = self.sn_parent[split.end - 1];
        let closed = |range: std::ops::Range<usize>| {
            range.clone().all(|s| {
                let p = self.sn_parent[s];
                p == common || range.contains(&p)
            })
        };
        (closed(split.first..split.mid) && closed(split.mid..split.end)).then_some(split)
    }

    /// Is the transversal the diagonal (the pattern's diagonal full)?
    pub fn diagonal_is_full(&self) -> bool {
        self.row_of_col.iter().enumerate().all(|(j, &i)| i == j)
    }

    /// Supernodes.
    pub fn supernodes(&self) -> usize {
        self.sn_start.len() - 1
    }

    /// Columns of supernode `s`.
    pub(super) fn columns(&self, s: usize) -> std::ops::Range<usize> {
        self.sn_start[s]..self.sn_start[s + 1]
    }

    /// The rows below supernode `s`.
    pub(super) fn rows_below(&self, s: usize) -> &[u32] {
        &self.below[self.below_ptr[s]..self.below_ptr[s + 1]]
    }

    /// Entries of L and U, explicit zeros of the supernodes included.
    pub fn factor_entries(&self) -> usize {
        self.lu_ptr[self.supernodes()]
    }

    /// Parents, rows below, positions in the parent's front, factor
    /// offsets.
    fn structure(&mut self, sn_of: &[usize], parent: &[usize], adj_ptr: &[usize], adj: &[usize]) {
        let ns = self.supernodes();
        self.sn_parent = (0..ns)
            .map(|s| match parent[self.sn_start[s + 1] - 1] {
                NONE => NONE,
                p => sn_of[p],
            })
            .collect();
        // Children, to merge their rows below.
        let mut child_ptr = vec![0usize; ns + 1];
        for &p in self.sn_parent.iter().filter(|&&p| p != NONE) {
            child_ptr[p + 1] += 1;
        }
        for s in 0..ns {
            child_ptr[s + 1] += child_ptr[s];
        }
        let mut children = vec![0usize; child_ptr[ns]];
        let mut fill = child_ptr.clone();
        for (s, &p) in self.sn_parent.iter().enumerate().filter(|(_, &p)| p != NONE) {
            children[fill[p]] = s;
            fill[p] += 1;
        }
        let mut mark = vec![NONE; self.n];
        self.below_ptr = vec![0];
        let mut rows = Vec::new();
        for s in 0..ns {
            let cols = self.columns(s);
            rows.clear();
            for j in cols.clone() {
                for &i in &adj[adj_ptr[j]..adj_ptr[j + 1]] {
                    if i >= cols.end && mark[i] != s {
                        mark[i] = s;
                        rows.push(i);
                    }
                }
            }
            for &c in &children[child_ptr[s]..child_ptr[s + 1]] {
                for t in self.below_ptr[c]..self.below_ptr[c + 1] {
                    let i = self.below[t] as usize;
                    if i >= cols.end && mark[i] != s {
                        mark[i] = s;
                        rows.push(i);
                    }
                }
            }
            rows.sort_unstable();
            self.below.extend(rows.iter().map(|&i| i as u32));
            self.below_ptr.push(self.below.len());
        }
        // Positions in the parent's front: columns first, then its rows below.
        let mut local = vec![0u32; self.n];
        self.in_parent = vec![0; self.below.len()];
        self.lu_ptr = Vec::with_capacity(ns + 1);
        self.lu_ptr.push(0);
        for s in 0..ns {
            let cols = self.columns(s);
            let k = cols.len();
            for (t, j) in cols.clone().enumerate() {
                local[j] = t as u32;
            }
            for (t, &i) in self.rows_below(s).iter().enumerate() {
                local[i as usize] = (k + t) as u32;
            }
            for &c in &children[child_ptr[s]..child_ptr[s + 1]] {
                for t in self.below_ptr[c]..self.below_ptr[c + 1] {
                    self.in_parent[t] = local[self.below[t] as usize];
                }
            }
            let m = k + self.rows_below(s).len();
            self.max_front = self.max_front.max(m);
            let last = self.lu_ptr[s];
            self.lu_ptr.push(last + m * k + k * (m - k));
        }
        self.run_ptr = Vec::with_capacity(ns + 1);
        self.run_ptr.push(0);
        for s in 0..ns {
            let rel = &self.in_parent[self.below_ptr[s]..self.below_ptr[s + 1]];
            let own = self.run_ptr[s];
            for (t, &p) in rel.iter().enumerate() {
                let extends = self.runs.len() > own && {
                    let (first, len) = self.runs[self.runs.len() - 1];
                    rel[first as usize] + len == p
                };
                match self.runs.last_mut() {
                    Some((_, len)) if extends => *len += 1,
                    _ => self.runs.push((t as u32, 1)),
                }
            }
            self.run_ptr.push(self.runs.len());
        }
    }

    /// Where each original entry is added into which front.
    fn assembly(&mut self, sn_of: &[usize], col_ptr: &[usize], matched: &[usize], inv: &[usize], value_of: &[usize]) {
        let (n, ns) = (self.n, self.supernodes());
        // Entry q: permuted row inv[matched[q]], column inv[j]; it belongs
        // to the front of the earlier of the two.
        let mut owner = vec![0usize; matched.len()];
        let mut count = vec![0usize; ns + 1];
        for j in 0..n {
            for q in col_ptr[j]..col_ptr[j + 1] {
                let s = sn_of[inv[matched[q]].min(inv[j])];
                owner[q] = s;
                count[s + 1] += 1;
            }
        }
        for s in 0..ns {
            count[s + 1] += count[s];
        }
        self.asm_ptr = count.clone();
        let mut entries = vec![0usize; matched.len()];
        for (q, &s) in owner.iter().enumerate() {
            entries[count[s]] = q;
            count[s] += 1;
        }
        // The column of each CSC position.
        let mut col_of = vec![0usize; matched.len()];
        for j in 0..n {
            col_of[col_ptr[j]..col_ptr[j + 1]].fill(j);
        }
        let mut local = vec![0usize; n];
        self.asm_src = Vec::with_capacity(entries.len());
        self.asm_dst = Vec::with_capacity(entries.len());
        self.value_row = vec![0; entries.len()];
        for s in 0..ns {
            let cols = self.columns(s);
            let k = cols.len();
            for (t, j) in cols.enumerate() {
                local[j] = t;
            }
            for (t, &i) in self.rows_below(s).iter().enumerate() {
                local[i as usize] = k + t;
            }
            let m = k + self.rows_below(s).len();
            for &q in &entries[self.asm_ptr[s]..self.asm_ptr[s + 1]] {
                let (r, c) = (inv[matched[q]], inv[col_of[q]]);
                self.asm_src.push(value_of[q] as u32);
                self.asm_dst.push((local[r] + local[c] * m) as u32);
                self.value_row[value_of[q]] = r as u32;
            }
        }
    }
}

/// A maximum transversal: `row_of_col[j]`, a row with an entry in column
/// `j`, all distinct; `None` if there is none (structurally singular).
/// The diagonal when it is complete; otherwise depth-first augmenting
/// paths with a look-ahead for a free row (Duff's MC21).
fn transversal(n: usize, col_ptr: &[usize], row_idx: &[usize]) -> Option<Vec<usize>> {
    let has_diagonal = |j: usize| row_idx[col_ptr[j]..col_ptr[j + 1]].binary_search(&j).is_ok();
    if (0..n).all(has_diagonal) {
        return Some((0..n).collect());
    }
    let mut col_of_row = vec![NONE; n];
    let mut row_of_col = vec![NONE; n];
    // Cheap pass: the first free row of each column.
    for j in 0..n {
        if let Some(&i) = row_idx[col_ptr[j]..col_ptr[j + 1]].iter().find(|&&i| col_of_row[i] == NONE) {
            col_of_row[i] = j;
            row_of_col[j] = i;
        }
    }
    let mut visited = vec![NONE; n];
    let mut next = vec![0usize; n]; // next position to scan in each column
    let mut path: Vec<(usize, usize)> = Vec::new(); // (column, row taken from it)
    for j0 in 0..n {
        if row_of_col[j0] != NONE {
            continue;
        }
        path.clear();
        let mut j = j0;
        next[j] = col_ptr[j];
        let free = loop {
            // Look ahead for a free row, then go deeper through a matched one.
            let rows = &row_idx[col_ptr[j]..col_ptr[j + 1]];
            if let Some(&i) = rows.iter().find(|&&i| col_of_row[i] == NONE) {
                break Some(i);
            }
            let mut deeper = None;
            while next[j] < col_ptr[j + 1] {
                let i = row_idx[next[j]];
                next[j] += 1;
                if visited[i] != j0 {
                    visited[i] = j0;
                    deeper = Some(i);
                    break;
                }
            }
            match deeper {
                Some(i) => {
                    path.push((j, i));
                    j = col_of_row[i];
                    next[j] = col_ptr[j];
                }
                None => match path.pop() {
                    Some((back, _)) => j = back,
                    None => break None,
                },
            }
        };
        let mut i = free?;
        // Augment: the last column takes the free row, each earlier one the
        // row it passed through.
        loop {
            col_of_row[i] = j;
            row_of_col[j] = i;
            match path.pop() {
                Some((back, through)) => {
                    j = back;
                    i = through;
                }
                None => break,
            }
        }
    }
    Some(row_of_col)
}

/// The column order of the general LU (`order[new] = old`): COLAMD on
/// the pattern, which orders the columns for a small Cholesky factor of
/// A^T A and so bounds the fill of L and U whatever rows the partial
/// pivoting picks; the natural order if COLAMD cannot run (out of memory).
pub fn column_order(n: usize, col_ptr: &[usize], row_idx: &[usize]) -> Vec<usize> {
    let a = SymbolicSparseColMatRef::new_checked(n, n, col_ptr, None, row_idx);
    let (mut perm, mut perm_inv) = (vec![0usize; n], vec![0usize; n]);
    let ordered = MemBuffer::try_new(colamd::order_scratch::<usize>(n, n, row_idx.len())).is_ok_and(|mut mem| {
        colamd::order(&mut perm, &mut perm_inv, a, colamd::Control::default(), MemStack::new(&mut mem)).is_ok()
    });
    if ordered {
        perm
    } else {
        (0..n).collect()
    }
}

/// AMD on A + A^T: `order[new] = old`.
fn minimum_degree(n: usize, col_ptr: &[usize], rows: &[usize]) -> Result<Vec<usize>, SymbolicFailure> {
    let a = SymbolicSparseColMatRef::new_unsorted_checked(n, n, col_ptr, None, rows);
    let (mut perm, mut perm_inv) = (vec![0usize; n], vec![0usize; n]);
    let mut mem = MemBuffer::try_new(amd::order_maybe_unsorted_scratch::<usize>(n, rows.len()))
        .map_err(|_| SymbolicFailure::TooLarge)?;
    amd::order_maybe_unsorted(&mut perm, &mut perm_inv, a, amd::Control::default(), MemStack::new(&mut mem))
        .map_err(|_| SymbolicFailure::TooLarge)?;
    Ok(perm)
}

/// Approximate minimum degree on a symmetric pattern without its diagonal
/// (a subgraph of [`super::dissection`]).
pub(super) fn minimum_degree_symmetric(n: usize, col_ptr: &[usize], rows: &[usize]) -> Result<Vec<usize>, SymbolicFailure> {
    minimum_degree(n, col_ptr, rows)
}

/// Patterns of at least this many columns are ordered by nested
/// dissection as well as by minimum degree, and take the order whose
/// Cholesky factor of A + A^T costs fewer operations (a choice made on the
/// pattern alone). Below, minimum degree only: smaller meshes gain little,
/// and the analysis stays as cheap as it was.
pub const DISSECTION_MIN: usize = 20_000;

/// Which fill-reducing order the analysis takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderChoice {
    /// Minimum degree, or nested dissection from [`DISSECTION_MIN`]
    /// columns on when it predicts fewer operations.
    Automatic,
    MinimumDegree,
    NestedDissection,
}

/// `DASKR_ORDERING` (`amd` or `nd`; anything else or unset: automatic),
/// read once per pattern analysis: for measurements.
pub fn order_from_environment() -> OrderChoice {
    match std::env::var("DASKR_ORDERING").as_deref().map(str::trim) {
        Ok("amd") | Ok("AMD") => OrderChoice::MinimumDegree,
        Ok("nd") | Ok("ND") => OrderChoice::NestedDissection,
        _ => OrderChoice::Automatic,
    }
}

/// The fill-reducing order of the matched pattern (`order[new] = old`).
fn fill_reducing_order(n: usize, col_ptr: &[usize], matched: &[usize]) -> Result<Vec<usize>, SymbolicFailure> {
    let choice = order_from_environment();
    if choice == OrderChoice::MinimumDegree || (choice == OrderChoice::Automatic && n < DISSECTION_MIN) {
        return minimum_degree(n, col_ptr, matched);
    }
    let identity: Vec<usize> = (0..n).collect();
    let (adj_ptr, adj) = symmetric_adjacency(n, col_ptr, matched, &identity);
    let dissection = super::dissection::nested_dissection(n, &adj_ptr, &adj)?;
    if choice == OrderChoice::NestedDissection {
        return Ok(dissection);
    }
    let amd = minimum_degree(n, col_ptr, matched)?;
    let cost = |order: &[usize]| {
        let mut inv = vec![0usize; n];
        for (new, &old) in order.iter().enumerate() {
            inv[old] = new;
        }
        predicted_cost(n, col_ptr, matched, &inv).1
    };
    Ok(if cost(&dissection) < cost(&amd) { dissection } else { amd })
}

/// Entries of the Cholesky factor of A + A^T (diagonal included) and its
/// operations (the sum of the squared column counts) in the order `inv`
/// (old -> new).
pub fn predicted_cost(n: usize, col_ptr: &[usize], rows: &[usize], inv: &[usize]) -> (u128, u128) {
    let (adj_ptr, adj) = symmetric_adjacency(n, col_ptr, rows, inv);
    let parent = elimination_tree(n, &adj_ptr, &adj);
    let counts = column_counts(n, &adj_ptr, &adj, &parent);
    let entries = counts.iter().map(|&c| c as u128).sum();
    let ops = counts.iter().map(|&c| (c as u128) * (c as u128)).sum();
    (entries, ops)
}

/// The adjacency of A + A^T without the diagonal, relabelled by `inv`
/// (old -> new), each list ascending.
fn symmetric_adjacency(n: usize, col_ptr: &[usize], rows: &[usize], inv: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut ptr = vec![0usize; n + 1];
    for j in 0..n {
        for &i in &rows[col_ptr[j]..col_ptr[j + 1]] {
            if i != j {
                ptr[inv[i] + 1] += 1;
                ptr[inv[j] + 1] += 1;
            }
        }
    }
    for k in 0..n {
        ptr[k + 1] += ptr[k];
    }
    let mut adj = vec![0usize; ptr[n]];
    let mut fill = ptr.clone();
    for j in 0..n {
        for &i in &rows[col_ptr[j]..col_ptr[j + 1]] {
            if i != j {
                let (a, b) = (inv[i], inv[j]);
                adj[fill[a]] = b;
                fill[a] += 1;
                adj[fill[b]] = a;
                fill[b] += 1;
            }
        }
    }
    // Sort and drop the duplicates (an entry and its transpose).
    let mut out_ptr = vec![0usize; n + 1];
    let mut out = Vec::with_capacity(adj.len());
    for k in 0..n {
        let list = &mut adj[ptr[k]..ptr[k + 1]];
        list.sort_unstable();
        let start = out.len();
        for &v in list.iter() {
            if out.len() == start || *out.last().expect("non-empty") != v {
                out.push(v);
            }
        }
        out_ptr[k + 1] = out.len();
    }
    (out_ptr, out)
}

/// The elimination tree of a symmetric pattern (Liu's algorithm with path
/// compression): `parent[j]`, or `NONE` for a root.
fn elimination_tree(n: usize, adj_ptr: &[usize], adj: &[usize]) -> Vec<usize> {
    let mut parent = vec![NONE; n];
    let mut ancestor = vec![NONE; n];
    for j in 0..n {
        for &i in &adj[adj_ptr[j]..adj_ptr[j + 1]] {
            if i >= j {
                break;
            }
            let mut r = i;
            while ancestor[r] != NONE && ancestor[r] != j {
                let next = ancestor[r];
                ancestor[r] = j;
                r = next;
            }
            if ancestor[r] == NONE {
                ancestor[r] = j;
                parent[r] = j;
            }
        }
    }
    parent
}

/// The tree `parent` under new labels: `order[new] = old` must be a
/// topological order of it (children before parents), which keeps the
/// elimination tree of the reordered pattern the same tree (an equivalent
/// reordering: Liu).
fn relabel_tree(parent: &[usize], order: &[usize]) -> Vec<usize> {
    let mut new_label = vec![0usize; order.len()];
    for (new, &old) in order.iter().enumerate() {
        new_label[old] = new;
    }
    order
        .iter()
        .map(|&old| match parent[old] {
            NONE => NONE,
            p => new_label[p],
        })
        .collect()
}

/// A postorder of the forest: `post[k]` is the k-th node (children in
/// increasing order, each subtree contiguous).
fn postorder(n: usize, parent: &[usize]) -> Vec<usize> {
    let mut head = vec![NONE; n];
    let mut next = vec![NONE; n];
    for j in (0..n).rev() {
        if parent[j] != NONE {
            next[j] = head[parent[j]];
            head[parent[j]] = j;
        }
    }
    let mut post = Vec::with_capacity(n);
    let mut stack = Vec::new();
    for root in (0..n).filter(|&j| parent[j] == NONE) {
        stack.push(root);
        while let Some(&j) = stack.last() {
            match head[j] {
                NONE => {
                    post.push(j);
                    stack.pop();
                }
                child => {
                    head[j] = next[child];
                    stack.push(child);
                }
            }
        }
    }
    post
}

/// Entries of each column of the Cholesky factor (diagonal included), by
/// walking each row's subtree: L(i, j) != 0 for the nodes j on the paths
/// from the entries A(i, k), k < i, up to i.
fn column_counts(n: usize, adj_ptr: &[usize], adj: &[usize], parent: &[usize]) -> Vec<usize> {
    let mut count = vec![1usize; n];
    let mut mark = vec![NONE; n];
    for i in 0..n {
        mark[i] = i;
        for &k in &adj[adj_ptr[i]..adj_ptr[i + 1]] {
            if k >= i {
                break;
            }
            let mut j = k;
            while j != NONE && mark[j] != i {
                mark[j] = i;
                count[j] += 1;
                j = parent[j];
            }
        }
    }
    count
}

/// Relaxed supernodes of a postordered tree: the new order of the
/// columns (`order[new] = old`) in which each supernode is contiguous, and
/// the supernode boundaries in it (`start`, `n` last).
///
/// Fundamental supernodes (chains whose columns share their structure)
/// first; then, children before parents, a child supernode is merged into
/// its parent when the merged one keeps few explicit zeros (CHOLMOD's
/// relaxation rule, with its 80 % for up to 16 columns lowered to 50 %:
/// always up to 4 columns, up to 16 with < 50 % zeros, up to 48 with
/// < 10 %, beyond with < 5 %; on HEAT100 this gives 1630 supernodes and
/// 498 000 factor entries, against 615 000 with 80 % and 4999 supernodes
/// without relaxation, the fastest factorisation and solve of the
/// variants measured). Any child may merge, not only the
/// one that precedes its parent: the merged columns are then renumbered
/// together, children's columns first, which is a topological order of
/// the elimination tree and so has the same fill. (On a 2-D grid in AMD
/// order three quarters of the fundamental supernodes are single columns
/// with one to three rows below; merged, they stop dominating the cost of
/// the factorisation and of every solve.)
fn relaxed_supernodes(n: usize, parent: &[usize], counts: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut child_count = vec![0usize; n];
    for &p in parent.iter().filter(|&&p| p != NONE) {
        child_count[p] += 1;
    }
    let mut start = vec![0usize];
    for j in 1..n {
        let continues = parent[j - 1] == j && child_count[j] == 1 && counts[j] + 1 == counts[j - 1];
        if !continues {
            start.push(j);
        }
    }
    start.push(n);
    let ns = start.len() - 1;
    let mut sn_of_col = vec![0usize; n];
    for s in 0..ns {
        sn_of_col[start[s]..start[s + 1]].fill(s);
    }
    let sn_parent: Vec<usize> = (0..ns)
        .map(|s| match parent[start[s + 1] - 1] {
            NONE => NONE,
            p => sn_of_col[p],
        })
        .collect();
    // Per (merged) supernode: columns, height of its first column, explicit
    // zeros, and the supernodes merged into it (last merged first).
    let mut cols: Vec<usize> = (0..ns).map(|s| start[s + 1] - start[s]).collect();
    let mut height: Vec<usize> = (0..ns).map(|s| counts[start[s]]).collect();
    let mut zeros = vec![0usize; ns];
    let mut merged: Vec<Vec<usize>> = vec![Vec::new(); ns];
    let mut absorbed = vec![false; ns];
    // Children before parents: supernodes are numbered in postorder.
    for c in 0..ns {
        let p = sn_parent[c];
        if p == NONE {
            continue;
        }
        let merged_cols = cols[c] + cols[p];
        let merged_height = cols[c] + height[p];
        let added = cols[c] * (merged_height - height[c]);
        let total_zeros = zeros[c] + zeros[p] + added;
        let entries = merged_cols * merged_height - merged_cols * (merged_cols - 1) / 2;
        let z = total_zeros as f64 / entries as f64;
        let merge = merged_cols <= 4 || (merged_cols <= 16 && z < 0.5) || (merged_cols <= 48 && z < 0.1) || z < 0.05;
        if merge {
            absorbed[c] = true;
            merged[p].push(c);
            cols[p] = merged_cols;
            height[p] = merged_height;
            zeros[p] = total_zeros;
        }
    }
    // The surviving supernodes in postorder of their tree, each one's
    // columns: its merged children's (last merged first, recursively),
    // then its own.
    let root_of = |mut s: usize| {
        while absorbed[s] {
            s = sn_parent[s];
        }
        s
    };
    let mut group_children: Vec<Vec<usize>> = vec![Vec::new(); ns];
    let mut roots = Vec::new();
    for s in (0..ns).filter(|&s| !absorbed[s]) {
        match sn_parent[s] {
            NONE => roots.push(s),
            p => group_children[root_of(p)].push(s),
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut out_start = vec![0usize];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let mut members = Vec::new();
    for &root in &roots {
        stack.push((root, 0));
        while let Some(&mut (g, ref mut next)) = stack.last_mut() {
            if *next < group_children[g].len() {
                let child = group_children[g][*next];
                *next += 1;
                stack.push((child, 0));
                continue;
            }
            stack.pop();
            // Emit group g: members in merge order, depth first.
            members.clear();
            members.push((g, false));
            while let Some((s, expanded)) = members.pop() {
                if expanded {
                    order.extend(start[s]..start[s + 1]);
                } else {
                    members.push((s, true));
                    // Pushed in merge order, so popped last merged first.
                    for &c in &merged[s] {
                        members.push((c, false));
                    }
                }
            }
            out_start.push(order.len());
        }
    }
    (order, out_start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn csc(n: usize, entries: &[(usize, usize)]) -> (Vec<usize>, Vec<usize>) {
        let mut cols: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(i, j) in entries {
            cols[j].push(i);
        }
        let mut ptr = vec![0];
        let mut rows = Vec::new();
        for c in cols.iter_mut() {
            c.sort_unstable();
            rows.extend_from_slice(c);
            ptr.push(rows.len());
        }
        (ptr, rows)
    }

    #[test]
    fn transversal_finds_a_zero_free_diagonal_or_none() {
        // Anti-diagonal plus one entry: needs augmenting.
        let n = 5;
        let mut e: Vec<(usize, usize)> = (0..n).map(|j| (n - 1 - j, j)).collect();
        e.push((0, 0));
        let (p, r) = csc(n, &e);
        let m = transversal(n, &p, &r).unwrap();
        let mut seen = vec![false; n];
        for (j, &i) in m.iter().enumerate() {
            assert!(r[p[j]..p[j + 1]].contains(&i));
            assert!(!seen[i]);
            seen[i] = true;
        }
        // A chain that needs a long augmenting path.
        let n = 6;
        let mut e = vec![(0, 0)];
        for j in 1..n {
            e.push((j - 1, j));
            e.push((j, j - 1));
        }
        let (p, r) = csc(n, &e);
        assert!(transversal(n, &p, &r).is_some());
        // Two columns sharing their only row.
        let (p, r) = csc(3, &[(0, 0), (0, 1), (1, 2), (2, 2)]);
        assert!(transversal(3, &p, &r).is_none());
    }

    /// The relabelled tree equals the elimination tree computed afresh in
    /// the postorder and in the relaxed-supernode order.
    #[test]
    fn relabelled_trees_are_the_elimination_trees_of_the_reordered_patterns() {
        for (n, seed) in [(60usize, 3u64), (400, 5)] {
            let mut x = seed;
            let mut e: Vec<(usize, usize)> = (0..n).map(|i| (i, i)).collect();
            for _ in 0..3 * n {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let (i, j) = ((x >> 20) as usize % n, (x >> 40) as usize % n);
                e.push((i, j));
            }
            e.sort_unstable();
            e.dedup();
            let (p, r) = csc(n, &e);
            let order0 = minimum_degree(n, &p, &r).unwrap();
            let relabelled = |order: &[usize]| {
                let mut inv = vec![0; n];
                for (k, &c) in order.iter().enumerate() {
                    inv[c] = k;
                }
                symmetric_adjacency(n, &p, &r, &inv)
            };
            let (ap, a) = relabelled(&order0);
            let parent = elimination_tree(n, &ap, &a);
            let post = postorder(n, &parent);
            let order1: Vec<usize> = post.iter().map(|&k| order0[k]).collect();
            let parent1 = relabel_tree(&parent, &post);
            let (ap, a) = relabelled(&order1);
            assert_eq!(parent1, elimination_tree(n, &ap, &a));
            let counts = column_counts(n, &ap, &a, &parent1);
            let (order, _) = relaxed_supernodes(n, &parent1, &counts);
            let order2: Vec<usize> = order.iter().map(|&k| order1[k]).collect();
            let (ap, a) = relabelled(&order2);
            assert_eq!(relabel_tree(&parent1, &order), elimination_tree(n, &ap, &a));
        }
    }

    #[test]
    fn supernodes_cover_the_columns_and_fronts_hold_the_children() {
        let m = 12;
        let n = m * m;
        let mut e = Vec::new();
        for j in 0..m {
            for i in 0..m {
                let k = i + j * m;
                e.push((k, k));
                if i > 0 {
                    e.push((k - 1, k));
                }
                if i + 1 < m {
                    e.push((k + 1, k));
                }
                if j > 0 {
                    e.push((k - m, k));
                }
                if j + 1 < m {
                    e.push((k + m, k));
                }
            }
        }
        let (p, r) = csc(n, &e);
        let value_of: Vec<usize> = (0..r.len()).collect();
        let a = FrontalAnalysis::new(n, &p, &r, &value_of).unwrap();
        assert_eq!(a.sn_start[0], 0);
        assert_eq!(*a.sn_start.last().unwrap(), n);
        assert!(a.sn_start.windows(2).all(|w| w[0] < w[1]));
        for s in 0..a.supernodes() {
            let end = a.columns(s).end;
            assert!(a.rows_below(s).iter().all(|&i| i as usize >= end));
            if a.sn_parent[s] != NONE {
                assert!(a.sn_parent[s] > s);
            } else {
                assert!(a.rows_below(s).is_empty());
            }
        }
        assert_eq!(a.asm_src.len(), e.len());

        let mut sorted = a.col_src.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..n).collect::<Vec<_>>());
    }
}
