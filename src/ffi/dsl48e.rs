//! The exported DSL48E entry point (SPEC section 5) and the adapter that
//! lets the core call the user's RES, JAC, STCHANGE and EVTDERIV.

use daskr_export::export_aliases;
use std::os::raw::c_int;

use super::boundary;
use super::callbacks::{dsl48e_evtderiv_fn, dsl48e_jac_fn, dsl48e_res_fn, dsl48e_senrhs_fn, dsl48e_stchange_fn};
use super::double::solver::reject_input;
use super::messages::StdoutSink;
use super::slices::{
    length, opt_slice, opt_slice_mut, opt_slices, opt_slices_mut, read_scalars, scalar_mut, store, tolerances,
};
use crate::core::call::{call_with_info, Common};
use crate::core::dsl48e::{Dsl48e, SensArgs, MESSAGE_PREFIX};
use crate::core::error::InputError;
use crate::core::problem::{CallbackStatus, ConditionPoint, DaeSystem, JacobianPoint, MatrixStorage, StateConditions};
use crate::types::Real;

/// The user's DSL48E callbacks and parameter arrays, seen by the core.
struct ForeignHybrid {
    res: unsafe extern "C" fn(
        *const c_int,
        *const f64,
        *const f64,
        *const f64,
        *mut f64,
        *mut c_int,
        *const c_int,
        *mut f64,
        *mut c_int,
    ),
    jac: dsl48e_jac_fn,
    senrhs: dsl48e_senrhs_fn,
    stchange: dsl48e_stchange_fn,
    evtderiv: dsl48e_evtderiv_fn,
    neq: c_int,
    nejac: c_int,
    jrow: *const c_int,
    jcol: *const c_int,
    nc: c_int,
    nd: c_int,
    isc: *const c_int,
    rpar: *mut f64,
    ipar: *mut c_int,
}

impl DaeSystem for ForeignHybrid {
    /// DSL48E's weights are always its own RTOL*|Z|+ATOL.
    fn may_set_error_weights(&self) -> bool {
        false
    }

    fn residual(&mut self, t: f64, z: &[f64], zdot: &[f64], _cj: f64, delta: &mut [f64]) -> CallbackStatus {
        let (mut ires, ichvar): (c_int, c_int) = (0, 0);
        // SAFETY: the caller's RES with DSL48E's argument list; Z, ZDOT and
        // DELTA are live NEQ-long arrays, the scalars locals; RPAR/IPAR are
        // passed through as given.
        unsafe {
            (self.res)(
                &self.neq,
                &t,
                z.as_ptr(),
                zdot.as_ptr(),
                delta.as_mut_ptr(),
                &mut ires,
                &ichvar,
                self.rpar,
                self.ipar,
            )
        };
        CallbackStatus::from_ires(ires)
    }

    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [f64], _s: MatrixStorage) -> CallbackStatus {
        let Some(jac) = self.jac else {
            return CallbackStatus::Stop;
        };
        // DSL48E's names: the unknowns are Z, their derivatives ZDOT.
        let JacobianPoint { t, y: z, yp: zdot, cj } = at;
        let mut ires: c_int = 0;
        // SAFETY: JAC was checked non-null for JDTYPE = 1; it gets the
        // caller's own JROW/JCOL (NEJAC long) and PD, the NEJAC values in
        // RWORK; Z, ZDOT have NEQ elements.
        unsafe {
            jac(
                &self.neq,
                &t,
                z.as_ptr(),
                zdot.as_ptr(),
                &cj,
                &self.nejac,
                self.jrow,
                self.jcol,
                pd.as_mut_ptr(),
                &mut ires,
                self.rpar,
                self.ipar,
            )
        };
        CallbackStatus::from_ires(ires)
    }

    fn parameter_derivative(&mut self, t: f64, z: &[f64], zdot: &[f64], ip: usize, dfdp: &mut [f64]) -> CallbackStatus {
        let Some(senrhs) = self.senrhs else {
            return CallbackStatus::Stop;
        };
        let (mut ires, ip): (c_int, c_int) = (0, ip as c_int + 1);
        // SAFETY: SENRHS was checked non-null for INFO(12) > 0 with
        // INFO(15) = 0 (the only case that calls it); Z, ZDOT and DFDP are
        // live NEQ-long arrays, the scalars locals; RPAR/IPAR are passed
        // through as given.
        unsafe {
            senrhs(&self.neq, &t, z.as_ptr(), zdot.as_ptr(), &ip, dfdp.as_mut_ptr(), &mut ires, self.rpar, self.ipar)
        };
        CallbackStatus::from_ires(ires)
    }

    fn parameter(&mut self, slot: usize) -> Option<f64> {
        if self.rpar.is_null() || slot == 0 {
            return None;
        }
        // SAFETY: RPAR is the caller's array and `slot` = IWORK(40+i) >= 1
        // is, by SPEC 5.1's contract, the index of the parameter p_i in it
        // (as DASKR's ILU module reads RPAR(1..2) by its own contract), so
        // the offset stays inside RPAR.
        let p = unsafe { self.rpar.add(slot - 1) };
        // SAFETY: `p` points to RPAR(slot), an initialised REAL.
        Some(unsafe { *p })
    }

    fn set_parameter(&mut self, slot: usize, value: f64) {
        if self.rpar.is_null() || slot == 0 {
            return;
        }
        // SAFETY: as in `parameter`.
        let p = unsafe { self.rpar.add(slot - 1) };
        // SAFETY: `p` points to RPAR(slot); no reference to RPAR is live
        // (the user's routines get the raw pointer only while they run).
        unsafe { *p = value };
    }
}

impl StateConditions for ForeignHybrid {
    fn condition_changed(&mut self, at: &ConditionPoint<'_>, ig: &[c_int]) -> bool {
        let Some(stchange) = self.stchange else {
            return false;
        };
        let (mut ichange, istate, ndi) = (0, at.condition as c_int + 1, ig.len() as c_int);
        // SAFETY: STCHANGE was checked non-null for NC > 0; ISC has NC
        // elements, Z/ZDOT NEQ, IG NDI; the scalars are locals.
        unsafe {
            stchange(
                &mut ichange,
                &istate,
                &self.neq,
                &self.nc,
                &self.nd,
                self.isc,
                &at.t,
                at.z.as_ptr(),
                at.zdot.as_ptr(),
                self.rpar,
                self.ipar,
                &ndi,
                ig.as_ptr(),
            )
        };
        ichange == 1
    }

    fn event_derivatives(&mut self, at: &ConditionPoint<'_>, d: &mut [Real]) -> Result<Real, c_int> {
        let Some(evtderiv) = self.evtderiv else {
            return Err(-1);
        };
        let (istate, idiscon) = (at.condition as c_int + 1, at.function as c_int + 1);
        let (mut icode, mut alpha) = (0, 0.0);
        // SAFETY: EVTDERIV was checked non-null for NC > 0; D has NEQ
        // elements, ISC NC; the scalars are locals.
        unsafe {
            evtderiv(
                &mut icode,
                &istate,
                &idiscon,
                &self.neq,
                &self.nc,
                &self.nd,
                self.isc,
                &at.t,
                at.z.as_ptr(),
                at.zdot.as_ptr(),
                self.rpar,
                self.ipar,
                d.as_mut_ptr(),
                &mut alpha,
            )
        };
        if icode == 0 {
            Ok(alpha)
        } else {
            Err(icode)
        }
    }
}

/// Report a problem this layer finds itself (a null pointer where
/// something is needed, or a panic caught at the boundary) the way the
/// core reports illegal input: one message in DSL48E's name, INFO(1) = -1,
/// IDID = -33, IEVENT = 0.
///
/// # Safety
/// `info`, `idid` and `ievent` must be null or valid for writes (INFO for
/// 20 elements).
unsafe fn reject(info: *mut c_int, idid: *mut c_int, ievent: *mut c_int, error: InputError) {
    // SAFETY: by the contract above.
    unsafe { store(ievent, 0) };
    // SAFETY: as above.
    unsafe { reject_input(MESSAGE_PREFIX, info, idid, error) }
}

/// The lower bound of LENRW with NP sensitivity parameters (MAXORD = 1,
/// NEJAC = 0): below it the core rejects LRW before it reads Z(NEQ+1..),
/// so the long Z and ZDOT are only formed for an LRW at least this large
/// (a garbage INFO(12) never makes a slice longer than the caller's Z).
fn sensitivities_fit(n: usize, np: usize, lrw: c_int) -> Option<usize> {
    let floor = n.checked_mul(5)?.checked_add(2)?.checked_mul(np)?.checked_add(n.checked_mul(6)?)?.checked_add(60)?;
    let total = n.checked_mul(np.checked_add(1)?)?;
    (usize::try_from(lrw).ok()? >= floor && total <= isize::MAX as usize / 8).then_some(total)
}

/// DSL48E: integrate the locked hybrid DAE F(t, z, z') = 0 one step (or to
/// TOUT) with state-event location, with DAEPACK's 37-argument list (SPEC
/// section 5), and with INFO(12) = NP > 0 the parametric sensitivities
/// (SPEC section 5.1). Also exported as `dsl48e_` and `DSL48E`.
///
/// Sensitivities (this library's design: DSL48S's interface is not
/// public). s_i = dz/dp_i solves F_z s_i + F_z' s_i' + dF/dp_i = 0; Z and
/// ZDOT hold NEQ*(NP+1) values, Z(I*NEQ+J) = dZ(J)/dP(I). INFO(15) = 0:
/// dF/dp from SENRHS; 1, 2: forward, centred difference quotients in p,
/// IWORK(40+I) the index of P(I) in RPAR (0: F does not depend on it).
/// RWORK(60+I) = PBAR(I), the size of P(I) (0: |RPAR(IWORK(40+I))| or 1);
/// the sensitivity tolerances are RTOL and ATOL(J)/PBAR(I). INFO(13) = 0:
/// the sensitivities are in the error test; 1: not. INFO(11) = 1 also
/// makes the initial sensitivities consistent (algebraic entries and s'
/// from the differential entries). At an event return RWORK(60+NP+I) =
/// dTEVT/dP(I), and Z, ZDOT(NEQ+1..) hold the sensitivities at TEVT; on
/// the restart at TEVT, INFO(20) = 0: x continuous (the solver applies
/// the jump), 1: Z(I*NEQ+J), J in JYDOT, hold the total derivative of
/// x_J(TEVT+), 2: taken as given. IDID = -16: the event is not
/// transversal (dTEVT/dP undefined). Counters IWORK(40+NP+1..5): SENRHS
/// calls, sensitivity RES calls, sensitivity error-test and corrector
/// failures, sensitivity corrector iterations. Lengths: LRW >= 60 +
/// (MAXORD+4)*NEQ + NEJAC (+NEQ with INFO(16) = 1) + NP*(NEQ*(MAXORD+4) +
/// 2) + NEQ, LIW >= 40 + NEQ + ND + NP + 5 (without the NP terms for NP =
/// 0), MAXORD = 5 unless INFO(9) = 1.
///
/// # Safety
/// All arguments by reference, as Fortran passes them; every array valid
/// for its declared length (Z, ZDOT: NEQ*(NP+1), NP = max(INFO(12), 0);
/// RTOL, ATOL: 1 or NEQ by INFO(2);
/// INFO: 20; RWORK: LRW; IWORK: LIW; JROW, JCOL: NEJAC; JYDOT: NJYDOT;
/// BOUNDS: 2*NEQ when INFO(10) = 1; ISC: NC; IEVWK: LIEVWK; REVWK: LREVWK).
/// Scalar inputs may be constants: they are never written. Null pointers
/// are rejected with IDID = -33 where something is needed.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
// The arguments laid out as the lines of DSL48E's SUBROUTINE statement
// (SPEC section 5), so that the order can be read against it.
#[rustfmt::skip]
pub unsafe extern "C" fn dsl48e(
    res: dsl48e_res_fn, senrhs: dsl48e_senrhs_fn, neq: *const c_int, time: *mut f64, z: *mut f64,
        zdot: *mut f64, tout: *const f64, info: *mut c_int,
    rtol: *mut f64, atol: *mut f64, idid: *mut c_int, rwork: *mut f64, lrw: *const c_int, iwork: *mut c_int,
        liw: *const c_int, rpar: *mut f64, ipar: *mut c_int, jac: dsl48e_jac_fn,
    nejac: *const c_int, jrow: *const c_int, jcol: *const c_int, jydot: *const c_int, njydot: *const c_int,
        jdtype: *const c_int, bounds: *const f64,
    ievent: *mut c_int, idiscon: *mut c_int, nc: *const c_int, nd: *const c_int, isc: *const c_int, tevt: *mut f64,
        lievwk: *const c_int, ievwk: *mut c_int,
    lrevwk: *const c_int, revwk: *mut f64, stchange: dsl48e_stchange_fn, evtderiv: dsl48e_evtderiv_fn,
) {
    let null = |what| InputError::NullArgument { what };
    // Each pointer comes from the caller under the contract above; each is
    // checked for null before use and turned into a slice of exactly its
    // declared length.
    boundary(
        || {
            // IEVENT is 0 on every return that is not an event.
            // SAFETY: IEVENT is the caller's INTEGER or null; no reference
            // to it lives.
            unsafe { store(ievent, 0) };
            // SAFETY: the ten scalar inputs are the caller's INTEGERs
            // (possibly constants: only read) or null.
            let ints = unsafe { read_scalars([neq, lrw, liw, nejac, njydot, jdtype, nc, nd, lievwk, lrevwk]) };
            // SAFETY: TOUT is the caller's REAL or null (`as_ref` checks).
            let tout = unsafe { tout.as_ref() };
            let (Some([neq, lrw, liw, nejac, njydot, jdtype, nc, nd, lievwk, lrevwk]), Some(&tout)) = (ints, tout)
            else {
                // SAFETY: INFO, IDID and IEVENT are null or the caller's.
                return unsafe {
                    reject(
                        info,
                        idid,
                        ievent,
                        null("NEQ, TOUT, LRW, LIW, NEJAC, NJYDOT, JDTYPE, NC, ND, LIEVWK or LREVWK"),
                    )
                };
            };
            // SAFETY: TIME is the caller's REAL or null; nothing else
            // refers to it during the call.
            let time = unsafe { scalar_mut(time) };
            // SAFETY: as for TIME; IDID is an INTEGER.
            let idid_ref = unsafe { scalar_mut(idid) };
            // SAFETY: as for TIME; IEVENT is an INTEGER.
            let ievent_ref = unsafe { scalar_mut(ievent) };
            // SAFETY: as for TIME; IDISCON is an INTEGER.
            let idiscon = unsafe { scalar_mut(idiscon) };
            // SAFETY: as for TIME; TEVT is a REAL.
            let tevt = unsafe { scalar_mut(tevt) };
            let (Some(time), Some(idid_ref), Some(ievent_ref), Some(idiscon), Some(tevt)) =
                (time, idid_ref, ievent_ref, idiscon, tevt)
            else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, ievent, null("TIME, IDID, IEVENT, IDISCON or TEVT")) };
            };
            // SAFETY: INFO is the caller's 20-element array or null.
            let Some(info_s) = (unsafe { opt_slice_mut(info, 20) }) else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, ievent, null("INFO")) };
            };
            let Some(res) = res else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, ievent, null("RES")) };
            };
            if jdtype == 1 && jac.is_none() {
                // SAFETY: as above.
                return unsafe { reject(info, idid, ievent, null("JAC (JDTYPE = 1)")) };
            }
            if nc > 0 && (stchange.is_none() || evtderiv.is_none()) {
                // SAFETY: as above.
                return unsafe { reject(info, idid, ievent, null("STCHANGE or EVTDERIV (NC > 0)")) };
            }
            let n = length(neq);
            let ntol = if info_s[1] == 1 { n } else { 1 };
            let nbounds = if info_s[9] == 1 { 2 * n } else { 0 };
            // With sensitivities Z and ZDOT hold NEQ*(NP+1) numbers (when
            // RWORK could hold them; else the core rejects LRW first).
            let np = length(info_s[11]);
            let nz = if np > 0 { sensitivities_fit(n, np, lrw).unwrap_or(n) } else { n };
            // Each array is the caller's, of the length its argument
            // declares (or null), and distinct from the others.
            // SAFETY: Z and ZDOT (NEQ*(NP+1), NEQ with NP = 0), RWORK (LRW)
            // and REVWK (LREVWK), as above.
            let reals = unsafe { opt_slices_mut([(z, nz), (zdot, nz), (rwork, length(lrw)), (revwk, length(lrevwk))]) };
            // SAFETY: IWORK (LIW) and IEVWK (LIEVWK), as above.
            let ints = unsafe { opt_slices_mut([(iwork, length(liw)), (ievwk, length(lievwk))]) };
            // SAFETY: JROW, JCOL (NEJAC), JYDOT (NJYDOT) and ISC (NC), as
            // above; only read.
            let int_inputs = unsafe {
                opt_slices([(jrow, length(nejac)), (jcol, length(nejac)), (jydot, length(njydot)), (isc, length(nc))])
            };
            // SAFETY: BOUNDS has 2*NEQ elements when INFO(10) = 1, only read.
            let bounds = unsafe { opt_slice(bounds, nbounds) };
            let (
                Some([z, zdot, rwork, revwk]),
                Some([iwork, _ievwk]),
                Some([jrow_s, jcol_s, jydot, isc_s]),
                Some(bounds),
            ) = (reals, ints, int_inputs, bounds)
            else {
                // SAFETY: as above.
                return unsafe {
                    reject(
                        info,
                        idid,
                        ievent,
                        null(
                            "an array argument (Z, ZDOT, RWORK, IWORK, JROW, JCOL, JYDOT, BOUNDS, ISC, IEVWK or REVWK)",
                        ),
                    )
                };
            };
            // SAFETY: RTOL and ATOL are the caller's arrays of 1 or NEQ
            // elements (INFO(2)), or null; `tolerances` handles RTOL = ATOL.
            let Some(tol) = (unsafe { tolerances(rtol, atol, ntol) }) else {
                // SAFETY: as above.
                return unsafe { reject(info, idid, ievent, null("RTOL or ATOL")) };
            };
            let mut problem =
                ForeignHybrid { res, jac, senrhs, stchange, evtderiv, neq, nejac, jrow, jcol, nc, nd, isc, rpar, ipar };
            let (z, zs) = z.split_at_mut(n.min(z.len()));
            let (zdot, zdots) = zdot.split_at_mut(n.min(zdot.len()));
            let mut common =
                Common { neq, t: time, y: z, yp: zdot, tout, tol, rwork, lrw, iwork, liw };
            // Built where it is used: moving its ~30 words costs a call
            // one step at a time about 45 instructions.
            let mut call = Dsl48e::new(
                nejac,
                jrow_s,
                jcol_s,
                jydot,
                njydot,
                jdtype,
                bounds,
                (ievent_ref, idiscon, tevt),
                (nc, nd, isc_s),
                (lievwk, lrevwk, revwk),
                Some(SensArgs { s: zs, sp: zdots, senrhs: senrhs.is_some() }),
            );
            let _ = call_with_info(&mut call, &mut common, info_s, idid_ref, &mut problem, &mut StdoutSink);
        },
        // SAFETY: INFO, IDID and IEVENT are null or the caller's; the
        // references made from them died with the unwound call.
        || unsafe { reject(info, idid, ievent, InputError::Internal) },
    )
}
export_aliases!(dsl48e => strong dsl48e_, strong DSL48E);
