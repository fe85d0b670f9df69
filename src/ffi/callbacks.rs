//! Every callback type of the exported routines, in one place: the
//! user's RES, JAC (direct and Krylov forms), PSOL and RT with DASKR's
//! argument lists, the reaction-block routine of the reaction-based
//! preconditioners, and DSL48E's callbacks. All arguments are passed by
//! reference; `Option` makes a null pointer from C representable (it is
//! rejected where the options need the routine).
//!
//! SDASKR's callback types (`sdaskr_*`: the same argument lists with REAL
//! in place of DOUBLE PRECISION) are in `crates/single` with SDASKR.

use std::os::raw::c_int;

/// Residual routine `RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)`.
#[allow(non_camel_case_types)]
pub type daskr_res_fn = Option<
    unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        cj: *const f64,
        delta: *mut f64,
        ires: *mut c_int,
        rpar: *mut f64,
        ipar: *mut c_int,
    ),
>;

/// Direct-method Jacobian routine `JAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)`
/// (INFO(12)=0, INFO(5)=1). Pass it to DDASKR cast to `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type daskr_jac_direct_fn = Option<
    unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        pd: *mut f64,
        cj: *const f64,
        rpar: *mut f64,
        ipar: *mut c_int,
    ),
>;

/// Root-function routine `RT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)`.
#[allow(non_camel_case_types)]
pub type daskr_rt_fn = Option<
    unsafe extern "C" fn(
        neq: *const c_int,
        t: *const f64,
        y: *const f64,
        yp: *const f64,
        nrt: *const c_int,
        rval: *mut f64,
        rpar: *mut f64,
        ipar: *mut c_int,
    ),
>;

/// Krylov-method JAC (INFO(12)=1, INFO(15)=1): prepares the
/// preconditioner, `JAC(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H, CJ,
/// WP, IWP, IER, RPAR, IPAR)`. Pass it to DDASKR cast to `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type daskr_jac_krylov_fn = Option<
    unsafe extern "C" fn(
        res: daskr_res_fn,
        ires: *mut c_int,
        neq: *const c_int,
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
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
    ),
>;

/// Krylov-method PSOL: solves P x = b in place, `PSOL(NEQ, T, Y, YPRIME,
/// SAVR, WK, CJ, WGHT, WP, IWP, B, EPLIN, IER, RPAR, IPAR)`. Pass it to
/// DDASKR cast to `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type daskr_psol_fn = Option<
    unsafe extern "C" fn(
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
    ),
>;

/// Reaction block routine `RBLOCK(T, JX, JY, UXY, RXY)` of the
/// reaction-based preconditioners (DRBDJA, DRBGJA): load the NS reaction
/// terms R at mesh point (JX, JY) (1-based) into RXY, from the NS values
/// UXY of that point.
#[allow(non_camel_case_types)]
pub type daskr_rblock_fn =
    Option<unsafe extern "C" fn(t: *const f64, jx: *const c_int, jy: *const c_int, uxy: *const f64, rxy: *mut f64)>;

/// A callback whose argument list depends on the method: JAC (direct or
/// Krylov form) and PSOL. Cast your routine to this type; NULL is allowed
/// for routines that the chosen options never call.
#[allow(non_camel_case_types)]
pub type daskr_generic_fn = Option<unsafe extern "C" fn()>;

/// DSL48E's residual routine `RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR,
/// RPAR, IPAR)`: the locked, augmented model; ICHVAR is passed as 0.
#[allow(non_camel_case_types)]
pub type dsl48e_res_fn = Option<
    unsafe extern "C" fn(
        neq: *const c_int,
        t: *const f64,
        z: *const f64,
        zdot: *const f64,
        delta: *mut f64,
        ires: *mut c_int,
        ichvar: *const c_int,
        rpar: *mut f64,
        ipar: *mut c_int,
    ),
>;

/// DSL48E's Jacobian routine (JDTYPE = 1) `JAC(NEQ, T, Z, ZDOT, CJ, NEJAC,
/// JROW, JCOL, PD, IRES, RPAR, IPAR)`: PD(k) = dF(JROW(k))/dz(JCOL(k)) +
/// CJ*dF(JROW(k))/dzdot(JCOL(k)), IRES as for RES.
#[allow(non_camel_case_types)]
pub type dsl48e_jac_fn = Option<
    unsafe extern "C" fn(
        neq: *const c_int,
        t: *const f64,
        z: *const f64,
        zdot: *const f64,
        cj: *const f64,
        nejac: *const c_int,
        jrow: *const c_int,
        jcol: *const c_int,
        pd: *mut f64,
        ires: *mut c_int,
        rpar: *mut f64,
        ipar: *mut c_int,
    ),
>;

/// DSL48E's `STCHANGE(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT, RPAR,
/// IPAR, NDI, IG)`: ICHANGE = 1 if state condition ISTATE, with the truth
/// values IG(1..NDI) of its discontinuity functions, differs from the value
/// it is locked in.
#[allow(non_camel_case_types)]
pub type dsl48e_stchange_fn = Option<
    unsafe extern "C" fn(
        ichange: *mut c_int,
        istate: *const c_int,
        neq: *const c_int,
        nc: *const c_int,
        nd: *const c_int,
        isc: *const c_int,
        t: *const f64,
        z: *const f64,
        zdot: *const f64,
        rpar: *mut f64,
        ipar: *mut c_int,
        ndi: *const c_int,
        ig: *const c_int,
    ),
>;

/// DSL48E's `EVTDERIV(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME, Z,
/// ZDOT, RPAR, IPAR, D, ALPHA)`: D(1..NEQ) = dF/dt, ALPHA = d(g*)/dt for the
/// discontinuity function IDISCON of condition ISTATE; ICODE /= 0 reports
/// an error.
#[allow(non_camel_case_types)]
pub type dsl48e_evtderiv_fn = Option<
    unsafe extern "C" fn(
        icode: *mut c_int,
        istate: *const c_int,
        idiscon: *const c_int,
        neq: *const c_int,
        nc: *const c_int,
        nd: *const c_int,
        isc: *const c_int,
        time: *const f64,
        z: *const f64,
        zdot: *const f64,
        rpar: *mut f64,
        ipar: *mut c_int,
        d: *mut f64,
        alpha: *mut f64,
    ),
>;

/// DSL48E's `SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)`, the
/// parameter derivatives of the sensitivity equations (INFO(12) = NP > 0
/// with INFO(15) = 0): DFDP(1..NEQ) = dF/dp_IP at (T, Z, ZDOT), discontinuity
/// rows included (DFDP is zero on entry); IRES as for RES (-1 retry with a
/// smaller step, -2 stop). Z and ZDOT are the NEQ states. SENRHS writes
/// only DFDP and IRES. Never called with NP = 0 or INFO(15) > 0: pass NULL
/// (or any routine) then.
#[allow(non_camel_case_types)]
pub type dsl48e_senrhs_fn = Option<
    unsafe extern "C" fn(
        neq: *const c_int,
        t: *const f64,
        z: *const f64,
        zdot: *const f64,
        ip: *const c_int,
        dfdp: *mut f64,
        ires: *mut c_int,
        rpar: *mut f64,
        ipar: *mut c_int,
    ),
>;

/// DSBSIM's model routine for an ODE (ITYPE = 0), the standard's
/// `ODEDER(T, X, U, P, F, IERR)`: F = f(T, X, U, P); also the form of
/// `ODEOUT(T, X, U, P, Y, IERR)`. IERR = 0: values computed. Pass it to
/// DSBSIM cast to `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type dsblock_odeder_fn = Option<
    unsafe extern "C" fn(t: *const f64, x: *const f64, u: *const f64, p: *const f64, f: *mut f64, ierr: *mut c_int),
>;

/// DSBSIM's model routine for a DAE (ITYPE = 1), the standard's
/// `DAEDER(T, XDOT, X, U, P, F, IERR)`: F = F(T, XDOT, X, U, P); also the
/// form of `DAEOUT(T, XDOT, X, U, P, Y, IERR)`. Pass it to DSBSIM cast to
/// `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type dsblock_daeder_fn = Option<
    unsafe extern "C" fn(
        t: *const f64,
        xdot: *const f64,
        x: *const f64,
        u: *const f64,
        p: *const f64,
        f: *mut f64,
        ierr: *mut c_int,
    ),
>;

/// DSBSIM's Jacobian for an ODE, the standard's `JACFX(T, X, U, P, FX,
/// LDFX, IERR)`: FX = df/dX in the storage IOPT(1) selects (dense
/// FX(i,j), LDFX = NX; band FX(i-j+MU+1,j), LDFX = ML+MU+1; sparse FX(k)
/// for pattern entry k, LDFX = NNZ). Pass it cast to `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type dsblock_jacfx_ode_fn = Option<
    unsafe extern "C" fn(
        t: *const f64,
        x: *const f64,
        u: *const f64,
        p: *const f64,
        fx: *mut f64,
        ldfx: *const c_int,
        ierr: *mut c_int,
    ),
>;

/// DSBSIM's Jacobian for a DAE, `JACFX(T, XDOT, X, U, P, CJ, FX, LDFX,
/// IERR)`: FX = dF/dX + CJ*dF/dXDOT (DASKR's iteration matrix), stored as
/// for the ODE form. Pass it cast to `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type dsblock_jacfx_dae_fn = Option<
    unsafe extern "C" fn(
        t: *const f64,
        xdot: *const f64,
        x: *const f64,
        u: *const f64,
        p: *const f64,
        cj: *const f64,
        fx: *mut f64,
        ldfx: *const c_int,
        ierr: *mut c_int,
    ),
>;

/// DSBSIM's input function `INPUT(T, U, IERR)`: the NU input signals
/// U(T). Not called when NU = 0 (may be NULL then).
#[allow(non_camel_case_types)]
pub type dsblock_input_fn = Option<unsafe extern "C" fn(t: *const f64, u: *mut f64, ierr: *mut c_int)>;
