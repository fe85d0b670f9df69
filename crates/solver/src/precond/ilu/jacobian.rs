//! The banded difference-quotient Jacobian in CSR form (DASKR's DJCALC).

use super::csr::Csr;
use super::JacArgs;
use crate::precond::banded::increment;
use crate::types::{FInt, Real};

/// The residual as DJACILU calls it: `res(y, y', delta)` evaluates
/// G(t, y, y') at the call's T and CJ into `delta` and returns IRES.
pub type ResidualFn<'a> = dyn FnMut(&[Real], &[Real], &mut [Real]) -> FInt + 'a;

/// Why the difference-quotient Jacobian could not be formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DqError {
    /// RES returned IRES < 0.
    Res(FInt),
    /// More than NNZMX nonzeros: the element (row, col) did not fit.
    Storage { row: usize, col: usize },
}

/// The banded difference-quotient approximation of dG/dy + cj dG/dy'
/// (DASKR's DJCALC) at the point of `args`: columns `j, j+ML+MU+1, ...` are
/// perturbed together, one RES call per group; only entries within the
/// band that are nonzero are kept, at most `nnzmx` of them. SAVR is G at
/// (y, y'), WK receives the perturbed residuals; `calls` counts the RES
/// calls that succeeded. Y and YPRIME are restored before returning, also
/// on failure.
#[doc(alias = "DJCALC")]
pub fn difference_quotient_jacobian(
    (ml, mu): (usize, usize),
    nnzmx: usize,
    args: &mut JacArgs<'_>,
    res: &mut ResidualFn<'_>,
    calls: &mut usize,
) -> Result<Csr, DqError> {
    let (y, yp, rewt, r0, r1) = (&mut *args.y, &mut *args.yp, args.rewt, &*args.savr, &mut *args.wk);
    let (h, cj) = (args.h, args.cj);
    let n = y.len();
    let mband = ml.saturating_add(mu).saturating_add(1);
    let groups = mband.min(n);
    let mut triplets: Vec<(usize, usize, Real)> = Vec::with_capacity(nnzmx.min(groups.saturating_mul(n)));
    // (column, y, y', increment) of the group being perturbed.
    let mut saved: Vec<(usize, Real, Real, Real)> = Vec::new();
    for first in 0..groups {
        saved.clear();
        for jj in (first..n).step_by(mband) {
            let del = increment(y[jj], yp[jj], h, rewt[jj]);
            saved.push((jj, y[jj], yp[jj], del));
            y[jj] += del;
            yp[jj] += cj * del;
        }
        let ires = res(y, yp, r1);
        for &(jj, y0, yp0, _) in &saved {
            y[jj] = y0;
            yp[jj] = yp0;
        }
        if ires < 0 {
            return Err(DqError::Res(ires));
        }
        *calls += 1;
        for &(jj, _, _, del) in &saved {
            let delinv = 1.0 / del;
            let last = jj.saturating_add(ml).min(n - 1);
            for i in jj.saturating_sub(mu)..=last {
                let e = (r1[i] - r0[i]) * delinv;
                if e != 0.0 {
                    if triplets.len() >= nnzmx {
                        return Err(DqError::Storage { row: i, col: jj });
                    }
                    triplets.push((i, jj, e));
                }
            }
        }
    }
    // Rows keep the order in which their entries were computed (column
    // group by column group), as DASKR's Jacobian does.
    Ok(Csr::from_triplets_in_order(n, &triplets))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difference_quotients_match_daskr_increments() {
        let n = 5;
        let mut y = vec![1.0, -2.0, 0.0, 3.0, 1e-9];
        let mut yp = vec![0.5, 0.0, -1.0, 0.0, 2.0];
        let rewt = vec![1e3; n];
        let mut res = |y: &[Real], yp: &[Real], d: &mut [Real]| -> FInt {
            for i in 0..y.len() {
                d[i] = 2.0 * yp[i] - y[i] * if i > 0 { 1.0 } else { 0.0 };
            }
            0
        };
        let mut r0 = vec![0.0; n];
        res(&y, &yp, &mut r0);
        let mut r1 = vec![0.0; n];
        let mut calls = 0;
        let cj = 50.0;
        let mut args = JacArgs { y: &mut y, yp: &mut yp, rewt: &rewt, savr: &mut r0, wk: &mut r1, h: 0.1, cj };
        let jac = difference_quotient_jacobian((0, 0), 100, &mut args, &mut res, &mut calls).unwrap();
        assert_eq!(calls, 1, "ML = MU = 0: one group");
        assert_eq!(jac.nnz(), n);
        for i in 0..n {
            let exact = 2.0 * cj - if i > 0 { 1.0 } else { 0.0 };
            assert!((jac.val[i] - exact).abs() < 1e-5 * exact, "{i}: {}", jac.val[i]);
        }
    }
}
