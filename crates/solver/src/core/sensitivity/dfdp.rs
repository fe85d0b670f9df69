//! dF/dp_i at a point: the problem's own (DSL48E's SENRHS, INFO(15) = 0),
//! or difference quotients in p_i (INFO(15) = 1 forward, 2 centred) with
//! the parameter perturbed where the problem keeps it (DSL48E:
//! RPAR(IWORK(40+i))) around RES calls and restored bit for bit.
//!
//! The increment is sqrt(UROUND) (forward) or UROUND^(1/3) (centred)
//! times max(|p_i|, PBAR_i), rounded to a representable difference.

use super::SensCounters;
use crate::core::counters::{bump, Counters};
use crate::core::problem::{CallbackStatus, DaeSystem};
use crate::types::Real;

/// Where dF/dp comes from (INFO(15)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DfdpSource {
    /// The problem's routine (SENRHS).
    Routine,
    /// Forward differences in p.
    Forward,
    /// Centred differences in p.
    Centred,
}

/// The point of one evaluation.
pub struct ParameterPoint<'a> {
    pub t: Real,
    pub y: &'a [Real],
    pub yp: &'a [Real],
    /// F at the point with the parameters as they are (forward
    /// differences only).
    pub f0: &'a [Real],
    pub uround: Real,
}

/// Parameter `ip` (0-based): where the problem keeps it (`slot`, 0: F does
/// not depend on it) and its typical size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Parameter {
    pub ip: usize,
    pub slot: usize,
    pub pbar: Real,
}

/// `out` = dF/dp at the point; `work` is NEQ-long scratch. RES and SENRHS
/// calls are counted (NRE and NSRE, NSRHS).
pub fn parameter_derivative<S: DaeSystem + ?Sized>(
    sys: &mut S,
    source: DfdpSource,
    p: Parameter,
    at: &ParameterPoint<'_>,
    out: &mut [Real],
    work: &mut [Real],
    (cnt, sc): (&mut Counters, &mut SensCounters),
) -> Result<(), CallbackStatus> {
    let ok = |s: CallbackStatus| if s == CallbackStatus::Ok { Ok(()) } else { Err(s) };
    if source == DfdpSource::Routine {
        out.fill(0.0);
        bump(&mut sc.nsrhs);
        return ok(sys.parameter_derivative(at.t, at.y, at.yp, p.ip, out));
    }
    let value = match (p.slot, sys.parameter(p.slot)) {
        (0, _) | (_, None) => {
            out.fill(0.0);
            return Ok(());
        }
        (_, Some(v)) => v,
    };
    let scale = value.abs().max(p.pbar);
    let mut residual_at = |sys: &mut S, v: Real, r: &mut [Real]| {
        sys.set_parameter(p.slot, v);
        bump(&mut cnt.nre);
        bump(&mut sc.nsre);
        let status = sys.residual(at.t, at.y, at.yp, 0.0, r);
        sys.set_parameter(p.slot, value);
        ok(status)
    };
    match source {
        DfdpSource::Forward => {
            let up = value + at.uround.sqrt() * scale;
            residual_at(sys, up, out)?;
            let inv = 1.0 / (up - value);
            for (o, &f0) in out.iter_mut().zip(at.f0) {
                *o = (*o - f0) * inv;
            }
        }
        DfdpSource::Centred | DfdpSource::Routine => {
            let del = at.uround.cbrt() * scale;
            let (up, down) = (value + del, value - del);
            residual_at(sys, up, out)?;
            residual_at(sys, down, work)?;
            let inv = 1.0 / (up - down);
            for (o, &w) in out.iter_mut().zip(work.iter()) {
                *o = (*o - w) * inv;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// F = y' + p0*y - p1*t with the parameters in `p`; dF/dp0 = y,
    /// dF/dp1 = -t. Counts the parameter writes.
    struct Linear {
        p: [Real; 2],
        writes: usize,
    }

    impl DaeSystem for Linear {
        fn residual(&mut self, t: Real, y: &[Real], yp: &[Real], _cj: Real, r: &mut [Real]) -> CallbackStatus {
            r[0] = yp[0] + self.p[0] * y[0] - self.p[1] * t;
            CallbackStatus::Ok
        }
        fn parameter_derivative(&mut self, t: Real, y: &[Real], _yp: &[Real], ip: usize, d: &mut [Real]) -> CallbackStatus {
            d[0] = if ip == 0 { y[0] } else { -t };
            CallbackStatus::Ok
        }
        fn parameter(&mut self, slot: usize) -> Option<Real> {
            self.p.get(slot.wrapping_sub(1)).copied()
        }
        fn set_parameter(&mut self, slot: usize, value: Real) {
            self.writes += 1;
            self.p[slot - 1] = value;
        }
    }

    #[test]
    fn routine_and_both_quotients_agree_and_restore_the_parameter() {
        let p0 = [0.1 + 0.2, 7.0 / 3.0];
        let (t, y, yp) = (2.0, [1.5], [0.25]);
        let mut f0 = [0.0];
        Linear { p: p0, writes: 0 }.residual(t, &y, &yp, 0.0, &mut f0);
        for ip in 0..2 {
            let want = if ip == 0 { 1.5 } else { -2.0 };
            for (source, tol) in [(DfdpSource::Routine, 0.0), (DfdpSource::Forward, 1e-7), (DfdpSource::Centred, 1e-9)] {
                let mut sys = Linear { p: p0, writes: 0 };
                let at = ParameterPoint { t, y: &y, yp: &yp, f0: &f0, uround: Real::EPSILON };
                let (mut out, mut work) = ([Real::NAN], [0.0]);
                let (mut cnt, mut sc) = (Counters::default(), SensCounters::default());
                let p = Parameter { ip, slot: ip + 1, pbar: 1.0 };
                parameter_derivative(&mut sys, source, p, &at, &mut out, &mut work, (&mut cnt, &mut sc)).unwrap();
                assert!((out[0] - want).abs() <= tol, "{source:?} {ip}: {}", out[0]);
                assert_eq!(sys.p.map(Real::to_bits), p0.map(Real::to_bits), "restored bit for bit");
                let calls = match source {
                    DfdpSource::Routine => 0,
                    DfdpSource::Forward => 1,
                    DfdpSource::Centred => 2,
                };
                assert_eq!((cnt.nre, sc.nsre, sys.writes), (calls, calls, 2 * calls as usize));
                assert_eq!(sc.nsrhs, FInt::from(source == DfdpSource::Routine));
            }
        }
        // Slot 0: F does not depend on the parameter.
        let mut sys = Linear { p: p0, writes: 0 };
        let at = ParameterPoint { t, y: &y, yp: &yp, f0: &f0, uround: Real::EPSILON };
        let mut out = [Real::NAN];
        let (mut cnt, mut sc) = (Counters::default(), SensCounters::default());
        let p = Parameter { ip: 0, slot: 0, pbar: 1.0 };
        parameter_derivative(&mut sys, DfdpSource::Forward, p, &at, &mut out, &mut [0.0], (&mut cnt, &mut sc)).unwrap();
        assert_eq!((out[0], cnt.nre), (0.0, 0));
    }

    use crate::types::FInt;
}
