//! # daskr: a drop-in Rust replacement for DASKR
//!
//! A Fortran or C program written for DASKR (`ddaskr.f daux.f dlinpk.f`)
//! links `libdaskr.a` or `libdaskr.so` instead and gets the same answers:
//! same argument lists, same INFO/IWORK/RWORK conventions, same IDID values.
//! Rust programs use the safe API in [`api`].
//!
//! | module | what it does |
//! |---|---|
//! | [`core`] | the solver, safe Rust only, one module per algorithm (its table maps modules to DASKR routines) |
//! | [`core::linsol`] | the linear solvers behind one trait: direct (dense, band), Krylov |
//! | [`core::integrator`] | the solver-neutral integration loop with its event hook |
//! | [`core::ddaskr`] | DDASKR's call protocol |
//! | [`precond`] | DASKR's preconditioner modules (banded, reaction-based, sparse ILU) |
//! | [`ffi`] | the exported C/Fortran symbols: all `unsafe` code, panic boundaries, callback adapters |
//! | [`api`] | the safe Rust API: DDASKR ([`api::Solver`]) and DSL48E ([`api::HybridSolver`]) with owned work arrays |

pub mod api;
pub mod core;
pub mod ffi;
pub mod precond;
pub mod types;

// Link the message-control crate (XSETF/XSETUN/IXSAV) into every artefact.
use daskr_msgctl as _;
// Link the LINPACK/BLAS subset of dlinpk.f (weak symbols) into every artefact.
use daskr_linpack as _;
