//! This library's extension (INFO(20) = 1 or 3): root functions that cross
//! zero and come back inside one search interval.
//!
//! DASKR compares the signs of R at the two ends of the interval only, so a
//! function that dips through zero and returns between them is missed, and
//! with three crossings the secant iteration may settle on the last one.
//! Here R is also evaluated at the interior Chebyshev-Lobatto points of the
//! interval (KOLD + 2 points in all, so KOLD more evaluations per search),
//! each function is replaced by its interpolating polynomial, and the
//! polynomial's sign changes are enclosed by interval arithmetic
//! ([`crate::core::interval`]). For each function with two or more
//! changes, R itself is evaluated at the polynomial's extremum between the
//! first two; the earliest point where some R is proven to have left its
//! sign at the start of the interval becomes the end of DASKR's search,
//! which then locates the first root before it as usual.
//!
//! For root functions that are linear in y (the usual thresholds and
//! switching surfaces) the polynomials are exact and no dip deeper than
//! rounding is missed; for others the polynomial is an approximation of the
//! same order as the integration formula.

use super::illinois::{is_zero, sign};
use crate::core::interval::{crossings, horner, Crossing, Resolution};
use crate::types::Real;

/// At most this many points per interval (KOLD <= 5).
const MAX_NODES: usize = 7;

/// The scratch space of the search, kept across steps of one call.
#[derive(Default)]
pub struct DipSearch {
    /// R at the nodes, node by node (NRT values each).
    values: Vec<Real>,
    found: Vec<Crossing>,
}

/// Chebyshev-Lobatto points on [-1, 1], ascending.
fn nodes(m: usize) -> [Real; MAX_NODES] {
    let mut u = [0.0; MAX_NODES];
    for (j, uj) in u.iter_mut().enumerate().take(m) {
        *uj = -(std::f64::consts::PI as Real * j as Real / (m - 1) as Real).cos();
    }
    // Exact ends and centre.
    u[0] = -1.0;
    u[m - 1] = 1.0;
    if m % 2 == 1 {
        u[m / 2] = 0.0;
    }
    u
}

/// The polynomial through (u_j, v_j), j < m, in power form (Newton's
/// divided differences, then expanded).
fn interpolant(u: &[Real], v: &[Real], out: &mut [Real]) {
    let m = u.len();
    let mut d = [0.0; MAX_NODES];
    d[..m].copy_from_slice(v);
    for k in 1..m {
        for j in (k..m).rev() {
            d[j] = (d[j] - d[j - 1]) / (u[j] - u[j - k]);
        }
    }
    out[..m].fill(0.0);
    out[0] = d[m - 1];
    for k in (0..m - 1).rev() {
        // out = out * (u - u_k) + d_k
        for p in (1..m).rev() {
            out[p] = out[p - 1] - u[k] * out[p];
        }
        out[0] = d[k] - u[k] * out[0];
    }
}

/// The point of [a, b] where `sigma * p` is smallest (golden section):
/// the bottom of a dip below zero for sigma = +1.
fn extremum(coef: &[Real], a: Real, b: Real, sigma: Real) -> Real {
    let f = |u: Real| sigma * horner(coef, u);
    let g = 0.5 * ((5.0 as Real).sqrt() - 1.0);
    let (mut lo, mut hi) = (a.min(b), a.max(b));
    let (mut x1, mut x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut f1, mut f2) = (f(x1), f(x2));
    for _ in 0..60 {
        if f1 <= f2 {
            hi = x2;
            (x2, f2) = (x1, f1);
            x1 = hi - g * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            (x1, f1) = (x2, f2);
            x2 = lo + g * (hi - lo);
            f2 = f(x2);
        }
    }
    0.5 * (lo + hi)
}

/// Whether some R_i (not zero at the start, unless masked zeros are taken
/// into account by the caller) has left its sign of the start at `rx`.
fn left_start_sign(r0: &[Real], rx: &[Real]) -> bool {
    r0.iter().zip(rx).any(|(&a, &b)| !is_zero(a) && (is_zero(b) || sign(a) != sign(b)))
}

impl DipSearch {
    /// Look for a point in (x0, x1) where some R has provably left its
    /// sign at x0 although the ends alone may not show it. `r0`, `r1` are R
    /// at x0 and x1; `eval(x, r)` evaluates R at x. Returns the earliest
    /// such point with R there in `rx`, or None.
    pub fn first_dip(
        &mut self,
        kold: usize,
        (x0, x1): (Real, Real),
        (r0, r1): (&[Real], &[Real]),
        rx: &mut [Real],
        mut eval: impl FnMut(Real, &mut [Real]),
    ) -> Option<Real> {
        let nrt = r0.len();
        let m = (kold + 2).clamp(3, MAX_NODES);
        let u = nodes(m);
        let at = |uj: Real| x0 + 0.5 * (uj + 1.0) * (x1 - x0);
        self.values.resize(m * nrt, 0.0);
        self.values[..nrt].copy_from_slice(r0);
        self.values[(m - 1) * nrt..].copy_from_slice(r1);
        for (uj, r) in u[1..m - 1].iter().zip(self.values[nrt..(m - 1) * nrt].chunks_exact_mut(nrt)) {
            eval(at(*uj), r);
        }
        let mut candidates: Vec<Real> = Vec::new();
        let (mut v, mut coef) = ([0.0; MAX_NODES], [0.0; MAX_NODES]);
        for (i, &start) in r0.iter().enumerate() {
            if is_zero(start) {
                continue;
            }
            for (vj, node) in v.iter_mut().zip(self.values.chunks_exact(nrt)) {
                *vj = node[i];
            }
            interpolant(&u[..m], &v[..m], &mut coef);
            self.found.clear();
            let res = Resolution { s: 1e-10, g: 0.0 };
            crossings(&coef[..m], -1.0, 1.0, start >= 0.0, res, &mut self.found);
            if let [first, second, ..] = self.found[..] {
                candidates.push(extremum(&coef[..m], first.s, second.s, sign(start)));
            }
        }
        candidates.sort_by(|a, b| a.total_cmp(b));
        for uc in candidates {
            let x = at(uc);
            eval(x, rx);
            if left_start_sign(r0, rx) {
                return Some(x);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(kold: usize, r: impl Fn(Real) -> Vec<Real>, x0: Real, x1: Real) -> Option<Real> {
        let (r0, r1) = (r(x0), r(x1));
        let mut rx = vec![0.0; r0.len()];
        DipSearch::default().first_dip(kold, (x0, x1), (&r0, &r1), &mut rx, |x, out| out.copy_from_slice(&r(x)))
    }

    #[test]
    fn interpolant_reproduces_polynomials() {
        let u = nodes(5);
        let p = |x: Real| 0.3 - 2.0 * x + 0.5 * x * x * x - x.powi(4);
        let v: Vec<Real> = u[..5].iter().map(|&x| p(x)).collect();
        let mut c = [0.0; MAX_NODES];
        interpolant(&u[..5], &v, &mut c);
        for x in [-0.9, -0.2, 0.4, 0.95] {
            assert!((horner(&c[..5], x) - p(x)).abs() < 1e-13);
        }
    }

    #[test]
    fn a_dip_between_the_ends_is_found() {
        // (t - 0.4)(t - 0.45): negative on (0.4, 0.45) only.
        let x = search(2, |t| vec![(t - 0.4) * (t - 0.45), 1.0], 0.0, 1.0).expect("dip");
        assert!(x > 0.4 && x < 0.45, "{x}");
    }

    #[test]
    fn a_narrow_dip_of_a_cubic_is_found() {
        // Dips below zero on (0.70, 0.7002) only.
        let x = search(3, |t| vec![(t - 0.7) * (t - 0.7002) * (2.0 - t)], 0.0, 1.0).expect("dip");
        assert!(x > 0.7 && x < 0.7002, "{x}");
    }

    #[test]
    fn three_crossings_stop_before_the_second() {
        // Crosses at 0.2, 0.5, 0.8: the search must end before 0.5.
        let x = search(3, |t| vec![(t - 0.2) * (t - 0.5) * (t - 0.8)], 0.0, 1.0).expect("dip");
        assert!(x > 0.2 && x < 0.5, "{x}");
    }

    #[test]
    fn no_dip_no_cut() {
        assert_eq!(search(4, |t| vec![t - 2.0, (t - 0.5) * (t - 0.5) + 0.01], 0.0, 1.0), None);
        // A single crossing is DASKR's ordinary case: no cut.
        assert_eq!(search(4, |t| vec![t - 0.5], 0.0, 1.0), None);
    }

    #[test]
    fn backward_intervals() {
        let x = search(2, |t| vec![(t - 0.4) * (t - 0.45)], 1.0, 0.0).expect("dip");
        assert!(x > 0.4 && x < 0.45, "{x}");
    }
}
