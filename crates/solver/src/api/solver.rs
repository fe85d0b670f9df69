//! [`Solver`]: one DDASKR integration with owned work arrays, driven
//! through the core's call shell with DDASKR's options built directly
//! from [`Options`] (no INFO array in between).

use super::error::{Error, SetupError};
use super::options::{Constraint, InitialConditions, Matrix, Options, Tolerance};
use super::outcome::{Outcome, Roots, Stats};
use super::precond::{Adapter, WorkNeeds};
use super::run::{expect_len, fint, Run};
#[cfg(not(daskr_single))]
use super::sensitivity::{SensitivityOptions, SensitivityStats};
use crate::core::ddaskr::{Ddaskr, DdaskrOptions, MatrixKind};
use crate::core::error::InputError;
use crate::core::layout::{iw, rw, Layout, LayoutInput, Method};
use crate::core::linsol::direct::{JacobianSource, MatrixFormat};
use crate::core::linsol::krylov::KrylovDims;
use crate::core::messages::MessageLine;
use crate::core::problem::DaeSystem;
use crate::core::roots::RootOptions;
use crate::types::{FInt, Real};

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

/// What a (re)start writes into the work arrays beyond the step
/// controls, decoded from the options.
#[derive(Clone, Debug)]
struct StartInputs {
    format: MatrixFormat,
    /// The sparse pattern (1-based JROW, JCOL), INFO(6) = 2.
    sparse: Option<(Vec<FInt>, Vec<FInt>)>,
    source: JacobianSource,
    id: Option<Vec<FInt>>,
    icnstr: Option<Vec<FInt>>,
    krylov: Option<KrylovInputs>,
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
    start: StartInputs,
    jroot: Vec<FInt>,
    #[cfg(not(daskr_single))]
    sens: Option<sens::SolverSens>,
    run: Run,
}

/// The sensitivities of a [`Solver`]: their options and arrays (kept
/// here, beside DDASKR's work arrays, which have no room for them).
#[cfg(not(daskr_single))]
mod sens {
    use crate::api::sensitivity::{SensitivityOptions, SensitivityStats};
    use crate::core::sensitivity::{Parameter, SensCounters};
    use crate::types::{FInt, Real};

    pub(super) struct SolverSens {
        pub options: SensitivityOptions,
        pub params: Vec<Parameter>,
        /// s, s' (NP blocks of NEQ); their PHI (NP blocks of MAXORD+1
        /// columns), corrections and weights.
        pub s: Vec<Real>,
        pub sp: Vec<Real>,
        pub phi: Vec<Real>,
        pub e: Vec<Real>,
        pub wt: Vec<Real>,
        pub ncphi: usize,
        pub counters: SensCounters,
        pub carried: SensitivityStats,
        /// +1 differential, -1 algebraic.
        pub id: Vec<FInt>,
        /// The next start makes them consistent.
        pub consistent: bool,
    }
}

/// The Krylov method's inputs of the options, with the problem behind its
/// preconditioner adapter.
fn krylov_inputs<P: DaeSystem>(problem: P, opts: &Options, n: usize) -> Result<(Adapter<P>, Option<KrylovInputs>), Error> {
    let Some(k) = &opts.krylov else {
        return Ok((Adapter::plain(problem), None));
    };
    if opts.matrix != Matrix::Dense {
        return Err(SetupError::Invalid { what: "matrix", reason: "the Krylov method has no matrix: leave it Dense" }.into());
    }
    let (a, work) = Adapter::with_preconditioner(problem, &k.preconditioner, n)?;
    let given =
        k.max_dimension.is_some() || k.orthogonalized_vectors.is_some() || k.max_restarts.is_some() || k.tolerance.is_some();
    let maxl = k.max_dimension.unwrap_or(n.min(5));
    let inputs = KrylovInputs {
        given,
        maxl,
        kmp: k.orthogonalized_vectors.unwrap_or(maxl),
        nrmax: k.max_restarts.unwrap_or(5),
        epli: k.tolerance.unwrap_or(0.05),
        work,
    };
    Ok((a, Some(inputs)))
}

/// The ID array of the options (+1 differential, -1 algebraic), required
/// where the options need it.
fn id_array(opts: &Options, n: usize) -> Result<Option<Vec<FInt>>, SetupError> {
    if let Some(d) = &opts.differential {
        expect_len("differential", d.len(), n)?;
        return Ok(Some(d.iter().map(|&d| if d { 1 } else { -1 }).collect()));
    }
    let reason = if opts.initial_conditions == InitialConditions::ComputeAlgebraic {
        "computing the algebraic components needs to know which they are"
    } else if opts.controls.exclude_algebraic {
        "excluding the algebraic components needs to know which they are"
    } else {
        return Ok(None);
    };
    Err(SetupError::Invalid { what: "differential", reason })
}

impl<P: DaeSystem> Solver<P> {
    super::run::shared_solver_methods!();

    /// Set up an integration from the initial point `(t0, y0, y'0)`; the
    /// values must be consistent unless [`Options::initial_conditions`]
    /// asks the solver to make them so.
    pub fn new(problem: P, t0: Real, y0: &[Real], yp0: &[Real], opts: Options) -> Result<Self, Error> {
        let run = Run::new(&opts.controls, t0, y0, yp0, "yp0")?;
        let n = y0.len();
        let (problem, krylov) = krylov_inputs(problem, &opts, n)?;
        // Set by Matrix::Sparse, which the single-precision instance lacks.
        #[cfg_attr(daskr_single, allow(unused_mut))]
        let mut sparse = None;
        let format = match &opts.matrix {
            Matrix::Dense => MatrixFormat::Dense,
            Matrix::Band { lower, upper } => MatrixFormat::Band { ml: *lower, mu: *upper },
            #[cfg(not(daskr_single))]
            Matrix::Sparse(pattern) => {
                sparse = Some(pattern.to_fortran(n)?);
                MatrixFormat::Dense
            }
        };
        let icnstr = match &opts.constraints {
            Some(c) => {
                expect_len("constraints", c.len(), n)?;
                Some(c.iter().map(|c| Constraint::code(*c)).collect())
            }
            None => None,
        };
        let source = if opts.user_jacobian { JacobianSource::User } else { JacobianSource::DifferenceQuotients };
        let start = StartInputs { format, sparse, source, id: id_array(&opts, n)?, icnstr, krylov };
        let mut s = Solver {
            problem,
            start,
            jroot: vec![0; opts.root_count],
            #[cfg(not(daskr_single))]
            sens: None,
            run,
            options: opts,
        };
        fint(s.jroot.len())?;
        s.prepare_start(true)?;
        Ok(s)
    }

    /// DDASKR's options for the next call: the start computes initial
    /// conditions as the options ask unless they were just returned.
    fn core_options(&self, initial_conditions: bool) -> DdaskrOptions {
        let o = &self.options;
        let mut controls = o.controls.selected();
        let initial_condition = match o.initial_conditions {
            _ if !initial_conditions => 0,
            InitialConditions::Given => 0,
            InitialConditions::ComputeAlgebraic => 1,
            InitialConditions::ComputeStates => 2,
        };
        controls.stop_after_ic &= initial_conditions;
        let matrix = match (&self.start.sparse, self.start.format) {
            (Some(_), _) => MatrixKind::Sparse,
            (None, MatrixFormat::Band { .. }) => MatrixKind::Band,
            (None, MatrixFormat::Dense) => MatrixKind::Dense,
        };
        let krylov = self.start.krylov;
        DdaskrOptions {
            controls,
            user_jacobian: o.user_jacobian,
            matrix,
            constraints: u8::from(o.constraints.is_some()) + 2 * u8::from(o.nonnegative),
            initial_condition,
            krylov: krylov.is_some(),
            krylov_parameters: krylov.is_some_and(|k| k.given),
            preconditioner_setup: krylov.is_some_and(|k| k.work.setup),
            roots: RootOptions {
                find_dips: o.root_search.double_crossings,
                mask_zeros: o.root_search.wait_while_zero,
            },
        }
    }

    /// Size the work arrays for a first call (which computes initial
    /// conditions as the options ask, or not) and write the optional inputs
    /// into them.
    fn prepare_start(&mut self, initial_conditions: bool) -> Result<(), SetupError> {
        let n = self.run.y.len();
        let st = &self.start;
        let o = self.core_options(initial_conditions);
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
        let layout = Layout::compute(&LayoutInput {
            neq: fint(n)?,
            nrt: fint(self.jroot.len())?,
            maxord: self.options.controls.max_order.clamp(1, 5),
            method,
            constraints_in_iwork: o.constraints_in_iwork(),
            id_in_iwork: o.id_in_iwork(),
            separate_vt: o.controls.exclude_algebraic,
        })
        .map_err(|_| SetupError::TooLarge)?;
        self.run.size_arrays(layout.lenrw, layout.leniw);
        self.run.prepare_start(&self.options.controls)?;
        let (iwork, rwork) = (&mut self.run.iwork, &mut self.run.rwork);
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
        Ok(())
    }

    /// Advance towards `tout` (one DDASKR call): returns at `tout`, or
    /// earlier at a root, at TSTOP, after one step (intermediate output)
    /// or after the initial-condition calculation, as the options ask.
    ///
    /// After an [`Error::Step`] the next call continues the integration
    /// from the last point reached (DASKR's INFO(1) = 1 convention); after
    /// an [`Error::Input`] it retries with the corrected input.
    pub fn solve_to(&mut self, tout: Real) -> Result<Outcome, Error> {
        let begin = self.run.begin()?;
        if begin.prepare {
            self.prepare_start(begin.initial_conditions)?;
        }
        let options = self.core_options(begin.initial_conditions);
        #[cfg_attr(daskr_single, allow(unused_mut))]
        let mut protocol = Ddaskr::new(self.jroot.len() as FInt, &mut self.jroot);
        #[cfg(not(daskr_single))]
        if let Some(sens) = self.sens.as_mut() {
            use crate::core::ddaskr::sens::DdaskrSens;
            use crate::core::sensitivity::SensArrays;
            let arrays = SensArrays {
                s: &mut sens.s,
                sp: &mut sens.sp,
                phi: &mut sens.phi,
                ncphi: sens.ncphi,
                e: &mut sens.e,
                wt: &mut sens.wt,
            };
            protocol = protocol.with_sensitivities(DdaskrSens {
                options: sens.options.core(),
                params: sens.params.clone(),
                arrays,
                counters: &mut sens.counters,
                id: &sens.id,
                consistent: sens.consistent,
            });
        }
        let (phase, controls) = (begin.phase, &self.options.controls);
        // A trait object: one instance of the core for every problem type
        // (and the Fortran/C DDASKR's), see ffi/generic/solver.rs.
        let problem: &mut dyn DaeSystem = &mut self.problem;
        let result = self.run.call(&mut protocol, &options, (phase, controls), problem, tout);
        self.run.messages.0.extend(self.problem.take_messages());
        if self.run.finish(begin.phase, &result, false) {
            let _ = self.prepare_start(begin.initial_conditions);
        }
        match result.map_err(Error::from)? {
            1 => Ok(Outcome::Step),
            2 => Ok(Outcome::ReachedTstop),
            3 => Ok(Outcome::ReachedTout),
            4 => Ok(Outcome::InitialConditionsComputed),
            5 => Ok(Outcome::Root(Roots::from_jroot(&self.jroot))),
            _ => Err(Error::Input(InputError::Internal)),
        }
    }

    /// Start the integration again at `(t, y, y')` with the same options
    /// (the initial-condition calculation of the options runs again). Use
    /// it after a discontinuity, e.g. at a root where the model changes.
    pub fn restart(&mut self, t: Real, y: &[Real], yp: &[Real]) -> Result<(), Error> {
        self.run.restart(Some((t, y, yp)), "yp")?;
        #[cfg(not(daskr_single))]
        if let Some(sens) = self.sens.as_mut() {
            // The sensitivities go on from their values, made consistent
            // at the new point.
            sens.carried = sens.carried.plus(SensitivityStats::of(&sens.counters));
            sens.counters = Default::default();
            sens.consistent = true;
        }
        self.prepare_start(true)?;
        Ok(())
    }

    /// [`new`](Self::new) with parametric sensitivities s_i = dy/dp_i
    /// (dense, band or sparse matrices; not with Krylov). dF/dp comes from
    /// [`DaeSystem::parameter_derivative`] or from difference quotients
    /// in the parameters the problem lends
    /// ([`DaeSystem::parameter`]/[`DaeSystem::set_parameter`]).
    ///
    /// ```
    /// use daskr::api::*;
    ///
    /// // y' = -k y, y(0) = y0: dy/dk = -t y, dy/dy0 = exp(-k t).
    /// struct Decay { k: f64 }
    /// impl DaeSystem for Decay {
    ///     fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
    ///         r[0] = yp[0] + self.k * y[0];
    ///         CallbackStatus::Ok
    ///     }
    ///     // For difference quotients in k (parameter 0; y0, parameter 1, is not in F).
    ///     fn parameter(&mut self, i: usize) -> Option<f64> {
    ///         (i == 0).then_some(self.k)
    ///     }
    ///     fn set_parameter(&mut self, _i: usize, v: f64) {
    ///         self.k = v;
    ///     }
    /// }
    /// let mut sens = SensitivityOptions::new(2, ParameterDerivatives::CentredDifferences);
    /// sens.initial = Some(vec![vec![0.0], vec![1.0]]);
    /// let mut opts = Options::default();
    /// opts.controls.tolerance = Tolerance::Scalar { rtol: 1e-8, atol: 1e-8 };
    /// let mut s = Solver::with_sensitivities(Decay { k: 0.5 }, 0.0, &[2.0], &[-1.0], opts, sens).unwrap();
    /// s.solve_to(2.0).unwrap();
    /// let y = 2.0 * (-1.0f64).exp();
    /// assert!((s.sensitivity(0)[0] + 2.0 * y).abs() < 1e-6);
    /// assert!((s.sensitivity(1)[0] - (-1.0f64).exp()).abs() < 1e-6);
    /// ```
    #[cfg(not(daskr_single))]
    pub fn with_sensitivities(
        problem: P,
        t0: Real,
        y0: &[Real],
        yp0: &[Real],
        opts: Options,
        sensitivities: SensitivityOptions,
    ) -> Result<Self, Error> {
        if opts.krylov.is_some() {
            return Err(SetupError::Invalid { what: "sensitivities", reason: "need a direct method (not Krylov)" }.into());
        }
        let mut solver = Self::new(problem, t0, y0, yp0, opts)?;
        let n = y0.len();
        let (s, sp, compute) = sensitivities.initial_values(n)?;
        let inner = &mut solver.problem.inner;
        let params = sensitivities.parameters(|ip| inner.parameter(ip));
        let np = sensitivities.parameters;
        let ncphi = solver.options.controls.max_order.clamp(1, 5) + 1;
        let id = match &solver.start.id {
            Some(id) => id.clone(),
            None => vec![1; n],
        };
        let consistent = compute || solver.options.initial_conditions == InitialConditions::ComputeAlgebraic;
        solver.sens = Some(sens::SolverSens {
            options: sensitivities,
            params,
            s,
            sp,
            phi: vec![0.0; np * ncphi * n],
            e: vec![0.0; np * n],
            wt: vec![0.0; np * n],
            ncphi,
            counters: Default::default(),
            carried: SensitivityStats::default(),
            id,
            consistent,
        });
        Ok(solver)
    }

    /// The sensitivities s_i = dy/dp_i at [`t`](Self::t), one block of
    /// NEQ per parameter (empty without sensitivities).
    #[cfg(not(daskr_single))]
    pub fn sensitivities(&self) -> &[Real] {
        self.sens.as_ref().map_or(&[], |s| &s.s)
    }

    /// s_i = dy/dp_i at [`t`](Self::t) (panics if `i` is not a parameter).
    #[cfg(not(daskr_single))]
    pub fn sensitivity(&self, i: usize) -> &[Real] {
        let n = self.run.y.len();
        &self.sensitivities()[i * n..(i + 1) * n]
    }

    /// The derivatives s_i' at [`t`](Self::t), blocks as in
    /// [`sensitivities`](Self::sensitivities).
    #[cfg(not(daskr_single))]
    pub fn sensitivity_derivatives(&self) -> &[Real] {
        self.sens.as_ref().map_or(&[], |s| &s.sp)
    }

    /// The sensitivities, to change before [`restart`](Self::restart)
    /// (after a discontinuity that moves y by a parameter-dependent jump).
    #[cfg(not(daskr_single))]
    pub fn sensitivities_mut(&mut self) -> &mut [Real] {
        self.sens.as_mut().map_or(&mut [], |s| &mut s.s)
    }

    /// The sensitivity counters, added up over restarts.
    #[cfg(not(daskr_single))]
    pub fn sensitivity_stats(&self) -> SensitivityStats {
        self.sens.as_ref().map_or(SensitivityStats::default(), |s| s.carried.plus(SensitivityStats::of(&s.counters)))
    }

    /// The solution `y` at [`t`](Self::t).
    pub fn y(&self) -> &[Real] {
        &self.run.y
    }

    /// The derivative `y'` at [`t`](Self::t).
    pub fn yp(&self) -> &[Real] {
        &self.run.yp
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Solver statistics, added up over restarts.
    pub fn stats(&self) -> Stats {
        let mut s = self.run.stats();
        s.preconditioner_residual_evaluations = self.problem.precond_residuals;
        s
    }
}
