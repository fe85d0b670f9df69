//! Guaranteed zero-crossing search on the BDF interpolating polynomials of
//! the discontinuity variables (Park & Barton 1996): the polynomial of the
//! last step in power form in s = (t - TN)/H, enclosed over subintervals by
//! interval Horner evaluation with outward rounding and bisected where the
//! enclosure contains zero, so that every sign change larger than the
//! resolution is found, in time order, even two inside one step.

use crate::core::precision::Precision;
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
    /// Basis polynomial j (degree j) in s, coefficients ascending; rows
    /// 0..=degree are used (BDF orders are at most 5).
    basis: [[Real; 6]; 6],
    degree: usize,
}

impl StepPolynomials {
    pub fn new(kold: usize, psi: &[Real], h: Real) -> Self {
        let mut basis = [[0.0; 6]; 6];
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
        StepPolynomials { basis, degree: kold }
    }

    /// The coefficients of component `i` (PHI column-major, `neq` rows).
    pub fn of_component(&self, phi: &[Real], neq: usize, i: usize, out: &mut [Real]) {
        let k = self.degree;
        out[..=k].fill(0.0);
        for (j, b) in self.basis[..=k].iter().enumerate() {
            let p = phi[j * neq + i];
            for d in 0..=j {
                out[d] += p * b[d];
            }
        }
    }
}

/// Whether [`keeps_side`] may be used with this step's PSI: H = PSI_0 is
/// finite and nonzero and |PSI_0| <= |PSI_1| <= ... <= |PSI_{KOLD-1}|, all
/// of H's sign (PSI_i = TN - t_{n-i-1}: true of every BDF step; checked,
/// once per step, because the proof of [`keeps_side`] rests on it).
pub fn quick_test_applies(kold: usize, psi: &[Real]) -> bool {
    let h = psi[0];
    if !(h.is_finite() && h != 0.0) {
        return false;
    }
    (1..kold).all(|j| if h > 0.0 { psi[j] >= psi[j - 1] } else { psi[j] <= psi[j - 1] })
}

/// Relative and absolute margins of [`keeps_side`].
const QUICK_REL: Real = <Real as Precision>::EVENT_REL;
const QUICK_ABS: Real = <Real as Precision>::EVENT_TINY;
/// Coefficient magnitudes at or above this are not excluded quickly (1e300
/// in double precision).
const HUGE: Real = <Real as Precision>::EVENT_HUGE;

/// The quick exclusion test, from the step's Newton form without expanding
/// it: true only if the search of the last step's polynomial of variable
/// `m` from the truth value `truth` ([`crossings`] on [-1, 0] with the
/// coefficients of [`StepPolynomials::of_component`], for any resolution)
/// finds nothing. Valid only where [`quick_test_applies`] to the step.
/// It reads PHI(m, 0..=KOLD) and tests
///
/// ```text
///     R (1 + 1e-9) + 1e-300 < |g| (1 - 1e-9),  g = PHI(m,0) on the truth side,
///     R = sum_{j>=1} |PHI(m,j)|,  |g| < 1e300.
/// ```
///
/// Proof that it never hides a crossing the full search would report.
/// [`crossings`] reports a change only at a leaf whose end point b (in
/// [-1, 0]: the search splits [-1, 0] at midpoints) has its computed
/// value `horner(coef, b)` off the current truth side, and the truth value
/// moves only with a report. So it suffices that every computed value
/// `horner(coef, s)`, s in [-1, 0], has g's sign (strictly), for the
/// computed coefficients `coef`, whatever the enclosures do.
///
/// 1. The Newton form is bounded. [`StepPolynomials::new`] expands
///    c_j(s) = f_1(s) ... f_j(s), f_i(s) = a_i s + b_i, with the rounded
///    a_i = fl(H/PSI_{i-1}), b_i = fl(PSI_{i-2}/PSI_{i-1}), b_1 = 0. Here
///    a_1 = fl(H/H) = 1: f_1(s) = s, in [-1, 0]. For i >= 2 PSI's
///    monotony gives 0 <= H/PSI_{i-1} <= PSI_{i-2}/PSI_{i-1} <= 1, and
///    rounding is monotone and keeps 0 and 1, so 0 <= a_i <= b_i <= 1 and
///    f_i(s) lies in [b_i - a_i, b_i], within [0, 1]. So |c_j(s)| <= 1,
///    and Q(s) = sum_j PHI(m,j) c_j(s), the exact combination of the exact
///    expansions, stays within R of g on [-1, 0].
/// 2. Rounding is far below the margin. Every factor has nonnegative
///    coefficients, so the power-form coefficients c_{j,d} of c_j are
///    nonnegative too and sum to C_j = prod_i (a_i + b_i) <= 2^j. `new`
///    forms each c_{j,d} from nonnegative terms, one product and one sum
///    per factor: relative
///    error <= gamma_{2j} (gamma_n = n u / (1 - n u), u = 2^-53);
///    `of_component` sums k+1 products: |coef_d - exact_d| <=
///    gamma_{3k+1} sum_j |PHI(m,j)| c_{j,d}; Horner's rule at |s| <= 1 errs
///    by at most gamma_{2k} sum_d |coef_d| (Higham, Accuracy and Stability
///    of Numerical Algorithms, 2nd ed., sec. 5.1), and sum_d |coef_d| <=
///    (1 + gamma_{3k+1}) sum_j |PHI(m,j)| C_j <= (1 + gamma_{3k+1}) 32
///    (|g| + R). With k <= 5 the computed value is within
///    E = gamma_{5k+1} 32 (|g| + R) < 2e-13 (|g| + R) of Q(s), plus underflow: below 1e-320 |g| from the
///    basis entries (scaled by |PHI(m,j)| <= R < |g|) and below
///    100 * 2^-1075 < 1e-300 absolute from the rest. Nothing overflows:
///    every intermediate is below 64 |g| < 1e302.
/// 3. The test, itself rounded (the computed R is at least
///    R (1 - gamma_5); each of its four operations errs by at most u),
///    implies R + (1e-9 - 10u) (|g| + R) + 1e-300 (1 - u) < |g|, hence
///    R + E < |g|: every computed value lies strictly on g's side, which
///    is the truth side. NaN or infinite entries fail the test.
#[inline]
pub fn keeps_side(phi: &[Real], neq: usize, m: usize, kold: usize, truth: bool) -> bool {
    if phi.len() <= m + kold * neq {
        return false;
    }
    let mut column = phi[m..].iter().step_by(neq);
    let Some(&g) = column.next() else {
        return false;
    };
    let r: Real = column.take(kold).map(|p| p.abs()).sum();
    (g >= 0.0) == truth && g.abs() < HUGE && r * (1.0 + QUICK_REL) + QUICK_ABS < g.abs() * (1.0 - QUICK_REL)
}

/// The second exclusion test, on the power form (for a function that
/// [`keeps_side`] could not exclude, once its coefficients are computed):
/// true only if the search of `coef` on [-1, 0] from the truth value
/// `truth` ([`crossings`], any resolution) finds nothing. It tests
///
/// ```text
///     |c_1| (1 - 1e-9) > (sum_{d>=2} d |c_d|) (1 + 1e-9),
///     c_0 and v = horner(coef, -1) on the truth side,
///     min(|c_0|, |v|) > 1e-12 S + 1e-300,  S = sum_d |c_d| < 1e300:
/// ```
///
/// a monotone polynomial with both ends on the same side, such as a
/// function moving away from zero after an event.
///
/// Proof (as for [`keeps_side`], it suffices that every computed value
/// `horner(coef, s)`, s in [-1, 0], is strictly on the truth side). Let p
/// be the polynomial of the computed coefficients, in exact arithmetic.
/// At |s| <= 1 Horner's rule errs by at most E = gamma_{2k} S < 2.3e-15 S
/// (k <= 5; Higham, sec. 5.1) plus underflow, below 10 * 2^-1075. For
/// |s| <= 1, p'(s) = c_1 + sum_{d>=2} d c_d s^(d-1) differs from c_1 by at
/// most sum_{d>=2} d |c_d|, which the first test (whose margin covers its
/// own rounding, a few units of 2^-53) puts below |c_1|: p' has no zero,
/// p is monotone on [-1, 0] and lies between p(-1) and p(0) = c_0. The
/// value v is within E of p(-1), so by the second and third tests (S is
/// computed to within a few units of rounding) p(-1) and p(0) lie on the
/// truth side by more than 1e-12 S - E > 2 E, hence so does p(s), and
/// every computed value, within E of p(s), is strictly on that side.
/// NaN or infinite coefficients fail the test.
pub fn monotone_keeps_side(coef: &[Real], truth: bool) -> bool {
    if coef.len() < 2 {
        return false;
    }
    let (c0, c1) = (coef[0], coef[1]);
    let mut sum = c0.abs() + c1.abs();
    let mut slope = 0.0;
    for (d, c) in coef.iter().enumerate().skip(2) {
        sum += c.abs();
        slope += d as Real * c.abs();
    }
    if !(sum < HUGE && c1.abs() * (1.0 - QUICK_REL) > slope * (1.0 + QUICK_REL)) {
        return false;
    }
    let v = horner(coef, -1.0);
    let floor = 1e-12 * sum + QUICK_ABS;
    (c0 >= 0.0) == truth && (v >= 0.0) == truth && c0.abs() > floor && v.abs() > floor
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

/// [`enclose`] for `s` within [-1, 0] and coefficients below 1e300 in
/// magnitude: the same interval, bit for bit, from two products per
/// coefficient instead of four and their minimum and maximum.
///
/// Why the same: with s.lo <= s.hi <= 0, x*sigma is non-increasing in x,
/// so of the four exact products the least has x = acc.hi and the
/// greatest x = acc.lo; acc.hi*sigma is least at sigma = s.lo if
/// acc.hi >= 0, else at s.hi; acc.lo*sigma greatest at s.hi if
/// acc.lo >= 0, else at s.lo. Rounding to nearest is monotone, so the
/// rounded product chosen is the least (greatest) of the four rounded
/// ones, which [`Interval::mul`] takes: the same value, up to the sign of a
/// zero, which `outward` erases (next_down(+-0) = -MIN, next_up(+-0) =
/// +MIN). Nothing is NaN or infinite: |s| <= 1 keeps every bound below
/// 6 * 1e300 (1 + 1e-15), so `f64::min`'s NaN rule never applies, and the
/// outward steps may take [`next_up_finite`].
fn enclose_nonpositive(coef: &[Real], s: Interval) -> Interval {
    let mut acc = Interval::point(coef[coef.len() - 1]);
    for &c in coef.iter().rev().skip(1) {
        let lo = if acc.hi >= 0.0 { acc.hi * s.lo } else { acc.hi * s.hi };
        let hi = if acc.lo >= 0.0 { acc.lo * s.hi } else { acc.lo * s.lo };
        let (lo, hi) = (-next_up_finite(-lo), next_up_finite(hi));
        acc = Interval { lo: -next_up_finite(-(lo + c)), hi: next_up_finite(hi + c) };
    }
    acc
}

/// `x.next_up()` for finite `x`, without branches: -0 becomes +0 (adding
/// +0 does that and changes nothing else), then the bit pattern moves one
/// step away from zero for x >= 0, toward zero for x < 0, as `next_up`
/// does (the largest finite number goes to infinity, -MIN to -0 in both).
/// `-next_up_finite(-x)` is `x.next_down()`, as in the standard library.
fn next_up_finite(x: Real) -> Real {
    Precision::next_up_finite(x)
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
pub fn crossings(coef: &[Real], s_from: Real, s_to: Real, truth: bool, res: Resolution, out: &mut Vec<Crossing>) {
    crossings_with(coef, s_from, s_to, truth, res, &mut Vec::new(), out);
}

/// [`crossings`] with the caller's stack of intervals (scratch: no
/// allocation once it has grown).
pub fn crossings_with(
    coef: &[Real],
    s_from: Real,
    s_to: Real,
    mut truth: bool,
    res: Resolution,
    stack: &mut Vec<(Real, Real)>,
    out: &mut Vec<Crossing>,
) {
    // The events' search, on [-1, 0], takes the cheaper enclosure.
    let nonpositive = s_from.min(s_to) >= -1.0 && s_from.max(s_to) <= 0.0 && coef.iter().all(|c| c.abs() < HUGE);
    // Intervals to examine, the next in time last.
    stack.clear();
    stack.push((s_from, s_to));
    let mut leaves = 0;
    // Start of a run of leaves whose end points are on the new side but
    // within the noise level.
    let mut unconfirmed: Option<Real> = None;
    while let Some((a, b)) = stack.pop() {
        let s = Interval::new(a.min(b), a.max(b));
        let e = if nonpositive { enclose_nonpositive(coef, s) } else { enclose(coef, s) };
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

    /// SplitMix64: a reproducible stream without a dependency.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        /// Uniform in [0, 1).
        fn unit(&mut self) -> Real {
            (self.next() >> 11) as Real / (1u64 << 53) as Real
        }
        fn range(&mut self, a: Real, b: Real) -> Real {
            a + (b - a) * self.unit()
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
        fn sign(&mut self) -> Real {
            if self.next() & 1 == 0 {
                1.0
            } else {
                -1.0
            }
        }
    }

    /// A BDF-like step history: H of either sign and magnitude, earlier
    /// steps from a tenth to ten times as long (PSI monotone).
    fn random_psi(rng: &mut Rng) -> [Real; 6] {
        let h = rng.sign() * (10.0 as Real).powf(rng.range(-8.0, 3.0));
        let mut psi = [h; 6];
        for j in 1..6 {
            let ratio = match rng.below(4) {
                0 => 1.0,
                1 => (10.0 as Real).powf(rng.range(-1.0, 1.0)),
                2 => (10.0 as Real).powf(rng.range(-4.0, 4.0)),
                _ => rng.range(0.5, 2.0),
            };
            psi[j] = psi[j - 1] + h * ratio;
        }
        psi
    }

    #[test]
    fn the_exclusion_tests_never_hide_what_the_full_search_finds() {
        let mut rng = Rng(0x5eed_0e7e_0000_0011);
        let (mut excluded, mut near, mut searched, mut with_changes, mut doubles) = (0, 0, 0, 0, 0);
        let (mut by_slope, mut only_by_slope) = (0, 0);
        let cases = if cfg!(debug_assertions) { 40_000 } else { 400_000 };
        for case in 0..cases {
            let kold = if case % 50 == 0 { 0 } else { 1 + rng.below(5) };
            let psi = random_psi(&mut rng);
            assert!(quick_test_applies(kold, &psi));
            let h = psi[0];
            // One variable's PHI column, placed in row 1 of 3 so that the
            // stride is exercised.
            let scale = (10.0 as Real).powf(rng.range(-12.0, 12.0));
            let mut p = [0.0; 6];
            for pj in p.iter_mut().take(kold + 1).skip(1) {
                *pj = rng.sign() * scale * (10.0 as Real).powf(rng.range(-6.0, 0.5));
            }
            let r: Real = p[1..=kold].iter().map(|x| x.abs()).sum();
            p[0] = rng.sign()
                * match rng.below(6) {
                    // Far from zero, just above or just below the bound,
                    // inside it (crossings, double ones among them), or
                    // very close to zero.
                    0 => r * (10.0 as Real).powf(rng.range(0.0, 4.0)) + scale * 1e-3,
                    1 => r * (1.0 + (10.0 as Real).powf(rng.range(-12.0, -6.0))),
                    2 => r * (1.0 - (10.0 as Real).powf(rng.range(-12.0, -6.0))),
                    3 => r * (1.0 + rng.range(-0.1, 0.1)),
                    4 => r * rng.range(0.0, 1.0),
                    _ => r * (10.0 as Real).powf(rng.range(-16.0, 0.0)),
                };
            if kold == 1 && rng.below(2) == 0 {
                // Where the bound is attained: g + p1 s with p1 close to
                // g, whose minimum g - p1 (at s = -1) is tiny.
                p[1] = p[0] * (1.0 - (10.0 as Real).powf(rng.range(-12.0, -6.0)));
            }
            let neq = 3;
            let mut phi = [0.0; 18];
            for (j, &pj) in p.iter().enumerate().take(kold + 1) {
                phi[j * neq + 1] = pj;
                phi[j * neq] = rng.range(-1.0, 1.0);
                phi[j * neq + 2] = rng.range(-1.0, 1.0);
            }
            // Mostly the sign at TN; sometimes the other (a stale truth).
            let truth = if rng.below(10) == 0 { p[0] < 0.0 } else { p[0] >= 0.0 };
            let quick = keeps_side(&phi, neq, 1, kold, truth);
            let mut coef = [0.0; 6];
            StepPolynomials::new(kold, &psi, h).of_component(&phi, neq, 1, &mut coef);
            let coef = &coef[..=kold];
            let res = match rng.below(3) {
                0 => Resolution { s: 8.0 * Real::EPSILON, g: 0.0 },
                1 => Resolution { s: 1e-12, g: 1e-2 * scale * 1e-6 },
                _ => Resolution { s: 1e-9, g: 1e-2 * scale },
            };
            let mut found = Vec::new();
            crossings(coef, -1.0, 0.0, truth, res, &mut found);
            let monotone = monotone_keeps_side(coef, truth);
            // An excluded step: no crossing found, and (the lemma itself)
            // every computed value on the truth side.
            let assert_no_crossing = || {
                assert!(found.is_empty(), "case {case}: psi {psi:?} p {p:?} truth {truth}: {found:?}");
                let on_side = |s: Real| (horner(coef, s) >= 0.0) == truth;
                assert!((0..=200).all(|i| on_side(-(i as Real) / 200.0)), "case {case}");
                assert!((0..60).all(|i| on_side(-1.0 + (0.5 as Real).powi(i))), "case {case}");
            };
            if monotone {
                by_slope += 1;
                assert_no_crossing();
                if !quick {
                    only_by_slope += 1;
                }
            }
            if quick {
                excluded += 1;
                assert_no_crossing();
                let min = (0..=200).map(|i| horner(coef, -(i as Real) / 200.0).abs()).fold(Real::INFINITY, Real::min);
                if min < 1e-5 * p[0].abs() {
                    near += 1;
                }
            } else {
                searched += 1;
                if !found.is_empty() {
                    with_changes += 1;
                }
                if found.len() >= 2 {
                    doubles += 1;
                }
            }
        }
        // The cases cover the ground: many exclusions (some within 1e-5 of
        // zero), many searches, crossings, double crossings among them;
        // many exclusions by the slope test, some that the quick test
        // could not make.
        let n = cases / 100;
        assert!(excluded > 20 * n && near > n / 10, "{excluded} excluded, {near} near zero");
        assert!(searched > 20 * n && with_changes > 10 * n && doubles > n, "{searched} {with_changes} {doubles}");
        assert!(by_slope > 10 * n && only_by_slope > n, "{by_slope} {only_by_slope}");
    }

    #[test]
    fn the_enclosure_on_nonpositive_s_is_the_general_one_bit_for_bit() {
        let mut rng = Rng(0x00e0_c105_e000_0001);
        let special = [0.0, -0.0, 1.0, -1.0, 5e-324, -5e-324, 1e-300, -1e-300, 9.9e299, -9.9e299];
        for case in 0..200_000 {
            let k = rng.below(6);
            let mut coef = [0.0; 6];
            for c in coef.iter_mut().take(k + 1) {
                *c = match rng.below(8) {
                    0 => special[rng.below(special.len())],
                    1 => rng.sign() * (10.0 as Real).powf(rng.range(-320.0, 299.0)),
                    _ => rng.sign() * rng.unit() * (10.0 as Real).powf(rng.range(-8.0, 8.0)),
                };
            }
            let pick = |rng: &mut Rng| match rng.below(6) {
                0 => -1.0,
                1 => 0.0,
                2 => -0.0,
                3 => -rng.unit() * 1e-300,
                _ => -rng.unit(),
            };
            let (x, y) = (pick(&mut rng), pick(&mut rng));
            let s = Interval::new(x.min(y), x.max(y));
            let (a, b) = (enclose(&coef[..=k], s), enclose_nonpositive(&coef[..=k], s));
            assert!(
                a.lo.to_bits() == b.lo.to_bits() && a.hi.to_bits() == b.hi.to_bits(),
                "case {case}: {coef:?} on {s:?}: {a:?} != {b:?}"
            );
        }
    }

    #[test]
    fn next_up_finite_is_next_up() {
        let mut rng = Rng(0x0000_00e0_0000_0003);
        let special =
            [0.0, -0.0, 5e-324, -5e-324, Real::MIN_POSITIVE, -Real::MIN_POSITIVE, Real::MAX, Real::MIN, 1.0, -1.0];
        for x in special.into_iter().chain((0..100_000).map(|_| Real::from_bits(rng.next()))) {
            if x.is_finite() {
                assert_eq!(next_up_finite(x).to_bits(), x.next_up().to_bits(), "{x:e}");
                assert_eq!((-next_up_finite(-x)).to_bits(), x.next_down().to_bits(), "{x:e}");
            }
        }
    }

    #[test]
    fn the_quick_test_declines_what_it_cannot_prove() {
        let psi = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
        assert!(quick_test_applies(5, &psi));
        assert!(quick_test_applies(5, &psi.map(|x| -x)));
        // PSI not monotone, of mixed signs, H zero or not finite.
        assert!(!quick_test_applies(3, &[0.1, 0.3, 0.2, 0.4, 0.5, 0.6]));
        assert!(!quick_test_applies(2, &[0.1, -0.2, 0.3, 0.4, 0.5, 0.6]));
        assert!(!quick_test_applies(1, &[0.0; 6]));
        assert!(!quick_test_applies(1, &[Real::NAN; 6]));
        assert!(quick_test_applies(2, &[0.1, 0.2, Real::NAN, 0.4, 0.5, 0.6]), "PSI_2 is not read at order 2");
        // g = 1, R = 0.5: on the true side only.
        let phi = [1.0, 0.25, -0.25];
        assert!(keeps_side(&phi, 1, 0, 2, true) && !keeps_side(&phi, 1, 0, 2, false));
        // R = |g|, zero, NaN, infinite, huge.
        assert!(!keeps_side(&[1.0, 0.5, -0.5], 1, 0, 2, true));
        assert!(!keeps_side(&[0.0, 0.0], 1, 0, 1, true));
        assert!(!keeps_side(&[Real::NAN, 0.0], 1, 0, 1, false));
        assert!(!keeps_side(&[1.0, Real::NAN], 1, 0, 1, true));
        assert!(!keeps_side(&[Real::INFINITY, 0.0], 1, 0, 1, true));
        assert!(!keeps_side(&[1e301, 0.0], 1, 0, 1, true));
        // Order 0: a constant away from zero.
        assert!(keeps_side(&[-2.0], 1, 0, 0, false));
    }
}
