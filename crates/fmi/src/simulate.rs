//! `daskr-fmi simulate`: an FMI 2.0 Model Exchange FMU integrated by the
//! hybrid solver of `daskr::api` (the DSL48E core).
//!
//! # The model the solver sees
//!
//! With `n` continuous states `x` and `m` event indicators `g` the
//! solver integrates the locked, augmented DAE in `z = (x, δ)`:
//!
//! ```text
//! x' - f(t, x) = 0        f: fmi2GetDerivatives
//! δ  - g(t, x) = 0        g: fmi2GetEventIndicators
//! ```
//!
//! Each event indicator is one state condition with one discontinuity
//! function; every sign change of an indicator is an event (as FMI asks).
//! The solver searches each `δ_j`'s interpolating polynomial over every
//! step with interval arithmetic, so an indicator that crosses zero and
//! comes back within one step is found, and polishes the crossing to a
//! consistent point just past it. There the FMU runs its event iteration
//! (fmi2EnterEventMode, fmi2NewDiscreteStates until no more are needed,
//! fmi2EnterContinuousTimeMode, fmi2GetContinuousStates), and the solver
//! restarts from the new states with consistent `δ` and `x'`. A model
//! without states gets one state `x0' = 0` (the solver needs a
//! differential variable).
//!
//! Time events (nextEventTime) are the solver's TSTOP; step events
//! (fmi2CompletedIntegratorStep's enterEventMode) are asked for after
//! every step when the FMU does not declare
//! completedIntegratorStepNotNeeded. After both the solver starts afresh
//! from the new states. The Jacobian's pattern comes from the
//! `<Derivatives>` dependencies (a derivative without a list depends on
//! every state; indicators depend on every state). Its values are
//! difference quotients on a colouring of the pattern, or, when the FMU
//! provides directional derivatives, df/dx column by column from
//! fmi2GetDirectionalDerivative (one call per state, seeded with a unit
//! vector) and the indicator rows dg/dx by forward differences in x (FMI
//! 2.0 gives no directional derivatives of event indicators).

use std::cell::RefCell;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

use daskr::api::{
    CallbackStatus, DaeSystem, Error as SolverError, Event, HybridOptions, HybridOutcome, HybridSolver, HybridSystem,
    JacobianPoint, MatrixStorage, SparsePattern, Stats, StepFailure, Tolerance,
};
use fmi::fmi2::instance::{Common, InstanceME, ModelExchange};
use fmi::fmi2::{Fmi2Error, Fmi2Res};
use fmi::traits::FmiInstance;
use fmi::EventFlags;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::fmu::{fail, Failure, Fmu, Kind, Model};

/// The command-line settings of a run.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub stop_time: Option<f64>,
    pub output_interval: Option<f64>,
    pub rtol: Option<f64>,
    pub starts: Vec<(String, String)>,
    pub output: PathBuf,
    pub quiet: bool,
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub steps: i64,
    pub residual_evaluations: i64,
    pub jacobian_evaluations: i64,
    /// The Jacobians came from the FMU's directional derivatives.
    pub directional: bool,
    pub state_events: usize,
    pub time_events: usize,
    pub step_events: usize,
    pub rows: usize,
    pub end_time: f64,
    /// The FMU asked to terminate (fmi2NewDiscreteStates or
    /// fmi2CompletedIntegratorStep) at this time.
    pub terminated: Option<f64>,
    pub elapsed: Duration,
}

/// The first error an FMU call reported inside a solver callback, shared
/// between the system and the driver (a solver that fails to start takes
/// the system with it).
type ErrorSlot = Rc<RefCell<Option<String>>>;

/// The FMU as the solver's hybrid system.
struct FmuSystem {
    inst: InstanceME,
    /// Continuous states of the FMU.
    n: usize,
    /// Differential variables of the solver: max(n, 1).
    nx: usize,
    /// Event indicators.
    nz: usize,
    dx: Vec<f64>,
    g: Vec<f64>,
    /// The states after the last event iteration, for `switch_mode`.
    new_x: Vec<f64>,
    error: ErrorSlot,
    /// The Jacobian from fmi2GetDirectionalDerivative, when the FMU
    /// provides it (and has states).
    directional: Option<Directional>,
}

/// What the Jacobian from directional derivatives needs: the value
/// references of the states and their derivatives, the solver's pattern
/// (the order of its values) and scratch.
struct Directional {
    state_vrs: Vec<u32>,
    derivative_vrs: Vec<u32>,
    rows: Vec<usize>,
    cols: Vec<usize>,
    /// df/dx (n x n) over dg/dx (m x n), column-major.
    jac: Vec<f64>,
    seed: Vec<f64>,
    column: Vec<f64>,
}

/// An FMU call's status as the solver's: fmi2Discard asks for a smaller
/// step, fmi2Error and fmi2Fatal stop the integration (and are recorded).
fn status(error: &ErrorSlot, r: Result<Fmi2Res, Fmi2Error>, call: &str, t: f64) -> Result<(), CallbackStatus> {
    match r {
        Ok(_) => Ok(()),
        Err(Fmi2Error::Discard) => Err(CallbackStatus::Recoverable),
        Err(e) => {
            let mut slot = error.borrow_mut();
            if slot.is_none() {
                *slot = Some(format!("the FMU reported {} from {call} at t = {t}", fmi2_name(&e)));
            }
            Err(CallbackStatus::Stop)
        }
    }
}

fn fmi2_name(e: &Fmi2Error) -> &'static str {
    match e {
        Fmi2Error::Discard => "fmi2Discard",
        Fmi2Error::Error => "fmi2Error",
        Fmi2Error::Fatal => "fmi2Fatal",
        Fmi2Error::TypesPlatformMismatch(_) => "a types-platform mismatch",
    }
}

impl FmuSystem {
    /// f and g at (t, x) into `dx`, `g`.
    fn evaluate(&mut self, t: f64, x: &[f64]) -> Result<(), CallbackStatus> {
        status(&self.error, self.inst.set_time(t), "fmi2SetTime", t)?;
        if self.n > 0 {
            status(&self.error, self.inst.set_continuous_states(&x[..self.n]), "fmi2SetContinuousStates", t)?;
            status(&self.error, self.inst.get_derivatives(&mut self.dx), "fmi2GetDerivatives", t)?;
        }
        if self.nz > 0 {
            match self.inst.get_event_indicators(&mut self.g) {
                Ok(true) => {}
                Ok(false) => return Err(CallbackStatus::Recoverable),
                Err(e) => status(&self.error, Err(e), "fmi2GetEventIndicators", t)?,
            }
        }
        Ok(())
    }
}

impl FmuSystem {
    /// `δ = g(t, x)` and `x' = f(t, x)` into `z`, `zp` (left as they are
    /// if the FMU cannot evaluate them: the solver's start then computes
    /// them or reports the error).
    fn consistent(&mut self, t: f64, x: &[f64], z: &mut [f64], zp: &mut [f64]) {
        if self.evaluate(t, x).is_ok() {
            zp[..self.n].copy_from_slice(&self.dx);
            z[self.nx..].copy_from_slice(&self.g);
        }
    }
}

impl FmuSystem {
    /// The iteration matrix of the augmented residual in pattern order:
    /// `CJ I - df/dx` in the state rows, `-dg/dx` and 1 in the indicator
    /// rows.
    fn directional_jacobian(
        &mut self,
        d: &mut Directional,
        t: f64,
        z: &[f64],
        cj: f64,
        pd: &mut [f64],
    ) -> Result<(), CallbackStatus> {
        let (n, nz) = (self.n, self.nz);
        let rows = n + nz;
        self.evaluate(t, z)?;
        for j in 0..n {
            d.seed.fill(0.0);
            d.seed[j] = 1.0;
            let r = self.inst.get_directional_derivative(&d.derivative_vrs, &d.state_vrs, &d.seed, &mut d.column);
            status(&self.error, r, "fmi2GetDirectionalDerivative", t)?;
            d.jac[j * rows..j * rows + n].copy_from_slice(&d.column);
        }
        if nz > 0 {
            let g0 = self.g.clone();
            let mut x = z[..self.nx].to_vec();
            for j in 0..n {
                let h = f64::EPSILON.sqrt() * x[j].abs().max(1.0);
                let xj = x[j];
                x[j] = xj + h;
                let h = x[j] - xj;
                self.evaluate(t, &x)?;
                for (i, (g, g0)) in self.g.iter().zip(&g0).enumerate() {
                    d.jac[j * rows + n + i] = (g - g0) / h;
                }
                x[j] = xj;
            }
            // Leave the FMU at the point itself.
            self.evaluate(t, z)?;
        }
        for (k, v) in pd.iter_mut().enumerate() {
            let (r, c) = (d.rows[k], d.cols[k]);
            *v = if r < self.nx {
                let dfdx = if r < n && c < n { d.jac[c * rows + r] } else { 0.0 };
                -dfdx + if r == c { cj } else { 0.0 }
            } else if r == c {
                1.0
            } else if c < n {
                -d.jac[c * rows + n + (r - self.nx)]
            } else {
                0.0
            };
        }
        Ok(())
    }
}

impl DaeSystem for FmuSystem {
    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [f64], _s: MatrixStorage) -> CallbackStatus {
        let Some(mut d) = self.directional.take() else {
            return CallbackStatus::Stop;
        };
        let r = self.directional_jacobian(&mut d, at.t, at.y, at.cj, pd);
        self.directional = Some(d);
        r.err().unwrap_or(CallbackStatus::Ok)
    }

    fn residual(&mut self, t: f64, z: &[f64], zp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        if let Err(s) = self.evaluate(t, z) {
            return s;
        }
        for i in 0..self.nx {
            r[i] = zp[i] - if i < self.n { self.dx[i] } else { 0.0 };
        }
        for j in 0..self.nz {
            r[self.nx + j] = z[self.nx + j] - self.g[j];
        }
        CallbackStatus::Ok
    }
}

impl HybridSystem for FmuSystem {
    /// Every sign change of an indicator is an event for the FMU.
    fn condition_changed(&mut self, _c: usize, _truth: &[bool], _t: f64, _z: &[f64], _zp: &[f64]) -> bool {
        true
    }

    /// dF/dt of the augmented residual (-df/dt, -dg/dt) and dg*/dt of the
    /// triggering indicator, by central differences in t at fixed x.
    fn event_derivatives(
        &mut self,
        condition: usize,
        _function: usize,
        t: f64,
        z: &[f64],
        _zp: &[f64],
        d: &mut [f64],
    ) -> Result<f64, i32> {
        let h = f64::EPSILON.cbrt() * t.abs().max(1.0);
        self.evaluate(t + h, z).map_err(|_| 1)?;
        let (dx1, g1) = (self.dx.clone(), self.g.clone());
        self.evaluate(t - h, z).map_err(|_| 1)?;
        for i in 0..self.n {
            d[i] = -(dx1[i] - self.dx[i]) / (2.0 * h);
        }
        for j in 0..self.nz {
            d[self.nx + j] = -(g1[j] - self.g[j]) / (2.0 * h);
        }
        Ok(-d[self.nx + condition])
    }

    /// The states the FMU's event iteration left, with the indicators and
    /// derivatives there: the restart's consistent point as the FMU gives
    /// it (an indicator the FMU moved just off zero keeps its sign).
    fn switch_mode(&mut self, event: &Event, z: &mut [f64], zp: &mut [f64]) {
        z[..self.n].copy_from_slice(&self.new_x);
        let x = z[..self.nx].to_vec();
        self.consistent(event.t, &x, z, zp);
    }
}

/// How an event iteration ended.
struct AfterEvent {
    terminate: bool,
    next_time: Option<f64>,
}

/// The FMU's event iteration at (t, x): event mode (entered unless
/// `in_event_mode`), fmi2NewDiscreteStates until no more are needed, then
/// continuous-time mode with the new states in `sys.new_x`.
fn event_iteration(sys: &mut FmuSystem, t: f64, x: &[f64], in_event_mode: bool) -> Result<AfterEvent, Failure> {
    let check = |r: Result<Fmi2Res, Fmi2Error>, call: &str| {
        r.map(|_| ()).map_err(|e| fail!("the FMU reported {} from {call} at t = {t}", fmi2_name(&e)))
    };
    if !in_event_mode {
        check(sys.inst.set_time(t), "fmi2SetTime")?;
        if sys.n > 0 {
            check(sys.inst.set_continuous_states(&x[..sys.n]), "fmi2SetContinuousStates")?;
        }
        check(ModelExchange::enter_event_mode(&mut sys.inst), "fmi2EnterEventMode")?;
    }
    let mut flags = EventFlags::default();
    let mut iterations = 0;
    loop {
        flags.reset();
        check(sys.inst.new_discrete_states(&mut flags), "fmi2NewDiscreteStates")?;
        if flags.terminate_simulation {
            return Ok(AfterEvent { terminate: true, next_time: None });
        }
        if !flags.discrete_states_need_update {
            break;
        }
        iterations += 1;
        if iterations > 1000 {
            return Err(fail!("the FMU's event iteration at t = {t} did not end after 1000 rounds"));
        }
    }
    check(ModelExchange::enter_continuous_time_mode(&mut sys.inst), "fmi2EnterContinuousTimeMode")?;
    if sys.n > 0 {
        sys.new_x.resize(sys.n, 0.0);
        check(sys.inst.get_continuous_states(&mut sys.new_x), "fmi2GetContinuousStates")?;
    }
    Ok(AfterEvent { terminate: false, next_time: flags.next_event_time })
}

/// The CSV file and what goes into a row.
struct Output {
    file: BufWriter<File>,
    /// Output variables by kind and value reference, in column order.
    columns: Vec<(Kind, u32)>,
    /// No outputs: the columns are the continuous states.
    states_only: bool,
    rows: usize,
    line: String,
}

/// A number as the CSV shows it: shortest round-trip form, with an
/// exponent for very small or large magnitudes.
fn number(v: f64, out: &mut String) {
    use std::fmt::Write as _;
    let a = v.abs();
    if a == 0.0 || (1e-4..1e15).contains(&a) || !a.is_finite() {
        let _ = write!(out, "{v}");
    } else {
        let _ = write!(out, "{v:e}");
    }
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

impl Output {
    fn create(path: &Path, model: &Model) -> Result<Output, Failure> {
        let file = File::create(path).map_err(|e| fail!("cannot write {}: {e}", path.display()))?;
        let mut file = BufWriter::new(file);
        let states_only = model.outputs.is_empty();
        let vars: Vec<usize> =
            if states_only { model.states.iter().map(|s| s.variable).collect() } else { model.outputs.clone() };
        let mut header = vec![quoted("time")];
        header.extend(vars.iter().map(|&k| quoted(&model.variables[k].name)));
        writeln!(file, "{}", header.join(",")).map_err(|e| fail!("cannot write {}: {e}", path.display()))?;
        let columns = vars.iter().map(|&k| (model.variables[k].kind, model.variables[k].vr)).collect();
        Ok(Output { file, columns, states_only, rows: 0, line: String::new() })
    }

    /// One row at (t, x): the FMU's outputs there (or the states).
    fn row(&mut self, sys: &mut FmuSystem, t: f64, x: &[f64]) -> Result<(), Failure> {
        self.line.clear();
        number(t, &mut self.line);
        if self.states_only {
            for &v in &x[..sys.n] {
                self.line.push(',');
                number(v, &mut self.line);
            }
        } else {
            let check = |r: Result<Fmi2Res, Fmi2Error>, call: &str| {
                r.map(|_| ()).map_err(|e| fail!("the FMU reported {} from {call} at t = {t}", fmi2_name(&e)))
            };
            check(sys.inst.set_time(t), "fmi2SetTime")?;
            if sys.n > 0 {
                check(sys.inst.set_continuous_states(&x[..sys.n]), "fmi2SetContinuousStates")?;
            }
            for &(kind, vr) in &self.columns {
                let v = match kind {
                    Kind::Real => {
                        let mut v = [0.0];
                        check(sys.inst.get_real(&[vr], &mut v), "fmi2GetReal")?;
                        v[0]
                    }
                    Kind::Integer => {
                        let mut v = [0];
                        check(sys.inst.get_integer(&[vr], &mut v), "fmi2GetInteger")?;
                        f64::from(v[0])
                    }
                    Kind::Boolean => {
                        let mut v = [0];
                        check(sys.inst.get_boolean(&[vr], &mut v), "fmi2GetBoolean")?;
                        f64::from(u8::from(v[0] != 0))
                    }
                    Kind::Other => f64::NAN,
                };
                self.line.push(',');
                number(v, &mut self.line);
            }
        }
        writeln!(self.file, "{}", self.line).map_err(|e| fail!("cannot write the output: {e}"))?;
        self.rows += 1;
        Ok(())
    }
}

/// Set the `--start NAME=VALUE` values (before initialisation).
fn apply_starts(inst: &mut InstanceME, model: &Model, starts: &[(String, String)]) -> Result<(), Failure> {
    for (name, value) in starts {
        let Some(v) = model.variable(name) else {
            return Err(fail!("--start {name}={value}: the model has no variable named {name}"));
        };
        let bad = |what: &str| fail!("--start {name}={value}: {name} is {what}; {value:?} is not one");
        let r = match v.kind {
            Kind::Real => {
                let x: f64 = value.trim().parse().map_err(|_| bad("a Real"))?;
                inst.set_real(&[v.vr], &[x])
            }
            Kind::Integer => {
                let x: i32 = value.trim().parse().map_err(|_| bad("an Integer"))?;
                inst.set_integer(&[v.vr], &[x])
            }
            Kind::Boolean => {
                let x = match value.trim() {
                    "true" | "1" => 1,
                    "false" | "0" => 0,
                    _ => return Err(bad("a Boolean (true, false, 1, 0)")),
                };
                inst.set_boolean(&[v.vr], &[x])
            }
            Kind::Other => {
                return Err(fail!("--start {name}={value}: only Real, Integer and Boolean variables can be set"))
            }
        };
        r.map_err(|e| fail!("--start {name}={value}: the FMU reported {} from fmi2Set", fmi2_name(&e)))?;
    }
    Ok(())
}

/// The solver's problem description for an FMU: pattern, differential
/// variables, one condition per indicator, tolerances.
fn options(model: &Model, rtol: f64, nominals: &[f64]) -> HybridOptions {
    let n = model.states.len();
    let nx = n.max(1);
    let nz = model.event_indicators;
    let mut entries = Vec::new();
    if n == 0 {
        entries.push((0, 0));
    }
    for (i, s) in model.states.iter().enumerate() {
        entries.push((i, i));
        match &s.depends_on {
            Some(on) => entries.extend(on.iter().filter(|&&j| j != i).map(|&j| (i, j))),
            None => entries.extend((0..n).filter(|&j| j != i).map(|j| (i, j))),
        }
    }
    for j in 0..nz {
        entries.push((nx + j, nx + j));
        entries.extend((0..n).map(|k| (nx + j, k)));
    }
    entries.sort_unstable();
    entries.dedup();
    let mut opts = HybridOptions::new(SparsePattern::from_entries(entries), (0..nx).collect(), vec![1; nz]);
    let mut atol: Vec<f64> = (0..nx).map(|i| rtol * nominals.get(i).copied().unwrap_or(1.0).abs()).collect();
    // The indicators are not the model's states: the error test leaves
    // them out (INFO(16)), and their ATOL only sets how far past its
    // crossing an event is placed (DSL48E puts the triggering variable
    // about one error weight on its new side), so it is small: rtol 1e-6
    // moved every relay switch 1.2e-5 late (0.030 after 2464 switches);
    // now 3e-6, with fewer steps than when the indicators were tested.
    atol.extend(std::iter::repeat_n(rtol * 1e-4, nz));
    opts.controls.tolerance = Tolerance::Vector { rtol: vec![rtol; nx + nz], atol };
    opts.controls.exclude_algebraic = true;
    opts.controls.intermediate_output = model.completed_step_needed;
    opts.initial_conditions = true;
    opts
}

/// A hybrid solver from (t, x): consistent δ and x' are computed by the
/// solver's first call.
fn start_solver(
    mut sys: FmuSystem,
    model: &Model,
    opts: &HybridOptions,
    t: f64,
    x: &[f64],
) -> Result<HybridSolver<FmuSystem>, Failure> {
    let (nx, nz) = (sys.nx, sys.nz);
    let mut z = vec![0.0; nx + nz];
    z[..sys.n].copy_from_slice(&x[..sys.n]);
    let mut zp = vec![0.0; nx + nz];
    let xs = z[..nx].to_vec();
    sys.consistent(t, &xs, &mut z, &mut zp);
    HybridSolver::new(sys, t, &z, &zp, opts.clone()).map_err(|e| fail!("{}: cannot start the solver: {e}", model.name))
}

fn add_stats(sum: &mut Summary, s: &Stats) {
    sum.steps += i64::from(s.steps);
    sum.residual_evaluations += i64::from(s.residual_evaluations);
    sum.jacobian_evaluations += i64::from(s.jacobian_evaluations);
}

/// Two times that are the same point of the output grid or event list.
fn same_time(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
}

/// Progress on stderr, shown once a run has taken a second (and only on a
/// terminal: indicatif draws nothing otherwise).
struct Progress {
    bar: ProgressBar,
    started: Instant,
    shown: bool,
    quiet: bool,
    t0: f64,
    span: f64,
}

impl Progress {
    fn new(quiet: bool, t0: f64, t1: f64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} t = {msg} ({elapsed})") {
            bar.set_style(style);
        }
        Progress { bar, started: Instant::now(), shown: false, quiet, t0, span: (t1 - t0).max(f64::MIN_POSITIVE) }
    }

    fn at(&mut self, t: f64) {
        if self.quiet {
            return;
        }
        if !self.shown && self.started.elapsed() >= Duration::from_secs(1) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        if self.shown {
            self.bar.set_position((1000.0 * (t - self.t0) / self.span).clamp(0.0, 1000.0) as u64);
            self.bar.set_message(format!("{t:.6}"));
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// Simulate `fmu` with `settings`; the CSV is complete when this returns
/// Ok.
pub fn simulate(fmu: &Fmu, settings: &Settings) -> Result<Summary, Failure> {
    let started = Instant::now();
    let model = &fmu.model;
    let t0 = model.start_time.unwrap_or(0.0);
    let t1 = settings.stop_time.or(model.stop_time).unwrap_or(t0 + 1.0);
    if !t1.is_finite() || t1 <= t0 || t0.is_nan() {
        return Err(fail!("the stop time {t1} must be finite and after the start time {t0}"));
    }
    let rtol = settings.rtol.or(model.tolerance).unwrap_or(1e-6);
    if !(rtol > 0.0 && rtol < 1.0) {
        return Err(fail!("the relative tolerance {rtol} must lie between 0 and 1"));
    }
    let dt = settings.output_interval.or(model.step_size).unwrap_or((t1 - t0) / 500.0);
    if !dt.is_finite() || dt <= 0.0 {
        return Err(fail!("the output interval {dt} must be positive"));
    }

    let mut inst = fmu.import.instantiate_me("daskr-fmi", false, false).map_err(|e| match e {
        fmi::Error::Instantiation => fail!("{}: fmi2Instantiate failed (returned no instance)", model.name),
        e => fail!("{}: cannot instantiate: {e}", model.name),
    })?;
    apply_starts(&mut inst, model, &settings.starts)?;
    let init = |r: Result<Fmi2Res, Fmi2Error>, call: &str| {
        r.map(|_| ()).map_err(|e| fail!("the FMU reported {} from {call} at t = {t0}", fmi2_name(&e)))
    };
    init(FmiInstance::enter_initialization_mode(&mut inst, Some(rtol), t0, Some(t1)), "fmi2EnterInitializationMode")?;
    init(FmiInstance::exit_initialization_mode(&mut inst), "fmi2ExitInitializationMode")?;

    let n = model.states.len();
    let nz = model.event_indicators;
    let error: ErrorSlot = Rc::default();
    let mut sys = FmuSystem {
        inst,
        n,
        nx: n.max(1),
        nz,
        dx: vec![0.0; n],
        g: vec![0.0; nz],
        new_x: vec![0.0; n],
        error: error.clone(),
        directional: None,
    };
    let mut summary = Summary::default();
    let after = event_iteration(&mut sys, t0, &[], true)?;
    let mut nominals = vec![1.0; n];
    if n > 0 {
        init(sys.inst.get_nominals_of_continuous_states(&mut nominals), "fmi2GetNominalsOfContinuousStates")?;
    }
    let mut opts = options(model, rtol, &nominals);
    if model.directional_derivatives && n > 0 {
        let vr = |i: usize| model.variables[i].vr;
        sys.directional = Some(Directional {
            state_vrs: model.states.iter().map(|s| vr(s.variable)).collect(),
            derivative_vrs: model.states.iter().map(|s| vr(s.derivative)).collect(),
            rows: opts.pattern.rows().to_vec(),
            cols: opts.pattern.cols().to_vec(),
            jac: vec![0.0; (n + nz) * n],
            seed: vec![0.0; n],
            column: vec![0.0; n],
        });
        opts.user_jacobian = true;
        summary.directional = true;
    }
    let mut out = Output::create(&settings.output, model)?;
    let x0 = sys.new_x.clone();
    out.row(&mut sys, t0, &x0)?;
    if after.terminate {
        summary.terminated = Some(t0);
        return finish(sys, out, summary, t0, started);
    }
    let mut next_time_event = after.next_time;
    let mut progress = Progress::new(settings.quiet, t0, t1);
    let mut solver = Some(start_solver(sys, model, &opts, t0, &x0)?);
    let nout = (((t1 - t0) / dt) - 1e-9).ceil().max(1.0) as u64;
    let out_time = |k: u64| if k >= nout { t1 } else { t0 + k as f64 * dt };
    let mut k = 1u64;
    let failure = |e: SolverError, error: &ErrorSlot| -> Failure {
        match error.borrow_mut().take() {
            Some(msg) => fail!("{msg}"),
            None => fail!("the integration failed: {e}"),
        }
    };

    let end = loop {
        let s = solver.as_mut().expect("a solver between events");
        let t = s.t();
        let tstop = next_time_event.map_or(t1, |te| te.min(t1));
        let target = out_time(k).min(tstop);
        let outcome = if same_time(target, t) {
            // A time event due now (or an output time already reached).
            Ok(HybridOutcome::ReachedTstop)
        } else {
            s.set_tstop(Some(tstop));
            s.solve_to(target)
        };
        match outcome {
            Ok(HybridOutcome::Event(ev)) => {
                progress.at(ev.t);
                summary.state_events += 1;
                let z = s.z().to_vec();
                let sys = s.problem_mut();
                out.row(sys, ev.t, &z)?;
                let after = event_iteration(sys, ev.t, &z, false)?;
                if after.terminate {
                    summary.terminated = Some(ev.t);
                    break ev.t;
                }
                let x = sys.new_x.clone();
                out.row(sys, ev.t, &x)?;
                next_time_event = after.next_time;
                s.restart().map_err(|e| failure(e, &error))?;
            }
            Ok(_) => {
                let t = s.t();
                progress.at(t);
                // Output times the call stepped over (a step that reaches
                // TSTOP returns there even when it passed TOUT).
                while out_time(k) < t && !same_time(out_time(k), t) {
                    let tk = out_time(k);
                    let (mut zk, mut zpk) = (vec![0.0; s.z().len()], vec![0.0; s.z().len()]);
                    s.interpolate(tk, &mut zk, &mut zpk).map_err(|e| failure(e, &error))?;
                    out.row(s.problem_mut(), tk, &zk)?;
                    k += 1;
                }
                let z = s.z().to_vec();
                let mut step_event = false;
                if model.completed_step_needed {
                    let sys = s.problem_mut();
                    let (mut enter, mut terminate) = (false, false);
                    let r = sys.inst.set_time(t).and_then(|_| {
                        if sys.n > 0 {
                            sys.inst.set_continuous_states(&z[..sys.n])?;
                        }
                        sys.inst.completed_integrator_step(true, &mut enter, &mut terminate)
                    });
                    r.map_err(|e| {
                        fail!("the FMU reported {} from fmi2CompletedIntegratorStep at t = {t}", fmi2_name(&e))
                    })?;
                    if terminate {
                        out.row(sys, t, &z)?;
                        summary.terminated = Some(t);
                        break t;
                    }
                    step_event = enter;
                }
                let at_output = same_time(t, out_time(k));
                let time_event = next_time_event.is_some_and(|te| t >= te || same_time(t, te));
                if at_output {
                    k += 1;
                }
                if !(time_event || step_event) {
                    if at_output {
                        out.row(s.problem_mut(), t, &z)?;
                    }
                    if same_time(t, t1) || t >= t1 {
                        break t;
                    }
                    continue;
                }
                // A time or step event at t: rows before and after, the
                // event iteration, a fresh start from the new states.
                if time_event {
                    summary.time_events += 1;
                } else {
                    summary.step_events += 1;
                }
                let done = solver.take().expect("a solver between events");
                add_stats(&mut summary, &done.stats());
                let mut sys = done.into_problem();
                out.row(&mut sys, t, &z)?;
                let after = event_iteration(&mut sys, t, &z, false)?;
                if after.terminate {
                    summary.terminated = Some(t);
                    return finish(sys, out, summary, t, started);
                }
                let x = sys.new_x.clone();
                out.row(&mut sys, t, &x)?;
                next_time_event = after.next_time;
                if same_time(t, t1) || t >= t1 {
                    return finish(sys, out, summary, t, started);
                }
                solver = Some(start_solver(sys, model, &opts, t, &x)?);
            }
            Err(SolverError::Step(StepFailure::TooMuchWork { .. })) if error.borrow().is_none() => {}
            Err(e) => return Err(failure(e, &error)),
        }
    };
    drop(progress);
    let s = solver.take().expect("a solver at the end");
    add_stats(&mut summary, &s.stats());
    finish(s.into_problem(), out, summary, end, started)
}

/// End the run: fmi2Terminate, the CSV flushed, the summary.
fn finish(
    mut sys: FmuSystem,
    mut out: Output,
    mut summary: Summary,
    t: f64,
    started: Instant,
) -> Result<Summary, Failure> {
    FmiInstance::terminate(&mut sys.inst)
        .map_err(|e| fail!("the FMU reported {} from fmi2Terminate at t = {t}", fmi2_name(&e)))?;
    out.file.flush().map_err(|e| fail!("cannot write the output: {e}"))?;
    summary.rows = out.rows;
    summary.end_time = t;
    summary.elapsed = started.elapsed();
    Ok(summary)
}
