//! Hybrid (discrete/continuous) problems with state events, driven by the
//! DSL48E core: [`HybridSystem`], [`HybridOptions`], [`HybridSolver`].

use super::error::{Error, SetupError};
use super::options::{IcControls, Tolerance};
use super::outcome::Stats;
use super::solver::{expect_len, fint, tolerance_arrays, write_ic_controls, zero_counters};
use super::sparse::SparsePattern;
use crate::core::dsl48e::{self, Dsl48eArgs};
use crate::core::error::{InputError, Interrupt};
use crate::core::layout::{iw, rw, Dsl48eLayout};
use crate::core::messages::{CollectMessages, MessageLine};
use crate::core::norms::Tolerances;
use crate::core::problem::{CallbackStatus, DaeSystem, MatrixStorage, StateConditions};
use crate::types::{FInt, Real};

/// A hybrid model: the locked, augmented DAE ([`DaeSystem`]; see
/// [`HybridSolver`] for the conventions) with its state conditions.
///
/// Of the [`DaeSystem`] methods the hybrid solver calls `residual`,
/// `jacobian` (with [`HybridOptions::user_jacobian`], in pattern order:
/// [`MatrixStorage::Sparse`]) and `error_weights`; root functions and
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
#[derive(Clone, Copy, Debug, PartialEq)]
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
}

/// How a successful [`HybridSolver::solve_to`] ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HybridOutcome {
    /// One internal step taken, before TOUT (intermediate output).
    Step,
    /// Stopped exactly at TSTOP.
    ReachedTstop,
    /// Reached TOUT.
    ReachedTout,
    /// The initial-condition calculation succeeded and
    /// [`HybridOptions::stop_after_initial_conditions`] asked to return.
    InitialConditionsComputed,
    /// A state event: `z`, `z'` are consistent at [`Event::t`] in the old
    /// mode; call [`HybridSolver::restart`] to go on.
    Event(Event),
}

/// The options of a hybrid integration (DSL48E's arguments and INFO).
#[derive(Clone, Debug, PartialEq)]
pub struct HybridOptions {
    /// Error tolerances (RTOL, ATOL, INFO(2)).
    pub tolerance: Tolerance,
    /// Functions per state condition (ISC); their sum ND is the number of
    /// discontinuity variables at the end of `z`. Empty: no conditions.
    pub conditions: Vec<usize>,
    /// The differential variables `x` (0-based indices below NEQ - ND;
    /// JYDOT).
    pub differential: Vec<usize>,
    /// The entries of `dF/dz + cj*dF/dz'` that may be nonzero (JROW, JCOL).
    pub pattern: SparsePattern,
    /// Values by [`DaeSystem::jacobian`] in pattern order
    /// ([`MatrixStorage::Sparse`]) instead of difference quotients (JDTYPE).
    pub user_jacobian: bool,
    /// Per component `(lower, upper)` bounds kept by the initial-condition
    /// calculation and the corrector (INFO(10), BOUNDS).
    pub bounds: Option<Vec<(Real, Real)>>,
    /// Never step past this point (INFO(4), TSTOP).
    pub tstop: Option<Real>,
    /// The largest step size (INFO(7), HMAX).
    pub max_step: Option<Real>,
    /// The first step size after each (re)start (INFO(8), H0).
    pub initial_step: Option<Real>,
    /// Maximum BDF order, 1..=5 (INFO(9), MAXORD).
    pub max_order: usize,
    /// Return after every internal step (INFO(3)).
    pub intermediate_output: bool,
    /// Make the initial point consistent: given `x`, compute the algebraic
    /// variables and `x'` (INFO(11) = 1). Restarts after events always do.
    pub initial_conditions: bool,
    /// Return after the initial-condition calculation of the first start
    /// (INFO(14)).
    pub stop_after_initial_conditions: bool,
    /// Leave the algebraic variables out of the error test (INFO(16)).
    pub exclude_algebraic: bool,
    /// The initial-condition heuristics (INFO(17)); `None`: defaults.
    pub ic_controls: Option<IcControls>,
    /// Messages from the initial-condition calculation, 0..=2 (INFO(18)).
    pub ic_print_level: u8,
}

impl HybridOptions {
    /// Options for a model with the given pattern, differential variables
    /// and functions per condition; everything else at DSL48E's defaults
    /// (tolerances 1e-6, difference-quotient Jacobian, consistent initial
    /// values).
    pub fn new(pattern: SparsePattern, differential: Vec<usize>, conditions: Vec<usize>) -> Self {
        HybridOptions {
            tolerance: Tolerance::Scalar { rtol: 1e-6, atol: 1e-6 },
            conditions,
            differential,
            pattern,
            user_jacobian: false,
            bounds: None,
            tstop: None,
            max_step: None,
            initial_step: None,
            max_order: 5,
            intermediate_output: false,
            initial_conditions: false,
            stop_after_initial_conditions: false,
            exclude_algebraic: false,
            ic_controls: None,
            ic_print_level: 0,
        }
    }
}

/// The problem as the DSL48E core sees it.
struct Adapter<P> {
    inner: P,
    truth: Vec<bool>,
}

impl<P: HybridSystem> DaeSystem for Adapter<P> {
    fn residual(&mut self, t: Real, z: &[Real], zdot: &[Real], cj: Real, delta: &mut [Real]) -> CallbackStatus {
        self.inner.residual(t, z, zdot, cj, delta)
    }

    fn jacobian(
        &mut self,
        t: Real,
        z: &[Real],
        zdot: &[Real],
        cj: Real,
        pd: &mut [Real],
        storage: MatrixStorage,
    ) -> CallbackStatus {
        self.inner.jacobian(t, z, zdot, cj, pd, storage)
    }

    fn error_weights(&mut self, tol: Tolerances<'_>, z: &[Real], ewt: &mut [Real]) -> bool {
        self.inner.error_weights(tol, z, ewt)
    }
}

impl<P: HybridSystem> StateConditions for Adapter<P> {
    fn condition_changed(&mut self, k: usize, t: Real, z: &[Real], zdot: &[Real], ig: &[FInt]) -> bool {
        self.truth.clear();
        self.truth.extend(ig.iter().map(|&g| g != 0));
        self.inner.condition_changed(k, &self.truth, t, z, zdot)
    }

    fn event_derivatives(
        &mut self,
        k: usize,
        j: usize,
        t: Real,
        z: &[Real],
        zdot: &[Real],
        d: &mut [Real],
    ) -> Result<Real, FInt> {
        match self.inner.event_derivatives(k, j, t, z, zdot, d) {
            Err(0) => Err(-1),
            r => r,
        }
    }
}

/// What the next call does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    Start,
    Continue,
    AfterInitialConditions,
    /// An event was returned: [`HybridSolver::restart`] first.
    Restart,
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
    start_info: [FInt; 20],
    info: [FInt; 20],
    rtol: Vec<Real>,
    atol: Vec<Real>,
    t: Real,
    z: Vec<Real>,
    zdot: Vec<Real>,
    rwork: Vec<Real>,
    iwork: Vec<FInt>,
    jrow: Vec<FInt>,
    jcol: Vec<FInt>,
    jydot: Vec<FInt>,
    isc: Vec<FInt>,
    bounds: Vec<Real>,
    /// LIEVWK: the minimum DSL48E checks (IEVWK itself is not needed).
    lievwk: FInt,
    revwk: Vec<Real>,
    messages: CollectMessages,
    next: Next,
    started: bool,
    event: Option<Event>,
    carried: Stats,
}

impl<P: HybridSystem> HybridSolver<P> {
    /// Set up a hybrid integration from `(t0, z0, z'0)`, the model locked
    /// in its initial mode. The values must be consistent unless
    /// [`HybridOptions::initial_conditions`] is set (then `x` is kept and
    /// the rest computed).
    pub fn new(problem: P, t0: Real, z0: &[Real], zdot0: &[Real], opts: HybridOptions) -> Result<Self, Error> {
        let n = z0.len();
        if n == 0 {
            return Err(SetupError::Empty.into());
        }
        fint(n)?;
        expect_len("zdot0", zdot0.len(), n)?;
        let (rtol, atol, vector) = tolerance_arrays(&opts.tolerance, n)?;
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
        let mut seen = vec![false; n - nd];
        let mut jydot = Vec::with_capacity(opts.differential.len());
        for &i in &opts.differential {
            if i >= n - nd || std::mem::replace(&mut seen[i], true) {
                return Err(SetupError::Invalid {
                    what: "differential",
                    reason: "indices must be distinct and below NEQ - ND",
                }
                .into());
            }
            jydot.push(fint(i + 1)?);
        }
        let bounds = match &opts.bounds {
            Some(b) => {
                expect_len("bounds", b.len(), n)?;
                b.iter().flat_map(|&(lo, hi)| [lo, hi]).collect()
            }
            None => Vec::new(),
        };
        let mut info = [0; 20];
        info[1] = FInt::from(vector);
        info[2] = FInt::from(opts.intermediate_output);
        info[3] = FInt::from(opts.tstop.is_some());
        info[6] = FInt::from(opts.max_step.is_some());
        info[7] = FInt::from(opts.initial_step.is_some());
        info[8] = FInt::from(opts.max_order != 5);
        info[9] = FInt::from(opts.bounds.is_some());
        info[10] = FInt::from(opts.initial_conditions);
        info[13] = FInt::from(opts.stop_after_initial_conditions);
        info[15] = FInt::from(opts.exclude_algebraic);
        info[16] = FInt::from(opts.ic_controls.is_some());
        info[17] = FInt::from(opts.ic_print_level);
        let q = opts.max_order.clamp(1, 5);
        let layout =
            Dsl48eLayout::compute(n, jrow.len(), nd, q, opts.exclude_algebraic).map_err(|_| SetupError::TooLarge)?;
        let largest = opts.conditions.iter().copied().max().unwrap_or(0);
        let lievwk = (jydot.len() + largest).max(n);
        let lrevwk = (q + 1) * nd + q + 5 * n + 40;
        fint(lievwk)?;
        fint(lrevwk)?;
        let mut s = HybridSolver {
            problem: Adapter { inner: problem, truth: Vec::new() },
            start_info: info,
            info,
            rtol,
            atol,
            t: t0,
            z: z0.to_vec(),
            zdot: zdot0.to_vec(),
            rwork: vec![0.0; layout.lenrw],
            iwork: vec![0; layout.leniw],
            jrow,
            jcol,
            jydot,
            isc,
            bounds,
            lievwk: fint(lievwk)?,
            revwk: vec![0.0; lrevwk],
            messages: CollectMessages::default(),
            next: Next::Start,
            started: false,
            event: None,
            carried: Stats::default(),
            options: opts,
        };
        s.prepare_start()?;
        Ok(s)
    }

    /// Write the optional inputs of a first call.
    fn prepare_start(&mut self) -> Result<(), SetupError> {
        zero_counters(&mut self.iwork);
        self.iwork[iw::MAXORD - 1] = fint(self.options.max_order)?;
        if let Some(h0) = self.options.initial_step {
            self.rwork[rw::H - 1] = h0;
        }
        if let Some(c) = &self.options.ic_controls {
            write_ic_controls(c, &mut self.iwork, &mut self.rwork)?;
        }
        self.info[0] = 0;
        self.next = Next::Start;
        Ok(())
    }

    fn carry_counters(&mut self) {
        self.carried = Stats::from_work(&self.iwork, &self.rwork).plus_counters(&self.carried);
    }

    /// Advance towards `tout` (one DSL48E call): returns at `tout`, or
    /// earlier at a state event, at TSTOP, after one step or after the
    /// initial-condition calculation, as the options ask. After an event,
    /// [`restart`](Self::restart) must come before the next call.
    pub fn solve_to(&mut self, tout: Real) -> Result<HybridOutcome, Error> {
        match self.next {
            Next::Start => {}
            Next::Continue => self.info[0] = 1,
            Next::AfterInitialConditions => {
                self.carry_counters();
                self.info = self.start_info;
                self.info[10] = 0;
                self.info[13] = 0;
                self.prepare_start()?;
            }
            Next::Restart => return Err(Error::Input(InputError::RestartAfterEvent)),
        }
        let first = self.info[0] == 0;
        if let (Some(ts), true) = (self.options.tstop, self.info[3] == 1) {
            self.rwork[rw::TSTOP - 1] = ts;
        }
        if let Some(h) = self.options.max_step {
            self.rwork[rw::HMAX - 1] = h;
        }
        let (mut idid, mut ievent, mut idiscon, mut tevt) = (0, 0, 0, 0.0);
        let mut args = Dsl48eArgs {
            neq: self.z.len() as FInt,
            time: &mut self.t,
            z: &mut self.z,
            zdot: &mut self.zdot,
            tout,
            info: &mut self.info,
            rtol: &mut self.rtol,
            atol: &mut self.atol,
            idid: &mut idid,
            lrw: self.rwork.len() as FInt,
            rwork: &mut self.rwork,
            liw: self.iwork.len() as FInt,
            iwork: &mut self.iwork,
            nejac: self.jrow.len() as FInt,
            jrow: &self.jrow,
            jcol: &self.jcol,
            njydot: self.jydot.len() as FInt,
            jydot: &self.jydot,
            jdtype: FInt::from(self.options.user_jacobian),
            bounds: &self.bounds,
            ievent: &mut ievent,
            idiscon: &mut idiscon,
            nc: self.isc.len() as FInt,
            nd: self.isc.iter().sum(),
            isc: &self.isc,
            tevt: &mut tevt,
            lievwk: self.lievwk,
            lrevwk: self.revwk.len() as FInt,
            revwk: &mut self.revwk,
        };
        let result = dsl48e::dsl48e(&mut args, &mut self.problem, &mut self.messages);
        self.after_call(first, &result, ievent);
        let idid = result.map_err(Error::from)?;
        if ievent > 0 {
            let (k, j) = (ievent as usize - 1, idiscon as usize - 1);
            let nd: usize = self.options.conditions.iter().sum();
            let m = self.z.len() - nd + self.options.conditions[..k].iter().sum::<usize>() + j;
            let ev = Event { condition: k, function: j, t: tevt, became_true: self.z[m] >= 0.0 };
            self.event = Some(ev);
            return Ok(HybridOutcome::Event(ev));
        }
        match idid {
            1 => Ok(HybridOutcome::Step),
            2 => Ok(HybridOutcome::ReachedTstop),
            3 => Ok(HybridOutcome::ReachedTout),
            4 => Ok(HybridOutcome::InitialConditionsComputed),
            _ => Err(Error::Input(InputError::Internal)),
        }
    }

    fn after_call(&mut self, first: bool, result: &Result<FInt, Interrupt>, ievent: FInt) {
        let ic_failed = matches!(result, Err(Interrupt::Step(f)) if f.idid() == -12);
        if first {
            self.started = match result {
                Ok(idid) => *idid != 4,
                Err(Interrupt::Step(_)) => !ic_failed,
                Err(Interrupt::Input(_)) => false,
            };
        }
        self.next = match result {
            Ok(_) if ievent > 0 => Next::Restart,
            Ok(4) => Next::AfterInitialConditions,
            Ok(_) => Next::Continue,
            Err(_) if self.started => Next::Continue,
            Err(_) => {
                self.carry_counters();
                let _ = self.prepare_start();
                Next::Start
            }
        };
    }

    /// Go on after [`HybridOutcome::Event`]: the problem switches its mode
    /// ([`HybridSystem::switch_mode`], which may change `z`), and the next
    /// call restarts at the event time, computing consistent algebraic
    /// variables and `x'` for the new mode (INFO(1) = 0, INFO(11) = 1).
    pub fn restart(&mut self) -> Result<(), Error> {
        let Some(ev) = self.event.take() else {
            return Err(SetupError::WrongState("restart() follows an event return").into());
        };
        self.problem.inner.switch_mode(&ev, &mut self.z, &mut self.zdot);
        self.carry_counters();
        self.info = self.start_info;
        self.info[10] = 1;
        self.info[13] = 0;
        self.started = false;
        self.prepare_start()?;
        Ok(())
    }

    /// The current time.
    pub fn t(&self) -> Real {
        self.t
    }

    /// The state `z = (x, y, δ)` at [`t`](Self::t).
    pub fn z(&self) -> &[Real] {
        &self.z
    }

    /// The derivative `z'` at [`t`](Self::t).
    pub fn zdot(&self) -> &[Real] {
        &self.zdot
    }

    /// The last event returned and not yet restarted from.
    pub fn pending_event(&self) -> Option<&Event> {
        self.event.as_ref()
    }

    /// The problem.
    pub fn problem(&self) -> &P {
        &self.problem.inner
    }

    /// The problem, e.g. to read or change its mode.
    pub fn problem_mut(&mut self) -> &mut P {
        &mut self.problem.inner
    }

    /// Give the problem back.
    pub fn into_problem(self) -> P {
        self.problem.inner
    }

    /// The options in force.
    pub fn options(&self) -> &HybridOptions {
        &self.options
    }

    /// Messages the solver produced, oldest first.
    pub fn messages(&self) -> &[Vec<MessageLine>] {
        &self.messages.0
    }

    /// Solver statistics, added up over restarts.
    pub fn stats(&self) -> Stats {
        Stats::from_work(&self.iwork, &self.rwork).plus_counters(&self.carried)
    }
}
