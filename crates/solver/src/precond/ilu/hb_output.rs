//! The Jacobian written out (JACOUT = 1) in Harwell-Boeing format, as
//! SPARSKIT's PRTMT writes it, with the Fortran edit descriptors it uses.

use std::fmt::Write as _;

use super::csr::Csr;
use super::line;
use crate::core::messages::MessageSink;
use crate::core::precision::Precision;
use crate::types::{FInt, Real};

/// The routine-name letter of this precision (DJACILU / SJACILU).
const L: &str = <Real as Precision>::LETTER;

/// Writes the Jacobian text of JACOUT = 1 to a Fortran unit.
pub trait MatrixWriter {
    /// Write `text` (complete lines) to `unit`; on success, say where it
    /// went (a file name or "unit N"), on failure why not.
    fn write_unit(&mut self, unit: FInt, text: &str) -> Result<String, String>;
}

/// DJACILU with JACOUT = 1: the residual `savr` row-scaled by `scale` and
/// permuted by `perm` in place, as the Jacobian was (DASKR does the same,
/// DVPERM for the permutation), then both written to `unit` in
/// Harwell-Boeing format, and a message saying where they went (or why
/// not). The caller stops with IERR = 1, IRES = -2.
pub(super) fn write_jacobian(
    unit: FInt,
    jac: &Csr,
    savr: &mut [Real],
    scale: Option<&[Real]>,
    perm: Option<&[usize]>,
    writer: &mut dyn MatrixWriter,
    sink: &mut dyn MessageSink,
) {
    if let Some(scale) = scale {
        for (r, s) in savr.iter_mut().zip(scale) {
            *r *= s;
        }
    }
    if let Some(pv) = perm {
        let old = savr.to_vec();
        for (i, &q) in pv.iter().enumerate() {
            savr[q] = old[i];
        }
    }
    let text = harwell_boeing(jac, savr);
    let message = match writer.write_unit(unit, &text) {
        Ok(place) => {
            vec![line(format!("{L}JACILU-- Jacobian matrix and residual written to {place}; stopping (IRES = -2)."))]
        }
        Err(why) => vec![
            line(format!("{L}JACILU-- Could not write the Jacobian matrix to unit {unit}: {why}")),
            line(format!("{L}JACILU-- Stopping (IRES = -2).")),
        ],
    };
    sink.emit(&message);
}

/// Fortran `Dw.d` as gfortran writes it: `0.ddd...D+ee`, the leading zero
/// dropped when the sign needs its column, `+eee` for three-digit
/// exponents, asterisks when it cannot fit.
fn fortran_d(value: Real, width: usize, digits: usize) -> String {
    if value.is_nan() {
        return format!("{:>width$}", "NaN");
    }
    if value.is_infinite() {
        let text = if value < 0.0 { "-Infinity" } else { "Infinity" };
        return format!("{text:>width$}");
    }
    let (mantissa, exponent) = if value == 0.0 {
        ("0".repeat(digits), 0i32)
    } else {
        let s = format!("{:.*e}", digits.saturating_sub(1), value.abs());
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        (m.chars().filter(char::is_ascii_digit).collect(), e.parse::<i32>().unwrap_or(0) + 1)
    };
    let exp_sign = if exponent < 0 { '-' } else { '+' };
    let e = exponent.unsigned_abs();
    let exp_field = if e <= 99 { format!("D{exp_sign}{e:02}") } else { format!("{exp_sign}{e:03}") };
    let sign = if value.is_sign_negative() { "-" } else { "" };
    let full = format!("{sign}0.{mantissa}{exp_field}");
    if full.len() <= width {
        return format!("{full:>width$}");
    }
    let short = format!("{sign}.{mantissa}{exp_field}");
    if short.len() <= width {
        short
    } else {
        "*".repeat(width)
    }
}

/// Fortran `Iw`.
fn fortran_i(value: i64, width: usize) -> String {
    let s = value.to_string();
    if s.len() > width {
        "*".repeat(width)
    } else {
        format!("{s:>width$}")
    }
}

/// Records of a Fortran WRITE of `items` with a format `(kX)`: k items a
/// line; an empty list still writes one (empty) record.
fn records(out: &mut String, items: &[String], per_line: usize) {
    if items.is_empty() {
        out.push('\n');
        return;
    }
    for chunk in items.chunks(per_line.max(1)) {
        for s in chunk {
            out.push_str(s);
        }
        out.push('\n');
    }
}

/// The Jacobian and one right-hand side in Harwell-Boeing format, written
/// the way DASKR's DJACILU has SPARSKIT's PRTMT write them: title
/// " DDASPK Test Matrix ", key "SPARSKIT", type "RUA", values in D21.15,
/// the CSR row pointers in the pointer section and the column indices in
/// the index section (1-based), then the right-hand side.
#[doc(alias = "PRTMT")]
pub fn harwell_boeing(a: &Csr, rhs: &[Real]) -> String {
    let nrow = a.n as i64;
    let ncol = a.n as i64;
    let nnz = a.nnz() as i64;
    // Field widths as PRTMT computes them (single-precision log10).
    let digits = |x: i64| ((0.1f32 + x as f32).log10()) as i64 + 1;
    let ptr_len = digits(nnz + 1).max(1);
    let ptr_per_line = (80 / ptr_len).max(1);
    let ptrcrd = ncol / ptr_per_line + 1;
    let ptrfmt = if ptr_len > 9 {
        format!("({}I{})", fortran_i(ptr_per_line, 2), fortran_i(ptr_len, 2))
    } else {
        format!("({}I{})", fortran_i(ptr_per_line, 2), fortran_i(ptr_len, 1))
    };
    let ind_len = digits(nrow).max(1);
    let ind_per_line = (80 / ind_len).min(nnz).max(1);
    let indcrd = (nnz - 1) / ind_per_line + 1;
    let indfmt = format!("({}I{})", fortran_i(ind_per_line, 2), fortran_i(ind_len, 1));
    const IFMT: i64 = 15;
    let val_len = IFMT + 6;
    let val_per_line = 80 / val_len;
    let valfmt = format!("({}D{}.{})", val_per_line, val_len, IFMT);
    let valcrd = (nnz - 1) / val_per_line + 1;
    let nrhs = 1i64;
    let rhscrd = (nrhs * nrow - 1) / val_per_line + 1;
    let totcrd = ptrcrd + indcrd + valcrd + rhscrd;

    let mut out = String::new();
    let _ = writeln!(out, "{:<72}{:<8}", format!(" {L}DASPK Test Matrix "), "SPARSKIT");
    for v in [totcrd, ptrcrd, indcrd, valcrd, rhscrd] {
        out.push_str(&fortran_i(v, 14));
    }
    out.push('\n');
    out.push_str("RUA           ");
    for v in [nrow, ncol, nnz, nrhs] {
        out.push_str(&fortran_i(v, 14));
    }
    out.push('\n');
    let _ = writeln!(out, "{ptrfmt:<16}{indfmt:<16}{valfmt:<20}{valfmt:<20}");
    let _ = writeln!(out, "FNN           {}{}", fortran_i(nrhs, 14), fortran_i(0, 14));
    let ptrs: Vec<String> = a.ptr.iter().map(|&p| fortran_i(p as i64 + 1, ptr_len as usize)).collect();
    records(&mut out, &ptrs, ptr_per_line as usize);
    let inds: Vec<String> = a.col.iter().map(|&c| fortran_i(c as i64 + 1, ind_len as usize)).collect();
    records(&mut out, &inds, ind_per_line as usize);
    let vals: Vec<String> = a.val.iter().map(|&v| fortran_d(v, val_len as usize, IFMT as usize)).collect();
    records(&mut out, &vals, val_per_line as usize);
    let r: Vec<String> = rhs.iter().map(|&v| fortran_d(v, val_len as usize, IFMT as usize)).collect();
    records(&mut out, &r, val_per_line as usize);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precond::ilu::test_support::{run_jac, Capture};

    #[test]
    fn jacobian_output_in_harwell_boeing_format() {
        let n = 4;
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[1, 1, 3, 3, 1, 5, 0, 0, 2, 1, 0]);
        ipar[28] = 7;
        let mut cap = Capture(Vec::new());
        let (o, _, _, _, msgs) = run_jac(n, &ipar, &[0.0, 0.0], &mut cap);
        assert_eq!((o.ierr, o.ires), (1, -2));
        assert_eq!(msgs.0.len(), 1);
        let (unit, text) = &cap.0[0];
        assert_eq!(*unit, 7);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].len(), 80);
        assert!(lines[0].starts_with(" DDASPK Test Matrix ") && lines[0].ends_with("SPARSKIT"));
        // 10 nonzeros, 5 pointers: one card each for pointers and indices,
        // four for values (3 a card), two for the residual.
        assert_eq!(lines[1], format!("{:>14}{:>14}{:>14}{:>14}{:>14}", 8, 1, 1, 4, 2));
        assert_eq!(lines[2], format!("RUA           {:>14}{:>14}{:>14}{:>14}", 4, 4, 10, 1));
        assert_eq!(lines[3], "(40I2)          (10I1)          (3D21.15)           (3D21.15)           ");
        assert_eq!(lines[4], format!("FNN           {:>14}{:>14}", 1, 0));
        assert_eq!(lines[5], " 1 3 6 911");
        // Rows keep the order of the column groups (0 and 3, then 1, then 2).
        assert_eq!(lines[6], "1212342343");
        assert_eq!(lines.len(), 5 + 1 + 1 + 4 + 2);
        // d = y' - (y(i-1) - 2.5 y(i) + 0.5 y(i+1)): row 1 = (cj + 2.5, -0.5).
        let value = |field: &str| field.replace('D', "e").parse::<Real>().unwrap();
        assert!((value(&lines[7][..21]) - 102.5).abs() < 1e-5, "{}", lines[7]);
        assert!((value(&lines[7][21..42]) + 0.5).abs() < 1e-5, "{}", lines[7]);
    }

    #[test]
    fn fortran_d21_15_as_gfortran_writes_it() {
        // Checked against gfortran's WRITE(6,'(3D21.15)').
        assert_eq!(fortran_d(1.0, 21, 15), "0.100000000000000D+01");
        assert_eq!(fortran_d(-1.0, 21, 15), "-.100000000000000D+01");
        assert_eq!(fortran_d(0.0, 21, 15), "0.000000000000000D+00");
        assert_eq!(fortran_d(-0.0, 21, 15), "-.000000000000000D+00");
        assert_eq!(fortran_d(1.5e-200, 21, 15), "0.150000000000000-199");
        assert_eq!(fortran_d(-2.5e150, 21, 15), "-.250000000000000+151");
        assert_eq!(fortran_d(123.456, 21, 15), "0.123456000000000D+03");
        assert_eq!(fortran_i(12345, 3), "***");
    }
}
