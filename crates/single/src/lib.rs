//! The single-precision instance of the solver (SDASKR and the
//! single-precision preconditioner modules).
//!
//! The core and the preconditioners are written once, in terms of the
//! crate's `types::Real`; the double-precision crate compiles them with
//! `Real = f64`, this crate compiles the same files (`src/core` and
//! `src/precond` are links to the double-precision crate's directories)
//! with `Real = f32`. Nothing here is a second copy: arithmetic, formulas
//! and work-array layout are shared, evaluated in REAL as SDASKR
//! evaluates them (the unit roundoff is `f32::EPSILON`, R1MACH(4)).
//!
//! Only the FFI layer of the main crate uses this crate.

#![allow(dead_code)]

pub mod core;
pub mod precond;
pub mod types;
