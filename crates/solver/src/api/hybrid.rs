//! Hybrid (discrete/continuous) problems with state events, driven by the
//! DSL48E core: [`HybridSystem`], [`HybridOptions`], [`HybridSolver`].

use super::error::{Error, SetupError};
use super::options::{StepControls, Tolerance};
use super::outcome::Stats;
use super::precond::Adapter;
use super::run::{expect_len, fint, Run};
use super::sparse::SparsePattern;
use crate::core::dsl48e::{Dsl48e, Dsl48eOptions};
use crate::core::error::InputError;
use crate::core::interpolate::interpolate;
use crate::core::layout::{iw, rw, Dsl48eLayout};
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
    run: Run,
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
        let layout = Dsl48eLayout::compute(n, jrow.len(), nd, q, opts.controls.exclude_algebraic)
            .map_err(|_| SetupError::TooLarge)?;
        let largest = opts.conditions.iter().copied().max().unwrap_or(0);
        let lievwk = fint((jydot.len() + largest).max(n))?;
        let lrevwk = (q + 1) * nd + q + 5 * n + 40;
        fint(lrevwk)?;
        run.size_arrays(layout.lenrw, layout.leniw);
        run.prepare_start(&opts.controls)?;
        Ok(HybridSolver {
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
            run,
            options: opts,
        })
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
        }
    }

    /// Advance towards `tout` (one DSL48E call): returns at `tout`, or
    /// earlier at a state event, at TSTOP, after one step or after the
    /// initial-condition calculation, as the options ask. After an event,
    /// [`restart`](Self::restart) must come before the next call.
    pub fn solve_to(&mut self, tout: Real) -> Result<HybridOutcome, Error> {
        let begin = self.run.begin()?;
        if begin.prepare {
            self.run.prepare_start(&self.options.controls)?;
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
        );
        let (phase, controls) = (begin.phase, &self.options.controls);
        let result = self.run.call(&mut protocol, &options, (phase, controls), &mut self.problem, tout);
        if self.run.finish(phase, &result, ievent > 0) {
            let _ = self.run.prepare_start(&self.options.controls);
        }
        let idid = result.map_err(Error::from)?;
        if ievent > 0 {
            let (k, j) = (ievent as usize - 1, idiscon as usize - 1);
            let nd: usize = self.options.conditions.iter().sum();
            let m = self.run.y.len() - nd + self.options.conditions[..k].iter().sum::<usize>() + j;
            let ev = Event { condition: k, function: j, t: tevt, became_true: self.run.y[m] >= 0.0 };
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

    /// Go on after [`HybridOutcome::Event`]: the problem switches its mode
    /// ([`HybridSystem::switch_mode`], which may change `z`), and the next
    /// call restarts at the event time, computing consistent algebraic
    /// variables and `x'` for the new mode (INFO(1) = 0, INFO(11) = 1).
    pub fn restart(&mut self) -> Result<(), Error> {
        let Some(ev) = self.event.take() else {
            return Err(SetupError::WrongState("restart() follows an event return").into());
        };
        self.problem.inner.switch_mode(&ev, &mut self.run.y, &mut self.run.yp);
        self.run.restart(None, "zdot")?;
        self.after_event = true;
        self.run.prepare_start(&self.options.controls)?;
        Ok(())
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
        self.run.stats()
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
        let layout = Dsl48eLayout::compute(n, self.jrow.len(), nd, q, self.options.controls.exclude_algebraic)
            .map_err(|_| SetupError::TooLarge)?;
        let kold = usize::try_from(self.run.iwork[iw::KOLD - 1]).unwrap_or(0).min(q);
        let (rwork, psi) = (&self.run.rwork, rw::PSI - 1);
        let phi = &rwork[layout.phi..layout.phi + (kold + 1) * n];
        interpolate(rwork[rw::TN - 1], t, kold, phi, &rwork[psi..psi + 6], z, zdot);
        Ok(())
    }
}
