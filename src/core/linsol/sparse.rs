//! The sparse direct solver: the iteration matrix J = dF/dz + CJ*dF/dzdot
//! on the caller's coordinate pattern (JROW, JCOL), its values in RWORK in
//! the caller's order, formed by the user's JAC or by difference quotients
//! over a column colouring, and LU-factored by faer (COLAMD column order,
//! partial pivoting).
//!
//! # State and caches
//!
//! The values of J live in RWORK; the factors (and the pattern analysis)
//! are a rebuildable per-thread cache. A factorisation is identified by a
//! stamp kept in two IWORK slots, drawn from a process-wide sequence that
//! starts at a value mixed from the clock and the process id, so no other
//! matrix carries it; the cache entry also records a checksum of the values
//! it was computed from. When a call finds no entry for its stamp (a
//! restored checkpoint, another integration interleaved on this thread, a
//! call from another thread), it refactors from RWORK: the same values give
//! the same factors, bit for bit. The cache holds a few patterns and a few
//! factorisations per thread, least recently used first out, so memory
//! stays flat however many integrations run.
//!
//! faer does not report a zero pivot (it divides by it); the diagonal of U
//! is scanned after each factorisation and an exactly zero or non-finite
//! pivot is reported as [`LinearFailure::Singular`] (DDASKR's singular
//! path).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::perm::PermRef;
use faer::sparse::linalg::colamd;
use faer::sparse::linalg::lu::simplicial::{self, SimplicialLu};
use faer::sparse::{SparseColMatRef, SymbolicSparseColMatRef};
use faer::{Conj, MatMut, Par};

use super::direct::DIRECT_POLICY;
use super::dq::{difference_quotients, ColumnGroups};
use super::{JacobianSource, LinearFailure, LinearResult, LinearSolver, Policy, Setup, SolvePoint};
use crate::core::counters::Counters;
use crate::core::problem::{CallbackStatus, DaeSystem, MatrixStorage};
use crate::types::{FInt, Real};

/// An entry of the caller's pattern that cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// JROW(k) or JCOL(k) outside 1..NEQ (k 1-based).
    #[error("entry {k} of the pattern is outside 1..NEQ")]
    OutOfRange { k: usize },
    /// (JROW(k), JCOL(k)) repeats an earlier entry.
    #[error("entry {k} of the pattern repeats an earlier one")]
    Duplicate { k: usize },
}

/// A partition of the columns into groups that share no row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    starts: Vec<usize>,
    columns: Vec<usize>,
    largest: usize,
}

impl ColumnGroups for Colouring {
    fn count(&self) -> usize {
        self.starts.len() - 1
    }
    fn columns(&self, g: usize) -> impl Iterator<Item = usize> + '_ {
        self.columns[self.starts[g]..self.starts[g + 1]].iter().copied()
    }
    fn largest(&self) -> usize {
        self.largest
    }
}

/// The analysed pattern: CSC structure, colouring, column order.
#[derive(Clone, Debug)]
pub struct Pattern {
    n: usize,
    /// CSC structure, 0-based, rows ascending within a column.
    col_ptr: Vec<usize>,
    row_idx: Vec<usize>,
    /// CSC position -> the caller's entry (0-based k).
    to_user: Vec<usize>,
    colouring: Colouring,
    /// COLAMD's fill-reducing column order (the symbolic analysis).
    col_perm: Vec<usize>,
    col_perm_inv: Vec<usize>,
}

/// FNV-1a over 32-bit words.
fn fnv(words: impl Iterator<Item = u64>) -> u64 {
    words.fold(0xcbf2_9ce4_8422_2325, |h, w| (h ^ w).wrapping_mul(0x0100_0000_01b3))
}

/// The cache key of a pattern: NEQ and the coordinate lists.
pub fn pattern_key(n: usize, rows: &[FInt], cols: &[FInt]) -> u64 {
    let words = rows.iter().zip(cols).map(|(&r, &c)| ((r as u32 as u64) << 32) | c as u32 as u64);
    fnv(std::iter::once(n as u64).chain(words))
}

/// Check the caller's pattern: every entry in 1..NEQ, no entry twice.
pub fn validate_pattern(n: usize, rows: &[FInt], cols: &[FInt]) -> Result<(), PatternError> {
    let in_range = |v: FInt| v >= 1 && (v as usize) <= n;
    if let Some(k) = rows.iter().zip(cols).position(|(&r, &c)| !in_range(r) || !in_range(c)) {
        return Err(PatternError::OutOfRange { k: k + 1 });
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_unstable_by_key(|&k| (cols[k], rows[k], k));
    for w in order.windows(2) {
        if (cols[w[0]], rows[w[0]]) == (cols[w[1]], rows[w[1]]) {
            return Err(PatternError::Duplicate { k: w[0].max(w[1]) + 1 });
        }
    }
    Ok(())
}

impl Pattern {
    /// Analyse a validated pattern.
    pub fn new(n: usize, rows: &[FInt], cols: &[FInt]) -> Result<Pattern, PatternError> {
        validate_pattern(n, rows, cols)?;
        let nnz = rows.len();
        // CSC by a counting sort on the column, rows ascending.
        let mut col_ptr = vec![0usize; n + 1];
        for &c in cols {
            col_ptr[c as usize] += 1;
        }
        for j in 0..n {
            col_ptr[j + 1] += col_ptr[j];
        }
        let mut order: Vec<usize> = (0..nnz).collect();
        order.sort_unstable_by_key(|&k| (cols[k], rows[k]));
        let row_idx: Vec<usize> = order.iter().map(|&k| rows[k] as usize - 1).collect();
        let colouring = greedy_colouring(n, &col_ptr, &row_idx);
        let (col_perm, col_perm_inv) = column_order(n, &col_ptr, &row_idx);
        Ok(Pattern { n, col_ptr, row_idx, to_user: order, colouring, col_perm, col_perm_inv })
    }

    /// Residual calls per difference-quotient Jacobian (for tests and
    /// benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn colour_count(&self) -> usize {
        self.colouring.count()
    }

    fn symbolic(&self) -> SymbolicSparseColMatRef<'_, usize> {
        SymbolicSparseColMatRef::new_checked(self.n, self.n, &self.col_ptr, None, &self.row_idx)
    }
}

/// Greedy distance-2 colouring: each column takes the smallest colour no
/// column sharing a row with it has. A 5-point stencil needs about five.
fn greedy_colouring(n: usize, col_ptr: &[usize], row_idx: &[usize]) -> Colouring {
    // Rows -> columns (CSR of the pattern).
    let mut row_ptr = vec![0usize; n + 1];
    for &r in row_idx {
        row_ptr[r + 1] += 1;
    }
    for i in 0..n {
        row_ptr[i + 1] += row_ptr[i];
    }
    let mut fill = row_ptr.clone();
    let mut row_cols = vec![0usize; row_idx.len()];
    for j in 0..n {
        for &r in &row_idx[col_ptr[j]..col_ptr[j + 1]] {
            row_cols[fill[r]] = j;
            fill[r] += 1;
        }
    }
    let mut colour = vec![usize::MAX; n];
    let mut forbidden: Vec<usize> = Vec::new();
    let mut ncolours = 0;
    for j in 0..n {
        for &r in &row_idx[col_ptr[j]..col_ptr[j + 1]] {
            for &c in &row_cols[row_ptr[r]..row_ptr[r + 1]] {
                if colour[c] != usize::MAX {
                    forbidden[colour[c]] = j;
                }
            }
        }
        let pick = (0..ncolours).find(|&c| forbidden[c] != j).unwrap_or(ncolours);
        if pick == ncolours {
            ncolours += 1;
            forbidden.push(usize::MAX);
        }
        colour[j] = pick;
    }
    let mut starts = vec![0usize; ncolours + 1];
    for &c in &colour {
        starts[c + 1] += 1;
    }
    for g in 0..ncolours {
        starts[g + 1] += starts[g];
    }
    let largest = (0..ncolours).map(|g| starts[g + 1] - starts[g]).max().unwrap_or(0);
    let mut fill = starts.clone();
    let mut columns = vec![0usize; n];
    for (j, &c) in colour.iter().enumerate() {
        columns[fill[c]] = j;
        fill[c] += 1;
    }
    Colouring { starts, columns, largest }
}

/// COLAMD's column order for the pattern.
fn column_order(n: usize, col_ptr: &[usize], row_idx: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let (mut fwd, mut inv) = (vec![0usize; n], vec![0usize; n]);
    let sym = SymbolicSparseColMatRef::new_checked(n, n, col_ptr, None, row_idx);
    let req = colamd::order_scratch::<usize>(n, n, row_idx.len());
    let mut mem = MemBuffer::new(req);
    if colamd::order(&mut fwd, &mut inv, sym, colamd::Control::default(), MemStack::new(&mut mem)).is_err() {
        // Natural order if COLAMD cannot run (it only fails for lack of memory).
        for (i, (f, v)) in fwd.iter_mut().zip(inv.iter_mut()).enumerate() {
            *f = i;
            *v = i;
        }
    }
    (fwd, inv)
}

/// A numeric factorisation and the checksum of the values it came from.
struct Factors {
    lu: SimplicialLu<usize, Real>,
    row_perm: Vec<usize>,
    row_perm_inv: Vec<usize>,
    checksum: u64,
}

/// The checksum of the values of J (their bit patterns).
#[allow(clippy::useless_conversion)] // u32 -> u64 for the single-precision instance
fn checksum(values: &[Real]) -> u64 {
    fnv(values.iter().map(|v| u64::from(v.to_bits())))
}

/// Most patterns and factorisations kept per thread.
const CACHED_PATTERNS: usize = 4;
const CACHED_FACTORS: usize = 8;

#[derive(Default)]
struct Cache {
    /// Most recently used last.
    patterns: Vec<(u64, Rc<Pattern>)>,
    factors: Vec<(u64, Box<Factors>)>,
    scratch: Option<MemBuffer>,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// Take an entry out of an LRU list.
fn take<T>(list: &mut Vec<(u64, T)>, key: u64) -> Option<T> {
    list.iter().position(|(k, _)| *k == key).map(|i| list.remove(i).1)
}

/// Put an entry back as the most recently used, dropping the oldest.
fn put<T>(list: &mut Vec<(u64, T)>, key: u64, value: T, capacity: usize) {
    list.retain(|(k, _)| *k != key);
    if list.len() >= capacity {
        list.remove(0);
    }
    list.push((key, value));
}

/// A stamp no other factorisation carries (never 0).
fn new_stamp() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut current = NEXT.load(Ordering::Relaxed);
    loop {
        let seed = if current == 0 { initial_stamp() } else { current };
        let next = seed.wrapping_add(1).max(1);
        match NEXT.compare_exchange_weak(current, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return seed,
            Err(seen) => current = seen,
        }
    }
}

/// The start of the stamp sequence: clock and process id mixed, so stamps
/// saved by one process (a checkpoint file) do not name another process's
/// factorisations.
fn initial_stamp() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    fnv([nanos, u64::from(std::process::id())].into_iter()).max(1)
}

/// The analysed pattern for NEQ = `n` and the caller's (validated) lists,
/// from this thread's cache or analysed now. The handle is shared by the
/// solver and the event polishing, and returned to the cache on drop.
pub fn shared_pattern(n: usize, rows: &[FInt], cols: &[FInt]) -> Result<Rc<Pattern>, PatternError> {
    let key = pattern_key(n, rows, cols);
    let cached = CACHE.with(|c| c.borrow().patterns.iter().find(|(k, _)| *k == key).map(|(_, p)| Rc::clone(p)));
    let pattern = match cached {
        Some(p) => p,
        None => Rc::new(Pattern::new(n, rows, cols)?),
    };
    CACHE.with(|c| put(&mut c.borrow_mut().patterns, key, Rc::clone(&pattern), CACHED_PATTERNS));
    Ok(pattern)
}

/// A factorisation of a matrix on the pattern.
pub struct SparseFactors(Box<Factors>);

impl Pattern {
    /// The entries as (row, column, position in the caller's order), 0-based.
    pub fn entries(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        (0..self.n).flat_map(move |c| {
            (self.col_ptr[c]..self.col_ptr[c + 1]).map(move |p| (self.row_idx[p], c, self.to_user[p]))
        })
    }

    /// Fill `values` (the caller's order) with J = dF/dz + CJ*dF/dzdot at
    /// the setup point: the user's JAC, or difference quotients over the
    /// colouring (`save`: scratch).
    pub fn evaluate<S: DaeSystem + ?Sized>(
        &self,
        source: JacobianSource,
        sys: &mut S,
        at: Setup<'_>,
        values: &mut [Real],
        save: &mut Vec<Real>,
        nre: &mut FInt,
    ) -> Result<(), CallbackStatus> {
        match source {
            JacobianSource::User => {
                values.fill(0.0);
                let storage = MatrixStorage::Sparse { neq: self.n, nnz: values.len() };
                match sys.jacobian(at.t, at.y, at.yp, at.cj, values, storage) {
                    CallbackStatus::Ok => Ok(()),
                    failed => Err(failed),
                }
            }
            JacobianSource::DifferenceQuotients => {
                save.resize(2 * self.colouring.largest(), 0.0);
                difference_quotients(sys, at, save, &self.colouring, nre, |col, delinv, g, g0| {
                    for pos in self.col_ptr[col]..self.col_ptr[col + 1] {
                        let row = self.row_idx[pos];
                        values[self.to_user[pos]] = (g[row] - g0[row]) * delinv;
                    }
                })
            }
        }
    }

    /// Factor the matrix with these values (the caller's order); an
    /// exactly zero or non-finite pivot (or a structurally singular
    /// pattern) is a singular matrix.
    pub fn factor(&self, values: &[Real]) -> Result<SparseFactors, LinearFailure> {
        let n = self.n;
        let csc_values: Vec<Real> = self.to_user.iter().map(|&k| values[k]).collect();
        let a = SparseColMatRef::new(self.symbolic(), &csc_values);
        let col_perm = PermRef::new_checked(&self.col_perm, &self.col_perm_inv, n);
        let mut f = Box::new(Factors {
            lu: SimplicialLu::new(),
            row_perm: vec![0; n],
            row_perm_inv: vec![0; n],
            checksum: checksum(values),
        });
        let req = simplicial::factorize_simplicial_numeric_lu_scratch::<usize, Real>(n, n);
        with_scratch(req, |stack| {
            simplicial::factorize_simplicial_numeric_lu(
                &mut f.row_perm,
                &mut f.row_perm_inv,
                &mut f.lu,
                a,
                col_perm,
                stack,
            )
        })
        .map_err(|_| LinearFailure::Singular)?;
        if !pivots_usable(&f.lu) {
            return Err(LinearFailure::Singular);
        }
        Ok(SparseFactors(f))
    }

    /// Overwrite `b` with the solution of A x = b for the factored A.
    pub fn solve(&self, f: &SparseFactors, b: &mut [Real]) {
        let n = self.n;
        let f = &f.0;
        let row_perm = PermRef::new_checked(&f.row_perm, &f.row_perm_inv, n);
        let col_perm = PermRef::new_checked(&self.col_perm, &self.col_perm_inv, n);
        let rhs = MatMut::from_column_major_slice_mut(&mut b[..n], n, 1);
        let req = simplicial::solve_in_place_scratch::<usize, Real>(n, 1, Par::Seq);
        with_scratch(req, |stack| f.lu.solve_in_place_with_conj(row_perm, col_perm, Conj::No, rhs, Par::Seq, stack));
    }
}

/// The sparse solver over the caller's arrays for one call.
pub struct SparseSolver<'a> {
    source: JacobianSource,
    pattern: Rc<Pattern>,
    /// J's values in the caller's pattern order (RWORK).
    values: &'a mut [Real],
    /// The stamp of the factorisation of `values` (0: none yet); the
    /// driver keeps it in IWORK.
    stamp: u64,
    factors: Option<SparseFactors>,
    /// DQ scratch: the saved components (2 * the largest colour group).
    save: Vec<Real>,
}

impl<'a> SparseSolver<'a> {
    /// The solver on an analysed pattern, J's values in `values` (NNZ
    /// long) with the stamp of their factorisation as the driver recorded
    /// it.
    pub fn new(pattern: Rc<Pattern>, source: JacobianSource, values: &'a mut [Real], stamp: u64) -> Self {
        SparseSolver { source, pattern, values, stamp, factors: None, save: Vec::new() }
    }

    /// Residual calls per difference-quotient Jacobian (for tests and
    /// benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn colour_count(&self) -> usize {
        self.pattern.colour_count()
    }

    /// The stamp of the current factorisation, for the driver to keep.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// The factors of the current values: held, cached under the stamp,
    /// or computed again.
    fn ensure_factors(&mut self) -> LinearResult {
        if self.factors.is_some() {
            return Ok(());
        }
        let sum = checksum(self.values);
        let cached = CACHE.with(|c| take(&mut c.borrow_mut().factors, self.stamp));
        self.factors = match cached {
            Some(f) if f.checksum == sum && self.stamp != 0 => Some(SparseFactors(f)),
            _ => {
                let f = self.pattern.factor(self.values)?;
                if self.stamp == 0 {
                    self.stamp = new_stamp();
                }
                Some(f)
            }
        };
        Ok(())
    }

    fn back_substitute(&mut self, b: &mut [Real]) -> LinearResult {
        self.ensure_factors()?;
        let f = self.factors.as_ref().expect("factored above");
        self.pattern.solve(f, b);
        Ok(())
    }
}

/// U's diagonal (the last entry of each column) is nonzero and finite.
fn pivots_usable(lu: &SimplicialLu<usize, Real>) -> bool {
    let u = lu.u_factor_unsorted();
    (0..u.ncols()).all(|j| u.val_of_col(j).last().is_some_and(|&d| d != 0.0 && d.is_finite()))
}

/// Run `f` with the thread's scratch buffer grown to `req`.
fn with_scratch<R>(req: StackReq, f: impl FnOnce(&mut MemStack) -> R) -> R {
    let mut mem = CACHE.with(|c| c.borrow_mut().scratch.take()).unwrap_or_else(|| MemBuffer::new(req));
    if mem.len() < req.unaligned_bytes_required() {
        mem = MemBuffer::new(req);
    }
    let out = f(MemStack::new(&mut mem));
    CACHE.with(|c| c.borrow_mut().scratch = Some(mem));
    out
}

impl Drop for SparseSolver<'_> {
    /// Return the factors to this thread's cache.
    fn drop(&mut self) {
        let (stamp, factors) = (self.stamp, self.factors.take());
        let _ = CACHE.try_with(|c| {
            let Ok(mut c) = c.try_borrow_mut() else { return };
            if let (Some(f), true) = (factors, stamp != 0) {
                put(&mut c.factors, stamp, f.0, CACHED_FACTORS);
            }
        });
    }
}

impl<S: DaeSystem + ?Sized> LinearSolver<S> for SparseSolver<'_> {
    fn policy(&self) -> Policy {
        DIRECT_POLICY
    }

    fn setup(&mut self, sys: &mut S, at: Setup<'_>, cnt: &mut Counters) -> LinearResult {
        self.factors = None;
        let p = &*self.pattern;
        p.evaluate(self.source, sys, at, self.values, &mut self.save, &mut cnt.nre).map_err(LinearFailure::Residual)?;
        let f = p.factor(self.values);
        // A new matrix: a new stamp, whether or not it could be factored.
        self.stamp = new_stamp();
        self.factors = Some(f?);
        Ok(())
    }

    fn solve(&mut self, _: &mut S, _: &mut SolvePoint<'_>, b: &mut [Real], _: &mut Counters) -> LinearResult {
        self.back_substitute(b)
    }

    fn precondition(&mut self, _: &mut S, _: &mut SolvePoint<'_>, b: &mut [Real], _: &mut Counters) -> LinearResult {
        self.back_substitute(b)
    }
}

/// A stamp as two default INTEGERs (IWORK slots), and back.
pub fn stamp_to_words(s: u64) -> [FInt; 2] {
    [(s >> 32) as u32 as FInt, s as u32 as FInt]
}

pub fn stamp_from_words(w: [FInt; 2]) -> u64 {
    ((w[0] as u32 as u64) << 32) | w[1] as u32 as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 5-point stencil on an m x m grid, coordinate form, 1-based.
    fn stencil(m: usize) -> (Vec<FInt>, Vec<FInt>) {
        let (mut r, mut c) = (Vec::new(), Vec::new());
        let id = |i: usize, j: usize| (i + j * m + 1) as FInt;
        for j in 0..m {
            for i in 0..m {
                for (di, dj) in [(0i64, 0i64), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (ii, jj) = (i as i64 + di, j as i64 + dj);
                    if ii >= 0 && jj >= 0 && (ii as usize) < m && (jj as usize) < m {
                        r.push(id(i, j));
                        c.push(id(ii as usize, jj as usize));
                    }
                }
            }
        }
        (r, c)
    }

    #[test]
    fn colouring_of_a_five_point_stencil_is_structurally_orthogonal_and_small() {
        let m = 12;
        let (r, c) = stencil(m);
        let p = Pattern::new(m * m, &r, &c).unwrap();
        let groups = &p.colouring;
        assert!(groups.count() <= 7, "{} colours", groups.count());
        for g in 0..groups.count() {
            let mut rows_seen = std::collections::HashSet::new();
            for col in groups.columns(g) {
                for &row in &p.row_idx[p.col_ptr[col]..p.col_ptr[col + 1]] {
                    assert!(rows_seen.insert(row), "colour {g} has two columns in row {row}");
                }
            }
        }
    }

    #[test]
    fn bad_patterns_are_named() {
        assert_eq!(validate_pattern(3, &[1, 4], &[1, 1]), Err(PatternError::OutOfRange { k: 2 }));
        assert_eq!(validate_pattern(3, &[1, 2, 1], &[1, 2, 1]), Err(PatternError::Duplicate { k: 3 }));
        assert_eq!(validate_pattern(3, &[0], &[1]), Err(PatternError::OutOfRange { k: 1 }));
        assert!(validate_pattern(2, &[1, 2, 2], &[1, 1, 2]).is_ok());
    }

    /// A solver on a 2x2 user pattern with given values (no setup).
    fn solve_with(values: &mut [Real], stamp: &mut u64, b: &mut [Real]) -> LinearResult {
        let (rows, cols) = ([1, 2, 1, 2], [1, 1, 2, 2]);
        let p = shared_pattern(2, &rows, &cols).unwrap();
        let mut lin = SparseSolver::new(p, JacobianSource::User, values, *stamp);
        let r = lin.back_substitute(b);
        *stamp = lin.stamp();
        r
    }

    #[test]
    fn factors_are_rebuilt_bit_for_bit_from_the_values_anywhere() {
        let (mut values, mut stamp) = ([4.0, 1.0, 2.0, 3.0], 0);
        let mut b = [1.0, 2.0];
        solve_with(&mut values, &mut stamp, &mut b).unwrap();
        assert_ne!(stamp, 0);
        // Same values and stamp on another thread (empty cache): same bits.
        let (v2, s2) = (values, stamp);
        let other = std::thread::spawn(move || {
            let (mut v, mut s, mut x) = (v2, s2, [1.0, 2.0]);
            solve_with(&mut v, &mut s, &mut x).unwrap();
            (x, s)
        })
        .join()
        .unwrap();
        assert_eq!(other.0.map(f64::to_bits), b.map(f64::to_bits));
        assert_eq!(other.1, stamp, "a known stamp is kept");
        // A restored array whose values differ from the cached entry's is
        // refactored, not solved with stale factors.
        let mut changed = [8.0, 2.0, 4.0, 6.0];
        let mut x = [1.0, 2.0];
        solve_with(&mut changed, &mut stamp, &mut x).unwrap();
        assert!((x[0] - b[0] / 2.0).abs() < 1e-15 && (x[1] - b[1] / 2.0).abs() < 1e-15);
    }

    #[test]
    fn a_zero_pivot_is_a_singular_matrix() {
        let (mut values, mut stamp) = ([1.0, 2.0, 2.0, 4.0], 0);
        let mut b = [1.0, 1.0];
        assert_eq!(solve_with(&mut values, &mut stamp, &mut b), Err(LinearFailure::Singular));
    }

    #[test]
    fn stamps_are_unique_and_nonzero() {
        let a = new_stamp();
        let b = new_stamp();
        assert!(a != 0 && b != 0 && a != b);
    }
}
