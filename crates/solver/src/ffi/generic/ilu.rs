//! The body of the sparse ILU preconditioner routines (DSPSETUP, DJACILU,
//! DPSOLILU and their single-precision twins SSPSETUP, SJACILU, SPSOLILU),
//! written once against the precision context of the including module
//! (`super`); the work is done by the instance's `precond::ilu`. See
//! `precond_ilu.rs` for the conventions (IPAR/RPAR accessed element by
//! element, JACOUT's unit).

use std::ffi::c_int;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::core::messages::{MessageLine, MessageSink};
use super::precond::ilu::{self, Check, IluParams, JacArgs, Layout, MatrixWriter, ParamSource};
use super::slices::opt_slice_mut;
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

/// xSPSETUP with the caller's raw arguments.
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
    // SAFETY: each pointer is checked for null before it is read or
    // written; non-null pointers are valid by the contract.
    unsafe {
        let Some(ierr) = ierr.as_mut() else {
            message("SPSETUP", "IERR is a null pointer; nothing checked.");
            return;
        };
        let (Some(&neq), Some(&lwp), Some(&liwp)) = (neq.as_ref(), lwp.as_ref(), liwp.as_ref()) else {
            message("SPSETUP", "NEQ, LWP or LIWP is a null pointer.");
            *ierr = -1;
            return;
        };
        if rpar.is_null() || ipar.is_null() {
            message("SPSETUP", "RPAR or IPAR is a null pointer.");
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
                message("SPSETUP", "Internal error; IERR = -1.");
                *ierr = -1;
            }
        }
    }
}

/// xJACILU with the caller's raw arguments.
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
    // SAFETY (whole block): every pointer is checked for null before use
    // and turned into a slice of exactly the length the contract
    // guarantees; IPAR/RPAR are only accessed element-wise (see the module
    // documentation of precond_ilu.rs).
    unsafe {
        let fail = |why: &str| {
            message("JACILU", why);
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
        let rewt: &[Real] = if n == 0 { &[] } else { std::slice::from_raw_parts(rewt, n) };
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
        let mut sink = Sink;
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

/// xPSOLILU with the arguments it uses.
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
    // SAFETY (whole block): pointers checked for null before use; slices
    // have the lengths of the contract.
    unsafe {
        let Some(ier) = ier.as_mut() else {
            message("PSOLILU", "IER is a null pointer.");
            return;
        };
        let fail = |ier: &mut c_int, why: &str| {
            message("PSOLILU", why);
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
        let wght: &[Real] = if p.scale_columns && n > 0 {
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
        let wp: &[Real] = if layout.wp_len == 0 { &[] } else { std::slice::from_raw_parts(wp, layout.wp_len) };
        let iwp: &[c_int] = if layout.iwp_len == 0 { &[] } else { std::slice::from_raw_parts(iwp, layout.iwp_len) };
        match catch_unwind(AssertUnwindSafe(|| ilu::psol_ilu(&src, wp, iwp, wght, wk, bl))) {
            Ok(Ok(())) => *ier = 0,
            Ok(Err(e)) => fail(ier, &format!("{e}; IER = -1.")),
            Err(_) => fail(ier, "Internal error; IER = -1."),
        }
    }
}
