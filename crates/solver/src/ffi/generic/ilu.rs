//! The body of the sparse ILU preconditioner routines (DSPSETUP, DJACILU,
//! DPSOLILU and their single-precision twins SSPSETUP, SJACILU, SPSOLILU),
//! written once against the precision context of the including module
//! (`super`); the work is done by the instance's `precond::ilu`. See
//! `precond_ilu.rs` for the conventions (IPAR/RPAR accessed element by
//! element, JACOUT's unit).

use std::ffi::c_int;

use daskr_export::boundary;

use super::core::messages::{MessageLine, MessageSink};
use super::precond::ilu::{self, Check, IluParams, JacArgs, Layout, MatrixWriter, ParamSource};
use super::slices::{length, opt_slice, opt_slice_mut, opt_slices_mut, read_scalars, store};
use super::solver::ForeignResidual;
use super::unit_writer::FortranUnitWriter;
use super::{FInt, Real, ResFn, Sink, LETTER};

/// IPAR and RPAR read through the caller's pointers.
struct RawParams {
    ipar: *const c_int,
    rpar: *const Real,
}

impl ParamSource for RawParams {
    fn ipar(&self, pos: usize) -> FInt {
        if self.ipar.is_null() || pos == 0 {
            return 0;
        }
        // SAFETY: non-null; the caller's IPAR has at least 30 elements
        // (DASKR's documented minimum) and the core asks only for
        // positions 1..11 and 29 here.
        unsafe { self.ipar.wrapping_add(pos - 1).read() }
    }
    fn rpar(&self, pos: usize) -> Real {
        if self.rpar.is_null() || pos == 0 {
            return 0.0;
        }
        // SAFETY: non-null; RPAR has at least 2 elements (DASKR's
        // documented minimum) and only positions 1 and 2 are read.
        unsafe { self.rpar.wrapping_add(pos - 1).read() }
    }
}

impl MatrixWriter for FortranUnitWriter {
    fn write_unit(&mut self, unit: FInt, text: &str) -> Result<String, String> {
        self.write(unit, text)
    }
}

/// Print one line, `LETTER` + `name` + `-- ` + `text` (honours
/// XSETF/XSETUN).
fn message(name: &str, text: impl std::fmt::Display) {
    Sink.emit(&[MessageLine::text(format!("{LETTER}{name}-- {text}"))]);
}

/// A failure of xSPSETUP or xPSOLILU: the line `why` of routine `name`
/// and its error flag (IERR, IER) = -1.
fn flag_failure(name: &str, flag: &mut c_int, why: &str) {
    message(name, why);
    *flag = -1;
}

/// xSPSETUP with the caller's raw arguments, behind the panic boundary.
///
/// # Safety
/// As documented on the exported `dspsetup` / `sspsetup`.
#[allow(clippy::too_many_arguments)]
pub(in crate::ffi) unsafe fn spsetup(
    neq: *const c_int,
    lwp: *const c_int,
    liwp: *const c_int,
    rpar: *const Real,
    ipar: *const c_int,
    ierr: *mut c_int,
    lwp_min: *mut c_int,
    liwp_min: *mut c_int,
) {
    // Each pointer is checked for null before it is read or written;
    // non-null pointers are valid by the contract.
    boundary(
        || {
            // SAFETY: IERR is the caller's INTEGER or null (`as_mut` checks).
            let Some(ierr) = (unsafe { ierr.as_mut() }) else {
                message("SPSETUP", "IERR is a null pointer; nothing checked.");
                return;
            };
            // SAFETY: NEQ, LWP and LIWP are the caller's INTEGERs or null.
            let Some([neq, lwp, liwp]) = (unsafe { read_scalars([neq, lwp, liwp]) }) else {
                return flag_failure("SPSETUP", ierr, "NEQ, LWP or LIWP is a null pointer.");
            };
            if rpar.is_null() || ipar.is_null() {
                return flag_failure("SPSETUP", ierr, "RPAR or IPAR is a null pointer.");
            }
            let src = RawParams { ipar, rpar };
            let outcome = ilu::setup(neq, lwp, liwp, &src);
            *ierr = outcome.ierr;
            if let Some((a, b)) = outcome.min_lengths {
                // SAFETY: LWP_MIN is the caller's INTEGER or null.
                unsafe { store(lwp_min, a) };
                // SAFETY: LIWP_MIN likewise.
                unsafe { store(liwp_min, b) };
            }
        },
        || {
            message("SPSETUP", "Internal error; IERR = -1.");
            // SAFETY: IERR is the caller's INTEGER or null; the reference
            // made from it died with the unwound call.
            unsafe { store(ierr, -1) };
        },
    )
}

/// Report a failure of xJACILU: the message, IERR = -1 and IRES = -2
/// (each where non-null).
///
/// # Safety
/// `ierr` and `ires` are null or valid for writes, with no live reference
/// to them.
unsafe fn jacilu_fail(ierr: *mut c_int, ires: *mut c_int, why: &str) {
    message("JACILU", why);
    // SAFETY: by the contract above.
    unsafe { store(ierr, -1) };
    // SAFETY: as above.
    unsafe { store(ires, -2) };
}

/// xJACILU with the caller's raw arguments, behind the panic boundary.
///
/// # Safety
/// As documented on the exported `djacilu` / `sjacilu`.
#[allow(clippy::too_many_arguments)]
pub(in crate::ffi) unsafe fn jacilu(
    res: ResFn,
    ires: *mut c_int,
    neq: *const c_int,
    t: *const Real,
    y: *mut Real,
    yprime: *mut Real,
    rewt: *const Real,
    savr: *mut Real,
    wk: *mut Real,
    h: *const Real,
    cj: *const Real,
    wp: *mut Real,
    iwp: *mut c_int,
    ierr: *mut c_int,
    rpar: *mut Real,
    ipar: *mut c_int,
) {
    // Every pointer is checked for null before use and turned into a slice
    // of exactly the length the contract guarantees; IPAR/RPAR are only
    // accessed element-wise (see the module documentation of
    // precond_ilu.rs). IERR and IRES are written through the raw pointers
    // only.
    // SAFETY: IERR and IRES are null or the caller's scalars, and no
    // reference is ever made from them below (they are written through the
    // pointers), so every call of `fail` meets `jacilu_fail`'s contract.
    let fail = |why: &str| unsafe { jacilu_fail(ierr, ires, why) };
    boundary(
        || {
            if ierr.is_null() || ires.is_null() {
                return fail("IERR or IRES is a null pointer.");
            }
            let Some(res_fn) = res else {
                return fail("RES is a null pointer.");
            };
            // SAFETY: NEQ is the caller's INTEGER or null (`as_ref` checks).
            let neq = unsafe { neq.as_ref() };
            // SAFETY: T, H and CJ are the caller's REALs or null.
            let reals = unsafe { read_scalars([t, h, cj]) };
            let (Some(&neq), Some([t, h, cj])) = (neq, reals) else {
                return fail("NEQ, T, H or CJ is a null pointer.");
            };
            if ipar.is_null() || rpar.is_null() {
                return fail("IPAR or RPAR is a null pointer.");
            }
            let n = length(neq);
            let src = RawParams { ipar, rpar };
            // The lengths of WP and IWP follow from IPAR; with illegal IPAR
            // the core reports the error without touching them.
            let (wp_len, iwp_len) = match IluParams::decode(&src, Check::Factor) {
                Ok(p) => {
                    let l = Layout::new(n, &p);
                    (l.wp_len, l.iwp_len)
                }
                Err(_) => (0, 0),
            };
            // SAFETY: Y, YPRIME, SAVR and WK have NEQ elements each, distinct
            // arrays.
            let Some([y, yp, savr, wk]) = (unsafe { opt_slices_mut([(y, n), (yprime, n), (savr, n), (wk, n)]) }) else {
                return fail("Y, YPRIME, SAVR or WK is a null pointer.");
            };
            // SAFETY: REWT has NEQ elements, only read.
            let Some(rewt) = (unsafe { opt_slice(rewt, n) }) else {
                return fail("REWT is a null pointer.");
            };
            // SAFETY: WP has the length its layout needs, distinct from the
            // other arrays.
            let wp = unsafe { opt_slice_mut(wp, wp_len) };
            // SAFETY: IWP likewise.
            let iwp = unsafe { opt_slice_mut(iwp, iwp_len) };
            let (Some(wp), Some(iwp)) = (wp, iwp) else {
                return fail("WP or IWP is a null pointer.");
            };
            // SAFETY: RES has DASKR's residual argument list (xJACILU's
            // contract); the ILU setup calls it with NEQ-long arrays.
            let res = unsafe { ForeignResidual::new(res_fn, rpar, ipar) };
            let mut residual = |yv: &[Real], ypv: &[Real], delta: &mut [Real]| -> FInt {
                let mut flag: c_int = 0;
                res.call(t, yv, ypv, cj, delta, &mut flag);
                flag
            };
            let args = JacArgs { y, yp, rewt, savr, wk, h, cj };
            let mut writer = FortranUnitWriter;
            let mut sink = Sink;
            let o = ilu::jac_ilu(&src, args, wp, iwp, &mut residual, &mut writer, &mut sink);
            if let Some(calls) = o.res_calls {
                // IPAR has at least 30 elements (DASKR's documented minimum).
                let at = ipar.wrapping_add(ilu::ipar::NRE - 1);
                // SAFETY: IPAR(NRE), as above; no reference into IPAR lives.
                let nre = unsafe { at.read() };
                // SAFETY: as above.
                unsafe { at.write(nre.wrapping_add(calls)) };
            }
            if let Some(ptrs) = o.pointers {
                for (k, v) in ptrs.iter().enumerate() {
                    // SAFETY: IPAR(21..26), as above.
                    unsafe { ipar.wrapping_add(ilu::ipar::POINTERS - 1 + k).write(*v) };
                }
            }
            // SAFETY: IERR was checked non-null; the caller's INTEGER.
            unsafe { ierr.write(o.ierr) };
            // SAFETY: IRES likewise.
            unsafe { ires.write(o.ires) };
        },
        || fail("Internal error; IERR = -1, IRES = -2."),
    )
}

/// xPSOLILU with the arguments it uses, behind the panic boundary.
///
/// # Safety
/// xPSOLILU's contract (DASKR's PSOL argument list): WK, WGHT and BL of NEQ
/// elements, WP/IWP as set by xJACILU, IPAR at least 30 elements.
#[allow(clippy::too_many_arguments)]
pub(in crate::ffi) unsafe fn psolilu(
    neq: *const c_int,
    wk: *mut Real,
    wght: *const Real,
    wp: *mut Real,
    iwp: *mut c_int,
    bl: *mut Real,
    ier: *mut c_int,
    ipar: *mut c_int,
) {
    // Pointers are checked for null before use; slices have the lengths of
    // the contract.
    boundary(
        || {
            // SAFETY: IER is the caller's INTEGER or null (`as_mut` checks).
            let Some(ier) = (unsafe { ier.as_mut() }) else {
                message("PSOLILU", "IER is a null pointer.");
                return;
            };
            // SAFETY: NEQ is the caller's INTEGER or null (`as_ref` checks).
            let Some(&neq) = (unsafe { neq.as_ref() }) else {
                return flag_failure("PSOLILU", ier, "NEQ is a null pointer.");
            };
            if ipar.is_null() {
                return flag_failure("PSOLILU", ier, "IPAR is a null pointer.");
            }
            let n = length(neq);
            let src = RawParams { ipar, rpar: std::ptr::null() };
            let p = match IluParams::decode_for_solve(&src) {
                Ok(p) => p,
                Err(e) => return flag_failure("PSOLILU", ier, &format!("Illegal input: {e}.")),
            };
            let layout = Layout::new(n, &p);
            // SAFETY: WK and BL have NEQ elements, distinct from each other
            // and the other arrays.
            let Some([wk, bl]) = (unsafe { opt_slices_mut([(wk, n), (bl, n)]) }) else {
                return flag_failure("PSOLILU", ier, "WK or BL is a null pointer.");
            };
            let wght: &[Real] = if p.scale_columns {
                // SAFETY: WGHT has NEQ elements, only read.
                let Some(wght) = (unsafe { opt_slice(wght, n) }) else {
                    return flag_failure("PSOLILU", ier, "WGHT is a null pointer.");
                };
                wght
            } else {
                &[]
            };
            // SAFETY: WP holds the factors xJACILU left (the layout's length),
            // only read.
            let wp = unsafe { opt_slice(wp, layout.wp_len) };
            // SAFETY: IWP likewise.
            let iwp = unsafe { opt_slice(iwp, layout.iwp_len) };
            let (Some(wp), Some(iwp)) = (wp, iwp) else {
                return flag_failure("PSOLILU", ier, "WP or IWP is a null pointer.");
            };
            match ilu::psol_ilu(&src, wp, iwp, wght, wk, bl) {
                Ok(()) => *ier = 0,
                Err(e) => flag_failure("PSOLILU", ier, &format!("{e}; IER = -1.")),
            }
        },
        || {
            message("PSOLILU", "Internal error; IER = -1.");
            // SAFETY: IER is the caller's INTEGER or null; the reference made
            // from it died with the unwound call.
            unsafe { store(ier, -1) };
        },
    )
}
