//! A safe, idiomatic Rust API over the same core that serves the Fortran
//! and C entry points.
//!
//! ```
//! use daskr::api::{Options, Outcome, Solver};
//! use daskr::core::problem::{CallbackStatus, DaeSystem};
//!
//! // y' = -y, y(0) = 1.
//! struct Decay;
//! impl DaeSystem for Decay {
//!     fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
//!         r[0] = yp[0] + y[0];
//!         CallbackStatus::Ok
//!     }
//! }
//! let mut s = Solver::new(Decay, 0.0, &[1.0], &[-1.0], Options::default()).unwrap();
//! assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout);
//! assert!((s.y()[0] - (-1.0f64).exp()).abs() < 1e-4);
//! ```

pub use crate::core::error::Interrupt as Error;
pub use crate::core::error::{InputError, StepFailure};
pub use crate::core::problem::{CallbackStatus, DaeSystem, MatrixStorage};

use crate::core::ddaskr::{self, CallArgs};
use crate::core::layout::{iw, rw, Layout, LayoutInput, Method};
use crate::core::linsol::direct::{JacobianSource, MatrixFormat};
use crate::core::messages::{CollectMessages, MessageLine};
use crate::types::{FInt, Real};

/// Structure of the iteration matrix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Matrix {
    #[default]
    Dense,
    /// Banded with lower and upper half-bandwidths.
    Band { lower: usize, upper: usize },
}

/// Error tolerances: the same for all components, or per component.
#[derive(Clone, Debug, PartialEq)]
pub enum Tolerance {
    Scalar { rtol: Real, atol: Real },
    Vector { rtol: Vec<Real>, atol: Vec<Real> },
}

/// Solver options (the INFO array and its optional inputs).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub tolerance: Tolerance,
    pub matrix: Matrix,
    /// Call [`DaeSystem::jacobian`] instead of forming difference quotients.
    pub user_jacobian: bool,
    /// Never step past this point.
    pub tstop: Option<Real>,
    pub max_step: Option<Real>,
    pub initial_step: Option<Real>,
    /// Maximum BDF order, 1..=5.
    pub max_order: usize,
    /// Return after every internal step.
    pub intermediate_output: bool,
    /// Number of root functions evaluated by [`DaeSystem::roots`].
    pub root_count: usize,
    /// Per component: true for differential, false for algebraic
    /// variables; algebraic ones are left out of the error test.
    pub differential: Option<Vec<bool>>,
    /// Keep the solution nonnegative during the integration.
    pub nonnegative: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            tolerance: Tolerance::Scalar { rtol: 1e-6, atol: 1e-6 },
            matrix: Matrix::Dense,
            user_jacobian: false,
            tstop: None,
            max_step: None,
            initial_step: None,
            max_order: 5,
            intermediate_output: false,
            root_count: 0,
            differential: None,
            nonnegative: false,
        }
    }
}

/// How a successful [`Solver::solve_to`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One internal step taken (intermediate output), before TOUT.
    Step,
    /// Stopped exactly at TSTOP.
    ReachedTstop,
    /// Reached TOUT (by interpolation).
    ReachedTout,
    /// Root(s) found at the current time; per function +1 (rising),
    /// -1 (falling), 0 (no root).
    Root(Vec<i32>),
}

/// Solver statistics (DASKR's IWORK counters).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    pub steps: i32,
    pub residual_evaluations: i32,
    pub jacobian_evaluations: i32,
    pub error_test_failures: i32,
    pub convergence_failures: i32,
    pub nonlinear_iterations: i32,
    pub root_function_evaluations: i32,
    pub order: i32,
    pub step_size: Real,
}

/// An integration in progress; owns its work arrays.
pub struct Solver<P: DaeSystem> {
    problem: P,
    info: [FInt; 20],
    rtol: Vec<Real>,
    atol: Vec<Real>,
    t: Real,
    y: Vec<Real>,
    yp: Vec<Real>,
    rwork: Vec<Real>,
    iwork: Vec<FInt>,
    jroot: Vec<FInt>,
    messages: CollectMessages,
    /// The last call was interrupted by a step failure: continue it.
    resume: bool,
}

impl<P: DaeSystem> Solver<P> {
    /// Set up an integration from a consistent initial point (t0, y0, y'0).
    pub fn new(problem: P, t0: Real, y0: &[Real], yp0: &[Real], opts: Options) -> Result<Self, Error> {
        let neq = y0.len();
        if yp0.len() != neq || neq == 0 || neq > FInt::MAX as usize {
            return Err(InputError::NeqNotPositive { neq: FInt::try_from(neq).unwrap_or(FInt::MAX) }.into());
        }
        let mut info = [0; 20];
        let (rtol, atol) = match &opts.tolerance {
            Tolerance::Scalar { rtol, atol } => (vec![*rtol], vec![*atol]),
            Tolerance::Vector { rtol, atol } => {
                if rtol.len() != neq || atol.len() != neq {
                    return Err(InputError::ToleranceNotFinite.into());
                }
                info[1] = 1;
                (rtol.clone(), atol.clone())
            }
        };
        info[2] = FInt::from(opts.intermediate_output);
        info[3] = FInt::from(opts.tstop.is_some());
        info[4] = FInt::from(opts.user_jacobian);
        let format = match opts.matrix {
            Matrix::Dense => MatrixFormat::Dense,
            Matrix::Band { lower, upper } => {
                info[5] = 1;
                MatrixFormat::Band { ml: lower, mu: upper }
            }
        };
        let source = if opts.user_jacobian { JacobianSource::User } else { JacobianSource::DifferenceQuotients };
        info[6] = FInt::from(opts.max_step.is_some());
        info[7] = FInt::from(opts.initial_step.is_some());
        info[8] = FInt::from(opts.max_order != 5);
        info[9] = if opts.nonnegative { 2 } else { 0 };
        info[15] = FInt::from(opts.differential.is_some());
        let layout = Layout::compute(&LayoutInput {
            neq: neq as FInt,
            nrt: opts.root_count as FInt,
            maxord: opts.max_order.clamp(1, 5),
            method: Method::Direct { format, source },
            constraints_in_iwork: false,
            id_in_iwork: opts.differential.is_some(),
            separate_vt: opts.differential.is_some(),
        })
        .map_err(|_| InputError::LengthOverflow { neq: neq as FInt })?;
        let mut rwork = vec![0.0; layout.lenrw];
        let mut iwork = vec![0; layout.leniw];
        if let Matrix::Band { lower, upper } = opts.matrix {
            iwork[iw::ML - 1] = FInt::try_from(lower).unwrap_or(FInt::MAX);
            iwork[iw::MU - 1] = FInt::try_from(upper).unwrap_or(FInt::MAX);
        }
        iwork[iw::MAXORD - 1] = FInt::try_from(opts.max_order).unwrap_or(FInt::MAX);
        if let Some(ts) = opts.tstop {
            rwork[rw::TSTOP - 1] = ts;
        }
        if let Some(h) = opts.max_step {
            rwork[rw::HMAX - 1] = h;
        }
        if let Some(h) = opts.initial_step {
            rwork[rw::H - 1] = h;
        }
        if let (Some(diff), Some(id)) = (&opts.differential, layout.id) {
            if diff.len() != neq {
                return Err(InputError::IdIllegal.into());
            }
            for (slot, &d) in iwork[id..id + neq].iter_mut().zip(diff) {
                *slot = if d { 1 } else { -1 };
            }
        }
        Ok(Solver {
            problem,
            info,
            rtol,
            atol,
            t: t0,
            y: y0.to_vec(),
            yp: yp0.to_vec(),
            rwork,
            iwork,
            jroot: vec![0; opts.root_count],
            messages: CollectMessages::default(),
            resume: false,
        })
    }

    /// Advance towards `tout` (one DDASKR call). After an interrupted
    /// integration (an `Err`), the next call continues it (DASKR's
    /// INFO(1) = 1 convention), except after illegal input.
    pub fn solve_to(&mut self, tout: Real) -> Result<Outcome, Error> {
        if self.resume {
            self.info[0] = 1;
            self.resume = false;
        }
        let mut idid = 0;
        let neq = self.y.len() as FInt;
        let (lrw, liw) = (self.rwork.len() as FInt, self.iwork.len() as FInt);
        let nrt = self.jroot.len() as FInt;
        let mut args = CallArgs {
            neq,
            t: &mut self.t,
            y: &mut self.y,
            yp: &mut self.yp,
            tout,
            info: &mut self.info,
            rtol: &mut self.rtol,
            atol: &mut self.atol,
            idid: &mut idid,
            rwork: &mut self.rwork,
            lrw,
            iwork: &mut self.iwork,
            liw,
            nrt,
            jroot: &mut self.jroot,
        };
        let result = ddaskr::ddaskr(&mut args, &mut self.problem, &mut self.messages);
        self.resume = matches!(result, Err(Error::Step(_)));
        match result? {
            1 => Ok(Outcome::Step),
            2 => Ok(Outcome::ReachedTstop),
            3 => Ok(Outcome::ReachedTout),
            5 => Ok(Outcome::Root(self.jroot.clone())),
            _ => Err(InputError::Internal.into()),
        }
    }

    pub fn t(&self) -> Real {
        self.t
    }
    pub fn y(&self) -> &[Real] {
        &self.y
    }
    pub fn yp(&self) -> &[Real] {
        &self.yp
    }
    pub fn problem_mut(&mut self) -> &mut P {
        &mut self.problem
    }

    /// Messages the solver produced (the FFI prints them; here they are
    /// collected), oldest first.
    pub fn messages(&self) -> &[Vec<MessageLine>] {
        &self.messages.0
    }

    pub fn stats(&self) -> Stats {
        let i = |p: usize| self.iwork[p - 1];
        Stats {
            steps: i(iw::NST),
            residual_evaluations: i(iw::NRE),
            jacobian_evaluations: i(iw::NJE),
            error_test_failures: i(iw::NETF),
            convergence_failures: i(iw::NCFN),
            nonlinear_iterations: i(iw::NNI),
            root_function_evaluations: i(iw::NRTE),
            order: i(iw::KOLD),
            step_size: self.rwork[rw::HOLD - 1],
        }
    }
}
