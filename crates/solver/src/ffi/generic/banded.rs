//! The body of the banded preconditioner routines (DBANJA/DBANPS and
//! SBANJA/SBANPS), written once against the precision context of the
//! including module (`super`); the work is done by the instance's
//! `precond::banded`.

use std::os::raw::c_int;

use daskr_export::boundary;

use super::precond::banded::{BandPreconditioner, BandSetupArgs};
use super::slices::{opt_slice, opt_slice_mut, opt_slices, opt_slices_mut, read_scalars, store};
use super::solver::{invalid, report, ForeignResidual, IER_INVALID};
use super::{Real, ResFn, LETTER};

/// The band preconditioner of NEQ equations with the half-bandwidths
/// ML = IPAR(1), MU = IPAR(2), which xBANJA and xBANPS both read; None
/// (with IER = -1 and the message of routine `name`) if IPAR is null or
/// the values are unusable.
///
/// # Safety
/// `ipar` null or valid for reading two INTEGERs (IPAR has at least two
/// elements by the module's convention).
unsafe fn from_ipar(name: &str, neq: c_int, ipar: *const c_int, ier: &mut c_int) -> Option<BandPreconditioner> {
    if ipar.is_null() {
        invalid(ier, name, "IPAR is a null pointer (IPAR(1) = ML, IPAR(2) = MU are needed)");
        return None;
    }
    // The values are copied out and no reference into IPAR is kept, since
    // RES receives IPAR too.
    // SAFETY: IPAR(1), as above (checked non-null).
    let ml = unsafe { ipar.read() };
    // SAFETY: IPAR(2), as above.
    let mu = unsafe { ipar.wrapping_add(1).read() };
    BandPreconditioner::from_fortran(neq, ml, mu).map_err(|e| invalid(ier, name, e)).ok()
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
                return invalid(ier, "BANJA", "IRES is a null pointer");
            };
            *ires = 0;
            // SAFETY: NEQ is the caller's INTEGER or null (`as_ref` checks).
            let neq = unsafe { neq.as_ref() };
            // SAFETY: T, H and CJ are the caller's REALs or null.
            let reals = unsafe { read_scalars([t, h, cj]) };
            let (Some(&neq), Some([t, h, cj])) = (neq, reals) else {
                return invalid(ier, "BANJA", "NEQ, T, H or CJ is a null pointer");
            };
            let Some(res) = res else {
                return invalid(ier, "BANJA", "RES is a null pointer");
            };
            // SAFETY: IPAR is the caller's, of at least two elements, or null.
            let Some(pre) = (unsafe { from_ipar("BANJA", neq, ipar, ier) }) else {
                return;
            };
            let n = pre.neq();
            // DASKR's JAC arguments: Y, YPRIME, REWT, SAVR, WK of NEQ
            // elements, WP of LWP >= wp_len() and IWP of NEQ elements, all
            // distinct; each pointer is checked for null by the helpers.
            // SAFETY: Y, YPRIME, WK and WP, as above.
            let written = unsafe { opt_slices_mut([(y, n), (yprime, n), (wk, n), (wp, pre.wp_len())]) };
            // SAFETY: REWT and SAVR, as above; only read.
            let read = unsafe { opt_slices([(rewt, n), (savr, n)]) };
            // SAFETY: IWP, as above.
            let iwp = unsafe { opt_slice_mut(iwp, pre.iwp_len()) };
            let (Some([y, yp, wk, wp]), Some([rewt, savr]), Some(iwp)) = (written, read, iwp) else {
                return invalid(ier, "BANJA", "Y, YPRIME, REWT, SAVR, WK, WP or IWP is a null pointer");
            };
            // SAFETY: RES has DASKR's argument list (xBANJA's contract);
            // the band setup calls it with NEQ-long arrays.
            let res = unsafe { ForeignResidual::new(res, rpar, ipar) };
            // IRES travels from one RES call to the next, as the variable the
            // original routine hands to RES does.
            let mut ires_now: c_int = 0;
            // The setup step has a boundary of its own: after a panic in it,
            // IRES still reports the last RES call.
            let outcome = boundary(
                || {
                    let residual = |t: Real, y: &[Real], yp: &[Real], cj: Real, delta: &mut [Real]| {
                        res.call(t, y, yp, cj, delta, &mut ires_now);
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
                None => invalid(ier, "BANJA", "internal error; the preconditioner was not formed"),
            }
        },
        || {
            // SAFETY: IER is the caller's scalar or null; the references
            // made from it died with the unwound call.
            unsafe { store(ier, IER_INVALID) };
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
                return invalid(ier, "BANPS", "NEQ is a null pointer");
            };
            // SAFETY: IPAR is the caller's, of at least two elements, or
            // null; only read.
            let Some(pre) = (unsafe { from_ipar("BANPS", neq, ipar, ier) }) else {
                return;
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
                return invalid(ier, "BANPS", "WP, IWP or B is a null pointer");
            };
            if let Err(e) = pre.solve(wp, iwp, b) {
                invalid(ier, "BANPS", format_args!("{e}; {LETTER}BANJA must succeed before {LETTER}BANPS is called"));
            }
        },
        || {
            // SAFETY: IER is the caller's scalar or null; the reference made
            // from it died with the unwound call.
            unsafe { store(ier, IER_INVALID) };
            report("BANPS", "internal error in the band solve");
        },
    )
}
