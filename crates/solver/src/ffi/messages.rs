//! Printing the solver's messages as DASKR's `XERRWD` (and its
//! single-precision twin `XERRWV`) does.
//!
//! The core builds a message as [`MessageLine`]s; [`StdoutSink`] formats
//! each one with XERRWD's formats and hands the text to the C shim
//! `csrc/messages.c`, which honours XSETF/XSETUN (through a weak reference
//! to `IXSAV`) and writes through the Fortran unit when the program runs on
//! libgfortran, so the message keeps its place among the program's own
//! buffered output. XERRWD's formats:
//!
//! ```text
//! (1X,A)                                                   the text
//! (6X,'In above message,  I1 =',I10)                       one integer
//! (6X,'In above message,  I1 =',I10,3X,'I2 =',I10)         two integers
//! (6X,'In above message,  R1 =',D21.13)                    one real
//! (6X,'In above,  R1 =',D21.13,3X,'R2 =',D21.13)           two reals
//! ```
//!
//! XERRWV (`saux.f`, REAL values) writes the same records with `E21.13`
//! in place of `D21.13`: the one difference is the exponent letter
//! ([`ExponentLetter`]); [`SingleStdoutSink`] prints that way.
//!
//! Only the first two integers and the first two reals of a line are
//! printed, as XERRWD has room for no more.

#![doc(alias = "XERRWD")]
#![doc(alias = "XERRWV")]

use std::fmt::Write as _;

use crate::core::messages::{MessageLine, MessageSink};
use crate::types::{FInt, Real};

mod shim {
    use std::ffi::{c_char, c_int};

    extern "C" {
        /// Message print flag (0 = silent) and Fortran unit, from IXSAV if
        /// one is linked, else DASKR's defaults (1, 6).
        pub fn daskr_internal_message_controls(flag: *mut c_int, unit: *mut c_int);
        /// Writes `len` bytes of complete lines to the Fortran unit (or
        /// standard output), in order with the program's own output.
        pub fn daskr_internal_print_lines(unit: c_int, text: *const c_char, len: usize);
    }
}

/// The exponent letter of the real values' format, the one difference
/// between XERRWD and XERRWV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExponentLetter {
    /// `D21.13`: DOUBLE PRECISION values, as XERRWD (`daux.f`) prints them.
    D,
    /// `E21.13`: REAL values, as XERRWV (`saux.f`) prints them.
    E,
}

/// Prints messages to standard output (or the XSETUN unit), honouring
/// XSETF(0), reals as XERRWD does (`D21.13`). Used by the exported
/// Fortran/C entry points.
#[derive(Clone, Copy, Debug, Default)]
pub struct StdoutSink;

impl MessageSink for StdoutSink {
    fn emit(&mut self, lines: &[MessageLine]) {
        print_message(lines, ExponentLetter::D);
    }
}

/// As [`StdoutSink`], reals as XERRWV does (`E21.13`): for the
/// single-precision routines (XERRWV here; SDASKR and the S
/// preconditioner routines in `crates/single`, which compiles this file
/// with REAL values).
#[derive(Clone, Copy, Debug, Default)]
pub struct SingleStdoutSink;

impl MessageSink for SingleStdoutSink {
    fn emit(&mut self, lines: &[MessageLine]) {
        print_message(lines, ExponentLetter::E);
    }
}

/// Formats the message and writes it to the XSETUN unit, unless XSETF(0)
/// silenced messages.
fn print_message(lines: &[MessageLine], letter: ExponentLetter) {
    if lines.is_empty() {
        return;
    }
    let (mut flag, mut unit) = (0, 0);
    // SAFETY: the shim writes one int through each of two valid,
    // distinct pointers to locals and keeps neither.
    unsafe { shim::daskr_internal_message_controls(&mut flag, &mut unit) };
    if flag == 0 {
        return;
    }
    let text = format_message(lines, letter);
    // SAFETY: `text` is a live buffer of exactly `text.len()` bytes that
    // the shim only reads during the call.
    unsafe { shim::daskr_internal_print_lines(unit, text.as_ptr().cast(), text.len()) };
}

/// The printed form of a whole message: every record ends with a newline.
pub fn format_message(lines: &[MessageLine], letter: ExponentLetter) -> String {
    let mut out = String::new();
    for line in lines {
        format_line(&mut out, line, letter);
    }
    out
}

/// Appends the records XERRWD (or XERRWV) writes for one call: the text,
/// then the integers, then the reals.
fn format_line(out: &mut String, line: &MessageLine, letter: ExponentLetter) {
    out.push(' ');
    out.push_str(&line.text);
    out.push('\n');
    match line.ints.as_slice() {
        [] => {}
        [i1] => {
            let _ = writeln!(out, "      In above message,  I1 ={}", fortran_i10(*i1));
        }
        [i1, i2, ..] => {
            let _ = writeln!(out, "      In above message,  I1 ={}   I2 ={}", fortran_i10(*i1), fortran_i10(*i2));
        }
    }
    match line.reals.as_slice() {
        [] => {}
        [r1] => {
            let _ = writeln!(out, "      In above message,  R1 ={}", fortran_21_13(*r1, letter));
        }
        [r1, r2, ..] => {
            let (r1, r2) = (fortran_21_13(*r1, letter), fortran_21_13(*r2, letter));
            let _ = writeln!(out, "      In above,  R1 ={r1}   R2 ={r2}");
        }
    }
}

/// Fortran `I10`: right-justified in 10 columns; ten asterisks when the
/// number needs more (any value below -999999999).
fn fortran_i10(value: FInt) -> String {
    const WIDTH: usize = 10;
    let digits = value.to_string();
    if digits.len() > WIDTH {
        "*".repeat(WIDTH)
    } else {
        format!("{digits:>WIDTH$}")
    }
}

/// Fortran `D21.13` as gfortran writes it: `  0.1000000000000D+01`,
/// ` -0.1234567890123D-04`; a three-digit exponent drops the `D`
/// (`  0.1000000000000+101`); zero keeps its sign (` -0.0000000000000D+00`);
/// rounding is to nearest, ties to even, on the exact binary value;
/// `Infinity`, `-Infinity` and `NaN` are right-justified. `E21.13` is the
/// same with `E` (a REAL, widened exactly, never needs three digits).
fn fortran_21_13(value: Real, letter: ExponentLetter) -> String {
    const WIDTH: usize = 21;
    const DIGITS: usize = 13;
    if value.is_nan() {
        return format!("{:>WIDTH$}", "NaN");
    }
    if value.is_infinite() {
        let text = if value < 0.0 { "-Infinity" } else { "Infinity" };
        return format!("{text:>WIDTH$}");
    }
    let magnitude = value.abs();
    let (digits, exponent) = if magnitude == 0.0 {
        ("0".repeat(DIGITS), 0)
    } else {
        // d.dddddddddddde<E>: 13 significant digits, correctly rounded.
        let scientific = format!("{magnitude:.prec$e}", prec = DIGITS - 1);
        let (mantissa, exp) = scientific.split_once('e').unwrap_or((&scientific, "0"));
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        // 0.d1d2...d13 * 10**(E+1) == d1.d2...d13 * 10**E
        (digits, exp.parse::<i32>().unwrap_or(0) + 1)
    };
    let sign = if value.is_sign_negative() { "-" } else { "" };
    let exp_sign = if exponent < 0 { '-' } else { '+' };
    let exp_abs = exponent.unsigned_abs();
    let letter = match letter {
        ExponentLetter::D => 'D',
        ExponentLetter::E => 'E',
    };
    let exponent_field =
        if exp_abs <= 99 { format!("{letter}{exp_sign}{exp_abs:02}") } else { format!("{exp_sign}{exp_abs:03}") };
    format!("{:>WIDTH$}", format!("{sign}0.{digits}{exponent_field}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values and the text gfortran 12 writes for them with `D21.13`.
    #[test]
    fn d21_13_matches_gfortran() {
        let cases: &[(f64, &str)] = &[
            (1.0, "  0.1000000000000D+01"),
            (-1.234567890123e-5, " -0.1234567890123D-04"),
            (0.0, "  0.0000000000000D+00"),
            (-0.0, " -0.0000000000000D+00"),
            (1e100, "  0.1000000000000+101"),
            (-1e-100, " -0.1000000000000D-99"),
            (1e-310, "  0.1000000000000-309"),
            (12345678901225.0, "  0.1234567890122D+14"),
            (12345678901235.0, "  0.1234567890124D+14"),
            (f64::MAX, "  0.1797693134862+309"),
            (f64::MIN_POSITIVE, "  0.2225073858507-307"),
            (0.1, "  0.1000000000000D+00"),
            (9.99999999999995, "  0.1000000000000D+02"),
            (9.999999999999949, "  0.1000000000000D+02"),
            (1e99, "  0.1000000000000+100"),
            (9.99999999999999e99, "  0.1000000000000+101"),
            (5e-324, "  0.4940656458412-323"),
            (123.456, "  0.1234560000000D+03"),
            (1e-99, "  0.1000000000000D-98"),
            (0.99999999999999e-99, "  0.1000000000000D-98"),
            (f64::INFINITY, "             Infinity"),
            (f64::NEG_INFINITY, "            -Infinity"),
            (f64::NAN, "                  NaN"),
        ];
        for &(value, expected) in cases {
            assert_eq!(fortran_21_13(value, ExponentLetter::D), expected, "value {value:e}");
        }
    }

    /// REAL values and the text the original XERRWV (saux.f, gfortran 12.2)
    /// writes for them with `E21.13`, taken from a probe program's output.
    #[test]
    fn e21_13_matches_the_original_xerrwv() {
        let cases: &[(f32, &str)] = &[
            (0.0, "  0.0000000000000E+00"),
            (-0.0, " -0.0000000000000E+00"),
            (1.0, "  0.1000000000000E+01"),
            (1.0 / 3.0, "  0.3333333432674E+00"),
            (1e-38, "  0.9999999350456E-38"),
            (3.4e38, "  0.3399999952144E+39"),
            (-2.5e-7, " -0.2499999993688E-06"),
            (123456.78, "  0.1234567812500E+06"),
            (0.99999994, "  0.9999999403954E+00"),
            (2e-44, "  0.1961817850055E-43"),
            (-f32::MIN_POSITIVE, " -0.1175494350822E-37"),
            (f32::MAX, "  0.3402823466385E+39"),
            (1e10, "  0.1000000000000E+11"),
            (-7e-3, " -0.7000000216067E-02"),
            (5e-14, "  0.4999999912258E-13"),
            (0.1, "  0.1000000014901E+00"),
            (f32::from_bits(1), "  0.1401298464325E-44"),
            (f32::from_bits(0x807f_ffff), " -0.1175494210692E-37"),
            (f32::INFINITY, "             Infinity"),
            (f32::NEG_INFINITY, "            -Infinity"),
            (f32::NAN, "                  NaN"),
        ];
        for &(value, expected) in cases {
            assert_eq!(fortran_21_13(f64::from(value), ExponentLetter::E), expected, "value {value:e}");
        }
    }

    #[test]
    fn i10_right_justified_or_asterisks() {
        assert_eq!(fortran_i10(42), "        42");
        assert_eq!(fortran_i10(-7), "        -7");
        assert_eq!(fortran_i10(0), "         0");
        assert_eq!(fortran_i10(i32::MAX), "2147483647");
        assert_eq!(fortran_i10(-999_999_999), "-999999999");
        assert_eq!(fortran_i10(-1_000_000_000), "**********");
        assert_eq!(fortran_i10(i32::MIN), "**********");
    }

    #[test]
    fn message_layout_matches_xerrwd() {
        let lines = [
            MessageLine::text("plain"),
            MessageLine::text("one int").with_ints(&[42]),
            MessageLine::text("two ints").with_ints(&[42, -7]),
            MessageLine::text("one real").with_reals(&[1.0]),
            MessageLine::text("both").with_ints(&[3]).with_reals(&[1.0, -2.0]),
        ];
        let expected = concat!(
            " plain\n",
            " one int\n",
            "      In above message,  I1 =        42\n",
            " two ints\n",
            "      In above message,  I1 =        42   I2 =        -7\n",
            " one real\n",
            "      In above message,  R1 =  0.1000000000000D+01\n",
            " both\n",
            "      In above message,  I1 =         3\n",
            "      In above,  R1 =  0.1000000000000D+01   R2 = -0.2000000000000D+01\n",
        );
        assert_eq!(format_message(&lines, ExponentLetter::D), expected);
        // XERRWV: the same records, E for D.
        assert_eq!(format_message(&lines, ExponentLetter::E), expected.replace("D+01", "E+01"));
    }
}
