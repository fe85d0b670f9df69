//! [`Solver`]: one DDASKR integration with owned work arrays, driven
//! through the core's DDASKR call protocol.

use super::error::{Error, SetupError};
use super::options::{Constraint, IcControls, InitialConditions, Matrix, Options, Tolerance};
use super::outcome::{Outcome, Roots, Stats};
use super::precond::{Adapter, WorkNeeds};
use crate::core::ddaskr::{self, CallArgs};
use crate::core::error::InputError;
use crate::core::layout::{iw, rw, Layout, LayoutInput, Method};
use crate::core::linsol::direct::{JacobianSource, MatrixFormat};
use crate::core::linsol::krylov::KrylovDims;
use crate::core::messages::{CollectMessages, MessageLine};
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

/// RTOL and ATOL as the solver takes them, with INFO(2).
pub(crate) fn tolerance_arrays(tol: &Tolerance, n: usize) -> Result<(Vec<Real>, Vec<Real>, bool), SetupError> {
    match tol {
        Tolerance::Scalar { rtol, atol } => Ok((vec![*rtol], vec![*atol], false)),
        Tolerance::Vector { rtol, atol } => {
            expect_len("rtol", rtol.len(), n)?;
            expect_len("atol", atol.len(), n)?;
            Ok((rtol.clone(), atol.clone(), true))
        }
    }
}

/// The INFO(17) controls in IWORK(32..35), RWORK(14..15).
/// Checked here for both solvers (the DSL48E core does not check them).
pub(crate) fn write_ic_controls(c: &IcControls, iwork: &mut [FInt], rwork: &mut [Real]) -> Result<(), SetupError> {
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

/// Counters of the current run zeroed (they were carried over).
pub(crate) fn zero_counters(iwork: &mut [FInt]) {
    for pos in [iw::NST, iw::NRE, iw::NJE, iw::NETF, iw::NCFN, iw::NNI, iw::NLI, iw::NPS, iw::NCFL, iw::NRTE] {
        if let Some(v) = iwork.get_mut(pos - 1) {
            *v = 0;
        }
    }
}

/// The Krylov method's inputs as recorded for a (re)start.
#[derive(Clone, Copy, Debug)]
struct KrylovInputs {
    /// INFO(13) = 1: MAXL, KMP, NRMAX, EPLI given.
    given: bool,
    maxl: usize,
    kmp: usize,
    nrmax: usize,
    epli: Real,
    work: WorkNeeds,
}

/// What a (re)start writes into the work arrays, decoded from the options.
#[derive(Clone, Debug)]
struct StartInputs {
    format: MatrixFormat,
    /// The sparse pattern (1-based JROW, JCOL), INFO(6) = 2.
    sparse: Option<(Vec<FInt>, Vec<FInt>)>,
    source: JacobianSource,
    maxord: usize,
    h0: Option<Real>,
    id: Option<Vec<FInt>>,
    icnstr: Option<Vec<FInt>>,
    krylov: Option<KrylovInputs>,
    ic_controls: Option<IcControls>,
}

/// What the next call does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// A first call (INFO(1) = 0) with the arrays prepared.
    Start,
    /// A continuation call (INFO(1) = 1).
    Continue,
    /// The initial conditions were returned (IDID = 4): start again from
    /// them without INFO(11), INFO(14).
    AfterInitialConditions,
}

/// An integration of `G(t, y, y') = 0` in progress (DDASKR), owning its
/// work arrays.
///
/// ```
/// use daskr::api::{CallbackStatus, DaeSystem, Options, Outcome, Solver};
///
/// // y' = -y, y(0) = 1.
/// struct Decay;
/// impl DaeSystem for Decay {
///     fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
///         r[0] = yp[0] + y[0];
///         CallbackStatus::Ok
///     }
/// }
/// let mut s = Solver::new(Decay, 0.0, &[1.0], &[-1.0], Options::default()).unwrap();
/// assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout);
/// assert!((s.y()[0] - (-1.0f64).exp()).abs() < 1e-4);
/// ```
pub struct Solver<P: DaeSystem> {
    problem: Adapter<P>,
    options: Options,
    /// INFO as the options set it for a start.
    start_info: [FInt; 20],
    info: [FInt; 20],
    start: StartInputs,
    rtol: Vec<Real>,
    atol: Vec<Real>,
    t: Real,
    y: Vec<Real>,
    yp: Vec<Real>,
    rwork: Vec<Real>,
    iwork: Vec<FInt>,
    jroot: Vec<FInt>,
    messages: CollectMessages,
    next: Next,
    /// A first call has succeeded (or failed after stepping).
    started: bool,
    /// Counters of earlier runs of this solver.
    carried: Stats,
}

impl<P: DaeSystem> Solver<P> {
    /// Set up an integration from the initial point `(t0, y0, y'0)`; the
    /// values must be consistent unless [`Options::initial_conditions`]
    /// asks the solver to make them so.
    pub fn new(problem: P, t0: Real, y0: &[Real], yp0: &[Real], opts: Options) -> Result<Self, Error> {
        let n = y0.len();
        if n == 0 {
            return Err(SetupError::Empty.into());
        }
        fint(n)?;
        expect_len("yp0", yp0.len(), n)?;
        let (rtol, atol, vector) = tolerance_arrays(&opts.tolerance, n)?;
        let (problem, krylov) = match &opts.krylov {
            Some(k) => {
                if opts.matrix != Matrix::Dense {
                    return Err(SetupError::Invalid {
                        what: "matrix",
                        reason: "the Krylov method has no matrix: leave it Dense",
                    }
                    .into());
                }
                let (a, work) = Adapter::with_preconditioner(problem, &k.preconditioner, n)?;
                let given = k.max_dimension.is_some()
                    || k.orthogonalized_vectors.is_some()
                    || k.max_restarts.is_some()
                    || k.tolerance.is_some();
                let maxl = k.max_dimension.unwrap_or(n.min(5));
                let inputs = KrylovInputs {
                    given,
                    maxl,
                    kmp: k.orthogonalized_vectors.unwrap_or(maxl),
                    nrmax: k.max_restarts.unwrap_or(5),
                    epli: k.tolerance.unwrap_or(0.05),
                    work,
                };
                (a, Some(inputs))
            }
            None => (Adapter::plain(problem), None),
        };
        let mut info = [0; 20];
        info[1] = FInt::from(vector);
        info[2] = FInt::from(opts.intermediate_output);
        info[3] = FInt::from(opts.tstop.is_some());
        info[4] = FInt::from(opts.user_jacobian);
        // Set by Matrix::Sparse, which the single-precision instance lacks.
        #[cfg_attr(daskr_single, allow(unused_mut))]
        let mut sparse = None;
        let format = match &opts.matrix {
            Matrix::Dense => MatrixFormat::Dense,
            Matrix::Band { lower, upper } => {
                info[5] = 1;
                MatrixFormat::Band { ml: *lower, mu: *upper }
            }
            #[cfg(not(daskr_single))]
            Matrix::Sparse(pattern) => {
                info[5] = 2;
                sparse = Some(pattern.to_fortran(n)?);
                MatrixFormat::Dense
            }
        };
        info[6] = FInt::from(opts.max_step.is_some());
        info[7] = FInt::from(opts.initial_step.is_some());
        info[8] = FInt::from(opts.max_order != 5);
        info[9] = FInt::from(opts.constraints.is_some()) + 2 * FInt::from(opts.nonnegative);
        info[10] = match opts.initial_conditions {
            InitialConditions::Given => 0,
            InitialConditions::ComputeAlgebraic => 1,
            InitialConditions::ComputeStates => 2,
        };
        if let Some(k) = &krylov {
            info[11] = 1;
            info[12] = FInt::from(k.given);
            info[14] = FInt::from(k.work.setup);
        }
        info[13] = FInt::from(opts.stop_after_initial_conditions);
        info[15] = FInt::from(opts.exclude_algebraic);
        info[16] = FInt::from(opts.ic_controls.is_some());
        info[17] = FInt::from(opts.ic_print_level);
        info[19] = FInt::from(opts.root_search.double_crossings) + 2 * FInt::from(opts.root_search.wait_while_zero);
        let id = match &opts.differential {
            Some(d) => {
                expect_len("differential", d.len(), n)?;
                Some(d.iter().map(|&d| if d { 1 } else { -1 }).collect())
            }
            None if info[10] == 1 => {
                return Err(SetupError::Invalid {
                    what: "differential",
                    reason: "computing the algebraic components needs to know which they are",
                }
                .into())
            }
            None if opts.exclude_algebraic => {
                return Err(SetupError::Invalid {
                    what: "differential",
                    reason: "excluding the algebraic components needs to know which they are",
                }
                .into())
            }
            None => None,
        };
        let icnstr = match &opts.constraints {
            Some(c) => {
                expect_len("constraints", c.len(), n)?;
                Some(c.iter().map(|c| Constraint::code(*c)).collect())
            }
            None => None,
        };
        let start = StartInputs {
            format,
            sparse,
            source: if opts.user_jacobian { JacobianSource::User } else { JacobianSource::DifferenceQuotients },
            maxord: opts.max_order,
            h0: opts.initial_step,
            id,
            icnstr,
            krylov,
            ic_controls: opts.ic_controls,
        };
        let mut s = Solver {
            problem,
            start_info: info,
            info,
            start,
            rtol,
            atol,
            t: t0,
            y: y0.to_vec(),
            yp: yp0.to_vec(),
            rwork: Vec::new(),
            iwork: Vec::new(),
            jroot: vec![0; opts.root_count],
            messages: CollectMessages::default(),
            next: Next::Start,
            started: false,
            carried: Stats::default(),
            options: opts,
        };
        fint(s.jroot.len())?;
        s.prepare_start()?;
        Ok(s)
    }

    /// Size the work arrays for a first call with the current INFO and
    /// write the optional inputs into them.
    fn prepare_start(&mut self) -> Result<(), SetupError> {
        let n = self.y.len();
        let st = &self.start;
        let method = match st.krylov {
            Some(k) => Method::Krylov {
                dims: KrylovDims { neq: n, maxl: k.maxl, kmp: k.kmp, nrmax: k.nrmax, lenwp: k.work.real },
                leniwp: k.work.int,
            },
            None => match &st.sparse {
                Some((jrow, _)) => Method::Sparse { nejac: jrow.len(), source: st.source },
                None => Method::Direct { format: st.format, source: st.source },
            },
        };
        let info = &self.info;
        let layout = Layout::compute(&LayoutInput {
            neq: fint(n)?,
            nrt: fint(self.jroot.len())?,
            maxord: st.maxord.clamp(1, 5),
            method,
            constraints_in_iwork: matches!(info[9], 1 | 3),
            id_in_iwork: info[10] == 1 || info[15] == 1,
            separate_vt: info[15] == 1,
        })
        .map_err(|_| SetupError::TooLarge)?;
        if self.rwork.len() < layout.lenrw {
            self.rwork.resize(layout.lenrw, 0.0);
        }
        if self.iwork.len() < layout.leniw {
            self.iwork.resize(layout.leniw, 0);
        }
        let (iwork, rwork) = (&mut self.iwork, &mut self.rwork);
        zero_counters(iwork);
        if let MatrixFormat::Band { ml, mu } = st.format {
            iwork[iw::ML - 1] = fint(ml)?;
            iwork[iw::MU - 1] = fint(mu)?;
        }
        if let Some((jrow, jcol)) = &st.sparse {
            let nejac = jrow.len();
            iwork[iw::sparse::NEJAC - 1] = fint(nejac)?;
            iwork[layout.ipvt..layout.ipvt + nejac].copy_from_slice(jrow);
            iwork[layout.ipvt + nejac..layout.ipvt + 2 * nejac].copy_from_slice(jcol);
        }
        iwork[iw::MAXORD - 1] = fint(st.maxord)?;
        if let Some(h0) = st.h0 {
            rwork[rw::H - 1] = h0;
        }
        if let (Some(c), Some(at)) = (&st.icnstr, layout.icns) {
            iwork[at..at + n].copy_from_slice(c);
        }
        if let (Some(id), Some(at)) = (&st.id, layout.id) {
            iwork[at..at + n].copy_from_slice(id);
        }
        if let Some(k) = st.krylov {
            iwork[iw::MAXL - 1] = fint(k.maxl)?;
            iwork[iw::KMP - 1] = fint(k.kmp)?;
            iwork[iw::NRMAX - 1] = fint(k.nrmax)?;
            iwork[iw::LENWP - 1] = fint(k.work.real)?;
            iwork[iw::LENIWP - 1] = fint(k.work.int)?;
            rwork[rw::EPLI - 1] = k.epli;
        }
        if let Some(c) = &st.ic_controls {
            write_ic_controls(c, iwork, rwork)?;
        }
        self.info[0] = 0;
        self.next = Next::Start;
        Ok(())
    }

    /// Carry the counters of the run so far over to a new start.
    fn carry_counters(&mut self) {
        let now = Stats::from_work(&self.iwork, &self.rwork);
        self.carried = now.plus_counters(&self.carried);
        self.carried.preconditioner_residual_evaluations = 0;
    }

    /// Advance towards `tout` (one DDASKR call): returns at `tout`, or
    /// earlier at a root, at TSTOP, after one step (intermediate output)
    /// or after the initial-condition calculation, as the options ask.
    ///
    /// After an [`Error::Step`] the next call continues the integration
    /// from the last point reached (DASKR's INFO(1) = 1 convention); after
    /// an [`Error::Input`] it retries with the corrected input.
    pub fn solve_to(&mut self, tout: Real) -> Result<Outcome, Error> {
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
        }
        let first = self.info[0] == 0;
        if let (Some(ts), true) = (self.options.tstop, self.info[3] == 1) {
            self.rwork[rw::TSTOP - 1] = ts;
        }
        if let Some(h) = self.options.max_step {
            self.rwork[rw::HMAX - 1] = h;
        }
        let mut idid = 0;
        let mut args = CallArgs {
            neq: self.y.len() as FInt,
            t: &mut self.t,
            y: &mut self.y,
            yp: &mut self.yp,
            tout,
            info: &mut self.info,
            rtol: &mut self.rtol,
            atol: &mut self.atol,
            idid: &mut idid,
            lrw: self.rwork.len() as FInt,
            rwork: &mut self.rwork,
            liw: self.iwork.len() as FInt,
            iwork: &mut self.iwork,
            nrt: self.jroot.len() as FInt,
            jroot: &mut self.jroot,
        };
        let result = ddaskr::ddaskr(&mut args, &mut self.problem, &mut self.messages);
        self.messages.0.extend(self.problem.take_messages());
        self.after_call(first, &result);
        match result.map_err(Error::from)? {
            1 => Ok(Outcome::Step),
            2 => Ok(Outcome::ReachedTstop),
            3 => Ok(Outcome::ReachedTout),
            4 => Ok(Outcome::InitialConditionsComputed),
            5 => Ok(Outcome::Root(Roots::from_jroot(&self.jroot))),
            _ => Err(Error::Input(InputError::Internal)),
        }
    }

    /// Decide what the next call does.
    fn after_call(&mut self, first: bool, result: &Result<FInt, crate::core::error::Interrupt>) {
        use crate::core::error::Interrupt;
        let ic_failed = matches!(result, Err(Interrupt::Step(f)) if f.idid() == -12);
        if first {
            self.started = match result {
                Ok(idid) => *idid != 4,
                Err(Interrupt::Step(_)) => !ic_failed,
                Err(Interrupt::Input(_)) => false,
            };
        }
        self.next = match result {
            Ok(4) => Next::AfterInitialConditions,
            Ok(_) => Next::Continue,
            Err(_) if self.started => Next::Continue,
            Err(_) => {
                // Nothing integrated yet: the next call is a first call.
                self.carry_counters();
                let _ = self.prepare_start();
                self.info[0] = 0;
                Next::Start
            }
        };
    }

    /// Start the integration again at `(t, y, y')` with the same options
    /// (the initial-condition calculation of the options runs again). Use
    /// it after a discontinuity, e.g. at a root where the model changes.
    pub fn restart(&mut self, t: Real, y: &[Real], yp: &[Real]) -> Result<(), Error> {
        let n = self.y.len();
        expect_len("y", y.len(), n)?;
        expect_len("yp", yp.len(), n)?;
        self.carry_counters();
        self.t = t;
        self.y.copy_from_slice(y);
        self.yp.copy_from_slice(yp);
        self.info = self.start_info;
        self.started = false;
        self.prepare_start()?;
        Ok(())
    }

    /// Change TSTOP (INFO(4)) for the following calls; `None` removes it.
    pub fn set_tstop(&mut self, tstop: Option<Real>) {
        self.options.tstop = tstop;
        let on = FInt::from(tstop.is_some());
        self.info[3] = on;
        self.start_info[3] = on;
    }

    /// Change the largest step size HMAX (INFO(7)) for the following
    /// calls; `None` removes the limit.
    pub fn set_max_step(&mut self, hmax: Option<Real>) {
        self.options.max_step = hmax;
        let on = FInt::from(hmax.is_some());
        self.info[6] = on;
        self.start_info[6] = on;
    }

    /// Change the tolerances for the following calls.
    pub fn set_tolerance(&mut self, tolerance: Tolerance) -> Result<(), Error> {
        let (rtol, atol, vector) = tolerance_arrays(&tolerance, self.y.len())?;
        (self.rtol, self.atol) = (rtol, atol);
        self.info[1] = FInt::from(vector);
        self.start_info[1] = FInt::from(vector);
        self.options.tolerance = tolerance;
        Ok(())
    }

    /// The current time: the time of the values [`y`](Self::y) and
    /// [`yp`](Self::yp) hold.
    pub fn t(&self) -> Real {
        self.t
    }

    /// The solution `y` at [`t`](Self::t).
    pub fn y(&self) -> &[Real] {
        &self.y
    }

    /// The derivative `y'` at [`t`](Self::t).
    pub fn yp(&self) -> &[Real] {
        &self.yp
    }

    /// The problem.
    pub fn problem(&self) -> &P {
        &self.problem.inner
    }

    /// The problem, to change its parameters between calls (a change that
    /// makes the solution jump should be followed by
    /// [`restart`](Self::restart)).
    pub fn problem_mut(&mut self) -> &mut P {
        &mut self.problem.inner
    }

    /// Give the problem back.
    pub fn into_problem(self) -> P {
        self.problem.inner
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Messages the solver produced (the Fortran and C entry points print
    /// them; here they are collected), oldest first.
    pub fn messages(&self) -> &[Vec<MessageLine>] {
        &self.messages.0
    }

    /// Solver statistics, added up over restarts.
    pub fn stats(&self) -> Stats {
        let mut s = Stats::from_work(&self.iwork, &self.rwork).plus_counters(&self.carried);
        s.preconditioner_residual_evaluations = self.problem.precond_residuals;
        s
    }
}
