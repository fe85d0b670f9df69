//! # daskr: a drop-in Rust replacement for DASKR
//!
//! A Fortran or C program written for DASKR (`ddaskr.f daux.f dlinpk.f`)
//! links `libdaskr.a` or `libdaskr.so` instead and gets the same answers:
//! same argument lists, same INFO/IWORK/RWORK conventions, same IDID values.
//! Rust programs use the safe API in [`api`].
//!
//! | module | what it does | DASKR routines it replaces |
//! |---|---|---|
//! | [`core::layout`] | RWORK/IWORK positions and lengths | pointer block of DDASKR |
//! | [`core::options`] | INFO decoding and input checks | checks in DDASKR |
//! | [`core::norms`] | error weights, weighted RMS norm | DDAWTS, DINVWT, DDWNRM |
//! | [`core::interpolate`] | solution interpolation | DDATRP |
//! | [`core::stepper`] | one BDF step, order/step selection | DDSTP |
//! | [`core::newton`] | modified Newton corrector | DNEDD, DNSD |
//! | [`core::jacobian`] | iteration matrix, difference quotients | DMATD, DSLVD |
//! | [`core::linsol`] | dense (faer) and band LU | DGEFA/DGESL, DGBFA/DGBSL |
//! | [`core::roots`] | root finding | DRCHEK, DROOTS |
//! | [`core::driver`] | the DDASKR call: start, continue, stop tests | DDASKR |
//! | [`ffi`] | the exported C/Fortran symbols | `DDASKR`, `XSETF`, `XSETUN` |

pub mod api;
pub mod core;
pub mod ffi;
pub mod precond;
pub mod types;

// Link the message-control crate (XSETF/XSETUN/IXSAV) into every artefact.
use daskr_msgctl as _;
// Link the LINPACK/BLAS subset of dlinpk.f (weak symbols) into every artefact.
use daskr_linpack as _;
