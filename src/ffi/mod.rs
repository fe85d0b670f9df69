//! The exported C/Fortran interface. This module owns every `unsafe` block
//! of the crate: it turns raw pointers into checked slices, wraps the
//! callbacks in safe adapters, catches panics, and calls the core.

pub mod ddaskr;
pub mod messages;
mod slices;
pub mod precond_banded;
pub mod precond_reaction;
pub mod precond_ilu;
