//! Guaranteed zero-crossing search on the BDF interpolating polynomials of
//! the discontinuity variables (Park & Barton 1996): the polynomial of the
//! last step in power form in s = (t - TN)/H, enclosed over subintervals by
//! interval Horner evaluation with outward rounding and bisected where the
//! enclosure contains zero, so that every sign change larger than the
//! resolution is found, in time order, even two inside one step.

use crate::types::Real;

/// A closed interval with outward-rounded arithmetic: every operation's
/// result contains the exact result for every point of the operands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub lo: Real,
    pub hi: Real,
}

impl Interval {
    pub fn new(lo: Real, hi: Real) -> Self {
        Interval { lo, hi }
    }

    pub fn point(x: Real) -> Self {
        Interval { lo: x, hi: x }
    }

    pub fn contains_zero(&self) -> bool {
        self.lo <= 0.0 && 0.0 <= self.hi
    }

    pub fn width(&self) -> Real {
        self.hi - self.lo
    }

    /// Round outward by one unit in the last place (round-to-nearest errs
    /// by at most half of one).
    fn outward(lo: Real, hi: Real) -> Self {
        Interval { lo: lo.next_down(), hi: hi.next_up() }
    }

    fn add_point(self, a: Real) -> Self {
        Self::outward(self.lo + a, self.hi + a)
    }

    fn mul(self, o: Interval) -> Self {
        let p = [self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi];
        let lo = p.iter().copied().fold(Real::INFINITY, Real::min);
        let hi = p.iter().copied().fold(Real::NEG_INFINITY, Real::max);
        Self::outward(lo, hi)
    }
}

/// The interpolating polynomial of the last step in power form:
/// y(TN + s*H) = sum_j coef\[j\] * s^j for the columns PHI(:, 0..=KOLD).
///
/// DDATRP's form is y = PHI_0 + sum_j c_j PHI_j with
/// c_j = prod_{i<j} (s*H + PSI_{i-1}) / PSI_i (PSI_{-1} = 0); the basis
/// polynomials c_j are expanded once per step, then combined per variable.
pub struct StepPolynomials {
    /// Basis polynomial j (degree j) in s, coefficients ascending.
    basis: Vec<[Real; 6]>,
}

impl StepPolynomials {
    pub fn new(kold: usize, psi: &[Real], h: Real) -> Self {
        let mut basis = vec![[0.0; 6]; kold + 1];
        basis[0][0] = 1.0;
        for j in 1..=kold {
            // Multiply by (H/PSI_{j-1}) s + PSI_{j-2}/PSI_{j-1}.
            let a = h / psi[j - 1];
            let b = if j >= 2 { psi[j - 2] / psi[j - 1] } else { 0.0 };
            let prev = basis[j - 1];
            let next = &mut basis[j];
            for d in 0..j {
                next[d] += b * prev[d];
                next[d + 1] += a * prev[d];
            }
        }
        StepPolynomials { basis }
    }

    pub fn degree(&self) -> usize {
        self.basis.len() - 1
    }

    /// The coefficients of component `i` (PHI column-major, `neq` rows).
    pub fn of_component(&self, phi: &[Real], neq: usize, i: usize, out: &mut [Real]) {
        let k = self.degree();
        out[..=k].fill(0.0);
        for (j, b) in self.basis.iter().enumerate() {
            let p = phi[j * neq + i];
            for d in 0..=j {
                out[d] += p * b[d];
            }
        }
    }
}

/// Point value by Horner's rule.
pub fn horner(coef: &[Real], s: Real) -> Real {
    coef.iter().rev().fold(0.0, |acc, &c| acc * s + c)
}

/// An enclosure of the polynomial over the interval by Horner's rule in
/// interval arithmetic.
pub fn enclose(coef: &[Real], s: Interval) -> Interval {
    let mut acc = Interval::point(coef[coef.len() - 1]);
    for &c in coef.iter().rev().skip(1) {
        acc = acc.mul(s).add_point(c);
    }
    acc
}

/// One sign change of a discontinuity function inside the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    /// The first point found on the new side, in s.
    pub s: Real,
    /// The truth value after the crossing (g >= 0).
    pub truth: bool,
}

/// How finely to search.
#[derive(Clone, Copy, Debug)]
pub struct Resolution {
    /// Below this width in s an interval is not split further.
    pub s: Real,
    /// Below this width an enclosure is taken as the function's noise
    /// level: a dip of smaller depth is not a crossing.
    pub g: Real,
}

/// Most intervals examined per function and step (a function stuck at
/// zero would otherwise split without end).
const MAX_LEAVES: usize = 4096;

/// Every sign change of the polynomial `coef` on [s_from, s_to] in time
/// order, starting from the truth value `truth` (g >= 0 is true) and
/// carrying it across each change. The search direction is that of
/// s_from -> s_to. Inside the interval a change is confirmed only once the
/// function is beyond `res.g` on the new side (a dip shallower than the
/// noise level is no crossing); at `s_to` the sign counts as it is.
pub fn crossings(coef: &[Real], s_from: Real, s_to: Real, mut truth: bool, res: Resolution, out: &mut Vec<Crossing>) {
    // Intervals to examine, the next in time last.
    let mut stack = vec![(s_from, s_to)];
    let mut leaves = 0;
    // Start of a run of leaves whose end points are on the new side but
    // within the noise level.
    let mut unconfirmed: Option<Real> = None;
    while let Some((a, b)) = stack.pop() {
        let e = enclose(coef, Interval::new(a.min(b), a.max(b)));
        let small = (b - a).abs() <= res.s || e.width() <= res.g || leaves >= MAX_LEAVES;
        if e.contains_zero() && !small {
            let mid = 0.5 * (a + b);
            stack.push((mid, b));
            stack.push((a, mid));
            continue;
        }
        leaves += 1;
        let gb = horner(coef, b);
        let at_end = gb >= 0.0;
        if at_end == truth {
            // Back on the old side within the noise: no crossing.
            unconfirmed = None;
            continue;
        }
        let from = *unconfirmed.get_or_insert(a);
        // A new sign within the noise level counts only when it holds to
        // the end of the search; the crossing is located from where the
        // sign first changed.
        if gb.abs() > res.g || b == s_to {
            out.push(Crossing { s: refine(coef, from, b, truth), truth: at_end });
            truth = at_end;
            unconfirmed = None;
        }
    }
}

/// Bisect on point values between `a` (on the `truth` side, or at the
/// change itself) and `b` (on the other side): the first point found on
/// the new side, to within rounding.
fn refine(coef: &[Real], mut a: Real, mut b: Real, truth: bool) -> Real {
    for _ in 0..80 {
        let mid = 0.5 * (a + b);
        if mid == a || mid == b {
            break;
        }
        if (horner(coef, mid) >= 0.0) == truth {
            a = mid;
        } else {
            b = mid;
        }
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(coef: &[Real], truth: bool) -> Vec<Crossing> {
        let mut out = Vec::new();
        crossings(coef, -1.0, 0.0, truth, Resolution { s: 1e-12, g: 1e-14 }, &mut out);
        out
    }

    #[test]
    fn enclosures_contain_the_range() {
        // (s + 0.5)^2 - 0.01 on [-1, 0]: range [-0.01, 0.24].
        let c = [0.24, 1.0, 1.0];
        let e = enclose(&c, Interval::new(-1.0, 0.0));
        assert!(e.lo <= -0.01 && e.hi >= 0.24);
        for k in 0..=100 {
            let s = -1.0 + k as Real / 100.0;
            let v = horner(&c, s);
            assert!(e.lo <= v && v <= e.hi);
        }
    }

    #[test]
    fn a_double_crossing_inside_one_step_is_found_in_order() {
        // g = (s + 0.4)(s + 0.39): positive, dips below zero on
        // (-0.4, -0.39), positive again: two crossings 0.01 apart.
        let c = [0.4 * 0.39, 0.79, 1.0];
        let found = find(&c, true);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(!found[0].truth && found[1].truth);
        assert!((found[0].s + 0.4).abs() < 1e-10 && (found[1].s + 0.39).abs() < 1e-10);
        // Sign tests at the ends alone see nothing.
        assert_eq!(horner(&c, -1.0) > 0.0, horner(&c, 0.0) > 0.0);
    }

    #[test]
    fn shallow_dips_are_found_down_to_the_resolution() {
        // A dip of depth 1e-9 around s = -0.5.
        let c = [0.25 - 1e-9, 1.0, 1.0];
        assert_eq!(find(&c, true).len(), 2);
        let mut out = Vec::new();
        crossings(&c, -1.0, 0.0, true, Resolution { s: 1e-12, g: 1e-6 }, &mut out);
        assert!(out.is_empty(), "below the noise level: {out:?}");
    }

    #[test]
    fn a_function_stuck_at_zero_is_true_and_never_crosses() {
        assert!(find(&[0.0, 0.0], true).is_empty());
    }

    #[test]
    fn step_polynomials_reproduce_ddatrp() {
        use crate::core::interpolate::interpolate;
        let (h, psi) = (0.1, [0.1, 0.25, 0.45, 0.6, 0.8, 1.0]);
        let phi = [1.0, 0.3, -0.2, 0.05, 0.01];
        let p = StepPolynomials::new(4, &psi, h);
        let mut c = [0.0; 6];
        p.of_component(&phi, 1, 0, &mut c);
        for &s in &[-1.0, -0.7, -0.1, 0.0, 0.3] {
            let (mut y, mut yp) = ([0.0], [0.0]);
            interpolate(0.0, s * h, 4, &phi, &psi, &mut y, &mut yp);
            assert!((horner(&c[..5], s) - y[0]).abs() < 1e-14, "s = {s}");
        }
    }
}
