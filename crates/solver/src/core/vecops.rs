//! Kernels over NEQ-long vectors, shared by the stepper and the
//! correctors.
//!
//! DASKR makes one pass over the vectors per operation (copy, scale, add,
//! each weighted norm twice). Here the passes that follow one another
//! over the same components are fused: the component-wise operations are
//! DASKR's, in DASKR's order for each component, so every result is the
//! same to the bit; only the loop nesting changes. A kernel that also
//! yields the first pass of a weighted norm (the largest weighted term,
//! see [`fold_max`]) leaves the second pass to [`rms_given_max`].
//!
//! The orders K and K+1 are small (1..5, 2..6), so the kernels over the
//! columns of PHI are instantiated per order: the loop over the columns
//! is unrolled and the loop over the components is a straight loop.

use super::norms::{fold_max, rms_from_sum, rms_given_max, weighted_rms_norm};
use crate::types::Real;

/// x *= a.
pub fn scale(x: &mut [Real], a: Real) {
    for xi in x {
        *xi *= a;
    }
}

/// Call `$f::<K>` with the order K = `$k` (1..=5) as a constant.
macro_rules! with_order {
    ($k:expr, $f:ident $(:: <$($g:tt),*>)?, ($($arg:expr),* $(,)?)) => {
        match $k {
            1 => $f::<1 $($(, $g)*)?>($($arg),*),
            2 => $f::<2 $($(, $g)*)?>($($arg),*),
            3 => $f::<3 $($(, $g)*)?>($($arg),*),
            4 => $f::<4 $($(, $g)*)?>($($arg),*),
            5 => $f::<5 $($(, $g)*)?>($($arg),*),
            k => unreachable!("BDF order {k}"),
        }
    };
}

/// The K+1 leading columns of PHI (`n` rows each) as separate slices of
/// length `n` (split off one by one: no division by `n`).
#[inline(always)]
fn columns<const K: usize>(phi: &mut [Real], n: usize) -> (&mut [Real], [&mut [Real]; K]) {
    let (first, mut rest) = phi.split_at_mut(n);
    let cols = std::array::from_fn(|_| {
        let (col, tail) = std::mem::take(&mut rest).split_at_mut(n);
        rest = tail;
        col
    });
    (first, cols)
}

/// The prediction of one corrector attempt (DNEDD/DNEDK label 300),
/// optionally fused with DDSTP's PHI -> PHI* before it:
///
/// - when `rescale_from` <= K, columns `rescale_from..=K` (0-based) of PHI
///   are first multiplied by BETA (the columns whose differences depend
///   on the step-size history);
/// - y = PHI(:,0) + PHI(:,1) + ... + PHI(:,K), y' = 0 + GAMMA(1) PHI(:,1)
///   + ... + GAMMA(K) PHI(:,K), K = `kp1` - 1;
/// - with `wt`, the result is max |y_i*wt_i| (the first pass of the
///   weighted norm of the prediction), else 0.
#[allow(clippy::too_many_arguments)]
pub fn predict(
    phi: &mut [Real],
    kp1: usize,
    gamma: &[Real; 6],
    beta: &[Real; 6],
    rescale_from: usize,
    y: &mut [Real],
    yp: &mut [Real],
    wt: Option<&[Real]>,
) -> Real {
    let k = kp1 - 1;
    let p = Prediction { gamma, beta, rescale_from };
    match (rescale_from <= k, wt) {
        (false, None) => with_order!(k, predict_k::<false, false>, (phi, &p, y, yp, &[])),
        (true, None) => with_order!(k, predict_k::<true, false>, (phi, &p, y, yp, &[])),
        (false, Some(wt)) => with_order!(k, predict_k::<false, true>, (phi, &p, y, yp, wt)),
        (true, Some(wt)) => with_order!(k, predict_k::<true, true>, (phi, &p, y, yp, wt)),
    }
}

/// The coefficients of [`predict`].
struct Prediction<'a> {
    gamma: &'a [Real; 6],
    beta: &'a [Real; 6],
    rescale_from: usize,
}

/// [`predict`] at order K, with or without the rescaling and the norm.
fn predict_k<const K: usize, const RESCALE: bool, const MAX: bool>(
    phi: &mut [Real],
    p: &Prediction<'_>,
    y: &mut [Real],
    yp: &mut [Real],
    wt: &[Real],
) -> Real {
    let n = y.len();
    let (first, mut cols) = columns::<K>(phi, n);
    let (first, yp) = (&first[..n], &mut yp[..n]);
    let wt = if MAX { &wt[..n] } else { wt };
    // Columns below RESCALE_FROM keep their values: their factor is 1,
    // and x*1 = x exactly, so every column can be written back alike.
    let mut factor = [1.0; 6];
    if RESCALE {
        for (j, f) in factor.iter_mut().enumerate().skip(p.rescale_from.max(1)) {
            *f = p.beta[j];
        }
    }
    // GAMMA in registers: read through `p`, the compiler would reload it
    // after every store to Y, Y' or a rescaled column (which, for all it
    // knows, might overlap it).
    let gamma = *p.gamma;
    let mut vmax = 0.0;
    for i in 0..n {
        let mut yi = first[i];
        let mut ypi = 0.0;
        for (j, col) in cols.iter_mut().enumerate() {
            let mut c = col[i];
            if RESCALE {
                c *= factor[j + 1];
                col[i] = c;
            }
            yi += c;
            ypi += gamma[j + 1] * c;
        }
        y[i] = yi;
        yp[i] = ypi;
        if MAX {
            vmax = fold_max(vmax, yi * wt[i]);
        }
    }
    vmax
}

/// DDATRP's sums, component by component: y = PHI(:,0) + c(1) PHI(:,1) +
/// ... + c(K) PHI(:,K), y' = 0 + d(1) PHI(:,1) + ... + d(K) PHI(:,K),
/// K = `kold` (0..=5).
pub fn interpolation_sums(phi: &[Real], kold: usize, c: &[Real; 6], d: &[Real; 6], y: &mut [Real], yp: &mut [Real]) {
    let n = y.len();
    if kold == 0 {
        y.copy_from_slice(&phi[..n]);
        yp.fill(0.0);
        return;
    }
    with_order!(kold, interpolate_k, (phi, c, d, y, yp));
}

fn interpolate_k<const K: usize>(phi: &[Real], c: &[Real; 6], d: &[Real; 6], y: &mut [Real], yp: &mut [Real]) {
    let n = y.len();
    let yp = &mut yp[..n];
    let (first, mut rest) = phi.split_at(n);
    let cols: [&[Real]; K] = std::array::from_fn(|_| {
        let (col, tail) = rest.split_at(n);
        rest = tail;
        col
    });
    for i in 0..n {
        let mut yi = first[i];
        let mut ypi = 0.0;
        for (j, col) in cols.iter().enumerate() {
            yi += c[j + 1] * col[i];
            ypi += d[j + 1] * col[i];
        }
        y[i] = yi;
        yp[i] = ypi;
    }
}

/// One Newton update (DNSD/DNSK label 340) fused with the first pass of
/// the norm of the correction: y -= d, e -= d, y' -= cj*d, returning
/// max |d_i*wt_i|. `first`: this is the first iteration, e starts from 0
/// (e = 0 - d, exactly what DNSD's zeroed E gives).
pub fn apply_correction(
    y: &mut [Real],
    e: &mut [Real],
    yp: &mut [Real],
    d: &[Real],
    cj: Real,
    wt: &[Real],
    first: bool,
) -> Real {
    let n = y.len();
    let (e, yp, d, wt) = (&mut e[..n], &mut yp[..n], &d[..n], &wt[..n]);
    let mut vmax = 0.0;
    for i in 0..n {
        let di = d[i];
        y[i] -= di;
        e[i] = if first { 0.0 } else { e[i] } - di;
        yp[i] -= cj * di;
        vmax = fold_max(vmax, di * wt[i]);
    }
    vmax
}

/// The weighted norms of DDSTP's error estimates (block 4): of `e`, and,
/// with `pk1` = PHI(:,K+1), of `pk1 + e` (order K-1), and, with `pk` =
/// PHI(:,K) too, of `pk1 + e + pk` (order K-2); the same values as DDWNRM
/// of each in turn, in two passes over the vectors instead of six.
/// `delta` is left holding the last vector formed, as DDSTP leaves it.
pub fn estimate_norms(
    e: &[Real],
    pk1: Option<&[Real]>,
    pk: Option<&[Real]>,
    vt: &[Real],
    delta: &mut [Real],
) -> [Real; 3] {
    let n = e.len();
    let (vt, delta) = (&vt[..n], &mut delta[..n]);
    match (pk1, pk) {
        (None, _) => [weighted_rms_norm(e, vt), 0.0, 0.0],
        (Some(p1), None) => {
            let p1 = &p1[..n];
            let (mut m0, mut m1) = (0.0, 0.0);
            for i in 0..n {
                m0 = fold_max(m0, e[i] * vt[i]);
                let d = p1[i] + e[i];
                delta[i] = d;
                m1 = fold_max(m1, d * vt[i]);
            }
            if !(m0 > 0.0 && m1 > 0.0) {
                return [rms_given_max(e, vt, m0), rms_given_max(delta, vt, m1), 0.0];
            }
            let (mut s0, mut s1) = (0.0, 0.0);
            for i in 0..n {
                let q0 = (e[i] * vt[i]) / m0;
                s0 += q0 * q0;
                let q1 = (delta[i] * vt[i]) / m1;
                s1 += q1 * q1;
            }
            [rms_from_sum(m0, s0, n), rms_from_sum(m1, s1, n), 0.0]
        }
        (Some(p1), Some(p2)) => {
            let (p1, p2) = (&p1[..n], &p2[..n]);
            let (mut m0, mut m1, mut m2) = (0.0, 0.0, 0.0);
            for i in 0..n {
                m0 = fold_max(m0, e[i] * vt[i]);
                let d1 = p1[i] + e[i];
                m1 = fold_max(m1, d1 * vt[i]);
                let d2 = d1 + p2[i];
                delta[i] = d2;
                m2 = fold_max(m2, d2 * vt[i]);
            }
            if !(m0 > 0.0 && m1 > 0.0 && m2 > 0.0) {
                return three_norms_unfused(e, p1, p2, vt, delta);
            }
            let (mut s0, mut s1, mut s2) = (0.0, 0.0, 0.0);
            for i in 0..n {
                let q0 = (e[i] * vt[i]) / m0;
                s0 += q0 * q0;
                let q1 = ((p1[i] + e[i]) * vt[i]) / m1;
                s1 += q1 * q1;
                let q2 = (delta[i] * vt[i]) / m2;
                s2 += q2 * q2;
            }
            [rms_from_sum(m0, s0, n), rms_from_sum(m1, s1, n), rms_from_sum(m2, s2, n)]
        }
    }
}

/// [`estimate_norms`] at order K >= 3 when some norm is 0 (or NaN),
/// one vector after the other (the fused sums would divide by 0).
#[cold]
#[inline(never)]
fn three_norms_unfused(e: &[Real], p1: &[Real], p2: &[Real], vt: &[Real], delta: &mut [Real]) -> [Real; 3] {
    let n0 = weighted_rms_norm(e, vt);
    for ((d, &a), &b) in delta.iter_mut().zip(p1).zip(e) {
        *d = a + b;
    }
    let n1 = weighted_rms_norm(delta, vt);
    for (d, &b) in delta.iter_mut().zip(p2) {
        *d += b;
    }
    [n0, n1, weighted_rms_norm(delta, vt)]
}

/// out = a - b, returning max |out_i*wt_i| (DDSTP's estimate at order
/// K+1, first pass of its norm).
pub fn difference_max(out: &mut [Real], a: &[Real], b: &[Real], wt: &[Real]) -> Real {
    let n = out.len();
    let (a, b, wt) = (&a[..n], &b[..n], &wt[..n]);
    let mut vmax = 0.0;
    for i in 0..n {
        let d = a[i] - b[i];
        out[i] = d;
        vmax = fold_max(vmax, d * wt[i]);
    }
    vmax
}

/// DDSTP's update of the differences after an accepted step of order
/// K = `kp1` - 1 (labels 580..595): PHI(:,K+1) = E when `set_next`,
/// PHI(:,K) += E, then PHI(:,j) += PHI(:,j+1) for j = K-1 down to 0
/// (0-based columns), component by component.
pub fn update_differences(phi: &mut [Real], kp1: usize, e: &[Real], set_next: bool) {
    let k = kp1 - 1;
    if set_next {
        with_order!(k, update_k::<true>, (phi, e));
    } else {
        with_order!(k, update_k::<false>, (phi, e));
    }
}

fn update_k<const K: usize, const SET_NEXT: bool>(phi: &mut [Real], e: &[Real]) {
    let n = e.len();
    if SET_NEXT {
        phi[(K + 1) * n..(K + 2) * n].copy_from_slice(e);
    }
    let (first, cols) = columns::<K>(phi, n);
    let first = &mut first[..n];
    for i in 0..n {
        let mut acc = cols[K - 1][i] + e[i];
        cols[K - 1][i] = acc;
        for j in (0..K - 1).rev() {
            // PHI(:,j) + PHI(:,j+1); IEEE addition commutes, bit for bit.
            acc += cols[j][i];
            cols[j][i] = acc;
        }
        first[i] += acc;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PHI of `cols` columns with awkward values (signed zeros, tiny and
    /// huge entries), so that any change of operation order would show.
    fn sample_phi(n: usize, cols: usize) -> Vec<Real> {
        (0..n * cols)
            .map(|i| match i % 7 {
                0 => -0.0,
                1 => 1e-300 * (i as Real),
                2 => (i as Real).sin() * 1e3,
                3 => 1.0 / 3.0 + i as Real,
                4 => -(i as Real).sqrt(),
                5 => 7e10 / (1.0 + i as Real),
                _ => (i as Real * 0.37).cos(),
            })
            .collect()
    }

    fn bits(v: &[Real]) -> Vec<u64> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn predictor_matches_daskr_passes() {
        let n = 7;
        let gamma = [0.0, 0.7, -1.3, 2.9, 1e-3, 5.5];
        let beta = [1.0, 1.1, 0.9, 1.7, 0.3, 2.5];
        let wt: Vec<Real> = (0..n).map(|i| 1.0 / (1.0 + i as Real)).collect();
        for kp1 in 2..=6 {
            for from in 1..=kp1 {
                let mut phi0 = sample_phi(n, 7);
                // DDSTP then DNEDD, one pass per operation.
                for j in from..kp1 {
                    scale(&mut phi0[j * n..(j + 1) * n], beta[j]);
                }
                let mut y0 = phi0[..n].to_vec();
                let mut yp0 = vec![0.0; n];
                for j in 1..kp1 {
                    for i in 0..n {
                        y0[i] += phi0[j * n + i];
                        yp0[i] += gamma[j] * phi0[j * n + i];
                    }
                }
                let mut phi = sample_phi(n, 7);
                let (mut y, mut yp) = (vec![0.0; n], vec![0.0; n]);
                let vmax = predict(&mut phi, kp1, &gamma, &beta, from, &mut y, &mut yp, Some(&wt));
                assert_eq!((bits(&phi), bits(&y), bits(&yp)), (bits(&phi0), bits(&y0), bits(&yp0)), "kp1 {kp1}");
                assert_eq!(rms_given_max(&y, &wt, vmax).to_bits(), weighted_rms_norm(&y0, &wt).to_bits());
                let mut phi = sample_phi(n, 7);
                assert_eq!(predict(&mut phi, kp1, &gamma, &beta, from, &mut y, &mut yp, None), 0.0);
                assert_eq!((bits(&phi), bits(&y), bits(&yp)), (bits(&phi0), bits(&y0), bits(&yp0)));
            }
        }
    }

    #[test]
    fn interpolation_sums_match_daskr_passes() {
        let n = 6;
        let c = [0.0, 0.9, -0.31, 1e-5, 7.0, -2.5];
        let d = [0.0, 1.7, 3.3, -0.25, 1e9, 0.125];
        for kold in 0..=5 {
            let phi = sample_phi(n, 6);
            let (mut y0, mut yp0) = (phi[..n].to_vec(), vec![0.0; n]);
            for j in 1..=kold {
                for i in 0..n {
                    y0[i] += c[j] * phi[j * n + i];
                    yp0[i] += d[j] * phi[j * n + i];
                }
            }
            let (mut y, mut yp) = (vec![9.0; n], vec![9.0; n]);
            interpolation_sums(&phi, kold, &c, &d, &mut y, &mut yp);
            assert_eq!((bits(&y), bits(&yp)), (bits(&y0), bits(&yp0)), "kold {kold}");
        }
    }

    #[test]
    fn correction_and_estimates_match_daskr_passes() {
        let n = 9;
        let p = sample_phi(n, 4);
        let vt: Vec<Real> = (0..n).map(|i| 1.0 / (0.5 + i as Real)).collect();
        let (d, e0) = (&p[..n], &p[n..2 * n]);
        let mut e = e0.to_vec();
        for first in [true, false] {
            // DNSD: E zeroed before the first update, then y, e, y' -= ...
            let (mut y, mut yp) = (p[2 * n..3 * n].to_vec(), p[3 * n..].to_vec());
            let (mut y1, mut e1, mut yp1) = (y.clone(), if first { vec![0.0; n] } else { e0.to_vec() }, yp.clone());
            for i in 0..n {
                y1[i] -= d[i];
                e1[i] -= d[i];
                yp1[i] -= 3.5 * d[i];
            }
            e.copy_from_slice(e0);
            let vmax = apply_correction(&mut y, &mut e, &mut yp, d, 3.5, &vt, first);
            assert_eq!((bits(&y), bits(&e), bits(&yp)), (bits(&y1), bits(&e1), bits(&yp1)));
            assert_eq!(rms_given_max(d, &vt, vmax).to_bits(), weighted_rms_norm(d, &vt).to_bits());
        }
        // Error estimates at orders K, K-1, K-2.
        let (pk1, pk) = (&p[2 * n..3 * n], &p[3 * n..]);
        let want0 = weighted_rms_norm(&e, &vt);
        let mut d1: Vec<Real> = pk1.iter().zip(&e).map(|(a, b)| a + b).collect();
        let want1 = weighted_rms_norm(&d1, &vt);
        let mut delta = vec![0.0; n];
        assert_eq!(estimate_norms(&e, Some(pk1), None, &vt, &mut delta), [want0, want1, 0.0]);
        assert_eq!(bits(&delta), bits(&d1));
        d1.iter_mut().zip(pk).for_each(|(a, b)| *a += b);
        let want2 = weighted_rms_norm(&d1, &vt);
        assert_eq!(estimate_norms(&e, Some(pk1), Some(pk), &vt, &mut delta), [want0, want1, want2]);
        assert_eq!(bits(&delta), bits(&d1));
        assert_eq!(estimate_norms(&e, None, None, &vt, &mut delta)[0], want0);
        // A zero correction: every norm 0, as DDWNRM gives.
        let z = vec![0.0; n];
        assert_eq!(estimate_norms(&z, Some(&z), Some(&z), &vt, &mut delta), [0.0; 3]);
        assert_eq!(estimate_norms(&z, Some(&z), None, &vt, &mut delta), [0.0; 3]);
    }

    #[test]
    fn difference_update_matches_daskr_passes() {
        let n = 5;
        let e: Vec<Real> = sample_phi(n, 1).iter().map(|x| x * 0.3 + 1e-7).collect();
        for kp1 in 2..=6 {
            for set_next in [false, true] {
                let mut phi0 = sample_phi(n, 7);
                if set_next {
                    phi0[kp1 * n..(kp1 + 1) * n].copy_from_slice(&e);
                }
                for i in 0..n {
                    phi0[(kp1 - 1) * n + i] += e[i];
                }
                for j in (1..kp1).rev() {
                    for i in 0..n {
                        phi0[(j - 1) * n + i] += phi0[j * n + i];
                    }
                }
                let mut phi = sample_phi(n, 7);
                update_differences(&mut phi, kp1, &e, set_next);
                assert_eq!(bits(&phi), bits(&phi0), "kp1 {kp1} set_next {set_next}");
            }
        }
        let (a, b) = (sample_phi(n, 1), e.clone());
        let mut out = vec![0.0; n];
        let vmax = difference_max(&mut out, &a, &b, &a);
        let want: Vec<Real> = a.iter().zip(&b).map(|(x, y)| x - y).collect();
        assert_eq!(bits(&out), bits(&want));
        assert_eq!(rms_given_max(&out, &a, vmax), weighted_rms_norm(&want, &a));
    }
}
