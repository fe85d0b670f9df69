//! The exported routines of DASKR's banded preconditioner module
//! (`dbanpre.f`): DBANJA (the Krylov JAC) and DBANPS (the PSOL), each under
//! the names `dbanja_`, `dbanja`, `DBANJA` (and likewise for DBANPS).
//!
//! A legacy program sets `IPAR(1) = ML`, `IPAR(2) = MU`, sizes the WP and
//! IWP segments as the prologue of `dbanpre.f` prescribes
//! (`LWP = (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1) + 1)`, `LIWP = NEQ`, loaded
//! into IWORK(27), IWORK(28)), sets INFO(12) = INFO(15) = 1 and passes
//! DBANJA and DBANPS to DDASKR as JAC and PSOL. The work is done by
//! [`crate::precond::banded`].

use daskr_export::export_aliases;
use std::os::raw::c_int;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::callbacks::daskr_res_fn;
use super::messages::StdoutSink;
use super::slices::{opt_slice, opt_slice_mut};
use crate::core::messages::{MessageLine, MessageSink};
use crate::precond::banded::{BandPreconditioner, BandSetupArgs};

/// IER for arguments this layer cannot use (null pointers, negative
/// half-bandwidths, unfactored preconditioner) or an internal error.
const IER_INVALID: c_int = -1;

/// Print one error line in DASKR's message style (honours XSETF/XSETUN).
fn report(routine: &str, text: impl std::fmt::Display) {
    StdoutSink.emit(&[MessageLine::text(format!("{routine}--  {text}"))]);
}

/// DBANJA: form and factor a banded preconditioner for DDASKR's Krylov
/// method (pass as JAC with INFO(12) = INFO(15) = 1).
///
/// Approximates the iteration matrix dG/dy + CJ*dG/dy' by a band matrix
/// with half-bandwidths ML = IPAR(1), MU = IPAR(2), from min(ML+MU+1, NEQ)
/// calls of RES with grouped difference quotients (as dbanpre.f), then
/// LU-factors it into WP / IWP.
///
/// Arguments (all by reference): RES the residual routine; IRES (out) the
/// last IRES set by RES (< 0: stopped, Y and YPRIME restored); NEQ; T;
/// Y, YPRIME (NEQ, restored on return); REWT reciprocal error weights
/// (NEQ); SAVR residual at (T, Y, YPRIME) (NEQ); WK scratch (NEQ); H step
/// size; CJ; WP (out, LWP = (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1)+1)); IWP
/// (out, NEQ, LINPACK 1-based pivots); IER (out): 0 on success, k > 0 if
/// pivot k of the band LU is zero or not finite (the first such k, where
/// LINPACK's DGBFA reported the last), -1 if the arguments are unusable
/// (null pointer, ML or MU < 0); RPAR, IPAR passed to RES (IPAR(1..2) =
/// ML, MU).
///
/// # Safety
/// All pointers as in Fortran: valid for the lengths above, arrays
/// distinct; RES must follow DASKR's RES argument list.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn dbanja(
    res: daskr_res_fn,
    ires: *mut c_int,
    neq: *const c_int,
    t: *const f64,
    y: *mut f64,
    yprime: *mut f64,
    rewt: *const f64,
    savr: *const f64,
    wk: *mut f64,
    h: *const f64,
    cj: *const f64,
    wp: *mut f64,
    iwp: *mut c_int,
    ier: *mut c_int,
    rpar: *mut f64,
    ipar: *mut c_int,
) {
    // SAFETY: IER and IRES are the caller's distinct scalars (or null).
    let (Some(ier), ires) = (unsafe { ier.as_mut() }, unsafe { ires.as_mut() }) else {
        return;
    };
    *ier = 0;
    let Some(ires) = ires else {
        *ier = IER_INVALID;
        return report("DBANJA", "IRES is a null pointer");
    };
    *ires = 0;
    // SAFETY: scalar inputs passed by reference; null is checked by as_ref.
    let scalars = unsafe { (neq.as_ref(), t.as_ref(), h.as_ref(), cj.as_ref()) };
    let (Some(&neq), Some(&t), Some(&h), Some(&cj)) = scalars else {
        *ier = IER_INVALID;
        return report("DBANJA", "NEQ, T, H or CJ is a null pointer");
    };
    let Some(res) = res else {
        *ier = IER_INVALID;
        return report("DBANJA", "RES is a null pointer");
    };
    if ipar.is_null() {
        *ier = IER_INVALID;
        return report("DBANJA", "IPAR is a null pointer (IPAR(1) = ML, IPAR(2) = MU are needed)");
    }
    // SAFETY: IPAR has at least two elements by dbanpre.f's convention; the
    // values are copied out and no reference into IPAR is kept, since RES
    // receives IPAR too.
    let (ml, mu) = unsafe { (ipar.read(), ipar.add(1).read()) };
    let pre = match BandPreconditioner::from_fortran(neq, ml, mu) {
        Ok(p) => p,
        Err(e) => {
            *ier = IER_INVALID;
            return report("DBANJA", e);
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
        return report("DBANJA", "Y, YPRIME, REWT, SAVR, WK, WP or IWP is a null pointer");
    };
    // IRES travels from one RES call to the next, as the variable DBANJA
    // hands to RES does.
    let mut ires_now: c_int = 0;
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let residual = |t: f64, y: &[f64], yp: &[f64], cj: f64, delta: &mut [f64]| {
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
            report("DBANJA", "internal error; the preconditioner was not formed");
        }
    }
}
export_aliases!(dbanja => weak dbanja_, strong DBANJA);

/// The body shared by the three DBANPS names.
///
/// # Safety
/// As documented on [`dbanps_`].
unsafe fn dbanps_body(
    neq: *const c_int,
    wp: *mut f64,
    iwp: *mut c_int,
    b: *mut f64,
    ier: *mut c_int,
    ipar: *mut c_int,
) {
    // SAFETY: IER is the caller's scalar (or null).
    let Some(ier) = (unsafe { ier.as_mut() }) else {
        return;
    };
    // SAFETY: NEQ by reference; IPAR has at least two elements by
    // dbanpre.f's convention; both are only read.
    let Some(&neq) = (unsafe { neq.as_ref() }) else {
        *ier = IER_INVALID;
        return report("DBANPS", "NEQ is a null pointer");
    };
    if ipar.is_null() {
        *ier = IER_INVALID;
        return report("DBANPS", "IPAR is a null pointer (IPAR(1) = ML, IPAR(2) = MU are needed)");
    }
    // SAFETY: as above; values copied out.
    let (ml, mu) = unsafe { (ipar.read(), ipar.add(1).read()) };
    let pre = match BandPreconditioner::from_fortran(neq, ml, mu) {
        Ok(p) => p,
        Err(e) => {
            *ier = IER_INVALID;
            return report("DBANPS", e);
        }
    };
    // SAFETY: WP holds the band factors ((2*ML+MU+1)*NEQ elements at its
    // start), IWP and B have NEQ elements; distinct arrays, null-checked.
    let slices =
        unsafe { (opt_slice(wp, pre.matrix_len()), opt_slice_mut(iwp, pre.iwp_len()), opt_slice_mut(b, pre.neq())) };
    let (Some(wp), Some(iwp), Some(b)) = slices else {
        *ier = IER_INVALID;
        return report("DBANPS", "WP, IWP or B is a null pointer");
    };
    match catch_unwind(AssertUnwindSafe(|| pre.solve(wp, iwp, b))) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            *ier = IER_INVALID;
            report("DBANPS", format_args!("{e}; DBANJA must succeed before DBANPS is called"));
        }
        Err(_) => {
            *ier = IER_INVALID;
            report("DBANPS", "internal error in the band solve");
        }
    }
}

/// DBANPS: solve P x = b with the band preconditioner factored by DBANJA
/// (pass as PSOL with INFO(12) = INFO(15) = 1).
///
/// Arguments (all by reference, DASKR's PSOL list): NEQ; T, Y, YPRIME,
/// SAVR, WK, CJ, WGHT, EPLIN unused (may be null from C); WP, IWP as left
/// by DBANJA; B (NEQ) right-hand side in, solution out; IER (out) left
/// unchanged on success, -1 if the arguments are unusable or WP/IWP were
/// not factored by DBANJA; RPAR unused; IPAR(1..2) = ML, MU.
///
/// # Safety
/// All pointers as in Fortran: valid for the lengths above, arrays distinct.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn dbanps(
    neq: *const c_int,
    t: *const f64,
    y: *const f64,
    yprime: *const f64,
    savr: *const f64,
    wk: *mut f64,
    cj: *const f64,
    wght: *const f64,
    wp: *mut f64,
    iwp: *mut c_int,
    b: *mut f64,
    eplin: *const f64,
    ier: *mut c_int,
    rpar: *mut f64,
    ipar: *mut c_int,
) {
    let _ = (t, y, yprime, savr, wk, cj, wght, eplin, rpar);
    // SAFETY: forwarded under the same contract.
    unsafe { dbanps_body(neq, wp, iwp, b, ier, ipar) }
}
export_aliases!(dbanps => weak dbanps_, strong DBANPS);

#[cfg(test)]
mod tests {
    use super::*;

    /// G_i = y'_i + 2 y_i - y_{i-1} - y_{i+1} (a tridiagonal linear DAE),
    /// counting calls in IPAR(3).
    unsafe extern "C" fn res_tri(
        _t: *const f64,
        y: *const f64,
        yp: *const f64,
        _cj: *const f64,
        delta: *mut f64,
        _ires: *mut c_int,
        _rpar: *mut f64,
        ipar: *mut c_int,
    ) {
        // SAFETY: test harness passes NEQ = IPAR(4) elements and a 4-long IPAR.
        unsafe {
            *ipar.add(2) += 1;
            let n = *ipar.add(3) as usize;
            let y = std::slice::from_raw_parts(y, n);
            let yp = std::slice::from_raw_parts(yp, n);
            let d = std::slice::from_raw_parts_mut(delta, n);
            for i in 0..n {
                let l = if i > 0 { y[i - 1] } else { 0.0 };
                let r = if i + 1 < n { y[i + 1] } else { 0.0 };
                d[i] = yp[i] + 2.0 * y[i] - l - r;
            }
        }
    }

    unsafe extern "C" fn res_fail(
        _t: *const f64,
        _y: *const f64,
        _yp: *const f64,
        _cj: *const f64,
        _delta: *mut f64,
        ires: *mut c_int,
        _rpar: *mut f64,
        _ipar: *mut c_int,
    ) {
        // SAFETY: IRES is a valid scalar.
        unsafe { *ires = -2 };
    }

    #[test]
    fn jac_and_psol_round_trip() {
        let n: c_int = 7;
        let mut ipar: [c_int; 4] = [1, 1, 0, n];
        let pre = BandPreconditioner::from_fortran(n, 1, 1).unwrap();
        let (mut y, mut yp) = (vec![0.1; 7], vec![0.0; 7]);
        let (rewt, mut savr, mut wk) = (vec![1.0e3; 7], vec![0.0; 7], vec![0.0; 7]);
        let mut wp = vec![0.0; pre.wp_len()];
        let mut iwp = vec![0; 7];
        let (t, h, cj) = (0.0, 0.01, 100.0);
        let (mut ires, mut ier) = (5, 5);
        let mut rpar = [0.0];
        // SAFETY: all arrays sized as dbanpre.f documents.
        unsafe {
            res_tri(
                &t,
                y.as_ptr(),
                yp.as_ptr(),
                &cj,
                savr.as_mut_ptr(),
                &mut ires,
                rpar.as_mut_ptr(),
                ipar.as_mut_ptr(),
            );
            ipar[2] = 0;
            dbanja(
                Some(res_tri),
                &mut ires,
                &n,
                &t,
                y.as_mut_ptr(),
                yp.as_mut_ptr(),
                rewt.as_ptr(),
                savr.as_ptr(),
                wk.as_mut_ptr(),
                &h,
                &cj,
                wp.as_mut_ptr(),
                iwp.as_mut_ptr(),
                &mut ier,
                rpar.as_mut_ptr(),
                ipar.as_mut_ptr(),
            );
        }
        assert_eq!((ires, ier), (0, 0));
        assert_eq!(ipar[2], 3, "ML+MU+1 residual calls");
        let b: Vec<f64> = (0..7).map(|i| i as f64).collect();
        let mut x = b.clone();
        // SAFETY: as above; the unused arguments are null, as C may pass.
        unsafe {
            dbanps(
                &n,
                std::ptr::null(),
                std::ptr::null(),
                std::ptr::null(),
                std::ptr::null(),
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
                wp.as_mut_ptr(),
                iwp.as_mut_ptr(),
                x.as_mut_ptr(),
                std::ptr::null(),
                &mut ier,
                std::ptr::null_mut(),
                ipar.as_mut_ptr(),
            );
        }
        assert_eq!(ier, 0);
        // (CJ + 2) x_i - x_{i-1} - x_{i+1} = b_i, to difference-quotient accuracy.
        for i in 0..7 {
            let l = if i > 0 { x[i - 1] } else { 0.0 };
            let r = if i < 6 { x[i + 1] } else { 0.0 };
            let ax = (cj + 2.0) * x[i] - l - r;
            assert!((ax - b[i]).abs() < 1e-6, "row {i}: {ax} vs {}", b[i]);
        }
    }

    #[test]
    fn jac_reports_residual_failure_and_bad_input() {
        let n: c_int = 3;
        let mut ipar: [c_int; 2] = [0, 0];
        let (mut y, mut yp) = ([1.0; 3], [2.0; 3]);
        let (rewt, savr, mut wk) = ([1.0; 3], [0.0; 3], [0.0; 3]);
        let mut wp = [0.0; 3 + 2 * 4];
        let mut iwp = [0; 3];
        let (t, h, cj) = (0.0, 0.1, 10.0);
        let (mut ires, mut ier) = (0, 0);
        // SAFETY: arrays sized as documented for ML = MU = 0.
        unsafe {
            dbanja(
                Some(res_fail),
                &mut ires,
                &n,
                &t,
                y.as_mut_ptr(),
                yp.as_mut_ptr(),
                rewt.as_ptr(),
                savr.as_ptr(),
                wk.as_mut_ptr(),
                &h,
                &cj,
                wp.as_mut_ptr(),
                iwp.as_mut_ptr(),
                &mut ier,
                std::ptr::null_mut(),
                ipar.as_mut_ptr(),
            );
        }
        assert_eq!((ires, ier), (-2, 0));
        assert_eq!((y, yp), ([1.0; 3], [2.0; 3]));
        ipar[0] = -1;
        // SAFETY: as above.
        unsafe {
            dbanja(
                Some(res_fail),
                &mut ires,
                &n,
                &t,
                y.as_mut_ptr(),
                yp.as_mut_ptr(),
                rewt.as_ptr(),
                savr.as_ptr(),
                wk.as_mut_ptr(),
                &h,
                &cj,
                wp.as_mut_ptr(),
                iwp.as_mut_ptr(),
                &mut ier,
                std::ptr::null_mut(),
                ipar.as_mut_ptr(),
            );
        }
        assert_eq!((ires, ier), (0, -1));
    }
}
