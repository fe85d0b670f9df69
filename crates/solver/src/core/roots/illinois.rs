//! DASKR's root location (DROOTS): the first sign change of the root
//! functions in an interval, by the Illinois variant of the secant method.

use super::RootOptions;
use crate::types::{FInt, Real};

/// Fortran SIGN(1, x): +1 for x >= +0, -1 for x <= -0.
#[inline]
pub(super) fn sign(x: Real) -> Real {
    (1.0 as Real).copysign(x)
}

/// Fortran's `ABS(R) .GT. 0` test: a zero (or NaN) value counts as a zero.
#[inline]
#[allow(clippy::neg_cmp_op_on_partial_ord)]
pub(super) fn is_zero(x: Real) -> bool {
    !(x.abs() > 0.0)
}

/// Result of scanning R(X0) against R(X): the component with the largest
/// secant fraction among those that changed sign, and whether any R(X) is 0.
/// With `mask_zeros`, a component that is zero at X0 takes no part.
fn scan(r0: &[Real], rx: &[Real], mask_zeros: bool) -> (Option<usize>, bool) {
    let mut imax = None;
    let mut tmax = 0.0;
    let mut zroot = false;
    for (i, (&a, &b)) in r0.iter().zip(rx).enumerate() {
        if mask_zeros && is_zero(a) {
            continue;
        }
        if is_zero(b) {
            zroot = true;
            continue;
        }
        if sign(a) == sign(b) {
            continue;
        }
        let t2 = (b / (b - a)).abs();
        if t2 > tmax {
            tmax = t2;
            imax = Some(i);
        }
    }
    (imax, zroot)
}

/// What the search in (X0, X1] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bracket {
    /// A sign change was located at `x` (to within HMIN).
    SignChange { x: Real },
    /// Some R_i is exactly zero at X1 with no sign change before.
    ZeroAtEnd { x: Real },
    /// Nothing in the interval.
    None,
}

/// The arrays of one search: R at the two ends and at the trial point,
/// and the JROOT output.
pub struct SearchArrays<'a> {
    pub r0: &'a mut [Real],
    pub r1: &'a mut [Real],
    pub rx: &'a mut [Real],
    pub jroot: &'a mut [FInt],
}

/// Find the root nearest X0 of the functions sampled by `eval` in
/// (x0, x1] (DROOTS). On return `x0`, `x1`, R0, R1 describe the final
/// bracket, RX holds R at the returned point and JROOT the directions.
pub fn locate_first_root(
    opts: RootOptions,
    hmin: Real,
    x0: &mut Real,
    x1: &mut Real,
    a: &mut SearchArrays<'_>,
    mut eval: impl FnMut(Real, &mut [Real]),
) -> Bracket {
    let (first, zroot) = scan(a.r0, a.r1, opts.mask_zeros);
    let Some(mut imax) = first else {
        a.rx.copy_from_slice(a.r1);
        if zroot {
            for ((j, &r1), &r0) in a.jroot.iter_mut().zip(a.r1.iter()).zip(a.r0.iter()) {
                let masked = opts.mask_zeros && is_zero(r0);
                *j = if is_zero(r1) && !masked { -sign(r0) as FInt } else { 0 };
            }
            return Bracket::ZeroAtEnd { x: *x1 };
        }
        return Bracket::None;
    };
    // Illinois iteration. `last` says on which side the previous trial
    // point fell (1: it replaced X1, 0: it replaced X0); two in a row on
    // the same side change the weight `alpha` of the stale end.
    let mut xroot = false;
    let mut nxlast = 0;
    let mut last = 1;
    let mut alpha: Real = 1.0;
    while !xroot {
        if nxlast != last {
            alpha = 1.0;
        } else if last == 0 {
            alpha *= 2.0;
        } else {
            alpha *= 0.5;
        }
        let mut x2 = *x1 - (*x1 - *x0) * a.r1[imax] / (a.r1[imax] - alpha * a.r0[imax]);
        let fraction = |x0: Real, x1: Real| {
            let fracint = (x1 - x0).abs() / hmin;
            if fracint > 5.0 {
                0.1
            } else {
                0.5 / fracint
            }
        };
        if (x2 - *x0).abs() < 0.5 * hmin {
            x2 = *x0 + fraction(*x0, *x1) * (*x1 - *x0);
        }
        if (*x1 - x2).abs() < 0.5 * hmin {
            x2 = *x1 - fraction(*x0, *x1) * (*x1 - *x0);
        }
        eval(x2, a.rx);
        let imxold = imax;
        let (found, zroot) = scan(a.r0, a.rx, opts.mask_zeros);
        imax = found.unwrap_or(imxold);
        nxlast = last;
        if found.is_some() {
            *x1 = x2;
            a.r1.copy_from_slice(a.rx);
            last = 1;
            xroot = false;
        } else if zroot {
            *x1 = x2;
            a.r1.copy_from_slice(a.rx);
            xroot = true;
        } else {
            a.r0.copy_from_slice(a.rx);
            *x0 = x2;
            last = 0;
            xroot = false;
        }
        if (*x1 - *x0).abs() <= hmin {
            xroot = true;
        }
    }
    a.rx.copy_from_slice(a.r1);
    for ((j, &r1), &r0) in a.jroot.iter_mut().zip(a.r1.iter()).zip(a.r0.iter()) {
        *j = if opts.mask_zeros && is_zero(r0) {
            0
        } else if is_zero(r1) {
            -sign(r0) as FInt
        } else if sign(r0) != sign(r1) {
            sign(r1 - r0) as FInt
        } else {
            0
        };
    }
    Bracket::SignChange { x: *x1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(r: impl Fn(Real) -> [Real; 2], x0: Real, x1: Real) -> (Bracket, [FInt; 2]) {
        let (mut r0, mut r1, mut rx) = (r(x0).to_vec(), r(x1).to_vec(), vec![0.0; 2]);
        let mut jroot = [0; 2];
        let (mut a, mut b) = (x0, x1);
        let mut arrays = SearchArrays { r0: &mut r0, r1: &mut r1, rx: &mut rx, jroot: &mut jroot };
        let out = locate_first_root(RootOptions::default(), 1e-12, &mut a, &mut b, &mut arrays, |x, rx| {
            rx.copy_from_slice(&r(x))
        });
        (out, jroot)
    }

    #[test]
    fn brackets_first_root_with_direction() {
        // R1 = x - 0.3 (rises), R2 = 0.7 - x (falls): the first root is 0.3.
        let (out, j) = run(|x| [x - 0.3, 0.7 - x], 0.0, 1.0);
        match out {
            Bracket::SignChange { x } => assert!((x - 0.3).abs() < 1e-11),
            o => panic!("{o:?}"),
        }
        assert_eq!(j, [1, 0]);
        // Backward direction: from 1 to 0, the first root met is 0.7 (R2 - to +).
        let (out, j) = run(|x| [x - 0.3, 0.7 - x], 1.0, 0.0);
        match out {
            Bracket::SignChange { x } => assert!((x - 0.7).abs() < 1e-11),
            o => panic!("{o:?}"),
        }
        assert_eq!(j, [0, 1]);
    }

    #[test]
    fn nonlinear_root_converges() {
        let (out, j) = run(|x| [(x * 3.0).sin() - 0.5, 1.0], 0.0, 0.5);
        let exact = (0.5f64).asin() / 3.0;
        match out {
            Bracket::SignChange { x } => assert!((x - exact).abs() < 1e-11),
            o => panic!("{o:?}"),
        }
        assert_eq!(j, [1, 0]);
    }

    #[test]
    fn zero_at_end_and_no_root() {
        let (out, j) = run(|x| [x - 1.0, 2.0], 0.0, 1.0);
        assert_eq!(out, Bracket::ZeroAtEnd { x: 1.0 });
        assert_eq!(j, [1, 0]);
        let (out, _) = run(|x| [x + 1.0, 2.0], 0.0, 1.0);
        assert_eq!(out, Bracket::None);
    }

    #[test]
    fn double_crossing_inside_interval_is_not_seen() {
        // DASKR's documented weakness, kept on purpose in DDASKR.
        let (out, _) = run(|x| [(x - 0.4) * (x - 0.6), 1.0], 0.0, 1.0);
        assert_eq!(out, Bracket::None);
    }
}
