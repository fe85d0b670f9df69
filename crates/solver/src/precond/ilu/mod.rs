//! Sparse incomplete-LU preconditioner for the Krylov method: the Rust
//! counterpart of DASKR's `dilupre.f` (DSPSETUP, DJACILU, DPSOLILU).
//!
//! | file | what it does | DASKR / SPARSKIT routine |
//! |---|---|---|
//! | `mod.rs` | [`jac_ilu`]: the preconditioner setup, step by step over the files below; its input checks, and the messages of its failing steps | DJACILU (messages of DJCALC, DJILU) |
//! | `params.rs` | IPAR/RPAR positions, decoding and checks ([`IluParams`]), minimum LWP/LIWP, [`setup`] | DSPSETUP |
//! | `layout.rs` | where the factors, row scales and permutations sit in WP/IWP ([`Layout`]), WP/IWP cut into those pieces; IPAR(21..26) | DJACILU's LPLU, LJU, LJLU, ... |
//! | `jacobian.rs` | [`difference_quotient_jacobian`]: the banded difference-quotient Jacobian | DJCALC |
//! | `csr.rs` | [`Csr`]: compressed sparse rows, built from coordinate triples | COOCSR |
//! | `scaling.rs` | column (REWT) and row-norm scaling of the Jacobian | AMUDIA, ROSCAL |
//! | `reorder.rs` | the reverse Cuthill–McKee permutation ([`super::rcm`]) applied to rows and columns, kept in IWP | DJREORD (DPERM; BFS, RVERSP in `rcm.rs`) |
//! | `ilut.rs` | [`factorize`]: ILUT / ILUTP (dual threshold, optional column pivoting), quick-split | DJILU (ILUT, ILUTP, QSPLIT) |
//! | `factors.rs` | storage of the factors: [`Factors`], [`FactorsMut`], [`OwnedFactors`] | ALU/JLU/JU of ILUT |
//! | `solve.rs` | [`psol_ilu`]: P x = b, with the triangular solves [`Factors::solve_in_place`] | DPSOLILU, LUSOL |
//! | `hb_output.rs` | [`harwell_boeing`], and the JACOUT = 1 step (residual scaled and permuted like the Jacobian, written with it) | PRTMT, DVPERM |
//! | `test_support.rs` | helpers shared by the unit tests | |
//!
//! ## Inputs (as in `dilupre.f`)
//!
//! IPAR(1) ML, IPAR(2) MU (half-bandwidths of the difference-quotient
//! Jacobian), IPAR(3) LENPFAC (NNZMX = LENPFAC*NEQ nonzeros allowed in the
//! Jacobian), IPAR(4) LENPLUFAC (LENPLUMX = NNZMX + LENPLUFAC*NEQ positions
//! for the factors), IPAR(5) IPREMETH (1 ILUT, 2 ILUTP), IPAR(6) LFILILUT
//! (fill: at most LFILILUT entries per row of L, LFILILUT - 1 off the
//! diagonal per row of U), IPAR(7) IREORDER (1: RCM), IPAR(8)
//! ISRNORM (1: scale rows by their norms), IPAR(9) NORMTYPE (0 max, 1 one,
//! 2 two-norm), IPAR(10) JACOUT (1: write the Jacobian to unit IPAR(29) and
//! stop), IPAR(11) JSCALCOL (1: scale columns by sqrt(NEQ)/REWT),
//! IPAR(21..26) pointer information (output), IPAR(30) RES calls made for
//! the preconditioner (accumulated). RPAR(1) TOLILUT, RPAR(2) PERMTOL.
//!
//! ## Where the preconditioner lives
//!
//! Everything DPSOLILU needs stays in WP/IWP (nothing is kept between
//! calls elsewhere); the Jacobian itself and the factorisation's scratch are
//! per-call allocations. The layout ([`Layout`]) is this crate's own and
//! always fits inside DASKR's minimum lengths
//!
//! ```text
//! LWP_MIN  = 2*LENPFAC*NEQ + LENPLUFAC*NEQ + ISRNORM*NEQ + NEQ
//! LIWP_MIN = 3*NEQ + 1 + 3*LENPFAC*NEQ + 2*LENPLUFAC*NEQ
//!            + 2*IREORDER*NEQ + 2*(IPREMETH-1)*NEQ
//! ```
//!
//! ```text
//! WP:  [ 1/diag(U) : NEQ ][ row scale 1/||row|| : NEQ if ISRNORM ][ L,U off-diagonals : CAP ]
//! IWP: [ row start : NEQ+1 ][ U start : NEQ ][ columns : CAP ][ RCM perm : NEQ if IREORDER ]
//!      [ ILUTP column positions : NEQ if IPREMETH = 2 ]
//! CAP = LENPLUMX - NEQ - 1
//! ```
//!
//! so WP uses `ISRNORM*NEQ + LENPLUMX - 1` and IWP `LENPLUMX + NEQ
//! (+ NEQ) (+ NEQ)` elements (0-based indices in IWP). The capacity limits are DASKR's: at most
//! NNZMX Jacobian nonzeros (else IERR = 1, IRES = -2) and the factors in
//! LENPLUMX positions counted as SPARSKIT's modified sparse row format
//! counts them (else IERR = -2 or -3, IRES = -2).
//!
//! ## The factorisation
//!
//! ILUT row by row (Saad's dual threshold): the row of A is scattered
//! into a dense work row; earlier rows are eliminated in increasing column
//! order; a multiplier l(i,k) with |l(i,k)| <= TOLILUT is dropped (and not
//! used); entries of U with |u(i,j)| <= TOLILUT*tnorm are dropped, tnorm
//! being the mean absolute value of the row of A; then a row of L keeps
//! its LFILILUT largest multipliers and a row of U its LFILILUT - 1
//! largest off-diagonals (SPARSKIT counts the diagonal among the LFILILUT
//! entries of U). The entries are chosen, and stored, in the order of
//! SPARSKIT's partial quick-split, so the triangular solves add them up in
//! the original's order. A zero pivot is replaced by (1e-4 +
//! TOLILUT)*tnorm, as SPARSKIT does. ILUTP also swaps the diagonal column
//! with the largest kept entry u(i,j) of the row (the first in storage
//! order among equals) when |u(i,j)|*PERMTOL > |u(i,i)|, and DPSOLILU
//! applies the column permutation to the solution.
//!
//! The reordering ([`super::rcm`]) is DJREORD's: a breadth-first search
//! over the stored (unsymmetrised) pattern from node 1, neighbours in
//! storage order, reversed, applied to rows and columns alike.
//!
//! Known differences from the routines DASKR calls: ILUTP's column
//! permutation is applied in the solve (DASKR's DPSOLILU ignores it, which
//! is only right when no column was swapped); DJACILU restores Y and
//! YPRIME also when RES fails, and DSPSETUP returns both minimum lengths
//! also with IERR = 30.
//!
//! The rows of the Jacobian keep the order in which the difference
//! quotients produce their entries (column group by column group, as
//! SPARSKIT's COOCSR leaves them), so row norms are summed, the
//! reordering search runs and the factorisation meets the entries in
//! DASKR's order; the preconditioner is then the original's to the last
//! bit (checked on DHEATILU, DWEBILU and random matrices, ILUTP's column
//! permutation in the solve apart).

#![doc(alias = "DSPSETUP")]
#![doc(alias = "DJACILU")]
#![doc(alias = "DPSOLILU")]

mod csr;
mod factors;
mod hb_output;
mod ilut;
mod jacobian;
mod layout;
mod params;
mod reorder;
mod scaling;
mod solve;
#[cfg(test)]
mod test_support;

pub use csr::Csr;
pub use factors::FactorsMut;
pub use hb_output::MatrixWriter;
pub use ilut::{factorize, IluError, IluOptions};
pub use jacobian::{difference_quotient_jacobian, DqError, ResidualFn};
pub use layout::Layout;
pub use params::{ipar, rpar, setup, Check, IluParams, Method, ParamSource, RowNorm, SliceParams};
pub use solve::psol_ilu;

use crate::core::messages::{MessageLine, MessageSink};
use crate::core::precision::Precision;
use crate::types::{FInt, Real};

/// The routine-name letter of this precision (DJACILU / SJACILU).
const L: &str = <Real as Precision>::LETTER;
use hb_output::write_jacobian;
use reorder::reorder;
use scaling::{scale_columns_by_weights, scale_rows_by_norms};

/// The point DJACILU works at: DASKR's Krylov JAC arguments.
#[derive(Debug)]
pub struct JacArgs<'a> {
    /// Y (perturbed during the call, restored on return).
    pub y: &'a mut [Real],
    /// YPRIME (perturbed during the call, restored on return).
    pub yp: &'a mut [Real],
    /// REWT: reciprocal error weights.
    pub rewt: &'a [Real],
    /// SAVR: G(t, y, y'). Row-scaled and permuted in place when the
    /// Jacobian is written out (JACOUT = 1), as DASKR does.
    pub savr: &'a mut [Real],
    /// WK: NEQ-long scratch (receives the perturbed residuals).
    pub wk: &'a mut [Real],
    pub h: Real,
    pub cj: Real,
}

/// What DJACILU hands back to its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JacOutcome {
    /// IERR: 0; 1 (Jacobian storage exceeded, or Jacobian written out);
    /// i > 0 (row i has zero norm, row scaling); -2, -3, -5 (factorisation,
    /// see [`IluError`]); an IPAR/RPAR code of DSPSETUP (see [`ParamError`];
    /// also 30/31 when the Rust caller's WP/IWP are too short).
    pub ierr: FInt,
    /// IRES: 0, the value RES returned when it failed, or -2 to stop.
    pub ires: FInt,
    /// RES calls to add to IPAR(30), once the Jacobian is complete.
    pub res_calls: Option<FInt>,
    /// IPAR(21..26) to store ([`Layout::pointers`]).
    pub pointers: Option<[FInt; 6]>,
}

impl JacOutcome {
    /// DJACILU stopped early: IERR and IRES, no RES calls to count and no
    /// pointers to store.
    fn stopped(ierr: FInt, ires: FInt) -> Self {
        JacOutcome { ierr, ires, res_calls: None, pointers: None }
    }
}

/// One line of a DJACILU message.
fn line(text: impl Into<String>) -> MessageLine {
    MessageLine::text(text)
}

/// DJACILU: form the difference-quotient Jacobian, scale and reorder it,
/// and store its incomplete LU factors in WP/IWP (see the module
/// documentation). `res(y, y', delta)` evaluates G at the call's T and CJ
/// and returns IRES. IPAR(30) and IPAR(21..26) are left to the caller
/// ([`JacOutcome`]).
#[doc(alias = "DJACILU")]
pub fn jac_ilu(
    src: &dyn ParamSource,
    mut args: JacArgs<'_>,
    wp: &mut [Real],
    iwp: &mut [FInt],
    res: &mut ResidualFn<'_>,
    writer: &mut dyn MatrixWriter,
    sink: &mut dyn MessageSink,
) -> JacOutcome {
    let n = args.y.len();
    let (p, layout) = match checked_inputs(src, n, wp.len(), iwp.len(), sink) {
        Ok(v) => v,
        Err(stopped) => return stopped,
    };
    if n == 0 {
        return JacOutcome { ierr: 0, ires: 0, res_calls: Some(0), pointers: Some(layout.pointers()) };
    }

    // 1. Jacobian by difference quotients.
    let (mut jac, calls) = match dq_jacobian(&p, &layout, &mut args, res, sink) {
        Ok(v) => v,
        Err(stopped) => return stopped,
    };
    let res_calls = Some(FInt::try_from(calls).unwrap_or(FInt::MAX));

    // 2. Column scaling by sqrt(NEQ)/REWT.
    if p.scale_columns {
        scale_columns_by_weights(&mut jac, args.rewt);
    }

    // 3. Row scaling by the reciprocal row norms (kept in WP).
    let mut wp = layout.split_wp(wp);
    if let (Some(norm), Some(scale)) = (p.row_norm, wp.row_scale.as_deref_mut()) {
        if let Err(row) = scale_rows_by_norms(&mut jac, norm, scale) {
            return JacOutcome { ierr: row as FInt + 1, ires: 0, res_calls, pointers: None };
        }
    }

    // 4. Reverse Cuthill-McKee reordering (permutation kept in IWP).
    let iwp = layout.split_iwp(iwp);
    let perm = iwp.perm.map(|store| reorder(&mut jac, store));

    // 5. JACOUT = 1: write the scaled, reordered Jacobian and residual, stop.
    if let Some(unit) = p.jac_out_unit {
        write_jacobian(unit, &jac, args.savr, wp.row_scale.as_deref(), perm.as_deref(), writer, sink);
        return JacOutcome { res_calls, ..JacOutcome::stopped(1, -2) };
    }

    // 6. Incomplete factorisation into WP/IWP.
    let out = FactorsMut { dinv: wp.dinv, vals: wp.vals, cols: iwp.cols, start: iwp.start, u_start: iwp.u_start };
    let (ierr, ires) = factor(&jac, &p, out, iwp.col_pos, sink);
    JacOutcome { ierr, ires, res_calls, pointers: Some(layout.pointers()) }
}

/// DJACILU's checks: IPAR/RPAR as DSPSETUP checks them (but ML = 0 or
/// MU = 0 allowed), and WP/IWP long enough for the [`Layout`]; a failure
/// is reported to `sink` and stops with IRES = -2.
fn checked_inputs(
    src: &dyn ParamSource,
    n: usize,
    wp_len: usize,
    iwp_len: usize,
    sink: &mut dyn MessageSink,
) -> Result<(IluParams, Layout), JacOutcome> {
    let p = match IluParams::decode(src, Check::Factor) {
        Ok(p) => p,
        Err(e) => {
            sink.emit(&[
                line(format!("{L}JACILU-- Illegal input: {e}.")),
                line(format!("{L}JACILU-- Check IPAR and RPAR with {L}SPSETUP; IERR = (I1)")).with_ints(&[e.ierr()]),
            ]);
            return Err(JacOutcome::stopped(e.ierr(), -2));
        }
    };
    let layout = Layout::new(n, &p);
    if wp_len < layout.wp_len || iwp_len < layout.iwp_len {
        let (code, what, need, have) = if wp_len < layout.wp_len {
            (30, "WP", layout.wp_len, wp_len)
        } else {
            (31, "IWP", layout.iwp_len, iwp_len)
        };
        let to_int = |v: usize| FInt::try_from(v).unwrap_or(FInt::MAX);
        sink.emit(&[line(format!("{L}JACILU-- {what} is too short: needed (I1), given (I2)."))
            .with_ints(&[to_int(need), to_int(have)])]);
        return Err(JacOutcome::stopped(code, -2));
    }
    Ok((p, layout))
}

/// Step 1 of DJACILU: the difference-quotient Jacobian (DJCALC) and the
/// number of RES calls it made. A RES failure stops with its IRES; too
/// many nonzeros are reported to `sink` and stop with IERR = 1, IRES = -2.
fn dq_jacobian(
    p: &IluParams,
    layout: &Layout,
    args: &mut JacArgs<'_>,
    res: &mut ResidualFn<'_>,
    sink: &mut dyn MessageSink,
) -> Result<(Csr, usize), JacOutcome> {
    let mut calls = 0usize;
    match difference_quotient_jacobian((p.ml, p.mu), layout.nnzmx, args, res, &mut calls) {
        Ok(jac) => Ok((jac, calls)),
        Err(DqError::Res(ires)) => Err(JacOutcome::stopped(0, ires)),
        Err(DqError::Storage { row, col }) => {
            sink.emit(&[
                line(format!(
                    "{L}JACILU-- The Jacobian has more than NNZMX = LENPFAC*NEQ nonzeros; increase LENPFAC (IPAR(3))."
                )),
                line(format!("{L}JACILU-- Storage ran out at (row, column) = (I1,I2)"))
                    .with_ints(&[row as FInt + 1, col as FInt + 1]),
            ]);
            Err(JacOutcome::stopped(1, -2))
        }
    }
}

/// Step 6 of DJACILU: the incomplete factorisation (DJILU) of `jac` into
/// `out` and `col_pos`. Returns (IERR, IRES): (0, 0), or a failure
/// reported to `sink`, IRES = -2 when storage ran out.
fn factor(
    jac: &Csr,
    p: &IluParams,
    out: FactorsMut<'_>,
    col_pos: Option<&mut [FInt]>,
    sink: &mut dyn MessageSink,
) -> (FInt, FInt) {
    let opts = IluOptions { method: p.method, lfil: p.lfil, droptol: p.droptol, permtol: p.permtol };
    match factorize(jac, &opts, out, col_pos) {
        Ok(()) => (0, 0),
        Err(e) => {
            sink.emit(&factor_failure_message(p.method, e));
            let ires = if matches!(e, IluError::LOverflow { .. } | IluError::UOverflow { .. }) { -2 } else { 0 };
            (e.ierr(), ires)
        }
    }
}

/// DJACILU's message for a failed incomplete factorisation.
fn factor_failure_message(method: Method, e: IluError) -> Vec<MessageLine> {
    let name = if method == Method::Ilut { "ILUT" } else { "ILUTP" };
    let mut lines =
        vec![line(format!("{L}JACILU-- Incomplete factorization {name} failed: IERR = (I1)")).with_ints(&[e.ierr()])];
    match e {
        IluError::LOverflow { row } | IluError::UOverflow { row } => {
            let which = if e.ierr() == -2 { "L" } else { "U" };
            lines.push(
                line(format!("{L}JACILU-- The {which} factor ran out of storage (LENPLUMX) at row (I1);"))
                    .with_ints(&[row as FInt + 1]),
            );
            lines.push(line(format!("{L}JACILU-- increase LENPLUFAC (IPAR(4)), or decrease LFILILUT (IPAR(6)).")));
        }
        IluError::ZeroRow { row } => {
            lines.push(
                line(format!("{L}JACILU-- Row (I1) of the (reordered) Jacobian is zero."))
                    .with_ints(&[row as FInt + 1]),
            );
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::test_support::{run_jac, NoWriter};
    use super::*;
    use crate::core::messages::CollectMessages;

    #[test]
    fn jac_and_psol_invert_the_iteration_matrix() {
        let n = 30;
        for (method, reorder, isr, jscal) in [(1, 0, 0, 0), (1, 1, 1, 1), (2, 1, 1, 1), (2, 0, 1, 0)] {
            let mut ipar = vec![0; 30];
            ipar[..11].copy_from_slice(&[1, 1, 3, 3, method, n as FInt, reorder, isr, 2, 0, jscal]);
            let rpar = [0.0, 0.5];
            let (o, wp, iwp, rewt, _) = run_jac(n, &ipar, &rpar, &mut NoWriter);
            assert_eq!((o.ierr, o.ires), (0, 0));
            assert_eq!(o.res_calls, Some(3));
            let src = SliceParams { ipar: &ipar, rpar: &rpar };
            // P^-1 (J x) = x for the exact factors, J = cj I - M.
            let x: Vec<Real> = (0..n).map(|i| 1.0 + (i % 4) as Real).collect();
            let mut b: Vec<Real> = (0..n)
                .map(|i| {
                    let left = if i > 0 { x[i - 1] } else { 0.0 };
                    let right = if i + 1 < n { x[i + 1] } else { 0.0 };
                    100.0 * x[i] - (left - 2.5 * x[i] + 0.5 * right)
                })
                .collect();
            let sqrtn = Real::from((n as f32).sqrt());
            let wght: Vec<Real> = rewt.iter().map(|r| r / sqrtn).collect();
            let mut wk = vec![0.0; n];
            psol_ilu(&src, &wp, &iwp, &wght, &mut wk, &mut b).unwrap();
            for i in 0..n {
                assert!((b[i] - x[i]).abs() < 1e-6 * x[i].abs(), "{method} {reorder}: {i}: {} vs {}", b[i], x[i]);
            }
        }
    }

    #[test]
    fn jac_storage_and_row_errors() {
        let n = 10;
        // LENPFAC = 2 is too small for a tridiagonal Jacobian (3n - 2 > 2n).
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[1, 1, 2, 2, 1, 5, 0, 0, 2, 0, 0]);
        let (o, _, _, _, msgs) = run_jac(n, &ipar, &[0.0, 0.0], &mut NoWriter);
        assert_eq!((o.ierr, o.ires, o.res_calls), (1, -2, None));
        assert!(!msgs.0.is_empty());
        // Factor storage: LENPLUFAC = 2 with full fill of a wide band.
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[9, 9, 3, 2, 1, 10, 0, 0, 2, 0, 0]);
        // Arrow matrix (full first row and column): its LU fills in
        // completely, 90 off-diagonals for 39 slots.
        let wide = |y: &[Real], yp: &[Real], d: &mut [Real]| -> FInt {
            let s: Real = y.iter().sum();
            for i in 0..y.len() {
                d[i] = yp[i] + y[i] * (i + 1) as Real + if i == 0 { s } else { y[0] };
            }
            0
        };
        let src = SliceParams { ipar: &ipar, rpar: &[0.0, 0.0] };
        let p = IluParams::decode(&src, Check::Factor).unwrap();
        let (lwp, liwp) = p.minimum_lengths(n as i64);
        let (mut wp, mut iwp) = (vec![0.0; lwp as usize], vec![0; liwp as usize]);
        let mut y = vec![1.0; n];
        let mut yp = vec![0.0; n];
        let mut savr = vec![0.0; n];
        let mut wide = wide;
        wide(&y, &yp, &mut savr);
        let mut wk = vec![0.0; n];
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &[1.0; 10], savr: &mut savr, wk: &mut wk, h: 0.1, cj: 10.0 };
        let mut msgs = CollectMessages::default();
        let o = jac_ilu(&src, args, &mut wp, &mut iwp, &mut wide, &mut NoWriter, &mut msgs);
        assert_eq!((o.ierr, o.ires), (-2, -2));
        // RES failure is passed on, nothing else set.
        let mut failing = |_: &[Real], _: &[Real], _: &mut [Real]| -> FInt { -1 };
        let mut y = vec![1.0; n];
        let mut yp = vec![0.0; n];
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &[1.0; 10], savr: &mut savr, wk: &mut wk, h: 0.1, cj: 10.0 };
        let o = jac_ilu(&src, args, &mut wp, &mut iwp, &mut failing, &mut NoWriter, &mut msgs);
        assert_eq!(o, JacOutcome { ierr: 0, ires: -1, res_calls: None, pointers: None });
        assert_eq!((y.clone(), yp.clone()), (vec![1.0; n], vec![0.0; n]));
        // A zero row with row scaling: IERR = its (1-based) index.
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[1, 1, 3, 3, 1, 5, 0, 1, 0, 0, 0]);
        let src = SliceParams { ipar: &ipar, rpar: &[0.0, 0.0] };
        let mut zero4 = |y: &[Real], yp: &[Real], d: &mut [Real]| -> FInt {
            for i in 0..y.len() {
                d[i] = if i == 3 { 1.0 } else { yp[i] - y[i] };
            }
            0
        };
        let (mut wp, mut iwp) = (vec![0.0; 1000], vec![0; 1000]);
        zero4(&y, &yp, &mut savr);
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &[1.0; 10], savr: &mut savr, wk: &mut wk, h: 0.1, cj: 10.0 };
        let o = jac_ilu(&src, args, &mut wp, &mut iwp, &mut zero4, &mut NoWriter, &mut msgs);
        assert_eq!((o.ierr, o.ires, o.res_calls), (4, 0, Some(3)));
    }

    #[test]
    fn illegal_parameters_stop_djacilu() {
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[0, 0, 3, 3, 7, 5, 0, 0, 2, 0, 0]);
        let (mut y, mut yp, mut savr, mut wk) = (vec![0.0; 4], vec![0.0; 4], vec![0.0; 4], vec![0.0; 4]);
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &[1.0; 4], savr: &mut savr, wk: &mut wk, h: 0.1, cj: 1.0 };
        let mut msgs = CollectMessages::default();
        let mut res = |_: &[Real], _: &[Real], _: &mut [Real]| -> FInt { 0 };
        let o = jac_ilu(
            &SliceParams { ipar: &ipar, rpar: &[0.0] },
            args,
            &mut [],
            &mut [],
            &mut res,
            &mut NoWriter,
            &mut msgs,
        );
        assert_eq!((o.ierr, o.ires), (5, -2));
        assert_eq!(msgs.0.len(), 1);
    }
}
