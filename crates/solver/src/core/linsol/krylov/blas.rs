//! The vector kernels of the Krylov solver, in LINPACK's summation order
//! (DDOT, DAXPY, DSCAL, and DNRM2 as DASKR ships it) so that iteration
//! counts match the original.

use crate::core::precision::Precision;
use crate::types::Real;

/// Sequential dot product (LINPACK DDOT's summation order).
pub(super) fn dot(x: &[Real], y: &[Real]) -> Real {
    let mut s = 0.0;
    for (&a, &b) in x.iter().zip(y) {
        s += a * b;
    }
    s
}

/// y += a*x, skipped when a = 0 (LINPACK DAXPY).
pub(super) fn axpy(a: Real, x: &[Real], y: &mut [Real]) {
    if a == 0.0 {
        return;
    }
    for (yi, &xi) in y.iter_mut().zip(x) {
        *yi += a * xi;
    }
}

/// x = a*x (DSCAL).
pub(super) fn scale(a: Real, x: &mut [Real]) {
    for xi in x.iter_mut() {
        *xi *= a;
    }
}

/// LINPACK's DNRM2 ([`legacy_norm2`]) of a vector formed component by
/// component in another pass: the unscaled sum of squares in index order,
/// which is DNRM2's result whenever DNRM2 takes its unscaled ("mid-range")
/// path for the whole vector, i.e. when the first nonzero component
/// exceeds CUTLO and none reaches CUTHI/n. [`Norm2Sum::finish`] checks
/// that on the finished vector and otherwise runs DNRM2 itself.
pub(super) struct Norm2Sum {
    sum: Real,
    hitest: Real,
    /// A component at or above `hitest`, or NaN: DNRM2 scales.
    big: bool,
}

impl Norm2Sum {
    pub(super) fn new(n: usize) -> Self {
        // Fortran's FLOAT(N) is single precision.
        Norm2Sum { sum: 0.0, hitest: CUTHI / (n as f32 as Real), big: false }
    }

    /// Add x*x. A component DNRM2 would scale is left out (and flagged),
    /// so that no square can overflow here.
    #[inline(always)]
    pub(super) fn add(&mut self, x: Real) {
        let small = x.abs() < self.hitest;
        self.big |= !small;
        let x = if small { x } else { 0.0 };
        self.sum += x * x;
    }

    /// DNRM2 of `x`, the vector whose components were added in order.
    pub(super) fn finish(self, x: &[Real]) -> Real {
        let first_mid_range = match x.iter().find(|&&xi| xi != 0.0) {
            Some(xi) => xi.abs() > CUTLO,
            None => true,
        };
        if first_mid_range && !self.big {
            self.sum.sqrt()
        } else {
            legacy_norm2(x)
        }
    }
}

/// DNRM2's thresholds: components up to CUTLO may underflow when
/// squared, from CUTHI/n the sum may overflow. CUTLO is the one constant
/// of the routine that depends on the precision (SNRM2's is 4.441E-16).
const CUTLO: Real = <Real as Precision>::NRM2_CUTLO;
const CUTHI: Real = 1.304e19;

/// Euclidean norm by the four-phase method of LINPACK's DNRM2 (Lawson,
/// 1978), the version DASKR ships: small components are summed scaled by
/// the largest so far, mid-range ones unscaled, and the sum is rescaled
/// when a component reaches CUTHI/n. Kept exactly for reproducibility.
pub(super) fn legacy_norm2(x: &[Real]) -> Real {
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Phase {
        /// Only zeros so far.
        Zeros,
        /// Small components, sum scaled by xmax.
        Small,
        /// A huge component met, sum scaled by xmax.
        Large,
    }
    let n = x.len();
    if n == 0 {
        return 0.0;
    }
    // Fortran's FLOAT(N) is single precision.
    let hitest = CUTHI / (n as f32 as Real);
    let mut sum: Real = 0.0;
    let mut xmax: Real = 0.0;
    let mut phase = Phase::Zeros;
    let mut i = 0;
    while i < n {
        let xi = x[i];
        let ai = xi.abs();
        let mut mid_range = false;
        match phase {
            Phase::Zeros => {
                if ai > CUTLO {
                    mid_range = true;
                } else if xi != 0.0 {
                    phase = Phase::Small;
                    xmax = ai;
                    let q = xi / xmax;
                    sum += q * q;
                }
            }
            Phase::Small | Phase::Large => {
                if phase == Phase::Small && ai > CUTLO {
                    sum = (sum * xmax) * xmax;
                    mid_range = true;
                } else if ai <= xmax {
                    let q = xi / xmax;
                    sum += q * q;
                } else {
                    let q = xmax / xi;
                    sum = 1.0 + sum * (q * q);
                    xmax = ai;
                }
            }
        }
        if mid_range {
            // Unscaled sum until a component reaches hitest.
            let mut j = i;
            loop {
                if j >= n {
                    return sum.sqrt();
                }
                if x[j].abs() >= hitest {
                    break;
                }
                sum += x[j] * x[j];
                j += 1;
            }
            i = j;
            let xi = x[i];
            sum = (sum / xi) / xi;
            xmax = xi.abs();
            let q = xi / xmax;
            sum += q * q;
            phase = Phase::Large;
        }
        i += 1;
    }
    xmax * sum.sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_problems::fnv1a;

    #[test]
    fn legacy_norm_agrees_with_euclidean_norm() {
        let cases: Vec<Vec<Real>> = vec![
            vec![],
            vec![0.0, 0.0],
            vec![3.0, 4.0],
            vec![0.0, 1e-12, -3e-12, 2.0, 5.0],
            vec![1e-20, 2e-20, 0.0, 3e-20],
            vec![1.0, 2e19, -3.0, 1e18],
            vec![1e-13, 1e300, 1e299],
            (0..37).map(|i| ((i * 7 % 11) as Real - 5.0) * 0.37).collect(),
        ];
        for v in cases {
            let big = v.iter().fold(0.0, |m: Real, x| m.max(x.abs()));
            let naive =
                if big == 0.0 { 0.0 } else { v.iter().map(|x| (x / big) * (x / big)).sum::<Real>().sqrt() * big };
            let got = legacy_norm2(&v);
            assert!((got - naive).abs() <= 1e-14 * naive.max(1e-300), "{v:?}: {got} vs {naive}");
        }
        // Mid-range vectors are summed unscaled, exactly like a plain loop.
        let v: Vec<Real> = (1..20).map(|i| 1.0 / i as Real).collect();
        let plain = v.iter().fold(0.0, |s: Real, x| s + x * x).sqrt();
        assert_eq!(legacy_norm2(&v), plain);
    }

    /// The fused sum agrees with DNRM2 on every test vector (fast path or
    /// not), and takes the fast path on ordinary ones.
    #[test]
    fn fused_norm_sum_is_legacy_norm() {
        let mut vs = norm_test_vectors();
        vs.push(vec![0.0, -0.0, 3.0, 1e-300, 4.0]);
        vs.push(vec![f64::NAN, 1.0]);
        vs.push(vec![1.0, f64::NAN]);
        vs.push(vec![1.0, f64::INFINITY]);
        vs.push(vec![]);
        for v in &vs {
            let mut acc = Norm2Sum::new(v.len());
            v.iter().for_each(|&x| acc.add(x));
            assert_eq!(acc.finish(v).to_bits(), legacy_norm2(v).to_bits(), "{v:?}");
        }
        let v: Vec<Real> = (1..50).map(|i| (i as Real).sin()).collect();
        let mut acc = Norm2Sum::new(v.len());
        v.iter().for_each(|&x| acc.add(x));
        assert!(!acc.big);
    }

    /// Vectors mixing zeros, tiny, mid-range and huge components, built
    /// exactly (k * 2^p) by the same generator in the Fortran harness.
    fn norm_test_vectors() -> Vec<Vec<Real>> {
        const PS: [i32; 12] = [-1000, -200, -60, -40, -36, -34, -30, 0, 10, 60, 62, 64];
        let mut seed: i64 = 12345;
        let mut next = || {
            seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
            seed
        };
        let mut out = Vec::new();
        for _ in 0..400 {
            let n = 1 + (next() / 7 % 40) as usize;
            let mut x = Vec::with_capacity(n);
            for _ in 0..n {
                let mut k = next() / 3 % 1_048_576 - 524_288;
                let p = PS[(next() / 5 % 12) as usize];
                if next() / 11 % 4 == 0 {
                    k = 0;
                }
                x.push(k as Real * (2.0 as Real).powi(p));
            }
            out.push(x);
        }
        out
    }

    /// 400 vectors through LINPACK's DNRM2 (DASKR's dlinpk.f) and through
    /// `legacy_norm2`: every result has the same bits (hash of DASKR's
    /// printed results).
    #[test]
    fn legacy_norm_matches_linpack_dnrm2_bit_for_bit() {
        let text: String =
            norm_test_vectors().iter().map(|v| format!(" {:016X}\n", legacy_norm2(v).to_bits())).collect();
        assert_eq!(fnv1a(&text), 0x0ba2_622a_7787_06f6);
    }
}
