//! Applying the preconditioner: the triangular solves with the stored
//! factors (SPARSKIT's LUSOL) and DPSOLILU ([`psol_ilu`]) around them.

use super::factors::Factors;
use super::layout::Layout;
use super::params::{IluParams, ParamError, ParamSource};
use crate::types::{FInt, Real};

/// The stored factors are inconsistent (DPSOLILU called before DJACILU,
/// or WP/IWP overwritten).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the incomplete LU factors in WP/IWP are not valid")]
pub struct CorruptFactors;

impl Factors<'_> {
    /// x := U^-1 L^-1 x, checking every stored index.
    #[doc(alias = "LUSOL")]
    pub fn solve_in_place(&self, x: &mut [Real]) -> Result<(), CorruptFactors> {
        let n = x.len();
        if self.dinv.len() < n || self.start.len() < n + 1 || self.u_start.len() < n {
            return Err(CorruptFactors);
        }
        let range = |lo: FInt, hi: FInt| -> Result<std::ops::Range<usize>, CorruptFactors> {
            let (lo, hi) =
                (usize::try_from(lo).map_err(|_| CorruptFactors)?, usize::try_from(hi).map_err(|_| CorruptFactors)?);
            if lo <= hi && hi <= self.vals.len() && hi <= self.cols.len() {
                Ok(lo..hi)
            } else {
                Err(CorruptFactors)
            }
        };
        for i in 0..n {
            let mut s = x[i];
            for k in range(self.start[i], self.u_start[i])? {
                let j = self.cols[k] as usize;
                s -= self.vals[k] * *x.get(j).ok_or(CorruptFactors)?;
            }
            x[i] = s;
        }
        for i in (0..n).rev() {
            let mut s = x[i];
            for k in range(self.u_start[i], self.start[i + 1])? {
                let j = self.cols[k] as usize;
                s -= self.vals[k] * *x.get(j).ok_or(CorruptFactors)?;
            }
            x[i] = s * self.dinv[i];
        }
        Ok(())
    }
}

/// Why DPSOLILU could not solve.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Params(#[from] ParamError),
    #[error(transparent)]
    Corrupt(#[from] CorruptFactors),
}

/// DPSOLILU: b := P^-1 b with the preconditioner DJACILU stored in WP/IWP:
/// row scaling, RCM permutation, L U solve, ILUTP column permutation,
/// inverse RCM permutation, division by WGHT (JSCALCOL = 1). `wk` is
/// NEQ-long scratch; `wght` is read only when JSCALCOL = 1.
#[doc(alias = "DPSOLILU")]
pub fn psol_ilu(
    src: &dyn ParamSource,
    wp: &[Real],
    iwp: &[FInt],
    wght: &[Real],
    wk: &mut [Real],
    b: &mut [Real],
) -> Result<(), SolveError> {
    let p = IluParams::decode_for_solve(src)?;
    let n = b.len();
    let layout = Layout::new(n, &p);
    if wp.len() < layout.wp_len || iwp.len() < layout.iwp_len || wk.len() < n || (p.scale_columns && wght.len() < n) {
        return Err(CorruptFactors.into());
    }
    let scale = layout.wp_row_scale.map(|o| &wp[o..o + n]);
    let perm = layout.iwp_perm.map(|o| &iwp[o..o + n]);
    let col_pos = layout.iwp_col_pos.map(|o| &iwp[o..o + n]);
    let index =
        |v: FInt| -> Result<usize, CorruptFactors> { usize::try_from(v).ok().filter(|&k| k < n).ok_or(CorruptFactors) };
    let y = &mut wk[..n];
    for i in 0..n {
        let v = match scale {
            Some(s) => b[i] * s[i],
            None => b[i],
        };
        let at = match perm {
            Some(pm) => index(pm[i])?,
            None => i,
        };
        y[at] = v;
    }
    let factors = Factors {
        dinv: &wp[layout.wp_dinv..layout.wp_dinv + n],
        vals: &wp[layout.wp_values..layout.wp_values + layout.cap],
        cols: &iwp[layout.iwp_columns..layout.iwp_columns + layout.cap],
        start: &iwp[layout.iwp_row_start..layout.iwp_row_start + n + 1],
        u_start: &iwp[layout.iwp_u_start..layout.iwp_u_start + n],
    };
    factors.solve_in_place(y)?;
    for i in 0..n {
        let mut at = match perm {
            Some(pm) => index(pm[i])?,
            None => i,
        };
        if let Some(cp) = col_pos {
            at = index(cp[at])?;
        }
        b[i] = if p.scale_columns { y[at] / wght[i] } else { y[at] };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precond::ilu::factors::OwnedFactors;

    #[test]
    fn triangular_solves_by_hand() {
        // L = [1 0 0; 2 1 0; 0 3 1], U = [2 1 0; 0 4 -1; 0 0 5].
        let f = OwnedFactors {
            dinv: vec![0.5, 0.25, 0.2],
            vals: vec![1.0, 2.0, -1.0, 3.0],
            cols: vec![1, 0, 2, 1],
            start: vec![0, 1, 3, 4],
            u_start: vec![0, 2, 4],
            col_pos: None,
        };
        // x = (1, 2, 3): U x = (4, 5, 15), b = L U x = (4, 13, 30).
        let got = f.solve(&[4.0, 13.0, 30.0]).unwrap();
        assert_eq!(got, vec![1.0, 2.0, 3.0]);
        let bad = OwnedFactors { cols: vec![1, 7, 2, 1], ..f.clone() };
        assert_eq!(bad.solve(&[1.0, 1.0, 1.0]), Err(CorruptFactors));
        let bad = OwnedFactors { start: vec![0, 1, 9, 4], ..f };
        assert_eq!(bad.solve(&[1.0, 1.0, 1.0]), Err(CorruptFactors));
    }
}
