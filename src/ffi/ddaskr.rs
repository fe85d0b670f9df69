//! The exported DDASKR and SDASKR entry points. Each is a one-line
//! wrapper with the concrete argument types (cbindgen declares it in
//! `daskr.h`) around the one body, `generic/solver.rs`, compiled for its
//! precision ([`super::double`], [`super::single`]).

use daskr_export::export_aliases;
use std::os::raw::c_int;

use super::callbacks::{daskr_generic_fn, daskr_res_fn, daskr_rt_fn};
use super::double;

/// DDASKR: solve G(t, y, y') = 0 from T to TOUT, with DASKR's argument
/// list and conventions. Also exported as `ddaskr_` (gfortran, ifx, flang)
/// and `DDASKR`.
///
/// # Safety
/// As for DASKR: all arguments by reference, every array pointer valid for
/// the length DASKR documents (Y, YPRIME: NEQ; RTOL, ATOL: 1 or NEQ;
/// INFO: 20; RWORK: LRW; IWORK: LIW; JROOT: NRT), every scalar pointer
/// valid. Null pointers are rejected with IDID = -33 where an array is
/// needed.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
// The arguments laid out as the lines of DASKR's SUBROUTINE statement, so
// that the order can be read against the documented interface.
#[rustfmt::skip]
pub unsafe extern "C" fn ddaskr(
    res: daskr_res_fn, neq: *const c_int, t: *mut f64, y: *mut f64, yprime: *mut f64, tout: *const f64,
        info: *mut c_int, rtol: *mut f64, atol: *mut f64,
    idid: *mut c_int, rwork: *mut f64, lrw: *const c_int, iwork: *mut c_int, liw: *const c_int,
        rpar: *mut f64, ipar: *mut c_int, jac: daskr_generic_fn, psol: daskr_generic_fn,
    rt: daskr_rt_fn, nrt: *const c_int, jroot: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe {
        double::solver::daskr(
            res, neq, t, y, yprime, tout, info, rtol, atol, idid, rwork, lrw, iwork, liw, rpar, ipar, jac, psol, rt,
            nrt, jroot,
        )
    }
}
export_aliases!(ddaskr => strong ddaskr_, strong DDASKR);
