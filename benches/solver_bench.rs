//! Timing benchmark of DDASKR on reference problems (`cargo bench --features internals`: it also times the LU kernels, which are internal).
//!
//! A self-contained harness (no bench crate): every case integrates the
//! same problem `reps` times, each integration timed with
//! `std::time::Instant`, and one table line reports the minimum, median
//! and maximum time of one integration, the median time per step, and the
//! counters NST, NRE, NJE, NNI (IWORK(11), (12), (13), (19)).
//!
//! The problems are called the way users call the library: through the
//! exported `ddaskr` (the plain spelling of `ddaskr_`) with DASKR's argument list and `extern "C"`
//! callbacks taking pointers (exactly what a Fortran or C program does),
//! and once more through the safe API [`daskr::api::Solver`] (the `-API`
//! lines). `benches/fortran/bench_daskr.f` is the same benchmark as a
//! FORTRAN 77 program with the same cases, the same arithmetic in the
//! callbacks and the same table format, so it can be linked against
//! `libdaskr.a` or against the original DASKR and the lines compared.
//!
//! Cases (see bench_daskr.f for the full definitions):
//!
//! | case | problem | NEQ | matrix |
//! |---|---|---|---|
//! | ROBER, ROBER-API | Robertson kinetics, index-1 DAE, RTOL 1e-4, ATOL (1e-6,1e-10,1e-6), to 4e10 | 3 | dense DQ |
//! | ROBER-UJ | the same, user Jacobian | 3 | dense user |
//! | ROBER-RT | ROBER with NRT = 2 root functions | 3 | dense DQ |
//! | DENSE400, DENSE1000 | y' + A y = f(t), A dense, diagonal over 4 decades | 400, 1000 | dense user |
//! | BAND2-DQ/-UJ/-API | 1-D Fisher-KPP, 4th-order stencil | 10000 | band 2/2 |
//! | BAND20-DQ/-UJ | 2-D Fisher-KPP on a 20 x 500 grid | 10000 | band 20/20 |
//!
//! A line after the table gives the root-finding overhead (ROBER-RT minus
//! ROBER, same steps). A second table gives the linear-algebra share of the
//! large cases: the median time of one factorisation and of one solve with
//! `daskr::core::linsol::{dense, band}` on the iteration matrix of the
//! problem (at the final state, with the last CJ), times NJE and NNI (each
//! Jacobian evaluation is followed by one factorisation, each Newton
//! iteration by one solve), relative to the median integration time.
//!
//! `DASKR_BENCH_QUICK=1 cargo bench --features internals` runs every case once or a few times
//! (a smoke run); arguments that do not start with `-` select the cases
//! whose name contains one of them (`cargo bench --features internals -- BAND`).

use std::hint::black_box;
use std::os::raw::c_int;
use std::time::Instant;

use daskr::api::{
    self, CallbackStatus, DaeSystem, JacobianPoint, Matrix, MatrixStorage, Options, Outcome, StepControls, Tolerance,
};
use daskr::core::linsol::band::{self, BandShape};
use daskr::core::linsol::dense;

// DDASKR through its C interface, declared here as a C program's daskr.h
// declares it (the crate's FFI module is private).
type ResFn = Option<
    unsafe extern "C" fn(*const f64, *const f64, *const f64, *const f64, *mut f64, *mut c_int, *mut f64, *mut c_int),
>;
type GenericFn = Option<unsafe extern "C" fn()>;
type RtFn = Option<
    unsafe extern "C" fn(
        *const c_int,
        *const f64,
        *const f64,
        *const f64,
        *const c_int,
        *mut f64,
        *mut f64,
        *mut c_int,
    ),
>;

extern "C" {
    #[allow(clippy::too_many_arguments)]
    fn ddaskr(
        res: ResFn,
        neq: *const c_int,
        t: *mut f64,
        y: *mut f64,
        yprime: *mut f64,
        tout: *const f64,
        info: *mut c_int,
        rtol: *mut f64,
        atol: *mut f64,
        idid: *mut c_int,
        rwork: *mut f64,
        lrw: *const c_int,
        iwork: *mut c_int,
        liw: *const c_int,
        rpar: *mut f64,
        ipar: *mut c_int,
        jac: GenericFn,
        psol: GenericFn,
        rt: RtFn,
        nrt: *const c_int,
        jroot: *mut c_int,
    );
}

// ---------------------------------------------------------------------
// Harness
// ---------------------------------------------------------------------

/// Counters of the last integration of a case.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    nst: i32,
    nre: i32,
    nje: i32,
    nni: i32,
}

impl Counts {
    fn from_iwork(iwork: &[c_int]) -> Self {
        Counts { nst: iwork[10], nre: iwork[11], nje: iwork[12], nni: iwork[18] }
    }
}

/// Timings (seconds) of one case, sorted ascending.
struct Sample {
    times: Vec<f64>,
}

impl Sample {
    fn new(mut times: Vec<f64>) -> Self {
        times.sort_by(f64::total_cmp);
        Sample { times }
    }
    fn min(&self) -> f64 {
        self.times[0]
    }
    fn max(&self) -> f64 {
        self.times[self.times.len() - 1]
    }
    fn median(&self) -> f64 {
        let n = self.times.len();
        if n % 2 == 1 {
            self.times[n / 2]
        } else {
            0.5 * (self.times[n / 2 - 1] + self.times[n / 2])
        }
    }
}

/// Time `reps` runs of `run` (which returns the counters of its run).
fn time_case(reps: usize, mut run: impl FnMut() -> Counts) -> (Sample, Counts) {
    let mut times = Vec::with_capacity(reps);
    let mut counts = Counts::default();
    for _ in 0..reps.max(1) {
        let t0 = Instant::now();
        counts = black_box(run());
        times.push(t0.elapsed().as_secs_f64());
    }
    (Sample::new(times), counts)
}

fn print_header() {
    println!(" DDASKR BENCHMARK (RUST CALLER: ddaskr FFI, and daskr::api::Solver for -API)");
    println!(
        " CASE           NEQ  REPS     MIN(MS)     MED(MS)     MAX(MS)  MED/STEP(US)     NST     NRE     NJE     NNI"
    );
}

/// One table line, in the format of bench_daskr.f's REPORT.
fn print_line(name: &str, neq: usize, s: &Sample, c: Counts) {
    println!(
        " {:<12}{:>5}{:>6}{:>12.4}{:>12.4}{:>12.4}{:>14.3}{:>8}{:>8}{:>8}{:>8}",
        name,
        neq,
        s.times.len(),
        1e3 * s.min(),
        1e3 * s.median(),
        1e3 * s.max(),
        1e6 * s.median() / f64::from(c.nst.max(1)),
        c.nst,
        c.nre,
        c.nje,
        c.nni
    );
}

/// A linear-algebra share line for the second table.
struct LuShare {
    name: &'static str,
    factor: f64,
    solve: f64,
    counts: Counts,
    integration: f64,
}

fn print_shares(shares: &[LuShare]) {
    if shares.is_empty() {
        return;
    }
    println!();
    println!(" LINEAR ALGEBRA SHARE (median factor/solve on the iteration matrix, x NJE / x NNI)");
    println!(" CASE          FACTOR(MS)   SOLVE(US)     NJE     NNI  LU TOTAL(MS)  INTEGR(MS)  SHARE(%)");
    for s in shares {
        let total = f64::from(s.counts.nje) * s.factor + f64::from(s.counts.nni) * s.solve;
        println!(
            " {:<12}{:>12.4}{:>12.3}{:>8}{:>8}{:>14.3}{:>12.3}{:>10.1}",
            s.name,
            1e3 * s.factor,
            1e6 * s.solve,
            s.counts.nje,
            s.counts.nni,
            1e3 * total,
            1e3 * s.integration,
            100.0 * total / s.integration
        );
    }
}

/// Median of `reps` timings of `f(state)` after an untimed `prepare(state)`.
fn median_of<S>(reps: usize, state: &mut S, mut prepare: impl FnMut(&mut S), mut f: impl FnMut(&mut S)) -> f64 {
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps.max(1) {
        prepare(state);
        let t0 = Instant::now();
        f(state);
        times.push(t0.elapsed().as_secs_f64());
    }
    Sample::new(times).median()
}

/// A direct-method JAC `JAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)`.
type JacFn = unsafe extern "C" fn(*const f64, *const f64, *const f64, *mut f64, *const f64, *mut f64, *mut c_int);

/// Cast a direct-method JAC to the generic callback type DDASKR takes.
fn as_generic(f: JacFn) -> GenericFn {
    // SAFETY: DDASKR calls JAC back with exactly this argument list (the
    // direct-method JAC of DASKR); the generic type only erases it, as a
    // C caller's cast does.
    Some(unsafe { std::mem::transmute::<JacFn, unsafe extern "C" fn()>(f) })
}

/// Work arrays and scalars of one DDASKR integration, reused across
/// repetitions as a user program reuses its arrays.
struct Call {
    neq: c_int,
    t: f64,
    y: Vec<f64>,
    yp: Vec<f64>,
    info: [c_int; 20],
    rtol: Vec<f64>,
    atol: Vec<f64>,
    rwork: Vec<f64>,
    iwork: Vec<c_int>,
    rpar: *mut f64,
    ipar: *mut c_int,
    res: ResFn,
    jac: GenericFn,
    rt: RtFn,
    nrt: c_int,
    jroot: Vec<c_int>,
}

impl Call {
    fn new(neq: usize, lrw: usize, liw: usize, res: ResFn) -> Self {
        Call {
            neq: neq as c_int,
            t: 0.0,
            y: vec![0.0; neq],
            yp: vec![0.0; neq],
            info: [0; 20],
            rtol: vec![0.0; neq],
            atol: vec![0.0; neq],
            rwork: vec![0.0; lrw],
            iwork: vec![0; liw],
            rpar: std::ptr::null_mut(),
            ipar: std::ptr::null_mut(),
            res,
            jac: None,
            rt: None,
            nrt: 0,
            jroot: vec![0; 1],
        }
    }

    /// Integrate to each output time in turn: IDID=-1 is continued with
    /// INFO(1)=1, IDID=5 (root) by calling again. Returns the number of
    /// roots found; panics on any other negative IDID.
    fn run(&mut self, name: &str, touts: &[f64]) -> usize {
        let (lrw, liw) = (self.rwork.len() as c_int, self.iwork.len() as c_int);
        let mut roots = 0;
        for &tout in touts {
            loop {
                let mut idid: c_int = 0;
                // SAFETY: every array has the length DASKR documents for
                // these options (Y, YPRIME, RTOL, ATOL: NEQ; INFO: 20;
                // RWORK: LRW; IWORK: LIW; JROOT: >= NRT); RPAR/IPAR point
                // to what the callbacks read.
                unsafe {
                    ddaskr(
                        self.res,
                        &self.neq,
                        &mut self.t,
                        self.y.as_mut_ptr(),
                        self.yp.as_mut_ptr(),
                        &tout,
                        self.info.as_mut_ptr(),
                        self.rtol.as_mut_ptr(),
                        self.atol.as_mut_ptr(),
                        &mut idid,
                        self.rwork.as_mut_ptr(),
                        &lrw,
                        self.iwork.as_mut_ptr(),
                        &liw,
                        self.rpar,
                        self.ipar,
                        self.jac,
                        None,
                        self.rt,
                        &self.nrt,
                        self.jroot.as_mut_ptr(),
                    )
                };
                match idid {
                    -1 => self.info[0] = 1,
                    5 => roots += 1,
                    i if i < 0 => panic!("{name}: IDID = {i} at T = {}", self.t),
                    _ => break,
                }
            }
        }
        roots
    }
}

// ---------------------------------------------------------------------
// Robertson
// ---------------------------------------------------------------------

unsafe extern "C" fn rob_res(
    _t: *const f64,
    y: *const f64,
    yp: *const f64,
    _cj: *const f64,
    delta: *mut f64,
    _ires: *mut c_int,
    _rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: DDASKR passes NEQ = 3 long arrays.
    let (y, yp, d) = unsafe {
        (std::slice::from_raw_parts(y, 3), std::slice::from_raw_parts(yp, 3), std::slice::from_raw_parts_mut(delta, 3))
    };
    rob_residual(y, yp, d);
}

fn rob_residual(y: &[f64], yp: &[f64], d: &mut [f64]) {
    d[0] = -0.04 * y[0] + 1.0e4 * y[1] * y[2] - yp[0];
    d[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1] - yp[1];
    d[2] = y[0] + y[1] + y[2] - 1.0;
}

unsafe extern "C" fn rob_jac(
    _t: *const f64,
    y: *const f64,
    _yp: *const f64,
    pd: *mut f64,
    cj: *const f64,
    _rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: Y has 3 elements, PD 3 x 3, CJ is a scalar.
    let (y, pd, cj) = unsafe { (std::slice::from_raw_parts(y, 3), std::slice::from_raw_parts_mut(pd, 9), *cj) };
    pd[0] = -0.04 - cj;
    pd[3] = 1.0e4 * y[2];
    pd[6] = 1.0e4 * y[1];
    pd[1] = 0.04;
    pd[4] = -1.0e4 * y[2] - 6.0e7 * y[1] - cj;
    pd[7] = -1.0e4 * y[1];
    pd[2] = 1.0;
    pd[5] = 1.0;
    pd[8] = 1.0;
}

unsafe extern "C" fn rob_rt(
    _neq: *const c_int,
    _t: *const f64,
    y: *const f64,
    _yp: *const f64,
    _nrt: *const c_int,
    rval: *mut f64,
    _rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: Y has 3 elements, RVAL NRT = 2.
    let (y, r) = unsafe { (std::slice::from_raw_parts(y, 3), std::slice::from_raw_parts_mut(rval, 2)) };
    r[0] = y[0] - 1.0e-4;
    r[1] = y[2] - 0.5;
}

const ROB_Y0: [f64; 3] = [1.0, 0.0, 0.0];
const ROB_YP0: [f64; 3] = [-0.04, 0.04, 0.0];
const ROB_ATOL: [f64; 3] = [1.0e-6, 1.0e-10, 1.0e-6];

/// Output times 0.4 * 10**k, k = 0..11.
fn rob_touts() -> Vec<f64> {
    let mut v = Vec::with_capacity(12);
    let mut t = 0.4;
    for _ in 0..12 {
        v.push(t);
        t *= 10.0;
    }
    v
}

/// mode 0: dense DQ Jacobian; 1: user Jacobian; 2: DQ + two roots.
/// Returns the median time of one integration.
fn robertson(name: &str, mode: u32, reps: usize) -> f64 {
    let neq = 3;
    let nrt = if mode == 2 { 2 } else { 0 };
    let lrw = 60 + 9 * neq + 3 * nrt + neq * neq;
    let mut c = Call::new(neq, lrw, 40 + neq, Some(rob_res));
    c.jac = as_generic(rob_jac);
    if mode == 2 {
        c.rt = Some(rob_rt);
        c.nrt = nrt as c_int;
        c.jroot = vec![0; nrt];
    }
    let touts = rob_touts();
    let (s, counts) = time_case(reps, || {
        c.info = [0; 20];
        c.info[1] = 1;
        c.info[4] = c_int::from(mode == 1);
        c.rtol.fill(1.0e-4);
        c.atol.copy_from_slice(&ROB_ATOL);
        c.t = 0.0;
        c.y.copy_from_slice(&ROB_Y0);
        c.yp.copy_from_slice(&ROB_YP0);
        let roots = c.run(name, &touts);
        assert_eq!(roots, nrt, "{name}: roots found");
        Counts::from_iwork(&c.iwork)
    });
    assert!((c.y.iter().sum::<f64>() - 1.0).abs() < 1e-8, "{name}: mass balance");
    print_line(name, neq, &s, counts);
    s.median()
}

/// Robertson through the safe API (dense DQ Jacobian, as ROBER).
struct Robertson;

impl DaeSystem for Robertson {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]) -> CallbackStatus {
        rob_residual(y, yp, d);
        CallbackStatus::Ok
    }
}

fn robertson_api(name: &str, reps: usize) {
    let touts = rob_touts();
    let opts = Options {
        controls: StepControls {
            tolerance: Tolerance::Vector { rtol: vec![1.0e-4; 3], atol: ROB_ATOL.to_vec() },
            ..StepControls::default()
        },
        ..Options::default()
    };
    let mut last = None;
    let (s, counts) = time_case(reps, || {
        let mut solver = api::Solver::new(Robertson, 0.0, &ROB_Y0, &ROB_YP0, opts.clone()).expect("setup");
        for &tout in &touts {
            while solver.solve_to(tout).unwrap_or_else(|e| panic!("{name}: {e}")) != Outcome::ReachedTout {}
        }
        let st = solver.stats();
        last = Some(solver.y()[0] + solver.y()[1] + solver.y()[2]);
        Counts {
            nst: st.steps,
            nre: st.residual_evaluations,
            nje: st.jacobian_evaluations,
            nni: st.nonlinear_iterations,
        }
    });
    assert!((last.unwrap() - 1.0).abs() < 1e-8, "{name}: mass balance");
    print_line(name, 3, &s, counts);
}

// ---------------------------------------------------------------------
// Dense linear stiff system: G = y' + A y - f(t)
// ---------------------------------------------------------------------

/// A (column-major, leading dimension n): (0.5/n) sin(0.37 i j + i) plus
/// 10**(4(j-1)/(n-1)) on the diagonal (1-based i, j).
fn dense_matrix(n: usize) -> Vec<f64> {
    let mut a = vec![0.0; n * n];
    for j in 1..=n {
        for i in 1..=n {
            a[i - 1 + (j - 1) * n] = (0.5 / n as f64) * (0.37 * (i * j) as f64 + i as f64).sin();
        }
        a[j - 1 + (j - 1) * n] += 10.0f64.powf(4.0 * (j - 1) as f64 / (n - 1) as f64);
    }
    a
}

/// IPAR(1) = N, RPAR = A.
unsafe extern "C" fn dense_res(
    t: *const f64,
    y: *const f64,
    yp: *const f64,
    _cj: *const f64,
    delta: *mut f64,
    _ires: *mut c_int,
    rpar: *mut f64,
    ipar: *mut c_int,
) {
    // SAFETY: IPAR(1) = N, RPAR holds the N x N matrix A, Y/YPRIME/DELTA
    // have N elements.
    unsafe {
        let n = *ipar as usize;
        let a = std::slice::from_raw_parts(rpar, n * n);
        let (y, yp, d) = (
            std::slice::from_raw_parts(y, n),
            std::slice::from_raw_parts(yp, n),
            std::slice::from_raw_parts_mut(delta, n),
        );
        let c = (*t).cos();
        for i in 0..n {
            d[i] = yp[i] - (1.0 + (i + 1) as f64 / n as f64) * c;
        }
        for (col, &yj) in a.chunks_exact(n).zip(y) {
            for (di, &aij) in d.iter_mut().zip(col) {
                *di += aij * yj;
            }
        }
    }
}

/// PD = A + CJ*I.
unsafe extern "C" fn dense_jac(
    _t: *const f64,
    _y: *const f64,
    _yp: *const f64,
    pd: *mut f64,
    cj: *const f64,
    rpar: *mut f64,
    ipar: *mut c_int,
) {
    // SAFETY: as dense_res; PD is N x N.
    unsafe {
        let n = *ipar as usize;
        let a = std::slice::from_raw_parts(rpar, n * n);
        let pd = std::slice::from_raw_parts_mut(pd, n * n);
        pd.copy_from_slice(a);
        for j in 0..n {
            pd[j + j * n] += *cj;
        }
    }
}

fn dense_case(name: &'static str, n: usize, reps: usize, lu_reps: usize, shares: &mut Vec<LuShare>) {
    let mut a = dense_matrix(n);
    let mut ipar: [c_int; 1] = [n as c_int];
    let mut c = Call::new(n, 60 + 9 * n + n * n, 40 + n, Some(dense_res));
    c.jac = as_generic(dense_jac);
    c.rpar = a.as_mut_ptr();
    c.ipar = ipar.as_mut_ptr();
    let touts: Vec<f64> = (1..=10).map(f64::from).collect();
    let (s, counts) = time_case(reps, || {
        c.info = [0; 20];
        c.info[4] = 1;
        c.rtol[0] = 1.0e-6;
        c.atol[0] = 1.0e-6;
        c.t = 0.0;
        c.y.fill(0.0);
        for (i, v) in c.yp.iter_mut().enumerate() {
            *v = 1.0 + (i + 1) as f64 / n as f64;
        }
        c.run(name, &touts);
        Counts::from_iwork(&c.iwork)
    });
    print_line(name, n, &s, counts);

    // The iteration matrix A + CJ*I with the last CJ (RWORK(5)).
    let cj = c.rwork[4];
    let mut pd = a.clone();
    for j in 0..n {
        pd[j + j * n] += cj;
    }
    let rhs: Vec<f64> = (0..n).map(|i| 1.0 + (i as f64 * 0.1).sin()).collect();
    let mut work = pd.clone();
    let mut piv = vec![0; n];
    let factor = median_of(
        lu_reps,
        &mut work,
        |w| w.copy_from_slice(&pd),
        |w| dense::factor(w, n, &mut piv).expect("nonsingular"),
    );
    let mut b = rhs.clone();
    let solve = median_of(lu_reps * 4, &mut b, |b| b.copy_from_slice(&rhs), |b| dense::solve(&work, n, &piv, b));
    shares.push(LuShare { name, factor, solve, counts, integration: s.median() });
}

// ---------------------------------------------------------------------
// Band 1: 1-D Fisher-KPP, fourth-order stencil, ML = MU = 2
// ---------------------------------------------------------------------

const B1_N: usize = 10000;
/// RPAR = (DIFF, REAC, DX).
const B1_PAR: [f64; 3] = [1.0e-4, 100.0, 1.0 / B1_N as f64];

/// Mirror index (1-based) of the zero-flux boundary.
#[inline]
fn mirror(m: i64, n: i64) -> usize {
    (if m < 1 {
        1 - m
    } else if m > n {
        2 * n + 1 - m
    } else {
        m
    }) as usize
}

fn band1_residual(par: &[f64], u: &[f64], up: &[f64], d: &mut [f64]) {
    let n = u.len();
    let (diff, reac, dx) = (par[0], par[1], par[2]);
    let c = diff / (12.0 * dx * dx);
    for i in 0..n {
        let (um2, um1, up1, up2) = if i >= 2 && i + 2 < n {
            (u[i - 2], u[i - 1], u[i + 1], u[i + 2])
        } else {
            let (ii, nn) = (i as i64 + 1, n as i64);
            (u[mirror(ii - 2, nn) - 1], u[mirror(ii - 1, nn) - 1], u[mirror(ii + 1, nn) - 1], u[mirror(ii + 2, nn) - 1])
        };
        let alap = ((16.0 * (um1 + up1) - 30.0 * u[i]) - (um2 + up2)) * c;
        d[i] = up[i] - alap - reac * u[i] * (1.0 - u[i]);
    }
}

/// PD(i-j+ML+MU+1, j) (leading dimension 7), added to the zeroed PD.
fn band1_jacobian(par: &[f64], u: &[f64], cj: f64, pd: &mut [f64]) {
    const ML: usize = 2;
    const MU: usize = 2;
    const LDA: usize = 2 * ML + MU + 1;
    let n = u.len();
    let (diff, reac, dx) = (par[0], par[1], par[2]);
    let c = diff / (12.0 * dx * dx);
    let cf = [-c, 16.0 * c, -30.0 * c, 16.0 * c, -c];
    for i in 1..=n {
        for (k, &f) in (-2i64..=2).zip(&cf) {
            let j = mirror(i as i64 + k, n as i64);
            let l = i + ML + MU + 1 + (j - 1) * LDA - j;
            pd[l - 1] -= f;
        }
        let l = ML + MU + 1 + (i - 1) * LDA;
        pd[l - 1] = pd[l - 1] + cj - reac * (1.0 - 2.0 * u[i - 1]);
    }
}

fn band1_initial() -> (Vec<f64>, Vec<f64>) {
    let dx = B1_PAR[2];
    let u: Vec<f64> = (1..=B1_N)
        .map(|i| {
            let x = (i as f64 - 0.5) * dx;
            1.0 / (1.0 + ((x - 0.2) / 0.005).exp())
        })
        .collect();
    let mut w = vec![0.0; B1_N];
    band1_residual(&B1_PAR, &u, &vec![0.0; B1_N], &mut w);
    (u, w.iter().map(|v| -v).collect())
}

unsafe extern "C" fn band1_res(
    _t: *const f64,
    y: *const f64,
    yp: *const f64,
    _cj: *const f64,
    delta: *mut f64,
    _ires: *mut c_int,
    rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: NEQ = B1_N; RPAR holds the 3 parameters.
    unsafe {
        band1_residual(
            std::slice::from_raw_parts(rpar, 3),
            std::slice::from_raw_parts(y, B1_N),
            std::slice::from_raw_parts(yp, B1_N),
            std::slice::from_raw_parts_mut(delta, B1_N),
        )
    }
}

unsafe extern "C" fn band1_jac(
    _t: *const f64,
    y: *const f64,
    _yp: *const f64,
    pd: *mut f64,
    cj: *const f64,
    rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: NEQ = B1_N, PD is (2*ML+MU+1) x NEQ = 7 x B1_N.
    unsafe {
        band1_jacobian(
            std::slice::from_raw_parts(rpar, 3),
            std::slice::from_raw_parts(y, B1_N),
            *cj,
            std::slice::from_raw_parts_mut(pd, 7 * B1_N),
        )
    }
}

/// Fisher-KPP 1-D through the safe API, user Jacobian (as BAND2-UJ).
struct Fisher1d;

impl DaeSystem for Fisher1d {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]) -> CallbackStatus {
        band1_residual(&B1_PAR, y, yp, d);
        CallbackStatus::Ok
    }
    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [f64], _s: MatrixStorage) -> CallbackStatus {
        band1_jacobian(&B1_PAR, at.y, at.cj, pd);
        CallbackStatus::Ok
    }
}

// ---------------------------------------------------------------------
// Band 2: 2-D Fisher-KPP on a 20 x 500 grid, ML = MU = 20
// ---------------------------------------------------------------------

const B2_MX: usize = 20;
const B2_MY: usize = 500;
const B2_N: usize = B2_MX * B2_MY;
/// RPAR = (DIFF, REAC, H).
const B2_PAR: [f64; 3] = [0.04, 1.0, 1.0 / B2_MX as f64];

fn band2_residual(par: &[f64], u: &[f64], up: &[f64], d: &mut [f64]) {
    let (diff, reac, h) = (par[0], par[1], par[2]);
    let c = diff / (h * h);
    let at = |i: usize, j: usize| (i - 1) + (j - 1) * B2_MX;
    for j in 1..=B2_MY {
        let js = mirror(j as i64 - 1, B2_MY as i64);
        let jn = mirror(j as i64 + 1, B2_MY as i64);
        for i in 1..=B2_MX {
            let iw = mirror(i as i64 - 1, B2_MX as i64);
            let ie = mirror(i as i64 + 1, B2_MX as i64);
            let k = at(i, j);
            let alap = ((u[at(iw, j)] + u[at(ie, j)]) + (u[at(i, js)] + u[at(i, jn)]) - 4.0 * u[k]) * c;
            d[k] = up[k] - alap - reac * u[k] * (1.0 - u[k]);
        }
    }
}

fn band2_jacobian(par: &[f64], u: &[f64], cj: f64, pd: &mut [f64]) {
    const ML: usize = B2_MX;
    const MU: usize = B2_MX;
    const LDA: usize = 2 * ML + MU + 1;
    let (diff, reac, h) = (par[0], par[1], par[2]);
    let c = diff / (h * h);
    // 1-based band position of element (k, l) (k - l + ML + MU + 1 + (l-1)*LDA).
    let pos = |k: usize, l: usize| k + ML + MU + 1 + (l - 1) * LDA - l;
    for j in 1..=B2_MY {
        let js = mirror(j as i64 - 1, B2_MY as i64);
        let jn = mirror(j as i64 + 1, B2_MY as i64);
        for i in 1..=B2_MX {
            let k = i + (j - 1) * B2_MX;
            let iw = mirror(i as i64 - 1, B2_MX as i64);
            let ie = mirror(i as i64 + 1, B2_MX as i64);
            for l in [iw + (j - 1) * B2_MX, ie + (j - 1) * B2_MX, i + (js - 1) * B2_MX, i + (jn - 1) * B2_MX] {
                pd[pos(k, l) - 1] -= c;
            }
            let m = ML + MU + 1 + (k - 1) * LDA;
            pd[m - 1] = pd[m - 1] + 4.0 * c + cj - reac * (1.0 - 2.0 * u[k - 1]);
        }
    }
}

fn band2_initial() -> (Vec<f64>, Vec<f64>) {
    let h = B2_PAR[2];
    let pi = 4.0 * 1.0f64.atan();
    let mut u = vec![0.0; B2_N];
    for j in 1..=B2_MY {
        let y = (j as f64 - 0.5) * h;
        for i in 1..=B2_MX {
            let x = (i as f64 - 0.5) * h;
            u[(i - 1) + (j - 1) * B2_MX] = 1.0 / (1.0 + ((y - 2.0 - 0.5 * (pi * x).sin()) / 0.1).exp());
        }
    }
    let mut w = vec![0.0; B2_N];
    band2_residual(&B2_PAR, &u, &vec![0.0; B2_N], &mut w);
    (u, w.iter().map(|v| -v).collect())
}

unsafe extern "C" fn band2_res(
    _t: *const f64,
    y: *const f64,
    yp: *const f64,
    _cj: *const f64,
    delta: *mut f64,
    _ires: *mut c_int,
    rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: NEQ = B2_N; RPAR holds the 3 parameters.
    unsafe {
        band2_residual(
            std::slice::from_raw_parts(rpar, 3),
            std::slice::from_raw_parts(y, B2_N),
            std::slice::from_raw_parts(yp, B2_N),
            std::slice::from_raw_parts_mut(delta, B2_N),
        )
    }
}

unsafe extern "C" fn band2_jac(
    _t: *const f64,
    y: *const f64,
    _yp: *const f64,
    pd: *mut f64,
    cj: *const f64,
    rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: NEQ = B2_N, PD is (2*ML+MU+1) x NEQ = 61 x B2_N.
    unsafe {
        band2_jacobian(
            std::slice::from_raw_parts(rpar, 3),
            std::slice::from_raw_parts(y, B2_N),
            *cj,
            std::slice::from_raw_parts_mut(pd, (3 * B2_MX + 1) * B2_N),
        )
    }
}

/// The banded cases through `ddaskr`: `two_d` selects the 2-D problem,
/// `user_jac` the user Jacobian (else banded difference quotients).
fn band_case(name: &'static str, two_d: bool, user_jac: bool, reps: usize, lu_reps: usize, shares: &mut Vec<LuShare>) {
    type Setup = (usize, usize, ResFn, JacFn, [f64; 3], (Vec<f64>, Vec<f64>), Vec<f64>);
    let (n, ml, res, jac, mut par, (u0, up0), touts): Setup = if two_d {
        (B2_N, B2_MX, Some(band2_res as _), band2_jac as _, B2_PAR, band2_initial(), (1..=10).map(f64::from).collect())
    } else {
        (
            B1_N,
            2,
            Some(band1_res as _),
            band1_jac as _,
            B1_PAR,
            band1_initial(),
            (1..=10).map(|k| 0.1 * f64::from(k)).collect(),
        )
    };
    let mu = ml;
    let lda = 2 * ml + mu + 1;
    let mut lrw = 60 + 9 * n + lda * n;
    if !user_jac {
        lrw += 2 * (n / (ml + mu + 1) + 1);
    }
    let mut c = Call::new(n, lrw, 40 + n, res);
    c.jac = as_generic(jac);
    c.rpar = par.as_mut_ptr();
    let (s, counts) = time_case(reps, || {
        c.info = [0; 20];
        c.info[4] = c_int::from(user_jac);
        c.info[5] = 1;
        c.iwork[0] = ml as c_int;
        c.iwork[1] = mu as c_int;
        c.rtol[0] = 1.0e-5;
        c.atol[0] = 1.0e-5;
        c.t = 0.0;
        c.y.copy_from_slice(&u0);
        c.yp.copy_from_slice(&up0);
        c.run(name, &touts);
        Counts::from_iwork(&c.iwork)
    });
    print_line(name, n, &s, counts);

    // The iteration matrix at the final state and the last CJ.
    let cj = c.rwork[4];
    let mut pd = vec![0.0; lda * n];
    if two_d {
        band2_jacobian(&par, &c.y, cj, &mut pd);
    } else {
        band1_jacobian(&par, &c.y, cj, &mut pd);
    }
    let shape = BandShape { n, ml, mu };
    let rhs: Vec<f64> = (0..n).map(|i| 1.0 + (i as f64 * 0.1).sin()).collect();
    let mut work = pd.clone();
    let mut piv = vec![0; n];
    let factor = median_of(
        lu_reps,
        &mut work,
        |w| w.copy_from_slice(&pd),
        |w| band::factor(w, shape, &mut piv).expect("nonsingular"),
    );
    let mut b = rhs.clone();
    let solve = median_of(lu_reps, &mut b, |b| b.copy_from_slice(&rhs), |b| band::solve(&work, shape, &piv, b));
    shares.push(LuShare { name, factor, solve, counts, integration: s.median() });
}

fn band1_api(name: &str, reps: usize) {
    let (u0, up0) = band1_initial();
    let opts = Options {
        controls: StepControls {
            tolerance: Tolerance::Scalar { rtol: 1.0e-5, atol: 1.0e-5 },
            ..StepControls::default()
        },
        matrix: Matrix::Band { lower: 2, upper: 2 },
        user_jacobian: true,
        ..Options::default()
    };
    let (s, counts) = time_case(reps, || {
        let mut solver = api::Solver::new(Fisher1d, 0.0, &u0, &up0, opts.clone()).expect("setup");
        for k in 1..=10 {
            let tout = 0.1 * f64::from(k);
            while solver.solve_to(tout).unwrap_or_else(|e| panic!("{name}: {e}")) != Outcome::ReachedTout {}
        }
        let st = solver.stats();
        Counts {
            nst: st.steps,
            nre: st.residual_evaluations,
            nje: st.jacobian_evaluations,
            nni: st.nonlinear_iterations,
        }
    });
    print_line(name, B1_N, &s, counts);
}

// ---------------------------------------------------------------------

fn main() {
    let quick = std::env::var("DASKR_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    // `cargo bench` passes `--bench`; other arguments filter cases by name.
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let selected = |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    // Repetitions: (full, quick).
    let reps = |full: usize, q: usize| if quick { q } else { full };

    print_header();
    let mut shares = Vec::new();
    let mut rober = [None; 3];
    for (name, mode) in [("ROBER", 0), ("ROBER-UJ", 1), ("ROBER-RT", 2)] {
        if selected(name) {
            rober[mode as usize] = Some(robertson(name, mode, reps(2000, 20)));
        }
    }
    if selected("ROBER-API") {
        robertson_api("ROBER-API", reps(2000, 20));
    }
    if selected("DENSE400") {
        dense_case("DENSE400", 400, reps(15, 1), reps(21, 3), &mut shares);
    }
    if selected("DENSE1000") {
        dense_case("DENSE1000", 1000, reps(5, 1), reps(11, 3), &mut shares);
    }
    for (name, two_d, user_jac) in
        [("BAND2-DQ", false, false), ("BAND2-UJ", false, true), ("BAND20-DQ", true, false), ("BAND20-UJ", true, true)]
    {
        if selected(name) {
            band_case(name, two_d, user_jac, reps(11, 1), reps(201, 5), &mut shares);
        }
    }
    if selected("BAND2-API") {
        band1_api("BAND2-API", reps(11, 1));
    }
    if let [Some(plain), _, Some(roots)] = rober {
        println!();
        println!(
            " ROOT FINDING (NRT = 2): ROBER-RT - ROBER = {:.2} US PER INTEGRATION ({:+.1} %)",
            1e6 * (roots - plain),
            100.0 * (roots - plain) / plain
        );
    }
    print_shares(&shares);
}
