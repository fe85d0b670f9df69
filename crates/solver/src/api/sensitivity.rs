//! Parametric sensitivities in the Rust API: s_i = dy/dp_i of
//! [`Solver`](crate::api::Solver) (dense, band and sparse matrices) and
//! [`HybridSolver`](crate::api::HybridSolver) (carried across state events,
//! with the event times' own sensitivities), by the same staggered
//! corrector as DSL48E's INFO(12) > 0 (README, "Parametric
//! sensitivities").
//!
//! dF/dp comes from the problem ([`DaeSystem::parameter_derivative`], the
//! closed form) or from difference quotients in p, for which the problem
//! lends its parameters ([`DaeSystem::parameter`],
//! [`DaeSystem::set_parameter`]; a parameter the problem returns `None`
//! for is taken not to appear in F, as an initial value). Parameters are
//! numbered from 0.
//!
//! [`DaeSystem::parameter_derivative`]: crate::api::DaeSystem::parameter_derivative
//! [`DaeSystem::parameter`]: crate::api::DaeSystem::parameter
//! [`DaeSystem::set_parameter`]: crate::api::DaeSystem::set_parameter

use super::error::SetupError;
use super::run::expect_len;
use crate::core::sensitivity::{DfdpSource, JumpRule, Parameter, SensCounters, SensOptions};
use crate::types::Real;

/// Where dF/dp comes from (DSL48E's INFO(15)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterDerivatives {
    /// [`DaeSystem::parameter_derivative`](crate::api::DaeSystem::parameter_derivative).
    Problem,
    /// Forward differences in p (accurate to about sqrt(machine epsilon)).
    ForwardDifferences,
    /// Centred differences in p.
    CentredDifferences,
}

/// How the sensitivities of the differential variables cross a state
/// event ([`HybridSolver`](crate::api::HybridSolver); DSL48E's INFO(20)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SensitivityJump {
    /// x is continuous across the event (what `switch_mode` does to x
    /// does not depend on p): s+ = s- + (x'- - x'+) dTEVT/dp.
    #[default]
    Continuous,
    /// Before [`restart`](crate::api::HybridSolver::restart) the program
    /// puts in [`sensitivities_mut`](crate::api::HybridSolver::sensitivities_mut)
    /// the total derivatives of x(TEVT+) by p (e.g. for x+ = -e x-:
    /// -(de/dp) x- - e (s- + x'- dTEVT/dp)); the solver subtracts x'+ dTEVT/dp.
    TotalDerivative,
    /// The differential entries are taken as the program leaves them.
    AsGiven,
}

/// Parametric sensitivities s_i = dy/dp_i, i = 0..parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct SensitivityOptions {
    /// The number of parameters NP (at least 1).
    pub parameters: usize,
    /// Where dF/dp comes from.
    pub derivatives: ParameterDerivatives,
    /// The typical size PBAR_i of each parameter: it scales the
    /// difference increments and the sensitivities' absolute tolerances
    /// (ATOL_j/PBAR_i). None: |p_i| as the problem gives it when not 0,
    /// else 1.
    pub scales: Option<Vec<Real>>,
    /// The sensitivities take part in the error test and the choice of
    /// order and step size (DSL48E's INFO(13) = 0); false: corrector
    /// convergence only.
    pub error_control: bool,
    /// s_i at the start (`parameters` vectors of NEQ); None: zero (a
    /// parameter that is an initial value y_j(t0) has s = e_j).
    pub initial: Option<Vec<Vec<Real>>>,
    /// s_i' at the start; None: computed, with the algebraic entries of
    /// s_i, from s_i's differential entries and the DAE (the
    /// differential variables as the options name them; all, for a
    /// [`Solver`](crate::api::Solver) without
    /// [`Options::differential`](crate::api::Options::differential)).
    pub initial_derivatives: Option<Vec<Vec<Real>>>,
    /// How they cross state events (hybrid solver only).
    pub jump: SensitivityJump,
}

impl SensitivityOptions {
    /// `parameters` sensitivities with dF/dp from `derivatives`, zero at
    /// the start (their derivatives computed), in the error test.
    pub fn new(parameters: usize, derivatives: ParameterDerivatives) -> Self {
        SensitivityOptions {
            parameters,
            derivatives,
            scales: None,
            error_control: true,
            initial: None,
            initial_derivatives: None,
            jump: SensitivityJump::Continuous,
        }
    }

    /// The core's options.
    pub(crate) fn core(&self) -> SensOptions {
        SensOptions {
            np: self.parameters,
            error_control: self.error_control,
            dfdp: match self.derivatives {
                ParameterDerivatives::Problem => DfdpSource::Routine,
                ParameterDerivatives::ForwardDifferences => DfdpSource::Forward,
                ParameterDerivatives::CentredDifferences => DfdpSource::Centred,
            },
            jump: match self.jump {
                SensitivityJump::Continuous => JumpRule::Continuous,
                SensitivityJump::TotalDerivative => JumpRule::TotalDerivative,
                SensitivityJump::AsGiven => JumpRule::Given,
            },
        }
    }

    /// The initial sensitivities and derivatives as NP blocks of `n`, and
    /// whether the derivatives are to be computed.
    pub(crate) fn initial_values(&self, n: usize) -> Result<(Vec<Real>, Vec<Real>, bool), SetupError> {
        if self.parameters == 0 {
            return Err(SetupError::Invalid { what: "sensitivities", reason: "at least one parameter" });
        }
        let block = |v: &Option<Vec<Vec<Real>>>, what: &'static str| -> Result<Vec<Real>, SetupError> {
            match v {
                None => Ok(vec![0.0; n * self.parameters]),
                Some(v) => {
                    expect_len(what, v.len(), self.parameters)?;
                    for vi in v {
                        expect_len(what, vi.len(), n)?;
                    }
                    Ok(v.concat())
                }
            }
        };
        let s = block(&self.initial, "sensitivities.initial")?;
        let sp = block(&self.initial_derivatives, "sensitivities.initial_derivatives")?;
        if let Some(sc) = &self.scales {
            expect_len("sensitivities.scales", sc.len(), self.parameters)?;
            if sc.iter().any(|v| !(v.is_finite() && *v >= 0.0)) {
                return Err(SetupError::Invalid { what: "sensitivities.scales", reason: "finite and not negative" });
            }
        }
        Ok((s, sp, self.initial_derivatives.is_none()))
    }

    /// The parameters with their effective PBAR, from the problem's
    /// values where the scales are not given.
    pub(crate) fn parameters(&self, mut value: impl FnMut(usize) -> Option<Real>) -> Vec<Parameter> {
        (0..self.parameters)
            .map(|ip| {
                let given = self.scales.as_ref().map_or(0.0, |s| s[ip]);
                let v = value(ip);
                let pbar = match v {
                    _ if given > 0.0 => given,
                    Some(v) if v != 0.0 && v.is_finite() => v.abs(),
                    _ => 1.0,
                };
                // Slot ip + 1: the adapter hands the problem `ip` (a slot of
                // 0 would mean "not in F").
                Parameter { ip, slot: ip + 1, pbar }
            })
            .collect()
    }
}

/// The sensitivity counters of a run (DSL48E's IWORK(40+NP+1..5)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SensitivityStats {
    /// Calls of [`DaeSystem::parameter_derivative`](crate::api::DaeSystem::parameter_derivative).
    pub derivative_evaluations: i32,
    /// Residual evaluations made for the sensitivities (difference
    /// quotients; also in [`Stats::residual_evaluations`](crate::api::Stats::residual_evaluations)).
    pub residual_evaluations: i32,
    /// Steps rejected by the sensitivities' error test.
    pub error_test_failures: i32,
    /// Sensitivity corrector failures.
    pub convergence_failures: i32,
    /// Sensitivity corrector iterations, summed over the parameters.
    pub iterations: i32,
}

impl SensitivityStats {
    pub(crate) fn of(c: &SensCounters) -> Self {
        SensitivityStats {
            derivative_evaluations: c.nsrhs,
            residual_evaluations: c.nsre,
            error_test_failures: c.nsetf,
            convergence_failures: c.nscfn,
            iterations: c.nsni,
        }
    }

    pub(crate) fn plus(self, o: SensitivityStats) -> Self {
        SensitivityStats {
            derivative_evaluations: self.derivative_evaluations.wrapping_add(o.derivative_evaluations),
            residual_evaluations: self.residual_evaluations.wrapping_add(o.residual_evaluations),
            error_test_failures: self.error_test_failures.wrapping_add(o.error_test_failures),
            convergence_failures: self.convergence_failures.wrapping_add(o.convergence_failures),
            iterations: self.iterations.wrapping_add(o.iterations),
        }
    }
}
