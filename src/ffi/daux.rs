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
use super::slices::opt_slice;
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
    boundary(|| f64::EPSILON, || f64::EPSILON)
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
    boundary(|| f32::EPSILON, || f32::EPSILON)
}
export_aliases!(r1mach => weak r1mach_, strong R1MACH);

/// The values behind by-reference arguments, the type's default (0) for a
/// null pointer.
///
/// # Safety
/// Each pointer is null or points to a readable `T`.
unsafe fn values_or_zero<T: Copy + Default, const N: usize>(ptrs: [*const T; N]) -> [T; N] {
    // SAFETY: by the contract; `as_ref` checks for null.
    ptrs.map(|p| unsafe { p.as_ref() }.copied().unwrap_or_default())
}

/// XERRWD and XERRWV: print MSG with NI integers and NR reals through
/// `sink` (which honours XSETF and XSETUN and picks the real format); LEVEL
/// = 2 stops the program. `R` is the type of R1 and R2.
///
/// # Safety
/// As for [`xerrwd`], with R1 and R2 pointing to an `R` (or null).
#[allow(clippy::too_many_arguments)]
unsafe fn print_with_values<R: Copy + Default + Into<f64>>(
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
    // Set as soon as LEVEL is read, so that a message that fails to print
    // still stops the program.
    let mut stop = false;
    boundary(
        || {
            // SAFETY: the caller's by-reference INTEGERs, or null (read as 0).
            let [nmes, level, ni, nr] = unsafe { values_or_zero([nmes, level, ni, nr]) };
            stop = level == 2;
            let n = usize::try_from(nmes).unwrap_or(0).min(msg_len);
            // SAFETY: the text is read for at most min(NMES, hidden length)
            // bytes, which the caller's CHARACTER argument holds (or null).
            let text = unsafe { opt_slice(msg.cast::<u8>(), n) }.unwrap_or_default();
            let ints: Vec<c_int> = match ni {
                // SAFETY: I1 is the caller's INTEGER, or null.
                1 => unsafe { values_or_zero([i1]) }.to_vec(),
                // SAFETY: I1 and I2 are the caller's INTEGERs, or null.
                2 => unsafe { values_or_zero([i1, i2]) }.to_vec(),
                _ => vec![],
            };
            let reals: Vec<f64> = match nr {
                // SAFETY: R1 is the caller's real of type R, or null.
                1 => unsafe { values_or_zero([r1]) }.map(Into::into).to_vec(),
                // SAFETY: R1 and R2 are the caller's reals of type R, or null.
                2 => unsafe { values_or_zero([r1, r2]) }.map(Into::into).to_vec(),
                _ => vec![],
            };
            let text = String::from_utf8_lossy(text).into_owned();
            sink.emit(&[MessageLine { text, ints, reals }]);
        },
        || (),
    );
    if stop {
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
