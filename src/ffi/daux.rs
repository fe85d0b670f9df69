//! The other routines of DASKR's `daux.f` that programs and DASKR's own
//! preconditioner files call: D1MACH (machine constants) and XERRWD (print
//! a message with values; LEVEL = 2 stops the run), and their
//! single-precision twins in `saux.f`, R1MACH and XERRWV. XSETF, XSETUN
//! and IXSAV (the same routines in both files) are in the `daskr-msgctl`
//! crate: one message control serves both precisions. The gfortran
//! spellings are weak, so a program that links ODEPACK, SLATEC or its own
//! daux.f or saux.f keeps its own copies.

use std::os::raw::{c_char, c_int};

use daskr_export::export_aliases;

use super::boundary;
use super::messages::{SingleStdoutSink, StdoutSink};
use crate::core::messages::{MessageLine, MessageSink};

/// D1MACH(I), as in DASKR's daux.f: the unit roundoff of DOUBLE
/// PRECISION, 2^-52 (2.220446049250313D-16), for every I. daux.f ignores
/// the argument (it halves U from 1 until 1 + U rounds to 1 and returns
/// 2U), so a program that linked daux.f gets this value for D1MACH(1) ..
/// D1MACH(5) alike, and gets it here too; a program that wants SLATEC's
/// constants links its own D1MACH, which takes precedence (the gfortran
/// spelling is weak). DASKR calls D1MACH(4). Also exported as `d1mach_`
/// (weak) and `D1MACH`.
///
/// # Safety
/// None: the argument is never read (it may be null).
#[no_mangle]
pub extern "C" fn d1mach(i: *const c_int) -> f64 {
    let _ = i; // never read, as in daux.f
    f64::EPSILON
}
export_aliases!(d1mach => weak d1mach_, strong D1MACH);

/// R1MACH(I), as in DASKR's saux.f: the unit roundoff of REAL, 2^-23
/// (1.1920929E-07), for every I. saux.f ignores the argument (it halves
/// U from 1 until 1 + U rounds to 1 and returns 2U), so a legacy program
/// gets this value for R1MACH(1) .. R1MACH(5) alike; SDASKR and the
/// single-precision preconditioners call R1MACH(4). Also exported as
/// `r1mach_` (weak) and `R1MACH`.
#[no_mangle]
pub extern "C" fn r1mach(i: *const c_int) -> f32 {
    let _ = i; // never read, as in saux.f
    f32::EPSILON
}
export_aliases!(r1mach => weak r1mach_, strong R1MACH);

/// XERRWD and XERRWV: print MSG with NI integers and NR reals through
/// `sink` (which honours XSETF and XSETUN and picks the real format); LEVEL
/// = 2 stops the program. `R` is the type of R1 and R2.
///
/// # Safety
/// As for [`xerrwd`], with R1 and R2 pointing to an `R` (or null).
#[allow(clippy::too_many_arguments)]
unsafe fn print_with_values<R: Copy + Into<f64>>(
    sink: &mut impl MessageSink,
    msg: *const c_char,
    nmes: *const c_int,
    level: *const c_int,
    ni: *const c_int,
    i1: *const c_int,
    i2: *const c_int,
    nr: *const c_int,
    r1: *const R,
    r2: *const R,
    msg_len: usize,
) {
    // SAFETY: null-checked reads of the caller's by-reference scalars; the
    // text is read for at most min(NMES, hidden length) bytes.
    let (text, ints, reals, level) = unsafe {
        let get = |p: *const c_int| p.as_ref().copied().unwrap_or(0);
        let getr = |p: *const R| p.as_ref().map_or(0.0, |&r| r.into());
        let n = usize::try_from(get(nmes)).unwrap_or(0).min(msg_len);
        let bytes = if msg.is_null() || n == 0 { &[][..] } else { std::slice::from_raw_parts(msg.cast::<u8>(), n) };
        let ints: Vec<c_int> = match get(ni) {
            1 => vec![get(i1)],
            2 => vec![get(i1), get(i2)],
            _ => vec![],
        };
        let reals: Vec<f64> = match get(nr) {
            1 => vec![getr(r1)],
            2 => vec![getr(r1), getr(r2)],
            _ => vec![],
        };
        (bytes, ints, reals, get(level))
    };
    boundary(
        || {
            let text = String::from_utf8_lossy(text).into_owned();
            sink.emit(&[MessageLine { text, ints, reals }]);
        },
        || (),
    );
    if level == 2 {
        std::process::exit(0);
    }
}

/// XERRWD(MSG, NMES, NERR, LEVEL, NI, I1, I2, NR, R1, R2), as in DASKR's
/// daux.f: print MSG with NI integers and NR reals (honouring XSETF and
/// XSETUN; reals as `D21.13`); LEVEL = 2 stops the program. `msg_len` is
/// the hidden CHARACTER length gfortran passes. Also exported as `xerrwd_`
/// (weak) and `XERRWD`.
///
/// # Safety
/// `msg` valid for `min(NMES, msg_len)` bytes (or null); scalar pointers
/// valid or null, as a Fortran caller's by-reference arguments are.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xerrwd(
    msg: *const c_char,
    nmes: *const c_int,
    _nerr: *const c_int,
    level: *const c_int,
    ni: *const c_int,
    i1: *const c_int,
    i2: *const c_int,
    nr: *const c_int,
    r1: *const f64,
    r2: *const f64,
    msg_len: usize,
) {
    // SAFETY: the function contract, forwarded.
    unsafe { print_with_values(&mut StdoutSink, msg, nmes, level, ni, i1, i2, nr, r1, r2, msg_len) }
}
export_aliases!(xerrwd => weak xerrwd_, strong XERRWD);

/// XERRWV(MSG, NMES, NERR, LEVEL, NI, I1, I2, NR, R1, R2), as in DASKR's
/// saux.f: XERRWD with REAL R1 and R2, printed as `E21.13`
/// (`  0.1000000000000E+01`); the same records, the same XSETF/XSETUN
/// control, LEVEL = 2 stops the program. Also exported as `xerrwv_` (weak)
/// and `XERRWV`.
///
/// # Safety
/// `msg` valid for `min(NMES, msg_len)` bytes (or null); scalar pointers
/// valid or null, as a Fortran caller's by-reference arguments are.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xerrwv(
    msg: *const c_char,
    nmes: *const c_int,
    _nerr: *const c_int,
    level: *const c_int,
    ni: *const c_int,
    i1: *const c_int,
    i2: *const c_int,
    nr: *const c_int,
    r1: *const f32,
    r2: *const f32,
    msg_len: usize,
) {
    // SAFETY: the function contract, forwarded.
    unsafe { print_with_values(&mut SingleStdoutSink, msg, nmes, level, ni, i1, i2, nr, r1, r2, msg_len) }
}
export_aliases!(xerrwv => weak xerrwv_, strong XERRWV);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d1mach_is_the_unit_roundoff_for_every_argument() {
        // daux.f's value, whatever the argument, even none at all.
        for i in [1, 2, 3, 4, 5, 0, 99, -4] {
            assert_eq!(d1mach(&i).to_bits(), 2.0f64.powi(-52).to_bits());
        }
        assert_eq!(d1mach(std::ptr::null()), f64::EPSILON);
    }

    #[test]
    fn r1mach_is_the_unit_roundoff_for_every_argument() {
        // saux.f's value (checked against the original: bits 34000000 for
        // R1MACH(0), (1) .. (5), (99), (-4)), whatever the argument, even
        // none at all.
        for i in [1, 2, 3, 4, 5, 0, 99, -4] {
            assert_eq!(r1mach(&i).to_bits(), 0x3400_0000);
        }
        assert_eq!(r1mach(std::ptr::null()), 2.0f32.powi(-23));
        assert_eq!(1.0f32 + r1mach(&4) / 2.0, 1.0);
        assert!(1.0f32 + r1mach(&4) > 1.0);
    }
}
