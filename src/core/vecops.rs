//! Short kernels over NEQ-long vectors, shared by the stepper and the
//! correctors. Each takes its vectors as separate slice arguments: the
//! compiler then knows they do not overlap and emits straight loops,
//! without the run-time overlap checks it adds when the slices come out of
//! a struct (which cost more than the arithmetic at small NEQ).
//! The operations and their order are DASKR's, so results are unchanged.

use crate::types::Real;

/// x *= a.
#[inline(never)]
pub fn scale(x: &mut [Real], a: Real) {
    for xi in x {
        *xi *= a;
    }
}

/// y += x.
#[inline(never)]
pub fn add_assign(y: &mut [Real], x: &[Real]) {
    for (yi, &xi) in y.iter_mut().zip(x) {
        *yi += xi;
    }
}

/// out = a + b.
#[inline(never)]
pub fn sum(out: &mut [Real], a: &[Real], b: &[Real]) {
    for ((o, &ai), &bi) in out.iter_mut().zip(a).zip(b) {
        *o = ai + bi;
    }
}

/// out = a - b.
#[inline(never)]
pub fn difference(out: &mut [Real], a: &[Real], b: &[Real]) {
    for ((o, &ai), &bi) in out.iter_mut().zip(a).zip(b) {
        *o = ai - bi;
    }
}

/// One predictor column: y += p, y' += g*p.
#[inline(never)]
pub fn predict_column(y: &mut [Real], yp: &mut [Real], p: &[Real], g: Real) {
    for ((yi, ypi), &pi) in y.iter_mut().zip(yp.iter_mut()).zip(p) {
        *yi += pi;
        *ypi += g * pi;
    }
}

/// One Newton update: y -= d, e -= d, y' -= cj*d.
pub fn apply_correction(y: &mut [Real], e: &mut [Real], yp: &mut [Real], d: &[Real], cj: Real) {
    for (((yi, ei), ypi), &di) in y.iter_mut().zip(e.iter_mut()).zip(yp.iter_mut()).zip(d) {
        *yi -= di;
        *ei -= di;
        *ypi -= cj * di;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernels() {
        let mut y = [1.0, 2.0];
        add_assign(&mut y, &[0.5, 0.5]);
        assert_eq!(y, [1.5, 2.5]);
        scale(&mut y, 2.0);
        assert_eq!(y, [3.0, 5.0]);
        let mut o = [0.0; 2];
        sum(&mut o, &y, &[1.0, 1.0]);
        assert_eq!(o, [4.0, 6.0]);
        difference(&mut o, &y, &[1.0, 1.0]);
        assert_eq!(o, [2.0, 4.0]);
        let mut yp = [0.0; 2];
        predict_column(&mut y, &mut yp, &[1.0, 2.0], 3.0);
        assert_eq!((y, yp), ([4.0, 7.0], [3.0, 6.0]));
    }
}
