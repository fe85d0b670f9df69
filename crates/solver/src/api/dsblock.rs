//! SLICOT-standard models (DSblock, seed `004`) through DDASKR: a model
//! given by ODEDER (`x' = f(t, x, u, p)`) or DAEDER
//! (`0 = F(t, x', x, u, p)`), optionally JACFX, an input function `u(t)`
//! and ODEOUT/DAEOUT outputs, integrated over a list of output times on
//! DDASKR's dense, band or sparse path. [`simulate`] is the logic behind
//! the exported routine DSBSIM (`src/ffi/dsblock.rs`), which only turns
//! the caller's pointers into a [`DsBlockModel`].
//!
//! The model routines return the standard's IERR (0: values computed);
//! any other value ends the simulation with [`DsBlockError::Model`],
//! naming the routine, its IERR and T.
//!
//! JACFX's storage ([`JacobianLayout`]) is the standard's, extended in the
//! way its Section 4 describes for LSODE: dense `FX(i,j)` with
//! `LDFX = NX`; band `FX(i-j+MU+1, j)` with `LDFX = ML+MU+1`; sparse
//! `FX(k)` for the k-th entry of the pattern. For an ODE JACFX gives
//! `df/dx` (the solver forms `CJ*I - df/dx`); for a DAE, whose JACFX the
//! standard leaves to be defined "analogously", it gives
//! `dF/dx + CJ*dF/dx'`, DASKR's iteration matrix, with CJ as an extra
//! argument.

use super::error::{Error, SetupError};
use super::options::{InitialConditions, Matrix, Options, StepControls, Tolerance};
use super::outcome::{Outcome, Stats};
use super::solver::Solver;
use super::sparse::SparsePattern;
use crate::core::error::StepFailure;
use crate::core::problem::{CallbackStatus, DaeSystem, JacobianPoint, MatrixStorage};
use crate::types::Real;

/// Which of the standard's model forms the routines implement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelForm {
    /// `x' = f(t, x, u, p)`: ODEDER, ODEOUT, JACFX = df/dx.
    Ode,
    /// `0 = F(t, x', x, u, p)`: DAEDER, DAEOUT, JACFX = dF/dx + CJ dF/dx'.
    Dae,
}

/// The model routines, named in a [`ModelFailure`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelRoutine {
    /// ODEDER or DAEDER.
    Derivatives,
    /// JACFX.
    Jacobian,
    /// The input function u(t).
    Inputs,
    /// ODEOUT or DAEOUT.
    Outputs,
}

impl ModelRoutine {
    /// The routine's number in DSBSIM's IOPT(17): 1 DERIV, 2 JACFX, 3
    /// INPUT, 4 OUTPUT.
    pub fn code(self) -> i32 {
        match self {
            ModelRoutine::Derivatives => 1,
            ModelRoutine::Jacobian => 2,
            ModelRoutine::Inputs => 3,
            ModelRoutine::Outputs => 4,
        }
    }
}

/// A model routine returned IERR /= 0.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("{routine:?} returned IERR = {ierr} at T = {t}")]
pub struct ModelFailure {
    /// The routine.
    pub routine: ModelRoutine,
    /// Its IERR.
    pub ierr: i32,
    /// The time of the call.
    pub t: Real,
}

/// Storage of the Jacobian FX that [`DsBlockModel::jacobian`] fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JacobianLayout {
    /// `FX(i,j)` at `fx[i + j*nx]` (LDFX = NX).
    Dense {
        /// NX.
        nx: usize,
    },
    /// LSODE's band storage: `(i,j)` at `fx[(i + mu - j) + j*(ml+mu+1)]`
    /// (LDFX = ML+MU+1), for `-mu <= i-j <= ml`.
    Band {
        /// NX.
        nx: usize,
        /// Lower half-bandwidth ML.
        ml: usize,
        /// Upper half-bandwidth MU.
        mu: usize,
    },
    /// Entry k of the pattern (IROW(k), ICOL(k)) at `fx[k]` (LDFX = NNZ).
    Sparse {
        /// The number of pattern entries.
        nnz: usize,
    },
}

impl JacobianLayout {
    /// The number of values FX holds.
    pub fn len(&self) -> usize {
        match *self {
            JacobianLayout::Dense { nx } => nx * nx,
            JacobianLayout::Band { nx, ml, mu } => (ml + mu + 1) * nx,
            JacobianLayout::Sparse { nnz } => nnz,
        }
    }

    /// True when FX holds no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// LDFX, the leading dimension passed to JACFX.
    pub fn leading_dimension(&self) -> usize {
        match *self {
            JacobianLayout::Dense { nx } => nx.max(1),
            JacobianLayout::Band { ml, mu, .. } => ml + mu + 1,
            JacobianLayout::Sparse { nnz } => nnz.max(1),
        }
    }
}

/// A model in the standard's form. Every method returns the standard's
/// IERR: 0 when the values were computed. For an ODE `xdot` is passed
/// but has no meaning to the model.
pub trait DsBlockModel {
    /// ODEDER: `f(t, x, u, p)` into `f`; DAEDER: `F(t, x', x, u, p)`.
    fn derivatives(&mut self, t: Real, xdot: &[Real], x: &[Real], u: &[Real], p: &[Real], f: &mut [Real]) -> i32;

    /// ODEOUT/DAEOUT: the outputs into `y`.
    fn outputs(&mut self, t: Real, xdot: &[Real], x: &[Real], u: &[Real], p: &[Real], y: &mut [Real]) -> i32;

    /// JACFX into `fx` (zeroed on entry) in `layout`; only called when
    /// [`DsBlockSetup::user_jacobian`] says the model has one.
    #[allow(clippy::too_many_arguments)]
    fn jacobian(
        &mut self,
        _t: Real,
        _xdot: &[Real],
        _x: &[Real],
        _u: &[Real],
        _p: &[Real],
        _cj: Real,
        _fx: &mut [Real],
        _layout: JacobianLayout,
    ) -> i32 {
        0
    }

    /// The input signals u(t) into `u`; only called when NU > 0.
    fn inputs(&mut self, _t: Real, _u: &mut [Real]) -> i32 {
        0
    }
}

/// The iteration matrix's structure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DsMatrix {
    /// Dense LU.
    Dense,
    /// Band LU with half-bandwidths ML (`lower`), MU (`upper`) of the
    /// Jacobian.
    Band {
        /// ML.
        lower: usize,
        /// MU.
        upper: usize,
    },
    /// Sparse LU on the pattern of `dF/dx + CJ dF/dx'` (DAE) or of `df/dx`
    /// (ODE; the diagonal is added when missing), 0-based entries.
    Sparse(SparsePattern),
}

/// What [`simulate`] integrates and how.
#[derive(Clone, Debug, PartialEq)]
pub struct DsBlockSetup {
    /// ODE or DAE.
    pub form: ModelForm,
    /// NU, the number of inputs.
    pub inputs: usize,
    /// NY, the number of outputs.
    pub outputs: usize,
    /// The iteration matrix.
    pub matrix: DsMatrix,
    /// JACFX is supplied; otherwise difference quotients.
    pub user_jacobian: bool,
    /// Tolerances on x.
    pub tolerance: Tolerance,
    /// DAE only: x' is to be computed from x at the start (DDASKR's
    /// INFO(11) = 1 with every component differential). For an ODE x' is
    /// always `f(t0, x0)`.
    pub compute_xdot: bool,
    /// The largest step, if any.
    pub max_step: Option<Real>,
}

/// How a simulation went.
#[derive(Clone, Debug, PartialEq)]
pub struct DsBlockReport {
    /// Output times reached (their columns of Y are filled).
    pub reached: usize,
    /// The solver's counters, added up over the run.
    pub stats: Stats,
}

/// Why a simulation stopped early.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DsBlockError {
    /// An argument is unusable (nothing integrated).
    #[error("{argument}: {reason}")]
    Argument {
        /// The argument's name in DSBSIM's list.
        argument: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// A model routine returned IERR /= 0.
    #[error(transparent)]
    Model(ModelFailure),
    /// The integrator failed (its IDID in [`Error::idid`]).
    #[error(transparent)]
    Solver(Error),
}

/// A stopped simulation: why, and how far it got.
#[derive(Clone, Debug, PartialEq)]
pub struct DsBlockFailure {
    /// Why.
    pub error: DsBlockError,
    /// What had been done: output times reached, counters.
    pub report: DsBlockReport,
}

/// The error of [`simulate`] (boxed: a report and an error are large).
pub type Failure = Box<DsBlockFailure>;

fn argument(argument: &'static str, reason: impl Into<String>) -> Failure {
    Box::new(DsBlockFailure {
        error: DsBlockError::Argument { argument, reason: reason.into() },
        report: DsBlockReport { reached: 0, stats: Stats::default() },
    })
}

/// The model as DDASKR's problem: G = x' - f (ODE) or F (DAE), the
/// iteration matrix from JACFX in the solver's storage.
struct Block<'a, M> {
    model: &'a mut M,
    form: ModelForm,
    p: &'a [Real],
    u: Vec<Real>,
    f: Vec<Real>,
    fx: Vec<Real>,
    layout: JacobianLayout,
    /// ODE, sparse: where the diagonal entries sit in the solver's pattern.
    diagonal: Vec<usize>,
    failure: Option<ModelFailure>,
}

impl<M: DsBlockModel> Block<'_, M> {
    fn fail(&mut self, routine: ModelRoutine, ierr: i32, t: Real) -> CallbackStatus {
        self.failure.get_or_insert(ModelFailure { routine, ierr, t });
        CallbackStatus::Stop
    }

    /// u(t) into `self.u`; false after a failure.
    fn inputs(&mut self, t: Real) -> bool {
        if self.u.is_empty() {
            return true;
        }
        let ierr = self.model.inputs(t, &mut self.u);
        if ierr != 0 {
            self.fail(ModelRoutine::Inputs, ierr, t);
        }
        ierr == 0
    }

    fn outputs(&mut self, t: Real, xdot: &[Real], x: &[Real], y: &mut [Real]) -> Result<(), ModelFailure> {
        if y.is_empty() {
            return Ok(());
        }
        if !self.inputs(t) {
            return Err(self.failure.expect("set by inputs"));
        }
        match self.model.outputs(t, xdot, x, &self.u, self.p, y) {
            0 => Ok(()),
            ierr => Err(ModelFailure { routine: ModelRoutine::Outputs, ierr, t }),
        }
    }
}

impl<M: DsBlockModel> DaeSystem for Block<'_, M> {
    /// A DSBLOCK model has no error weights of its own.
    fn may_set_error_weights(&self) -> bool {
        false
    }

    fn residual(&mut self, t: Real, x: &[Real], xdot: &[Real], _cj: Real, delta: &mut [Real]) -> CallbackStatus {
        if self.failure.is_some() || !self.inputs(t) {
            return CallbackStatus::Stop;
        }
        let ierr = match self.form {
            ModelForm::Dae => self.model.derivatives(t, xdot, x, &self.u, self.p, delta),
            ModelForm::Ode => {
                let ierr = self.model.derivatives(t, xdot, x, &self.u, self.p, &mut self.f);
                for ((d, yp), f) in delta.iter_mut().zip(xdot).zip(&self.f) {
                    *d = yp - f;
                }
                ierr
            }
        };
        if ierr != 0 {
            return self.fail(ModelRoutine::Derivatives, ierr, t);
        }
        CallbackStatus::Ok
    }

    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [Real], storage: MatrixStorage) -> CallbackStatus {
        // The solver's unknowns are the model's x; DSblock passes x' first.
        let JacobianPoint { t, y: x, yp: xdot, cj } = at;
        if self.failure.is_some() || !self.inputs(t) {
            return CallbackStatus::Stop;
        }
        self.fx.fill(0.0);
        let ierr = self.model.jacobian(t, xdot, x, &self.u, self.p, cj, &mut self.fx, self.layout);
        if ierr != 0 {
            return self.fail(ModelRoutine::Jacobian, ierr, t);
        }
        // ODE: G = x' - f, so dG/dx + CJ dG/dx' = CJ I - df/dx.
        let (sign, diag) = match self.form {
            ModelForm::Ode => (-1.0, cj),
            ModelForm::Dae => (1.0, 0.0),
        };
        match (self.layout, storage) {
            (JacobianLayout::Dense { nx }, MatrixStorage::Dense { .. }) => {
                for (d, v) in pd.iter_mut().zip(&self.fx) {
                    *d = sign * v;
                }
                for i in 0..nx {
                    pd[i + i * nx] += diag;
                }
            }
            (JacobianLayout::Band { nx, ml, mu }, MatrixStorage::Band { .. }) => {
                let (lu, ld) = (ml + mu + 1, 2 * ml + mu + 1);
                for j in 0..nx {
                    for i in j.saturating_sub(mu)..(j + ml + 1).min(nx) {
                        pd[i + ml + mu - j + j * ld] = sign * self.fx[i + mu - j + j * lu];
                    }
                    pd[ml + mu + j * ld] += diag;
                }
            }
            (JacobianLayout::Sparse { nnz }, MatrixStorage::Sparse { .. }) => {
                for (d, v) in pd[..nnz].iter_mut().zip(&self.fx) {
                    *d = sign * v;
                }
                for &k in &self.diagonal {
                    pd[k] += diag;
                }
            }
            // The solver's storage follows the setup's matrix.
            _ => return CallbackStatus::Stop,
        }
        CallbackStatus::Ok
    }
}

/// The solver's matrix and JACFX's layout for the setup; for an ODE on a
/// sparse pattern the missing diagonal entries are appended.
fn matrix_of(setup: &DsBlockSetup, nx: usize) -> Result<(Matrix, JacobianLayout, Vec<usize>), Failure> {
    Ok(match &setup.matrix {
        DsMatrix::Dense => (Matrix::Dense, JacobianLayout::Dense { nx }, Vec::new()),
        DsMatrix::Band { lower, upper } => {
            if *lower >= nx.max(1) || *upper >= nx.max(1) {
                return Err(argument("IOPT", "the half-bandwidths ML, MU must lie in 0..NX-1"));
            }
            (
                Matrix::Band { lower: *lower, upper: *upper },
                JacobianLayout::Band { nx, ml: *lower, mu: *upper },
                Vec::new(),
            )
        }
        DsMatrix::Sparse(pattern) => {
            let nnz = pattern.len();
            let (mut rows, mut cols) = (pattern.rows().to_vec(), pattern.cols().to_vec());
            if let Some(k) = rows.iter().zip(&cols).position(|(&i, &j)| i >= nx || j >= nx) {
                return Err(argument("IROW", format!("entry {} lies outside the {nx} x {nx} matrix", k + 1)));
            }
            let mut diagonal = Vec::new();
            if setup.form == ModelForm::Ode {
                let mut at = vec![usize::MAX; nx];
                for (k, (&i, &j)) in rows.iter().zip(&cols).enumerate() {
                    if i == j {
                        at[i] = k;
                    }
                }
                for (i, a) in at.iter_mut().enumerate() {
                    if *a == usize::MAX {
                        *a = rows.len();
                        rows.push(i);
                        cols.push(i);
                    }
                }
                diagonal = at;
            }
            let pattern = SparsePattern::new(rows, cols)
                .map_err(|e| argument("IROW", format!("the pattern is not usable: {e}")))?;
            (Matrix::Sparse(pattern), JacobianLayout::Sparse { nnz }, diagonal)
        }
    })
}

/// Integrate the model from `(t, x, x')` through the output times `tout`
/// (nondecreasing, the first not before `t`); column k of `y` (leading
/// dimension `ldy`) receives the outputs at `tout[k]`. On return `t`,
/// `x`, `xdot` are the last point reached (the last output time on
/// success). For an ODE `xdot` is computed at the start; for a DAE it is
/// read (or computed, [`DsBlockSetup::compute_xdot`]). The integration
/// never passes the last output time (it is DDASKR's TSTOP).
#[allow(clippy::too_many_arguments)]
pub fn simulate<M: DsBlockModel>(
    model: &mut M,
    setup: &DsBlockSetup,
    p: &[Real],
    t: &mut Real,
    x: &mut [Real],
    xdot: &mut [Real],
    tout: &[Real],
    y: &mut [Real],
    ldy: usize,
) -> Result<DsBlockReport, Failure> {
    let nx = x.len();
    let ny = setup.outputs;
    if nx == 0 {
        return Err(argument("NX", "the model has no states"));
    }
    if xdot.len() != nx {
        return Err(argument("XDOT", format!("{} entries, {nx} expected", xdot.len())));
    }
    if !t.is_finite() {
        return Err(argument("T", "not a finite number"));
    }
    if let Some(k) = tout.iter().position(|v| !v.is_finite()) {
        return Err(argument("TOUT", format!("TOUT({}) is not a finite number", k + 1)));
    }
    if let Some(&first) = tout.first() {
        if first < *t {
            return Err(argument("TOUT", "TOUT(1) lies before T"));
        }
    }
    if let Some(k) = tout.windows(2).position(|w| w[1] < w[0]) {
        return Err(argument("TOUT", format!("TOUT({}) < TOUT({}): the times must not decrease", k + 2, k + 1)));
    }
    if ldy < ny.max(1) {
        return Err(argument("LDY", "LDY < max(1, NY)"));
    }
    if ny > 0 && !tout.is_empty() && y.len() < ldy * (tout.len() - 1) + ny {
        return Err(argument("Y", "too short for NY x NT outputs"));
    }
    if setup.form == ModelForm::Ode && setup.compute_xdot {
        return Err(argument("IOPT", "computing XDOT is an option for DAEs (an ODE's XDOT is f)"));
    }
    let (matrix, layout, diagonal) = matrix_of(setup, nx)?;
    let mut block = Block {
        model,
        form: setup.form,
        p,
        u: vec![0.0; setup.inputs],
        f: vec![0.0; nx],
        fx: if setup.user_jacobian { vec![0.0; layout.len()] } else { Vec::new() },
        layout,
        diagonal,
        failure: None,
    };
    let mut report = DsBlockReport { reached: 0, stats: Stats::default() };
    let model_failure = |e: ModelFailure, report: &DsBlockReport| {
        Box::new(DsBlockFailure { error: DsBlockError::Model(e), report: report.clone() })
    };
    // An ODE's x' is f(t0, x0).
    if setup.form == ModelForm::Ode {
        if !block.inputs(*t) {
            return Err(model_failure(block.failure.expect("set"), &report));
        }
        let ierr = block.model.derivatives(*t, xdot, x, &block.u, p, &mut block.f);
        if ierr != 0 {
            return Err(model_failure(ModelFailure { routine: ModelRoutine::Derivatives, ierr, t: *t }, &report));
        }
        xdot.copy_from_slice(&block.f);
    }
    // Output times at the start need no integration (DDASKR rejects
    // TOUT = T).
    let at_start = tout.iter().take_while(|&&v| v == *t).count();
    let later = &tout[at_start..];
    if at_start > 0 && setup.form == ModelForm::Dae && setup.compute_xdot && !later.is_empty() {
        // x' is not known yet: the outputs at the start wait for the
        // initial-condition calculation below.
    } else {
        for k in 0..at_start {
            block.outputs(*t, xdot, x, &mut y[k * ldy..k * ldy + ny]).map_err(|e| model_failure(e, &report))?;
            report.reached += 1;
        }
    }
    let Some(&tend) = later.last() else {
        return Ok(report);
    };
    let controls = StepControls {
        tolerance: setup.tolerance.clone(),
        tstop: Some(tend),
        max_step: setup.max_step,
        stop_after_initial_conditions: setup.compute_xdot,
        ..StepControls::default()
    };
    let opts = Options {
        controls,
        matrix,
        user_jacobian: setup.user_jacobian,
        differential: setup.compute_xdot.then(|| vec![true; nx]),
        initial_conditions: if setup.compute_xdot {
            InitialConditions::ComputeAlgebraic
        } else {
            InitialConditions::Given
        },
        ..Options::default()
    };
    let solver_failure = |e: Error, report: &DsBlockReport| {
        let error = match e {
            Error::Setup(SetupError::WrongLength { what, .. }) if what == "atol" || what == "rtol" => {
                DsBlockError::Argument { argument: "RTOL", reason: e.to_string() }
            }
            e => DsBlockError::Solver(e),
        };
        Box::new(DsBlockFailure { error, report: report.clone() })
    };
    let mut s = Solver::new(block, *t, x, xdot, opts).map_err(|e| solver_failure(e, &report))?;
    let mut ybuf = vec![0.0; ny];
    let mut k = report.reached;
    let mut ic_pending = setup.compute_xdot;
    // Returns Some(failure) to end the run at the solver's last point.
    let outcome = loop {
        if k == tout.len() {
            break None;
        }
        let target = tout[k];
        let result = if ic_pending {
            // The first call computes x' and returns (deferred outputs).
            s.solve_to(later[0])
        } else if target == s.t() {
            Ok(Outcome::ReachedTout)
        } else {
            s.solve_to(target)
        };
        match result {
            Ok(Outcome::InitialConditionsComputed) => {
                // The deferred outputs at the start.
                ic_pending = false;
                let (xs, xps, t0) = (s.y().to_vec(), s.yp().to_vec(), s.t());
                let mut failed = None;
                while k < tout.len() && tout[k] == t0 {
                    match s.problem_mut().outputs(t0, &xps, &xs, &mut ybuf) {
                        Ok(()) => {
                            y[k * ldy..k * ldy + ny].copy_from_slice(&ybuf);
                            k += 1;
                        }
                        Err(e) => {
                            failed = Some(e);
                            break;
                        }
                    }
                }
                report.reached = k;
                if let Some(e) = failed {
                    break Some(model_failure(e, &report));
                }
            }
            Ok(_) => {
                // At TOUT (or exactly at TSTOP, the last output time).
                let (xs, xps) = (s.y().to_vec(), s.yp().to_vec());
                if let Err(e) = s.problem_mut().outputs(target, &xps, &xs, &mut ybuf) {
                    break Some(model_failure(e, &report));
                }
                y[k * ldy..k * ldy + ny].copy_from_slice(&ybuf);
                k += 1;
                report.reached = k;
            }
            Err(e) => {
                if let Some(f) = s.problem().failure {
                    break Some(model_failure(f, &report));
                }
                if matches!(e, Error::Step(StepFailure::TooMuchWork { .. })) {
                    // 500 steps on this call: go on.
                    continue;
                }
                break Some(solver_failure(e, &report));
            }
        }
    };
    report.stats = s.stats();
    *t = s.t();
    x.copy_from_slice(s.y());
    xdot.copy_from_slice(s.yp());
    match outcome {
        None => Ok(report),
        Some(mut f) => {
            f.report = report;
            Err(f)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x_i' = -p_0 x_i + u_0 (u = 1), x(0) = 1: x = 1/p + (1 - 1/p) e^{-p t};
    /// y = sum x. A DAE form of the same, and a model failing after t = 1.
    struct Decay {
        form: ModelForm,
        fail_after: Real,
    }

    impl DsBlockModel for Decay {
        fn derivatives(&mut self, t: Real, xdot: &[Real], x: &[Real], u: &[Real], p: &[Real], f: &mut [Real]) -> i32 {
            if t > self.fail_after {
                return 7;
            }
            for i in 0..x.len() {
                let rhs = -p[0] * x[i] + u[0];
                f[i] = if self.form == ModelForm::Dae { xdot[i] - rhs } else { rhs };
            }
            0
        }

        fn outputs(&mut self, _t: Real, _xdot: &[Real], x: &[Real], _u: &[Real], _p: &[Real], y: &mut [Real]) -> i32 {
            y[0] = x.iter().sum();
            0
        }

        fn jacobian(
            &mut self,
            _t: Real,
            _xdot: &[Real],
            x: &[Real],
            _u: &[Real],
            p: &[Real],
            cj: Real,
            fx: &mut [Real],
            layout: JacobianLayout,
        ) -> i32 {
            let d = if self.form == ModelForm::Dae { cj + p[0] } else { -p[0] };
            let n = x.len();
            for i in 0..n {
                match layout {
                    JacobianLayout::Dense { nx } => fx[i + i * nx] = d,
                    JacobianLayout::Band { mu, ml, .. } => fx[mu + i * (ml + mu + 1)] = d,
                    JacobianLayout::Sparse { .. } => fx[i] = d,
                }
            }
            0
        }

        fn inputs(&mut self, _t: Real, u: &mut [Real]) -> i32 {
            u[0] = 1.0;
            0
        }
    }

    const N: usize = 3;

    fn setup(form: ModelForm, matrix: DsMatrix, user_jacobian: bool) -> DsBlockSetup {
        DsBlockSetup {
            form,
            inputs: 1,
            outputs: 1,
            matrix,
            user_jacobian,
            tolerance: Tolerance::Scalar { rtol: 1e-9, atol: 1e-9 },
            compute_xdot: form == ModelForm::Dae,
            max_step: None,
        }
    }

    fn run(s: &DsBlockSetup, fail_after: Real) -> (Result<DsBlockReport, Failure>, Vec<Real>, Real) {
        let mut m = Decay { form: s.form, fail_after };
        let (mut t, mut x, mut xdot) = (0.0, vec![1.0; N], vec![0.0; N]);
        let tout: Vec<Real> = (0..5).map(|k| 0.5 * k as Real).collect();
        let mut y = vec![Real::NAN; tout.len()];
        let r = simulate(&mut m, s, &[2.0], &mut t, &mut x, &mut xdot, &tout, &mut y, 1);
        (r, y, t)
    }

    fn exact(t: Real) -> Real {
        N as Real * (0.5 + 0.5 * (-2.0 * t).exp())
    }

    #[test]
    fn every_matrix_and_form_gives_the_closed_form() {
        let sparse = DsMatrix::Sparse(SparsePattern::from_entries((0..N).map(|i| (i, i))));
        // The ODE's pattern may leave out the diagonal: DSBSIM adds it.
        let empty = DsMatrix::Sparse(SparsePattern::new(vec![0], vec![0]).unwrap());
        for form in [ModelForm::Ode, ModelForm::Dae] {
            for matrix in [DsMatrix::Dense, DsMatrix::Band { lower: 1, upper: 1 }, sparse.clone()] {
                for user in [false, true] {
                    let (r, y, t) = run(&setup(form, matrix.clone(), user), Real::INFINITY);
                    let r = r.unwrap_or_else(|e| panic!("{form:?} {matrix:?} {user}: {:?}", e.error));
                    assert_eq!((r.reached, t), (5, 2.0));
                    for (k, yk) in y.iter().enumerate() {
                        assert!((yk - exact(0.5 * k as Real)).abs() < 1e-7, "{form:?} {matrix:?} {user}: {y:?}");
                    }
                    assert!(r.stats.jacobian_evaluations > 0);
                }
            }
        }
        let (r, y, _) = run(&setup(ModelForm::Ode, empty, false), Real::INFINITY);
        assert_eq!(r.unwrap().reached, 5);
        assert!((y[4] - exact(2.0)).abs() < 1e-7);
    }

    #[test]
    fn a_model_error_stops_the_run_where_it_happened() {
        let (r, y, t) = run(&setup(ModelForm::Ode, DsMatrix::Dense, false), 1.2);
        let f = r.unwrap_err();
        match f.error {
            DsBlockError::Model(m) => assert_eq!((m.routine, m.ierr), (ModelRoutine::Derivatives, 7)),
            e => panic!("{e:?}"),
        }
        assert!((2..=3).contains(&f.report.reached), "{}", f.report.reached);
        assert!(t <= 1.2 && y[1].is_finite() && y[4].is_nan());
    }

    #[test]
    fn bad_arguments_are_named() {
        let s = setup(ModelForm::Ode, DsMatrix::Dense, false);
        let mut m = Decay { form: s.form, fail_after: Real::INFINITY };
        let (mut t, mut x, mut xdot, mut y) = (0.0, vec![1.0; N], vec![0.0; N], vec![0.0; 3]);
        let mut bad = |tout: &[Real], ldy: usize| {
            let r = simulate(&mut m, &s, &[2.0], &mut t, &mut x, &mut xdot, tout, &mut y, ldy);
            match r.unwrap_err().error {
                DsBlockError::Argument { argument, .. } => argument,
                e => panic!("{e:?}"),
            }
        };
        assert_eq!(bad(&[1.0, 0.5], 1), "TOUT");
        assert_eq!(bad(&[-1.0], 1), "TOUT");
        assert_eq!(bad(&[1.0, Real::NAN], 1), "TOUT");
        assert_eq!(bad(&[1.0], 0), "LDY");
        assert_eq!(bad(&[1.0, 2.0, 3.0, 4.0], 1), "Y");
    }
}
