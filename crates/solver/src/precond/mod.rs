//! DASKR's preconditioner modules, in safe Rust: the banded
//! difference-quotient preconditioner, the reaction-based block-diagonal
//! and block-grouping preconditioners, and the sparse incomplete-LU
//! preconditioner. The exported Fortran routines (DBANJA, DBANPS, DRBDJA,
//! ...) are in `crate::ffi::precond_banded`, `crate::ffi::precond_reaction`
//! and `crate::ffi::precond_ilu`.
#![forbid(unsafe_code)]

pub mod banded;
pub mod ilu;
pub mod rcm;
pub mod reaction_block;
pub mod reaction_group;
