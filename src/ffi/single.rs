//! The single-precision context of the FFI bodies in `generic/`: SDASKR
//! and the single-precision preconditioner routines (SBANJA, SRBDJA,
//! SJACILU, ...), as DASKR's `sdaskr.f` and the `s*pre.f` files. The same
//! body files as [`super::double`], with `Real = f32`, the
//! single-precision instance of the core and preconditioners (crate
//! `daskr-single`: the same sources compiled with REAL = f32), the REAL
//! callback types and the sink that prints reals as `E21.13`.

pub(super) use super::callbacks::{
    sdaskr_jac_direct_fn as JacDirectFn, sdaskr_jac_krylov_fn as JacKrylovFn, sdaskr_psol_fn as PsolFn,
    sdaskr_rblock_fn as RblockFn, sdaskr_res_fn as ResFn, sdaskr_rt_fn as RtFn,
};
pub(super) use super::messages::SingleStdoutSink as Sink;
pub(super) use daskr_single::types::{FInt, Real};
pub(super) use daskr_single::{core, precond};

/// The first letter of this precision's routine names, for messages.
pub(super) const LETTER: &str = "S";

extern "C" {
    /// From csrc/user_hooks.c: a weak reference to the program's SDAWTS,
    /// or null.
    fn daskr_internal_user_sdawts() -> Option<solver::UserWeights>;
}

/// The program's own SDAWTS, if it defines one (the single-precision
/// twin of DASKR's optionally replaceable DDAWTS).
fn user_weights() -> Option<solver::UserWeights> {
    // SAFETY: a plain query of a weak symbol's address.
    unsafe { daskr_internal_user_sdawts() }
}

#[path = "generic/banded.rs"]
pub(super) mod banded;
#[path = "generic/ilu.rs"]
pub(super) mod ilu;
#[path = "generic/reaction.rs"]
pub(super) mod reaction;
#[path = "generic/solver.rs"]
pub(super) mod solver;
