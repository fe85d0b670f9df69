//! The safe API in single precision (`daskr::single`): the same API as
//! `daskr::api` with `f32` values and SDASKR's arithmetic, checked against
//! known answers at single-precision tolerances.

use daskr::single::{
    BandedPreconditioner, CallbackStatus, DaeSystem, Direction, Error, IluPreconditioner, InitialConditions, Krylov,
    Matrix, Options, Outcome, PrecondSolve, Preconditioner, Real, Solver, StepControls, StepFailure, Tolerance,
};

#[test]
fn real_is_f32() {
    assert_eq!(std::mem::size_of::<Real>(), 4);
    assert_eq!(Real::EPSILON, f32::EPSILON);
}

/// y' = -y, y(0) = 1.
struct Decay;

impl DaeSystem for Decay {
    fn residual(&mut self, _t: f32, y: &[f32], yp: &[f32], _cj: f32, r: &mut [f32]) -> CallbackStatus {
        r[0] = yp[0] + y[0];
        CallbackStatus::Ok
    }

    fn roots(&mut self, _t: f32, y: &[f32], _yp: &[f32], r: &mut [f32]) {
        r[0] = y[0] - 0.5;
    }
}

fn scalar(rtol: f32, atol: f32) -> Tolerance {
    Tolerance::Scalar { rtol, atol }
}

fn rel(a: f32, b: f32) -> f32 {
    ((a - b) / b).abs()
}

#[test]
fn decay_reaches_e_to_the_minus_one() {
    for matrix in [Matrix::Dense, Matrix::Band { lower: 0, upper: 0 }] {
        let opts = Options {
            controls: StepControls { tolerance: scalar(2e-5, 1e-7), ..StepControls::default() },
            matrix: matrix.clone(),
            ..Options::default()
        };
        let mut s = Solver::new(Decay, 0.0, &[1.0], &[-1.0], opts).unwrap();
        assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout);
        assert_eq!(s.t(), 1.0);
        assert!(rel(s.y()[0], (-1.0f32).exp()) < 1e-4, "{matrix:?}: {}", s.y()[0]);
        let st = s.stats();
        assert!(st.steps > 10 && st.residual_evaluations > st.steps, "{st:?}");
    }
}

#[test]
fn roots_in_single_precision() {
    let opts = Options {
        controls: StepControls { tolerance: scalar(2e-5, 1e-7), ..StepControls::default() },
        root_count: 1,
        ..Options::default()
    };
    let mut s = Solver::new(Decay, 0.0, &[1.0], &[-1.0], opts).unwrap();
    match s.solve_to(2.0).unwrap() {
        Outcome::Root(roots) => {
            assert_eq!(roots.get(0), Some(Direction::Falling));
        }
        other => panic!("{other:?}"),
    }
    assert!((s.t() - 2.0f32.ln()).abs() < 1e-4, "{}", s.t());
    assert!((s.y()[0] - 0.5).abs() < 1e-4);
    // The next call goes on to TOUT without finding the root again.
    assert_eq!(s.solve_to(2.0).unwrap(), Outcome::ReachedTout);
    assert!(rel(s.y()[0], (-2.0f32).exp()) < 1e-3);
}

/// Robertson's chemical kinetics as a DAE (the third equation is the
/// conservation law), as in DASKR's demo.
struct Robertson;

impl DaeSystem for Robertson {
    fn residual(&mut self, _t: f32, y: &[f32], yp: &[f32], _cj: f32, r: &mut [f32]) -> CallbackStatus {
        r[0] = -0.04 * y[0] + 1.0e4 * y[1] * y[2] - yp[0];
        r[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1] - yp[1];
        r[2] = y[0] + y[1] + y[2] - 1.0;
        CallbackStatus::Ok
    }
}

#[test]
fn robertson_at_t_40() {
    let opts = Options {
        controls: StepControls {
            tolerance: Tolerance::Vector { rtol: vec![1e-4; 3], atol: vec![1e-6, 1e-10, 1e-6] },
            ..StepControls::default()
        },
        ..Options::default()
    };
    let mut s = Solver::new(Robertson, 0.0, &[1.0, 0.0, 0.0], &[-0.04, 0.04, 0.0], opts).unwrap();
    assert_eq!(s.solve_to(40.0).unwrap(), Outcome::ReachedTout);
    // Reference values at t = 40 (double precision, tight tolerances).
    let y = s.y();
    assert!((y[0] - 0.7158).abs() < 1e-3, "{y:?}");
    assert!(rel(y[1], 9.185e-6) < 1e-2, "{y:?}");
    assert!((y[2] - 0.2842).abs() < 1e-3, "{y:?}");
}

#[test]
fn default_options_suit_single_precision() {
    assert_eq!(Options::default().controls.tolerance, Tolerance::Scalar { rtol: 1e-4, atol: 1e-6 });
    let mut s = Solver::new(Decay, 0.0, &[1.0], &[-1.0], Options::default()).unwrap();
    assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout);
    assert!(rel(s.y()[0], (-1.0f32).exp()) < 1e-3);
}

#[test]
fn too_tight_tolerances_are_refused_as_sdaskr_refuses_them() {
    // RTOL = 1e-7 is below what REAL arithmetic can deliver: IDID = -2.
    let opts = Options {
        controls: StepControls { tolerance: scalar(1e-7, 1e-9), ..StepControls::default() },
        ..Options::default()
    };
    let mut s = Solver::new(Decay, 0.0, &[1.0], &[-1.0], opts).unwrap();
    let e = s.solve_to(1.0).unwrap_err();
    assert!(matches!(e, Error::Step(StepFailure::TooMuchAccuracy { .. })), "{e:?}");
    assert_eq!(e.idid(), -2);
}

/// The 1-D heat equation on (0, 1), `n` interior points, zero boundary
/// values: `y_i' = (y_{i-1} - 2 y_i + y_{i+1}) / dx^2`. From
/// `y_i(0) = sin(pi x_i)` the semi-discrete solution is exactly
/// `sin(pi x_i) exp(lambda t)`, `lambda = -4 sin^2(pi dx / 2) / dx^2`.
struct Heat {
    n: usize,
}

impl Heat {
    fn dx(&self) -> f32 {
        1.0 / (self.n + 1) as f32
    }
    fn start(&self) -> (Vec<f32>, Vec<f32>) {
        let lambda = self.lambda();
        let y: Vec<f32> = (1..=self.n).map(|i| (std::f32::consts::PI * i as f32 * self.dx()).sin()).collect();
        let yp = y.iter().map(|v| lambda * v).collect();
        (y, yp)
    }
    fn lambda(&self) -> f32 {
        let dx = f64::from(self.dx());
        (-4.0 * (std::f64::consts::PI * dx / 2.0).sin().powi(2) / (dx * dx)) as f32
    }
}

impl DaeSystem for Heat {
    fn residual(&mut self, _t: f32, y: &[f32], yp: &[f32], _cj: f32, r: &mut [f32]) -> CallbackStatus {
        let c = 1.0 / (self.dx() * self.dx());
        for i in 0..self.n {
            let left = if i > 0 { y[i - 1] } else { 0.0 };
            let right = if i + 1 < self.n { y[i + 1] } else { 0.0 };
            r[i] = yp[i] - c * (left - 2.0 * y[i] + right);
        }
        CallbackStatus::Ok
    }

    /// The diagonal of the iteration matrix as the preconditioner
    /// (`Preconditioner::Problem` without setup).
    fn preconditioner_solve(&mut self, c: PrecondSolve<'_>) -> i32 {
        let d = c.cj + 2.0 / (self.dx() * self.dx());
        for b in c.b.iter_mut() {
            *b /= d;
        }
        0
    }
}

#[test]
fn krylov_with_every_preconditioner() {
    let preconditioners = [
        ("none", Preconditioner::None),
        ("problem", Preconditioner::Problem { setup: false, real_work: 0, int_work: 0 }),
        ("banded", Preconditioner::Banded(BandedPreconditioner { lower: 1, upper: 1 })),
        ("ilu", Preconditioner::Ilu(IluPreconditioner::new(1, 1))),
    ];
    for (name, preconditioner) in preconditioners {
        let heat = Heat { n: 20 };
        let (y0, yp0) = heat.start();
        let lambda = heat.lambda();
        let opts = Options {
            controls: StepControls { tolerance: scalar(1e-4, 1e-6), ..StepControls::default() },
            krylov: Some(Krylov { preconditioner, ..Krylov::default() }),
            ..Options::default()
        };
        let mut s = Solver::new(heat, 0.0, &y0, &yp0, opts).unwrap();
        let tout = 0.1;
        assert_eq!(s.solve_to(tout).unwrap(), Outcome::ReachedTout, "{name}");
        let decay = (lambda * tout).exp();
        for (i, (&y, &y0)) in s.y().iter().zip(&y0).enumerate() {
            assert!((y - y0 * decay).abs() < 2e-3 * decay, "{name}: y[{i}] = {y}, exact {}", y0 * decay);
        }
        let st = s.stats();
        assert!(st.linear_iterations > 0, "{name}: {st:?}");
    }
}

/// y0' = -y0, 0 = y1 - 2 y0: the algebraic component computed at the start.
struct Semi;

impl DaeSystem for Semi {
    fn residual(&mut self, _t: f32, y: &[f32], yp: &[f32], _cj: f32, r: &mut [f32]) -> CallbackStatus {
        r[0] = yp[0] + y[0];
        r[1] = y[1] - 2.0 * y[0];
        CallbackStatus::Ok
    }
}

#[test]
fn initial_conditions_in_single_precision() {
    let opts = Options {
        controls: StepControls {
            tolerance: scalar(2e-5, 1e-7),
            stop_after_initial_conditions: true,
            ..StepControls::default()
        },
        differential: Some(vec![true, false]),
        initial_conditions: InitialConditions::ComputeAlgebraic,
        ..Options::default()
    };
    let mut s = Solver::new(Semi, 0.0, &[1.0, 0.0], &[0.0, 0.0], opts).unwrap();
    assert_eq!(s.solve_to(1.0).unwrap(), Outcome::InitialConditionsComputed);
    assert!((s.y()[1] - 2.0).abs() < 1e-4 && (s.yp()[0] + 1.0).abs() < 1e-4, "{:?} {:?}", s.y(), s.yp());
    assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout);
    assert!(rel(s.y()[1], 2.0 * (-1.0f32).exp()) < 1e-4);
}

/// The API in f32 is SDASKR: the same problem through the C interface
/// (`sdaskr_`, as a REAL program calls it) gives bit for bit the same
/// solution and the same counters.
#[cfg(feature = "capi")]
mod same_as_sdaskr {
    use super::*;
    use std::os::raw::c_int;

    type ResFn = unsafe extern "C" fn(
        *const f32,
        *const f32,
        *const f32,
        *const f32,
        *mut f32,
        *mut c_int,
        *mut f32,
        *mut c_int,
    );

    extern "C" {
        #[allow(clippy::too_many_arguments)]
        fn sdaskr_(
            res: Option<ResFn>,
            neq: *const c_int,
            t: *mut f32,
            y: *mut f32,
            yprime: *mut f32,
            tout: *const f32,
            info: *mut c_int,
            rtol: *mut f32,
            atol: *mut f32,
            idid: *mut c_int,
            rwork: *mut f32,
            lrw: *const c_int,
            iwork: *mut c_int,
            liw: *const c_int,
            rpar: *mut f32,
            ipar: *mut c_int,
            jac: Option<unsafe extern "C" fn()>,
            psol: Option<unsafe extern "C" fn()>,
            rt: Option<unsafe extern "C" fn()>,
            nrt: *const c_int,
            jroot: *mut c_int,
        );
    }

    unsafe extern "C" fn res(
        t: *const f32,
        y: *const f32,
        yp: *const f32,
        cj: *const f32,
        delta: *mut f32,
        ires: *mut c_int,
        _rpar: *mut f32,
        _ipar: *mut c_int,
    ) {
        // SAFETY: SDASKR passes NEQ = 3 arrays and valid scalars.
        unsafe {
            let (y, yp, delta) = (
                std::slice::from_raw_parts(y, 3),
                std::slice::from_raw_parts(yp, 3),
                std::slice::from_raw_parts_mut(delta, 3),
            );
            Robertson.residual(*t, y, yp, *cj, delta);
            *ires = 0;
        }
    }

    #[test]
    fn robertson_bit_for_bit() {
        let (rtol, atol) = ([1e-4f32; 3], [1e-6f32, 1e-10, 1e-6]);
        let opts = Options {
            controls: StepControls {
                tolerance: Tolerance::Vector { rtol: rtol.to_vec(), atol: atol.to_vec() },
                ..StepControls::default()
            },
            ..Options::default()
        };
        let mut s = Solver::new(Robertson, 0.0, &[1.0, 0.0, 0.0], &[-0.04, 0.04, 0.0], opts).unwrap();

        let (neq, lrw, liw, nrt) = (3, 96, 43, 0);
        let (mut t, mut y, mut yp) = (0.0f32, [1.0f32, 0.0, 0.0], [-0.04f32, 0.04, 0.0]);
        let (mut rtol, mut atol) = (rtol, atol);
        let mut info = [0 as c_int; 20];
        info[1] = 1;
        let (mut rwork, mut iwork) = (vec![0.0f32; lrw as usize], vec![0 as c_int; liw as usize]);
        let (mut idid, mut rpar, mut ipar, mut jroot) = (0, 0.0f32, 0 as c_int, [0 as c_int; 1]);
        for tout in [0.4f32, 4.0, 40.0] {
            assert_eq!(s.solve_to(tout).unwrap(), Outcome::ReachedTout);
            // SAFETY: every array has the length SDASKR needs (LRW, LIW above).
            unsafe {
                sdaskr_(
                    Some(res),
                    &neq,
                    &mut t,
                    y.as_mut_ptr(),
                    yp.as_mut_ptr(),
                    &tout,
                    info.as_mut_ptr(),
                    rtol.as_mut_ptr(),
                    atol.as_mut_ptr(),
                    &mut idid,
                    rwork.as_mut_ptr(),
                    &lrw,
                    iwork.as_mut_ptr(),
                    &liw,
                    &mut rpar,
                    &mut ipar,
                    None,
                    None,
                    None,
                    &nrt,
                    jroot.as_mut_ptr(),
                );
            }
            info[0] = 1;
            assert_eq!(idid, 3, "t = {tout}");
            assert_eq!((s.t(), s.y(), s.yp()), (t, &y[..], &yp[..]), "t = {tout}");
            let st = s.stats();
            assert_eq!(
                (st.steps, st.residual_evaluations, st.jacobian_evaluations),
                (iwork[10], iwork[11], iwork[12]),
                "t = {tout}"
            );
        }
    }
}
