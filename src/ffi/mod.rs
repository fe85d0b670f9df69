//! The exported C/Fortran interface. This module owns every `unsafe` block
//! of the crate: it turns raw pointers into checked slices, wraps the
//! callbacks in safe adapters, catches panics, and calls the core.

/// Mark an exported routine's symbol weak (from inside its body), so that a
/// program which links its own copy of a routine that DASKR's distribution
/// shipped as source (a preconditioner file, LINPACK, daux.f) gets its own
/// copy instead of a duplicate-definition error. Used for the gfortran
/// spelling (`name_`), the one legacy objects define.
macro_rules! weak_definition {
    ($name:ident) => {
        #[cfg(any(target_os = "linux", target_os = "freebsd"))]
        // SAFETY: an assembler directive only; no code is emitted.
        unsafe {
            core::arch::asm!(concat!(".weak ", stringify!($name)), options(nomem, nostack, preserves_flags))
        };
    };
}

pub mod daux;
pub mod ddaskr;
pub mod messages;
pub mod precond_banded;
pub mod precond_ilu;
pub mod precond_reaction;
mod slices;
