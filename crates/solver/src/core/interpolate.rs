//! Interpolation of the solution and its derivative from the modified
//! divided differences PHI (DDATRP).

use super::vecops;
use crate::types::Real;

/// Evaluate the interpolating polynomial of order `kold` through the last
/// steps at `tout`, writing y(tout) and y'(tout). `phi` holds the columns
/// PHI(:,1..kold+1) contiguously (column-major, `neq` rows) and `psi` the
/// step history; `tn` is the current mesh point.
pub fn interpolate(tn: Real, tout: Real, kold: usize, phi: &[Real], psi: &[Real], y: &mut [Real], yp: &mut [Real]) {
    let dt = tout - tn;
    // The coefficients of the columns, DDATRP's recurrence. BDF orders are
    // at most 5 (a larger KOLD is an internal error, as in
    // `interpolation_sums`); with PSI cut to KOLD+1 entries and the
    // exclusive range below, every index is known to be in bounds: no
    // check per term, and no inclusive-range bookkeeping, in a loop that
    // every interpolating call runs.
    assert!(kold <= 5, "BDF order {kold}");
    let psi = &psi[..kold + 1];
    let (mut cs, mut ds) = ([0.0; 6], [0.0; 6]);
    let mut c = 1.0;
    let mut d = 0.0;
    let mut gamma = dt / psi[0];
    for j in 1..kold + 1 {
        d = d * gamma + c / psi[j - 1];
        c *= gamma;
        gamma = (dt + psi[j - 1]) / psi[j];
        (cs[j], ds[j]) = (c, d);
    }
    vecops::interpolation_sums(phi, kold, &cs, &ds, y, yp);
}

/// The interpolation history of the last step: evaluates y, y' anywhere
/// near it.
#[derive(Clone, Copy)]
pub struct History<'a> {
    /// The current mesh point TN.
    pub tn: Real,
    /// The order of the last step.
    pub kold: usize,
    /// PHI (at least KOLD+1 columns).
    pub phi: &'a [Real],
    pub psi: &'a [Real],
}

impl History<'_> {
    /// y(t), y'(t) from the polynomial of the last step.
    pub fn at(&self, t: Real, y: &mut [Real], yp: &mut [Real]) {
        let n = y.len();
        interpolate(self.tn, t, self.kold, &self.phi[..(self.kold + 1) * n], self.psi, y, yp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Differences of a quadratic on a uniform mesh are reproduced exactly.
    #[test]
    fn reproduces_polynomial_history() {
        // y(t) = 1 + 2 t + 3 t^2, mesh t = 0, -h, -2h with h = 0.5 at tn = 0.
        // Modified divided differences with psi = (h, 2h, 3h):
        // phi1 = y(tn), phi2 = psi1 * [y(tn), y(tn-h)],
        // phi3 = psi1*psi2 * [y(tn), y(tn-h), y(tn-2h)].
        let f = |t: f64| 1.0 + 2.0 * t + 3.0 * t * t;
        let h = 0.5;
        let d1 = (f(0.0) - f(-h)) / h;
        let d1b = (f(-h) - f(-2.0 * h)) / h;
        let d2 = (d1 - d1b) / (2.0 * h);
        let phi = [f(0.0), h * d1, h * 2.0 * h * d2];
        let psi = [h, 2.0 * h, 3.0 * h];
        let (mut y, mut yp) = ([0.0], [0.0]);
        for &t in &[0.0, 0.3, -0.7, 0.1] {
            interpolate(0.0, t, 2, &phi, &psi, &mut y, &mut yp);
            assert!((y[0] - f(t)).abs() < 1e-13, "y({t})");
            assert!((yp[0] - (2.0 + 6.0 * t)).abs() < 1e-12, "y'({t})");
        }
    }
}
