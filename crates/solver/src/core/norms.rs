//! Error weights and the weighted root-mean-square norm.
//!
//! DASKR stores the *reciprocals* of the error weights in WT (DDAWTS then
//! DINVWT) so that the norm (DDWNRM) multiplies instead of divides.

use crate::types::Real;

/// Relative and absolute tolerances, scalar (INFO(2)=0) or per component
/// (INFO(2)=1); each slice has length 1 or NEQ accordingly.
#[derive(Clone, Copy, Debug)]
pub struct Tolerances<'a> {
    /// RTOL: one value, or one per component.
    pub rtol: &'a [Real],
    /// ATOL: one value, or one per component.
    pub atol: &'a [Real],
    /// INFO(2) = 1: per component.
    pub vector: bool,
}

impl Tolerances<'_> {
    /// (RTOL, ATOL) for component `i`.
    #[inline]
    pub fn at(&self, i: usize) -> (Real, Real) {
        if self.vector {
            (self.rtol[i], self.atol[i])
        } else {
            (self.rtol[0], self.atol[0])
        }
    }
}

/// RTOL and ATOL as the caller passed them: two arrays, or one array
/// passed for both (a program may pass one variable twice; DDASKR then
/// reads and writes it through both names). One array is never viewed
/// twice mutably, and never copied: a call allocates nothing for it.
pub enum ToleranceArrays<'a> {
    Separate { rtol: &'a mut [Real], atol: &'a mut [Real] },
    Shared(&'a mut [Real]),
}

impl ToleranceArrays<'_> {
    /// (RTOL, ATOL): the same slice twice when one array was passed.
    #[inline]
    pub fn rtol_atol(&self) -> (&[Real], &[Real]) {
        match self {
            ToleranceArrays::Separate { rtol, atol } => (rtol, atol),
            ToleranceArrays::Shared(both) => (both, both),
        }
    }

    /// The tolerances to weigh with, scalar or per component.
    #[inline]
    pub fn view(&self, vector: bool) -> Tolerances<'_> {
        let (rtol, atol) = self.rtol_atol();
        Tolerances { rtol, atol, vector }
    }

    /// The same arrays for a shorter borrow.
    #[inline]
    pub fn reborrow(&mut self) -> ToleranceArrays<'_> {
        match self {
            ToleranceArrays::Separate { rtol, atol } => ToleranceArrays::Separate { rtol, atol },
            ToleranceArrays::Shared(both) => ToleranceArrays::Shared(both),
        }
    }

    /// RTOL(1..m) and ATOL(1..m) multiplied by `r` (IDID = -2); an array
    /// passed for both is scaled once.
    pub fn scale(&mut self, m: usize, r: Real) {
        let arrays: [&mut [Real]; 2] = match self {
            ToleranceArrays::Separate { rtol, atol } => [rtol, atol],
            ToleranceArrays::Shared(both) => [both, &mut []],
        };
        for a in arrays {
            for v in a.iter_mut().take(m) {
                *v *= r;
            }
        }
    }
}

/// A weight RTOL*|y|+ATOL that is not positive: the 1-based component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NonPositiveWeight(pub usize);

#[cfg(test)]
/// Set `rwt[i] = 1 / (RTOL_i*|y_i| + ATOL_i)`; fails (leaving `rwt` holding
/// the weights, not inverted) if some weight is <= 0. DDAWTS + DINVWT.
pub fn inverse_error_weights(tol: Tolerances<'_>, y: &[Real], rwt: &mut [Real]) -> Result<(), NonPositiveWeight> {
    error_weights(tol, y, rwt);
    invert_weights(rwt)
}

/// DASKR's default error weights EWT_i = RTOL_i*|y_i| + ATOL_i (DDAWTS).
pub fn error_weights(tol: Tolerances<'_>, y: &[Real], ewt: &mut [Real]) {
    let rwt = ewt;
    if tol.vector {
        for ((w, &yi), (&r, &a)) in rwt.iter_mut().zip(y).zip(tol.rtol.iter().zip(tol.atol)) {
            *w = r * yi.abs() + a;
        }
    } else {
        let (r, a) = (tol.rtol[0], tol.atol[0]);
        for (w, &yi) in rwt.iter_mut().zip(y) {
            *w = r * yi.abs() + a;
        }
    }
}

/// Replace the weights by their reciprocals; fails, leaving them
/// unchanged, if some weight is <= 0 (DINVWT).
pub fn invert_weights(rwt: &mut [Real]) -> Result<(), NonPositiveWeight> {
    // A branch-free scan first (the failure is rare); then locate it.
    let mut bad = false;
    for &w in rwt.iter() {
        bad |= w <= 0.0;
    }
    if bad {
        let i = rwt.iter().position(|&w| w <= 0.0).unwrap_or(0);
        return Err(NonPositiveWeight(i + 1));
    }
    for w in rwt.iter_mut() {
        *w = 1.0 / *w;
    }
    Ok(())
}

/// With INFO(16)=1, the error-test weights VT are WT with the algebraic
/// components (ID(i) = -1) zeroed.
pub fn mask_algebraic(rwt: &[Real], id: &[i32], vt: &mut [Real]) {
    for ((v, &w), &d) in vt.iter_mut().zip(rwt).zip(id) {
        *v = if d > 0 { w } else { 0.0 };
    }
}

/// Weighted RMS norm sqrt(sum((v_i*rwt_i)^2)/n), scaled by the largest
/// term first to avoid overflow, as DDWNRM does. A NaN term gives NaN
/// (DDWNRM returns 0 when every term is 0 or NaN, which would read as
/// convergence); for finite data the result is DDWNRM's, bit for bit.
pub fn weighted_rms_norm(v: &[Real], rwt: &[Real]) -> Real {
    let mut vmax = 0.0;
    for (&a, &w) in v.iter().zip(rwt) {
        vmax = fold_max(vmax, a * w);
    }
    rms_given_max(v, rwt, vmax)
}

/// One term of DDWNRM's first pass: the larger of `vmax` and |term|. A NaN
/// term never replaces the maximum (DDWNRM's IF is false for it), so the
/// maximum does not depend on the order the terms are met in, and the
/// passes of several kernels can produce it as a by-product.
#[inline(always)]
pub fn fold_max(vmax: Real, term: Real) -> Real {
    let x = term.abs();
    if x > vmax {
        x
    } else {
        vmax
    }
}

/// `sum / n`, the mean square of DDWNRM's last line. For `n` a power of
/// two it is the product with 1/n instead: x/2^k and x*2^-k are the same
/// real number, rounded once, so the value is the quotient's to the last
/// bit; and the norm's chain of dependent operations loses a division
/// (the one before the square root), which every test of a step waits on.
#[inline(always)]
pub fn mean_square(sum: Real, n: usize) -> Real {
    if n.is_power_of_two() {
        // 1/n: exact, and computed off the chain (n is known early).
        sum * (1.0 / n as Real)
    } else {
        sum / n as Real
    }
}

/// DDWNRM's second pass, given `vmax` = the maximum of |v_i*rwt_i| from a
/// first pass (see [`fold_max`]): the sum of squares in index order.
#[inline]
pub fn rms_given_max(v: &[Real], rwt: &[Real], vmax: Real) -> Real {
    if vmax <= 0.0 {
        return zero_or_nan(v, rwt);
    }
    rms_from_sum(vmax, sum_of_squares_given_max(v, rwt, vmax), v.len())
}

/// DDWNRM's last steps: `vmax` times the root of the mean of `sum`, the
/// sum of squares of `n` scaled terms ([`sum_of_squares_given_max`]).
#[inline(always)]
pub fn rms_from_sum(vmax: Real, sum: Real, n: usize) -> Real {
    vmax * mean_square(sum, n).sqrt()
}

/// The sum of DDWNRM's second pass, (v_i*rwt_i/vmax)^2 over i in index
/// order, for `vmax` > 0 from its first pass: [`rms_given_max`] without
/// its last steps, for a caller that may not need them.
#[inline]
pub fn sum_of_squares_given_max(v: &[Real], rwt: &[Real], vmax: Real) -> Real {
    // The quotients four at a time (independent: the compiler issues the
    // divisions side by side), the squares summed one by one in index
    // order as DDWNRM sums them.
    let mut sum = 0.0;
    let (vc, wc) = (v.chunks_exact(4), rwt.chunks_exact(4));
    let tail = vc.remainder().iter().zip(wc.remainder());
    for (a, w) in vc.zip(wc) {
        let q = [(a[0] * w[0]) / vmax, (a[1] * w[1]) / vmax, (a[2] * w[2]) / vmax, (a[3] * w[3]) / vmax];
        for x in q {
            sum += x * x;
        }
    }
    for (&a, &w) in tail {
        let q = (a * w) / vmax;
        sum += q * q;
    }
    sum
}

/// The norm when no term exceeds zero: 0, or NaN if a term is NaN.
#[cold]
#[inline(never)]
fn zero_or_nan(v: &[Real], rwt: &[Real]) -> Real {
    if v.iter().zip(rwt).any(|(&a, &w)| (a * w).is_nan()) {
        Real::NAN
    } else {
        0.0
    }
}

/// [`inverse_error_weights`] with DASKR's own weights, fused with the first
/// pass of the norm of `y` (DDAWTS, DINVWT, then DDWNRM(y) in the step
/// loop): one sweep sets `rwt_i = 1/(RTOL_i*|y_i| + ATOL_i)` and returns
/// max |y_i*rwt_i|, for [`rms_given_max`]. On a weight <= 0, `rwt` is left
/// holding the weights themselves, as DINVWT leaves them.
pub fn inverse_error_weights_max(tol: Tolerances<'_>, y: &[Real], rwt: &mut [Real]) -> Result<Real, NonPositiveWeight> {
    let mut bad = false;
    let mut vmax = 0.0;
    // A weight <= 0 is divided as 1.0 (its value is rewritten below), so
    // that no division by zero raises a floating-point trap.
    let mut one = |w: &mut Real, yi: Real, ewt: Real| {
        bad |= ewt <= 0.0;
        let inv = 1.0 / if ewt <= 0.0 { 1.0 } else { ewt };
        *w = inv;
        vmax = fold_max(vmax, yi * inv);
    };
    if tol.vector {
        for ((w, &yi), (&r, &a)) in rwt.iter_mut().zip(y).zip(tol.rtol.iter().zip(tol.atol)) {
            one(w, yi, r * yi.abs() + a);
        }
    } else {
        let (r, a) = (tol.rtol[0], tol.atol[0]);
        for (w, &yi) in rwt.iter_mut().zip(y) {
            one(w, yi, r * yi.abs() + a);
        }
    }
    if bad {
        return Err(non_positive_weight(tol, y, rwt));
    }
    Ok(vmax)
}

/// The failure of [`inverse_error_weights_max`]: the weights themselves
/// back in `rwt`, and the first one <= 0.
#[cold]
#[inline(never)]
fn non_positive_weight(tol: Tolerances<'_>, y: &[Real], rwt: &mut [Real]) -> NonPositiveWeight {
    error_weights(tol, y, rwt);
    NonPositiveWeight(rwt.iter().position(|&w| w <= 0.0).unwrap_or(0) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tolerance_array_is_read_as_both_and_scaled_once() {
        // Powers of two: the products are exact.
        let mut both = [0.5, 0.25];
        let mut arrays = ToleranceArrays::Shared(&mut both);
        let t = arrays.view(true);
        assert_eq!((t.at(1), t.vector), ((0.25, 0.25), true));
        arrays.scale(2, 4.0);
        assert_eq!(both, [2.0, 1.0]);
        let (mut rtol, mut atol) = ([0.5, 0.25], [0.125, 0.0625]);
        let mut arrays = ToleranceArrays::Separate { rtol: &mut rtol, atol: &mut atol };
        assert_eq!(arrays.reborrow().view(false).at(1), (0.5, 0.125));
        arrays.scale(1, 4.0);
        assert_eq!((rtol, atol), ([2.0, 0.25], [0.5, 0.0625]));
    }

    #[test]
    fn scalar_and_vector_weights() {
        let y = [1.0, -2.0, 0.0];
        let mut w = [0.0; 3];
        let tol = Tolerances { rtol: &[0.1], atol: &[0.5], vector: false };
        inverse_error_weights(tol, &y, &mut w).unwrap();
        assert_eq!(w, [1.0 / 0.6, 1.0 / 0.7, 1.0 / 0.5]);
        let tol = Tolerances { rtol: &[0.0, 0.0, 1.0], atol: &[1.0, 2.0, 0.0], vector: true };
        assert_eq!(inverse_error_weights(tol, &y, &mut w), Err(NonPositiveWeight(3)));
    }

    #[test]
    fn norm_matches_definition_and_is_scale_safe() {
        let v = [3.0, 4.0];
        let w = [1.0, 1.0];
        assert!((weighted_rms_norm(&v, &w) - (12.5f64).sqrt()).abs() < 1e-15);
        let big = [1e300, 1e300];
        assert!((weighted_rms_norm(&big, &w) - 1e300).abs() / 1e300 < 1e-15);
        assert_eq!(weighted_rms_norm(&[0.0, 0.0], &w), 0.0);
    }

    #[test]
    fn nan_terms_never_give_a_small_norm() {
        assert!(weighted_rms_norm(&[f64::NAN, 0.0], &[1.0, 1.0]).is_nan());
        assert!(weighted_rms_norm(&[f64::NAN, 1.0], &[1.0, 1.0]).is_nan());
        assert_eq!(weighted_rms_norm(&[0.0, 0.0], &[1.0, 1.0]), 0.0);
    }

    #[test]
    fn fused_weights_and_maximum_match_the_separate_passes() {
        let y = [1.0, -2.0, 0.0, 3.5e-3, -7.0e5];
        let rtol = [0.1, 1e-3, 1e-4, 1e-6, 2e-2];
        let atol = [0.5, 1e-9, 1e-7, 1e-12, 3e-1];
        for tol in [
            Tolerances { rtol: &rtol[..1], atol: &atol[..1], vector: false },
            Tolerances { rtol: &rtol, atol: &atol, vector: true },
        ] {
            let (mut w1, mut w2) = ([0.0; 5], [0.0; 5]);
            inverse_error_weights(tol, &y, &mut w1).unwrap();
            let vmax = inverse_error_weights_max(tol, &y, &mut w2).unwrap();
            assert_eq!(w1.map(f64::to_bits), w2.map(f64::to_bits));
            assert_eq!(rms_given_max(&y, &w2, vmax).to_bits(), weighted_rms_norm(&y, &w1).to_bits());
        }
        // A zero weight: both leave the weights un-inverted and name it.
        let tol = Tolerances { rtol: &[0.0, 0.0, 1.0], atol: &[1.0, 2.0, 0.0], vector: true };
        let (mut w1, mut w2) = ([0.0; 3], [9.0; 3]);
        let y = [1.0, -2.0, 0.0];
        assert_eq!(inverse_error_weights(tol, &y, &mut w1), Err(NonPositiveWeight(3)));
        assert_eq!(inverse_error_weights_max(tol, &y, &mut w2), Err(NonPositiveWeight(3)));
        assert_eq!(w1, w2);
    }

    /// The product with 1/n is the quotient, bit for bit, for every power
    /// of two n: over a spread of magnitudes, down to subnormal results
    /// (rounded the same way), and for Inf and NaN.
    #[test]
    fn mean_square_is_the_quotient() {
        let mut rng = crate::core::test_problems::Lcg(0x9E37_79B9_7F4A_7C15);
        let mut values = vec![0.0, Real::MIN_POSITIVE, 3.0 * Real::MIN_POSITIVE / 7.0, Real::MAX, Real::INFINITY];
        for _ in 0..2000 {
            let x = rng.next_bits();
            let mantissa = 1.0 + (x >> 11) as Real / (1u64 << 53) as Real;
            let exponent = (x >> 3) as i32 % 2100 - 1075;
            values.push(mantissa * (2.0 as Real).powi(exponent / 2) * (2.0 as Real).powi(exponent - exponent / 2));
        }
        for n in (0..40).map(|k| 1usize << k).chain([3, 5, 6, 12, 15, 20, 1000]) {
            for &v in &values {
                assert_eq!(mean_square(v, n).to_bits(), (v / n as Real).to_bits(), "{v:e} / {n}");
            }
        }
        assert!(mean_square(Real::NAN, 8).is_nan());
    }

    #[test]
    fn algebraic_mask() {
        let mut vt = [9.0; 3];
        mask_algebraic(&[1.0, 2.0, 3.0], &[1, -1, 1], &mut vt);
        assert_eq!(vt, [1.0, 0.0, 3.0]);
    }
}
