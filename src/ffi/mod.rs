//! The exported C/Fortran interface. This module owns every `unsafe` block
//! of the crate: it turns raw pointers into checked slices, wraps the
//! callbacks in safe adapters, catches panics, and calls the core.
//!
//! Two precisions, one body: DDASKR and SDASKR (and the double and single
//! preconditioner routines) share the files in `generic/`, written against
//! a precision context (`Real`, the core and preconditioner instance, the
//! callback types, the message sink, the routine letter). [`double`]
//! includes them with `Real = f64` and `crate::core`; the crate
//! `daskr-single` (`crates/single/src/ffi.rs`) includes them with
//! `Real = f32` and its own instance of the core (the same core sources
//! compiled with REAL = f32) and exports SDASKR and the single-precision
//! preconditioner routines itself, so that they sit in archive members of
//! their own: a program that calls only DDASKR does not carry the
//! single-precision solver. The exported routines are explicit one-line
//! wrappers with concrete types, so that cbindgen declares them.
//!
//! Each routine is defined once, as a `#[no_mangle] extern "C"` function
//! under its plain lower-case name (cbindgen declares it in `daskr.h`);
//! `export_aliases!` (crate `daskr-export`) adds the gfortran spelling
//! `name_` and the upper-case `NAME`. The build script reads those
//! invocations to export the aliases from the shared library and to
//! declare them in the header.

pub(crate) use daskr_export::boundary;

// SDASKR and the single-precision preconditioner routines are defined (and
// exported) by `daskr-single`; nothing here calls them, so the crate is
// linked in explicitly.
extern crate daskr_single;

pub mod callbacks;
pub mod daux;
pub mod ddaskr;
mod double;
pub mod dsl48e;
solver_module!(pub messages);
pub mod precond_banded;
pub mod precond_ilu;
pub mod precond_reaction;
solver_module!(slices);
solver_module!(unit_writer);
