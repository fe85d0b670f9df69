//! Exported DSPSETUP, DJACILU and DPSOLILU: the sparse incomplete-LU
//! preconditioner module of DASKR (`dilupre.f`), with its argument lists
//! and IPAR/RPAR conventions. The work is done by the safe core in
//! [`crate::precond::ilu`]; this file turns the caller's pointers into
//! checked slices, wraps RES, writes IPAR(21..26) and IPAR(30), and keeps
//! panics from crossing the boundary.
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
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::callbacks::daskr_res_fn;
use super::messages::StdoutSink;
use super::slices::opt_slice_mut;
use crate::core::messages::{MessageLine, MessageSink};
use crate::precond::ilu::{self, Check, IluParams, JacArgs, Layout, MatrixWriter, ParamSource};
use crate::types::{FInt, Real};

/// IPAR and RPAR read through the caller's pointers.
struct RawParams {
    ipar: *const c_int,
    rpar: *const f64,
}

impl ParamSource for RawParams {
    fn ipar(&self, pos: usize) -> FInt {
        if self.ipar.is_null() || pos == 0 {
            return 0;
        }
        // SAFETY: non-null; the caller's IPAR has at least 30 elements
        // (DASKR's documented minimum) and the core asks only for
        // positions 1..11 and 29 here.
        unsafe { self.ipar.add(pos - 1).read() }
    }
    fn rpar(&self, pos: usize) -> Real {
        if self.rpar.is_null() || pos == 0 {
            return 0.0;
        }
        // SAFETY: non-null; RPAR has at least 2 elements (DASKR's
        // documented minimum) and only positions 1 and 2 are read.
        unsafe { self.rpar.add(pos - 1).read() }
    }
}

fn message(text: impl Into<String>) {
    StdoutSink.emit(&[MessageLine::text(text)]);
}

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

/// JACOUT's writer (see the module documentation).
struct FortranUnitWriter;

impl MatrixWriter for FortranUnitWriter {
    fn write_unit(&mut self, unit: FInt, text: &str) -> Result<String, String> {
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
    // SAFETY: each pointer is checked for null before it is read or
    // written; non-null pointers are valid by the contract.
    unsafe {
        let Some(ierr) = ierr.as_mut() else {
            message("DSPSETUP-- IERR is a null pointer; nothing checked.");
            return;
        };
        let (Some(&neq), Some(&lwp), Some(&liwp)) = (neq.as_ref(), lwp.as_ref(), liwp.as_ref()) else {
            message("DSPSETUP-- NEQ, LWP or LIWP is a null pointer.");
            *ierr = -1;
            return;
        };
        if rpar.is_null() || ipar.is_null() {
            message("DSPSETUP-- RPAR or IPAR is a null pointer.");
            *ierr = -1;
            return;
        }
        let src = RawParams { ipar, rpar };
        match catch_unwind(AssertUnwindSafe(|| ilu::setup(neq, lwp, liwp, &src))) {
            Ok(outcome) => {
                *ierr = outcome.ierr;
                if let Some((a, b)) = outcome.min_lengths {
                    if let Some(m) = lwp_min.as_mut() {
                        *m = a;
                    }
                    if let Some(m) = liwp_min.as_mut() {
                        *m = b;
                    }
                }
            }
            Err(_) => {
                message("DSPSETUP-- Internal error; IERR = -1.");
                *ierr = -1;
            }
        }
    }
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
    // SAFETY (whole block): every pointer is checked for null before use
    // and turned into a slice of exactly the length the contract
    // guarantees; IPAR/RPAR are only accessed element-wise (see the module
    // documentation).
    unsafe {
        let fail = |why: &str| {
            message(format!("DJACILU-- {why}"));
            if let Some(e) = ierr.as_mut() {
                *e = -1;
            }
            if let Some(r) = ires.as_mut() {
                *r = -2;
            }
        };
        if ierr.is_null() || ires.is_null() {
            return fail("IERR or IRES is a null pointer.");
        }
        let Some(res_fn) = res else {
            return fail("RES is a null pointer.");
        };
        let (Some(&neq), Some(&t), Some(&h), Some(&cj)) = (neq.as_ref(), t.as_ref(), h.as_ref(), cj.as_ref()) else {
            return fail("NEQ, T, H or CJ is a null pointer.");
        };
        if ipar.is_null() || rpar.is_null() {
            return fail("IPAR or RPAR is a null pointer.");
        }
        let n = neq.max(0) as usize;
        let src = RawParams { ipar, rpar };
        // The lengths of WP and IWP follow from IPAR; with illegal IPAR the
        // core reports the error without touching them.
        let (wp_len, iwp_len) = match IluParams::decode(&src, Check::Factor) {
            Ok(p) => {
                let l = Layout::new(n, &p);
                (l.wp_len, l.iwp_len)
            }
            Err(_) => (0, 0),
        };
        let (Some(y), Some(yp), Some(savr), Some(wk)) =
            (opt_slice_mut(y, n), opt_slice_mut(yprime, n), opt_slice_mut(savr, n), opt_slice_mut(wk, n))
        else {
            return fail("Y, YPRIME, SAVR or WK is a null pointer.");
        };
        if rewt.is_null() && n > 0 {
            return fail("REWT is a null pointer.");
        }
        let rewt: &[f64] = if n == 0 { &[] } else { std::slice::from_raw_parts(rewt, n) };
        let (Some(wp), Some(iwp)) = (opt_slice_mut(wp, wp_len), opt_slice_mut(iwp, iwp_len)) else {
            return fail("WP or IWP is a null pointer.");
        };
        let mut residual = |yv: &[Real], ypv: &[Real], delta: &mut [Real]| -> FInt {
            let (tt, cc) = (t, cj);
            let mut flag: c_int = 0;
            // SAFETY: RES has DASKR's residual argument list; y, y' and
            // delta are NEQ long; T and CJ are passed as copies; RPAR and
            // IPAR are the caller's, passed through as DASKR does.
            res_fn(&tt, yv.as_ptr(), ypv.as_ptr(), &cc, delta.as_mut_ptr(), &mut flag, rpar, ipar);
            flag
        };
        let args = JacArgs { y, yp, rewt, savr, wk, h, cj };
        let mut writer = FortranUnitWriter;
        let mut sink = StdoutSink;
        let outcome =
            catch_unwind(AssertUnwindSafe(|| ilu::jac_ilu(&src, args, wp, iwp, &mut residual, &mut writer, &mut sink)));
        match outcome {
            Ok(o) => {
                if let Some(calls) = o.res_calls {
                    let at = ipar.add(ilu::ipar::NRE - 1);
                    at.write(at.read().wrapping_add(calls));
                }
                if let Some(ptrs) = o.pointers {
                    for (k, v) in ptrs.iter().enumerate() {
                        ipar.add(ilu::ipar::POINTERS - 1 + k).write(*v);
                    }
                }
                *ierr = o.ierr;
                *ires = o.ires;
            }
            Err(_) => fail("Internal error; IERR = -1, IRES = -2."),
        }
    }
}
export_aliases!(djacilu => weak djacilu_, strong DJACILU);

/// # Safety
/// DPSOLILU's contract (DASKR's PSOL argument list): WK, WGHT and BL of NEQ
/// elements, WP/IWP as set by DJACILU, IPAR at least 30 elements. T, Y,
/// YPRIME, R0, CJ, EPLIN and RPAR are not used and may be null.
#[allow(clippy::too_many_arguments)]
unsafe fn dpsolilu_body(
    neq: *const c_int,
    wk: *mut f64,
    wght: *const f64,
    wp: *mut f64,
    iwp: *mut c_int,
    bl: *mut f64,
    ier: *mut c_int,
    ipar: *mut c_int,
) {
    // SAFETY (whole block): pointers checked for null before use; slices
    // have the lengths of the contract.
    unsafe {
        let Some(ier) = ier.as_mut() else {
            message("DPSOLILU-- IER is a null pointer.");
            return;
        };
        let fail = |ier: &mut c_int, why: &str| {
            message(format!("DPSOLILU-- {why}"));
            *ier = -1;
        };
        let Some(&neq) = neq.as_ref() else {
            return fail(ier, "NEQ is a null pointer.");
        };
        if ipar.is_null() {
            return fail(ier, "IPAR is a null pointer.");
        }
        let n = neq.max(0) as usize;
        let src = RawParams { ipar, rpar: std::ptr::null() };
        let p = match IluParams::decode_for_solve(&src) {
            Ok(p) => p,
            Err(e) => return fail(ier, &format!("Illegal input: {e}.")),
        };
        let layout = Layout::new(n, &p);
        let (Some(wk), Some(bl)) = (opt_slice_mut(wk, n), opt_slice_mut(bl, n)) else {
            return fail(ier, "WK or BL is a null pointer.");
        };
        let wght: &[f64] = if p.scale_columns && n > 0 {
            if wght.is_null() {
                return fail(ier, "WGHT is a null pointer.");
            }
            std::slice::from_raw_parts(wght, n)
        } else {
            &[]
        };
        if (wp.is_null() && layout.wp_len > 0) || (iwp.is_null() && layout.iwp_len > 0) {
            return fail(ier, "WP or IWP is a null pointer.");
        }
        let wp: &[f64] = if layout.wp_len == 0 { &[] } else { std::slice::from_raw_parts(wp, layout.wp_len) };
        let iwp: &[c_int] = if layout.iwp_len == 0 { &[] } else { std::slice::from_raw_parts(iwp, layout.iwp_len) };
        match catch_unwind(AssertUnwindSafe(|| ilu::psol_ilu(&src, wp, iwp, wght, wk, bl))) {
            Ok(Ok(())) => *ier = 0,
            Ok(Err(e)) => fail(ier, &format!("{e}; IER = -1.")),
            Err(_) => fail(ier, "Internal error; IER = -1."),
        }
    }
}

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
    // SAFETY: forwarded under the same contract.
    unsafe { dpsolilu_body(neq, wk, wght, wp, iwp, bl, ier, ipar) }
}
export_aliases!(dpsolilu => weak dpsolilu_, strong DPSOLILU);
