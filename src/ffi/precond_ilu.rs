//! Exported DSPSETUP, DJACILU and DPSOLILU: the sparse incomplete-LU
//! preconditioner module of DASKR (`dilupre.f`), with its argument lists
//! and IPAR/RPAR conventions, and their single-precision twins of
//! `silupre.f`, SSPSETUP, SJACILU and SPSOLILU (REAL arguments, for
//! SDASKR). The work is done by the safe core in the instance's
//! `precond::ilu`; the body, `generic/ilu.rs` (compiled once per
//! precision), turns the caller's pointers into checked slices, wraps RES,
//! writes IPAR(21..26) and IPAR(30), and keeps panics from crossing the
//! boundary; the routines here are one-line wrappers around it.
//!
//! IPAR and RPAR are never turned into Rust references: the user's RES
//! receives them and may write to them while DJACILU runs, so they are
//! read and written element by element through the raw pointers, only at
//! the positions DASKR's routines read and write.
//!
//! JACOUT = 1 writes the Jacobian to Fortran unit IPAR(29). When the
//! program runs on GNU Fortran's runtime (libgfortran is loaded) and the
//! unit is open, the text goes through that unit, exactly where a WRITE
//! would put it. Otherwise it goes to standard output for unit 6, to
//! standard error for unit 0, and for any other unit to the file named by
//! the environment variable `FORTn` if set, else `fort.n` in the current
//! directory (the file a Fortran runtime creates for an unopened unit).
//!
//! Error codes added to DASKR's: IERR = -1 (and IRES = -2 for DJACILU, IER
//! = -1 for DPSOLILU) when a required argument is a null pointer, when the
//! factors in WP/IWP are unusable, or on an internal error.

use daskr_export::export_aliases;
use std::ffi::{c_char, c_int, c_void};
use std::io::Write as _;

use super::callbacks::{daskr_res_fn, sdaskr_res_fn};
use super::{double, single};
use crate::types::FInt;

/// Writes through the Fortran unit when libgfortran is present and the
/// unit is connected; `None` when it is not possible.
fn write_gfortran_unit(unit: FInt, text: &str) -> Option<()> {
    type Fputc = unsafe extern "C" fn(*const c_int, *const c_char, usize) -> c_int;
    type Flush = unsafe extern "C" fn(*const c_int);
    // SAFETY: dlsym with RTLD_DEFAULT only looks up symbols of the objects
    // already loaded; the names are NUL-terminated literals.
    let (fputc, flush) = unsafe {
        (
            libc::dlsym(libc::RTLD_DEFAULT, c"_gfortran_fputc".as_ptr()),
            libc::dlsym(libc::RTLD_DEFAULT, c"_gfortran_flush_i4".as_ptr()),
        )
    };
    if fputc.is_null() || flush.is_null() {
        return None;
    }
    // SAFETY: both symbols are GNU Fortran's FPUTC(UNIT, C) and
    // FLUSH(UNIT) intrinsics (libgfortran.so.5, GCC >= 8), whose C
    // signatures are those of `Fputc` (hidden CHARACTER length as size_t)
    // and `Flush`.
    let (fputc, flush) =
        unsafe { (std::mem::transmute::<*mut c_void, Fputc>(fputc), std::mem::transmute::<*mut c_void, Flush>(flush)) };
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
pub(super) struct FortranUnitWriter;

impl FortranUnitWriter {
    /// Write `text` to Fortran unit `unit`; where it went, or why not.
    pub(super) fn write(&mut self, unit: FInt, text: &str) -> Result<String, String> {
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

/// DSPSETUP: check IPAR/RPAR for the sparse ILU preconditioner
/// (DJACILU/DPSOLILU) and the lengths LWP, LIWP of WP and IWP (DASKR's
/// dilupre.f).
///
/// Arguments (all by reference): NEQ; LWP, LIWP the lengths the caller
/// reserves (IWORK(27), IWORK(28)); RPAR (RPAR(1) TOLILUT, RPAR(2) PERMTOL);
/// IPAR (IPAR(1..11) ML, MU, LENPFAC, LENPLUFAC, IPREMETH, LFILILUT,
/// IREORDER, ISRNORM, NORMTYPE, JACOUT, JSCALCOL; IPAR(29) the unit for
/// JACOUT = 1); IERR (out): 0, k for an illegal IPAR(k) (k = 1..11), 12
/// for IPAR(29), 21/22 for RPAR(1)/RPAR(2), 30 if LWP or 31 if LIWP is too
/// small, -1 for a null argument; LWP_MIN, LIWP_MIN (out) DASKR's minimum
/// lengths 2*LENPFAC*NEQ + LENPLUFAC*NEQ + ISRNORM*NEQ + NEQ and
/// 3*NEQ + 1 + 3*LENPFAC*NEQ + 2*LENPLUFAC*NEQ + 2*IREORDER*NEQ
/// + 2*(IPREMETH-1)*NEQ, set once IPAR/RPAR are legal (both also with IERR = 30 or 31).
///
/// # Safety
/// Scalars valid; RPAR at least 2 and IPAR at least 30 elements.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn dspsetup(
    neq: *const c_int,
    lwp: *const c_int,
    liwp: *const c_int,
    rpar: *const f64,
    ipar: *const c_int,
    ierr: *mut c_int,
    lwp_min: *mut c_int,
    liwp_min: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { double::ilu::spsetup(neq, lwp, liwp, rpar, ipar, ierr, lwp_min, liwp_min) }
}
export_aliases!(dspsetup => weak dspsetup_, strong DSPSETUP);

/// DJACILU: Krylov JAC routine that forms the sparse incomplete-LU
/// preconditioner in WP/IWP (DASKR's dilupre.f); pass it to DDASKR as JAC
/// with INFO(12) = 1 and INFO(15) = 1.
///
/// Forms dG/dy + CJ*dG/dy' by banded difference quotients (ML = IPAR(1),
/// MU = IPAR(2), at most LENPFAC*NEQ nonzeros), scales columns by
/// sqrt(NEQ)/REWT (JSCALCOL) and rows by their norms (ISRNORM), reorders by
/// reverse Cuthill-McKee (IREORDER), then factors by ILUT or ILUTP. Adds
/// its RES calls to IPAR(30) and sets IPAR(21..26).
///
/// Arguments (all by reference): RES the residual routine; IRES (out): 0,
/// RES's negative IRES, or -2 to stop; NEQ; T; Y, YPRIME (NEQ, restored);
/// REWT reciprocal error weights; SAVR residual at (T, Y, YPRIME); WK
/// scratch (NEQ); H; CJ; WP, IWP (out, at least the DSPSETUP minimum
/// lengths); IERR (out): 0; 1 Jacobian storage exceeded (IRES = -2) or
/// Jacobian written for JACOUT = 1 (IRES = -2); i > 0 row i has zero norm;
/// -2/-3 L/U factor storage exceeded (IRES = -2); -5 zero row; an IPAR/RPAR
/// code of DSPSETUP (IRES = -2); -1 null argument or internal error
/// (IRES = -2); RPAR, IPAR (passed to RES).
///
/// # Safety
/// DASKR's Krylov JAC argument list: arrays of the lengths above, IPAR at
/// least 30 and RPAR at least 2 elements, RES with DASKR's RES argument
/// list.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn djacilu(
    res: daskr_res_fn,
    ires: *mut c_int,
    neq: *const c_int,
    t: *const f64,
    y: *mut f64,
    yprime: *mut f64,
    rewt: *const f64,
    savr: *mut f64,
    wk: *mut f64,
    h: *const f64,
    cj: *const f64,
    wp: *mut f64,
    iwp: *mut c_int,
    ierr: *mut c_int,
    rpar: *mut f64,
    ipar: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { double::ilu::jacilu(res, ires, neq, t, y, yprime, rewt, savr, wk, h, cj, wp, iwp, ierr, rpar, ipar) }
}
export_aliases!(djacilu => weak djacilu_, strong DJACILU);

/// DPSOLILU: PSOL routine that solves P x = b with the preconditioner
/// DJACILU stored in WP/IWP (DASKR's dilupre.f); pass it to DDASKR as PSOL.
///
/// Arguments (all by reference): NEQ; T, Y, YPRIME, R0 (not used); WK
/// scratch (NEQ); CJ (not used); WGHT the weights DASKR passes (used when
/// JSCALCOL = 1: x = z/WGHT); WP, IWP as left by DJACILU; BL (NEQ): b on
/// entry, x on return; EPLIN (not used); IER (out): 0, or -1 for a null
/// argument or factors in WP/IWP that are not valid; RPAR (not used); IPAR
/// (IPAR(3..5), (7), (8), (11) read).
///
/// # Safety
/// DASKR's PSOL argument list: arrays of the lengths above; IPAR at least
/// 11 elements.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn dpsolilu(
    neq: *const c_int,
    t: *const f64,
    y: *const f64,
    yprime: *const f64,
    r0: *const f64,
    wk: *mut f64,
    cj: *const f64,
    wght: *const f64,
    wp: *mut f64,
    iwp: *mut c_int,
    bl: *mut f64,
    eplin: *const f64,
    ier: *mut c_int,
    rpar: *mut f64,
    ipar: *mut c_int,
) {
    let _ = (t, y, yprime, r0, cj, eplin, rpar);
    // SAFETY: the contract above, forwarded.
    unsafe { double::ilu::psolilu(neq, wk, wght, wp, iwp, bl, ier, ipar) }
}
export_aliases!(dpsolilu => weak dpsolilu_, strong DPSOLILU);

/// SSPSETUP: DSPSETUP for the single-precision routines SJACILU /
/// SPSOLILU, as `silupre.f`: the same arguments (RPAR REAL), checks, IERR
/// codes and minimum lengths LWP, LIWP (counted in REAL words). Also
/// exported as `sspsetup_` (weak) and `SSPSETUP`.
///
/// # Safety
/// As for [`dspsetup`], with a `float` RPAR.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sspsetup(
    neq: *const c_int,
    lwp: *const c_int,
    liwp: *const c_int,
    rpar: *const f32,
    ipar: *const c_int,
    ierr: *mut c_int,
    lwp_min: *mut c_int,
    liwp_min: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { single::ilu::spsetup(neq, lwp, liwp, rpar, ipar, ierr, lwp_min, liwp_min) }
}
export_aliases!(sspsetup => weak sspsetup_, strong SSPSETUP);

/// SJACILU: DJACILU in single precision (REAL arguments), the Krylov JAC
/// routine for SDASKR: the same IPAR/RPAR conventions, IERR/IRES codes and
/// WP/IWP layout; difference-quotient increments from the REAL unit
/// roundoff. Also exported as `sjacilu_` (weak) and `SJACILU`.
///
/// # Safety
/// As for [`djacilu`], with `float` arrays.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sjacilu(
    res: sdaskr_res_fn,
    ires: *mut c_int,
    neq: *const c_int,
    t: *const f32,
    y: *mut f32,
    yprime: *mut f32,
    rewt: *const f32,
    savr: *mut f32,
    wk: *mut f32,
    h: *const f32,
    cj: *const f32,
    wp: *mut f32,
    iwp: *mut c_int,
    ierr: *mut c_int,
    rpar: *mut f32,
    ipar: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { single::ilu::jacilu(res, ires, neq, t, y, yprime, rewt, savr, wk, h, cj, wp, iwp, ierr, rpar, ipar) }
}
export_aliases!(sjacilu => weak sjacilu_, strong SJACILU);

/// SPSOLILU: DPSOLILU in single precision (REAL arguments), the PSOL
/// routine for SDASKR with the preconditioner SJACILU stored in WP/IWP.
/// Also exported as `spsolilu_` (weak) and `SPSOLILU`.
///
/// # Safety
/// As for [`dpsolilu`], with `float` arrays.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn spsolilu(
    neq: *const c_int,
    t: *const f32,
    y: *const f32,
    yprime: *const f32,
    r0: *const f32,
    wk: *mut f32,
    cj: *const f32,
    wght: *const f32,
    wp: *mut f32,
    iwp: *mut c_int,
    bl: *mut f32,
    eplin: *const f32,
    ier: *mut c_int,
    rpar: *mut f32,
    ipar: *mut c_int,
) {
    let _ = (t, y, yprime, r0, cj, eplin, rpar);
    // SAFETY: the contract above, forwarded.
    unsafe { single::ilu::psolilu(neq, wk, wght, wp, iwp, bl, ier, ipar) }
}
export_aliases!(spsolilu => weak spsolilu_, strong SPSOLILU);
