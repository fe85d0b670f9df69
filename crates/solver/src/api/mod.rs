//! A safe, idiomatic Rust API over the same core that serves the Fortran
//! and C entry points.
//!
//! | item | what it is | Fortran counterpart |
//! |---|---|---|
//! | [`DaeSystem`] | the problem: residual, optional Jacobian, root functions, error weights, preconditioner | RES, JAC, RT, DDAWTS, PSOL |
//! | [`Options`], [`StepControls`] | every INFO entry and optional input, typed ([`StepControls`]: those DDASKR and DSL48E share) | INFO(2..18), RWORK/IWORK inputs |
//! | [`Solver`] | one integration with owned work arrays | DDASKR |
//! | [`Outcome`], [`Roots`] | how a call ended (root directions typed) | IDID = 1..5, JROOT |
//! | [`Stats`] | counters and step data | IWORK(7..21), RWORK(3..7) |
//! | [`Error`] | setup errors, illegal input, interrupted integrations | IDID < 0 |
//! | [`Krylov`], [`Preconditioner`] | GMRES with the problem's own, the banded or the ILU preconditioner | INFO(12..15), DBANJA/DBANPS, DJACILU/DPSOLILU |
//! | [`SparsePattern`] | a coordinate sparsity pattern | JROW, JCOL |
//! | [`HybridSystem`], [`HybridSolver`], [`HybridOutcome`], [`Event`] | hybrid models with state events | DSL48E, STCHANGE, EVTDERIV |
//! | [`dsblock::simulate`], [`dsblock::DsBlockModel`] | a SLICOT-standard (DSblock) model, ODEDER/DAEDER, JACFX, u(t), ODEOUT/DAEOUT, over a list of output times | DSBSIM |
//! | [`SensitivityOptions`], [`ParameterDerivatives`], [`SensitivityJump`], [`SensitivityStats`] | parametric sensitivities of `Solver` and `HybridSolver` | DSL48E's INFO(12..20), SENRHS |
//!
//! Indices are 0-based throughout (components, root functions, conditions,
//! pattern entries).
//!
//! # A first example
//!
//! ```
//! use daskr::api::{CallbackStatus, DaeSystem, Options, Outcome, Solver};
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
//!
//! # Roots, initial conditions, Krylov
//!
//! A semi-explicit DAE whose algebraic component is computed at the start
//! (`Options::initial_conditions`), integrated by GMRES with the banded
//! preconditioner, stopping where `y0 = 0.5` (a root function):
//!
//! ```
//! use daskr::api::*;
//!
//! // y0' = -y0, 0 = y1 - 2 y0.
//! struct Semi;
//! impl DaeSystem for Semi {
//!     fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
//!         r[0] = yp[0] + y[0];
//!         r[1] = y[1] - 2.0 * y[0];
//!         CallbackStatus::Ok
//!     }
//!     fn roots(&mut self, _t: f64, y: &[f64], _yp: &[f64], r: &mut [f64]) {
//!         r[0] = y[0] - 0.5;
//!     }
//! }
//! let opts = Options {
//!     root_count: 1,
//!     differential: Some(vec![true, false]),
//!     initial_conditions: InitialConditions::ComputeAlgebraic,
//!     krylov: Some(Krylov {
//!         preconditioner: Preconditioner::Banded(BandedPreconditioner { lower: 1, upper: 1 }),
//!         ..Krylov::default()
//!     }),
//!     ..Options::default()
//! };
//! // y1 and y0' are wrong at the start: the solver computes them.
//! let mut s = Solver::new(Semi, 0.0, &[1.0, 0.0], &[0.0, 0.0], opts).unwrap();
//! match s.solve_to(10.0).unwrap() {
//!     Outcome::Root(roots) => assert_eq!(roots.get(0), Some(Direction::Falling)),
//!     other => panic!("{other:?}"),
//! }
//! assert!((s.t() - 2.0f64.ln()).abs() < 1e-4);
//! assert!((s.y()[1] - 1.0).abs() < 1e-4);
//! ```
//!
//! # Sparse matrices
//!
//! [`Matrix::Sparse`] with a [`SparsePattern`] (this library's INFO(6) = 2
//! extension): LU on the pattern, values by difference quotients on a
//! column colouring, or by [`DaeSystem::jacobian`] in pattern order. Here
//! a chain `y_i' = y_{i-1} - y_i` (lower bidiagonal), `y(0) = e_0`, whose
//! exact solution is `y_i = t^i e^-t / i!`, with a user Jacobian:
//!
//! ```
//! use daskr::api::*;
//!
//! const N: usize = 6;
//! struct Chain;
//! impl DaeSystem for Chain {
//!     fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
//!         for i in 0..N {
//!             r[i] = yp[i] + y[i] - if i > 0 { y[i - 1] } else { 0.0 };
//!         }
//!         CallbackStatus::Ok
//!     }
//!     fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [f64], _s: MatrixStorage) -> CallbackStatus {
//!         // Pattern order: (i, i-1) is entry 2i-1, (i, i) entry 2i.
//!         for i in 0..N {
//!             pd[2 * i] = at.cj + 1.0;
//!             if i > 0 {
//!                 pd[2 * i - 1] = -1.0;
//!             }
//!         }
//!         CallbackStatus::Ok
//!     }
//! }
//! let pattern = SparsePattern::from_entries((0..N).flat_map(|i| {
//!     let below = if i > 0 { vec![(i, i - 1)] } else { vec![] };
//!     below.into_iter().chain([(i, i)])
//! }));
//! let opts = Options { matrix: Matrix::Sparse(pattern), user_jacobian: true, ..Options::default() };
//! let mut y0 = [0.0; N];
//! y0[0] = 1.0;
//! let mut yp0 = [0.0; N];
//! (yp0[0], yp0[1]) = (-1.0, 1.0);
//! let mut s = Solver::new(Chain, 0.0, &y0, &yp0, opts).unwrap();
//! s.solve_to(2.0).unwrap();
//! let mut fact = 1.0;
//! for i in 0..N {
//!     fact *= if i > 0 { i as f64 } else { 1.0 };
//!     let exact = 2.0f64.powi(i as i32) * (-2.0f64).exp() / fact;
//!     assert!((s.y()[i] - exact).abs() < 1e-4, "{i}");
//! }
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

// The single-precision instance (`daskr::single`, the same sources compiled
// by crates/single with `Real = f32`) has no sparse direct method and no
// DSL48E, as SDASKR has neither.
mod error;
#[cfg(not(daskr_single))]
mod hybrid;
mod options;
mod outcome;
mod precond;
mod run;
#[cfg(not(daskr_single))]
mod sensitivity;
mod solver;
#[cfg(not(daskr_single))]
mod sparse;
#[cfg(not(daskr_single))]
pub mod dsblock;

pub use self::error::{Error, SetupError};
#[cfg(not(daskr_single))]
pub use self::hybrid::{Event, HybridOptions, HybridOutcome, HybridSolver, HybridSystem};
pub use self::options::{
    BandedPreconditioner, Constraint, IcControls, IluPreconditioner, InitialConditions, Krylov, Matrix, Options,
    Preconditioner, RootSearch, StepControls, Tolerance,
};
pub use self::outcome::{Direction, Outcome, Roots, Stats};
#[cfg(not(daskr_single))]
pub use self::sensitivity::{ParameterDerivatives, SensitivityJump, SensitivityOptions, SensitivityStats};
pub use self::solver::Solver;
#[cfg(not(daskr_single))]
pub use self::sparse::SparsePattern;

pub use crate::core::error::{InputError, StepFailure};
pub use crate::core::guard::Source;
pub use crate::core::messages::MessageLine;
pub use crate::core::norms::Tolerances;
pub use crate::core::problem::{
    CallbackStatus, DaeSystem, JacobianPoint, MatrixStorage, PrecondSetup, PrecondSetupStatus, PrecondSolve,
};
pub use crate::precond::ilu::RowNorm;
pub use crate::types::{FInt, Real};
