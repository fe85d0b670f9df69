//! A hybrid model through the safe API (the DSL48E core): a ball dropped
//! from h0 = 10 (v = 0), g = 9.81, restitution e = 0.9, to t = 20.
//!
//! `h' = v`, `v' = -g`; it bounces (`v := -e v`) when `h <= 0 AND v < 0`:
//! one state condition with two discontinuity functions, `δ1 = -h` and
//! `δ2 = -v`, so `z = (h, v, δ1, δ2)`. Between impacts both functions
//! cross zero without changing the condition (δ1 as the ball leaves the
//! ground, δ2 at the apex); those crossings must not be events.
//!
//! Exact impact times: `t1 = sqrt(2 h0 / g)`, `t(k+1) = t(k) + 2 e^k t1`
//! (13 impacts before t = 20), impact speed `e^(k-1) g t1`, and at
//! t = 20: h = 0.379393921403, v = 2.287560694001. Two runs: a user
//! Jacobian in pattern order with RTOL = ATOL = 1e-8, and difference
//! quotients with 1e-6. Each impact must come at its exact time within
//! `k * 20 * EWH / vmin` (EWH = RTOL*h0 + ATOL: ten error weights for the
//! polishing offset and ten for the integration error, turned into time
//! by the smallest impact speed and inherited by later bounces), on the
//! new side (δ1 >= 0), with the right speed. Run:
//! `cargo run --release --example bouncing_ball`.

use daskr::api::{
    CallbackStatus, DaeSystem, Event, HybridOptions, HybridOutcome, HybridSolver, HybridSystem, JacobianPoint,
    MatrixStorage, SparsePattern, Tolerance,
};

struct Ball {
    g: f64,
    e: f64,
    /// The locked value of the condition "h <= 0 and v < 0".
    in_contact: bool,
    /// Crossings offered that did not change the condition.
    not_events: usize,
}

const PATTERN: [(usize, usize); 7] = [(0, 0), (0, 1), (1, 1), (2, 0), (2, 2), (3, 1), (3, 3)];

impl DaeSystem for Ball {
    fn residual(&mut self, _t: f64, z: &[f64], zp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = zp[0] - z[1];
        r[1] = zp[1] + self.g;
        r[2] = z[2] + z[0];
        r[3] = z[3] + z[1];
        CallbackStatus::Ok
    }

    /// dF/dz + cj dF/dz' in the order of `PATTERN`.
    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [f64], storage: MatrixStorage) -> CallbackStatus {
        assert_eq!(storage, MatrixStorage::Sparse { neq: 4, nnz: PATTERN.len() });
        pd.copy_from_slice(&[at.cj, -1.0, at.cj, 1.0, 1.0, 1.0, 1.0]);
        CallbackStatus::Ok
    }
}

impl HybridSystem for Ball {
    fn condition_changed(&mut self, condition: usize, truth: &[bool], _t: f64, _z: &[f64], _zp: &[f64]) -> bool {
        assert_eq!((condition, truth.len()), (0, 2));
        let changed = (truth[0] && truth[1]) != self.in_contact;
        if !changed {
            self.not_events += 1;
        }
        changed
    }

    fn switch_mode(&mut self, _event: &Event, z: &mut [f64], _zp: &mut [f64]) {
        z[1] *= -self.e;
        self.in_contact = -z[0] >= 0.0 && -z[1] >= 0.0;
    }
}

fn run(rtol: f64, user_jacobian: bool) {
    let (g, e, h0, tend): (f64, f64, f64, f64) = (9.81, 0.9, 10.0, 20.0);
    let t1 = (2.0 * h0 / g).sqrt();
    let mut exact = vec![t1];
    while exact.len() < 13 {
        let k = exact.len() as i32;
        exact.push(exact[exact.len() - 1] + 2.0 * e.powi(k) * t1);
    }
    let ewh = rtol * h0 + rtol;
    let vmin = e.powi(12) * g * t1;
    let tol = |k: usize| k as f64 * 20.0 * ewh / vmin;

    let mut opts = HybridOptions::new(SparsePattern::from_entries(PATTERN), vec![0, 1], vec![2]);
    opts.controls.tolerance = Tolerance::Scalar { rtol, atol: rtol };
    opts.user_jacobian = user_jacobian;
    opts.initial_conditions = true;
    let ball = Ball { g, e, in_contact: false, not_events: 0 };
    let mut s = HybridSolver::new(ball, 0.0, &[h0, 0.0, -h0, 0.0], &[0.0; 4], opts).expect("setup");
    let mut impacts = Vec::new();
    loop {
        match s.solve_to(tend).unwrap_or_else(|err| panic!("rtol {rtol}: {err}")) {
            HybridOutcome::Event(ev) => {
                let k = impacts.len() + 1;
                assert!(k <= exact.len(), "more impacts than the closed form has");
                assert_eq!((ev.condition, ev.function, ev.became_true), (0, 0, true), "impact {k}: {ev:?}");
                assert_eq!(ev.t, s.t());
                let z = s.z();
                assert!(z[2] >= 0.0 && z[3] > 0.0, "impact {k}: not on the new side: {z:?}");
                let speed = e.powi(k as i32 - 1) * g * t1;
                assert!((ev.t - exact[k - 1]).abs() <= tol(k), "impact {k} at {}, exact {}", ev.t, exact[k - 1]);
                assert!((-z[1] - speed).abs() <= g * tol(k) + 100.0 * ewh, "impact {k}: speed {}", -z[1]);
                impacts.push(ev.t);
                s.restart().expect("restart");
                assert!(s.z()[1] > 0.0, "the bounce reverses the velocity");
            }
            HybridOutcome::ReachedTout => break,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(impacts.len(), 13, "impacts at {impacts:?}");
    let z = s.z();
    let tl = 15.0 * tol(13);
    assert!((z[0] - 0.379393921403).abs() <= tl && (z[1] - 2.287560694001).abs() <= tl, "final state {z:?}");
    let not_events = s.problem().not_events;
    assert!(not_events >= 2 * 13 - 1, "lift-offs and apexes must be offered but not be events ({not_events})");
    let st = s.stats();
    println!(
        "rtol {rtol:e}, {} Jacobian: 13 impacts on time (worst error {:.2e}), h(20) = {:.9}, v(20) = {:.9}; \
         {not_events} crossings without event; {} steps, {} residuals over all restarts",
        if user_jacobian { "user" } else { "difference-quotient" },
        impacts.iter().zip(&exact).map(|(t, x)| (t - x).abs()).fold(0.0, f64::max),
        z[0],
        z[1],
        st.steps,
        st.residual_evaluations
    );
}

fn main() {
    run(1e-8, true);
    run(1e-6, false);
    println!("PASS bouncing_ball");
}
