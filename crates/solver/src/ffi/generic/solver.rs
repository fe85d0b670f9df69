//! The body of DDASKR and SDASKR, written once against the precision
//! context of the including module (`super`: [`crate::ffi::double`] or
//! [`crate::ffi::single`]): the adapter that lets the core call the user's
//! Fortran or C callbacks, the slicing of the caller's arguments, and the
//! call into the instance's core.
//!
//! Also what the preconditioner bodies (`banded`, `ilu`, `reaction`) share
//! with it or with each other: the RES adapter [`ForeignResidual`], and
//! the error line and IER = -1 of a routine that cannot use its arguments
//! ([`report`], [`invalid`]).

use std::fmt::Display;
use std::os::raw::c_int;

use daskr_export::boundary;

use super::core::call::{call_with_info, report_failure, Common, DASKR_PREFIX};
use super::core::ddaskr::Ddaskr;
use super::core::error::InputError;
use super::core::messages::{MessageLine, MessageSink};
use super::core::norms::Tolerances;
use super::core::problem::{CallbackStatus, DaeSystem, JacobianPoint, MatrixStorage, PrecondSetup, PrecondSetupStatus, PrecondSolve};
use super::daskr_generic_fn;
use super::slices::{length, opt_slice_mut, opt_slices_mut, read_scalars, scalar_mut, tolerances};
use super::{JacDirectFn, JacKrylovFn, PsolFn, Real, ResFn, RtFn, Sink, LETTER};

/// The program's own weight routine (DDAWTS or SDAWTS, DASKR's optionally
/// replaceable `xDAWTS(NEQ, IWT, RTOL, ATOL, Y, WT, RPAR, IPAR)`).
pub(in crate::ffi) type UserWeights = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *const Real,
    *const Real,
    *const Real,
    *mut Real,
    *mut Real,
    *mut c_int,
);

/// The residual routine, known to be non-null.
pub(in crate::ffi) type Residual = unsafe extern "C" fn(
    *const Real,
    *const Real,
    *const Real,
    *const Real,
    *mut Real,
    *mut c_int,
    *mut Real,
    *mut c_int,
);

/// The caller's residual routine with the RPAR and IPAR it is given: the
/// one place where this precision's routines (xDASKR, xBANJA, xJACILU)
/// call RES.
pub(in crate::ffi) struct ForeignResidual {
    res: Residual,
    rpar: *mut Real,
    ipar: *mut c_int,
}

impl ForeignResidual {
    /// RES, to be called with RPAR and IPAR.
    ///
    /// # Safety
    /// `res` has DASKR's RES argument list; RPAR and IPAR are the caller's
    /// (passed through unchanged, as DASKR does). [`Self::call`] hands RES
    /// the slices it is given, so it must only be called with Y, YPRIME
    /// and DELTA of NEQ elements, as the core and the preconditioners do.
    pub(in crate::ffi) unsafe fn new(res: Residual, rpar: *mut Real, ipar: *mut c_int) -> Self {
        ForeignResidual { res, rpar, ipar }
    }

    /// RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR), with `ires` the
    /// variable handed to RES (in and out).
    pub(in crate::ffi) fn call(
        &self,
        t: Real,
        y: &[Real],
        yp: &[Real],
        cj: Real,
        delta: &mut [Real],
        ires: &mut c_int,
    ) {
        // SAFETY: by the contract of `new`: RES's argument list, Y, YPRIME
        // and DELTA of NEQ elements, T and CJ locals, RPAR/IPAR the
        // caller's.
        unsafe { (self.res)(&t, y.as_ptr(), yp.as_ptr(), &cj, delta.as_mut_ptr(), ires, self.rpar, self.ipar) }
    }
}

/// The user's callbacks and parameter arrays, seen by the core as a
/// [`DaeSystem`].
struct ForeignProblem {
    user_weights: Option<UserWeights>,
    res: ForeignResidual,
    jac: JacDirectFn,
    jac_krylov: JacKrylovFn,
    psol: PsolFn,
    rt: RtFn,
    rpar: *mut Real,
    ipar: *mut c_int,
    neq: c_int,
}

impl DaeSystem for ForeignProblem {
    fn residual(&mut self, t: Real, y: &[Real], yp: &[Real], cj: Real, delta: &mut [Real]) -> CallbackStatus {
        let mut ires: c_int = 0;
        self.res.call(t, y, yp, cj, delta, &mut ires);
        CallbackStatus::from_ires(ires)
    }

    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [Real], _storage: MatrixStorage) -> CallbackStatus {
        if let Some(jac) = self.jac {
            // SAFETY: `jac` was checked non-null for INFO(5)=1 and has the
            // direct-method argument list; `pd` is the LENPD-long matrix
            // segment of RWORK, y/yp have NEQ elements.
            unsafe { jac(&at.t, at.y.as_ptr(), at.yp.as_ptr(), pd.as_mut_ptr(), &at.cj, self.rpar, self.ipar) };
        }
        CallbackStatus::Ok
    }

    fn preconditioner_setup(&mut self, c: PrecondSetup<'_>) -> PrecondSetupStatus {
        let (mut ires, mut ier): (c_int, c_int) = (0, 0);
        if let Some(jac) = self.jac_krylov {
            // SAFETY: `jac` is the caller's Krylov JAC (INFO(15)=1, checked
            // non-null); every array has the length DASKR documents (NEQ,
            // or LENWP/LENIWP for WP/IWP, which may be empty).
            unsafe {
                jac(
                    Some(self.res.res),
                    &mut ires,
                    &self.neq,
                    &c.t,
                    c.y.as_ptr(),
                    c.yp.as_ptr(),
                    c.rewt.as_ptr(),
                    c.savr.as_ptr(),
                    c.wk.as_mut_ptr(),
                    &c.h,
                    &c.cj,
                    c.wp.as_mut_ptr(),
                    c.iwp.as_mut_ptr(),
                    &mut ier,
                    self.rpar,
                    self.ipar,
                )
            };
        }
        PrecondSetupStatus { ier, ires }
    }

    fn preconditioner_solve(&mut self, c: PrecondSolve<'_>) -> i32 {
        let mut ier: c_int = 0;
        if let Some(psol) = self.psol {
            // SAFETY: `psol` is the caller's PSOL (checked non-null for
            // INFO(12)=1); arrays as documented by DASKR.
            unsafe {
                psol(
                    &self.neq,
                    &c.t,
                    c.y.as_ptr(),
                    c.yp.as_ptr(),
                    c.savr.as_ptr(),
                    c.wk.as_mut_ptr(),
                    &c.cj,
                    c.wght.as_ptr(),
                    c.wp.as_mut_ptr(),
                    c.iwp.as_mut_ptr(),
                    c.b.as_mut_ptr(),
                    &c.eplin,
                    &mut ier,
                    self.rpar,
                    self.ipar,
                )
            };
        }
        ier
    }

    fn error_weights(&mut self, tol: Tolerances<'_>, y: &[Real], ewt: &mut [Real]) -> bool {
        let Some(weights) = self.user_weights else {
            return false;
        };
        let iwt: c_int = c_int::from(tol.vector);
        // SAFETY: the program's own weight routine with DASKR's argument
        // list; RTOL and ATOL have 1 or NEQ elements as IWT says, Y and
        // EWT NEQ.
        unsafe {
            weights(
                &self.neq,
                &iwt,
                tol.rtol.as_ptr(),
                tol.atol.as_ptr(),
                y.as_ptr(),
                ewt.as_mut_ptr(),
                self.rpar,
                self.ipar,
            )
        };
        true
    }

    /// Only a program with its own DDAWTS (linked in place of DASKR's).
    fn may_set_error_weights(&self) -> bool {
        self.user_weights.is_some()
    }

    fn roots(&mut self, t: Real, y: &[Real], yp: &[Real], r: &mut [Real]) {
        if let Some(rt) = self.rt {
            let nrt = r.len() as c_int;
            // SAFETY: `rt` was checked non-null when NRT > 0; r has NRT
            // elements, y/yp NEQ.
            unsafe { rt(&self.neq, &t, y.as_ptr(), yp.as_ptr(), &nrt, r.as_mut_ptr(), self.rpar, self.ipar) };
        }
    }
}

/// Report an input problem found by the FFI layer itself (a null pointer
/// where an array is required, or a panic caught at the boundary) the way
/// the core reports illegal input: one message in the name `prefix` gives
/// (xDASKR's, DSL48E's), INFO(1) = -1, IDID = -33.
///
/// # Safety
/// `info` and `idid` must be null or valid for writes.
pub(in crate::ffi) unsafe fn reject_input(prefix: &str, info: *mut c_int, idid: *mut c_int, error: InputError) {
    // SAFETY: INFO is 20 long when non-null; IDID one INTEGER.
    let info_s = unsafe { opt_slice_mut(info, 20) }.unwrap_or_default();
    let mut no_idid = 0;
    // SAFETY: checked for null by `as_mut`; valid for writes by the caller.
    let idid = unsafe { idid.as_mut() }.unwrap_or(&mut no_idid);
    report_failure(prefix, &error.message(), -33, info_s, idid, &mut Sink);
}

/// [`reject_input`] in xDASKR's name.
///
/// # Safety
/// As for [`reject_input`].
unsafe fn reject(info: *mut c_int, idid: *mut c_int, error: InputError) {
    // SAFETY: the same contract.
    unsafe { reject_input(DASKR_PREFIX, info, idid, error) }
}

/// IER of the preconditioner routines for arguments they cannot use (null
/// pointers, negative half-bandwidths, no mesh recorded by xMSET2 /
/// xGSET2, an unfactored preconditioner) or an internal error.
pub(in crate::ffi) const IER_INVALID: c_int = -1;

/// Print one error line of routine `LETTER` + `name` in DASKR's message
/// style (honours XSETF/XSETUN).
pub(in crate::ffi) fn report(name: &str, text: impl Display) {
    Sink.emit(&[MessageLine::text(format!("{LETTER}{name}--  {text}"))]);
}

/// A preconditioner routine that cannot use its arguments: IER = -1 and
/// the error line `text` of routine `name`.
pub(in crate::ffi) fn invalid(ier: &mut c_int, name: &str, text: impl Display) {
    *ier = IER_INVALID;
    report(name, text);
}

/// DDASKR (or SDASKR) with the caller's raw arguments, behind the panic
/// boundary: a panic anywhere in the call is reported as an internal
/// error (IDID = -33), never unwound into the caller.
///
/// # Safety
/// As documented on the exported `ddaskr` / `sdaskr`.
#[allow(clippy::too_many_arguments)]
pub(in crate::ffi) unsafe fn daskr(
    res: ResFn,
    neq: *const c_int,
    t: *mut Real,
    y: *mut Real,
    yprime: *mut Real,
    tout: *const Real,
    info: *mut c_int,
    rtol: *mut Real,
    atol: *mut Real,
    idid: *mut c_int,
    rwork: *mut Real,
    lrw: *const c_int,
    iwork: *mut c_int,
    liw: *const c_int,
    rpar: *mut Real,
    ipar: *mut c_int,
    jac: daskr_generic_fn,
    psol: daskr_generic_fn,
    rt: RtFn,
    nrt: *const c_int,
    jroot: *mut c_int,
) {
    let null = |what| InputError::NullArgument { what };
    // Each pointer comes from the caller under the contract above; each is
    // checked for null before use and turned into a slice of exactly the
    // documented length.
    boundary(
        || {
            // SAFETY: NEQ, LRW, LIW and NRT are the caller's INTEGERs or
            // null.
            let ints = unsafe { read_scalars([neq, lrw, liw, nrt]) };
            // SAFETY: TOUT is the caller's REAL or null (`as_ref` checks).
            let tout = unsafe { tout.as_ref() };
            let (Some([neq, lrw, liw, nrt]), Some(&tout)) = (ints, tout) else {
                // SAFETY: INFO and IDID are null or the caller's arrays.
                return unsafe { reject(info, idid, null("NEQ, TOUT, LRW, LIW or NRT")) };
            };
            // SAFETY: T is the caller's REAL or null; nothing else refers
            // to it during the call.
            let t = unsafe { scalar_mut(t) };
            // SAFETY: as for T; IDID is an INTEGER.
            let idid_ref = unsafe { scalar_mut(idid) };
            let (Some(t), Some(idid_ref)) = (t, idid_ref) else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("T or IDID")) };
            };
            // SAFETY: INFO is the caller's 20-element array or null.
            let Some(info_s) = (unsafe { opt_slice_mut(info, 20) }) else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("INFO")) };
            };
            let Some(res) = res else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("RES")) };
            };
            let n = length(neq);
            let ntol = if info_s[1] == 1 { n } else { 1 };
            let nroot = length(nrt);
            // SAFETY: Y and YPRIME are the caller's distinct NEQ-element
            // arrays, or null.
            let Some([y, yp]) = (unsafe { opt_slices_mut([(y, n), (yprime, n)]) }) else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("Y or YPRIME")) };
            };
            // SAFETY: RWORK is the caller's LRW-element array or null.
            let rwork = unsafe { opt_slice_mut(rwork, length(lrw)) };
            // SAFETY: IWORK is the caller's LIW-element array or null.
            let iwork = unsafe { opt_slice_mut(iwork, length(liw)) };
            let (Some(rwork), Some(iwork)) = (rwork, iwork) else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("RWORK or IWORK")) };
            };
            // SAFETY: JROOT is the caller's NRT-element array or null.
            let Some(jroot) = (unsafe { opt_slice_mut(jroot, nroot) }) else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("JROOT")) };
            };
            if nroot > 0 && rt.is_none() {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("RT (NRT > 0)")) };
            }
            let krylov = info_s[11] == 1;
            if info_s[4] == 1 && !krylov && jac.is_none() {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("JAC (INFO(5) = 1)")) };
            }
            if krylov && info_s[14] == 1 && jac.is_none() {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("JAC (INFO(12) = 1, INFO(15) = 1)")) };
            }
            if krylov && psol.is_none() {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("PSOL (INFO(12) = 1)")) };
            }
            // SAFETY: RTOL and ATOL are the caller's arrays of 1 or NEQ
            // elements (INFO(2)), or null; `tolerances` handles RTOL = ATOL.
            let Some(tol) = (unsafe { tolerances(rtol, atol, ntol) }) else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, null("RTOL or ATOL")) };
            };
            // JAC's argument list depends on INFO(12): keep it only under the
            // matching type, so the wrong form can never be called.
            let (jac_direct, jac_krylov) = if krylov {
                // SAFETY: optional function pointers of one size and null
                // niche; by DASKR's contract, with INFO(12) = 1 JAC has the
                // Krylov argument list.
                (None, unsafe { std::mem::transmute::<daskr_generic_fn, JacKrylovFn>(jac) })
            } else {
                // SAFETY: as above; with INFO(12) = 0 JAC has the direct
                // argument list.
                (unsafe { std::mem::transmute::<daskr_generic_fn, JacDirectFn>(jac) }, None)
            };
            // SAFETY: as above; PSOL has DASKR's PSOL argument list.
            let psol = unsafe { std::mem::transmute::<daskr_generic_fn, PsolFn>(psol) };
            let user_weights = super::user_weights();
            // SAFETY: RES has DASKR's argument list (DDASKR's contract); the
            // core calls it with NEQ-long arrays.
            let res = unsafe { ForeignResidual::new(res, rpar, ipar) };
            let mut problem =
                ForeignProblem { user_weights, res, jac: jac_direct, jac_krylov, psol, rt, rpar, ipar, neq };
            let mut common = Common { neq, t, y, yp, tout, tol, rwork, lrw, iwork, liw };
            let mut call = Ddaskr::new(nrt, jroot);
            // The problem as a trait object: the core is instantiated once
            // for DaeSystem objects, shared with the Rust API's Solver (and
            // so with DSBSIM), instead of once per problem type in every
            // static program.
            let problem: &mut dyn DaeSystem = &mut problem;
            let _ = call_with_info(&mut call, &mut common, info_s, idid_ref, problem, &mut Sink);
        },
        // SAFETY: INFO and IDID are null or the caller's arrays; the
        // references made from them died with the unwound call.
        || unsafe { reject(info, idid, InputError::Internal) },
    )
}
