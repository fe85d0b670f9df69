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
use std::ffi::c_int;

use super::callbacks::daskr_res_fn;
use super::double;

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
