//! The single-precision instance of the solver (SDASKR and the
//! single-precision preconditioner modules).
//!
//! The core and the preconditioners are written once, in terms of the
//! crate's `types::Real`, in the package `daskr-solver`; the main crate
//! compiles them with `Real = f64`, this crate compiles the same files
//! with `Real = f32` (declared by `solver_module!`, see `build.rs`).
//! Nothing here is a second copy: arithmetic, formulas and work-array
//! layout are shared, evaluated in REAL as SDASKR evaluates them (the unit
//! roundoff is `f32::EPSILON`, R1MACH(4)).
//!
//! The safe Rust API (`api`) is compiled here the same
//! way; the main crate re-exports it as `daskr::single`, where it is
//! documented. Without the sparse direct method and DSL48E (the
//! `HybridSolver`), which exist in double precision only.
//!
//! With the feature `capi` (which the main crate's `capi` turns on) the
//! crate also holds the single-precision Fortran/C interface (SDASKR and
//! the S preconditioner routines, `ffi`), linked into `libdaskr` by the
//! main crate.

// Every unsafe operation sits in an `unsafe` block of its own, with a
// `// SAFETY:` comment that says why it is sound (also inside `unsafe fn`).
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks, clippy::multiple_unsafe_ops_per_block)]
#![allow(dead_code)]
// The shared sources' documentation is written for the main crate: its
// links name items that exist only there (DSL48E, the sparse solver) or
// that the main crate re-exports. This crate's documentation is not an
// API (the main crate documents the routines).
#![allow(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)]
// The core's unit tests are written for the double-precision instance and
// run there (`cargo test -p daskr`); compiled as a test (clippy
// --all-targets), this crate is empty.
#![cfg(not(test))]

include!(concat!(env!("OUT_DIR"), "/solver_module.rs"));
solver_module!(pub api);
solver_module!(pub core);
// Empty without the feature `capi` (the condition is inside the file).
pub mod ffi;
solver_module!(pub precond);
pub mod types;
