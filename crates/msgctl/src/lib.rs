//! XSETF / XSETUN / IXSAV: the message controls of DASKR's `daux.f`.
//!
//! | routine | what it does |
//! |---|---|
//! | `XSETF(MFLAG)` | message print flag: 0 silent, 1 print; other values ignored |
//! | `XSETUN(LUN)` | Fortran logical unit for messages (LUN > 0; default 6) |
//! | `IXSAV(IPAR, IVALUE, ISET)` | returns the unit (IPAR=1) or the flag (IPAR=2); stores IVALUE when ISET is true |
//!
//! Every argument is passed by reference, as Fortran does; a null pointer
//! is ignored (IXSAV then returns 0).
//!
//! For C callers, whose standard output is often a data channel, messages
//! can go elsewhere: [`daskr_set_message_handler`] installs a routine that
//! receives every message instead of the XSETUN unit (XSETF(0) still
//! silences them), and [`daskr_message_to_stream`] is a ready-made handler
//! that writes to a C `FILE *` (standard error, a log file).
//!
//! The flag, the unit and the handler are the only global state the
//! library keeps (SPEC section 3): like DASKR's, they are settings of the
//! process, not of one integration.
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
//! Each routine is defined once under its plain name (`xsetf`); the
//! gfortran spelling (`xsetf_`) is a weak alias and the upper-case one a
//! strong alias ([`daskr_export::export_aliases!`]), so a program that
//! links its own `daux.f`, ODEPACK or SLATEC in any order keeps its own
//! routines.

// Every unsafe operation sits in an `unsafe` block of its own, with a
// `// SAFETY:` comment that says why it is sound (also inside `unsafe fn`).
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks, clippy::multiple_unsafe_ops_per_block)]

use std::ffi::{c_char, c_void};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Mutex;

use daskr_export::{boundary, export_aliases};

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

/// XSETF(MFLAG): message print flag, 0 silent, 1 print; other values are
/// ignored.
///
/// # Safety
/// `mflag` is null or points to an INTEGER, as a Fortran caller's
/// by-reference argument does.
#[no_mangle]
pub unsafe extern "C" fn xsetf(mflag: *const FInt) {
    boundary(
        || {
            // SAFETY: null reads as None; otherwise the caller's INTEGER
            // (function contract).
            let value = unsafe { mflag.as_ref() }.copied();
            if let Some(v @ (0 | 1)) = value {
                MESSAGE_FLAG.store(v, Ordering::Relaxed);
            }
        },
        || (),
    );
}
export_aliases!(xsetf => weak xsetf_, strong XSETF);

/// XSETUN(LUN): the Fortran logical unit for messages, when LUN > 0.
///
/// # Safety
/// As for [`xsetf`].
#[no_mangle]
pub unsafe extern "C" fn xsetun(lun: *const FInt) {
    boundary(
        || {
            // SAFETY: as in `xsetf`.
            let value = unsafe { lun.as_ref() }.copied();
            if let Some(v) = value.filter(|&v| v > 0) {
                MESSAGE_UNIT.store(v, Ordering::Relaxed);
            }
        },
        || (),
    );
}
export_aliases!(xsetun => weak xsetun_, strong XSETUN);

/// IXSAV(IPAR, IVALUE, ISET): return the old value of parameter IPAR
/// (1 unit, 2 flag) and, when ISET is true, store IVALUE. Any other IPAR
/// returns 0.
///
/// # Safety
/// Each pointer is null or points to an INTEGER (IPAR, IVALUE) or a
/// LOGICAL (ISET); null reads as "absent".
#[no_mangle]
pub unsafe extern "C" fn ixsav(ipar: *const FInt, ivalue: *const FInt, iset: *const FLogical) -> FInt {
    boundary(
        || {
            // SAFETY: Fortran passes the address of an INTEGER; a null
            // pointer (possible from C) reads as "absent".
            let ipar = unsafe { ipar.as_ref() }.copied();
            // SAFETY: as for IPAR.
            let ivalue = unsafe { ivalue.as_ref() }.copied();
            // SAFETY: as for IPAR, a LOGICAL.
            let iset = unsafe { iset.as_ref() }.copied();
            let cell = match ipar {
                Some(IPAR_UNIT) => &MESSAGE_UNIT,
                Some(IPAR_FLAG) => &MESSAGE_FLAG,
                _ => return 0,
            };
            match (iset, ivalue) {
                (Some(set), Some(value)) if set != 0 => cell.swap(value, Ordering::Relaxed),
                _ => cell.load(Ordering::Relaxed),
            }
        },
        || 0,
    )
}
export_aliases!(ixsav => weak ixsav_, strong IXSAV);

/// A message handler: `text` holds `len` bytes, the complete lines of one
/// message as DASKR's XERRWD formats them (each ends with a newline; not
/// NUL-terminated); `context` is the pointer given to
/// `daskr_set_message_handler`. Called from the thread that runs the
/// solver, possibly from several threads at once.
#[allow(non_camel_case_types)]
pub type daskr_message_fn = Option<unsafe extern "C" fn(text: *const c_char, len: usize, context: *mut c_void)>;

/// The installed handler and its context (addresses, so the pair can sit in
/// a static).
static HANDLER: Mutex<(usize, usize)> = Mutex::new((0, 0));

/// Send the solver's messages to `handler` instead of standard output or the
/// XSETUN unit; `context` is passed back on every call. NULL restores
/// DASKR's behaviour. XSETF(0) still suppresses every message. The setting
/// holds for the whole process, as XSETF and XSETUN do.
///
/// ```c
/// daskr_set_message_handler(daskr_message_to_stream, stderr);   // stderr
/// FILE *log = fopen("solver.log", "w");
/// daskr_set_message_handler(daskr_message_to_stream, log);      // a file
/// daskr_set_message_handler(my_handler, my_data);               // your code
/// daskr_set_message_handler(NULL, NULL);                        // stdout again
/// ```
///
/// # Safety
/// `handler` must be callable with any message for as long as it is
/// installed, with `context` as its third argument.
#[no_mangle]
pub unsafe extern "C" fn daskr_set_message_handler(handler: daskr_message_fn, context: *mut c_void) {
    boundary(
        || {
            let pair = match handler {
                Some(f) => (f as usize, context as usize),
                None => (0, 0),
            };
            *HANDLER.lock().unwrap_or_else(|e| e.into_inner()) = pair;
        },
        || (),
    );
}

/// A ready-made handler that writes each message to the C stream `context`
/// (a `FILE *`, e.g. `stderr` or a file opened for writing) and flushes it.
///
/// # Safety
/// `text` holds `len` readable bytes; `context` is a valid `FILE *` open for
/// writing (or null: then nothing is written).
#[no_mangle]
pub unsafe extern "C" fn daskr_message_to_stream(text: *const c_char, len: usize, context: *mut c_void) {
    boundary(
        || {
            let stream = context.cast::<libc::FILE>();
            if stream.is_null() || text.is_null() {
                return;
            }
            // SAFETY: the caller's open stream and a buffer of `len`
            // readable bytes (function contract).
            unsafe { libc::fwrite(text.cast(), 1, len, stream) };
            // SAFETY: the same open stream.
            unsafe { libc::fflush(stream) };
        },
        || (),
    )
}

/// The installed handler (None if there is none) and its context, for the
/// library's message printer, which references this routine weakly so that
/// this archive member is linked only when the program installs a handler.
///
/// # Safety
/// `context` is null or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn daskr_internal_message_handler(context: *mut *mut c_void) -> daskr_message_fn {
    boundary(
        || {
            let (f, c) = *HANDLER.lock().unwrap_or_else(|e| e.into_inner());
            if f == 0 {
                return None;
            }
            // SAFETY: a valid out-pointer or null (function contract).
            if let Some(out) = unsafe { context.as_mut() } {
                *out = c as *mut c_void;
            }
            // SAFETY: `f` was stored by `daskr_set_message_handler` from a
            // function pointer of exactly this type.
            Some(unsafe { std::mem::transmute::<usize, unsafe extern "C" fn(*const c_char, usize, *mut c_void)>(f) })
        },
        || None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    // The statics are process-wide: one test exercises them in sequence.
    #[test]
    fn controls_follow_daux() {
        let (one, two, three, six, zero, minus) = (1, 2, 3, 6, 0, -4);
        let (t, f) = (1 as FLogical, 0 as FLogical);
        // SAFETY: every pointer is null or refers to a live local INTEGER or
        // LOGICAL, which is all the routines read.
        assert_eq!(unsafe { ixsav(&one, &zero, &f) }, 6);
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&two, &zero, &f) }, 1);
        // SAFETY: as above.
        unsafe { xsetf(&zero) };
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&two, &zero, &f) }, 0);
        // SAFETY: as above.
        unsafe { xsetf(&three) }; // ignored
                                  // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&two, &zero, &f) }, 0);
        // SAFETY: as above.
        unsafe { xsetf(&one) };
        // SAFETY: as above.
        unsafe { xsetun(&minus) }; // ignored
                                   // SAFETY: as above.
        unsafe { xsetun(&zero) }; // ignored
                                  // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&one, &zero, &f) }, 6);
        // SAFETY: as above.
        unsafe { xsetun(&three) };
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&one, &six, &t) }, 3); // returns the old value
                                                         // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&one, &zero, &f) }, 6);
        // An unknown IPAR returns 0.
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&three, &zero, &t) }, 0);
        // Null pointers are harmless.
        // SAFETY: as above.
        unsafe { xsetf(core::ptr::null()) };
        // SAFETY: as above.
        unsafe { xsetun(core::ptr::null()) };
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(core::ptr::null(), &zero, &t) }, 0);
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&two, core::ptr::null(), &t) }, 1);
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&two, &zero, core::ptr::null()) }, 1);
        // ifort's .TRUE. is -1.
        let ifort_true: FLogical = -1;
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&two, &zero, &ifort_true) }, 1);
        // SAFETY: as above.
        assert_eq!(unsafe { ixsav(&two, &one, &ifort_true) }, 0);
    }
}
