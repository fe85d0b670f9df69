//! XSETF / XSETUN / IXSAV: the message controls of DASKR's `daux.f`.
//!
//! | routine | what it does |
//! |---|---|
//! | `XSETF(MFLAG)` | message print flag: 0 silent, 1 print; other values ignored |
//! | `XSETUN(LUN)` | Fortran logical unit for messages (LUN > 0; default 6) |
//! | `IXSAV(IPAR, IVALUE, ISET)` | returns the unit (IPAR=1) or the flag (IPAR=2); stores IVALUE when ISET is true |
//!
//! Every argument is passed by reference, as Fortran does; a null pointer
//! is ignored (IXSAV then returns 0). The two values are the only global
//! state the library keeps (SPEC section 3).
//!
//! # Why a crate of its own
//!
//! ODEPACK, SLATEC and programs that compile DASKR's own `daux.f` define
//! these names too. In `libdaskr.a` this crate sits in an archive member of
//! its own, and the solver reads the controls only through a weak reference
//! to `ixsav_` (in `csrc/messages.c`), which never pulls a member in. So
//! the member is linked only when the program itself calls XSETF, XSETUN or
//! IXSAV and nothing before `libdaskr.a` on the link line defines them;
//! when the program brings its own, the solver reads the program's IXSAV.
//!
//! The names are ordinary (strong) definitions: stable Rust cannot define
//! a weak symbol that rustc also exports from the shared library. A program
//! that calls XSETF *and* links its own definitions only *after*
//! `libdaskr.a` therefore gets a duplicate-symbol error; listing them
//! before the library avoids it.
#![no_std]

use core::sync::atomic::{AtomicI32, Ordering};

/// Fortran default INTEGER.
type FInt = i32;
/// Fortran default LOGICAL (4 bytes; .FALSE. is 0, any other value is
/// taken as .TRUE., which covers gfortran's 1 and ifort's -1).
type FLogical = i32;

/// Fortran logical unit for messages; DASKR's default is 6 (standard output).
static MESSAGE_UNIT: AtomicI32 = AtomicI32::new(6);
/// Message print flag: 0 = no messages, anything else = print.
static MESSAGE_FLAG: AtomicI32 = AtomicI32::new(1);

/// IXSAV's IPAR value selecting the logical unit.
const IPAR_UNIT: FInt = 1;
/// IXSAV's IPAR value selecting the print flag.
const IPAR_FLAG: FInt = 2;

/// XSETF: set the print flag to MFLAG when MFLAG is 0 or 1.
unsafe extern "C" fn set_message_flag(mflag: *const FInt) {
    // SAFETY: a Fortran caller passes the address of an INTEGER; a null
    // pointer (possible from C) is ignored.
    if let Some(&value) = unsafe { mflag.as_ref() } {
        if value == 0 || value == 1 {
            MESSAGE_FLAG.store(value, Ordering::Relaxed);
        }
    }
}

/// XSETUN: set the logical unit to LUN when LUN > 0.
unsafe extern "C" fn set_message_unit(lun: *const FInt) {
    // SAFETY: as in `set_message_flag`.
    if let Some(&value) = unsafe { lun.as_ref() } {
        if value > 0 {
            MESSAGE_UNIT.store(value, Ordering::Relaxed);
        }
    }
}

/// IXSAV: return the old value of parameter IPAR (1 unit, 2 flag) and,
/// when ISET is true, store IVALUE. Any other IPAR returns 0.
unsafe extern "C" fn save_or_recall(ipar: *const FInt, ivalue: *const FInt, iset: *const FLogical) -> FInt {
    // SAFETY: Fortran passes addresses of an INTEGER, an INTEGER and a
    // LOGICAL; null pointers (possible from C) read as "absent".
    let (ipar, ivalue, iset) = unsafe { (ipar.as_ref(), ivalue.as_ref(), iset.as_ref()) };
    let cell = match ipar {
        Some(&IPAR_UNIT) => &MESSAGE_UNIT,
        Some(&IPAR_FLAG) => &MESSAGE_FLAG,
        _ => return 0,
    };
    match (iset, ivalue) {
        (Some(&set), Some(&value)) if set != 0 => cell.swap(value, Ordering::Relaxed),
        _ => cell.load(Ordering::Relaxed),
    }
}

/// Exports `$target` under the three spellings Fortran compilers and C
/// callers use (`xsetf_`, `xsetf`, `XSETF`).
macro_rules! export_names {
    ($doc:literal, $target:ident $params:tt -> $ret:ty, $args:tt, $($name:ident),+) => {
        $(
            #[doc = $doc]
            ///
            /// # Safety
            ///
            /// Each pointer is null or points to a readable value of its type,
            /// as a Fortran caller's by-reference arguments do.
            #[no_mangle]
            #[inline(never)]
            #[allow(non_snake_case)]
            pub unsafe extern "C" fn $name $params -> $ret {
                // Weak binding: when a program links its own XSETF/XSETUN/
                // IXSAV (daux.f, ODEPACK, SLATEC) in any order relative to
                // libdaskr.a, the linker takes theirs instead of reporting a
                // duplicate definition.
                #[cfg(any(target_os = "linux", target_os = "freebsd"))]
                // SAFETY: an assembler directive only; no code is emitted.
                unsafe {
                    core::arch::asm!(concat!(".weak ", stringify!($name)), options(nomem, nostack, preserves_flags))
                };
                // SAFETY: the caller's pointers are passed on unchanged; the
                // target checks them for null.
                unsafe { $target $args }
            }
        )+
    };
}

export_names!(
    "XSETF(MFLAG): message print flag, 0 silent, 1 print.",
    set_message_flag(mflag: *const FInt) -> (),
    (mflag),
    xsetf_,
    xsetf,
    XSETF
);
export_names!(
    "XSETUN(LUN): Fortran logical unit for messages.",
    set_message_unit(lun: *const FInt) -> (),
    (lun),
    xsetun_,
    xsetun,
    XSETUN
);
export_names!(
    "IXSAV(IPAR, IVALUE, ISET): recall (and set) the unit or the flag.",
    save_or_recall(ipar: *const FInt, ivalue: *const FInt, iset: *const FLogical) -> FInt,
    (ipar, ivalue, iset),
    ixsav_,
    ixsav,
    IXSAV
);

#[cfg(test)]
mod tests {
    use super::*;

    // The statics are process-wide: one test exercises them in sequence.
    #[test]
    fn controls_follow_daux() {
        let (one, two, three, six, zero, minus) = (1, 2, 3, 6, 0, -4);
        let (t, f) = (1 as FLogical, 0 as FLogical);
        unsafe {
            assert_eq!(save_or_recall(&one, &zero, &f), 6);
            assert_eq!(save_or_recall(&two, &zero, &f), 1);
            set_message_flag(&zero);
            assert_eq!(save_or_recall(&two, &zero, &f), 0);
            set_message_flag(&three); // ignored
            assert_eq!(save_or_recall(&two, &zero, &f), 0);
            set_message_flag(&one);
            set_message_unit(&minus); // ignored
            set_message_unit(&zero); // ignored
            assert_eq!(save_or_recall(&one, &zero, &f), 6);
            set_message_unit(&three);
            assert_eq!(save_or_recall(&one, &six, &t), 3); // returns the old value
            assert_eq!(save_or_recall(&one, &zero, &f), 6);
            // An unknown IPAR returns 0.
            assert_eq!(save_or_recall(&three, &zero, &t), 0);
            // Null pointers are harmless.
            set_message_flag(core::ptr::null());
            set_message_unit(core::ptr::null());
            assert_eq!(save_or_recall(core::ptr::null(), &zero, &t), 0);
            assert_eq!(save_or_recall(&two, core::ptr::null(), &t), 1);
            assert_eq!(save_or_recall(&two, &zero, core::ptr::null()), 1);
            // ifort's .TRUE. is -1.
            let ifort_true: FLogical = -1;
            assert_eq!(save_or_recall(&two, &zero, &ifort_true), 1);
            assert_eq!(save_or_recall(&two, &one, &ifort_true), 0);
        }
    }
}
