//! A continuation call of DDASKR allocates nothing, as a legacy program
//! driving it one step per call expects of the original: counted with a
//! global allocator around the C interface (`ddaskr_`, as gfortran calls
//! it), for the dense, band, sparse and Krylov solvers and with a root
//! function. Also with RTOL and ATOL the same variable (a program may
//! pass one tolerance twice): then the answers are bit for bit those of
//! two arrays holding the same values.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::os::raw::c_int;

// The library's exports (`ddaskr_`) come with its rlib.
use daskr as _;

/// Counts the allocations made by the thread that asked for counting.
struct Counting;

thread_local! {
    static COUNT: Cell<Option<usize>> = const { Cell::new(None) };
}

// SAFETY: every request is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: the thread-local may be gone while a thread exits.
        let _ = COUNT.try_with(|c| c.set(c.get().map(|n| n + 1)));
        // SAFETY: the caller's layout, as GlobalAlloc requires.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The allocations `f` makes on this thread.
fn allocations_of(f: impl FnOnce()) -> usize {
    COUNT.with(|c| c.set(Some(0)));
    f();
    COUNT.with(|c| c.replace(None)).unwrap_or(0)
}

type ResFn =
    unsafe extern "C" fn(*const f64, *const f64, *const f64, *const f64, *mut f64, *mut c_int, *mut f64, *mut c_int);
type AnyFn = Option<unsafe extern "C" fn()>;
type PsolFn = unsafe extern "C" fn(
    *const c_int,
    *const f64,
    *const f64,
    *const f64,
    *const f64,
    *mut f64,
    *const f64,
    *const f64,
    *mut f64,
    *mut c_int,
    *mut f64,
    *const f64,
    *mut c_int,
    *mut f64,
    *mut c_int,
);
type RtFn = unsafe extern "C" fn(
    *const c_int,
    *const f64,
    *const f64,
    *const f64,
    *const c_int,
    *mut f64,
    *mut f64,
    *mut c_int,
);

extern "C" {
    #[allow(clippy::too_many_arguments)]
    fn ddaskr_(
        res: Option<ResFn>,
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
        jac: AnyFn,
        psol: AnyFn,
        rt: AnyFn,
        nrt: *const c_int,
        jroot: *mut c_int,
    );
}

const NEQ: usize = 3;

/// Robertson's kinetics as an ODE, y' = f(y): stiff, tens of steps.
unsafe extern "C" fn robertson(
    _t: *const f64,
    y: *const f64,
    yp: *const f64,
    _cj: *const f64,
    delta: *mut f64,
    _ires: *mut c_int,
    _rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: DDASKR passes NEQ-long arrays.
    let (y, yp, d) = unsafe {
        (
            std::slice::from_raw_parts(y, NEQ),
            std::slice::from_raw_parts(yp, NEQ),
            std::slice::from_raw_parts_mut(delta, NEQ),
        )
    };
    let (a, b) = (0.04 * y[0], 1e4 * y[1] * y[2]);
    let c = 3e7 * y[1] * y[1];
    d[0] = yp[0] + a - b;
    d[1] = yp[1] - a + b + c;
    d[2] = yp[2] - c;
}

/// A root function: y1 = 0.9 (crossed once, near t = 2.3).
unsafe extern "C" fn y1_at_09(
    _neq: *const c_int,
    _t: *const f64,
    y: *const f64,
    _yp: *const f64,
    _nrt: *const c_int,
    r: *mut f64,
    _rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: DDASKR passes NEQ-long Y and an NRT-long R.
    unsafe { *r = *y - 0.9 };
}

/// PSOL: no preconditioning (IER = 0, B unchanged).
unsafe extern "C" fn identity_psol(
    _neq: *const c_int,
    _t: *const f64,
    _y: *const f64,
    _yp: *const f64,
    _savr: *const f64,
    _wk: *mut f64,
    _cj: *const f64,
    _wght: *const f64,
    _wp: *mut f64,
    _iwp: *mut c_int,
    _b: *mut f64,
    _eplin: *const f64,
    ier: *mut c_int,
    _rpar: *mut f64,
    _ipar: *mut c_int,
) {
    // SAFETY: IER is DDASKR's INTEGER.
    unsafe { *ier = 0 };
}

/// The linear solver and extensions a run uses.
#[derive(Clone, Copy, Debug)]
enum Method {
    /// Dense, difference-quotient Jacobian.
    Dense,
    /// Banded (ML = MU = 1), difference-quotient Jacobian.
    Band,
    /// The sparse LU (INFO(6) = 2) on the full 3 x 3 pattern.
    Sparse,
    /// Dense, with one root function (NRT = 1).
    Roots,
    /// Krylov (INFO(12) = 1), PSOL the identity.
    Krylov,
}

/// Where the tolerances are: one array passed twice, or two arrays.
#[derive(Clone, Copy, PartialEq)]
enum Tolerances {
    OneArray,
    TwoArrays,
}

/// One step per call (INFO(3) = 1) from t = 0 towards t = 40, scalar or
/// vector tolerances 1e-6: the solution at the end, the steps taken, and
/// the allocations of every continuation call.
fn one_step_per_call(method: Method, tol: Tolerances, vector: bool) -> ([f64; NEQ], f64, c_int, Vec<usize>) {
    let n = NEQ as c_int;
    let nrt: c_int = if let Method::Roots = method { 1 } else { 0 };
    // DASKR's lengths: 60 + 9 NEQ + 3 NRT + the matrix (dense NEQ**2;
    // band (2 ML + MU + 1) NEQ + 2 (NEQ/(ML + MU + 1) + 1); sparse
    // NEJAC); IWORK 40 + NEQ (the pivots), or 40 + 2 NEJAC (the pattern).
    let (matrix, liw) = match method {
        Method::Dense | Method::Roots => (n * n, 40 + n),
        Method::Band => (4 * n + 2 * (n / 3 + 1), 40 + n),
        Method::Sparse => (n * n, 40 + 2 * n * n),
        // SAVR (NEQ), then with MAXL = KMP = NEQ (NEQ < 5): (MAXL + 3) NEQ
        // + (MAXL + 3) MAXL + 1.
        Method::Krylov => (n + (n + 3) * n + (n + 3) * n + 1, 40),
    };
    let (neq, lrw) = (n, 60 + 9 * n + 3 * nrt + matrix);
    let mut rwork = vec![0.0; lrw as usize];
    let mut iwork = vec![0 as c_int; liw as usize];
    let mut info = [0 as c_int; 20];
    info[1] = c_int::from(vector);
    info[2] = 1;
    match method {
        Method::Band => {
            info[5] = 1;
            (iwork[0], iwork[1]) = (1, 1);
        }
        Method::Sparse => {
            info[5] = 2;
            iwork[0] = n * n;
            for k in 0..NEQ * NEQ {
                // JROW, then JCOL, from IWORK(41): column by column.
                iwork[40 + k] = (k % NEQ) as c_int + 1;
                iwork[40 + NEQ * NEQ + k] = (k / NEQ) as c_int + 1;
            }
        }
        Method::Krylov => info[11] = 1,
        Method::Dense | Method::Roots => {}
    }
    let rt: AnyFn = match method {
        // SAFETY: only the argument list's type is erased; DDASKR calls
        // RT with DASKR's RT argument list.
        Method::Roots => Some(unsafe { std::mem::transmute::<RtFn, unsafe extern "C" fn()>(y1_at_09) }),
        _ => None,
    };
    let psol: AnyFn = match method {
        // SAFETY: as for RT, with DASKR's PSOL argument list.
        Method::Krylov => Some(unsafe { std::mem::transmute::<PsolFn, unsafe extern "C" fn()>(identity_psol) }),
        _ => None,
    };
    let (mut t, tout) = (0.0, 40.0);
    let mut y = [1.0, 0.0, 0.0];
    let mut yp = [-0.04, 0.04, 0.0];
    let (mut rtol, mut atol) = ([1e-6; NEQ], [1e-6; NEQ]);
    let (mut idid, mut rpar, mut ipar, mut jroot) = (0, 0.0, 0, 0);
    let mut call = |info: &mut [c_int; 20]| {
        let atol_ptr = match tol {
            Tolerances::OneArray => rtol.as_mut_ptr(),
            Tolerances::TwoArrays => atol.as_mut_ptr(),
        };
        // SAFETY: every array has the length DDASKR documents; RTOL and
        // ATOL may be one array, as in a FORTRAN program.
        unsafe {
            ddaskr_(
                Some(robertson),
                &neq,
                &mut t,
                y.as_mut_ptr(),
                yp.as_mut_ptr(),
                &tout,
                info.as_mut_ptr(),
                rtol.as_mut_ptr(),
                atol_ptr,
                &mut idid,
                rwork.as_mut_ptr(),
                &lrw,
                iwork.as_mut_ptr(),
                &liw,
                &mut rpar,
                &mut ipar,
                None,
                psol,
                rt,
                &nrt,
                &mut jroot,
            )
        };
        idid
    };
    assert_eq!(call(&mut info), 1, "{method:?}: the first call takes one step");
    let mut allocations = Vec::new();
    loop {
        let mut last = 0;
        allocations.push(allocations_of(|| last = call(&mut info)));
        match last {
            // A step, or a root (RT is called in every step).
            1 | 5 => {}
            3 => break,
            other => panic!("IDID = {other}"),
        }
    }
    (y, t, iwork[10], allocations)
}

#[test]
fn continuation_calls_allocate_nothing() {
    for method in [Method::Dense, Method::Band, Method::Sparse, Method::Roots, Method::Krylov] {
        for tol in [Tolerances::OneArray, Tolerances::TwoArrays] {
            for vector in [false, true] {
                let (_, t, nst, allocations) = one_step_per_call(method, tol, vector);
                assert_eq!(t, 40.0);
                assert!(nst > 50, "{nst} steps");
                let total: usize = allocations.iter().sum();
                let calls = allocations.len();
                assert_eq!(total, 0, "{method:?}: {calls} calls allocated {total} times (vector tolerances: {vector})");
            }
        }
    }
}

#[test]
fn one_tolerance_array_passed_twice_gives_the_same_answers() {
    for vector in [false, true] {
        let (y1, t1, nst1, _) = one_step_per_call(Method::Dense, Tolerances::OneArray, vector);
        let (y2, t2, nst2, _) = one_step_per_call(Method::Dense, Tolerances::TwoArrays, vector);
        assert_eq!((t1.to_bits(), nst1), (t2.to_bits(), nst2));
        assert_eq!(y1.map(f64::to_bits), y2.map(f64::to_bits));
        // Hairer & Wanner's reference at t = 40.
        assert!((y1[0] - 7.1583e-01).abs() < 1e-3 * 7.1583e-01, "{y1:?}");
    }
}
