//! # daskr: a drop-in Rust replacement for DASKR and DSL48E
//!
//! A Fortran or C program written for DASKR (`ddaskr.f daux.f dlinpk.f`)
//! or DSL48E links `libdaskr.a` or `libdaskr.so` instead and gets the same
//! answers: same argument lists, same INFO/IWORK/RWORK conventions, same
//! IDID values. Rust programs use the safe API in [`api`].
//!
//! The crate's one public module is [`api`]. Inside it is organised as
//! follows (see the README's "Layout of the source" for the whole tree):
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
//!
//! Features: `capi` (default) builds the Fortran/C interface; a Rust-only
//! user can turn it off with `default-features = false`. `internals`
//! makes the internal modules public for this repository's benchmarks; it
//! carries no stability promise.

pub mod api;

#[cfg(feature = "internals")]
#[doc(hidden)]
#[cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]
pub mod core;
#[cfg(not(feature = "internals"))]
#[cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]
mod core;

// Without the C interface, the parts of the core and of the preconditioner
// modules that only DASKR's routines reach (DRBDJA, DRBGJA, ...) are unused.
#[cfg(feature = "internals")]
#[doc(hidden)]
#[cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]
pub mod precond;
#[cfg(not(feature = "internals"))]
#[cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]
mod precond;

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
