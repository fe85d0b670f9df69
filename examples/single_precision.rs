//! The safe API in single precision (`daskr::single`: SDASKR's solver with
//! `f32` values), checked against known answers.
//!
//! * Robertson's chemical kinetics as a DAE (DASKR's demo problem), dense
//!   direct method, to t = 40: y = (0.7158, 9.185e-6, 0.2842) to 1e-3;
//! * the same problem with a root function `y0 - 0.9`, located within
//!   2e-3 of the reference time t = 4.37711 (falling; double precision,
//!   tight tolerances);
//! * the 1-D heat equation (40 points) by GMRES with the banded
//!   preconditioner, against its exact semi-discrete solution.
//!
//! The same problems in `f64` are written against `daskr::api`; only the
//! value type changes. Run: `cargo run --release --example single_precision`.

use daskr::single::{
    BandedPreconditioner, CallbackStatus, DaeSystem, Direction, Krylov, Options, Outcome, Preconditioner, Solver,
    StepControls, Tolerance,
};

struct Robertson {
    roots: bool,
}

impl DaeSystem for Robertson {
    fn residual(&mut self, _t: f32, y: &[f32], yp: &[f32], _cj: f32, r: &mut [f32]) -> CallbackStatus {
        r[0] = -0.04 * y[0] + 1.0e4 * y[1] * y[2] - yp[0];
        r[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1] - yp[1];
        r[2] = y[0] + y[1] + y[2] - 1.0;
        CallbackStatus::Ok
    }

    fn roots(&mut self, _t: f32, y: &[f32], _yp: &[f32], r: &mut [f32]) {
        if self.roots {
            r[0] = y[0] - 0.9;
        }
    }
}

/// `y_i' = (y_{i-1} - 2 y_i + y_{i+1}) / dx^2` on (0, 1), zero boundary values.
struct Heat {
    n: usize,
}

impl DaeSystem for Heat {
    fn residual(&mut self, _t: f32, y: &[f32], yp: &[f32], _cj: f32, r: &mut [f32]) -> CallbackStatus {
        let dx = 1.0 / (self.n + 1) as f32;
        for i in 0..self.n {
            let left = if i > 0 { y[i - 1] } else { 0.0 };
            let right = if i + 1 < self.n { y[i + 1] } else { 0.0 };
            r[i] = yp[i] - (left - 2.0 * y[i] + right) / (dx * dx);
        }
        CallbackStatus::Ok
    }
}

fn robertson(roots: bool) -> Solver<Robertson> {
    let opts = Options {
        controls: StepControls {
            // REAL arithmetic: RTOL well above 1.2e-5 (SDASKR refuses less).
            tolerance: Tolerance::Vector { rtol: vec![1e-4; 3], atol: vec![1e-6, 1e-10, 1e-6] },
            ..StepControls::default()
        },
        root_count: usize::from(roots),
        ..Options::default()
    };
    Solver::new(Robertson { roots }, 0.0, &[1.0, 0.0, 0.0], &[-0.04, 0.04, 0.0], opts).expect("setup")
}

fn main() {
    // Robertson to t = 40.
    let mut s = robertson(false);
    assert_eq!(s.solve_to(40.0).expect("Robertson"), Outcome::ReachedTout);
    let y = s.y();
    println!("Robertson, t = 40: y = {y:?} ({} steps)", s.stats().steps);
    for (got, want) in y.iter().zip([0.7158, 9.185e-6, 0.2842]) {
        assert!((got - want).abs() <= 1e-3 * want.max(1e-2), "{got} against {want}");
    }

    // Where y0 falls through 0.9.
    let mut s = robertson(true);
    match s.solve_to(40.0).expect("Robertson with a root") {
        Outcome::Root(roots) => assert_eq!(roots.get(0), Some(Direction::Falling)),
        other => panic!("expected a root, got {other:?}"),
    }
    println!("Robertson: y0 = 0.9 at t = {} (y0 = {})", s.t(), s.y()[0]);
    assert!((s.t() - 4.37711).abs() < 2e-3, "root at {}", s.t());
    assert!((s.y()[0] - 0.9).abs() < 1e-4);

    // Heat by GMRES with the banded preconditioner.
    let n = 40;
    let dx = 1.0 / (n + 1) as f64;
    let lambda = -4.0 * (std::f64::consts::PI * dx / 2.0).sin().powi(2) / (dx * dx);
    let y0: Vec<f32> = (1..=n).map(|i| (std::f64::consts::PI * i as f64 * dx).sin() as f32).collect();
    let yp0: Vec<f32> = y0.iter().map(|&v| (lambda * f64::from(v)) as f32).collect();
    let opts = Options {
        controls: StepControls { tolerance: Tolerance::Scalar { rtol: 1e-4, atol: 1e-6 }, ..StepControls::default() },
        krylov: Some(Krylov {
            preconditioner: Preconditioner::Banded(BandedPreconditioner { lower: 1, upper: 1 }),
            ..Krylov::default()
        }),
        ..Options::default()
    };
    let mut s = Solver::new(Heat { n }, 0.0, &y0, &yp0, opts).expect("setup");
    let tout = 0.05f32;
    assert_eq!(s.solve_to(tout).expect("heat"), Outcome::ReachedTout);
    let decay = (lambda * f64::from(tout)).exp();
    let err = s.y().iter().zip(&y0).map(|(&y, &y0)| (f64::from(y) - f64::from(y0) * decay).abs()).fold(0.0, f64::max);
    let st = s.stats();
    println!(
        "heat, {n} points, t = {tout}: max error {err:.2e} (solution {decay:.4}), {} steps, {} GMRES iterations",
        st.steps, st.linear_iterations
    );
    assert!(err < 2e-3 * decay, "max error {err}");
    println!("single precision: all answers within tolerance");
}
