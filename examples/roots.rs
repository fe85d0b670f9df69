//! Root finding through the safe API, checked against the closed form.
//!
//! The harmonic oscillator `y0' = y1`, `y1' = -y0`, `y(0) = (1, 0)`, so
//! `y0 = cos t`, `y1 = -sin t`, with two root functions:
//!
//! * `R0 = y0` vanishes at `t = pi/2 + k*pi`, falling at odd multiples
//!   of pi/2 counted from the first (pi/2, 5pi/2, ...) and rising between;
//! * `R1 = y1 + 0.5` vanishes where `sin t = 0.5`: `t = pi/6 + 2k*pi`
//!   (falling) and `5pi/6 + 2k*pi` (rising).
//!
//! Integrated to t = 10 with a user Jacobian and per-component
//! tolerances; every root must come at its exact time (to 1e-6), with the
//! right function and direction, with `y` there on the exact solution, and
//! none may be missed or invented. Run: `cargo run --release --example roots`.

use daskr::api::{
    CallbackStatus, DaeSystem, Direction, JacobianPoint, MatrixStorage, Options, Outcome, Solver, StepControls,
    Tolerance,
};
use std::f64::consts::PI;

struct Oscillator;

impl DaeSystem for Oscillator {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = yp[0] - y[1];
        r[1] = yp[1] + y[0];
        CallbackStatus::Ok
    }

    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [f64], storage: MatrixStorage) -> CallbackStatus {
        // dG/dy + cj dG/dy', column-major 2 x 2.
        assert_eq!(storage, MatrixStorage::Dense { neq: 2 });
        pd.copy_from_slice(&[at.cj, 1.0, -1.0, at.cj]);
        CallbackStatus::Ok
    }

    fn roots(&mut self, _t: f64, y: &[f64], _yp: &[f64], r: &mut [f64]) {
        r[0] = y[0];
        r[1] = y[1] + 0.5;
    }
}

fn main() {
    let tend = 10.0;
    // The exact roots before TEND: (time, function, direction).
    let mut expected = Vec::new();
    for k in 0..4 {
        let t = PI / 2.0 + f64::from(k) * PI;
        let dir = if k % 2 == 0 { Direction::Falling } else { Direction::Rising };
        expected.push((t, 0, dir));
        expected.push((PI / 6.0 + 2.0 * PI * f64::from(k), 1, Direction::Falling));
        expected.push((5.0 * PI / 6.0 + 2.0 * PI * f64::from(k), 1, Direction::Rising));
    }
    expected.retain(|&(t, _, _)| t < tend);
    expected.sort_by(|a, b| a.0.total_cmp(&b.0));

    let opts = Options {
        controls: StepControls {
            tolerance: Tolerance::Vector { rtol: vec![1e-9; 2], atol: vec![1e-10, 1e-10] },
            ..StepControls::default()
        },
        user_jacobian: true,
        root_count: 2,
        ..Options::default()
    };
    let mut solver = Solver::new(Oscillator, 0.0, &[1.0, 0.0], &[0.0, -1.0], opts).expect("setup");
    let mut found = Vec::new();
    loop {
        match solver.solve_to(tend).expect("integration") {
            Outcome::Root(roots) => {
                let t = solver.t();
                let y = solver.y();
                assert!((y[0] - t.cos()).abs() < 1e-6 && (y[1] + t.sin()).abs() < 1e-6, "y off the solution at {t}");
                for (i, dir) in roots.iter() {
                    println!("root of R{i} at t = {t:.10} ({dir:?})");
                    found.push((t, i, dir));
                }
            }
            Outcome::ReachedTout => break,
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!(found.len(), expected.len(), "roots found {found:?}, expected {expected:?}");
    for (&(t, i, d), &(te, ie, de)) in found.iter().zip(&expected) {
        assert_eq!((i, d), (ie, de), "root at {t}: function/direction");
        assert!((t - te).abs() < 1e-6, "root of R{i} at {t}, exact {te}");
    }
    let y = solver.y();
    assert!((y[0] - tend.cos()).abs() < 1e-6 && (y[1] + tend.sin()).abs() < 1e-6);
    let st = solver.stats();
    println!(
        "{} roots as expected; y(10) = ({:.9}, {:.9}); steps {}, residuals {}, root-function calls {}",
        found.len(),
        y[0],
        y[1],
        st.steps,
        st.residual_evaluations,
        st.root_function_evaluations
    );
    assert!(st.root_function_evaluations > 0 && st.jacobian_evaluations > 0);
    println!("PASS roots");
}
