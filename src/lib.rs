//! # daskr: a drop-in Rust replacement for DASKR and DSL48E
//!
//! A Fortran or C program written for DASKR (`ddaskr.f daux.f dlinpk.f`)
//! or DSL48E links `libdaskr.a` or `libdaskr.so` instead and gets the same
//! answers: same argument lists, same INFO/IWORK/RWORK conventions, same
//! IDID values. Rust programs use the safe API in [`api`], or in
//! [`single`] for single precision (SDASKR's solver with `f32` values).
//!
//! The crate's public modules are [`api`] and [`single`]. Inside it is
//! organised as follows (see the README's "Layout of the source" for the whole tree):
//!
//! | module | what it does |
//! |---|---|
//! | `core` | the solver, safe Rust only, one module per algorithm (its table maps modules to DASKR routines) |
//! | `core::linsol` | the linear solvers behind one trait: direct (dense, band), Krylov, sparse |
//! | `core::integrator` | the solver-neutral integration loop with its event hook |
//! | `core::ddaskr`, `core::dsl48e` | the two call protocols |
//! | `core::roots`, `core::events` | DDASKR's root finding and DSL48E's state events, as event hooks |
//! | `precond` | DASKR's preconditioner modules (banded, reaction-based, sparse ILU) |
//! | `ffi` | the exported C/Fortran symbols: all `unsafe` code, panic boundaries, callback adapters (feature `capi`, on by default) |
//! | [`api`] | the safe Rust API: DDASKR ([`api::Solver`]) and DSL48E ([`api::HybridSolver`]) with owned work arrays |
//! | [`single`] | the same API in single precision (SDASKR), compiled from the same sources by `daskr-single` |
//!
//! Features: `capi` (default) builds the Fortran/C interface; a Rust-only
//! user can turn it off with `default-features = false`. `internals`
//! makes the internal modules public for this repository's benchmarks; it
//! carries no stability promise.

// Every unsafe operation sits in an `unsafe` block of its own, with a
// `// SAFETY:` comment that says why it is sound (also inside `unsafe fn`).
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks, clippy::multiple_unsafe_ops_per_block)]

// The solver sources live in the package `daskr-solver` (crates/solver),
// written once against `types::Real`: this crate compiles them with
// `Real = f64`, `daskr-single` with `Real = f32`. `solver_module!(vis name)`
// declares one of their modules with its path there (see build.rs).
include!(concat!(env!("OUT_DIR"), "/solver_module.rs"));

solver_module!(pub api);

/// The safe API in single precision: SDASKR's solver, driven from Rust
/// with `f32` values.
///
/// The same types and methods as [`api`], from the same source compiled
/// a second time with `Real = f32` (as the core is for SDASKR): a problem
/// implements [`single::DaeSystem`] with `f32` arguments, and the solver
/// follows SDASKR's arithmetic (unit roundoff 2\*\*-23, the same formulas
/// evaluated in REAL), so it takes the steps a REAL program calling
/// SDASKR takes. Dense and band direct methods, Krylov with every
/// ready-made preconditioner ([`single::Preconditioner`]), roots, initial
/// conditions and constraints are all there; the sparse direct method
/// (`Matrix::Sparse`, [`api::SparsePattern`]) and the hybrid solver
/// ([`api::HybridSolver`], DSL48E) exist in double precision only, as
/// in the original. Single-precision tolerances are coarse: with `|y|`
/// much larger than the absolute tolerance a relative tolerance below
/// about 1.2e-5 is refused (DASKR's IDID = -2), as SDASKR refuses it.
///
/// ```
/// use daskr::single::{CallbackStatus, DaeSystem, Options, Outcome, Solver, StepControls, Tolerance};
///
/// // y' = -y, y(0) = 1, in f32.
/// struct Decay;
/// impl DaeSystem for Decay {
///     fn residual(&mut self, _t: f32, y: &[f32], yp: &[f32], _cj: f32, r: &mut [f32]) -> CallbackStatus {
///         r[0] = yp[0] + y[0];
///         CallbackStatus::Ok
///     }
/// }
/// let controls = StepControls { tolerance: Tolerance::Scalar { rtol: 2e-5, atol: 1e-7 }, ..StepControls::default() };
/// let opts = Options { controls, ..Options::default() };
/// let mut s = Solver::new(Decay, 0.0, &[1.0], &[-1.0], opts).unwrap();
/// assert_eq!(s.solve_to(1.0).unwrap(), Outcome::ReachedTout);
/// assert!((s.y()[0] - (-1.0f32).exp()).abs() < 1e-4);
/// ```
pub mod single {
    pub use daskr_single::api::*;
}

solver_module!(
    #[cfg(feature = "internals")]
    #[doc(hidden)]
    #[cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]
    pub core
);
solver_module!(
    #[cfg(not(feature = "internals"))]
    #[cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]
    core
);

// Without the C interface, the parts of the core and of the preconditioner
// modules that only DASKR's routines reach (DRBDJA, DRBGJA, ...) are unused.
solver_module!(
    #[cfg(feature = "internals")]
    #[doc(hidden)]
    #[cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]
    pub precond
);
solver_module!(
    #[cfg(not(feature = "internals"))]
    #[cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]
    precond
);

// One declaration (cbindgen reads it to write the header): the exported
// symbols need no Rust visibility.
#[cfg(feature = "capi")]
mod ffi;

mod types;

// Link the message-control crate (XSETF/XSETUN/IXSAV) into every artefact.
#[cfg(feature = "capi")]
use daskr_msgctl as _;
// Link the LINPACK/BLAS subset of dlinpk.f (weak symbols) into every artefact.
#[cfg(feature = "capi")]
use daskr_linpack as _;
