//! Consistent initial conditions through the safe API (DDASKR's
//! INFO(11) = 1 and 2, with constraints, INFO(14), INFO(16), INFO(17) and
//! INFO(18)), checked against closed forms.
//!
//! Part 1, given the differential components, compute the algebraic ones
//! and the derivatives: the oscillator `x1' = x2`, `x2' = -x1` with two
//! algebraic variables `z1 = x1 + x2` and `z2 = 1 + x1^2` (constrained
//! positive). From `x = (1, 0)` and wrong guesses for `z`, `x'`, the
//! solver must return (after the initial-condition calculation only)
//! `z = (1, 2)`, `x' = (0, -1)` with `x` untouched, then integrate to
//! t = 10 on `x = (cos t, -sin t)`.
//!
//! Part 2, given `y'`, compute `y`: `y0' = -y0`, `y1' = -2 y1` with
//! `y'(0) = (-3, 4)`, so `y(0) = (3, -2)` and `y = (3 e^-t, -2 e^-2t)`;
//! constraints `y0 > 0`, `y1 < 0`.
//!
//! Part 3: a starting point that violates its constraint is illegal input.
//!
//! Run: `cargo run --release --example initial_conditions`.

use daskr::api::{
    CallbackStatus, Constraint, DaeSystem, Error, IcControls, InitialConditions, InputError, Options, Outcome, Solver,
    StepControls, Tolerance,
};

/// Part 1: oscillator with two algebraic variables.
struct Semi;

impl DaeSystem for Semi {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = yp[0] - y[1];
        r[1] = yp[1] + y[0];
        r[2] = y[2] - y[0] - y[1];
        r[3] = y[3] - 1.0 - y[0] * y[0];
        CallbackStatus::Ok
    }
}

/// Part 2: two decays, y determined by y'.
struct Decays;

impl DaeSystem for Decays {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = yp[0] + y[0];
        r[1] = yp[1] + 2.0 * y[1];
        CallbackStatus::Ok
    }
}

fn part1() {
    let opts = Options {
        controls: StepControls {
            tolerance: Tolerance::Scalar { rtol: 1e-8, atol: 1e-9 },
            stop_after_initial_conditions: true,
            exclude_algebraic: true,
            ic_controls: Some(IcControls { max_newton_iterations: 8, ..IcControls::direct() }),
            ic_print_level: 1,
            ..StepControls::default()
        },
        differential: Some(vec![true, true, false, false]),
        initial_conditions: InitialConditions::ComputeAlgebraic,
        constraints: Some(vec![Constraint::None, Constraint::None, Constraint::None, Constraint::Positive]),
        ..Options::default()
    };
    let mut s = Solver::new(Semi, 0.0, &[1.0, 0.0, 0.0, 0.5], &[0.3, 0.3, 0.0, 0.0], opts).expect("setup");
    assert_eq!(s.solve_to(10.0).expect("initial conditions"), Outcome::InitialConditionsComputed);
    let (y, yp) = (s.y(), s.yp());
    println!("part 1: after the IC calculation t = {}, y = {y:?}, y' = {yp:?}", s.t());
    assert_eq!(s.t(), 0.0, "T moved");
    assert_eq!((y[0], y[1]), (1.0, 0.0), "a differential component changed");
    let err = (y[2] - 1.0).abs().max((y[3] - 2.0).abs()).max(yp[0].abs()).max((yp[1] + 1.0).abs());
    assert!(err < 1e-8, "inconsistent algebraic values or derivatives: error {err:e}");
    assert!(!s.messages().is_empty(), "INFO(18) = 1 should report on the IC calculation");
    for m in s.messages() {
        for line in m {
            println!("  solver: {line}");
        }
    }
    for k in 1..=10 {
        let t = f64::from(k);
        assert_eq!(s.solve_to(t).expect("integration"), Outcome::ReachedTout);
        let y = s.y();
        let (x1, x2) = (t.cos(), -t.sin());
        let e = [y[0] - x1, y[1] - x2, y[2] - (x1 + x2), y[3] - (1.0 + x1 * x1)];
        let e = e.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        assert!(e < 1e-5, "part 1 at t = {t}: error {e:e}");
    }
    let st = s.stats();
    println!(
        "part 1: y(10) = {:?} on the exact solution; {} steps, {} residuals (IC included)",
        s.y(),
        st.steps,
        st.residual_evaluations
    );
}

fn part2() {
    let opts = Options {
        controls: StepControls { tolerance: Tolerance::Scalar { rtol: 1e-8, atol: 1e-10 }, ..StepControls::default() },
        initial_conditions: InitialConditions::ComputeStates,
        constraints: Some(vec![Constraint::Positive, Constraint::Negative]),
        ..Options::default()
    };
    let mut s = Solver::new(Decays, 0.0, &[1.0, -1.0], &[-3.0, 4.0], opts).expect("setup");
    assert_eq!(s.solve_to(2.0).expect("integration"), Outcome::ReachedTout);
    let y = s.y();
    let exact = [3.0 * (-2.0f64).exp(), -2.0 * (-4.0f64).exp()];
    println!("part 2: y(2) = {y:?}, exact {exact:?}");
    for i in 0..2 {
        assert!((y[i] - exact[i]).abs() < 1e-6, "part 2: component {i}");
    }
}

fn part3() {
    let opts = Options {
        initial_conditions: InitialConditions::ComputeStates,
        constraints: Some(vec![Constraint::Positive, Constraint::Negative]),
        ..Options::default()
    };
    let mut s = Solver::new(Decays, 0.0, &[1.0, 1.0], &[-3.0, 4.0], opts).expect("setup");
    match s.solve_to(1.0) {
        Err(Error::Input(InputError::ConstraintViolated { index: 2 })) => {
            println!("part 3: y1 = 1 > 0 rejected (IDID = -33), as it must be")
        }
        other => panic!("part 3: expected a constraint violation, got {other:?}"),
    }
}

fn main() {
    part1();
    part2();
    part3();
    println!("PASS initial_conditions");
}
