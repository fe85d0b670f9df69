//! Where DJACILU keeps the preconditioner in WP and IWP ([`Layout`]), the
//! pointers it reports in IPAR(21..26), and WP/IWP cut into those pieces.

use super::params::{IluParams, Method};
use crate::types::{FInt, Real};

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

/// WP cut into its pieces ([`Layout::split_wp`]).
pub(super) struct WpParts<'a> {
    /// 1/diag(U): NEQ.
    pub dinv: &'a mut [Real],
    /// Reciprocal row norms (ISRNORM = 1): NEQ.
    pub row_scale: Option<&'a mut [Real]>,
    /// Off-diagonal values of L and U: [`Layout::cap`].
    pub vals: &'a mut [Real],
}

/// IWP cut into its pieces ([`Layout::split_iwp`]).
pub(super) struct IwpParts<'a> {
    /// Row starts: NEQ + 1.
    pub start: &'a mut [FInt],
    /// Starts of the U parts of the rows: NEQ.
    pub u_start: &'a mut [FInt],
    /// Column indices of L and U: [`Layout::cap`].
    pub cols: &'a mut [FInt],
    /// RCM permutation (IREORDER = 1): NEQ.
    pub perm: Option<&'a mut [FInt]>,
    /// ILUTP's column positions: NEQ.
    pub col_pos: Option<&'a mut [FInt]>,
}

impl Layout {
    /// WP (at least [`Layout::wp_len`] long) cut into its pieces.
    pub(super) fn split_wp<'a>(&self, wp: &'a mut [Real]) -> WpParts<'a> {
        let n = self.neq;
        let (dinv, rest) = wp.split_at_mut(n);
        let (row_scale, vals) = match self.wp_row_scale {
            Some(_) => {
                let (s, v) = rest.split_at_mut(n);
                (Some(s), v)
            }
            None => (None, rest),
        };
        WpParts { dinv, row_scale, vals: &mut vals[..self.cap] }
    }

    /// IWP (at least [`Layout::iwp_len`] long) cut into its pieces.
    pub(super) fn split_iwp<'a>(&self, iwp: &'a mut [FInt]) -> IwpParts<'a> {
        let n = self.neq;
        let (start, rest) = iwp.split_at_mut(n + 1);
        let (u_start, rest) = rest.split_at_mut(n);
        let (cols, mut rest) = rest.split_at_mut(self.cap);
        let perm = if self.iwp_perm.is_some() {
            let (a, b) = rest.split_at_mut(n);
            rest = b;
            Some(a)
        } else {
            None
        };
        let col_pos = if self.iwp_col_pos.is_some() { Some(&mut rest[..n]) } else { None };
        IwpParts { start, u_start, cols, perm, col_pos }
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
