//! The exported routines of DASKR's banded preconditioner module
//! (`dbanpre.f`): DBANJA (the Krylov JAC) and DBANPS (the PSOL), each under
//! the names `dbanja_`, `dbanja`, `DBANJA` (and likewise for DBANPS), and
//! their single-precision twins of `sbanpre.f`, SBANJA and SBANPS (REAL
//! arguments, for SDASKR).
//!
//! A legacy program sets `IPAR(1) = ML`, `IPAR(2) = MU`, sizes the WP and
//! IWP segments as the prologue of `dbanpre.f` prescribes
//! (`LWP = (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1) + 1)`, `LIWP = NEQ`, loaded
//! into IWORK(27), IWORK(28)), sets INFO(12) = INFO(15) = 1 and passes
//! DBANJA and DBANPS to DDASKR as JAC and PSOL (SBANJA and SBANPS to
//! SDASKR). The work is done by the instance's `precond::banded`; the
//! routines here are one-line wrappers around `generic/banded.rs`,
//! compiled once per precision.

use daskr_export::export_aliases;
use std::os::raw::c_int;

use super::callbacks::daskr_res_fn;
use super::double;

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
    // SAFETY: the contract above, forwarded.
    unsafe { double::banded::banja(res, ires, neq, t, y, yprime, rewt, savr, wk, h, cj, wp, iwp, ier, rpar, ipar) }
}
export_aliases!(dbanja => weak dbanja_, strong DBANJA);

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
    unsafe { double::banded::banps(neq, wp, iwp, b, ier, ipar) }
}
export_aliases!(dbanps => weak dbanps_, strong DBANPS);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precond::banded::BandPreconditioner;

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
        // SAFETY: the test passes a 4-long IPAR, referred to by nothing else
        // during the call.
        let ipar = unsafe { std::slice::from_raw_parts_mut(ipar, 4) };
        ipar[2] += 1;
        let n = ipar[3] as usize;
        // SAFETY: the test passes NEQ = IPAR(4) elements.
        let y = unsafe { std::slice::from_raw_parts(y, n) };
        // SAFETY: as for Y.
        let yp = unsafe { std::slice::from_raw_parts(yp, n) };
        // SAFETY: as for Y; DELTA is a distinct array.
        let d = unsafe { std::slice::from_raw_parts_mut(delta, n) };
        for i in 0..n {
            let l = if i > 0 { y[i - 1] } else { 0.0 };
            let r = if i + 1 < n { y[i + 1] } else { 0.0 };
            d[i] = yp[i] + 2.0 * y[i] - l - r;
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

    /// The arrays and scalars of a DBANJA call on NEQ = `n` equations,
    /// WP of `lwp` elements.
    struct JacArrays {
        n: c_int,
        y: Vec<f64>,
        yp: Vec<f64>,
        rewt: Vec<f64>,
        savr: Vec<f64>,
        wk: Vec<f64>,
        wp: Vec<f64>,
        iwp: Vec<c_int>,
        t: f64,
        h: f64,
        cj: f64,
    }

    impl JacArrays {
        /// Call DBANJA with RES and IPAR; IRES and IER (which start as 5).
        fn banja(&mut self, res: daskr_res_fn, ipar: &mut [c_int]) -> (c_int, c_int) {
            let (mut ires, mut ier) = (5, 5);
            let mut rpar = [0.0];
            // SAFETY: all arrays sized as dbanpre.f documents (NEQ, LWP),
            // IPAR as RES expects.
            unsafe {
                dbanja(
                    res,
                    &mut ires,
                    &self.n,
                    &self.t,
                    self.y.as_mut_ptr(),
                    self.yp.as_mut_ptr(),
                    self.rewt.as_ptr(),
                    self.savr.as_ptr(),
                    self.wk.as_mut_ptr(),
                    &self.h,
                    &self.cj,
                    self.wp.as_mut_ptr(),
                    self.iwp.as_mut_ptr(),
                    &mut ier,
                    rpar.as_mut_ptr(),
                    ipar.as_mut_ptr(),
                )
            };
            (ires, ier)
        }
    }

    #[test]
    fn jac_and_psol_round_trip() {
        let n: c_int = 7;
        let mut ipar: [c_int; 4] = [1, 1, 0, n];
        let pre = BandPreconditioner::from_fortran(n, 1, 1).unwrap();
        let (y, yp) = (vec![0.1; 7], vec![0.0; 7]);
        let (rewt, mut savr, wk) = (vec![1.0e3; 7], vec![0.0; 7], vec![0.0; 7]);
        let (wp, iwp) = (vec![0.0; pre.wp_len()], vec![0; 7]);
        let (t, h, cj) = (0.0, 0.01, 100.0);
        let mut ires = 5;
        let mut rpar = [0.0];
        // SAFETY: NEQ-long arrays and a 4-long IPAR, as `res_tri` expects.
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
            )
        };
        ipar[2] = 0;
        let mut a = JacArrays { n, y, yp, rewt, savr, wk, wp, iwp, t, h, cj };
        assert_eq!(a.banja(Some(res_tri), &mut ipar), (0, 0));
        assert_eq!(ipar[2], 3, "ML+MU+1 residual calls");
        let b: Vec<f64> = (0..7).map(|i| i as f64).collect();
        let mut x = b.clone();
        let mut ier = 5;
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
                a.wp.as_mut_ptr(),
                a.iwp.as_mut_ptr(),
                x.as_mut_ptr(),
                std::ptr::null(),
                &mut ier,
                std::ptr::null_mut(),
                ipar.as_mut_ptr(),
            );
        }
        assert_eq!(ier, 5, "IER left unchanged on success");
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
        let mut ipar: [c_int; 2] = [0, 0];
        let (y, yp) = (vec![1.0; 3], vec![2.0; 3]);
        let (rewt, savr, wk) = (vec![1.0; 3], vec![0.0; 3], vec![0.0; 3]);
        let (wp, iwp) = (vec![0.0; 3 + 2 * 4], vec![0; 3]);
        let (t, h, cj) = (0.0, 0.1, 10.0);
        // Arrays sized as documented for ML = MU = 0.
        let mut a = JacArrays { n: 3, y, yp, rewt, savr, wk, wp, iwp, t, h, cj };
        assert_eq!(a.banja(Some(res_fail), &mut ipar), (-2, 0));
        assert_eq!((&a.y[..], &a.yp[..]), (&[1.0; 3][..], &[2.0; 3][..]));
        ipar[0] = -1;
        assert_eq!(a.banja(Some(res_fail), &mut ipar), (0, -1));
    }
}
