//! Scalar types of the single-precision instance.

/// The real type of DASKR's single-precision interface (SDASKR's REAL).
pub type Real = f32;

/// Fortran default INTEGER (32-bit, as gfortran/ifx/flang default).
pub type FInt = i32;
