//! Where DJACILU keeps the preconditioner in WP and IWP ([`Layout`]), and
//! the pointers it reports in IPAR(21..26).

use super::params::{IluParams, Method};
use crate::types::FInt;

/// Where each piece of the preconditioner sits in WP and IWP (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub neq: usize,
    /// NNZMX: most nonzeros the Jacobian may have.
    pub nnzmx: usize,
    /// LENPLUMX: positions for the factors, counted as SPARSKIT counts
    /// them (NEQ + 1 + off-diagonals).
    pub lenplumx: usize,
    /// Off-diagonal slots: LENPLUMX - NEQ - 1.
    pub cap: usize,
    pub wp_dinv: usize,
    pub wp_row_scale: Option<usize>,
    pub wp_values: usize,
    /// WP elements used.
    pub wp_len: usize,
    pub iwp_row_start: usize,
    pub iwp_u_start: usize,
    pub iwp_columns: usize,
    pub iwp_perm: Option<usize>,
    pub iwp_col_pos: Option<usize>,
    /// IWP elements used.
    pub iwp_len: usize,
}

impl Layout {
    pub fn new(neq: usize, p: &IluParams) -> Self {
        let nnzmx = p.lenpfac.saturating_mul(neq);
        let lenplumx = nnzmx.saturating_add(p.lenplufac.saturating_mul(neq));
        let cap = lenplumx.saturating_sub(neq + 1);
        let wp_dinv = 0;
        let mut next = neq;
        let wp_row_scale = p.row_norm.map(|_| {
            let at = next;
            next += neq;
            at
        });
        let wp_values = next;
        let wp_len = wp_values + cap;
        let iwp_row_start = 0;
        let iwp_u_start = neq + 1;
        let iwp_columns = 2 * neq + 1;
        let mut next = iwp_columns + cap;
        let iwp_perm = p.reorder.then(|| {
            let at = next;
            next += neq;
            at
        });
        let iwp_col_pos = (p.method == Method::Ilutp).then(|| {
            let at = next;
            next += neq;
            at
        });
        Layout {
            neq,
            nnzmx,
            lenplumx,
            cap,
            wp_dinv,
            wp_row_scale,
            wp_values,
            wp_len,
            iwp_row_start,
            iwp_u_start,
            iwp_columns,
            iwp_perm,
            iwp_col_pos,
            iwp_len: next,
        }
    }

    /// IPAR(21..26) as DJACILU leaves them (1-based positions; 0 for a
    /// piece that is not stored): factor values in WP (LPLU), U starts in
    /// IWP (LJU), row starts in IWP (LJLU), row scales in WP (LROWNRMS),
    /// RCM permutation in IWP (LPERM), ILUTP column positions in IWP.
    pub fn pointers(&self) -> [FInt; 6] {
        let one = |v: usize| FInt::try_from(v + 1).unwrap_or(FInt::MAX);
        let opt = |v: Option<usize>| v.map_or(0, one);
        [
            one(self.wp_dinv),
            one(self.iwp_u_start),
            one(self.iwp_row_start),
            opt(self.wp_row_scale),
            opt(self.iwp_perm),
            opt(self.iwp_col_pos),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precond::ilu::params::{Check, SliceParams};

    #[test]
    fn layout_fits_inside_daskr_minimum() {
        for neq in [1usize, 2, 7, 144, 800] {
            for method in [1, 2] {
                for reorder in [0, 1] {
                    for isr in [0, 1] {
                        for (pf, pluf) in [(2, 2), (5, 5), (10, 2), (3, 7)] {
                            let mut ipar = vec![0; 30];
                            ipar[..11].copy_from_slice(&[1, 1, pf, pluf, method, 5, reorder, isr, 2, 0, 1]);
                            let p = IluParams::decode(&SliceParams { ipar: &ipar, rpar: &[0.0, 0.0] }, Check::Setup)
                                .unwrap();
                            let (lwp, liwp) = p.minimum_lengths(neq as i64);
                            let l = Layout::new(neq, &p);
                            assert!(l.wp_len as i64 <= lwp && l.iwp_len as i64 <= liwp, "{neq} {ipar:?}");
                            assert_eq!(l.cap, l.lenplumx - neq - 1);
                        }
                    }
                }
            }
        }
    }
}
