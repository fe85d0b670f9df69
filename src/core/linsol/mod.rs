//! Direct linear solvers working in place on DASKR's WM segment.
//!
//! `dense`: LU with partial pivoting by faer on the NEQ x NEQ column-major
//! matrix (DASKR used LINPACK DGEFA/DGESL). `band`: LU with partial pivoting
//! in LINPACK band storage (2*ML+MU+1) x NEQ (DASKR used DGBFA/DGBSL).
//! Pivots live in IWORK's NEQ-long pivot segment.
#![forbid(unsafe_code)]

pub mod band;
pub mod dense;

/// The factorisation met an exactly zero (or non-finite) pivot in this
/// 0-based column; DASKR reports such a matrix as singular (IDID=-8 path).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("zero pivot in column {column} of the iteration matrix")]
pub struct SingularMatrix {
    pub column: usize,
}
