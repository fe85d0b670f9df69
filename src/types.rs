//! Scalar types shared by the core and the FFI layer.

/// The real type of DASKR's double-precision interface.
pub type Real = f64;

/// Fortran default INTEGER (32-bit, as gfortran/ifx/flang default).
pub type FInt = i32;
