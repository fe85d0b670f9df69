//! The body of the banded preconditioner routines (DBANJA/DBANPS and
//! SBANJA/SBANPS), written once against the precision context of the
//! including module (`super`); the work is done by the instance's
//! `precond::banded`.

use std::os::raw::c_int;

use daskr_export::boundary;

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

/// xBANJA with the caller's raw arguments, behind the panic boundary.
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
    boundary(
        || {
            // SAFETY: IER is the caller's scalar or null (`as_mut` checks).
            let ier = unsafe { ier.as_mut() };
            // SAFETY: IRES likewise, a scalar distinct from IER.
            let ires = unsafe { ires.as_mut() };
            let Some(ier) = ier else {
                return;
            };
            *ier = 0;
            let Some(ires) = ires else {
                *ier = IER_INVALID;
                return report("BANJA", "IRES is a null pointer");
            };
            *ires = 0;
            // SAFETY: NEQ is the caller's INTEGER or null (`as_ref` checks).
            let neq = unsafe { neq.as_ref() };
            // SAFETY: T likewise, a REAL.
            let t = unsafe { t.as_ref() };
            // SAFETY: H likewise, a REAL.
            let h = unsafe { h.as_ref() };
            // SAFETY: CJ likewise, a REAL.
            let cj = unsafe { cj.as_ref() };
            let (Some(&neq), Some(&t), Some(&h), Some(&cj)) = (neq, t, h, cj) else {
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
            // IPAR has at least two elements by the module's convention; the
            // values are copied out and no reference into IPAR is kept, since
            // RES receives IPAR too.
            // SAFETY: IPAR(1), as above (checked non-null).
            let ml = unsafe { ipar.read() };
            // SAFETY: IPAR(2), as above.
            let mu = unsafe { ipar.wrapping_add(1).read() };
            let pre = match BandPreconditioner::from_fortran(neq, ml, mu) {
                Ok(p) => p,
                Err(e) => {
                    *ier = IER_INVALID;
                    return report("BANJA", e);
                }
            };
            let n = pre.neq();
            // DASKR's JAC arguments: Y, YPRIME, REWT, SAVR, WK of NEQ
            // elements, WP of LWP >= wp_len() and IWP of NEQ elements, all
            // distinct; each pointer is checked for null by the helpers.
            let slices = (
                // SAFETY: Y, as above.
                unsafe { opt_slice_mut(y, n) },
                // SAFETY: YPRIME, as above.
                unsafe { opt_slice_mut(yprime, n) },
                // SAFETY: REWT, as above; only read.
                unsafe { opt_slice(rewt, n) },
                // SAFETY: SAVR, as above; only read.
                unsafe { opt_slice(savr, n) },
                // SAFETY: WK, as above.
                unsafe { opt_slice_mut(wk, n) },
                // SAFETY: WP, as above.
                unsafe { opt_slice_mut(wp, pre.wp_len()) },
                // SAFETY: IWP, as above.
                unsafe { opt_slice_mut(iwp, pre.iwp_len()) },
            );
            let (Some(y), Some(yp), Some(rewt), Some(savr), Some(wk), Some(wp), Some(iwp)) = slices else {
                *ier = IER_INVALID;
                return report("BANJA", "Y, YPRIME, REWT, SAVR, WK, WP or IWP is a null pointer");
            };
            // IRES travels from one RES call to the next, as the variable the
            // original routine hands to RES does.
            let mut ires_now: c_int = 0;
            // The setup step has a boundary of its own: after a panic in it,
            // IRES still reports the last RES call.
            let outcome = boundary(
                || {
                    let residual = |t: Real, y: &[Real], yp: &[Real], cj: Real, delta: &mut [Real]| {
                        // SAFETY: `res` is the caller's residual routine with
                        // DASKR's argument list; y, yp and delta are live
                        // NEQ-long arrays, T and CJ locals, and RPAR/IPAR are
                        // passed through unchanged.
                        unsafe { res(&t, y.as_ptr(), yp.as_ptr(), &cj, delta.as_mut_ptr(), &mut ires_now, rpar, ipar) };
                        ires_now
                    };
                    Some(pre.setup(residual, BandSetupArgs { t, y, yp, rewt, savr, wk, h, cj, wp, iwp }))
                },
                || None,
            );
            *ires = ires_now;
            match outcome {
                Some(Ok(())) => {}
                Some(Err(e)) => *ier = e.ier(),
                None => {
                    *ier = IER_INVALID;
                    report("BANJA", "internal error; the preconditioner was not formed");
                }
            }
        },
        || {
            // SAFETY: IER is the caller's scalar or null; the references
            // made from it died with the unwound call.
            if let Some(ier) = unsafe { ier.as_mut() } {
                *ier = IER_INVALID;
            }
            report("BANJA", "internal error; the preconditioner was not formed");
        },
    )
}

/// xBANPS with the arguments it uses, behind the panic boundary.
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
    boundary(
        || {
            // SAFETY: IER is the caller's scalar or null (`as_mut` checks).
            let Some(ier) = (unsafe { ier.as_mut() }) else {
                return;
            };
            // SAFETY: NEQ by reference or null; only read.
            let Some(&neq) = (unsafe { neq.as_ref() }) else {
                *ier = IER_INVALID;
                return report("BANPS", "NEQ is a null pointer");
            };
            if ipar.is_null() {
                *ier = IER_INVALID;
                return report("BANPS", "IPAR is a null pointer (IPAR(1) = ML, IPAR(2) = MU are needed)");
            }
            // IPAR has at least two elements by the module's convention;
            // only read, values copied out.
            // SAFETY: IPAR(1), as above (checked non-null).
            let ml = unsafe { ipar.read() };
            // SAFETY: IPAR(2), as above.
            let mu = unsafe { ipar.wrapping_add(1).read() };
            let pre = match BandPreconditioner::from_fortran(neq, ml, mu) {
                Ok(p) => p,
                Err(e) => {
                    *ier = IER_INVALID;
                    return report("BANPS", e);
                }
            };
            // WP holds the band factors ((2*ML+MU+1)*NEQ elements at its
            // start), IWP and B have NEQ elements; distinct arrays, each
            // checked for null by the helpers.
            // SAFETY: WP, as above; only read.
            let wp = unsafe { opt_slice(wp, pre.matrix_len()) };
            // SAFETY: IWP, as above.
            let iwp = unsafe { opt_slice_mut(iwp, pre.iwp_len()) };
            // SAFETY: B, as above.
            let b = unsafe { opt_slice_mut(b, pre.neq()) };
            let (Some(wp), Some(iwp), Some(b)) = (wp, iwp, b) else {
                *ier = IER_INVALID;
                return report("BANPS", "WP, IWP or B is a null pointer");
            };
            if let Err(e) = pre.solve(wp, iwp, b) {
                *ier = IER_INVALID;
                report("BANPS", format_args!("{e}; {LETTER}BANJA must succeed before {LETTER}BANPS is called"));
            }
        },
        || {
            // SAFETY: IER is the caller's scalar or null; the reference made
            // from it died with the unwound call.
            if let Some(ier) = unsafe { ier.as_mut() } {
                *ier = IER_INVALID;
            }
            report("BANPS", "internal error in the band solve");
        },
    )
}
