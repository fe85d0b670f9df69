//! The safe API's call conventions, each checked against a known answer:
//! TSTOP, intermediate output, continuation after a failure, retry after
//! illegal input, restarts, INFO(14) then integration, setup errors, the
//! INFO(20) root extension, and the hybrid solver's event protocol.

use daskr::api::*;

/// y' = -y.
struct Decay;

impl DaeSystem for Decay {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = yp[0] + y[0];
        CallbackStatus::Ok
    }
}

fn decay(opts: Options) -> Solver<Decay> {
    Solver::new(Decay, 0.0, &[1.0], &[-1.0], opts).expect("setup")
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn tstop_is_hit_exactly_and_can_be_removed() {
    let mut s =
        decay(Options { controls: StepControls { tstop: Some(0.5), ..StepControls::default() }, ..Options::default() });
    // TOUT beyond TSTOP is illegal, as in DASKR.
    assert!(matches!(s.solve_to(1.0), Err(Error::Input(InputError::TstopBehindTout { .. }))));
    assert_eq!(s.solve_to(0.5).unwrap(), Outcome::ReachedTstop);
    assert_eq!(s.t(), 0.5);
    assert!(close(s.y()[0], (-0.5f64).exp(), 1e-5));
    s.set_tstop(None);
    assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout);
    assert!(close(s.y()[0], (-1.0f64).exp(), 1e-5));
}

#[test]
fn intermediate_output_returns_every_step() {
    let mut s = decay(Options {
        controls: StepControls { intermediate_output: true, ..StepControls::default() },
        ..Options::default()
    });
    let mut steps = 0;
    loop {
        match s.solve_to(1.0).unwrap() {
            Outcome::Step => steps += 1,
            Outcome::ReachedTout => break,
            o => panic!("{o:?}"),
        }
        assert!(close(s.y()[0], (-s.t()).exp(), 1e-5));
    }
    // The step that passes TOUT is reported as ReachedTout.
    assert_eq!(steps + 1, s.stats().steps);
}

#[test]
fn too_much_work_continues_on_the_next_call() {
    let mut s = decay(Options {
        controls: StepControls { max_step: Some(1e-3), ..StepControls::default() },
        ..Options::default()
    });
    let mut failures = 0;
    loop {
        match s.solve_to(1.0) {
            Ok(Outcome::ReachedTout) => break,
            Err(e @ Error::Step(StepFailure::TooMuchWork { .. })) => {
                assert_eq!(e.idid(), -1);
                failures += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(failures >= 1, "1000 steps of 1e-3 need more than one call");
    assert!(s.stats().steps >= 1000);
    assert!(close(s.y()[0], (-1.0f64).exp(), 1e-5));
    assert!(!s.messages().is_empty());
}

#[test]
fn illegal_input_can_be_corrected() {
    let mut s = decay(Options::default());
    assert_eq!(s.solve_to(0.0), Err(Error::Input(InputError::ToutEqualsT { tout: 0.0, t: 0.0 })));
    assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout);
    // On a continuation call too.
    s.set_max_step(Some(-1.0));
    assert!(matches!(s.solve_to(2.0), Err(Error::Input(InputError::HmaxNotPositive { .. }))));
    s.set_max_step(None);
    assert_eq!(s.solve_to(2.0).unwrap(), Outcome::ReachedTout);
    assert!(close(s.y()[0], (-2.0f64).exp(), 1e-5));
}

#[test]
fn restart_after_a_jump() {
    let mut s = decay(Options::default());
    s.solve_to(1.0).unwrap();
    let steps = s.stats().steps;
    // Jump to y = 2 at t = 1: y = 2 e^-(t-1).
    s.restart(1.0, &[2.0], &[-2.0]).unwrap();
    s.solve_to(2.0).unwrap();
    assert!(close(s.y()[0], 2.0 * (-1.0f64).exp(), 1e-5));
    assert!(s.stats().steps > steps, "counters add up over restarts");
}

#[test]
fn tolerances_can_change_between_calls() {
    let mut loose = decay(Options::default());
    loose.solve_to(2.0).unwrap();
    let mut s = decay(Options::default());
    s.solve_to(1.0).unwrap();
    s.set_tolerance(Tolerance::Vector { rtol: vec![1e-10], atol: vec![1e-12] }).unwrap();
    s.solve_to(2.0).unwrap();
    assert!(close(s.y()[0], (-2.0f64).exp(), 1e-5));
    // The tight tolerance takes many more steps over the second half.
    assert!(s.stats().steps > loose.stats().steps + 20, "{} vs {}", s.stats().steps, loose.stats().steps);
    assert!(s.set_tolerance(Tolerance::Vector { rtol: vec![], atol: vec![] }).is_err());
}

/// x' = -x, 0 = z - 3x: the algebraic z and x' computed, then integrated.
struct Index1;

impl DaeSystem for Index1 {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = yp[0] + y[0];
        r[1] = y[1] - 3.0 * y[0];
        CallbackStatus::Ok
    }
}

#[test]
fn initial_conditions_returned_then_integrated_with_every_linear_solver() {
    let krylov = |p| Some(Krylov { preconditioner: p, ..Krylov::default() });
    let variants: Vec<(&str, Matrix, Option<Krylov>)> = vec![
        ("dense", Matrix::Dense, None),
        ("band", Matrix::Band { lower: 1, upper: 1 }, None),
        ("sparse", Matrix::Sparse(SparsePattern::from_entries([(0, 0), (1, 0), (1, 1)])), None),
        ("krylov", Matrix::Dense, krylov(Preconditioner::None)),
        ("krylov-ilu", Matrix::Dense, krylov(Preconditioner::Ilu(IluPreconditioner::new(1, 1)))),
    ];
    for (name, matrix, krylov) in variants {
        let opts = Options {
            controls: StepControls { stop_after_initial_conditions: true, ..StepControls::default() },
            matrix,
            krylov,
            differential: Some(vec![true, false]),
            initial_conditions: InitialConditions::ComputeAlgebraic,
            ..Options::default()
        };
        let mut s = Solver::new(Index1, 0.0, &[2.0, 0.0], &[0.0, 0.0], opts).unwrap();
        assert_eq!(s.solve_to(1.0).unwrap(), Outcome::InitialConditionsComputed, "{name}");
        assert!(close(s.y()[1], 6.0, 1e-6) && close(s.yp()[0], -2.0, 1e-6), "{name}: {:?} {:?}", s.y(), s.yp());
        let ic_residuals = s.stats().residual_evaluations;
        assert!(ic_residuals > 0);
        assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout, "{name}");
        let x = 2.0 * (-1.0f64).exp();
        assert!(close(s.y()[0], x, 1e-5) && close(s.y()[1], 3.0 * x, 3e-5), "{name}: {:?}", s.y());
        assert!(s.stats().residual_evaluations > ic_residuals, "{name}: counters carried over");
    }
}

#[test]
fn setup_errors_are_reported_before_solving() {
    let err = |r: Result<Solver<Index1>, Error>| r.err().expect("an error");
    let new = |opts| Solver::new(Index1, 0.0, &[1.0, 3.0], &[-1.0, 0.0], opts);
    assert_eq!(err(Solver::new(Index1, 0.0, &[], &[], Options::default())), Error::Setup(SetupError::Empty));
    assert!(matches!(
        err(Solver::new(Index1, 0.0, &[1.0, 3.0], &[0.0], Options::default())),
        Error::Setup(SetupError::WrongLength { expected: 2, .. })
    ));
    let e = err(new(Options { initial_conditions: InitialConditions::ComputeAlgebraic, ..Options::default() }));
    assert!(matches!(e, Error::Setup(SetupError::Invalid { what: "differential", .. })));
    assert_eq!(e.idid(), -33);
    let band_krylov =
        Options { matrix: Matrix::Band { lower: 1, upper: 1 }, krylov: Some(Krylov::default()), ..Options::default() };
    assert!(matches!(err(new(band_krylov)), Error::Setup(SetupError::Invalid { what: "matrix", .. })));
    let outside =
        Options { matrix: Matrix::Sparse(SparsePattern::from_entries([(0, 0), (2, 1)])), ..Options::default() };
    assert!(matches!(err(new(outside)), Error::Setup(SetupError::Pattern { entry: 1, .. })));
    let mut ilu = IluPreconditioner::new(1, 1);
    ilu.jacobian_fill = 1;
    let bad_ilu = Options {
        krylov: Some(Krylov { preconditioner: Preconditioner::Ilu(ilu), ..Krylov::default() }),
        ..Options::default()
    };
    assert!(matches!(err(new(bad_ilu)), Error::Setup(SetupError::Invalid { .. })));
    let wide = Preconditioner::Banded(BandedPreconditioner { lower: 2, upper: 0 });
    let wide = Options { krylov: Some(Krylov { preconditioner: wide, ..Krylov::default() }), ..Options::default() };
    assert!(matches!(err(new(wide)), Error::Setup(SetupError::Invalid { .. })));
    // The solver's own checks: illegal input on the first call.
    let mut s =
        new(Options { controls: StepControls { max_order: 7, ..StepControls::default() }, ..Options::default() })
            .unwrap();
    assert_eq!(s.solve_to(1.0), Err(Error::Input(InputError::MaxordOutOfRange { maxord: 7 })));
    let mut s =
        new(Options { krylov: Some(Krylov { max_dimension: Some(3), ..Krylov::default() }), ..Options::default() })
            .unwrap();
    assert_eq!(s.solve_to(1.0), Err(Error::Input(InputError::MaxlIllegal { maxl: 3 })));
}

/// y = t - t^2 (y' = 1 - 2t), R = y - 0.2499: zero at t = 0.49 and 0.51,
/// both inside one step of a method that is exact on this solution.
struct Dip;

impl DaeSystem for Dip {
    fn residual(&mut self, t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        let _ = y;
        r[0] = yp[0] - (1.0 - 2.0 * t);
        CallbackStatus::Ok
    }
    fn roots(&mut self, _t: f64, y: &[f64], _yp: &[f64], r: &mut [f64]) {
        r[0] = y[0] - 0.2499;
    }
}

fn dip_roots(root_search: RootSearch) -> Vec<(f64, Direction)> {
    let opts = Options {
        controls: StepControls {
            tolerance: Tolerance::Scalar { rtol: 1e-10, atol: 1e-10 },
            initial_step: Some(0.2),
            ..StepControls::default()
        },
        root_count: 1,
        root_search,
        ..Options::default()
    };
    let mut s = Solver::new(Dip, 0.0, &[0.0], &[1.0], opts).unwrap();
    let mut found = Vec::new();
    while let Outcome::Root(r) = s.solve_to(1.0).unwrap() {
        found.push((s.t(), r.get(0).unwrap()));
    }
    found
}

#[test]
fn double_crossings_are_found_with_the_extension() {
    // DASKR's own search misses both (kept for compatibility).
    assert_eq!(dip_roots(RootSearch::default()), []);
    let found = dip_roots(RootSearch { double_crossings: true, wait_while_zero: false });
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(close(found[0].0, 0.49, 1e-5) && found[0].1 == Direction::Rising, "{found:?}");
    assert!(close(found[1].0, 0.51, 1e-5) && found[1].1 == Direction::Falling, "{found:?}");
}

/// A user preconditioner that fails fatally: the integration stops with
/// IDID = -13 and names PSOL.
struct BadPsol;

impl DaeSystem for BadPsol {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = yp[0] + y[0];
        CallbackStatus::Ok
    }
    fn preconditioner_solve(&mut self, _c: PrecondSolve<'_>) -> FInt {
        -1
    }
}

#[test]
fn preconditioner_failure_is_a_step_failure() {
    let p = Preconditioner::Problem { setup: false, real_work: 0, int_work: 0 };
    let opts = Options { krylov: Some(Krylov { preconditioner: p, ..Krylov::default() }), ..Options::default() };
    let mut s = Solver::new(BadPsol, 0.0, &[1.0], &[-1.0], opts).unwrap();
    let e = s.solve_to(1.0).unwrap_err();
    assert!(matches!(e, Error::Step(StepFailure::PreconditionerSolve { .. })), "{e:?}");
    assert_eq!(e.idid(), -13);
}

/// A tank filled at rate 1 that drains (at rate 2) while its level is
/// above 1: z = (h, δ = h - 1); one condition "h >= 1".
struct Tank {
    draining: bool,
}

impl DaeSystem for Tank {
    fn residual(&mut self, _t: f64, z: &[f64], zp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = zp[0] - if self.draining { -1.0 } else { 1.0 };
        r[1] = z[1] - (z[0] - 1.0);
        CallbackStatus::Ok
    }
}

impl HybridSystem for Tank {
    fn condition_changed(&mut self, _c: usize, truth: &[bool], _t: f64, _z: &[f64], _zp: &[f64]) -> bool {
        truth[0] != self.draining
    }
    fn switch_mode(&mut self, event: &Event, _z: &mut [f64], _zp: &mut [f64]) {
        self.draining = event.became_true;
    }
}

/// An event between TOUT and the end of a step that ends on TSTOP: TOUT
/// is returned first (ReachedTout), then the event; the TSTOP return, which
/// DASKR's stop tests take before TOUT's, must not step over it. The first
/// step (H0 = 1, the exact linear solution) goes from 0 to TSTOP = 1 and
/// crosses h = 1 at t = 0.5, after TOUT = 0.4.
#[test]
fn an_event_after_tout_in_a_step_that_ends_on_tstop_is_not_lost() {
    let pattern = SparsePattern::from_entries([(0, 0), (1, 0), (1, 1)]);
    let mut opts = HybridOptions::new(pattern, vec![0], vec![1]);
    opts.controls.initial_step = Some(1.0);
    opts.controls.tstop = Some(1.0);
    let mut s = HybridSolver::new(Tank { draining: false }, 0.0, &[0.5, -0.5], &[1.0, 1.0], opts).unwrap();
    assert_eq!(s.solve_to(0.4).unwrap(), HybridOutcome::ReachedTout);
    assert_eq!(s.t(), 0.4);
    assert_eq!(s.stats().steps, 1, "the first step ends on TSTOP");
    let HybridOutcome::Event(ev) = s.solve_to(0.8).unwrap() else { panic!("the event at t = 0.5 was lost") };
    assert!(ev.became_true && close(ev.t, 0.5, 1e-5), "{ev:?}");
}

/// y' = 1 with the discontinuity variable d = sin(2 pi t), which crosses
/// zero at every half unit; the condition "d >= 0" never changes the mode,
/// so every crossing is only offered to STCHANGE (which records it).
struct Wave {
    offered: Vec<f64>,
}

impl DaeSystem for Wave {
    fn residual(&mut self, t: f64, z: &[f64], zp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = zp[0] - 1.0;
        r[1] = z[1] - (2.0 * std::f64::consts::PI * t).sin();
        CallbackStatus::Ok
    }
}

impl HybridSystem for Wave {
    fn condition_changed(&mut self, _c: usize, _truth: &[bool], t: f64, _z: &[f64], _zp: &[f64]) -> bool {
        self.offered.push(t);
        false
    }
    fn switch_mode(&mut self, _e: &Event, _z: &mut [f64], _zp: &mut [f64]) {}
}

/// One step per call (a call may end on the step that crossed): each
/// crossing is offered exactly once (the event detector's vectors, kept on
/// the thread from call to call, carry nothing over).
#[test]
fn each_crossing_is_offered_once_one_step_per_call() {
    let pattern = SparsePattern::from_entries([(0, 0), (1, 1)]);
    let mut opts = HybridOptions::new(pattern, vec![0], vec![1]);
    opts.controls.tolerance = Tolerance::Scalar { rtol: 1e-8, atol: 1e-8 };
    opts.controls.intermediate_output = true;
    let zp0 = [1.0, 2.0 * std::f64::consts::PI];
    let mut s = HybridSolver::new(Wave { offered: Vec::new() }, 0.0, &[0.0, 0.0], &zp0, opts).unwrap();
    while s.solve_to(4.75).unwrap() != HybridOutcome::ReachedTout {}
    let offered = &s.problem().offered;
    assert_eq!(offered.len(), 9, "{offered:?}");
    for (k, &t) in offered.iter().enumerate() {
        assert!(close(t, 0.5 * (k + 1) as f64, 1e-6), "{offered:?}");
    }
}

/// In interval mode, a call whose TOUT lies within the last step is
/// answered from that step's history without anything else being built.
/// The same integration asked for output ten times as often (most of
/// those calls answered so) gives, at every output both ask for, the
/// numbers a call that first had to step gives: bit for bit, with the
/// same steps and crossings offered. (The first step size is fixed: it
/// would otherwise follow the first TOUT.)
#[test]
fn outputs_answered_from_the_last_step_match_those_after_a_step() {
    let run = |every: usize| {
        let pattern = SparsePattern::from_entries([(0, 0), (1, 1)]);
        let mut opts = HybridOptions::new(pattern, vec![0], vec![1]);
        opts.controls.tolerance = Tolerance::Scalar { rtol: 1e-8, atol: 1e-8 };
        opts.controls.initial_step = Some(1e-4);
        let zp0 = [1.0, 2.0 * std::f64::consts::PI];
        let mut s = HybridSolver::new(Wave { offered: Vec::new() }, 0.0, &[0.0, 0.0], &zp0, opts).unwrap();
        let mut out = Vec::new();
        for k in (every..=2000).step_by(every) {
            let tout = 0.002 * k as f64;
            assert_eq!(s.solve_to(tout).unwrap(), HybridOutcome::ReachedTout);
            if k % 10 == 0 {
                out.push([s.t(), s.z()[0], s.z()[1], s.zdot()[0], s.zdot()[1]].map(f64::to_bits));
            }
        }
        let st = s.stats();
        (out, (st.steps, st.residual_evaluations, st.jacobian_evaluations), s.problem().offered.clone())
    };
    let (dense, sparse) = (run(1), run(10));
    assert!(dense.1 .0 < 1000, "{:?}: most of the 2000 calls take no step", dense.1);
    assert_eq!(dense, sparse);
}

#[test]
fn hybrid_event_protocol() {
    let pattern = SparsePattern::from_entries([(0, 0), (1, 0), (1, 1)]);
    let mut opts = HybridOptions::new(pattern, vec![0], vec![1]);
    opts.initial_conditions = true;
    let mut s = HybridSolver::new(Tank { draining: false }, 0.0, &[0.5, 0.0], &[1.0, 0.0], opts).unwrap();
    assert!(matches!(s.restart(), Err(Error::Setup(SetupError::WrongState(_)))));
    // Rising through h = 1 at t = 0.5.
    let HybridOutcome::Event(ev) = s.solve_to(2.0).unwrap() else { panic!("no event") };
    assert_eq!((ev.condition, ev.function, ev.became_true), (0, 0, true));
    assert!(close(ev.t, 0.5, 1e-5) && s.z()[1] >= 0.0);
    assert_eq!(s.pending_event(), Some(&ev));
    assert_eq!(s.solve_to(2.0), Err(Error::Input(InputError::RestartAfterEvent)));
    s.restart().unwrap();
    assert!(s.problem().draining);
    // Draining: back below 1 at once, which is the next event.
    let HybridOutcome::Event(ev2) = s.solve_to(2.0).unwrap() else { panic!("no second event") };
    assert!(!ev2.became_true && ev2.t > ev.t && ev2.t - ev.t < 1e-3, "{ev2:?}");
    s.restart().unwrap();
    assert!(!s.problem().draining);
    assert!(s.stats().steps > 0);
}

#[test]
fn hybrid_setup_errors() {
    let pattern = SparsePattern::from_entries([(0, 0), (1, 0), (1, 1)]);
    let new = |opts: HybridOptions| HybridSolver::new(Tank { draining: false }, 0.0, &[0.5, -0.5], &[1.0, 1.0], opts);
    let base = HybridOptions::new(pattern, vec![0], vec![1]);
    let mut o = base.clone();
    o.conditions = vec![2];
    assert!(matches!(new(o), Err(Error::Setup(SetupError::Invalid { what: "conditions", .. }))));
    let mut o = base.clone();
    o.differential = vec![1];
    assert!(matches!(new(o), Err(Error::Setup(SetupError::Invalid { what: "differential", .. }))));
    let mut o = base.clone();
    o.controls.ic_controls = Some(IcControls { newton_tolerance_factor: 0.0, ..IcControls::direct() });
    assert!(matches!(new(o), Err(Error::Setup(SetupError::Invalid { what: "ic_controls", .. }))));
    let mut o = base.clone();
    o.pattern = SparsePattern::from_entries([(0, 0), (1, 1), (0, 0)]);
    assert!(matches!(new(o), Err(Error::Setup(SetupError::Pattern { entry: 2, .. }))));
    // Bounds the start violates: the solver's illegal input.
    let mut o = base;
    o.bounds = Some(vec![(0.0, 1.0), (0.0, 1.0)]);
    let mut s = new(o).unwrap();
    assert!(matches!(s.solve_to(1.0), Err(Error::Input(InputError::OutsideBounds { index: 2 }))));
}

/// The chain A -> B -> C of fortran-tests/dsl_sens_chain.f: x1' = -k1 x1,
/// x2' = k1 x1 - k2 x2, x3' = k2 x2, x(0) = (a, 0, 0); parameters k1, k2
/// (lent for difference quotients) and a (an initial value).
struct Chain {
    k: [f64; 2],
}

impl DaeSystem for Chain {
    fn residual(&mut self, _t: f64, x: &[f64], xp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = xp[0] + self.k[0] * x[0];
        r[1] = xp[1] - self.k[0] * x[0] + self.k[1] * x[1];
        r[2] = xp[2] - self.k[1] * x[1];
        CallbackStatus::Ok
    }
    fn parameter_derivative(&mut self, _t: f64, x: &[f64], _xp: &[f64], ip: usize, d: &mut [f64]) -> CallbackStatus {
        match ip {
            0 => (d[0], d[1]) = (x[0], -x[0]),
            1 => (d[1], d[2]) = (x[1], -x[1]),
            _ => {}
        }
        CallbackStatus::Ok
    }
    fn parameter(&mut self, i: usize) -> Option<f64> {
        self.k.get(i).copied()
    }
    fn set_parameter(&mut self, i: usize, v: f64) {
        self.k[i] = v;
    }
}

/// dx/dp at t (columns k1, k2, a) from the closed forms.
fn chain_exact(k1: f64, k2: f64, a: f64, t: f64) -> [[f64; 3]; 3] {
    let (e1, e2, d) = ((-k1 * t).exp(), (-k2 * t).exp(), k2 - k1);
    let x2 = a * k1 * (e1 - e2) / d;
    let s = [
        [-a * t * e1, a * ((e1 - e2) / d - k1 * t * e1 / d + k1 * (e1 - e2) / (d * d)), 0.0],
        [0.0, a * k1 * (t * e2 / d - (e1 - e2) / (d * d)), 0.0],
        [e1, x2 / a, 0.0],
    ];
    let mut s = s;
    for col in s.iter_mut() {
        col[2] = -col[0] - col[1];
    }
    s[2][2] += 1.0;
    s
}

#[test]
fn solver_sensitivities_on_dense_band_and_sparse_matrices() {
    let (k1, k2, a) = (1.0, 0.5, 2.0);
    let sparse = SparsePattern::from_entries([(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]);
    let matrices = [Matrix::Dense, Matrix::Band { lower: 1, upper: 0 }, Matrix::Sparse(sparse)];
    for matrix in matrices {
        for derivatives in [ParameterDerivatives::Problem, ParameterDerivatives::CentredDifferences] {
            let mut opts = Options { matrix: matrix.clone(), ..Options::default() };
            opts.controls.tolerance = Tolerance::Scalar { rtol: 1e-8, atol: 1e-8 };
            let mut sens = SensitivityOptions::new(3, derivatives);
            sens.initial = Some(vec![vec![0.0; 3], vec![0.0; 3], vec![1.0, 0.0, 0.0]]);
            let chain = Chain { k: [k1, k2] };
            let mut s =
                Solver::with_sensitivities(chain, 0.0, &[a, 0.0, 0.0], &[-k1 * a, k1 * a, 0.0], opts, sens).unwrap();
            for tout in [1.0, 5.0] {
                assert_eq!(s.solve_to(tout).unwrap(), Outcome::ReachedTout);
                let want = chain_exact(k1, k2, a, tout);
                for (i, w) in want.iter().enumerate() {
                    for (j, &wj) in w.iter().enumerate() {
                        let got = s.sensitivity(i)[j];
                        assert!(
                            (got - wj).abs() < 1e-6 * (1.0 + wj.abs()),
                            "{matrix:?} {derivatives:?}: s{i}[{j}]({tout}) = {got}, exact {wj}"
                        );
                    }
                }
            }
            assert_eq!(s.problem().k, [k1, k2], "parameters restored");
            let st = s.sensitivity_stats();
            assert!(st.iterations > 0 && st.convergence_failures == 0, "{st:?}");
            assert_eq!(st.derivative_evaluations > 0, derivatives == ParameterDerivatives::Problem);
        }
    }
}

#[test]
fn solver_sensitivities_reject_krylov_and_bad_lengths() {
    let sens = SensitivityOptions::new(1, ParameterDerivatives::Problem);
    let opts = Options { krylov: Some(Krylov::default()), ..Options::default() };
    assert!(Solver::with_sensitivities(Chain { k: [1.0, 0.5] }, 0.0, &[1.0, 0.0, 0.0], &[0.0; 3], opts, sens.clone())
        .is_err());
    let mut bad = sens;
    bad.initial = Some(vec![vec![0.0; 2]]);
    assert!(Solver::with_sensitivities(
        Chain { k: [1.0, 0.5] },
        0.0,
        &[1.0, 0.0, 0.0],
        &[0.0; 3],
        Options::default(),
        bad
    )
    .is_err());
}

/// x' = 1, delta = S (x - p): the crossing is at t = p, dT/dp = 1; with
/// S small the crossing moves delta by less than its error weight over a
/// step (HMAX = 0.1, ATOL = 1e-6): a grazing event, IDID = -16.
struct Ramp {
    slope: f64,
    p: f64,
    crossed: bool,
}

impl DaeSystem for Ramp {
    fn residual(&mut self, _t: f64, z: &[f64], zp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        r[0] = zp[0] - 1.0;
        r[1] = z[1] - self.slope * (z[0] - self.p);
        CallbackStatus::Ok
    }
    fn parameter_derivative(&mut self, _t: f64, _z: &[f64], _zp: &[f64], _ip: usize, d: &mut [f64]) -> CallbackStatus {
        d[1] = self.slope;
        CallbackStatus::Ok
    }
}

impl HybridSystem for Ramp {
    fn condition_changed(&mut self, _c: usize, truth: &[bool], _t: f64, _z: &[f64], _zp: &[f64]) -> bool {
        truth[0] != self.crossed
    }
    fn switch_mode(&mut self, _e: &Event, _z: &mut [f64], _zp: &mut [f64]) {
        self.crossed = !self.crossed;
    }
}

fn ramp(slope: f64) -> HybridSolver<Ramp> {
    let pattern = SparsePattern::from_entries([(0, 0), (1, 0), (1, 1)]);
    let mut opts = HybridOptions::new(pattern, vec![0], vec![1]);
    opts.initial_conditions = true;
    opts.controls.tolerance = Tolerance::Scalar { rtol: 1e-6, atol: 1e-6 };
    opts.controls.max_step = Some(0.1);
    let sens = SensitivityOptions::new(1, ParameterDerivatives::Problem);
    let p = 1.0;
    HybridSolver::with_sensitivities(
        Ramp { slope, p, crossed: false },
        0.0,
        &[0.0, -slope * p],
        &[1.0, slope],
        opts,
        sens,
    )
    .unwrap()
}

#[test]
fn event_time_sensitivities_and_a_grazing_crossing() {
    // Transversal: dTEVT/dp = 1.
    let mut s = ramp(1.0);
    let HybridOutcome::Event(ev) = s.solve_to(2.0).unwrap() else { panic!("no event") };
    assert!((ev.t - 1.0).abs() < 1e-5, "{ev:?}");
    assert_eq!(ev.time_sensitivities.len(), 1);
    assert!((ev.time_sensitivities[0] - 1.0).abs() < 1e-8, "{ev:?}");
    // Grazing: the same crossing with delta' = 8e-6 (8e-7 per step of 0.1,
    // below the error weight 1e-6): IDID = -16 with the event's outputs.
    let mut s = ramp(8e-6);
    match s.solve_to(2.0) {
        Err(Error::Step(f @ StepFailure::GrazingEvent { .. })) => assert_eq!(f.idid(), -16),
        other => panic!("{other:?}"),
    }
    let ev = s.pending_event().expect("the grazing event is pending").clone();
    assert!((ev.t - 1.0).abs() < 0.3 && ev.time_sensitivities == [0.0], "{ev:?}");
    // The restart needs the sensitivities taken as given.
    s.restart().unwrap();
    assert!(matches!(s.solve_to(2.0), Err(Error::Input(InputError::SensitivityJump { .. }))));
    let mut s = ramp(8e-6);
    assert!(s.solve_to(2.0).is_err());
    s.set_sensitivity_jump(SensitivityJump::AsGiven);
    s.restart().unwrap();
    assert_eq!(s.solve_to(2.0).unwrap(), HybridOutcome::ReachedTout);
}
