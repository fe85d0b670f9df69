//! The other routines of DASKR's `daux.f` that programs and DASKR's own
//! preconditioner files call: D1MACH (machine constants) and XERRWD (print
//! a message with values; LEVEL = 2 stops the run). XSETF, XSETUN and IXSAV
//! are in the `daskr-msgctl` crate. The gfortran spellings are weak, so a
//! program that links ODEPACK, SLATEC or its own daux.f keeps its own
//! copies.

use std::os::raw::{c_char, c_int};

use daskr_export::export_aliases;

use super::boundary;
use super::messages::StdoutSink;
use crate::core::messages::{MessageLine, MessageSink};

/// D1MACH(I): 1 smallest normalised, 2 largest, 3 smallest relative
/// spacing, 4 largest relative spacing, 5 log10(2); 0 for other I.
fn machine_constant(i: c_int) -> f64 {
    match i {
        1 => f64::MIN_POSITIVE,
        2 => f64::MAX,
        3 => f64::EPSILON / 2.0,
        4 => f64::EPSILON,
        5 => std::f64::consts::LOG10_2,
        _ => 0.0,
    }
}

/// D1MACH(I), as in DASKR's daux.f (see `machine_constant`). Also exported
/// as `d1mach_` (weak) and `D1MACH`.
///
/// # Safety
/// `i` must be null or point to an INTEGER.
#[no_mangle]
pub unsafe extern "C" fn d1mach(i: *const c_int) -> f64 {
    // SAFETY: null-checked read of the caller's INTEGER.
    let i = unsafe { i.as_ref() }.copied().unwrap_or(0);
    boundary(0.0, || machine_constant(i))
}
export_aliases!(d1mach => weak d1mach_, strong D1MACH);

/// XERRWD(MSG, NMES, NERR, LEVEL, NI, I1, I2, NR, R1, R2), as in DASKR's
/// daux.f: print MSG with NI integers and NR reals (honouring XSETF and
/// XSETUN); LEVEL = 2 stops the program. `msg_len` is the hidden CHARACTER
/// length gfortran passes. Also exported as `xerrwd_` (weak) and `XERRWD`.
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
    // SAFETY: null-checked reads of the caller's by-reference scalars; the
    // text is read for at most min(NMES, hidden length) bytes.
    let (text, ints, reals, level) = unsafe {
        let get = |p: *const c_int| p.as_ref().copied().unwrap_or(0);
        let getr = |p: *const f64| p.as_ref().copied().unwrap_or(0.0);
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
    boundary((), || {
        let text = String::from_utf8_lossy(text).into_owned();
        StdoutSink.emit(&[MessageLine { text, ints, reals }]);
    });
    if level == 2 {
        std::process::exit(0);
    }
}
export_aliases!(xerrwd => weak xerrwd_, strong XERRWD);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_constants() {
        assert_eq!(machine_constant(4), 2.0f64.powi(-52));
        assert_eq!(machine_constant(3), 2.0f64.powi(-53));
        assert_eq!(machine_constant(1), 2.0f64.powi(-1022));
        assert_eq!(machine_constant(7), 0.0);
    }
}
