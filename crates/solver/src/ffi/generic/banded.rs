//! The body of the banded preconditioner routines (DBANJA/DBANPS and
//! SBANJA/SBANPS), written once against the precision context of the
//! including module (`super`); the work is done by the instance's
//! `precond::banded`.

use std::os::raw::c_int;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::core::messages::{MessageLine, MessageSink};
use super::precond::banded::{BandPreconditioner, BandSetupArgs};
use super::slices::{opt_slice, opt_slice_mut};
use super::{Real, ResFn, Sink, LETTER};

/// IER for arguments this layer cannot use (null pointers, negative
/// half-bandwidths, unfactored preconditioner) or an internal error.
const IER_INVALID: c_int = -1;

/// Print one error line of routine `LETTER` + `name` in DASKR's message
/// style (honours XSETF/XSETUN).
fn report(name: &str, text: impl std::fmt::Display) {
    Sink.emit(&[MessageLine::text(format!("{LETTER}{name}--  {text}"))]);
}

/// xBANJA with the caller's raw arguments.
///
/// # Safety
/// As documented on the exported `dbanja` / `sbanja`.
#[allow(clippy::too_many_arguments)]
pub(in crate::ffi) unsafe fn banja(
    res: ResFn,
    ires: *mut c_int,
    neq: *const c_int,
    t: *const Real,
    y: *mut Real,
    yprime: *mut Real,
    rewt: *const Real,
    savr: *const Real,
    wk: *mut Real,
    h: *const Real,
    cj: *const Real,
    wp: *mut Real,
    iwp: *mut c_int,
    ier: *mut c_int,
    rpar: *mut Real,
    ipar: *mut c_int,
) {
    // SAFETY: IER and IRES are the caller's distinct scalars (or null).
    let (Some(ier), ires) = (unsafe { ier.as_mut() }, unsafe { ires.as_mut() }) else {
        return;
    };
    *ier = 0;
    let Some(ires) = ires else {
        *ier = IER_INVALID;
        return report("BANJA", "IRES is a null pointer");
    };
    *ires = 0;
    // SAFETY: scalar inputs passed by reference; null is checked by as_ref.
    let scalars = unsafe { (neq.as_ref(), t.as_ref(), h.as_ref(), cj.as_ref()) };
    let (Some(&neq), Some(&t), Some(&h), Some(&cj)) = scalars else {
        *ier = IER_INVALID;
        return report("BANJA", "NEQ, T, H or CJ is a null pointer");
    };
    let Some(res) = res else {
        *ier = IER_INVALID;
        return report("BANJA", "RES is a null pointer");
    };
    if ipar.is_null() {
        *ier = IER_INVALID;
        return report("BANJA", "IPAR is a null pointer (IPAR(1) = ML, IPAR(2) = MU are needed)");
    }
    // SAFETY: IPAR has at least two elements by the module's convention;
    // the values are copied out and no reference into IPAR is kept, since
    // RES receives IPAR too.
    let (ml, mu) = unsafe { (ipar.read(), ipar.add(1).read()) };
    let pre = match BandPreconditioner::from_fortran(neq, ml, mu) {
        Ok(p) => p,
        Err(e) => {
            *ier = IER_INVALID;
            return report("BANJA", e);
        }
    };
    let n = pre.neq();
    // SAFETY: the arrays are DASKR's JAC arguments: Y, YPRIME, REWT, SAVR,
    // WK of NEQ elements, WP of LWP >= wp_len() and IWP of NEQ elements, all
    // distinct; each pointer is checked for null by the helpers.
    let slices = unsafe {
        (
            opt_slice_mut(y, n),
            opt_slice_mut(yprime, n),
            opt_slice(rewt, n),
            opt_slice(savr, n),
            opt_slice_mut(wk, n),
            opt_slice_mut(wp, pre.wp_len()),
            opt_slice_mut(iwp, pre.iwp_len()),
        )
    };
    let (Some(y), Some(yp), Some(rewt), Some(savr), Some(wk), Some(wp), Some(iwp)) = slices else {
        *ier = IER_INVALID;
        return report("BANJA", "Y, YPRIME, REWT, SAVR, WK, WP or IWP is a null pointer");
    };
    // IRES travels from one RES call to the next, as the variable the
    // original routine hands to RES does.
    let mut ires_now: c_int = 0;
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let residual = |t: Real, y: &[Real], yp: &[Real], cj: Real, delta: &mut [Real]| {
            // SAFETY: `res` is the caller's residual routine with DASKR's
            // argument list; y, yp and delta are live NEQ-long arrays, T
            // and CJ locals, and RPAR/IPAR are passed through unchanged.
            unsafe { res(&t, y.as_ptr(), yp.as_ptr(), &cj, delta.as_mut_ptr(), &mut ires_now, rpar, ipar) };
            ires_now
        };
        pre.setup(residual, BandSetupArgs { t, y, yp, rewt, savr, wk, h, cj, wp, iwp })
    }));
    *ires = ires_now;
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(e)) => *ier = e.ier(),
        Err(_) => {
            *ier = IER_INVALID;
            report("BANJA", "internal error; the preconditioner was not formed");
        }
    }
}

/// xBANPS with the arguments it uses.
///
/// # Safety
/// As documented on the exported `dbanps` / `sbanps`.
pub(in crate::ffi) unsafe fn banps(
    neq: *const c_int,
    wp: *mut Real,
    iwp: *mut c_int,
    b: *mut Real,
    ier: *mut c_int,
    ipar: *mut c_int,
) {
    // SAFETY: IER is the caller's scalar (or null).
    let Some(ier) = (unsafe { ier.as_mut() }) else {
        return;
    };
    // SAFETY: NEQ by reference; IPAR has at least two elements by the
    // module's convention; both are only read.
    let Some(&neq) = (unsafe { neq.as_ref() }) else {
        *ier = IER_INVALID;
        return report("BANPS", "NEQ is a null pointer");
    };
    if ipar.is_null() {
        *ier = IER_INVALID;
        return report("BANPS", "IPAR is a null pointer (IPAR(1) = ML, IPAR(2) = MU are needed)");
    }
    // SAFETY: as above; values copied out.
    let (ml, mu) = unsafe { (ipar.read(), ipar.add(1).read()) };
    let pre = match BandPreconditioner::from_fortran(neq, ml, mu) {
        Ok(p) => p,
        Err(e) => {
            *ier = IER_INVALID;
            return report("BANPS", e);
        }
    };
    // SAFETY: WP holds the band factors ((2*ML+MU+1)*NEQ elements at its
    // start), IWP and B have NEQ elements; distinct arrays, null-checked.
    let slices =
        unsafe { (opt_slice(wp, pre.matrix_len()), opt_slice_mut(iwp, pre.iwp_len()), opt_slice_mut(b, pre.neq())) };
    let (Some(wp), Some(iwp), Some(b)) = slices else {
        *ier = IER_INVALID;
        return report("BANPS", "WP, IWP or B is a null pointer");
    };
    match catch_unwind(AssertUnwindSafe(|| pre.solve(wp, iwp, b))) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            *ier = IER_INVALID;
            report("BANPS", format_args!("{e}; {LETTER}BANJA must succeed before {LETTER}BANPS is called"));
        }
        Err(_) => {
            *ier = IER_INVALID;
            report("BANPS", "internal error in the band solve");
        }
    }
}
