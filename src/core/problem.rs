//! The user's problem as the core sees it: residual, Jacobian and root
//! functions behind small traits, so the same integrator serves Fortran
//! and C function pointers and Rust closures.

use crate::types::Real;

/// What a residual (or Jacobian / preconditioner) routine reported through
/// its IRES / IER flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallbackStatus {
    /// IRES = 0: values computed.
    Ok,
    /// IRES = -1: illegal input values; the solver tries a smaller step.
    Recoverable,
    /// IRES = -2 (or lower): stop the integration and return to the caller.
    Stop,
}

impl CallbackStatus {
    /// Map DASKR's IRES convention (0, -1, <= -2; positive values are
    /// treated as 0, as DASKR only tests IRES < 0).
    pub fn from_ires(ires: i32) -> Self {
        match ires {
            i if i >= 0 => CallbackStatus::Ok,
            -1 => CallbackStatus::Recoverable,
            _ => CallbackStatus::Stop,
        }
    }
}

/// Storage of the iteration matrix handed to a user Jacobian routine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixStorage {
    /// Column-major NEQ x NEQ: PD(i,j) at `pd[i + j*neq]`.
    Dense { neq: usize },
    /// LINPACK band storage with leading dimension 2*ML+MU+1:
    /// element (i,j) at `pd[(i - j + ml + mu) + j*ld]` (0-based).
    Band { neq: usize, ml: usize, mu: usize },
}

/// The DAE G(t, y, y') = 0 and its optional pieces.
pub trait DaeSystem {
    /// DELTA = G(t, y, y'). `cj` is DASKR's leading coefficient (RES may
    /// use it to scale constraint equations).
    fn residual(&mut self, t: Real, y: &[Real], yp: &[Real], cj: Real, delta: &mut [Real])
        -> CallbackStatus;

    /// Fill the iteration matrix dG/dy + cj*dG/dy' into `pd` (already
    /// zeroed) in the given storage. Only called when `has_jacobian` is true.
    fn jacobian(
        &mut self,
        _t: Real,
        _y: &[Real],
        _yp: &[Real],
        _cj: Real,
        _pd: &mut [Real],
        _storage: MatrixStorage,
    ) {
    }

    /// Root functions R_i(t, y, y'), i = 1..NRT, written into `r`.
    fn roots(&mut self, _t: Real, _y: &[Real], _yp: &[Real], _r: &mut [Real]) {}
}
