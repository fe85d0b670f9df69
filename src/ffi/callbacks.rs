//! Every callback type of the exported routines, in one place: the
//! user's RES, JAC (direct and Krylov forms), PSOL and RT with DASKR's
//! argument lists. All arguments are passed by reference; `Option` makes a
//! null pointer from C representable (it is rejected where the options
//! need the routine).

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

/// A callback whose argument list depends on the method: JAC (direct or
/// Krylov form) and PSOL. Cast your routine to this type; NULL is allowed
/// for routines that the chosen options never call.
#[allow(non_camel_case_types)]
pub type daskr_generic_fn = Option<unsafe extern "C" fn()>;
