//! One mechanism for the several names of each exported routine.
//!
//! A Fortran or C program calls a routine as `ddaskr_` (gfortran, ifx,
//! flang), `ddaskr` (`-fno-underscoring`, C) or `DDASKR`. The routine is
//! written once, in Rust, as a `#[no_mangle] pub unsafe extern "C" fn`
//! under its plain lower-case name (so cbindgen declares it in the C
//! header); [`export_aliases!`] adds the other spellings as assembler
//! symbols that jump to it. No argument list is written twice.
//!
//! ```ignore
//! #[no_mangle]
//! pub unsafe extern "C" fn dbanja(/* DASKR's JAC arguments */) { /* ... */ }
//! export_aliases!(dbanja => weak dbanja_, strong DBANJA);
//! ```
//!
//! * `weak`: a weak definition. A program that links its own routine of
//!   that name (its copy of `daux.f`, ODEPACK, SLATEC, a BLAS, a
//!   preconditioner file) gets its own, in any link order, with no
//!   duplicate-symbol error. Defined in assembly, so no compiler sees a
//!   strong symbol turn weak (no "changed binding" warnings).
//! * `strong`: an ordinary global definition.
//! * A trailing `; static_only` marks routines that must not be exported
//!   from the shared library (the BLAS names, which would otherwise capture
//!   a program's BLAS at run time).
//!
//! The build script reads these invocations (the one source of truth) to
//! write the shared library's export list and the aliases' C prototypes;
//! see `build.rs`.

// No unsafe code here: the aliases are assembler symbols defined in the
// crates that invoke `export_aliases!`, and the boundary is safe Rust.
#![forbid(unsafe_code)]

/// Define the other spellings of an exported routine; see the crate docs.
#[macro_export]
macro_rules! export_aliases {
    ($target:ident => $($kind:ident $alias:ident),+ $(; $flag:ident)?) => {
        $( $crate::__export_alias!($kind $alias => $target); )+
    };
}

/// One alias: a symbol that tail-jumps to `$target`.
#[doc(hidden)]
#[macro_export]
macro_rules! __export_alias {
    (weak $alias:ident => $target:ident) => {
        $crate::__export_alias!(@emit ".weak", $alias, $target);
    };
    (strong $alias:ident => $target:ident) => {
        $crate::__export_alias!(@emit ".globl", $alias, $target);
    };
    (@emit $binding:literal, $alias:ident, $target:ident) => {
        #[cfg(target_arch = "x86_64")]
        ::core::arch::global_asm!(
            ".pushsection .text",
            concat!($binding, " ", stringify!($alias)),
            concat!(".type ", stringify!($alias), ", %function"),
            concat!(stringify!($alias), ":"),
            "jmp {target}",
            ".popsection",
            target = sym $target,
        );
        #[cfg(any(target_arch = "aarch64", target_arch = "arm"))]
        ::core::arch::global_asm!(
            ".pushsection .text",
            concat!($binding, " ", stringify!($alias)),
            concat!(".type ", stringify!($alias), ", %function"),
            concat!(stringify!($alias), ":"),
            "b {target}",
            ".popsection",
            target = sym $target,
        );
        #[cfg(target_arch = "riscv64")]
        ::core::arch::global_asm!(
            ".pushsection .text",
            concat!($binding, " ", stringify!($alias)),
            concat!(".type ", stringify!($alias), ", %function"),
            concat!(stringify!($alias), ":"),
            "tail {target}",
            ".popsection",
            target = sym $target,
        );
        #[cfg(not(any(
            target_arch = "x86_64",
            target_arch = "aarch64",
            target_arch = "arm",
            target_arch = "riscv64"
        )))]
        compile_error!("libdaskr's symbol aliases are written for x86-64, ARM and RISC-V: add this architecture's tail jump to crates/export");
    };
}

/// The panic boundary of every exported routine: run `f`, and if it panics
/// run `on_panic` instead of letting the unwind reach the caller (from Rust
/// 1.81 an unwind into an `extern "C"` frame aborts the program). The one
/// idiom for every export: `on_panic` reports the failure the way the
/// routine reports errors (IDID = -33, IER, a zero result).
pub fn boundary<R>(f: impl FnOnce() -> R, on_panic: impl FnOnce() -> R) -> R {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|_| on_panic())
}
