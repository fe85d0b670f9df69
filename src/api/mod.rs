//! A safe, idiomatic Rust API over the same core that serves the Fortran
//! and C entry points.
//!
//! | item | what it is | Fortran counterpart |
//! |---|---|---|
//! | [`DaeSystem`] | the problem: residual, optional Jacobian, root functions, error weights, preconditioner | RES, JAC, RT, DDAWTS, PSOL |
//! | [`Options`] | every INFO entry and optional input, typed | INFO(2..18), RWORK/IWORK inputs |
//! | [`Solver`] | one integration with owned work arrays | DDASKR |
//! | [`Outcome`], [`Roots`] | how a call ended (root directions typed) | IDID = 1..5, JROOT |
//! | [`Stats`] | counters and step data | IWORK(7..21), RWORK(3..7) |
//! | [`Error`] | setup errors, illegal input, interrupted integrations | IDID < 0 |
//! | [`Krylov`], [`Preconditioner`] | GMRES with the problem's own, the banded or the ILU preconditioner | INFO(12..15), DBANJA/DBANPS, DJACILU/DPSOLILU |
//! | [`SparsePattern`] | a coordinate sparsity pattern | JROW, JCOL |
//! | [`HybridSystem`], [`HybridSolver`], [`HybridOutcome`], [`Event`] | hybrid models with state events | DSL48E, STCHANGE, EVTDERIV |
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
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod error;
mod hybrid;
mod options;
mod outcome;
mod precond;
mod solver;
mod sparse;

pub use self::error::{Error, SetupError};
pub use self::hybrid::{Event, HybridOptions, HybridOutcome, HybridSolver, HybridSystem};
pub use self::options::{
    BandedPreconditioner, Constraint, IcControls, IluPreconditioner, InitialConditions, Krylov, Matrix, Options,
    Preconditioner, RootSearch, Tolerance,
};
pub use self::outcome::{Direction, Outcome, Roots, Stats};
pub use self::solver::Solver;
pub use self::sparse::SparsePattern;

pub use crate::core::error::{InputError, StepFailure};
pub use crate::core::guard::Source;
pub use crate::core::messages::MessageLine;
pub use crate::core::norms::Tolerances;
pub use crate::core::problem::{
    CallbackStatus, DaeSystem, MatrixStorage, PrecondSetup, PrecondSetupStatus, PrecondSolve,
};
pub use crate::precond::ilu::RowNorm;
pub use crate::types::{FInt, Real};
