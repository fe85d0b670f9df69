//! The single-precision Fortran/C interface: SDASKR and the
//! single-precision preconditioner routines (SBANJA/SBANPS,
//! SMSET2/SRBDJA/SRBDPS, SGSET2/SRBGJA/SRBGPS, SSPSETUP/SJACILU/SPSOLILU),
//! as DASKR's `sdaskr.f` and `s*pre.f`.
//!
//! The routine bodies are `daskr-solver`'s `src/ffi/generic/*.rs`, written
//! once against a precision context (`Real`, the core and preconditioner
//! instance, the callback types, the message sink, the routine letter) and
//! compiled here with `Real = f32` and this crate's instance of the core
//! (the main crate compiles them with `Real = f64` for DDASKR). The same
//! goes for the pointer helpers (`slices.rs`), the Fortran-unit writer and
//! the message formatting (`messages.rs`, XERRWV's `E21.13`), declared
//! with `solver_module!` (see the crate's `build.rs`).
//!
//! The exported routines live in this crate rather than in the main one so
//! that, in `libdaskr.a`, they and the single-precision solver sit in
//! archive members of their own: a program that calls only DDASKR does not
//! carry them. Each is a one-line wrapper with the concrete argument types
//! (cbindgen declares it in `daskr.h`); `export_aliases!` adds the other
//! spellings. The C shims they rely on (message controls and output, the
//! user's SDAWTS) are the main crate's, in the same library.

// Only with the feature `capi`. The condition is written here rather than
// on `mod ffi` in lib.rs: cbindgen, which reads this file for daskr.h,
// would otherwise see this crate's `daskr_generic_fn` as a conditional
// item and declare it a second time beside the main crate's.
#![cfg(feature = "capi")]
#![allow(non_camel_case_types)]

use daskr_export::export_aliases;
use std::os::raw::c_int;

pub(crate) use crate::types::{FInt, Real};
pub(crate) use crate::{core, precond};
pub(crate) use messages::SingleStdoutSink as Sink;
pub(crate) use {
    sdaskr_jac_direct_fn as JacDirectFn, sdaskr_jac_krylov_fn as JacKrylovFn, sdaskr_psol_fn as PsolFn,
    sdaskr_rblock_fn as RblockFn, sdaskr_res_fn as ResFn, sdaskr_rt_fn as RtFn,
};

/// The first letter of this precision's routine names, for messages.
pub(crate) const LETTER: &str = "S";

/// A callback whose argument list depends on the method: JAC (direct or
/// Krylov form) and PSOL; the main crate's type of the same name (C:
/// `daskr_generic_fn`), shared by DDASKR and SDASKR.
pub type daskr_generic_fn = Option<unsafe extern "C" fn()>;

extern "C" {
    /// From the main crate's csrc/user_hooks.c: a weak reference to the
    /// program's SDAWTS, or null.
    fn daskr_internal_user_sdawts() -> Option<solver::UserWeights>;
}

/// The program's own SDAWTS, if it defines one (the single-precision
/// twin of DASKR's optionally replaceable DDAWTS).
fn user_weights() -> Option<solver::UserWeights> {
    // SAFETY: a plain query of a weak symbol's address.
    unsafe { daskr_internal_user_sdawts() }
}

solver_module!(banded);
solver_module!(ilu);
solver_module!(
    #[allow(dead_code)]
    messages
);
solver_module!(reaction);
solver_module!(slices);
solver_module!(solver);
solver_module!(unit_writer);

// ---------------------------------------------------------------------
// Callback types: DDASKR's with REAL (`float`) in place of DOUBLE
// PRECISION, and the same const-ness.

/// SDASKR's residual routine `RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR,
/// IPAR)`: `daskr_res_fn` with REAL arguments.
#[allow(non_camel_case_types)]
pub type sdaskr_res_fn = Option<
    unsafe extern "C" fn(
        t: *const f32,
        y: *const f32,
        yprime: *const f32,
        cj: *const f32,
        delta: *mut f32,
        ires: *mut c_int,
        rpar: *mut f32,
        ipar: *mut c_int,
    ),
>;

/// SDASKR's direct-method Jacobian routine `JAC(T, Y, YPRIME, PD, CJ,
/// RPAR, IPAR)` (INFO(12)=0, INFO(5)=1): `daskr_jac_direct_fn` with REAL
/// arguments. Pass it to SDASKR cast to `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type sdaskr_jac_direct_fn = Option<
    unsafe extern "C" fn(
        t: *const f32,
        y: *const f32,
        yprime: *const f32,
        pd: *mut f32,
        cj: *const f32,
        rpar: *mut f32,
        ipar: *mut c_int,
    ),
>;

/// SDASKR's root-function routine `RT(NEQ, T, Y, YP, NRT, RVAL, RPAR,
/// IPAR)`: `daskr_rt_fn` with REAL arguments.
#[allow(non_camel_case_types)]
pub type sdaskr_rt_fn = Option<
    unsafe extern "C" fn(
        neq: *const c_int,
        t: *const f32,
        y: *const f32,
        yp: *const f32,
        nrt: *const c_int,
        rval: *mut f32,
        rpar: *mut f32,
        ipar: *mut c_int,
    ),
>;

/// SDASKR's Krylov-method JAC (INFO(12)=1, INFO(15)=1), `JAC(RES, IRES,
/// NEQ, T, Y, YPRIME, REWT, SAVR, WK, H, CJ, WP, IWP, IER, RPAR, IPAR)`:
/// `daskr_jac_krylov_fn` with REAL arguments. Pass it to SDASKR cast to
/// `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type sdaskr_jac_krylov_fn = Option<
    unsafe extern "C" fn(
        res: sdaskr_res_fn,
        ires: *mut c_int,
        neq: *const c_int,
        t: *const f32,
        y: *const f32,
        yprime: *const f32,
        rewt: *const f32,
        savr: *const f32,
        wk: *mut f32,
        h: *const f32,
        cj: *const f32,
        wp: *mut f32,
        iwp: *mut c_int,
        ier: *mut c_int,
        rpar: *mut f32,
        ipar: *mut c_int,
    ),
>;

/// SDASKR's Krylov-method PSOL, `PSOL(NEQ, T, Y, YPRIME, SAVR, WK, CJ,
/// WGHT, WP, IWP, B, EPLIN, IER, RPAR, IPAR)`: `daskr_psol_fn` with REAL
/// arguments. Pass it to SDASKR cast to `daskr_generic_fn`.
#[allow(non_camel_case_types)]
pub type sdaskr_psol_fn = Option<
    unsafe extern "C" fn(
        neq: *const c_int,
        t: *const f32,
        y: *const f32,
        yprime: *const f32,
        savr: *const f32,
        wk: *mut f32,
        cj: *const f32,
        wght: *const f32,
        wp: *mut f32,
        iwp: *mut c_int,
        b: *mut f32,
        eplin: *const f32,
        ier: *mut c_int,
        rpar: *mut f32,
        ipar: *mut c_int,
    ),
>;

/// The reaction block routine `RBLOCK(T, JX, JY, UXY, RXY)` of SRBDJA and
/// SRBGJA: `daskr_rblock_fn` with REAL arguments.
#[allow(non_camel_case_types)]
pub type sdaskr_rblock_fn =
    Option<unsafe extern "C" fn(t: *const f32, jx: *const c_int, jy: *const c_int, uxy: *const f32, rxy: *mut f32)>;

// ---------------------------------------------------------------------
// The exported routines.

/// SDASKR: DDASKR in single precision, as DASKR's `sdaskr.f`: the same
/// argument list, options, INFO/IWORK conventions and IDID values, with
/// REAL (`float`) in place of DOUBLE PRECISION for T, Y, YPRIME, TOUT,
/// RTOL, ATOL, RWORK, RPAR and the callbacks' real arguments. The same
/// method evaluated in REAL arithmetic (unit roundoff 2**-23, as R1MACH(4));
/// RWORK positions and the LRW formulas count REAL words. Messages print
/// reals as `E21.13`. Also exported as `sdaskr_` (gfortran, ifx, flang) and
/// `SDASKR`.
///
/// # Safety
/// As for `ddaskr`, with `float` arrays.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sdaskr(
    res: sdaskr_res_fn,
    neq: *const c_int,
    t: *mut f32,
    y: *mut f32,
    yprime: *mut f32,
    tout: *const f32,
    info: *mut c_int,
    rtol: *mut f32,
    atol: *mut f32,
    idid: *mut c_int,
    rwork: *mut f32,
    lrw: *const c_int,
    iwork: *mut c_int,
    liw: *const c_int,
    rpar: *mut f32,
    ipar: *mut c_int,
    jac: daskr_generic_fn,
    psol: daskr_generic_fn,
    rt: sdaskr_rt_fn,
    nrt: *const c_int,
    jroot: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe {
        solver::daskr(
            res, neq, t, y, yprime, tout, info, rtol, atol, idid, rwork, lrw, iwork, liw, rpar, ipar, jac, psol, rt,
            nrt, jroot,
        )
    }
}
export_aliases!(sdaskr => strong sdaskr_, strong SDASKR);

/// SBANJA: DBANJA in single precision (REAL arguments), for SDASKR's
/// Krylov method, as `sbanpre.f`: the same arguments, IPAR(1..2) = ML, MU,
/// LWP and IER conventions; difference-quotient increments from the REAL
/// unit roundoff. Also exported as `sbanja_` (weak) and `SBANJA`.
///
/// # Safety
/// As for `dbanja`, with `float` arrays.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sbanja(
    res: sdaskr_res_fn,
    ires: *mut c_int,
    neq: *const c_int,
    t: *const f32,
    y: *mut f32,
    yprime: *mut f32,
    rewt: *const f32,
    savr: *const f32,
    wk: *mut f32,
    h: *const f32,
    cj: *const f32,
    wp: *mut f32,
    iwp: *mut c_int,
    ier: *mut c_int,
    rpar: *mut f32,
    ipar: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { banded::banja(res, ires, neq, t, y, yprime, rewt, savr, wk, h, cj, wp, iwp, ier, rpar, ipar) }
}
export_aliases!(sbanja => weak sbanja_, strong SBANJA);

/// SBANPS: DBANPS in single precision (REAL arguments): solve P x = b with
/// the band preconditioner factored by SBANJA (pass as PSOL to SDASKR).
/// Also exported as `sbanps_` (weak) and `SBANPS`.
///
/// # Safety
/// As for `dbanps`, with `float` arrays.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sbanps(
    neq: *const c_int,
    t: *const f32,
    y: *const f32,
    yprime: *const f32,
    savr: *const f32,
    wk: *mut f32,
    cj: *const f32,
    wght: *const f32,
    wp: *mut f32,
    iwp: *mut c_int,
    b: *mut f32,
    eplin: *const f32,
    ier: *mut c_int,
    rpar: *mut f32,
    ipar: *mut c_int,
) {
    let _ = (t, y, yprime, savr, wk, cj, wght, eplin, rpar);
    // SAFETY: the contract above, forwarded.
    unsafe { banded::banps(neq, wp, iwp, b, ier, ipar) }
}
export_aliases!(sbanps => weak sbanps_, strong SBANPS);

/// SMSET2: DMSET2 for the single-precision routines SRBDJA / SRBDPS, as
/// `srbdpre.f`: the same arguments and IWORK entries; the mesh is recorded
/// for the single-precision routines only. Also exported as `smset2_`
/// (weak) and `SMSET2`.
///
/// # Safety
/// As for `dmset2`.
#[no_mangle]
pub unsafe extern "C" fn smset2(
    mx: *const c_int,
    my: *const c_int,
    ns: *const c_int,
    nsd: *const c_int,
    lid: *const c_int,
    iwork: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { reaction::mset2([mx, my, ns, nsd, lid], iwork) }
}
export_aliases!(smset2 => weak smset2_, strong SMSET2);

/// SGSET2: DGSET2 for the single-precision routines SRBGJA / SRBGPS, as
/// `srbgpre.f`: the same arguments and IWORK entries; mesh and grouping
/// are recorded for the single-precision routines only. Also exported as
/// `sgset2_` (weak) and `SGSET2`.
///
/// # Safety
/// As for `dgset2`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sgset2(
    mx: *const c_int,
    my: *const c_int,
    ns: *const c_int,
    nsd: *const c_int,
    nxg: *const c_int,
    nyg: *const c_int,
    lid: *const c_int,
    iwork: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { reaction::gset2([mx, my, ns, nsd, nxg, nyg, lid], iwork) }
}
export_aliases!(sgset2 => weak sgset2_, strong SGSET2);

/// SRBDJA: DRBDJA in single precision (REAL arguments, RBLOCK with REAL
/// arguments), after SMSET2; difference-quotient increments from the REAL
/// unit roundoff. Also exported as `srbdja_` (weak) and `SRBDJA`.
///
/// # Safety
/// As for `drbdja`, with `float` arrays.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn srbdja(
    t: *const f32,
    u: *mut f32,
    r0: *const f32,
    rblock: sdaskr_rblock_fn,
    r1: *mut f32,
    rewt: *const f32,
    cj: *const f32,
    bd: *mut f32,
    ipbd: *mut c_int,
    ier: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { reaction::rbja(reaction::Variant::PerPoint, t, u, r0, rblock, r1, rewt, cj, bd, ipbd, ier) }
}
export_aliases!(srbdja => weak srbdja_, strong SRBDJA);

/// SRBDPS: DRBDPS in single precision, with the blocks factored by
/// SRBDJA. Also exported as `srbdps_` (weak) and `SRBDPS`.
///
/// # Safety
/// As for `drbdps`, with `float` arrays and SMSET2's lengths.
#[no_mangle]
pub unsafe extern "C" fn srbdps(b: *mut f32, bd: *mut f32, ipbd: *mut c_int) {
    // SAFETY: the contract above, forwarded.
    unsafe { reaction::rbps(reaction::Variant::PerPoint, b, bd, ipbd) }
}
export_aliases!(srbdps => weak srbdps_, strong SRBDPS);

/// SRBGJA: DRBGJA in single precision (REAL arguments, RBLOCK with REAL
/// arguments), after SGSET2. Also exported as `srbgja_` (weak) and
/// `SRBGJA`.
///
/// # Safety
/// As for `drbgja`, with `float` arrays and SGSET2's lengths.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn srbgja(
    t: *const f32,
    u: *mut f32,
    r0: *const f32,
    rblock: sdaskr_rblock_fn,
    r1: *mut f32,
    rewt: *const f32,
    cj: *const f32,
    bd: *mut f32,
    ipbd: *mut c_int,
    ier: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { reaction::rbja(reaction::Variant::Grouped, t, u, r0, rblock, r1, rewt, cj, bd, ipbd, ier) }
}
export_aliases!(srbgja => weak srbgja_, strong SRBGJA);

/// SRBGPS: DRBGPS in single precision, with the group blocks factored by
/// SRBGJA. Also exported as `srbgps_` (weak) and `SRBGPS`.
///
/// # Safety
/// As for `drbgps`, with `float` arrays and SGSET2's lengths.
#[no_mangle]
pub unsafe extern "C" fn srbgps(b: *mut f32, bd: *mut f32, ipbd: *mut c_int) {
    // SAFETY: the contract above, forwarded.
    unsafe { reaction::rbps(reaction::Variant::Grouped, b, bd, ipbd) }
}
export_aliases!(srbgps => weak srbgps_, strong SRBGPS);

/// SSPSETUP: DSPSETUP for the single-precision routines SJACILU /
/// SPSOLILU, as `silupre.f`: the same arguments (RPAR REAL), checks, IERR
/// codes and minimum lengths LWP, LIWP (counted in REAL words). Also
/// exported as `sspsetup_` (weak) and `SSPSETUP`.
///
/// # Safety
/// As for `dspsetup`, with a `float` RPAR.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sspsetup(
    neq: *const c_int,
    lwp: *const c_int,
    liwp: *const c_int,
    rpar: *const f32,
    ipar: *const c_int,
    ierr: *mut c_int,
    lwp_min: *mut c_int,
    liwp_min: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { ilu::spsetup(neq, lwp, liwp, rpar, ipar, ierr, lwp_min, liwp_min) }
}
export_aliases!(sspsetup => weak sspsetup_, strong SSPSETUP);

/// SJACILU: DJACILU in single precision (REAL arguments), the Krylov JAC
/// routine for SDASKR: the same IPAR/RPAR conventions, IERR/IRES codes and
/// WP/IWP layout; difference-quotient increments from the REAL unit
/// roundoff. Also exported as `sjacilu_` (weak) and `SJACILU`.
///
/// # Safety
/// As for `djacilu`, with `float` arrays.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sjacilu(
    res: sdaskr_res_fn,
    ires: *mut c_int,
    neq: *const c_int,
    t: *const f32,
    y: *mut f32,
    yprime: *mut f32,
    rewt: *const f32,
    savr: *mut f32,
    wk: *mut f32,
    h: *const f32,
    cj: *const f32,
    wp: *mut f32,
    iwp: *mut c_int,
    ierr: *mut c_int,
    rpar: *mut f32,
    ipar: *mut c_int,
) {
    // SAFETY: the contract above, forwarded.
    unsafe { ilu::jacilu(res, ires, neq, t, y, yprime, rewt, savr, wk, h, cj, wp, iwp, ierr, rpar, ipar) }
}
export_aliases!(sjacilu => weak sjacilu_, strong SJACILU);

/// SPSOLILU: DPSOLILU in single precision (REAL arguments), the PSOL
/// routine for SDASKR with the preconditioner SJACILU stored in WP/IWP.
/// Also exported as `spsolilu_` (weak) and `SPSOLILU`.
///
/// # Safety
/// As for `dpsolilu`, with `float` arrays.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn spsolilu(
    neq: *const c_int,
    t: *const f32,
    y: *const f32,
    yprime: *const f32,
    r0: *const f32,
    wk: *mut f32,
    cj: *const f32,
    wght: *const f32,
    wp: *mut f32,
    iwp: *mut c_int,
    bl: *mut f32,
    eplin: *const f32,
    ier: *mut c_int,
    rpar: *mut f32,
    ipar: *mut c_int,
) {
    let _ = (t, y, yprime, r0, cj, eplin, rpar);
    // SAFETY: the contract above, forwarded.
    unsafe { ilu::psolilu(neq, wk, wght, wp, iwp, bl, ier, ipar) }
}
export_aliases!(spsolilu => weak spsolilu_, strong SPSOLILU);
