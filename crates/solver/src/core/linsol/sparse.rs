//! The sparse direct solver: the iteration matrix J = dF/dz + CJ*dF/dzdot
//! on the caller's coordinate pattern (JROW, JCOL), its values in RWORK in
//! the caller's order, formed by the user's JAC or by difference quotients
//! over a column colouring, and LU-factored with threshold pivoting.
//!
//! # Factorisation
//!
//! - NEQ <= [`DENSE_MAX_N`] (16): the values are scattered into a dense
//!   array and factored by [`dense::factor`] (on such systems sparse
//!   machinery costs more than the arithmetic).
//! - larger: the multifrontal LU of `sparse/symbolic.rs` and
//!   `sparse/frontal.rs`. Once per pattern: a transversal when the diagonal
//!   is not structurally full, AMD on the symmetrised pattern, relaxed
//!   supernodes, the shape of every front. Per Jacobian: the fronts are
//!   assembled and partially factored in postorder by the dense kernel of
//!   `dense/front.rs`, pivots chosen inside each supernode by a threshold
//!   test (the row the transversal put on the diagonal when it passes).
//!   A matrix takes the first of these routes that factors it
//!   ([`Pattern::factor_sparse`]):
//!   1. row-scaled magnitudes judge the pivots, none may leave its
//!      supernode, and the growth stays small: most matrices, with the
//!      pivots and bits they always had;
//!   2. a transversal and a row and column scaling from the values
//!      (`sparse/matching.rs`, MC64's maximum product) replace the
//!      structural ones, so that neither the order the equations were
//!      written in nor the units of the equations or variables decide;
//!      the pattern is analysed again on that transversal (once: the
//!      analysis is kept with the pattern), and a pivot without an
//!      acceptable row in its supernode is delayed to the parent front
//!      (MUMPS's delayed pivots);
//!   3. when delays outgrow the analysis, the general sparse LU of
//!      `sparse/general.rs`: left-looking, threshold partial pivoting on
//!      the matched scaling, COLAMD's column order.
//!
//!   A zero or non-finite column in a front (or one the root front cannot
//!   eliminate), non-finite values of J, and a pattern without a
//!   transversal (or values without one of non-zeros) are
//!   [`LinearFailure::Singular`] (DDASKR's singular path). Every choice
//!   depends only on the values, so a refactorisation from RWORK takes the
//!   same route and gives the same bits.
//!
//! # State and caches
//!
//! The values of J live in RWORK; the factors (and the pattern analysis)
//! are a rebuildable per-thread cache (`sparse/cache.rs`). A factorisation is identified by a
//! stamp kept in two IWORK slots, drawn from a process-wide sequence that
//! starts at a value mixed from the clock and the process id, so no other
//! matrix carries it; the cache entry also records a checksum of the values
//! it was computed from. When a call finds no entry for its stamp (a
//! restored checkpoint, another integration interleaved on this thread, a
//! call from another thread), it refactors from RWORK: the same values give
//! the same factors, bit for bit (sequential, deterministic kernels; the
//! storage a factorisation reuses does not change its result). The cache
//! holds a few patterns and a few factorisations per thread, least recently
//! used first out, so memory stays flat however many integrations run; a
//! new factorisation of a solver's matrix reuses the storage of the one it
//! replaces (held by the solver, or cached under its old stamp; for the
//! first one of an integration, the least recently used cached factors of
//! the pattern), and the workspaces of the two LUs are per-thread buffers
//! grown to the largest need seen.

mod cache;
mod dissection;
mod frontal;
mod general;
mod matching;
#[cfg(any(test, feature = "internals"))]
pub mod matrices;
mod symbolic;

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use self::cache::{cached_pattern, checksum, keep_factors, keep_pattern, new_stamp, reusable_storage, take_factors, with_workspace};
use self::frontal::{DelayBudget, FrontalFactors, FrontalFailure, RowScales};
use self::general::{Csc, GeneralFactors, Pivoting};
use self::symbolic::{column_order, FrontalAnalysis, SymbolicFailure};
use super::colouring::{colouring, Colouring};
use super::dense;
use super::direct::DIRECT_POLICY;
use super::dq::{difference_quotients, ColumnGroups};
pub use super::pattern::{pattern_key, stamp_from_words, stamp_to_words, validate_pattern, PatternError};
use super::{JacobianSource, LinearFailure, LinearResult, LinearSolver, Policy, Setup, SolvePoint};
use crate::core::counters::Counters;
use crate::core::problem::{CallbackStatus, DaeSystem, MatrixStorage};
use crate::types::{FInt, Real};

/// Up to this order the matrix is scattered into a dense `n x n` array and
/// factored by [`dense::factor`] (partial pivoting, no allocation beyond the
/// cached factors): on tiny systems faer's sparse machinery costs more than
/// the arithmetic.
pub const DENSE_MAX_N: usize = 16;

/// The symbolic analysis of a pattern.
#[derive(Debug)]
enum Analysis {
    /// NEQ <= [`DENSE_MAX_N`]: dense LU.
    Dense,
    /// The multifrontal LU (`sparse/symbolic.rs`, `sparse/frontal.rs`) on
    /// the structural transversal.
    Frontal(Box<FrontalAnalysis>),
    /// The general LU only (a front too large for the multifrontal LU's
    /// 16-bit positions, or AMD out of memory).
    General,
    /// No transversal: every matrix on the pattern is singular.
    StructurallySingular,
}

/// The analysed pattern: CSC structure, colouring, symbolic LU.
#[derive(Debug)]
pub struct Pattern {
    n: usize,
    /// [`pattern_key`] of the caller's lists.
    key: u64,
    /// The caller's lists as analysed (JROW, JCOL): an integration's
    /// continuation calls compare their lists with these (a pass that
    /// reads them, no hashing) to show that the pattern is still the
    /// run's ([`cached_pattern_of`]).
    rows: Box<[FInt]>,
    cols: Box<[FInt]>,
    /// CSC structure, 0-based, rows ascending within a column.
    col_ptr: Vec<usize>,
    row_idx: Vec<usize>,
    /// CSC position -> the caller's entry (0-based k).
    to_user: Vec<usize>,
    colouring: Colouring,
    analysis: Analysis,
    /// Multifrontal analyses on transversals chosen from the values
    /// (`sparse/matching.rs`), most recently used last: each is a function
    /// of the pattern and its transversal only, so keeping them changes no
    /// result.
    matched: RefCell<Vec<Rc<FrontalAnalysis>>>,
    /// The general LU's column order (COLAMD), made when first needed.
    general_order: OnceCell<Vec<usize>>,
    /// Threads and the work a tree split needs, when set by
    /// [`Pattern::set_threads`] (otherwise `DASKR_THREADS` and
    /// [`TREE_SPLIT_MIN_WORK`](symbolic::TREE_SPLIT_MIN_WORK)).
    parallelism: Option<(usize, f64)>,
}

/// The growth (`frontal::DelayBudget::growth`) beyond which the first
/// route's pivots, judged on row-scaled magnitudes, are taken for
/// misjudged (columns in very different units) and the matched scaling
/// judges them again.
const ROUTE1_GROWTH: f64 = 1e4;

/// Most analyses on transversals from the values kept per pattern.
const MATCHED_ANALYSES: usize = 3;

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
        let colouring = colouring(n, &col_ptr, &row_idx);
        let analysis = if n <= DENSE_MAX_N {
            Analysis::Dense
        } else {
            match FrontalAnalysis::new(n, &col_ptr, &row_idx, &order) {
                Ok(a) => Analysis::Frontal(Box::new(a)),
                Err(SymbolicFailure::StructurallySingular) => Analysis::StructurallySingular,
                Err(SymbolicFailure::TooLarge) => Analysis::General,
            }
        };
        let key = pattern_key(n, rows, cols);
        Ok(Pattern {
            n,
            key,
            rows: rows.into(),
            cols: cols.into(),
            col_ptr,
            row_idx,
            to_user: order,
            colouring,
            analysis,
            matched: RefCell::new(Vec::new()),
            general_order: OnceCell::new(),
            parallelism: None,
        })
    }

    /// Factor and solve on `threads` threads (1 pins them to the calling
    /// thread; 2: independent subtrees of the assembly tree, large Schur
    /// updates and the solve's sweeps on two), whatever `DASKR_THREADS`
    /// says. The factors and solutions are the same bits either way. (From Rust with the
    /// `internals` feature; callers of the Fortran and C interfaces set
    /// `DASKR_THREADS`.)
    #[cfg(any(test, feature = "internals"))]
    pub fn set_threads(&mut self, threads: usize) {
        self.set_parallelism(threads, symbolic::TREE_SPLIT_MIN_WORK);
    }

    /// [`Pattern::set_threads`] with the work both sides of a tree split
    /// need (tests split small trees).
    #[cfg(any(test, feature = "internals"))]
    fn set_parallelism(&mut self, threads: usize, split_min_work: f64) {
        self.parallelism = Some((threads, split_min_work));
        if let Analysis::Frontal(a) = &mut self.analysis {
            a.set_parallelism(threads, split_min_work);
        }
        self.matched.borrow_mut().clear();
    }

    /// Does the multifrontal analysis split its tree between two threads
    /// (for tests and benchmarks)?
    #[cfg(any(test, feature = "internals"))]
    pub fn tree_split(&self) -> bool {
        matches!(&self.analysis, Analysis::Frontal(a) if a.split.is_some() && a.threads > 1)
    }

    /// Residual calls per difference-quotient Jacobian (for tests and
    /// benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn colour_count(&self) -> usize {
        self.colouring.count()
    }

    /// Which factorisation the pattern gets: "dense", "sparse LU" (for
    /// benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn method(&self) -> &'static str {
        match self.analysis {
            Analysis::Dense => "dense",
            Analysis::Frontal(_) => "frontal",
            Analysis::General => "general",
            Analysis::StructurallySingular => "none",
        }
    }

    /// Entries of the multifrontal factors L and U, explicit zeros of the
    /// supernodes included (0 for the other methods; for benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn factor_entries(&self) -> usize {
        match &self.analysis {
            Analysis::Frontal(a) => a.factor_entries(),
            _ => 0,
        }
    }

    /// The same pattern with the general LU only (as for a front too
    /// large for the multifrontal LU), for tests.
    #[cfg(test)]
    fn with_general_lu(mut self) -> Self {
        if matches!(self.analysis, Analysis::Frontal(_)) {
            self.analysis = Analysis::General;
        }
        self
    }

    /// The column order of the general LU.
    fn general_order(&self) -> &[usize] {
        self.general_order.get_or_init(|| column_order(self.n, &self.col_ptr, &self.row_idx))
    }

    /// The multifrontal analysis on a transversal chosen from the values:
    /// kept, or made now (`None`: a front too large, use the general LU).
    fn matched_analysis(&self, row_of_col: &[usize]) -> Option<Rc<FrontalAnalysis>> {
        let mut list = self.matched.borrow_mut();
        if let Some(i) = list.iter().position(|a| a.row_of_col == row_of_col) {
            let a = list.remove(i);
            list.push(Rc::clone(&a));
            return Some(a);
        }
        let mut a =
            FrontalAnalysis::with_transversal(self.n, &self.col_ptr, &self.row_idx, &self.to_user, row_of_col.to_vec())
                .ok()?;
        if let Some((threads, split_min_work)) = self.parallelism {
            a.set_parallelism(threads, split_min_work);
        }
        let a = Rc::new(a);
        if list.len() >= MATCHED_ANALYSES {
            list.remove(0);
        }
        list.push(Rc::clone(&a));
        Some(a)
    }
}

/// The numeric factors of one matrix (always inside a boxed [`Factors`],
/// so the size of the variants does not matter).
#[allow(clippy::large_enum_variant)]
enum Numeric {
    /// Column-major LU and pivots of [`dense::factor`].
    Dense { lu: Vec<Real>, pivots: Vec<FInt> },
    /// The multifrontal LU, on the pattern's structural analysis or
    /// (`matched`) on that of a transversal chosen from the values.
    Frontal { factors: FrontalFactors, matched: Option<Rc<FrontalAnalysis>> },
    /// The general sparse LU.
    General(GeneralFactors),
}

/// A numeric factorisation, the pattern it belongs to and the checksum of
/// the values it came from.
struct Factors {
    pattern: u64,
    numeric: Numeric,
    checksum: u64,
}

/// The analysed pattern for NEQ = `n` and the caller's (validated) lists,
/// from this thread's cache or analysed now. The handle is shared by the
/// solver and the event polishing, and returned to the cache on drop.
/// (DDASKR and DSL48E call [`shared_pattern_keyed`] with the run's key,
/// once their checks have shown the lists to be the run's.)
#[allow(dead_code)]
pub fn shared_pattern(n: usize, rows: &[FInt], cols: &[FInt]) -> Result<Rc<Pattern>, PatternError> {
    shared_pattern_keyed(n, rows, cols, pattern_key(n, rows, cols))
}

/// The analysed pattern that this thread's cache holds under `key`, if
/// it was made from exactly these lists.
pub fn cached_pattern_of(n: usize, rows: &[FInt], cols: &[FInt], key: u64) -> Option<Rc<Pattern>> {
    cached_pattern(key).filter(|p| p.n == n && *p.rows == *rows && *p.cols == *cols)
}

/// What a continuation call finds of the pattern its run started with.
pub enum RunPattern {
    /// The run's analysed pattern, in this thread's cache and made from
    /// these very lists.
    Cached(Rc<Pattern>),
    /// Not in this thread's cache (another thread, or evicted), but the
    /// lists' key is the recorded one.
    SameKey,
    /// The lists are not the run's.
    Changed,
}

/// Are the caller's lists (with NEQ = `n`) the pattern whose key the
/// run's first call recorded? The lists are compared with those of the
/// cached analysis, which costs a fraction of hashing them again
/// ([`pattern_key`]); only without a cached analysis are they hashed.
pub fn run_pattern(n: usize, rows: &[FInt], cols: &[FInt], recorded: u64) -> RunPattern {
    if let Some(p) = cached_pattern_of(n, rows, cols, recorded) {
        return RunPattern::Cached(p);
    }
    if pattern_key(n, rows, cols) == recorded {
        RunPattern::SameKey
    } else {
        RunPattern::Changed
    }
}

/// [`shared_pattern`] with the lists' [`pattern_key`] already computed by
/// the caller.
pub fn shared_pattern_keyed(n: usize, rows: &[FInt], cols: &[FInt], key: u64) -> Result<Rc<Pattern>, PatternError> {
    if let Some(p) = cached_pattern(key) {
        return Ok(p);
    }
    let pattern = Rc::new(Pattern::new(n, rows, cols)?);
    keep_pattern(key, Rc::clone(&pattern));
    Ok(pattern)
}

/// A factorisation of a matrix on the pattern.
pub struct SparseFactors(Box<Factors>);

impl SparseFactors {
    /// Which LU produced the factors: "dense", "frontal" or "general" (for
    /// tests and benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn method(&self) -> &'static str {
        match self.0.numeric {
            Numeric::Dense { .. } => "dense",
            Numeric::Frontal { .. } => "frontal",
            Numeric::General(_) => "general",
        }
    }

    /// Pivots the multifrontal LU delayed to a parent front (for tests and
    /// benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn delayed_pivots(&self) -> usize {
        match &self.0.numeric {
            Numeric::Frontal { factors, .. } => factors.delayed(),
            _ => 0,
        }
    }

    /// Did the multifrontal LU work on a transversal chosen from the
    /// values (for tests and benchmarks)?
    #[cfg(any(test, feature = "internals"))]
    pub fn matched_from_values(&self) -> bool {
        matches!(&self.0.numeric, Numeric::Frontal { matched: Some(_), .. })
    }

    /// The multifrontal LU's growth (0 for the other LUs; for tests and
    /// benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn growth(&self) -> f64 {
        match &self.0.numeric {
            Numeric::Frontal { factors, .. } => factors.growth(),
            _ => 0.0,
        }
    }

    /// Entries of L and U (explicit zeros of the multifrontal LU's fronts
    /// included; for tests and benchmarks).
    #[cfg(any(test, feature = "internals"))]
    pub fn entries(&self) -> usize {
        match &self.0.numeric {
            Numeric::Dense { lu, .. } => lu.len(),
            Numeric::Frontal { factors, .. } => factors.entries(),
            Numeric::General(factors) => factors.entries(),
        }
    }
}

impl Pattern {
    /// The entries as (row, column, position in the caller's order), 0-based.
    pub fn entries(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        (0..self.n).flat_map(move |c| {
            (self.col_ptr[c]..self.col_ptr[c + 1]).map(move |p| (self.row_idx[p], c, self.to_user[p]))
        })
    }

    /// Fill `values` (the caller's order) with J = dF/dz + CJ*dF/dzdot at
    /// the setup point: the user's JAC, or difference quotients over the
    /// colouring. Their scratch (2 * the largest colour group) is a
    /// workspace of the thread's cache: no caller keeps or allocates it.
    pub fn evaluate<S: DaeSystem + ?Sized>(
        &self,
        source: JacobianSource,
        sys: &mut S,
        at: Setup<'_>,
        values: &mut [Real],
        nre: &mut FInt,
    ) -> Result<(), CallbackStatus> {
        match source {
            JacobianSource::User => {
                let storage = MatrixStorage::Sparse { neq: self.n, nnz: values.len() };
                at.user_jacobian(sys, values, storage)
            }
            JacobianSource::DifferenceQuotients => with_workspace(
                |c| &mut c.dq_save,
                |save| {
                    save.resize(2 * self.colouring.largest(), 0.0);
                    difference_quotients(sys, at, save, &self.colouring, nre, |col, delinv, g, g0| {
                        for pos in self.col_ptr[col]..self.col_ptr[col + 1] {
                            let row = self.row_idx[pos];
                            values[self.to_user[pos]] = (g[row] - g0[row]) * delinv;
                        }
                    })
                },
            ),
        }
    }

    /// Factor the matrix with these values (the caller's order); an
    /// exactly zero or non-finite pivot (or a structurally singular
    /// pattern) is a singular matrix.
    pub fn factor(&self, values: &[Real]) -> Result<SparseFactors, LinearFailure> {
        self.refactor(values, None)
    }

    /// [`Pattern::factor`], reusing the storage of an earlier factorisation
    /// of this pattern (its contents are overwritten; the result is the same,
    /// bit for bit, as with fresh storage).
    pub fn refactor(&self, values: &[Real], old: Option<SparseFactors>) -> Result<SparseFactors, LinearFailure> {
        let n = self.n;
        let mut f = match old {
            Some(SparseFactors(f)) if f.pattern == self.key => f,
            _ => Box::new(Factors {
                pattern: self.key,
                numeric: Numeric::Dense { lu: Vec::new(), pivots: Vec::new() },
                checksum: 0,
            }),
        };
        f.checksum = checksum(values);
        // Both sparse LUs take a non-finite value of J for a singular
        // matrix (the dense LU finds it in its pivots).
        let sparse = matches!(self.analysis, Analysis::Frontal(_) | Analysis::General);
        if sparse && !values.iter().all(|v| v.is_finite()) {
            return Err(LinearFailure::Singular);
        }
        match &self.analysis {
            Analysis::StructurallySingular => return Err(LinearFailure::Singular),
            Analysis::Dense => {
                if !matches!(f.numeric, Numeric::Dense { .. }) {
                    f.numeric = Numeric::Dense { lu: Vec::new(), pivots: Vec::new() };
                }
                let Numeric::Dense { lu, pivots } = &mut f.numeric else { unreachable!() };
                lu.clear();
                lu.resize(n * n, 0.0);
                for (r, c, k) in self.entries() {
                    lu[r + c * n] = values[k];
                }
                pivots.resize(n, 0);
                dense::factor(lu, n, pivots)?;
            }
            Analysis::Frontal(structural) => self.factor_sparse(Some(structural), values, &mut f.numeric)?,
            Analysis::General => self.factor_sparse(None, values, &mut f.numeric)?,
        }
        Ok(SparseFactors(f))
    }

    /// The sparse routes, each taken when the one before cannot factor the
    /// matrix without delaying pivots (the values are finite):
    ///
    /// 1. for a pattern with a full diagonal, the multifrontal LU on the
    ///    structural analysis, pivots judged on row-scaled magnitudes
    ///    (blind to the units of the equations), no pivot delayed: what
    ///    most matrices take (as they did before pivots could be delayed:
    ///    the same pivots, the same bits);
    /// 2. a transversal and scaling from the values (`sparse/matching.rs`,
    ///    the structural transversal preferred among equals), blind to the
    ///    units of the variables and to the order of the equations: no
    ///    transversal of the non-zeros is a singular matrix; then the
    ///    multifrontal LU on the analysis of that transversal (the
    ///    structural one when it is the same), pivots judged on the
    ///    matched scaling, delayed as needed;
    /// 3. when the delays outgrow the analysis, the general LU: COLAMD's
    ///    column order, pivots judged on the matched scaling, the matched
    ///    row preferred.
    ///
    /// Each step depends on the values only.
    fn factor_sparse(&self, structural: Option<&FrontalAnalysis>, values: &[Real], numeric: &mut Numeric) -> LinearResult {
        // A pattern without a full diagonal got its transversal from the
        // structure alone (any row of each column): its pivots are a
        // guess the values rarely confirm, so such patterns start from
        // the values' transversal.
        if let Some(a) = structural.filter(|a| a.diagonal_is_full()) {
            let budget = DelayBudget { pivots: 0, entries: a.factor_entries(), growth: ROUTE1_GROWTH };
            match self.factor_frontal(a, None, values, RowScales::RowMax, budget, numeric) {
                Err(FrontalFailure::OverBudget) => {}
                done => return done.map_err(|_| LinearFailure::Singular),
            }
        }
        with_workspace(
            |c| &mut c.matching,
            |m| {
                let prefer = structural.map(|a| &a.row_of_col[..]);
                if !m.compute(self.n, &self.col_ptr, &self.row_idx, |q| values[self.to_user[q]], prefer) {
                    return Err(LinearFailure::Singular);
                }
                // The analysis of the values' transversal: the structural
                // one if it is the same.
                let same = structural.filter(|a| a.row_of_col == m.row_of_col);
                let matched = match (same, structural) {
                    (None, Some(_)) => self.matched_analysis(&m.row_of_col),
                    _ => None,
                };
                if let Some(a) = same.or(matched.as_deref()) {
                    let budget = DelayBudget {
                        pivots: self.n + 16,
                        entries: 4 * a.factor_entries() + 16 * self.n,
                        growth: f64::INFINITY,
                    };
                    let scales = RowScales::ByRow(&m.row_scale);
                    match self.factor_frontal(a, matched.clone(), values, scales, budget, numeric) {
                        Err(FrontalFailure::OverBudget) => {}
                        done => return done.map_err(|_| LinearFailure::Singular),
                    }
                }
                let pivoting = Pivoting { scale: &m.row_scale, preferred: Some(&m.row_of_col) };
                self.factor_general(values, &pivoting, numeric)
            },
        )
    }

    /// Factor by the multifrontal LU on analysis `a` (`matched`: the
    /// analysis on a transversal from the values, which the factors keep)
    /// into `numeric`.
    fn factor_frontal(
        &self,
        a: &FrontalAnalysis,
        matched: Option<Rc<FrontalAnalysis>>,
        values: &[Real],
        scales: RowScales<'_>,
        budget: DelayBudget,
        numeric: &mut Numeric,
    ) -> Result<(), FrontalFailure> {
        if !matches!(numeric, Numeric::Frontal { .. }) {
            *numeric = Numeric::Frontal { factors: FrontalFactors::default(), matched: None };
        }
        let Numeric::Frontal { factors, matched: kept } = numeric else { unreachable!() };
        *kept = matched;
        with_workspace(|c| &mut c.frontal, |ws| a.factor(values, scales, budget, factors, ws))
    }

    /// Factor by the general sparse LU into `numeric` (the values are
    /// finite).
    fn factor_general(&self, values: &[Real], pivoting: &Pivoting<'_>, numeric: &mut Numeric) -> LinearResult {
        if !matches!(numeric, Numeric::General(_)) {
            *numeric = Numeric::General(GeneralFactors::default());
        }
        let Numeric::General(factors) = numeric else { unreachable!() };
        let a = Csc { n: self.n, col_ptr: &self.col_ptr, row_idx: &self.row_idx, value: |q| values[self.to_user[q]] };
        with_workspace(|c| &mut c.general, |ws| general::factor(&a, self.general_order(), pivoting, factors, ws))
            .map_err(|_| LinearFailure::Singular)
    }

    /// Overwrite `b` with the solution of A x = b for the factored A.
    pub fn solve(&self, f: &SparseFactors, b: &mut [Real]) {
        let n = self.n;
        self.solve_many(f, &mut b[..n], 1)
    }

    /// Overwrite the `nrhs` right-hand sides in `b` (one after the other,
    /// NEQ each) with the solutions of A x = b: the multifrontal LU reads
    /// each front's factors once for all of them. The same bits as `nrhs`
    /// calls of [`Pattern::solve`].
    pub fn solve_many(&self, f: &SparseFactors, b: &mut [Real], nrhs: usize) {
        let n = self.n;
        let b = &mut b[..n * nrhs];
        match (&self.analysis, &f.0.numeric) {
            (Analysis::Dense, Numeric::Dense { lu, pivots }) => {
                b.chunks_exact_mut(n).for_each(|rhs| dense::solve(lu, n, pivots, rhs))
            }
            (Analysis::Frontal(structural), Numeric::Frontal { factors, matched }) => {
                let a = matched.as_deref().unwrap_or(structural);
                with_workspace(|c| &mut c.frontal, |ws| a.solve_many(factors, b, nrhs, ws))
            }
            (_, Numeric::General(factors)) => with_workspace(
                |c| &mut c.general,
                |ws| b.chunks_exact_mut(n).for_each(|rhs| factors.solve(self.general_order(), rhs, ws)),
            ),
            _ => unreachable!("factors of another pattern"),
        }
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
}

impl<'a> SparseSolver<'a> {
    /// The solver on an analysed pattern, J's values in `values` (NNZ
    /// long) with the stamp of their factorisation as the driver recorded
    /// it.
    pub fn new(pattern: Rc<Pattern>, source: JacobianSource, values: &'a mut [Real], stamp: u64) -> Self {
        SparseSolver { source, pattern, values, stamp, factors: None }
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
    /// or computed again (in the storage of the stale cached entry, if any).
    fn ensure_factors(&mut self) -> LinearResult {
        if self.factors.is_some() {
            return Ok(());
        }
        let cached = if self.stamp == 0 { None } else { take_factors(self.stamp) };
        self.factors = match cached {
            Some(f) if f.checksum == checksum(self.values) && f.pattern == self.pattern.key => Some(SparseFactors(f)),
            stale => {
                let storage = stale.map(SparseFactors).or_else(|| reusable_storage(self.pattern.key));
                let f = self.pattern.refactor(self.values, storage)?;
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

impl Drop for SparseSolver<'_> {
    /// Return the factors to this thread's cache.
    fn drop(&mut self) {
        if let (Some(f), true) = (self.factors.take(), self.stamp != 0) {
            keep_factors(self.stamp, f.0);
        }
    }
}

impl<S: DaeSystem + ?Sized> LinearSolver<S> for SparseSolver<'_> {
    fn policy(&self) -> Policy {
        DIRECT_POLICY
    }

    fn setup(&mut self, sys: &mut S, at: Setup<'_>, cnt: &mut Counters) -> LinearResult {
        // The factors of the old values (held, or cached under the old
        // stamp) are stale: their storage takes the new ones.
        let old = match self.factors.take() {
            Some(f) => Some(f),
            None if self.stamp != 0 => take_factors(self.stamp).map(SparseFactors),
            None => None,
        };
        let old = old.or_else(|| reusable_storage(self.pattern.key));
        let p = &*self.pattern;
        p.evaluate(self.source, sys, at, self.values, &mut cnt.nre).map_err(LinearFailure::Residual)?;
        let f = p.refactor(self.values, old);
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

#[cfg(test)]
mod tests {
    use super::matrices::{self, random_pattern, stencil, Lcg, TestMatrix};
    use super::*;

    /// Random values on a pattern, with a diagonal of size `diag`.
    fn values_on(r: &[FInt], c: &[FInt], diag: f64, seed: u64) -> Vec<Real> {
        let mut rng = Lcg(seed);
        r.iter().zip(c).map(|(i, j)| if i == j { diag + rng.uniform() } else { rng.uniform() - 0.5 }).collect()
    }

    #[test]
    fn sparse_factors_solve_and_report_singular_matrices() {
        let m = 12;
        let (r, c) = stencil(m);
        let n = m * m;
        let p = Pattern::new(n, &r, &c).unwrap();
        assert_eq!(p.method(), "frontal");
        // Small diagonal: partial pivoting has work to do.
        let v = values_on(&r, &c, 0.1, 7);
        let f = p.factor(&v).unwrap();
        let b: Vec<Real> = (0..n).map(|i| 1.0 + i as Real).collect();
        let mut x = b.clone();
        p.solve(&f, &mut x);
        let mut res = b.clone();
        for ((&i, &j), &a) in r.iter().zip(&c).zip(&v) {
            res[i as usize - 1] -= a * x[j as usize - 1];
        }
        assert!(res.iter().all(|e| e.abs() < 1e-9), "{res:?}");
        // A zero row: a zero pivot somewhere.
        let mut zero_row = v.clone();
        for (k, &i) in r.iter().enumerate() {
            if i == 40 {
                zero_row[k] = 0.0;
            }
        }
        assert!(matches!(p.factor(&zero_row), Err(LinearFailure::Singular)));
        // Two equal columns.
        let mut equal_cols = vec![0.0; v.len()];
        for (k, (&i, &j)) in r.iter().zip(&c).enumerate() {
            equal_cols[k] = if j == 1 || j == 2 {
                if i <= 2 {
                    1.0
                } else {
                    0.0
                }
            } else {
                v[k] + (i == j) as u8 as Real
            };
        }
        assert!(matches!(p.factor(&equal_cols), Err(LinearFailure::Singular)));
        let mut nan = v.clone();
        nan[5] = Real::NAN;
        assert!(matches!(p.factor(&nan), Err(LinearFailure::Singular)));
        let mut inf = v.clone();
        inf[9] = Real::INFINITY;
        assert!(matches!(p.factor(&inf), Err(LinearFailure::Singular)));
        // The storage of a failed factorisation's pattern is still usable.
        assert!(p.refactor(&v, Some(f)).is_ok());
    }

    /// Solve with the pattern and return the largest residual of A x = b.
    fn residual_of(p: &Pattern, r: &[FInt], c: &[FInt], v: &[Real]) -> Real {
        let f = p.factor(v).expect("nonsingular");
        let n = p.n;
        let b: Vec<Real> = (0..n).map(|i| 1.0 + (i % 7) as Real).collect();
        let mut x = b.clone();
        p.solve(&f, &mut x);
        let mut res = b.clone();
        for ((&i, &j), &a) in r.iter().zip(c).zip(v) {
            res[i as usize - 1] -= a * x[j as usize - 1];
        }
        res.iter().fold(0.0, |m: Real, e| m.max(e.abs()))
    }

    #[test]
    fn the_multifrontal_lu_solves_unsymmetric_and_permuted_patterns() {
        // Random unsymmetric patterns, weak and strong diagonals.
        for (n, per_row, diag, seed) in [(40usize, 3usize, 5.0, 1u64), (300, 4, 0.5, 2), (2000, 5, 2.0, 3)] {
            let (r, c) = random_pattern(n, per_row, seed);
            let p = Pattern::new(n, &r, &c).unwrap();
            assert_eq!(p.method(), "frontal");
            let v = values_on(&r, &c, diag, seed);
            assert!(residual_of(&p, &r, &c, &v) < 1e-9, "n={n}");
        }
        // Equations written in another order than their unknowns: the rows
        // of a 5-point stencil reversed, no entry on the diagonal.
        let m = 15;
        let n = m * m;
        let (r0, c) = stencil(m);
        let v = values_on(&r0, &c, 1.0, 9);
        let r: Vec<FInt> = r0.iter().map(|&i| n as FInt + 1 - i).collect();
        let p = Pattern::new(n, &r, &c).unwrap();
        assert_eq!(p.method(), "frontal");
        assert!(residual_of(&p, &r, &c, &v) < 1e-9);
        // Structurally singular: two columns with the same single row.
        let (r, c) = (vec![1, 1, 2, 3], vec![1, 2, 3, 3]);
        let mut rr = r.clone();
        let mut cc = c.clone();
        for k in 4..=20 {
            rr.push(k);
            cc.push(k);
        }
        let p = Pattern::new(20, &rr, &cc).unwrap();
        assert!(matches!(p.factor(&vec![1.0; rr.len()]), Err(LinearFailure::Singular)));
    }

    /// Random patterns (empty rows and columns included) with random
    /// values, some exactly zero: every factorisation either succeeds with
    /// a small residual and `P A Q = L U` to rounding, or reports a
    /// singular matrix that dense partial pivoting finds singular too; it
    /// never panics.
    #[test]
    fn random_patterns_and_values_factor_or_are_singular() {
        let mut rng = Lcg(77);
        let (mut ok, mut singular, mut rerouted) = (0, 0, 0);
        for case in 0..300 {
            let n = 17 + (rng.uniform() * 150.0) as usize;
            let per_row = 1 + (rng.uniform() * 4.0) as usize;
            let mut set = std::collections::BTreeSet::new();
            for i in 0..n {
                if case % 3 != 0 || i % 7 != 3 {
                    set.insert((i, i));
                }
                for _ in 0..per_row {
                    let j = (rng.uniform() * n as f64) as usize;
                    if case % 5 != 0 || j % 11 != 4 {
                        set.insert((i, j));
                    }
                }
            }
            let (r, c): (Vec<FInt>, Vec<FInt>) = set.into_iter().map(|(i, j)| (i as FInt + 1, j as FInt + 1)).unzip();
            let p = Pattern::new(n, &r, &c).unwrap();
            let v: Vec<Real> = (0..r.len())
                .map(|k| {
                    let x = rng.uniform();
                    if x < 0.02 {
                        0.0
                    } else if r[k] == c[k] && case % 2 == 0 {
                        1e-3 * x
                    } else {
                        x - 0.5
                    }
                })
                .collect();
            match p.factor(&v) {
                Ok(f) => {
                    let b: Vec<Real> = (0..n).map(|i| 1.0 + (i % 5) as Real).collect();
                    let mut x = b.clone();
                    p.solve(&f, &mut x);
                    let mut res = b.clone();
                    for ((&i, &j), &a) in r.iter().zip(&c).zip(&v) {
                        res[i as usize - 1] -= a * x[j as usize - 1];
                    }
                    let scale = x.iter().fold(1.0 as Real, |m, e| m.max(e.abs()));
                    // Random matrices can be nearly singular: a residual
                    // relative to the solution's size.
                    if scale < 1e8 {
                        assert!(res.iter().all(|e| e.abs() < 1e-6 * scale), "case {case}: n={n}");
                    }
                    assert!(product_error(&p, &f, &v).0 < 1e-13, "case {case}");
                    rerouted += usize::from(f.matched_from_values() || f.delayed_pivots() > 0);
                    ok += 1;
                }
                Err(LinearFailure::Singular) => {
                    singular += 1;
                    let mut a = vec![0.0; n * n];
                    for ((&i, &j), &x) in r.iter().zip(&c).zip(&v) {
                        a[(i as usize - 1) + (j as usize - 1) * n] = x;
                    }
                    let mut piv = vec![0; n];
                    assert!(dense::factor(&mut a, n, &mut piv).is_err(), "case {case}: dense partial pivoting factors it");
                }
                Err(e) => panic!("case {case}: {e:?}"),
            }
        }
        assert!(
            ok > 50 && singular > 10 && rerouted > 5,
            "{ok} factored ({rerouted} on a transversal from the values or with delayed pivots), {singular} singular"
        );
    }

    #[test]
    fn pivots_outside_their_supernode_are_found() {
        // A star: unknowns 1..19 coupled to unknown 20 only, every diagonal
        // small (1e-3, below the threshold 0.01). A leaf eliminated in its
        // own supernode has its large entry in row 20, outside it: the
        // transversal from the values and its scaling find pivots that
        // pass (the general LU used to take such a matrix).
        let n = 20;
        let mut r = Vec::new();
        let mut c = Vec::new();
        let mut v = Vec::new();
        for l in 1..n as FInt {
            r.extend([l, l, n as FInt]);
            c.extend([l, n as FInt, l]);
            v.extend([1e-3, 1.0, 1.0]);
        }
        r.push(n as FInt);
        c.push(n as FInt);
        v.push(1e-3);
        let p = Pattern::new(n, &r, &c).unwrap();
        let f = p.factor(&v).unwrap();
        assert_eq!((f.method(), f.matched_from_values()), ("frontal", true));
        assert!(product_error(&p, &f, &v).0 < 1e-15);
        assert!(residual_of(&p, &r, &c, &v) < 1e-9);
        // Diagonally dominant values on the same pattern take the first
        // route.
        let dominant: Vec<Real> = r.iter().zip(&c).map(|(i, j)| if i == j { 4.0 } else { 1.0 }).collect();
        let f = p.refactor(&dominant, Some(f)).unwrap();
        assert_eq!((f.method(), f.delayed_pivots(), f.matched_from_values()), ("frontal", 0, false));
        assert!(residual_of(&p, &r, &c, &dominant) < 1e-12);
    }

    /// Factor and solve on pattern `p` with fresh storage, then again after
    /// other values were factored into that storage (the right-hand side at
    /// another alignment, the heap disturbed between), then on another
    /// thread from a cold cache: the same bits each time.
    fn assert_same_bits_anywhere(a: &TestMatrix, general: bool, other_values: &[Real]) {
        let n = a.n;
        let pattern = move |a: &TestMatrix| {
            let p = Pattern::new(a.n, &a.rows, &a.cols).unwrap();
            if general {
                p.with_general_lu()
            } else {
                p
            }
        };
        let p = pattern(a);
        let b: Vec<Real> = (0..n).map(|i| (i as Real).sin()).collect();
        let fresh = p.factor(&a.values).unwrap();
        let mut x1 = b.clone();
        p.solve(&fresh, &mut x1);
        let other = p.factor(other_values).unwrap();
        let junk: Vec<Vec<u8>> = (1..40).map(|k| vec![k as u8; 24 * k + 8]).collect();
        let again = p.refactor(&a.values, Some(other)).unwrap();
        let mut shifted = vec![0.0; n + 1];
        shifted[1..].copy_from_slice(&b);
        p.solve(&again, &mut shifted[1..]);
        let bits = |x: &[Real]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&x1), bits(&shifted[1..]), "{}", a.name);
        drop(junk);
        let (a2, b2) = (a.clone(), b.clone());
        let x3 = std::thread::spawn(move || {
            let p = pattern(&a2);
            let f = p.factor(&a2.values).unwrap();
            let mut x = b2;
            p.solve(&f, &mut x);
            x
        })
        .join()
        .unwrap();
        assert_eq!(bits(&x1), bits(&x3), "{}", a.name);
    }

    /// Two threads (independent subtrees at the same time, large Schur
    /// updates shared, both sweeps of the solve) give the bits of one, on
    /// every route: grids as
    /// written and permuted, 3-D grids, circuits with delayed pivots,
    /// flowsheets; the same singular verdicts; the tree really split.
    #[test]
    fn two_threads_give_the_bits_of_one() {
        let mut cases = vec![
            matrices::grid_dae(40, 1e2),
            matrices::grid_dae(33, 1e2).permute_rows_in_blocks(6, 3),
            matrices::grid_dae(30, 1.0).scale_columns(6, 5),
            matrices::grid3d_dae(12, 1e2),
            matrices::circuit(1500, 1e3, 7),
            matrices::flowsheet(60, 12, 1.0, 3),
        ];
        // Singular: a zero column early in one side, and late.
        for col in [5, 1500] {
            let mut g = matrices::grid_dae(40, 1e2);
            for (v, &c) in g.values.iter_mut().zip(&g.cols) {
                if c as usize == col {
                    *v = 0.0;
                }
            }
            cases.push(g);
        }
        for a in &cases {
            let n = a.n;
            let b: Vec<Real> = (0..n).map(|i| (i as Real * 0.37).cos()).collect();
            let mut results = Vec::new();
            for threads in [1, 2, 2] {
                let mut p = Pattern::new(n, &a.rows, &a.cols).unwrap();
                if threads == 1 {
                    p.set_threads(1);
                } else {
                    p.set_parallelism(threads, 0.0);
                }
                assert_eq!(p.tree_split(), threads > 1 && matches!(p.analysis, Analysis::Frontal(_)), "{}", a.name);
                let outcome = match p.factor(&a.values) {
                    Ok(f) => {
                        let mut x = b.clone();
                        p.solve(&f, &mut x);
                        let again = p.refactor(&a.values, Some(f)).unwrap();
                        let mut y = b.clone();
                        p.solve(&again, &mut y);
                        assert_eq!(x, y);
                        // Three right-hand sides at once (the solve's
                        // sweeps, also on two threads, run over all three).
                        let mut many: Vec<Real> = (0..3 * n).map(|i| (i as Real * 0.11).sin()).collect();
                        p.solve_many(&again, &mut many, 3);
                        x.extend_from_slice(&many);
                        Ok((x.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), again.method()))
                    }
                    Err(e) => Err(format!("{e:?}")),
                };
                results.push(outcome);
            }
            assert_eq!(results[0], results[1], "{}", a.name);
            assert_eq!(results[0], results[2], "{}", a.name);
        }
    }

    #[test]
    fn reused_storage_gives_the_same_bits() {
        let m = 30;
        let (rows, cols) = stencil(m);
        let (va, vb) = (values_on(&rows, &cols, 0.2, 11), values_on(&rows, &cols, 3.0, 12));
        let a = TestMatrix { name: "STENCIL".into(), n: m * m, rows, cols, values: va };
        assert_same_bits_anywhere(&a, false, &vb);
        // The other routes: a transversal from the values, delayed pivots,
        // the general LU.
        let p6 = matrices::grid_dae(20, 1e2).permute_rows_in_blocks(6, 4);
        assert_same_bits_anywhere(&p6, false, &matrices::grid_dae(20, 1.0).permute_rows_in_blocks(6, 4).values);
        let circuit = matrices::circuit(300, 1e4, 5);
        let f = Pattern::new(circuit.n, &circuit.rows, &circuit.cols).unwrap().factor(&circuit.values).unwrap();
        assert!(f.delayed_pivots() > 0);
        assert_same_bits_anywhere(&circuit, false, &matrices::circuit(300, 1e-2, 5).values);
        assert_same_bits_anywhere(&circuit, true, &matrices::circuit(300, 1e-2, 5).values);
    }

    /// The grid DAE as written, with its equations permuted in blocks of
    /// six, its variables or its equations in units from 1e-6 to 1e6: the
    /// multifrontal LU every time (no general LU), on a transversal from
    /// the values when the equations are permuted, a stable factorisation
    /// and every equation solved to rounding.
    #[test]
    fn permuted_and_scaled_grids_take_the_multifrontal_lu_without_loss() {
        for cj in [1e-2, 1e2, 1e6] {
            let g = matrices::grid_dae(20, cj);
            for (a, matched) in [
                (g.clone(), false),
                (g.clone().permute_rows_in_blocks(6, 1), true),
                (g.clone().scale_columns(6, 2), false),
                (g.clone().scale_rows(6, 3), false),
                (g.clone().permute_rows_in_blocks(6, 4).scale_columns(6, 5), true),
            ] {
                let p = Pattern::new(a.n, &a.rows, &a.cols).unwrap();
                let f = p.factor(&a.values).unwrap();
                let what = format!("{} at cj = {cj:e}", a.name);
                assert_eq!((f.method(), f.matched_from_values()), ("frontal", matched), "{what}");
                if !matched && f.delayed_pivots() == 0 {
                    assert_eq!(f.entries(), p.factor_entries(), "{what}: the factors of the analysis");
                }
                assert!(f.growth() < 10.0, "{what}: growth {}", f.growth());
                let (backward, growth) = product_error(&p, &f, &a.values);
                assert!(backward < 1e-15 && growth < 10.0, "{what}: {backward:e}, growth {growth}");
                let b: Vec<Real> = (0..a.n).map(|i| 1.0 - (i % 5) as Real).collect();
                let mut x = b.clone();
                p.solve(&f, &mut x);
                assert!(a.row_error(&x, &b) < 1e-14, "{what}: {:e}", a.row_error(&x, &b));
            }
        }
    }

    /// Matrices shaped like the IVP Test Set's (circuits, flowsheets,
    /// index-2 mechanics and pipe networks, kinetics, random matrices over
    /// 1e-8..1e8) over CJ = 1e-2 .. 1e6: the multifrontal LU, `P A Q = L U`
    /// to rounding entry by entry, each equation solved to 1e-11 or better
    /// (dense partial pivoting on the row-scaled matrices: 2e-5 on the
    /// random ones, up to 4e-14 on the others; the general LU before it
    /// judged pivots on scaled magnitudes: 0.9 on the random ones); the
    /// general LU, forced, likewise.
    #[test]
    fn test_set_like_matrices_factor_to_rounding() {
        for cj in [1e-2, 1.0, 1e2, 1e4, 1e6] {
            for a in [
                matrices::circuit(120, cj, 1),
                matrices::flowsheet(20, 8, cj, 2),
                matrices::mechanism(15, cj, 3),
                matrices::pipe_network(20, cj, 4),
                matrices::kinetics(20, 25, cj, 5),
                matrices::random_scaled(150, 3, 6),
            ] {
                let b: Vec<Real> = (0..a.n).map(|i| 1.0 - (i % 5) as Real).collect();
                let what = format!("{} at cj = {cj:e}", a.name);
                let reference = dense_row_scaled_error(&a, &b);
                for general in [false, true] {
                    let p = Pattern::new(a.n, &a.rows, &a.cols).unwrap();
                    let p = if general { p.with_general_lu() } else { p };
                    let f = p.factor(&a.values).unwrap();
                    assert_eq!(f.method(), if general { "general" } else { "frontal" }, "{what}");
                    assert!(f.entries() >= a.values.len(), "{what}: L and U hold A's entries at least");
                    let (backward, _) = product_error(&p, &f, &a.values);
                    assert!(backward < 1e-14, "{what}: {backward:e}");
                    let mut x = b.clone();
                    p.solve(&f, &mut x);
                    let error = a.row_error(&x, &b);
                    assert!(error < 1e-11, "{what}, general {general}: {error:e} (dense: {reference:e})");
                }
            }
        }
    }

    /// The per-row residual of dense partial pivoting (DGEFA's) on the
    /// matrix with its rows scaled to a largest magnitude of 1.
    fn dense_row_scaled_error(a: &TestMatrix, b: &[Real]) -> Real {
        let n = a.n;
        let mut d = a.dense();
        let mut largest = vec![0.0 as Real; n];
        for j in 0..n {
            for i in 0..n {
                largest[i] = largest[i].max(d[i + j * n].abs());
            }
        }
        for j in 0..n {
            for i in 0..n {
                d[i + j * n] /= largest[i];
            }
        }
        let mut pivots = vec![0; n];
        dense::factor(&mut d, n, &mut pivots).expect("nonsingular");
        let mut x: Vec<Real> = b.iter().zip(&largest).map(|(v, l)| v / l).collect();
        dense::solve(&d, n, &pivots, &mut x);
        a.row_error(&x, b)
    }

    /// Singular matrices of the same shapes: two voltage sources in a loop,
    /// a grid with an equation repeated, a mechanism with a constraint
    /// repeated; the multifrontal and the general LU report them singular,
    /// and so does dense partial pivoting.
    #[test]
    fn singular_verdicts_agree_with_dense_partial_pivoting() {
        let mut cases = Vec::new();
        // A circuit whose first source row duplicates another's (same node).
        let mut c = matrices::circuit(64, 1.0, 3);
        let (src0, src1) = (64, 65);
        let row1: Vec<(FInt, Real)> =
            (0..c.rows.len()).filter(|&k| c.rows[k] == src1 + 1).map(|k| (c.cols[k], c.values[k])).collect();
        let keep: Vec<usize> = (0..c.rows.len()).filter(|&k| c.rows[k] != src0 + 1).collect();
        c.rows = keep.iter().map(|&k| c.rows[k]).chain(row1.iter().map(|_| src0 + 1)).collect();
        c.cols = keep.iter().map(|&k| c.cols[k]).chain(row1.iter().map(|e| e.0)).collect();
        c.values = keep.iter().map(|&k| c.values[k]).chain(row1.iter().map(|e| e.1)).collect();
        cases.push(c);
        // A grid with two interior rows made equal (same pattern, values
        // of a neighbour shifted onto the stencil).
        let mut g = matrices::grid_dae(12, 1.0).permute_rows_in_blocks(6, 2);
        for v in g.values.iter_mut() {
            *v = v.round();
        }
        let (r1, r2) = (40, 41);
        let cols_of = |g: &TestMatrix, r: FInt| -> Vec<FInt> { (0..g.rows.len()).filter(|&k| g.rows[k] == r).map(|k| g.cols[k]).collect() };
        let union: std::collections::BTreeSet<FInt> = cols_of(&g, r1).into_iter().chain(cols_of(&g, r2)).collect();
        let keep: Vec<usize> = (0..g.rows.len()).filter(|&k| g.rows[k] != r1 && g.rows[k] != r2).collect();
        let mut next = TestMatrix {
            name: "GRID-TWIN".into(),
            n: g.n,
            rows: keep.iter().map(|&k| g.rows[k]).collect(),
            cols: keep.iter().map(|&k| g.cols[k]).collect(),
            values: keep.iter().map(|&k| g.values[k]).collect(),
        };
        for (i, &col) in union.iter().enumerate() {
            for r in [r1, r2] {
                next.rows.push(r);
                next.cols.push(col);
                next.values.push(1.0 + i as Real);
            }
        }
        g = next;
        cases.push(g);
        for a in &cases {
            let mut d = a.dense();
            let mut pivots = vec![0; a.n];
            assert!(dense::factor(&mut d, a.n, &mut pivots).is_err(), "{}: dense LU factors it", a.name);
            for general in [false, true] {
                let p = Pattern::new(a.n, &a.rows, &a.cols).unwrap();
                let p = if general { p.with_general_lu() } else { p };
                assert!(matches!(p.factor(&a.values), Err(LinearFailure::Singular)), "{} general {general}", a.name);
            }
        }
    }

    /// The largest `|M - L U|_ij / (|L| |U|)_ij` over the permuted matrix M
    /// that the factors claim (`P A Q = L U`: the componentwise backward
    /// error of the factorisation, a few units of rounding for a stable
    /// one), and the growth `max (|L| |U|)_ij / max |M|`.
    fn product_error(p: &Pattern, f: &SparseFactors, values: &[Real]) -> (Real, Real) {
        let n = p.n;
        let (l, u, row_of, col_of): (_, _, Vec<usize>, Vec<usize>) = match (&f.0.numeric, &p.analysis) {
            (Numeric::Frontal { factors, matched }, Analysis::Frontal(structural)) => {
                let a = matched.as_deref().unwrap_or(structural);
                let (l, u) = a.dense_factors(factors);
                (l, u, a.row_src.clone(), a.col_src.clone())
            }
            (Numeric::General(factors), _) => {
                let (l, u) = factors.dense_factors();
                (l, u, (0..n).collect(), p.general_order().to_vec())
            }
            _ => panic!("a sparse factorisation"),
        };
        let (mut row_pos, mut col_pos) = (vec![0; n], vec![0; n]);
        for k in 0..n {
            row_pos[row_of[k]] = k;
            col_pos[col_of[k]] = k;
        }
        let mut m = vec![0.0; n * n];
        for (r, c, k) in p.entries() {
            m[row_pos[r] * n + col_pos[c]] = values[k];
        }
        let (mut worst, mut largest_lu) = (0.0 as Real, 0.0 as Real);
        for i in 0..n {
            for j in 0..n {
                let (mut lu, mut abs) = (0.0, 0.0);
                for t in 0..n {
                    lu += l[i * n + t] * u[t * n + j];
                    abs += (l[i * n + t] * u[t * n + j]).abs();
                }
                largest_lu = largest_lu.max(abs);
                if abs > 0.0 {
                    worst = worst.max((m[i * n + j] - lu).abs() / abs);
                } else {
                    assert_eq!(m[i * n + j], 0.0, "an entry the factors lost");
                }
            }
        }
        let largest_m = m.iter().fold(0.0 as Real, |x, v| x.max(v.abs()));
        (worst, largest_lu / largest_m)
    }

    /// Several right-hand sides at once give the bits of one at a time,
    /// on every route (dense, in shape, matched with delays, general).
    #[test]
    fn several_right_hand_sides_give_the_bits_of_one_at_a_time() {
        let cases = [
            (matrices::kinetics(12, 20, 1.0, 1), false),
            (matrices::grid_dae(15, 1e2), false),
            (matrices::circuit(300, 1e4, 5), false),
            (matrices::circuit(300, 1e4, 5), true),
        ];
        for (a, general) in cases {
            let p = Pattern::new(a.n, &a.rows, &a.cols).unwrap();
            let p = if general { p.with_general_lu() } else { p };
            let f = p.factor(&a.values).unwrap();
            let nrhs = 3;
            let b: Vec<Real> = (0..a.n * nrhs).map(|i| ((i * 7919) % 101) as Real - 50.0).collect();
            let mut many = b.clone();
            p.solve_many(&f, &mut many, nrhs);
            for (r, rhs) in b.chunks_exact(a.n).enumerate() {
                let mut one = rhs.to_vec();
                p.solve(&f, &mut one);
                let bits = |x: &[Real]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&one), bits(&many[r * a.n..(r + 1) * a.n]), "{} ({}), right-hand side {r}", a.name, f.method());
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
}
