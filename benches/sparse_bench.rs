//! Where DSL48E's sparse linear algebra spends its time (`cargo bench --features internals
//! --bench sparse_bench`).
//!
//! DSL48E's iteration matrix J = dF/dz + CJ*dF/dzdot lives on the caller's
//! coordinate pattern (JROW, JCOL); `daskr::core::linsol::sparse` analyses
//! the pattern once per thread (validation, CSC structure, column colouring
//! for the difference quotients, the multifrontal LU's symbolic analysis:
//! AMD, relaxed supernodes, fronts: cached [`Pattern`]), factors J
//! numerically after every Jacobian evaluation ([`Pattern::refactor`] in
//! the storage of the previous factorisation; the multifrontal LU, dense LU
//! up to NEQ = 16) and solves once per Newton iteration ([`Pattern::solve`]). This bench
//! times those parts separately, with the crate's own code, on the patterns
//! of the DSL48E benchmark problems (benches/fortran/bench_dsl48e.f) and a
//! few smaller ones:
//!
//! | pattern | NEQ | what |
//! |---|---|---|
//! | HEAT100, HEAT224, HEAT20 | 10000, 50176, 400 | the heat DAE on an M x M grid: 5-point stencil inside, algebraic boundary rows |
//! | BAND20 | 10000 | 2-D Fisher-KPP on 20 x 500, mirror boundaries (bench_daskr.f's BAND20) |
//! | FULL80 | 80 | a full pattern (the IVP Test Set's beam through INFO(6) = 2) |
//! | TRIDIAG50 | 50 | a tridiagonal matrix |
//! | EX1 | 2 | Example 1 of the event benchmark (diagonal) |
//! | OSC | 3 | the oscillator of the event-detection cost benchmark |
//!
//! The values are those of the heat problem's iteration matrix (interior
//! diagonal CJ + 4C - (1 - 2U), off-diagonals -C, C = D/H^2, boundary
//! rows +-1) with CJ = 100, U = 0.25; for the tiny patterns a
//! diagonally dominant matrix.
//!
//! Times are this thread's processor time (`CLOCK_THREAD_CPUTIME_ID`; all
//! the work is sequential, `Par::Seq`), which other jobs on a shared
//! machine disturb far less than the wall time.
//!
//! One line per pattern: the median (over REPS samples; for the small
//! patterns each sample is the mean of several calls), in microseconds, of
//!   - CHECK1: `validate_pattern` + `pattern_key`, which the first DSL48E
//!     call of an integration runs on JROW/JCOL,
//!   - CHECKN: what a continuation call runs on them (`run_pattern`),
//!     the lists compared with those of the run's pattern in the thread's
//!     cache (`cached_pattern_of`), CHECKH: `pattern_key` alone, what it
//!     runs instead when the cache does not hold the pattern (another
//!     thread),
//!   - ANALYSE: `Pattern::new` (validation, CSC, colouring, symbolic LU),
//!     done once per pattern and thread (first call of the first
//!     integration),
//!   - FACTOR: `Pattern::refactor` into the storage of the previous
//!     factorisation (what each Jacobian costs), FACTOR0 the same into
//!     fresh storage,
//!   - SOLVE: `Pattern::solve` (one right-hand side, once per Newton
//!     iteration), SOLVE4: `Pattern::solve_many` with four right-hand
//!     sides, per right-hand side,
//!
//! the colour count (residual calls per difference-quotient Jacobian), the
//! method (dense, frontal or general), the entries of the factors L and U
//! in thousands (LU(K), the multifrontal LU's explicit zeros included) and
//! the relative residual of the solve. For
//! comparison, a second table gives faer's own sparse LU driver on the same
//! matrices (`factorize_symbolic_lu`: COLAMD, then faer's choice, forced
//! supernodal or forced simplicial numeric LU, what the crate ran before
//! the multifrontal LU): symbolic, numeric, solve; a third faer's
//! simplicial LU (what it ran before that) in COLAMD and in AMD order, with
//! the fill of L + U.
//!
//! `-- harder [FAMILY...]` prints another table instead: the matrices of
//! `sparse::matrices` (grids as written, with rows permuted in blocks of
//! six, with scaled columns or rows; circuits, flowsheets, constrained
//! mechanics, pipe networks, kinetics, random matrices over 1e-8..1e8),
//! each family over CJ = 1e-2 .. 1e6 and three seeds: factorisations by
//! the general LU and found singular, median factorisation and solve
//! times, the largest per-row relative residual.
//!
//! The argument `own` leaves out the comparisons with faer.
//!
//! `BENCH_STAT=min` prints the least of the samples instead of their
//! median (on a machine other jobs share, the least disturbed one).
//!
//! `DASKR_BENCH_QUICK=1` runs a few repetitions only; arguments that do not
//! start with `-` select the patterns whose name contains one of them
//! (`cargo bench --features internals --bench sparse_bench -- HEAT100`).

use std::hint::black_box;

use daskr::core::linsol::sparse::matrices::{self, TestMatrix};
use daskr::core::linsol::sparse::{cached_pattern_of, pattern_key, shared_pattern_keyed, validate_pattern, Pattern};
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::sparse::linalg::lu::simplicial::{self, SimplicialLu};
use faer::sparse::linalg::lu::{self, LuSymbolicParams, NumericLu};
use faer::sparse::linalg::SupernodalThreshold;
use faer::sparse::linalg::{amd, colamd};
use faer::sparse::{SparseColMatRef, SymbolicSparseColMatRef};
use faer::{Conj, MatMut, Par};

/// A test pattern: NEQ, 1-based coordinate lists, the values of J in the
/// same order.
type Case = TestMatrix;

/// The heat DAE of bench_dsl48e.f on an m x m grid (HTPAT) at CJ = 100.
fn heat(name: &str, m: usize) -> Case {
    TestMatrix { name: name.into(), ..matrices::grid_dae(m, 100.0) }
}

/// bench_daskr.f's BAND20 pattern: 20 x 500, 5-point, mirror boundaries
/// (a mirrored neighbour that is the point itself or its other neighbour
/// is stored once, the values added).
fn band20() -> Case {
    let (mx, my, diff, reac, cj, u) = (20usize, 500usize, 0.04, 1.0, 100.0, 0.5);
    let h = 1.0 / mx as f64;
    let c = diff / (h * h);
    let mirror = |m: isize, n: usize| -> usize {
        if m < 1 {
            (1 - m) as usize
        } else if m as usize > n {
            2 * n + 1 - m as usize
        } else {
            m as usize
        }
    };
    let mut case = Case { name: "BAND20".into(), n: mx * my, rows: Vec::new(), cols: Vec::new(), values: Vec::new() };
    for j in 1..=my {
        for i in 1..=mx {
            let k = i + (j - 1) * mx;
            let mut row: Vec<(usize, f64)> = vec![(k, cj + 4.0 * c - reac * (1.0 - 2.0 * u))];
            let (ii, jj) = (i as isize, j as isize);
            for l in [
                mirror(ii - 1, mx) + (j - 1) * mx,
                mirror(ii + 1, mx) + (j - 1) * mx,
                i + (mirror(jj - 1, my) - 1) * mx,
                i + (mirror(jj + 1, my) - 1) * mx,
            ] {
                match row.iter_mut().find(|e| e.0 == l) {
                    Some(e) => e.1 -= c,
                    None => row.push((l, -c)),
                }
            }
            for (l, v) in row {
                case.rows.push(k as i32);
                case.cols.push(l as i32);
                case.values.push(v);
            }
        }
    }
    case
}

/// A tiny pattern from (row, col, value) triples.
fn tiny(name: &str, n: usize, entries: &[(i32, i32, f64)]) -> Case {
    Case {
        name: name.into(),
        n,
        rows: entries.iter().map(|e| e.0).collect(),
        cols: entries.iter().map(|e| e.1).collect(),
        values: entries.iter().map(|e| e.2).collect(),
    }
}

/// This thread's processor time in seconds (CLOCK_THREAD_CPUTIME_ID).
fn thread_cpu_time() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    ts.tv_sec as f64 + 1e-9 * ts.tv_nsec as f64
}

/// Median of `reps` timings of `f`, in seconds of this thread's processor
/// time (on a machine shared with other jobs much steadier than the wall
/// time; everything timed here runs on this thread).
/// Each of the `reps` samples times `inner` calls (the tiny patterns take
/// less than the clock's own overhead) and counts their mean.
fn median(reps: usize, inner: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..reps.max(1))
        .map(|_| {
            let t0 = thread_cpu_time();
            for _ in 0..inner {
                f();
            }
            (thread_cpu_time() - t0) / inner as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    if std::env::var("BENCH_STAT").is_ok_and(|v| v == "min") {
        return times[0];
    }
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        0.5 * (times[n / 2 - 1] + times[n / 2])
    }
}

/// The median of some samples (NaN for none).
fn median_of(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The CSC form of a case (0-based, rows ascending) and the map from CSC
/// position to the case's entry.
fn csc(case: &Case) -> (Vec<usize>, Vec<usize>, Vec<f64>) {
    let n = case.n;
    let mut order: Vec<usize> = (0..case.rows.len()).collect();
    order.sort_unstable_by_key(|&k| (case.cols[k], case.rows[k]));
    let mut col_ptr = vec![0usize; n + 1];
    for &c in &case.cols {
        col_ptr[c as usize] += 1;
    }
    for j in 0..n {
        col_ptr[j + 1] += col_ptr[j];
    }
    let row_idx = order.iter().map(|&k| case.rows[k] as usize - 1).collect();
    let values = order.iter().map(|&k| case.values[k]).collect();
    (col_ptr, row_idx, values)
}

/// Largest |A x - b| / |b| for x = A \ b (b = 1, 2, ...), a sanity check.
fn residual(case: &Case, x: &[f64], b: &[f64]) -> f64 {
    let bmax = b.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    case.residual(x, b).iter().fold(0.0f64, |m, v| m.max(v.abs())) / bmax
}

/// The crate's analysis / factorisation / solve on one pattern.
struct CrateLine {
    check_first: f64,
    check_next: f64,
    check_hash: f64,
    analyse: f64,
    factor: f64,
    factor_fresh: f64,
    solve: f64,
    solve4: f64,
    colours: usize,
    method: &'static str,
    factor_entries: usize,
    resid: f64,
}

fn crate_parts(case: &Case, reps: usize, inner: usize) -> CrateLine {
    let n = case.n;
    let (rows, cols) = (&case.rows[..], &case.cols[..]);
    let check_first = median(reps, inner, || {
        validate_pattern(n, rows, cols).expect("valid pattern");
        black_box(pattern_key(n, rows, cols));
    });
    let key = pattern_key(n, rows, cols);
    let cached = shared_pattern_keyed(n, rows, cols, key).expect("valid pattern");
    let check_next = median(reps, inner, || {
        black_box(cached_pattern_of(n, rows, cols, key).is_some());
    });
    drop(cached);
    let check_hash = median(reps, inner, || {
        black_box(pattern_key(n, rows, cols));
    });
    let analyse = median(reps, inner, || {
        black_box(Pattern::new(n, rows, cols).expect("valid pattern"));
    });
    let pattern = Pattern::new(n, rows, cols).expect("valid pattern");
    let factor_fresh = median(reps, inner, || {
        black_box(pattern.factor(&case.values).expect("nonsingular"));
    });
    let mut held = Some(pattern.factor(&case.values).expect("nonsingular"));
    let factor = median(reps, inner, || {
        held = Some(pattern.refactor(&case.values, held.take()).expect("nonsingular"));
    });
    let f = held.expect("factored");
    let b: Vec<f64> = (1..=n).map(|i| i as f64).collect();
    let mut x = b.clone();
    let solve = median(reps.max(5) * 4, inner, || {
        x.copy_from_slice(&b);
        pattern.solve(&f, &mut x);
        black_box(&x);
    });
    let resid = residual(case, &x, &b);
    let b4: Vec<f64> = (0..4 * n).map(|i| 1.0 + (i % 11) as f64).collect();
    let mut x4 = b4.clone();
    let solve4 = 0.25
        * median(reps.max(5) * 4, inner, || {
            x4.copy_from_slice(&b4);
            pattern.solve_many(&f, &mut x4, 4);
            black_box(&x4);
        });
    CrateLine {
        check_first,
        check_next,
        check_hash,
        analyse,
        factor,
        factor_fresh,
        solve,
        solve4,
        colours: pattern.colour_count(),
        method: pattern.method(),
        factor_entries: pattern.factor_entries(),
        resid,
    }
}

/// faer's own LU driver with a simplicial/supernodal choice.
struct FaerLine {
    symbolic: f64,
    numeric: f64,
    solve: f64,
    resid: f64,
}

fn faer_driver(case: &Case, reps: usize, inner: usize, threshold: SupernodalThreshold) -> FaerLine {
    let n = case.n;
    let (col_ptr, row_idx, csc_values) = csc(case);
    let sym = SymbolicSparseColMatRef::new_checked(n, n, &col_ptr, None, &row_idx);
    let a = SparseColMatRef::new(sym, &csc_values);
    let params = LuSymbolicParams { supernodal_flop_ratio_threshold: threshold, ..Default::default() };
    let symbolic_time = median(reps, inner, || {
        black_box(lu::factorize_symbolic_lu(sym, params).expect("symbolic LU"));
    });
    let symbolic = lu::factorize_symbolic_lu(sym, params).expect("symbolic LU");
    let mut mem = MemBuffer::new(
        symbolic
            .factorize_numeric_lu_scratch::<f64>(Par::Seq, Default::default())
            .or(symbolic.solve_in_place_scratch::<f64>(1, Par::Seq)),
    );
    let mut numeric = NumericLu::<usize, f64>::new();
    let numeric_time = median(reps, inner, || {
        symbolic
            .factorize_numeric_lu(&mut numeric, a, Par::Seq, MemStack::new(&mut mem), Default::default())
            .expect("numeric LU");
    });
    let lu = symbolic
        .factorize_numeric_lu(&mut numeric, a, Par::Seq, MemStack::new(&mut mem), Default::default())
        .expect("numeric LU");
    let b: Vec<f64> = (1..=n).map(|i| i as f64).collect();
    let mut x = b.clone();
    let solve = median(reps.max(5) * 4, inner, || {
        x.copy_from_slice(&b);
        let rhs = MatMut::from_column_major_slice_mut(&mut x, n, 1);
        lu.solve_in_place_with_conj(Conj::No, rhs, Par::Seq, MemStack::new(&mut mem));
        black_box(&x);
    });
    let resid = residual(case, &x, &b);
    FaerLine { symbolic: symbolic_time, numeric: numeric_time, solve, resid }
}

/// faer's simplicial LU in COLAMD order (what the crate ran before the
/// supernodal LU) and in AMD order (on A + A^T): time and fill.
struct OrderLine {
    colamd_numeric: f64,
    colamd_fill: usize,
    amd: f64,
    amd_numeric: f64,
    amd_fill: usize,
}

fn simplicial_orders(case: &Case, reps: usize, inner: usize) -> OrderLine {
    let n = case.n;
    let (col_ptr, row_idx, csc_values) = csc(case);
    let sym = SymbolicSparseColMatRef::new_checked(n, n, &col_ptr, None, &row_idx);
    let a = SparseColMatRef::new(sym, &csc_values);
    let simplicial = |fwd: &[usize], inv: &[usize]| {
        let perm = faer::perm::PermRef::new_checked(fwd, inv, n);
        let mut slu = SimplicialLu::<usize, f64>::new();
        let (mut rp, mut rpi) = (vec![0usize; n], vec![0usize; n]);
        let mut mem = MemBuffer::new(simplicial::factorize_simplicial_numeric_lu_scratch::<usize, f64>(n, n));
        let t = median(reps, inner, || {
            simplicial::factorize_simplicial_numeric_lu(&mut rp, &mut rpi, &mut slu, a, perm, MemStack::new(&mut mem))
                .expect("simplicial LU");
        });
        (t, slu.l_factor_unsorted().compute_nnz() + slu.u_factor_unsorted().compute_nnz())
    };
    let (mut fwd, mut inv) = (vec![0usize; n], vec![0usize; n]);
    let mut mem = MemBuffer::new(colamd::order_scratch::<usize>(n, n, row_idx.len()));
    colamd::order(&mut fwd, &mut inv, sym, colamd::Control::default(), MemStack::new(&mut mem)).expect("colamd");
    let (colamd_numeric, colamd_fill) = simplicial(&fwd, &inv);
    let amd = median(reps, inner, || {
        let mut mem = MemBuffer::new(amd::order_scratch::<usize>(n, row_idx.len()));
        amd::order(&mut fwd, &mut inv, sym, amd::Control::default(), MemStack::new(&mut mem)).expect("amd");
        black_box(&fwd);
    });
    let (amd_numeric, amd_fill) = simplicial(&fwd, &inv);
    OrderLine { colamd_numeric, colamd_fill, amd, amd_numeric, amd_fill }
}

/// The harder matrices of `sparse::matrices` at `cj`, by family: grids
/// as written (GRIDm), rows permuted in blocks of 6 (-P6), columns and
/// rows scaled over +-6 decades (-C6, -R6); circuits, flowsheets,
/// constrained mechanics, pipe networks, kinetics shaped like the IVP Test
/// Set's tba, water, crank, fekete, pollu and emep; random matrices over
/// 1e-8..1e8.
fn harder_matrices(cj: f64, seed: u64, sizes: &[usize]) -> Vec<TestMatrix> {
    let mut out = Vec::new();
    for &m in sizes {
        let g = matrices::grid_dae(m, cj);
        out.push(g.clone());
        out.push(g.clone().permute_rows_in_blocks(6, seed));
        out.push(g.clone().scale_columns(6, seed));
        out.push(g.clone().scale_rows(6, seed));
        out.push(g.permute_rows_in_blocks(6, seed).scale_columns(6, seed + 1));
    }
    out.push(matrices::circuit(300, cj, seed));
    out.push(matrices::circuit(3000, cj, seed));
    out.push(matrices::flowsheet(40, 10, cj, seed));
    out.push(matrices::flowsheet(300, 12, cj, seed));
    out.push(matrices::mechanism(6, cj, seed));
    out.push(matrices::mechanism(40, cj, seed));
    out.push(matrices::pipe_network(20, cj, seed));
    out.push(matrices::kinetics(20, 25, cj, seed));
    out.push(matrices::kinetics(66, 140, cj, seed));
    out.push(matrices::random_scaled(500, 3, seed));
    out.push(matrices::random_scaled(3000, 3, seed));
    out
}

/// Largest order for the dense reference of the harder-matrix table.
const DENSE_REFERENCE_MAX: usize = 1100;

/// The worst per-row residual of `A x = b` solved by dense partial
/// pivoting (DGEFA's) after scaling each row to a largest magnitude of 1.
fn dense_reference_error(a: &TestMatrix, b: &[f64]) -> f64 {
    let n = a.n;
    let mut dense = a.dense();
    let mut row_max = vec![0.0f64; n];
    for j in 0..n {
        for i in 0..n {
            row_max[i] = row_max[i].max(dense[i + j * n].abs());
        }
    }
    for j in 0..n {
        for i in 0..n {
            if row_max[i] > 0.0 {
                dense[i + j * n] /= row_max[i];
            }
        }
    }
    let mut pivots = vec![0; n];
    if daskr::core::linsol::dense::factor(&mut dense, n, &mut pivots).is_err() {
        return f64::NAN;
    }
    let mut x: Vec<f64> = b.iter().zip(&row_max).map(|(v, m)| if *m > 0.0 { v / m } else { *v }).collect();
    daskr::core::linsol::dense::solve(&dense, n, &pivots, &mut x);
    a.row_error(&x, b)
}

/// One line of the harder-matrix table: a family over the CJ sweep.
struct FamilyLine {
    name: String,
    n: usize,
    nnz: usize,
    factorisations: usize,
    general: usize,
    matched: usize,
    delayed: usize,
    singular: usize,
    factor_times: Vec<f64>,
    /// Dense partial pivoting on the row-equilibrated matrix (up to
    /// NEQ = DENSE_REFERENCE_MAX): its worst per-row residual.
    dense_row_error: f64,
    solve_times: Vec<f64>,
    worst_row_error: f64,
    worst_growth: f64,
}

impl FamilyLine {
    /// Factor and solve one matrix of the family, timed.
    fn add(&mut self, a: &TestMatrix) {
        let pattern = Pattern::new(a.n, &a.rows, &a.cols).expect("valid pattern");
        self.factorisations += 1;
        // Once to warm the pattern's caches (an analysis on the values'
        // transversal, the general LU's order), then timed into the
        // storage of the first: what each Jacobian of an integration costs.
        let warm = pattern.factor(&a.values).ok();
        let t0 = thread_cpu_time();
        let factored = pattern.refactor(&a.values, warm);
        let t1 = thread_cpu_time();
        let Ok(f) = factored else {
            self.singular += 1;
            return;
        };
        self.factor_times.push(t1 - t0);
        self.general += usize::from(f.method() == "general");
        self.matched += usize::from(f.matched_from_values());
        self.delayed += f.delayed_pivots();
        self.worst_growth = self.worst_growth.max(f.growth());
        let b: Vec<f64> = (0..a.n).map(|i| if i % 3 == 0 { -1.0 } else { 1.0 + (i % 7) as f64 }).collect();
        let mut x = b.clone();
        let t2 = thread_cpu_time();
        pattern.solve(&f, &mut x);
        self.solve_times.push(thread_cpu_time() - t2);
        self.worst_row_error = self.worst_row_error.max(a.row_error(&x, &b));
        if a.n <= DENSE_REFERENCE_MAX {
            self.dense_row_error = self.dense_row_error.max(dense_reference_error(a, &b));
        }
    }

    fn print(self) {
        println!(
            " {:<16}{:>7}{:>7}{:>6}{:>9}{:>9}{:>9}{:>10}{:>12.1}{:>12.1}{:>11.1e}{:>11}{:>9}",
            self.name,
            self.n,
            self.nnz,
            self.factorisations,
            self.general,
            self.matched,
            self.delayed,
            self.singular,
            1e6 * median_of(self.factor_times),
            1e6 * median_of(self.solve_times),
            self.worst_row_error,
            if self.n <= DENSE_REFERENCE_MAX { format!("{:.1e}", self.dense_row_error) } else { "-".into() },
            if self.worst_growth > 0.0 { format!("{:.0e}", self.worst_growth) } else { "-".into() }
        );
    }
}

/// Per matrix family: over CJ = 1e-2 .. 1e6 and three seeds, how many
/// factorisations took the general LU (the multifrontal LU's fallback) or
/// were found singular, the median time of a factorisation (into the
/// storage of a first one) and of a solve, and the largest per-row relative residual
/// (`TestMatrix::row_error`), that of dense partial pivoting on the
/// row-scaled matrix (up to NEQ = 1100) and the first route's growth (the
/// largest pivot times its row's scale; "-" when every factorisation took
/// another route). `cargo bench --features internals --bench sparse_bench
/// -- harder [FAMILY...]`.
fn harder_table(filters: &[String], quick: bool) {
    let sizes: &[usize] = if quick { &[32] } else { &[32, 45, 100] };
    let cjs = [1e-2, 1.0, 1e2, 1e4, 1e6];
    let seeds: &[u64] = if quick { &[1] } else { &[1, 2, 3] };
    let mut lines: Vec<FamilyLine> = Vec::new();
    for &seed in seeds {
        for &cj in &cjs {
            for a in harder_matrices(cj, seed, sizes) {
                if !filters.is_empty() && !filters.iter().any(|f| a.name.contains(f.as_str())) {
                    continue;
                }
                let i = lines.iter().position(|l| l.name == a.name).unwrap_or_else(|| {
                    lines.push(FamilyLine {
                        name: a.name.clone(),
                        n: a.n,
                        nnz: a.rows.len(),
                        factorisations: 0,
                        general: 0,
                        matched: 0,
                        delayed: 0,
                        singular: 0,
                        factor_times: Vec::new(),
                        dense_row_error: 0.0,
                        solve_times: Vec::new(),
                        worst_row_error: 0.0,
                        worst_growth: 0.0,
                    });
                    lines.len() - 1
                });
                lines[i].add(&a);
            }
        }
    }
    println!();
    println!(
        " HARDER MATRICES (sparse::matrices; CJ = 1e-2 .. 1e6 x {} seeds; medians of thread CPU time)",
        seeds.len()
    );
    println!(" MATRIX              NEQ    NNZ  FACT  GENERAL  MATCHED  DELAYED  SINGULAR  FACTOR(US)   SOLVE(US)  ROW-ERROR  DENSE-ERR   GROWTH");
    for line in lines {
        line.print();
    }
}

/// The matrices of the comparison with other sparse LU codes (README,
/// "Against other sparse LUs"): the heat DAE of the DSL48E benchmark, the
/// grid written with permuted equations and scaled unknowns, and one of
/// each harder family.
fn peer_matrices() -> Vec<TestMatrix> {
    vec![
        heat("HEAT100", 100),
        heat("HEAT224", 224),
        band20(),
        matrices::grid_dae(100, 100.0).permute_rows_in_blocks(6, 1),
        matrices::grid_dae(100, 100.0).permute_rows_in_blocks(6, 1).scale_columns(6, 2),
        matrices::circuit(3000, 1e4, 1),
        matrices::flowsheet(300, 12, 1e2, 1),
        matrices::mechanism(40, 1e2, 1),
        matrices::kinetics(66, 140, 1e2, 1),
        matrices::random_scaled(3000, 3, 1),
    ]
}

/// `-- peers DIR`: write the peer matrices to DIR in Matrix Market form
/// (for benches/peers/) and print this crate's times on them: the
/// pattern's analysis (`Pattern::new`: validation, CSC, colouring,
/// transversal, AMD, supernodes, fronts), the first factorisation after
/// it (which analyses the pattern again on a transversal from the values
/// when the matrix takes that route), a factorisation into the storage of
/// the previous one, a solve, the entries of L and U and the worst
/// per-row relative residual.
fn peers_table(dir: &str, reps: usize) {
    std::fs::create_dir_all(dir).expect("create the output directory");
    println!(" THIS CRATE ON THE PEER MATRICES (medians of thread CPU time, {reps} samples)");
    println!(
        " MATRIX             NEQ     NNZ ANALYSE(US)   FIRST(US)  FACTOR(US)   SOLVE(US)   LU(K) ROUTE    ROW-ERROR"
    );
    for a in peer_matrices() {
        let path = format!("{dir}/{}.mtx", a.name);
        let mut text = format!("%%MatrixMarket matrix coordinate real general\n{} {} {}\n", a.n, a.n, a.values.len());
        for ((&i, &j), &v) in a.rows.iter().zip(&a.cols).zip(&a.values) {
            text.push_str(&format!("{i} {j} {v:.17e}\n"));
        }
        std::fs::write(&path, text).expect("write the matrix");
        let analyse = median(reps, 1, || {
            black_box(Pattern::new(a.n, &a.rows, &a.cols).expect("valid pattern"));
        });
        let first = median_of(
            (0..reps)
                .map(|_| {
                    let p = Pattern::new(a.n, &a.rows, &a.cols).expect("valid pattern");
                    let t0 = thread_cpu_time();
                    black_box(p.factor(&a.values).expect("nonsingular"));
                    thread_cpu_time() - t0
                })
                .collect(),
        );
        let pattern = Pattern::new(a.n, &a.rows, &a.cols).expect("valid pattern");
        let mut held = Some(pattern.factor(&a.values).expect("nonsingular"));
        let factor = median(reps, 1, || {
            held = Some(pattern.refactor(&a.values, held.take()).expect("nonsingular"));
        });
        let f = held.expect("factored");
        let b: Vec<f64> = (0..a.n).map(|i| 1.0 + (i % 7) as f64).collect();
        let mut x = b.clone();
        let solve = median(reps * 4, 1, || {
            x.copy_from_slice(&b);
            pattern.solve(&f, &mut x);
        });
        let route = match (f.method(), f.matched_from_values(), f.delayed_pivots()) {
            ("general", ..) => "general",
            (_, true, 0) => "matched",
            (_, true, _) => "matched+d",
            (_, false, 0) => "first",
            _ => "delayed",
        };
        println!(
            " {:<16}{:>6}{:>8}{:>12.1}{:>12.1}{:>12.1}{:>12.1}{:>8}  {:<9}{:>9.1e}",
            a.name,
            a.n,
            a.values.len(),
            1e6 * analyse,
            1e6 * first,
            1e6 * factor,
            1e6 * solve,
            f.entries() / 1000,
            route,
            a.row_error(&x, &b)
        );
    }
}

/// Wall time and this thread's processor time in seconds of `f`, medians
/// over `reps` runs.
fn wall_cpu_median(reps: usize, mut f: impl FnMut()) -> (f64, f64) {
    let (walls, cpus): (Vec<f64>, Vec<f64>) = (0..reps.max(1))
        .map(|_| {
            let (t0, c0) = (std::time::Instant::now(), thread_cpu_time());
            f();
            (t0.elapsed().as_secs_f64(), thread_cpu_time() - c0)
        })
        .unzip();
    (median_of(walls), median_of(cpus))
}

/// This process's peak resident memory in MB (`VmHWM`).
fn peak_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l.to_string()))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse::<f64>().ok()))
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// `-- scale [NAME...]`: the heat DAE's iteration matrix on growing 2-D
/// and 3-D grids (GRID316 = HEAT316, GRID1000 = HEAT1000, GRID3D47, ...),
/// wall time of the analysis (once), a factorisation into the storage of
/// the previous one and a solve (medians), in minimum-degree and
/// nested-dissection order and as the analysis chooses (`DASKR_ORDERING`
/// = amd, nd, auto: the analysis then computes both), on one and two threads
/// (`DASKR_THREADS`, read by each analysis), with the factor entries and
/// the process's peak memory so far, and whether the analysis split the
/// assembly tree between two threads; beside each wall time the calling
/// thread's processor time (with one thread the whole cost, less disturbed
/// by other jobs than the wall time; with two, the calling thread's
/// share). Without names: the grids up to
/// NEQ = 10^5; GRID1000 and GRID3D64 only when named.
fn scale_table(names: &[String], quick: bool) {
    let all = ["GRID100", "GRID316", "GRID1000", "GRID3D20", "GRID3D32", "GRID3D47", "GRID3D64"];
    let big = ["GRID1000", "GRID3D64"];
    let chosen: Vec<&str> = all
        .iter()
        .copied()
        .filter(|c| if names.is_empty() { !big.contains(c) } else { names.iter().any(|n| n == c) })
        .collect();
    println!(" DSL48E SPARSE LU AT SCALE (wall times, medians; machine shared, see README)");
    println!(
        " PATTERN        NEQ  ORDER THR  ANALYSE(MS)   (CPU)   FACTOR(MS)   (CPU)  SOLVE(MS)  (CPU)  LU(M)  RESID  PEAK(MB) SPLIT"
    );
    for name in chosen {
        let case = if let Some(m) = name.strip_prefix("GRID3D") {
            matrices::grid3d_dae(m.parse().expect("size"), 100.0)
        } else {
            matrices::grid_dae(name[4..].parse().expect("size"), 100.0)
        };
        let n = case.n;
        let reps = if quick || n >= 500_000 { 1 } else { 3 };
        for order in ["amd", "nd", "auto"] {
            for threads in ["1", "2"] {
                std::env::set_var("DASKR_ORDERING", order);
                std::env::set_var("DASKR_THREADS", threads);
                let mut made = None;
                let analyse = wall_cpu_median(1, || {
                    made = Some(Pattern::new(n, &case.rows, &case.cols).expect("valid pattern"));
                });
                let pattern = made.expect("analysed");
                let mut held = Some(pattern.factor(&case.values).expect("nonsingular"));
                let factor = wall_cpu_median(reps, || {
                    held = Some(pattern.refactor(&case.values, held.take()).expect("nonsingular"));
                });
                let f = held.expect("factored");
                let b: Vec<f64> = (1..=n).map(|i| i as f64).collect();
                let mut x = b.clone();
                let solve = wall_cpu_median(reps.max(3), || {
                    x.copy_from_slice(&b);
                    pattern.solve(&f, &mut x);
                });
                println!(
                    " {:<10}{:>8}{:>7}{:>4}{:>13.1}{:>8.1}{:>13.1}{:>8.1}{:>11.2}{:>7.2}{:>7.1}{:>7.0e}{:>10.0}{:>6}",
                    name,
                    n,
                    order,
                    threads,
                    1e3 * analyse.0,
                    1e3 * analyse.1,
                    1e3 * factor.0,
                    1e3 * factor.1,
                    1e3 * solve.0,
                    1e3 * solve.1,
                    pattern.factor_entries() as f64 / 1e6,
                    residual(&case, &x, &b),
                    peak_mb(),
                    if pattern.tree_split() { "yes" } else { "no" }
                );
            }
        }
    }
    std::env::remove_var("DASKR_ORDERING");
    std::env::remove_var("DASKR_THREADS");
}

fn main() {
    let quick = std::env::var("DASKR_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let mut filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let own_only = filters.iter().any(|f| f == "own");
    filters.retain(|f| f != "own");
    if filters.first().is_some_and(|f| f == "peers") {
        let dir = filters.get(1).map_or("target/peer-matrices", String::as_str);
        peers_table(dir, if quick { 3 } else { 11 });
        return;
    }
    if filters.first().is_some_and(|f| f == "harder") {
        harder_table(&filters[1..], quick);
        return;
    }
    if filters.first().is_some_and(|f| f == "scale") {
        scale_table(&filters[1..], quick);
        return;
    }
    let selected = |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    let mut cases: Vec<(Case, usize, usize)> = Vec::new();
    // Samples per pattern (each of `inner` calls for the tiny ones).
    let reps = |full: usize| if quick { 3 } else { full };
    if selected("HEAT100") {
        cases.push((heat("HEAT100", 100), reps(21), 1));
    }
    if selected("HEAT224") {
        cases.push((heat("HEAT224", 224), reps(7), 1));
    }
    if selected("BAND20") {
        cases.push((band20(), reps(21), 1));
    }
    if selected("HEAT20") {
        cases.push((heat("HEAT20", 20), reps(21), 20));
    }
    if selected("FULL80") {
        // A full pattern (the IVP Test Set's beam through INFO(6) = 2):
        // the per-call check of the lists (CHECKN) is what one-step mode
        // pays on every call.
        let n: i32 = 80;
        let mut entries = Vec::new();
        for i in 1..=n {
            for j in 1..=n {
                entries.push((i, j, if i == j { 4.0 * n as f64 } else { 1.0 / (1 + i.abs_diff(j)) as f64 }));
            }
        }
        cases.push((tiny("FULL80", n as usize, &entries), reps(21), 20));
    }
    if selected("TRIDIAG50") {
        let mut entries = Vec::new();
        for i in 1..=50 {
            entries.push((i, i, 4.0));
            if i > 1 {
                entries.push((i, i - 1, -1.0));
            }
            if i < 50 {
                entries.push((i, i + 1, -1.0));
            }
        }
        cases.push((tiny("TRIDIAG50", 50, &entries), reps(21), 100));
    }
    if selected("EX1") {
        cases.push((tiny("EX1", 2, &[(1, 1, 101.0), (2, 2, 1.0)]), reps(21), 1000));
    }
    if selected("OSC") {
        let osc = [(1, 1, 100.0), (1, 2, -1.0), (2, 1, 39.5), (2, 2, 100.0), (3, 1, -1.0), (3, 3, 1.0)];
        cases.push((tiny("OSC", 3, &osc), reps(21), 1000));
    }

    println!(" DSL48E SPARSE LINEAR ALGEBRA (daskr::core::linsol::sparse; medians of thread CPU time)");
    println!(
        " PATTERN      NEQ    NNZ  REPS  CHECK1(US)  CHECKN(US)  CHECKH(US) ANALYSE(US)  FACTOR(US) FACTOR0(US)   SOLVE(US)  SOLVE4(US) COLOURS  METHOD  LU(K)  RESID"
    );
    let mut faer_lines = Vec::new();
    let mut order_lines = Vec::new();
    for (case, r, inner) in &cases {
        let c = crate_parts(case, *r, *inner);
        println!(
            " {:<9}{:>7}{:>7}{:>6}{:>12.2}{:>12.2}{:>12.2}{:>12.2}{:>12.2}{:>12.2}{:>12.2}{:>12.2}{:>8}{:>8}{:>7}{:>7.0e}",
            case.name,
            case.n,
            case.rows.len(),
            r,
            1e6 * c.check_first,
            1e6 * c.check_next,
            1e6 * c.check_hash,
            1e6 * c.analyse,
            1e6 * c.factor,
            1e6 * c.factor_fresh,
            1e6 * c.solve,
            1e6 * c.solve4,
            c.colours,
            c.method,
            c.factor_entries / 1000,
            c.resid
        );
        if own_only {
            continue;
        }
        for (kind, threshold) in [
            ("auto", SupernodalThreshold::AUTO),
            ("supernodal", SupernodalThreshold::FORCE_SUPERNODAL),
            ("simplicial", SupernodalThreshold::FORCE_SIMPLICIAL),
        ] {
            faer_lines.push((case.name.clone(), kind, faer_driver(case, *r, *inner, threshold), c.factor));
        }
        order_lines.push((case.name.clone(), simplicial_orders(case, *r, *inner), c.factor));
    }
    if own_only {
        return;
    }
    println!();
    println!(" FOR COMPARISON: faer's LU driver (factorize_symbolic_lu: COLAMD, then simplicial or supernodal");
    println!(" numeric LU; auto = faer's default flop-ratio choice) on the same matrices, fresh storage");
    println!(" PATTERN    KIND        SYMBOLIC(US) NUMERIC(US)   SOLVE(US)  FACTOR/NUMERIC  RESID");
    for (name, kind, f, factor) in faer_lines {
        println!(
            " {:<11}{:<11}{:>12.2}{:>12.2}{:>12.2}{:>15.2}x{:>7.0e}",
            name,
            kind,
            1e6 * f.symbolic,
            1e6 * f.numeric,
            1e6 * f.solve,
            factor / f.numeric,
            f.resid
        );
    }
    println!();
    println!(" FOR COMPARISON: faer's simplicial LU (what the crate ran first) in COLAMD and in AMD order");
    println!(" PATTERN   COLAMD-NUM(US) NNZ(L+U)     AMD(US) AMD-NUM(US)  NNZ(L+U)  FACTOR/COLAMD-NUM");
    for (name, o, factor) in order_lines {
        println!(
            " {:<9}{:>15.2}{:>9}{:>12.2}{:>12.2}{:>10}{:>18.2}",
            name,
            1e6 * o.colamd_numeric,
            o.colamd_fill,
            1e6 * o.amd,
            1e6 * o.amd_numeric,
            o.amd_fill,
            factor / o.colamd_numeric
        );
    }
}
