//! The other routines of DASKR's `daux.f` that programs and DASKR's own
//! preconditioner files call: D1MACH (machine constants) and XERRWD (print
//! a message with values; LEVEL = 2 stops the run). XSETF, XSETUN and IXSAV
//! are in the `daskr-msgctl` crate. All are weak definitions for the
//! gfortran spelling, so a program that links ODEPACK, SLATEC or its own
//! daux.f keeps its own copies.

use std::os::raw::{c_char, c_int};

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

/// Print one XERRWD line; stop the program for LEVEL = 2.
///
/// # Safety
/// `msg` valid for `nmes` bytes (or null), scalar pointers valid or null.
#[allow(clippy::too_many_arguments)]
unsafe fn print_message(
    msg: *const c_char,
    nmes: *const c_int,
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
    unsafe {
        let get = |p: *const c_int| p.as_ref().copied().unwrap_or(0);
        let getr = |p: *const f64| p.as_ref().copied().unwrap_or(0.0);
        let n = usize::try_from(get(nmes)).unwrap_or(0).min(msg_len);
        let text = if msg.is_null() || n == 0 {
            String::new()
        } else {
            String::from_utf8_lossy(std::slice::from_raw_parts(msg.cast::<u8>(), n)).into_owned()
        };
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
        StdoutSink.emit(&[MessageLine { text, ints, reals }]);
        if get(level) == 2 {
            std::process::exit(0);
        }
    }
}

macro_rules! export_daux {
    ($($d1mach:ident, $xerrwd:ident);*) => {$(
        /// D1MACH(I), as in DASKR's daux.f.
        ///
        /// # Safety
        /// `i` must be null or point to an INTEGER.
        #[no_mangle]
        #[inline(never)]
        pub unsafe extern "C" fn $d1mach(i: *const c_int) -> f64 {
            weak_definition!($d1mach);
            // SAFETY: null-checked read of the caller's INTEGER.
            machine_constant(unsafe { i.as_ref() }.copied().unwrap_or(0))
        }

        /// XERRWD(MSG, NMES, NERR, LEVEL, NI, I1, I2, NR, R1, R2), as in
        /// DASKR's daux.f; `msg_len` is the hidden CHARACTER length.
        ///
        /// # Safety
        /// Fortran by-reference arguments; `msg` valid for its length.
        #[no_mangle]
        #[inline(never)]
        #[allow(clippy::too_many_arguments)]
        pub unsafe extern "C" fn $xerrwd(
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
            weak_definition!($xerrwd);
            // SAFETY: forwarded under the same contract.
            unsafe { print_message(msg, nmes, level, ni, i1, i2, nr, r1, r2, msg_len) }
        }
    )*};
}

export_daux!(d1mach_, xerrwd_; d1mach, xerrwd; D1MACH, XERRWD);

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
