//! The exported C/Fortran interface. This module owns every `unsafe` block
//! of the crate: it turns raw pointers into checked slices, wraps the
//! callbacks in safe adapters, catches panics, and calls the core.
//!
//! Two rules hold for every routine, here and in `daskr-single`,
//! `daskr-linpack` and `daskr-msgctl`. Each unsafe operation (a pointer
//! read, a slice made from a pointer, a callback, a transmute) sits in an
//! `unsafe` block of its own, preceded by a `// SAFETY:` comment saying why
//! it is sound (enforced by `unsafe_op_in_unsafe_fn` and clippy's
//! `undocumented_unsafe_blocks` and `multiple_unsafe_ops_per_block` at the
//! crate roots). And the whole body of each exported routine runs behind
//! [`boundary`]`(body, on_panic)`, whose `on_panic` reports the failure the
//! way the routine reports errors (IDID = -33, IER = -1, a message); a step
//! whose failure a routine reports specifically (xGSET2 building its
//! grouping, xMSET2 setting IWORK, xBANJA's setup keeping IRES) has a
//! `boundary` of its own inside.
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
pub mod dsblock;
pub mod dsl48e;
solver_module!(pub messages);
pub mod precond_banded;
pub mod precond_ilu;
pub mod precond_reaction;
solver_module!(slices);
solver_module!(unit_writer);
