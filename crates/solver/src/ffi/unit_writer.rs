//! Writing text to a Fortran unit of the calling program (the JACOUT = 1
//! output of the ILU preconditioner routines, DJACILU / SJACILU).

use std::ffi::{c_char, c_int, c_void};
use std::io::Write as _;

use crate::types::FInt;

/// Writes through the Fortran unit when libgfortran is present and the
/// unit is connected; `None` when it is not possible.
fn write_gfortran_unit(unit: FInt, text: &str) -> Option<()> {
    type Fputc = unsafe extern "C" fn(*const c_int, *const c_char, usize) -> c_int;
    type Flush = unsafe extern "C" fn(*const c_int);
    // SAFETY: dlsym with RTLD_DEFAULT only looks up symbols of the objects
    // already loaded; the name is a NUL-terminated literal.
    let fputc = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"_gfortran_fputc".as_ptr()) };
    // SAFETY: as above.
    let flush = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"_gfortran_flush_i4".as_ptr()) };
    if fputc.is_null() || flush.is_null() {
        return None;
    }
    // SAFETY: the symbol is GNU Fortran's FPUTC(UNIT, C) intrinsic
    // (libgfortran.so.5, GCC >= 8), whose C signature is that of `Fputc`
    // (hidden CHARACTER length as size_t); checked non-null.
    let fputc = unsafe { std::mem::transmute::<*mut c_void, Fputc>(fputc) };
    // SAFETY: the symbol is GNU Fortran's FLUSH(UNIT) intrinsic, whose C
    // signature is that of `Flush`; checked non-null.
    let flush = unsafe { std::mem::transmute::<*mut c_void, Flush>(flush) };
    let bytes = text.as_bytes();
    let Some(first) = bytes.first() else {
        return Some(());
    };
    // SAFETY: the unit number and the byte are live locals read during
    // the call; FPUTC returns nonzero (and writes nothing) when the unit is
    // not connected.
    if unsafe { fputc(&unit, (first as *const u8).cast(), 1) } != 0 {
        return None;
    }
    for b in &bytes[1..] {
        // SAFETY: as above.
        if unsafe { fputc(&unit, (b as *const u8).cast(), 1) } != 0 {
            break;
        }
    }
    // SAFETY: flushes the connected unit; the argument is a live local.
    unsafe { flush(&unit) };
    Some(())
}

/// JACOUT's writer (see the module documentation); the instances'
/// `MatrixWriter` implementations call [`FortranUnitWriter::write`].
pub struct FortranUnitWriter;

impl FortranUnitWriter {
    /// Write `text` to Fortran unit `unit`; where it went, or why not.
    pub fn write(&mut self, unit: FInt, text: &str) -> Result<String, String> {
        if write_gfortran_unit(unit, text).is_some() {
            return Ok(format!("unit {unit}"));
        }
        match unit {
            6 => {
                let mut out = std::io::stdout().lock();
                out.write_all(text.as_bytes()).and_then(|_| out.flush()).map_err(|e| e.to_string())?;
                Ok("unit 6 (standard output)".into())
            }
            0 => {
                std::io::stderr().write_all(text.as_bytes()).map_err(|e| e.to_string())?;
                Ok("unit 0 (standard error)".into())
            }
            _ => {
                let name = std::env::var(format!("FORT{unit}")).unwrap_or_else(|_| format!("fort.{unit}"));
                std::fs::write(&name, text).map_err(|e| format!("{name}: {e}"))?;
                Ok(format!("file {name} (unit {unit})"))
            }
        }
    }
}
