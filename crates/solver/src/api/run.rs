//! [`Run`]: what both solvers keep of an integration between calls: the
//! solution, the tolerances, the work arrays, what the next call does,
//! the counters of earlier starts and the messages; and the calls into
//! the core's call shell ([`crate::core::call`]) with typed options.

use super::error::{Error, SetupError};
use super::options::{IcControls, StepControls, Tolerance};
use super::outcome::Stats;
use crate::core::call::{self, controls, Common, Phase, Protocol};
use crate::core::error::{InputError, Interrupt, StepFailure};
use crate::core::layout::{iw, rw, IHeader};
use crate::core::messages::CollectMessages;
use crate::core::problem::DaeSystem;
use crate::types::{FInt, Real};

/// A length or count as the solver's default integer.
pub(crate) fn fint(v: usize) -> Result<FInt, SetupError> {
    FInt::try_from(v).map_err(|_| SetupError::TooLarge)
}

/// Check that a vector has `n` entries.
pub(crate) fn expect_len(what: &'static str, len: usize, n: usize) -> Result<(), SetupError> {
    if len == n {
        Ok(())
    } else {
        Err(SetupError::WrongLength { what, len, expected: n })
    }
}

/// RTOL and ATOL as the solver takes them.
fn tolerance_arrays(tol: &Tolerance, n: usize) -> Result<(Vec<Real>, Vec<Real>), SetupError> {
    match tol {
        Tolerance::Scalar { rtol, atol } => Ok((vec![*rtol], vec![*atol])),
        Tolerance::Vector { rtol, atol } => {
            expect_len("rtol", rtol.len(), n)?;
            expect_len("atol", atol.len(), n)?;
            Ok((rtol.clone(), atol.clone()))
        }
    }
}

/// The INFO(17) controls in IWORK(32..35), RWORK(14..15). Checked here for
/// both solvers (DSL48E's core checks them only on a first call).
fn write_ic_controls(c: &IcControls, iwork: &mut [FInt], rwork: &mut [Real]) -> Result<(), SetupError> {
    let counts = [c.max_newton_iterations, c.max_jacobian_evaluations, c.max_step_values];
    let positive = |v: Real| v.is_finite() && v > 0.0;
    if counts.contains(&0) || !positive(c.step_tolerance) || !positive(c.newton_tolerance_factor) {
        return Err(SetupError::Invalid {
            what: "ic_controls",
            reason: "the counts must be at least 1 and the tolerances finite and positive",
        });
    }
    iwork[iw::MXNIT - 1] = fint(c.max_newton_iterations)?;
    iwork[iw::MXNJ - 1] = fint(c.max_jacobian_evaluations)?;
    iwork[iw::MXNH - 1] = fint(c.max_step_values)?;
    iwork[iw::LSOFF - 1] = FInt::from(!c.line_search);
    rwork[rw::STPTOL - 1] = c.step_tolerance;
    rwork[rw::EPINIT - 1] = c.newton_tolerance_factor;
    Ok(())
}

impl StepControls {
    /// The core's view: which of the inputs are given (DDASKR's INFO
    /// entries of the same meaning).
    pub(crate) fn selected(&self) -> controls::StepControls {
        controls::StepControls {
            vector_tolerances: matches!(self.tolerance, Tolerance::Vector { .. }),
            intermediate_output: self.intermediate_output,
            use_tstop: self.tstop.is_some(),
            use_hmax: self.max_step.is_some(),
            use_h0: self.initial_step.is_some(),
            use_maxord: self.max_order != 5,
            stop_after_ic: self.stop_after_initial_conditions,
            exclude_algebraic: self.exclude_algebraic,
            ic_controls: self.ic_controls.is_some(),
            ic_print: self.ic_print_level,
        }
    }
}

/// What the next call does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// A first call (INFO(1) = 0) with the arrays prepared.
    Start,
    /// A continuation call (INFO(1) = 1).
    Continue,
    /// The initial conditions were returned (IDID = 4): start again from
    /// them without computing them again or stopping after them.
    AfterInitialConditions,
    /// An event was returned: the solver must restart first.
    Restart,
}

/// How the next call begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Begin {
    pub phase: Phase,
    /// The start computes initial conditions as the options ask (false
    /// after they were returned: the start takes them as given).
    pub initial_conditions: bool,
    /// The work arrays must be prepared for the start first.
    pub prepare: bool,
}

/// An integration's state between calls.
pub(crate) struct Run {
    rtol: Vec<Real>,
    atol: Vec<Real>,
    pub t: Real,
    pub y: Vec<Real>,
    pub yp: Vec<Real>,
    pub rwork: Vec<Real>,
    pub iwork: Vec<FInt>,
    pub messages: CollectMessages,
    next: Next,
    /// The start computes initial conditions as the options ask.
    initial_conditions: bool,
    /// A first call has succeeded (or failed after stepping).
    started: bool,
    /// Counters of earlier starts.
    carried: Stats,
}

impl Run {
    /// An integration from `(t0, y0, y'0)`; `yp_name` names the second
    /// vector in errors (`"yp0"` or `"zdot0"`).
    pub fn new(controls: &StepControls, t0: Real, y0: &[Real], yp0: &[Real], yp_name: &'static str) -> Result<Self, Error> {
        let n = y0.len();
        if n == 0 {
            return Err(SetupError::Empty.into());
        }
        fint(n)?;
        expect_len(yp_name, yp0.len(), n)?;
        let (rtol, atol) = tolerance_arrays(&controls.tolerance, n)?;
        Ok(Run {
            rtol,
            atol,
            t: t0,
            y: y0.to_vec(),
            yp: yp0.to_vec(),
            rwork: Vec::new(),
            iwork: Vec::new(),
            messages: CollectMessages::default(),
            next: Next::Start,
            initial_conditions: true,
            started: false,
            carried: Stats::default(),
        })
    }

    /// The work arrays at least `lenrw`, `leniw` long.
    pub fn size_arrays(&mut self, lenrw: usize, leniw: usize) {
        if self.rwork.len() < lenrw {
            self.rwork.resize(lenrw, 0.0);
        }
        if self.iwork.len() < leniw {
            self.iwork.resize(leniw, 0);
        }
    }

    /// Write the inputs of a first call the controls give (zero counters,
    /// MAXORD, H0, the IC controls) and make the next call a start.
    pub fn prepare_start(&mut self, controls: &StepControls) -> Result<(), SetupError> {
        IHeader::split(&mut self.iwork).0.zero_counters();
        self.iwork[iw::MAXORD - 1] = fint(controls.max_order)?;
        if let Some(h0) = controls.initial_step {
            self.rwork[rw::H - 1] = h0;
        }
        if let Some(c) = &controls.ic_controls {
            write_ic_controls(c, &mut self.iwork, &mut self.rwork)?;
        }
        self.next = Next::Start;
        Ok(())
    }

    /// How the next call begins (after an event, [`Error`] until the
    /// solver restarts).
    pub fn begin(&mut self) -> Result<Begin, Error> {
        let (phase, prepare) = match self.next {
            Next::Start => (Phase::Start, false),
            Next::Continue => (Phase::Continue, false),
            Next::AfterInitialConditions => {
                self.carry_counters();
                self.initial_conditions = false;
                (Phase::Start, true)
            }
            Next::Restart => return Err(Error::Input(InputError::RestartAfterEvent)),
        };
        Ok(Begin { phase, initial_conditions: self.initial_conditions, prepare })
    }

    /// One call of `protocol` with typed options towards `tout`: the
    /// inputs that may change between calls written first (TSTOP, HMAX).
    pub fn call<P, S>(
        &mut self,
        protocol: &mut P,
        options: &P::Options,
        (phase, controls): (Phase, &StepControls),
        sys: &mut S,
        tout: Real,
    ) -> Result<FInt, Interrupt>
    where
        P: Protocol<S>,
        S: DaeSystem + ?Sized,
    {
        if let Some(ts) = controls.tstop {
            self.rwork[rw::TSTOP - 1] = ts;
        }
        if let Some(h) = controls.max_step {
            self.rwork[rw::HMAX - 1] = h;
        }
        let state = (&mut self.t, &mut self.y[..], &mut self.yp[..]);
        let mut c = Common::owned(state, tout, (&mut self.rtol, &mut self.atol), &mut self.rwork, &mut self.iwork);
        call::call(protocol, &mut c, options, phase, sys, &mut self.messages)
    }

    /// Decide what the next call does after this one; true if the work
    /// arrays must be prepared for a start again (nothing was integrated:
    /// the next call is a first call).
    pub fn finish(&mut self, phase: Phase, result: &Result<FInt, Interrupt>, event: bool) -> bool {
        let ic_failed = matches!(result, Err(Interrupt::Step(f)) if f.idid() == -12);
        if phase == Phase::Start {
            self.started = match result {
                Ok(idid) => *idid != 4,
                Err(Interrupt::Step(_)) => !ic_failed,
                Err(Interrupt::Input(_)) => false,
            };
        }
        self.next = match result {
            Ok(_) if event => Next::Restart,
            // A grazing event (DSL48E's IDID = -16) is returned like an
            // event: the solver must restart at it.
            Err(Interrupt::Step(StepFailure::GrazingEvent { .. })) => Next::Restart,
            Ok(4) => Next::AfterInitialConditions,
            Ok(_) => Next::Continue,
            Err(_) if self.started => Next::Continue,
            Err(_) => {
                self.carry_counters();
                return true;
            }
        };
        false
    }

    /// Start again from `(t, y, y')` (the current values where `None`):
    /// the counters carried over, initial conditions computed as the
    /// options ask. The solver prepares the work arrays next.
    pub fn restart(&mut self, at: Option<(Real, &[Real], &[Real])>, yp_name: &'static str) -> Result<(), Error> {
        if let Some((t, y, yp)) = at {
            let n = self.y.len();
            expect_len("y", y.len(), n)?;
            expect_len(yp_name, yp.len(), n)?;
            self.t = t;
            self.y.copy_from_slice(y);
            self.yp.copy_from_slice(yp);
        }
        self.carry_counters();
        self.initial_conditions = true;
        self.started = false;
        self.next = Next::Start;
        Ok(())
    }

    /// Carry the counters of the run so far over to a new start.
    fn carry_counters(&mut self) {
        let now = Stats::from_work(&self.iwork, &self.rwork);
        self.carried = now.plus_counters(&self.carried);
        self.carried.preconditioner_residual_evaluations = 0;
    }

    /// Statistics, added up over restarts.
    pub fn stats(&self) -> Stats {
        Stats::from_work(&self.iwork, &self.rwork).plus_counters(&self.carried)
    }

    /// Change the tolerances for the following calls.
    pub fn set_tolerance(&mut self, controls: &mut StepControls, tolerance: Tolerance) -> Result<(), Error> {
        (self.rtol, self.atol) = tolerance_arrays(&tolerance, self.y.len())?;
        controls.tolerance = tolerance;
        Ok(())
    }
}

/// The methods [`Solver`](crate::api::Solver) and
/// [`HybridSolver`](crate::api::HybridSolver) share, written once for both
/// (each has `problem: Adapter<P>`, `options` with `controls`, and `run`).
macro_rules! shared_solver_methods {
    () => {
        /// Change TSTOP (INFO(4)) for the following calls; `None` removes it.
        pub fn set_tstop(&mut self, tstop: Option<Real>) {
            self.options.controls.tstop = tstop;
        }

        /// Change the largest step size HMAX (INFO(7)) for the following
        /// calls; `None` removes the limit.
        pub fn set_max_step(&mut self, hmax: Option<Real>) {
            self.options.controls.max_step = hmax;
        }

        /// Change the tolerances for the following calls.
        pub fn set_tolerance(&mut self, tolerance: Tolerance) -> Result<(), Error> {
            self.run.set_tolerance(&mut self.options.controls, tolerance)
        }

        /// The current time: the time of the solution and derivative the
        /// solver holds.
        pub fn t(&self) -> Real {
            self.run.t
        }

        /// The problem.
        pub fn problem(&self) -> &P {
            &self.problem.inner
        }

        /// The problem, to read or change its parameters or mode between
        /// calls (a change that makes the solution jump wants a restart).
        pub fn problem_mut(&mut self) -> &mut P {
            &mut self.problem.inner
        }

        /// Give the problem back.
        pub fn into_problem(self) -> P {
            self.problem.inner
        }

        /// Messages the solver produced (the Fortran and C entry points
        /// print them; here they are collected), oldest first.
        pub fn messages(&self) -> &[Vec<MessageLine>] {
            &self.run.messages.0
        }
    };
}
pub(crate) use shared_solver_methods;
