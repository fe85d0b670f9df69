//! The double-precision context of the FFI bodies in `generic/`: DDASKR
//! and DASKR's double-precision preconditioner routines (DBANJA, DRBDJA,
//! DJACILU, ...). The bodies name `super::Real`, `super::core`,
//! `super::precond`, the callback types, the message sink and the routine
//! letter; `crates/single/src/ffi.rs` gives the same names their
//! single-precision meaning (SDASKR, SBANJA, ...), so each body is written
//! once and compiled twice.

pub(super) use super::callbacks::daskr_generic_fn;
pub(super) use super::callbacks::{
    daskr_jac_direct_fn as JacDirectFn, daskr_jac_krylov_fn as JacKrylovFn, daskr_psol_fn as PsolFn,
    daskr_rblock_fn as RblockFn, daskr_res_fn as ResFn, daskr_rt_fn as RtFn,
};
pub(super) use super::messages::StdoutSink as Sink;
pub(super) use super::{slices, unit_writer};
pub(super) use crate::types::{FInt, Real};
pub(super) use crate::{core, precond};

/// The first letter of this precision's routine names, for messages.
pub(super) const LETTER: &str = "D";

extern "C" {
    /// From csrc/user_hooks.c: a weak reference to the program's DDAWTS,
    /// or null.
    fn daskr_internal_user_ddawts() -> Option<solver::UserWeights>;
}

/// The program's own DDAWTS, if it defines one (DASKR's optionally
/// replaceable weight routine).
fn user_weights() -> Option<solver::UserWeights> {
    // SAFETY: a plain query of a weak symbol's address.
    unsafe { daskr_internal_user_ddawts() }
}

solver_module!(pub(super) banded);
solver_module!(pub(super) ilu);
solver_module!(pub(super) reaction);
solver_module!(pub(super) solver);
