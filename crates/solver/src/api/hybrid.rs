//! Hybrid (discrete/continuous) problems with state events, driven by the
//! DSL48E core: [`HybridSystem`], [`HybridOptions`], [`HybridSolver`].

use super::error::{Error, SetupError};
use super::options::{StepControls, Tolerance};
use super::outcome::Stats;
use super::precond::Adapter;
use super::run::{expect_len, fint, Run};
use super::sensitivity::{SensitivityOptions, SensitivityStats};
use super::sparse::SparsePattern;
use crate::core::dsl48e::{Dsl48e, Dsl48eOptions, SensArgs};
use crate::core::error::{InputError, Interrupt, StepFailure};
use crate::core::interpolate::interpolate;
use crate::core::layout::dsl::sens as sens_pos;
use crate::core::layout::{iw, rw, Dsl48eLayout};
use crate::core::sensitivity::SensCounters;
use crate::core::messages::MessageLine;
use crate::core::problem::{ConditionPoint, DaeSystem, StateConditions};
use crate::types::{FInt, Real};

/// A hybrid model: the locked, augmented DAE ([`DaeSystem`]; see
/// [`HybridSolver`] for the conventions) with its state conditions.
///
/// Of the [`DaeSystem`] methods the hybrid solver calls `residual`,
/// `jacobian` (with [`HybridOptions::user_jacobian`], in pattern order:
/// [`MatrixStorage::Sparse`](crate::api::MatrixStorage::Sparse)) and `error_weights`; root functions and
/// preconditioners are not used.
pub trait HybridSystem: DaeSystem {
    /// Whether condition `condition`, with its functions' truth values
    /// `truth` at `(t, z, z')` (`truth[j]`: function `j` is `>= 0`; the
    /// function that just crossed is on its new side), now differs from
    /// the value the model is locked in (DSL48E's STCHANGE). True makes the
    /// crossing an event; false lets the integration go on.
    fn condition_changed(&mut self, condition: usize, truth: &[bool], t: Real, z: &[Real], zdot: &[Real]) -> bool;

    /// The explicit time derivatives needed to polish an event on function
    /// `function` of condition `condition` (DSL48E's EVTDERIV): fill `d`
    /// (zeroed on entry) with `∂F/∂t` of the augmented residual and return
    /// `∂g*/∂t` of the triggering function, or a nonzero code to give up
    /// ([`StepFailure::EventPolishing`](crate::api::StepFailure::EventPolishing)).
    /// The default, for models without explicit time dependence, leaves
    /// `d` at zero and returns 0.
    fn event_derivatives(
        &mut self,
        _condition: usize,
        _function: usize,
        _t: Real,
        _z: &[Real],
        _zdot: &[Real],
        _d: &mut [Real],
    ) -> Result<Real, FInt> {
        Ok(0.0)
    }

    /// Called by [`HybridSolver::restart`] after `event`: lock the model in
    /// its new mode (and apply any jump to the differential variables in
    /// `z`, e.g. a velocity reversal). The solver then makes the point
    /// consistent (the algebraic variables and `x'` are recomputed).
    fn switch_mode(&mut self, event: &Event, z: &mut [Real], zdot: &mut [Real]);
}

/// A state event: the first crossing whose condition changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// The condition that changed (0-based; DSL48E's IEVENT - 1).
    pub condition: usize,
    /// The function within it that crossed (0-based; IDISCON - 1).
    pub function: usize,
    /// The event time (TEVT): the solution is consistent here, with the
    /// triggering function just on its new side.
    pub t: Real,
    /// Whether the function became true (`>= 0`) or false.
    pub became_true: bool,
    /// With sensitivities: the event time's own sensitivities dTEVT/dp_i
    /// (empty without).
    pub time_sensitivities: Vec<Real>,
}

/// How a successful [`HybridSolver::solve_to`] ended.
#[derive(Clone, Debug, PartialEq)]
pub enum HybridOutcome {
    /// One internal step taken, before TOUT (intermediate output).
    Step,
    /// Stopped exactly at TSTOP.
    ReachedTstop,
    /// Reached TOUT.
    ReachedTout,
    /// The initial-condition calculation succeeded and
    /// [`StepControls::stop_after_initial_conditions`] asked to return.
    InitialConditionsComputed,
    /// A state event: `z`, `z'` are consistent at [`Event::t`] in the old
    /// mode; call [`HybridSolver::restart`] to go on.
    Event(Event),
}

/// The options of a hybrid integration (DSL48E's arguments and INFO).
#[derive(Clone, Debug, PartialEq)]
pub struct HybridOptions {
    /// Tolerances, stop time, step and order limits, output mode, the
    /// initial-condition heuristics ([`StepControls`], INFO(2..4),
    /// INFO(7..9), INFO(14), INFO(16..18)).
    pub controls: StepControls,
    /// Functions per state condition (ISC); their sum ND is the number of
    /// discontinuity variables at the end of `z`. Empty: no conditions.
    pub conditions: Vec<usize>,
    /// The differential variables `x` (0-based indices below NEQ - ND;
    /// JYDOT).
    pub differential: Vec<usize>,
    /// The entries of `dF/dz + cj*dF/dz'` that may be nonzero (JROW, JCOL).
    pub pattern: SparsePattern,
    /// Values by [`DaeSystem::jacobian`] in pattern order
    /// ([`MatrixStorage::Sparse`](crate::api::MatrixStorage::Sparse)) instead of difference quotients (JDTYPE).
    pub user_jacobian: bool,
    /// Per component `(lower, upper)` bounds kept by the initial-condition
    /// calculation and the corrector (INFO(10), BOUNDS).
    pub bounds: Option<Vec<(Real, Real)>>,
    /// Make the initial point consistent: given `x`, compute the algebraic
    /// variables and `x'` (INFO(11) = 1). Restarts after events always do.
    pub initial_conditions: bool,
}

impl HybridOptions {
    /// Options for a model with the given pattern, differential variables
    /// and functions per condition; everything else at DSL48E's defaults
    /// (tolerances 1e-6, difference-quotient Jacobian, consistent initial
    /// values).
    pub fn new(pattern: SparsePattern, differential: Vec<usize>, conditions: Vec<usize>) -> Self {
        HybridOptions {
            controls: StepControls::default(),
            conditions,
            differential,
            pattern,
            user_jacobian: false,
            bounds: None,
            initial_conditions: false,
        }
    }
}

impl<P: HybridSystem> StateConditions for Adapter<P> {
    fn condition_changed(&mut self, at: &ConditionPoint<'_>, ig: &[FInt]) -> bool {
        self.truth.clear();
        self.truth.extend(ig.iter().map(|&g| g != 0));
        self.inner.condition_changed(at.condition, &self.truth, at.t, at.z, at.zdot)
    }

    fn event_derivatives(&mut self, at: &ConditionPoint<'_>, d: &mut [Real]) -> Result<Real, FInt> {
        match self.inner.event_derivatives(at.condition, at.function, at.t, at.z, at.zdot, d) {
            Err(0) => Err(-1),
            r => r,
        }
    }
}

/// A hybrid integration in progress (DSL48E), owning its work arrays.
///
/// # The model
///
/// The model is the DAE of the current mode, *locked* (its discrete
/// decisions frozen), augmented with its discontinuity functions (DSL48E's
/// convention, Park & Barton 1996):
///
/// ```text
/// f(t, x, x', y) = 0          the model in its locked mode
/// δ - g(t, x, x', y) = 0      one row per discontinuity function
/// ```
///
/// `z = (x, y, δ)`: the last ND components of `z` (and the last ND
/// residuals) are the discontinuity variables, condition after condition
/// (function `j` of condition `k` is
/// `z[neq - nd + conditions[0] + ... + conditions[k-1] + j]`). A function
/// is *true* when `δ >= 0`. Each *state condition* is a logical
/// combination of its functions' truth values, evaluated by
/// [`HybridSystem::condition_changed`]. The differential variables `x` are
/// listed in [`HybridOptions::differential`]; all others (the
/// discontinuity variables included) are algebraic. Linear algebra is
/// sparse LU on [`HybridOptions::pattern`].
///
/// # Events
///
/// After every step the solver searches the discontinuity variables'
/// interpolating polynomials for sign changes (interval arithmetic, so two
/// crossings within one step are both found) and offers them, earliest
/// first, to [`HybridSystem::condition_changed`]. The first crossing whose
/// condition changes is polished to a consistent point just past it, on
/// the new side, and returned as [`HybridOutcome::Event`]. The caller then
/// calls [`HybridSolver::restart`], which lets the problem switch its mode
/// ([`HybridSystem::switch_mode`]) and restarts at the event time with
/// consistent initial conditions.
///
/// # Example: a bouncing ball
///
/// `h' = v`, `v' = -g`; the ball bounces (`v := -e v`) when `h <= 0` and
/// `v < 0`: one condition with two functions, `δ1 = -h` and `δ2 = -v`.
///
/// ```
/// use daskr::api::{
///     CallbackStatus, DaeSystem, Event, HybridOptions, HybridOutcome, HybridSolver, HybridSystem,
///     SparsePattern,
/// };
///
/// struct Ball { g: f64, e: f64, in_contact: bool }
///
/// impl DaeSystem for Ball {
///     fn residual(&mut self, _t: f64, z: &[f64], zp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
///         r[0] = zp[0] - z[1];
///         r[1] = zp[1] + self.g;
///         r[2] = z[2] + z[0]; // δ1 = -h
///         r[3] = z[3] + z[1]; // δ2 = -v
///         CallbackStatus::Ok
///     }
/// }
///
/// impl HybridSystem for Ball {
///     fn condition_changed(&mut self, _c: usize, truth: &[bool], _t: f64, _z: &[f64], _zp: &[f64]) -> bool {
///         (truth[0] && truth[1]) != self.in_contact
///     }
///     fn switch_mode(&mut self, _event: &Event, z: &mut [f64], _zp: &mut [f64]) {
///         z[1] *= -self.e;
///         self.in_contact = -z[0] >= 0.0 && -z[1] >= 0.0;
///     }
/// }
///
/// let pattern = SparsePattern::from_entries([(0, 0), (0, 1), (1, 1), (2, 0), (2, 2), (3, 1), (3, 3)]);
/// let mut opts = HybridOptions::new(pattern, vec![0, 1], vec![2]);
/// opts.initial_conditions = true;
/// let ball = Ball { g: 9.81, e: 0.9, in_contact: false };
/// let mut s = HybridSolver::new(ball, 0.0, &[10.0, 0.0, -10.0, 0.0], &[0.0; 4], opts).unwrap();
/// let mut impacts = Vec::new();
/// while s.t() < 5.0 {
///     match s.solve_to(5.0).unwrap() {
///         HybridOutcome::Event(ev) => {
///             impacts.push(ev.t);
///             s.restart().unwrap();
///         }
///         _ => {}
///     }
/// }
/// // t1 = sqrt(2 h0 / g), t2 = t1 + 2 e t1.
/// let t1 = (2.0f64 * 10.0 / 9.81).sqrt();
/// assert_eq!(impacts.len(), 2);
/// assert!((impacts[0] - t1).abs() < 1e-4);
/// assert!((impacts[1] - (t1 + 1.8 * t1)).abs() < 1e-4);
/// ```
pub struct HybridSolver<P: HybridSystem> {
    problem: Adapter<P>,
    options: HybridOptions,
    jrow: Vec<FInt>,
    jcol: Vec<FInt>,
    jydot: Vec<FInt>,
    isc: Vec<FInt>,
    bounds: Vec<Real>,
    /// LIEVWK: the minimum DSL48E checks (IEVWK itself is not needed).
    lievwk: FInt,
    revwk: Vec<Real>,
    /// The last event returned, until the restart.
    event: Option<Event>,
    /// The next start is a restart after an event: consistent initial
    /// values for the new mode, whatever the options.
    after_event: bool,
    /// Parametric sensitivities, if asked for.
    sens: Option<HybridSens>,
    run: Run,
}

/// A hybrid run's sensitivities: the options, s and s' (NP blocks of
/// NEQ, DSL48E's Z, ZDOT(NEQ+1..)), the RPAR-index slots and scales the
/// work arrays get, the counters of earlier starts.
struct HybridSens {
    options: SensitivityOptions,
    s: Vec<Real>,
    sp: Vec<Real>,
    slots: Vec<FInt>,
    scales: Vec<Real>,
    carried: SensitivityStats,
}

/// JYDOT from the differential variables (0-based, below NEQ - ND).
fn jydot_of(differential: &[usize], nz: usize) -> Result<Vec<FInt>, SetupError> {
    let mut seen = vec![false; nz];
    let mut jydot = Vec::with_capacity(differential.len());
    for &i in differential {
        if i >= nz || std::mem::replace(&mut seen[i], true) {
            return Err(SetupError::Invalid { what: "differential", reason: "indices must be distinct and below NEQ - ND" });
        }
        jydot.push(fint(i + 1)?);
    }
    Ok(jydot)
}

impl<P: HybridSystem> HybridSolver<P> {
    super::run::shared_solver_methods!();

    /// Set up a hybrid integration from `(t0, z0, z'0)`, the model locked
    /// in its initial mode. The values must be consistent unless
    /// [`HybridOptions::initial_conditions`] is set (then `x` is kept and
    /// the rest computed).
    pub fn new(problem: P, t0: Real, z0: &[Real], zdot0: &[Real], opts: HybridOptions) -> Result<Self, Error> {
        Self::build(problem, t0, z0, zdot0, opts, None)
    }

    /// [`new`](Self::new) with parametric sensitivities s_i = dz/dp_i,
    /// carried across the state events ([`SensitivityOptions::jump`]);
    /// each [`Event`] brings the event time's sensitivities. Without
    /// [`SensitivityOptions::initial_derivatives`] the initial
    /// conditions must be computed ([`HybridOptions::initial_conditions`]),
    /// and they make the sensitivities consistent too.
    ///
    /// A parameter estimated by Gauss-Newton from levels measured in a
    /// tank that fills through a valve and overflows (an event in the
    /// data): `h' = q - k h` while filling, `h' = 0` once full (`h >=
    /// HMAX`); the valve coefficient `k` is fitted to noisy levels.
    ///
    /// ```
    /// use daskr::api::*;
    ///
    /// const Q: f64 = 1.0;
    /// const HMAX: f64 = 2.0;
    /// /// z = (h, d), d = h - HMAX; the valve coefficient k is parameter 0.
    /// struct Tank { k: f64, full: bool }
    /// impl DaeSystem for Tank {
    ///     fn residual(&mut self, _t: f64, z: &[f64], zp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
    ///         r[0] = if self.full { zp[0] } else { zp[0] - (Q - self.k * z[0]) };
    ///         r[1] = z[1] - (z[0] - HMAX);
    ///         CallbackStatus::Ok
    ///     }
    ///     fn parameter_derivative(&mut self, _t: f64, z: &[f64], _zp: &[f64], _ip: usize, d: &mut [f64]) -> CallbackStatus {
    ///         d[0] = if self.full { 0.0 } else { z[0] };
    ///         CallbackStatus::Ok
    ///     }
    /// }
    /// impl HybridSystem for Tank {
    ///     fn condition_changed(&mut self, _c: usize, truth: &[bool], _t: f64, _z: &[f64], _zp: &[f64]) -> bool {
    ///         truth[0] != self.full
    ///     }
    ///     fn switch_mode(&mut self, _e: &Event, _z: &mut [f64], _zp: &mut [f64]) {
    ///         self.full = !self.full;
    ///     }
    /// }
    ///
    /// /// Levels at `times` and their sensitivities to k.
    /// fn levels(k: f64, times: &[f64]) -> (Vec<f64>, Vec<f64>, usize) {
    ///     let pattern = SparsePattern::from_entries([(0, 0), (1, 0), (1, 1)]);
    ///     let mut opts = HybridOptions::new(pattern, vec![0], vec![1]);
    ///     opts.initial_conditions = true;
    ///     opts.controls.tolerance = Tolerance::Scalar { rtol: 1e-8, atol: 1e-8 };
    ///     let sens = SensitivityOptions::new(1, ParameterDerivatives::Problem);
    ///     let tank = Tank { k, full: false };
    ///     let mut s = HybridSolver::with_sensitivities(tank, 0.0, &[0.0, -HMAX], &[0.0; 2], opts, sens).unwrap();
    ///     let (mut h, mut dh, mut events) = (Vec::new(), Vec::new(), 0);
    ///     for &t in times {
    ///         loop {
    ///             match s.solve_to(t).unwrap() {
    ///                 HybridOutcome::Event(_) => {
    ///                     events += 1;
    ///                     s.restart().unwrap();
    ///                 }
    ///                 _ => break,
    ///             }
    ///         }
    ///         h.push(s.z()[0]);
    ///         dh.push(s.sensitivity(0)[0]);
    ///     }
    ///     (h, dh, events)
    /// }
    ///
    /// // Data: the true k = 0.3 (the tank is full at t = -ln(0.4)/0.3 =
    /// // 3.05), with small pseudo-random noise.
    /// let times: Vec<f64> = (1..=12).map(|i| 0.5 * i as f64).collect();
    /// let (truth, _, _) = levels(0.3, &times);
    /// let data: Vec<f64> = truth.iter().enumerate().map(|(i, h)| h + 1e-4 * ((i * 7919 % 13) as f64 - 6.0)).collect();
    /// // Gauss-Newton from k = 0.4 (full at t = 4.02).
    /// let mut k = 0.4;
    /// for _ in 0..8 {
    ///     let (h, dh, events) = levels(k, &times);
    ///     assert_eq!(events, 1, "the overflow is in the data");
    ///     let (num, den) = h.iter().zip(&dh).zip(&data).fold((0.0, 0.0), |(n, d), ((h, s), y)| (n + s * (y - h), d + s * s));
    ///     k += num / den;
    /// }
    /// assert!((k - 0.3).abs() < 1e-3, "k = {k}");
    /// ```
    pub fn with_sensitivities(
        problem: P,
        t0: Real,
        z0: &[Real],
        zdot0: &[Real],
        opts: HybridOptions,
        sensitivities: SensitivityOptions,
    ) -> Result<Self, Error> {
        if sensitivities.initial_derivatives.is_none() && !opts.initial_conditions {
            return Err(SetupError::Invalid {
                what: "sensitivities.initial_derivatives",
                reason: "needed unless the options compute the initial conditions",
            }
            .into());
        }
        Self::build(problem, t0, z0, zdot0, opts, Some(sensitivities))
    }

    fn build(
        problem: P,
        t0: Real,
        z0: &[Real],
        zdot0: &[Real],
        opts: HybridOptions,
        sensitivities: Option<SensitivityOptions>,
    ) -> Result<Self, Error> {
        let mut run = Run::new(&opts.controls, t0, z0, zdot0, "zdot0")?;
        let n = z0.len();
        let (jrow, jcol) = opts.pattern.to_fortran(n)?;
        let nd: usize = opts.conditions.iter().sum();
        if nd >= n {
            return Err(SetupError::Invalid {
                what: "conditions",
                reason: "there must be fewer discontinuity functions than equations",
            }
            .into());
        }
        if opts.conditions.contains(&0) {
            return Err(SetupError::Invalid { what: "conditions", reason: "every condition needs a function" }.into());
        }
        let isc = opts.conditions.iter().map(|&c| fint(c)).collect::<Result<Vec<_>, _>>()?;
        let jydot = jydot_of(&opts.differential, n - nd)?;
        let bounds = match &opts.bounds {
            Some(b) => {
                expect_len("bounds", b.len(), n)?;
                b.iter().flat_map(|&(lo, hi)| [lo, hi]).collect()
            }
            None => Vec::new(),
        };
        let q = opts.controls.max_order.clamp(1, 5);
        let mut problem = problem;
        let sens = match sensitivities {
            None => None,
            Some(o) => {
                let (s, sp, _) = o.initial_values(n)?;
                // Slot 0 for a parameter the problem does not lend (not in
                // F): DSL48E's RPAR index 0.
                let slots = (0..o.parameters).map(|ip| FInt::from(problem.parameter(ip).is_some()) * fint(ip + 1).unwrap_or(0)).collect();
                let scales = o.scales.clone().unwrap_or_else(|| vec![0.0; o.parameters]);
                Some(HybridSens { options: o, s, sp, slots, scales, carried: SensitivityStats::default() })
            }
        };
        let np = sens.as_ref().map_or(0, |s| s.options.parameters);
        let layout = Dsl48eLayout::compute(n, jrow.len(), nd, q, opts.controls.exclude_algebraic, np)
            .map_err(|_| SetupError::TooLarge)?;
        let largest = opts.conditions.iter().copied().max().unwrap_or(0);
        let lievwk = fint((jydot.len() + largest).max(n))?;
        let lrevwk = (q + 1) * nd + q + 5 * n + 40;
        fint(lrevwk)?;
        run.size_arrays(layout.lenrw, layout.leniw);
        let mut solver = HybridSolver {
            problem: Adapter::plain(problem),
            jrow,
            jcol,
            jydot,
            isc,
            bounds,
            lievwk,
            revwk: vec![0.0; lrevwk],
            event: None,
            after_event: false,
            sens,
            run,
            options: opts,
        };
        solver.prepare()?;
        Ok(solver)
    }

    /// The inputs of a first call: the controls', and the sensitivities'
    /// RPAR slots (IWORK(40+i)) and scales (RWORK(60+i)).
    fn prepare(&mut self) -> Result<(), SetupError> {
        self.run.prepare_start(&self.options.controls)?;
        if let Some(sens) = &self.sens {
            let np = sens.options.parameters;
            let (iw0, rw0) = (sens_pos::RPAR_INDEX - 1, sens_pos::PBAR - 1);
            self.run.iwork[iw0..iw0 + np].copy_from_slice(&sens.slots);
            self.run.rwork[rw0..rw0 + np].copy_from_slice(&sens.scales);
        }
        Ok(())
    }

    /// DSL48E's options for the next call: a start computes initial
    /// conditions as the options ask (always after an event), unless they
    /// were just returned.
    fn core_options(&self, initial_conditions: bool) -> Dsl48eOptions {
        let mut controls = self.options.controls.selected();
        controls.stop_after_ic &= initial_conditions && !self.after_event;
        Dsl48eOptions {
            controls,
            bounds: self.options.bounds.is_some(),
            initial_condition: initial_conditions && (self.options.initial_conditions || self.after_event),
            sens: self.sens.as_ref().map(|s| s.options.core()),
        }
    }

    /// Advance towards `tout` (one DSL48E call): returns at `tout`, or
    /// earlier at a state event, at TSTOP, after one step or after the
    /// initial-condition calculation, as the options ask. After an event,
    /// [`restart`](Self::restart) must come before the next call.
    pub fn solve_to(&mut self, tout: Real) -> Result<HybridOutcome, Error> {
        let begin = self.run.begin()?;
        if begin.prepare {
            if let Some(sens) = self.sens.as_mut() {
                sens.carried = sens.carried.plus(Self::counters_of(&self.run.iwork, sens.options.parameters));
            }
            self.prepare()?;
        }
        let options = self.core_options(begin.initial_conditions);
        let (mut ievent, mut idiscon, mut tevt) = (0, 0, 0.0);
        let mut protocol = Dsl48e::new(
            self.jrow.len() as FInt,
            &self.jrow,
            &self.jcol,
            &self.jydot,
            self.jydot.len() as FInt,
            FInt::from(self.options.user_jacobian),
            &self.bounds,
            (&mut ievent, &mut idiscon, &mut tevt),
            (self.isc.len() as FInt, self.isc.iter().sum(), &self.isc),
            (self.lievwk, self.revwk.len() as FInt, &mut self.revwk),
            self.sens.as_mut().map(|sens| SensArgs { s: &mut sens.s, sp: &mut sens.sp, senrhs: true }),
        );
        let (phase, controls) = (begin.phase, &self.options.controls);
        let result = self.run.call(&mut protocol, &options, (phase, controls), &mut self.problem, tout);
        if self.run.finish(phase, &result, ievent > 0) {
            if let Some(sens) = self.sens.as_mut() {
                sens.carried = sens.carried.plus(Self::counters_of(&self.run.iwork, sens.options.parameters));
            }
            let _ = self.prepare();
        }
        if ievent > 0 && matches!(result, Ok(_) | Err(Interrupt::Step(StepFailure::GrazingEvent { .. }))) {
            // An event, or a grazing one (IDID = -16: the outputs of an
            // event return, no dTEVT/dp): restart() follows.
            let (k, j) = (ievent as usize - 1, idiscon as usize - 1);
            let nd: usize = self.options.conditions.iter().sum();
            let m = self.run.y.len() - nd + self.options.conditions[..k].iter().sum::<usize>() + j;
            let np = self.sens.as_ref().map_or(0, |s| s.options.parameters);
            let tau0 = sens_pos::PBAR - 1 + np;
            let time_sensitivities = self.run.rwork[tau0..tau0 + np].to_vec();
            let ev = Event { condition: k, function: j, t: tevt, became_true: self.run.y[m] >= 0.0, time_sensitivities };
            self.event = Some(ev.clone());
            result.map_err(Error::from)?;
            return Ok(HybridOutcome::Event(ev));
        }
        let idid = result.map_err(Error::from)?;
        match idid {
            1 => Ok(HybridOutcome::Step),
            2 => Ok(HybridOutcome::ReachedTstop),
            3 => Ok(HybridOutcome::ReachedTout),
            4 => Ok(HybridOutcome::InitialConditionsComputed),
            _ => Err(Error::Input(InputError::Internal)),
        }
    }

    /// Go on after [`HybridOutcome::Event`]: the problem switches its mode
    /// ([`HybridSystem::switch_mode`], which may change `z`), and the next
    /// call restarts at the event time, computing consistent algebraic
    /// variables and `x'` for the new mode (INFO(1) = 0, INFO(11) = 1).
    pub fn restart(&mut self) -> Result<(), Error> {
        let Some(ev) = self.event.take() else {
            return Err(SetupError::WrongState("restart() follows an event return").into());
        };
        self.problem.inner.switch_mode(&ev, &mut self.run.y, &mut self.run.yp);
        if let Some(sens) = self.sens.as_mut() {
            sens.carried = sens.carried.plus(Self::counters_of(&self.run.iwork, sens.options.parameters));
        }
        self.run.restart(None, "zdot")?;
        self.after_event = true;
        self.prepare()?;
        Ok(())
    }

    /// The sensitivity counters of the current start (IWORK(40+NP+1..5)).
    fn counters_of(iwork: &[FInt], np: usize) -> SensitivityStats {
        let at = sens_pos::RPAR_INDEX - 1 + np;
        SensitivityStats::of(&SensCounters::load(&iwork[at..at + sens_pos::COUNTERS]))
    }

    /// The sensitivities s_i = dz/dp_i at [`t`](Self::t), one block of
    /// NEQ per parameter (empty without sensitivities).
    pub fn sensitivities(&self) -> &[Real] {
        self.sens.as_ref().map_or(&[], |s| &s.s)
    }

    /// s_i = dz/dp_i at [`t`](Self::t) (panics if `i` is not a parameter).
    pub fn sensitivity(&self, i: usize) -> &[Real] {
        let n = self.run.y.len();
        &self.sensitivities()[i * n..(i + 1) * n]
    }

    /// The derivatives s_i' at [`t`](Self::t), blocks as in
    /// [`sensitivities`](Self::sensitivities).
    pub fn sensitivity_derivatives(&self) -> &[Real] {
        self.sens.as_ref().map_or(&[], |s| &s.sp)
    }

    /// The sensitivities to change before [`restart`](Self::restart)
    /// with [`SensitivityJump::TotalDerivative`](crate::api::SensitivityJump::TotalDerivative)
    /// or [`AsGiven`](crate::api::SensitivityJump::AsGiven).
    pub fn sensitivities_mut(&mut self) -> &mut [Real] {
        self.sens.as_mut().map_or(&mut [], |s| &mut s.s)
    }

    /// Change how the sensitivities cross the next event (after a grazing
    /// one, [`StepFailure::GrazingEvent`](crate::api::StepFailure::GrazingEvent),
    /// only [`SensitivityJump::AsGiven`](crate::api::SensitivityJump::AsGiven)
    /// is possible: dTEVT/dp is not defined there).
    pub fn set_sensitivity_jump(&mut self, jump: super::sensitivity::SensitivityJump) {
        if let Some(s) = self.sens.as_mut() {
            s.options.jump = jump;
        }
    }

    /// The sensitivity counters, added up over restarts.
    pub fn sensitivity_stats(&self) -> SensitivityStats {
        match &self.sens {
            Some(s) => s.carried.plus(Self::counters_of(&self.run.iwork, s.options.parameters)),
            None => SensitivityStats::default(),
        }
    }

    /// The state `z = (x, y, δ)` at [`t`](Self::t).
    pub fn z(&self) -> &[Real] {
        &self.run.y
    }

    /// The derivative `z'` at [`t`](Self::t).
    pub fn zdot(&self) -> &[Real] {
        &self.run.yp
    }

    /// The last event returned and not yet restarted from.
    pub fn pending_event(&self) -> Option<&Event> {
        self.event.as_ref()
    }

    /// The options in force.
    pub fn options(&self) -> &HybridOptions {
        &self.options
    }

    /// Solver statistics, added up over restarts.
    pub fn stats(&self) -> Stats {
        // DSL48E has no root functions (IWORK(36) holds NP there).
        Stats { root_function_evaluations: 0, ..self.run.stats() }
    }

    /// `z` and `z'` at `t` from the interpolating polynomial of the last
    /// step (DDATRP), meant for `t` within that step: for example output
    /// times that a call stepped over when it returned at TSTOP (which
    /// comes before TOUT when one step passes both, as in DDASKR).
    pub fn interpolate(&self, t: Real, z: &mut [Real], zdot: &mut [Real]) -> Result<(), Error> {
        let n = self.run.y.len();
        expect_len("z", z.len(), n)?;
        expect_len("zdot", zdot.len(), n)?;
        let nd = self.options.conditions.iter().sum();
        let q = self.options.controls.max_order.clamp(1, 5);
        let np = self.sens.as_ref().map_or(0, |s| s.options.parameters);
        let layout = Dsl48eLayout::compute(n, self.jrow.len(), nd, q, self.options.controls.exclude_algebraic, np)
            .map_err(|_| SetupError::TooLarge)?;
        let kold = usize::try_from(self.run.iwork[iw::KOLD - 1]).unwrap_or(0).min(q);
        let (rwork, psi) = (&self.run.rwork, rw::PSI - 1);
        let phi = &rwork[layout.phi..layout.phi + (kold + 1) * n];
        interpolate(rwork[rw::TN - 1], t, kold, phi, &rwork[psi..psi + 6], z, zdot);
        Ok(())
    }
}
