//! The exported DSBSIM entry point: a SLICOT-standard (DSblock) model
//! integrated by DDASKR over a list of output times. This file only turns
//! the caller's pointers and routines into a
//! [`DsBlockModel`](crate::api::dsblock::DsBlockModel); the logic is
//! [`crate::api::dsblock::simulate`].

use daskr_export::export_aliases;
use std::os::raw::c_int;

use super::boundary;
use super::callbacks::{
    daskr_generic_fn, dsblock_daeder_fn, dsblock_input_fn, dsblock_jacfx_dae_fn, dsblock_jacfx_ode_fn,
    dsblock_odeder_fn,
};
use super::slices::{length, opt_slice, opt_slice_mut, read_scalars, scalar_mut, store};
use crate::api::dsblock::{
    simulate, DsBlockError, DsBlockFailure, DsBlockModel, DsBlockReport, DsBlockSetup, DsMatrix, JacobianLayout,
    ModelForm,
};
use crate::api::{SparsePattern, Tolerance};

/// INFO values of DSBSIM.
const INFO_MODEL: c_int = 1;
const INFO_SOLVER: c_int = 2;
const INFO_INTERNAL: c_int = 3;
/// IOPT's length and the positions of its outputs (1-based).
const LIOPT: usize = 20;
const OUT_FIRST: usize = 11;

/// A callback type of `daskr.h`: an `Option` of a function pointer.
trait Callback: Copy {
    /// The function pointer type.
    type Fn: Copy;
    fn get(self) -> Option<Self::Fn>;
}

impl<F: Copy> Callback for Option<F> {
    type Fn = F;
    fn get(self) -> Option<F> {
        self
    }
}

/// A routine of the caller's in the argument list of the model's form
/// (ITYPE): callback type `O` for an ODE, `D` for a DAE.
#[derive(Clone, Copy)]
enum ByForm<O: Callback, D: Callback> {
    Ode(O::Fn),
    Dae(D::Fn),
}

/// A model routine, DERIV or OUTPUT.
type Routine = ByForm<dsblock_odeder_fn, dsblock_daeder_fn>;
/// JACFX.
type Jacobian = ByForm<dsblock_jacfx_ode_fn, dsblock_jacfx_dae_fn>;

impl<O: Callback, D: Callback> ByForm<O, D> {
    /// The caller's routine, cast from the generic pointer type to the
    /// form ITYPE names, or None if null.
    ///
    /// # Safety
    /// A non-null `f` has the argument list of the form `form` selects.
    unsafe fn of(form: ModelForm, f: daskr_generic_fn) -> Option<Self> {
        /// `f` as the callback type `T`, which has the layout of
        /// `daskr_generic_fn` as every `Option` of a function pointer has
        /// (the sizes are checked at compile time).
        ///
        /// # Safety
        /// A non-null `f` has `T`'s argument list.
        unsafe fn cast<T: Callback>(f: daskr_generic_fn) -> T {
            const { assert!(std::mem::size_of::<T>() == std::mem::size_of::<daskr_generic_fn>()) };
            // SAFETY: `T` is an Option of a function pointer (the only
            // Callback), of the same size (above), with None the null
            // pointer; the argument list is the contract's.
            unsafe { std::mem::transmute_copy::<daskr_generic_fn, T>(&f) }
        }
        Some(match form {
            // SAFETY: DSBSIM's contract: a non-null DERIV, OUTPUT or JACFX
            // has the argument list of the form ITYPE selects (the C caller
            // cast it to daskr_generic_fn, as for DDASKR's JAC).
            ModelForm::Ode => ByForm::Ode(unsafe { cast::<O>(f) }.get()?),
            // SAFETY: as above, the DAE form.
            ModelForm::Dae => ByForm::Dae(unsafe { cast::<D>(f) }.get()?),
        })
    }
}

impl Routine {
    /// Call it with the values of one point, the result into `out`.
    fn call(self, t: f64, xdot: &[f64], x: &[f64], u: &[f64], p: &[f64], out: &mut [f64]) -> i32 {
        let mut ierr: c_int = 0;
        match self {
            // SAFETY: the caller's routine with the standard's argument
            // list; X, XDOT (NX), U (NU), P (NP) and the result (NX or NY
            // long, as the routine writes) are live arrays of this call.
            ByForm::Ode(f) => unsafe { f(&t, x.as_ptr(), u.as_ptr(), p.as_ptr(), out.as_mut_ptr(), &mut ierr) },
            // SAFETY: as above, with XDOT.
            ByForm::Dae(f) => unsafe {
                f(&t, xdot.as_ptr(), x.as_ptr(), u.as_ptr(), p.as_ptr(), out.as_mut_ptr(), &mut ierr)
            },
        }
        ierr
    }
}

/// The caller's routines, seen by the safe simulation.
struct ForeignBlock {
    deriv: Routine,
    output: Option<Routine>,
    jacfx: Option<Jacobian>,
    input: dsblock_input_fn,
}

impl DsBlockModel for ForeignBlock {
    fn derivatives(&mut self, t: f64, xdot: &[f64], x: &[f64], u: &[f64], p: &[f64], f: &mut [f64]) -> i32 {
        self.deriv.call(t, xdot, x, u, p, f)
    }

    fn outputs(&mut self, t: f64, xdot: &[f64], x: &[f64], u: &[f64], p: &[f64], y: &mut [f64]) -> i32 {
        // Checked non-null when NY > 0; simulate asks only then.
        self.output.map_or(0, |o| o.call(t, xdot, x, u, p, y))
    }

    fn jacobian(
        &mut self,
        t: f64,
        xdot: &[f64],
        x: &[f64],
        u: &[f64],
        p: &[f64],
        cj: f64,
        fx: &mut [f64],
        layout: JacobianLayout,
    ) -> i32 {
        let ldfx = c_int::try_from(layout.leading_dimension()).unwrap_or(c_int::MAX);
        let mut ierr: c_int = 0;
        match self.jacfx {
            // SAFETY: the caller's JACFX with the ODE form's argument list;
            // FX holds LDFX*NX values (the layout's), the other arrays as
            // for DERIV.
            Some(ByForm::Ode(f)) => unsafe {
                f(&t, x.as_ptr(), u.as_ptr(), p.as_ptr(), fx.as_mut_ptr(), &ldfx, &mut ierr)
            },
            // SAFETY: as above, the DAE form with XDOT and CJ.
            Some(ByForm::Dae(f)) => unsafe {
                f(&t, xdot.as_ptr(), x.as_ptr(), u.as_ptr(), p.as_ptr(), &cj, fx.as_mut_ptr(), &ldfx, &mut ierr)
            },
            None => {}
        }
        ierr
    }

    fn inputs(&mut self, t: f64, u: &mut [f64]) -> i32 {
        let mut ierr: c_int = 0;
        if let Some(f) = self.input {
            // SAFETY: the caller's INPUT(T, U, IERR); U is NU long.
            unsafe { f(&t, u.as_mut_ptr(), &mut ierr) };
        }
        ierr
    }
}

/// DSBSIM's argument positions, for INFO = -i.
fn position(argument: &str) -> c_int {
    match argument {
        "ITYPE" => 1,
        "NX" => 2,
        "NU" => 3,
        "NP" => 4,
        "NY" => 5,
        "DERIV" => 6,
        "OUTPUT" => 7,
        "JACFX" => 8,
        "INPUT" => 9,
        "P" => 10,
        "T" => 11,
        "X" => 12,
        "XDOT" => 13,
        "NT" => 14,
        "TOUT" => 15,
        "Y" => 16,
        "LDY" => 17,
        "RTOL" => 18,
        "ATOL" => 19,
        "IOPT" => 20,
        "IROW" => 21,
        "ICOL" => 22,
        _ => 23,
    }
}

/// The setup from the scalar arguments and IOPT(1..10), or the position of
/// the first unusable argument.
#[allow(clippy::too_many_arguments)]
fn setup_of(
    itype: c_int,
    [nx, nu, np, ny, nt, ldy]: [c_int; 6],
    iopt: &[c_int],
    irow: &[c_int],
    icol: &[c_int],
    rtol: &[f64],
    atol: &[f64],
) -> Result<DsBlockSetup, &'static str> {
    let form = match itype {
        0 => ModelForm::Ode,
        1 => ModelForm::Dae,
        _ => return Err("ITYPE"),
    };
    for (v, name) in [(nx, "NX"), (nu, "NU"), (np, "NP"), (ny, "NY"), (nt, "NT")] {
        if v < 0 || (name == "NX" && v == 0) {
            return Err(name);
        }
    }
    if ldy < ny.max(1) {
        return Err("LDY");
    }
    let matrix = match iopt[0] {
        0 => DsMatrix::Dense,
        1 => {
            let (ml, mu) = (iopt[1], iopt[2]);
            if ml < 0 || mu < 0 || ml >= nx || mu >= nx {
                return Err("IOPT");
            }
            DsMatrix::Band { lower: length(ml), upper: length(mu) }
        }
        2 => {
            let mut entries = Vec::with_capacity(irow.len());
            for (&i, &j) in irow.iter().zip(icol) {
                if i < 1 || i > nx {
                    return Err("IROW");
                }
                if j < 1 || j > nx {
                    return Err("ICOL");
                }
                entries.push((length(i - 1), length(j - 1)));
            }
            let (rows, cols) = entries.into_iter().unzip();
            DsMatrix::Sparse(SparsePattern::new(rows, cols).map_err(|_| "IROW")?)
        }
        _ => return Err("IOPT"),
    };
    let flag = |k: usize| match iopt[k] {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err("IOPT"),
    };
    let user_jacobian = flag(3)?;
    let vector_tolerances = flag(5)?;
    let compute_xdot = flag(6)?;
    if iopt[7..10].iter().any(|&v| v != 0) || (compute_xdot && form == ModelForm::Ode) {
        return Err("IOPT");
    }
    let bad = |v: &[f64]| v.iter().any(|v| !v.is_finite() || *v < 0.0);
    if bad(rtol) {
        return Err("RTOL");
    }
    if bad(atol) {
        return Err("ATOL");
    }
    let tolerance = if vector_tolerances {
        Tolerance::Vector { rtol: rtol.to_vec(), atol: atol.to_vec() }
    } else {
        Tolerance::Scalar { rtol: rtol[0], atol: atol[0] }
    };
    Ok(DsBlockSetup {
        form,
        inputs: length(nu),
        outputs: length(ny),
        matrix,
        user_jacobian,
        tolerance,
        compute_xdot,
        max_step: None,
    })
}

/// IOPT(11..19) from a run's report and how it ended.
fn report_into(iopt: &mut [c_int], report: &DsBlockReport, error: Option<&DsBlockError>) {
    let s = &report.stats;
    let out = &mut iopt[OUT_FIRST - 1..LIOPT];
    out.fill(0);
    out[..5].copy_from_slice(&[
        s.steps,
        s.residual_evaluations,
        s.jacobian_evaluations,
        s.error_test_failures,
        s.convergence_failures,
    ]);
    match error {
        Some(DsBlockError::Solver(e)) => out[5] = e.idid(),
        Some(DsBlockError::Model(m)) => (out[6], out[7]) = (m.routine.code(), m.ierr),
        _ => {}
    }
    out[8] = c_int::try_from(report.reached).unwrap_or(c_int::MAX);
}

/// DSBSIM: integrate a SLICOT-standard model (seed `004`: ODEDER or
/// DAEDER, JACFX, an input function, ODEOUT or DAEOUT) with DDASKR over
/// the output times TOUT(1..NT), storing the NY outputs at TOUT(k) in
/// Y(1..NY, k). Also exported as `dsbsim_` and `DSBSIM`.
///
/// ```text
///       SUBROUTINE DSBSIM (ITYPE, NX, NU, NP, NY, DERIV, OUTPUT, JACFX,
///      1   INPUT, P, T, X, XDOT, NT, TOUT, Y, LDY, RTOL, ATOL, IOPT,
///      2   IROW, ICOL, INFO)
/// ```
///
/// ITYPE 0: ODE x' = f(t,x,u,p), DERIV = ODEDER(T,X,U,P,F,IERR), OUTPUT =
/// ODEOUT(T,X,U,P,Y,IERR), JACFX(T,X,U,P,FX,LDFX,IERR) = df/dx. ITYPE 1:
/// DAE 0 = F(t,x',x,u,p), DERIV = DAEDER(T,XDOT,X,U,P,F,IERR), OUTPUT =
/// DAEOUT(T,XDOT,X,U,P,Y,IERR), JACFX(T,XDOT,X,U,P,CJ,FX,LDFX,IERR) =
/// dF/dx + CJ*dF/dx'. INPUT(T,U,IERR) gives the NU inputs (not called
/// when NU = 0). P(NP) is passed to every model routine. T, X(NX),
/// XDOT(NX): the initial point on entry (an ODE's XDOT is computed), the
/// last point reached on return. TOUT: nondecreasing, TOUT(1) >= T; the
/// integration never passes TOUT(NT). RTOL, ATOL: scalars, or NX-vectors
/// with IOPT(6) = 1.
///
/// IOPT(1..10), inputs: (1) 0 dense, 1 band, 2 sparse iteration matrix;
/// (2), (3) ML, MU for the band; (4) 1: JACFX supplied, 0: difference
/// quotients (JACFX not called, may be null); (5) NNZ, the number of
/// pattern entries IROW(k), ICOL(k) (1-based) for the sparse matrix;
/// (6) 1: vector tolerances; (7) DAE only, 1: compute XDOT from X at the
/// start; (8..10) reserved, 0. IOPT(11..19), outputs: steps, DERIV calls
/// by the solver, Jacobian evaluations, error-test failures, convergence
/// failures, IDID of a failed integration, the model routine that
/// returned IERR /= 0 (1 DERIV, 2 JACFX, 3 INPUT, 4 OUTPUT) and its IERR,
/// the number of output times reached. IOPT(20) is not used.
///
/// INFO: 0 success; -i: argument i is illegal (nothing integrated); 1: a
/// model routine returned IERR /= 0 (the run stopped there); 2: the
/// integrator failed (IDID in IOPT(16)); 3: internal error.
///
/// # Safety
/// All arguments by reference; every pointer valid for the length above
/// (IOPT: 20; Y: LDY*(NT-1)+NY; IROW, ICOL: IOPT(5) when IOPT(1) = 2);
/// each non-null routine with the argument list of its form. No routine
/// may write outside the array it is handed (F: NX, Y: NY, FX: LDFX*NX,
/// U: NU).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
#[rustfmt::skip]
pub unsafe extern "C" fn dsbsim(
    itype: *const c_int, nx: *const c_int, nu: *const c_int, np: *const c_int, ny: *const c_int,
        deriv: daskr_generic_fn, output: daskr_generic_fn, jacfx: daskr_generic_fn,
    input: dsblock_input_fn, p: *const f64, t: *mut f64, x: *mut f64, xdot: *mut f64, nt: *const c_int,
        tout: *const f64, y: *mut f64, ldy: *const c_int, rtol: *const f64, atol: *const f64, iopt: *mut c_int,
    irow: *const c_int, icol: *const c_int, info: *mut c_int,
) {
    boundary(
        || {
            // SAFETY: the scalar inputs are the caller's INTEGERs (possibly
            // constants: only read) or null.
            let Some([itype, nx_v, nu_v, np_v, ny_v, nt_v, ldy_v]) =
                (unsafe { read_scalars([itype, nx, nu, np, ny, nt, ldy]) })
            else {
                // SAFETY: INFO is the caller's INTEGER or null.
                return unsafe { store(info, -1) };
            };
            // SAFETY: IOPT is the caller's 20-element array or null.
            let Some(iopt_s) = (unsafe { opt_slice_mut(iopt, LIOPT) }) else {
                // SAFETY: as above.
                return unsafe { store(info, -position("IOPT")) };
            };
            let n = length(nx_v);
            let nnz = if iopt_s[0] == 2 { length(iopt_s[4]) } else { 0 };
            let ntol = if iopt_s[5] == 1 { n } else { 1 };
            let fail = |what: &str| -> c_int { -position(what) };
            // Each array is the caller's, of its declared length, or null.
            // SAFETY: IROW (NNZ), only read.
            let irow_s = unsafe { opt_slice(irow, nnz) };
            // SAFETY: ICOL (NNZ), only read.
            let icol_s = unsafe { opt_slice(icol, nnz) };
            // SAFETY: RTOL (1 or NX), only read.
            let rtol_s = unsafe { opt_slice(rtol, ntol) };
            // SAFETY: ATOL (1 or NX), only read.
            let atol_s = unsafe { opt_slice(atol, ntol) };
            let checked = (|| {
                let irow_s = irow_s.ok_or("IROW")?;
                let icol_s = icol_s.ok_or("ICOL")?;
                let rtol_s = rtol_s.ok_or("RTOL")?;
                let atol_s = atol_s.ok_or("ATOL")?;
                setup_of(itype, [nx_v, nu_v, np_v, ny_v, nt_v, ldy_v], iopt_s, irow_s, icol_s, rtol_s, atol_s)
            })();
            let setup = match checked {
                Ok(s) => s,
                // SAFETY: as above.
                Err(what) => return unsafe { store(info, fail(what)) },
            };
            // SAFETY: DERIV, OUTPUT and JACFX have the argument lists of
            // the form ITYPE selects (DSBSIM's contract); Routine and
            // Jacobian are those forms' function pointer types.
            let Some(deriv) = (unsafe { Routine::of(setup.form, deriv) }) else {
                // SAFETY: as above.
                return unsafe { store(info, fail("DERIV")) };
            };
            // SAFETY: as for DERIV.
            let output = unsafe { Routine::of(setup.form, output) };
            if setup.outputs > 0 && output.is_none() {
                // SAFETY: as above.
                return unsafe { store(info, fail("OUTPUT")) };
            }
            // SAFETY: as for DERIV.
            let jacfx = unsafe { Jacobian::of(setup.form, jacfx) };
            if setup.user_jacobian && jacfx.is_none() {
                // SAFETY: as above.
                return unsafe { store(info, fail("JACFX")) };
            }
            if setup.inputs > 0 && input.is_none() {
                // SAFETY: as above.
                return unsafe { store(info, fail("INPUT")) };
            }
            let (nt_n, ldy_n) = (length(nt_v), length(ldy_v));
            let ylen = if nt_n == 0 || setup.outputs == 0 { 0 } else { ldy_n * (nt_n - 1) + setup.outputs };
            // SAFETY: P (NP), only read.
            let Some(p_s) = (unsafe { opt_slice(p, length(np_v)) }) else {
                // SAFETY: as above.
                return unsafe { store(info, fail("P")) };
            };
            // SAFETY: TOUT (NT), only read.
            let Some(tout_s) = (unsafe { opt_slice(tout, nt_n) }) else {
                // SAFETY: as above.
                return unsafe { store(info, fail("TOUT")) };
            };
            // SAFETY: T is the caller's REAL or null.
            let Some(t_ref) = (unsafe { scalar_mut(t) }) else {
                // SAFETY: as above.
                return unsafe { store(info, fail("T")) };
            };
            // SAFETY: X (NX), distinct from the other arrays.
            let Some(x_s) = (unsafe { opt_slice_mut(x, n) }) else {
                // SAFETY: as above.
                return unsafe { store(info, fail("X")) };
            };
            // SAFETY: XDOT (NX), distinct from the other arrays.
            let Some(xdot_s) = (unsafe { opt_slice_mut(xdot, n) }) else {
                // SAFETY: as above.
                return unsafe { store(info, fail("XDOT")) };
            };
            // SAFETY: Y (LDY*(NT-1)+NY), distinct from the other arrays.
            let Some(y_s) = (unsafe { opt_slice_mut(y, ylen) }) else {
                // SAFETY: as above.
                return unsafe { store(info, fail("Y")) };
            };
            let mut model = ForeignBlock { deriv, output, jacfx, input: if setup.inputs > 0 { input } else { None } };
            let result = simulate(&mut model, &setup, p_s, t_ref, x_s, xdot_s, tout_s, y_s, ldy_n);
            let code = match result {
                Ok(report) => {
                    report_into(iopt_s, &report, None);
                    0
                }
                Err(failure) => {
                    let DsBlockFailure { error, report } = *failure;
                    report_into(iopt_s, &report, Some(&error));
                    match error {
                        DsBlockError::Argument { argument, .. } => fail(argument),
                        DsBlockError::Model(_) => INFO_MODEL,
                        DsBlockError::Solver(_) => INFO_SOLVER,
                    }
                }
            };
            // SAFETY: as above.
            unsafe { store(info, code) }
        },
        // SAFETY: INFO is null or the caller's; the references made from
        // the arguments died with the unwound call.
        || unsafe { store(info, INFO_INTERNAL) },
    )
}
export_aliases!(dsbsim => strong dsbsim_, strong DSBSIM);
