//! The sensitivities across a state event (Galan, Feehery & Barton 1999).
//!
//! At the event return (TEVT, z, z' consistent in the old mode): s_x from
//! the interpolating polynomials, s_y and s_x' from the old mode's
//! equations at the polished point, and the event time's sensitivities
//! dTEVT/dp_i = -s_i,m / delta_m' (m the triggering discontinuity variable:
//! delta_m(TEVT(p); p) stays at its crossing value). A crossing with
//! |delta_m'| * |H| not above delta_m's error weight is not transversal
//! (grazing): dTEVT/dp is not defined there.
//!
//! On the restart at TEVT (the model in its new mode, z, z' consistent
//! there), the differential entries cross by INFO(20): x continuous gives
//! s+ = s- + (x'- - x'+) dTEVT/dp from the record of the event return; the
//! caller's total derivative D of x(TEVT+) gives s+ = D - x'+ dTEVT/dp;
//! or they are taken as given. The algebraic entries and the derivatives
//! then follow from the new mode's equations.

use super::{JumpRule, Point, Sensitivities};
use crate::core::counters::Counters;
use crate::core::error::StepFailure;
use crate::core::problem::DaeSystem;
use crate::types::Real;

/// What an event return left for the restart (copied from the record in
/// RWORK, which an event in the same call overwrites).
pub struct Restart {
    pub rule: JumpRule,
    /// dTEVT/dp_i.
    pub tau: Vec<Real>,
    /// Z' at the event, in the old mode (NEQ).
    pub zdot: Vec<Real>,
    /// The sensitivities at the event (NP blocks of NEQ).
    pub s: Vec<Real>,
}

/// The polished event point and the history of the step it lies in.
pub struct EventPoint<'a> {
    pub t: Real,
    pub z: &'a mut [Real],
    pub zdot: &'a mut [Real],
    /// The triggering discontinuity variable (0-based).
    pub m: usize,
    /// The state's reciprocal error weights of the step.
    pub wt: &'a [Real],
    /// The step's size (the scale of the transversality test and of the
    /// difference-quotient increments).
    pub h: Real,
    /// The history of the step: TN, KOLD, PSI.
    pub tn: Real,
    pub kold: usize,
    pub psi: &'a [Real],
    pub uround: Real,
}

/// Whether dTEVT/dp is defined at the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventOutcome {
    Transversal,
    /// delta_m' too small: IDID = -16.
    Grazing,
}

impl Sensitivities<'_> {
    /// At an event return: the sensitivities at TEVT in the old mode,
    /// dTEVT/dp into `tau` (0 when grazing), and the record for the
    /// restart (`record`: Z', then the sensitivities).
    pub fn at_event<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        ev: EventPoint<'_>,
        tau: &mut [Real],
        record: &mut [Real],
        cnt: &mut Counters,
    ) -> Result<EventOutcome, StepFailure> {
        let EventPoint { t, z, zdot, m, wt, h, tn, kold, psi, uround } = ev;
        let n = self.n;
        self.output(tn, kold, psi, t);
        self.make_consistent(sys, &mut Point { t, h, uround, y: z, yp: zdot, wt }, cnt).map_err(|f| f.at(t))?;
        let slope = zdot[m];
        let ewt = 1.0 / wt[m];
        let mut outcome = if slope.is_finite() && (slope * h).abs() > ewt {
            EventOutcome::Transversal
        } else {
            EventOutcome::Grazing
        };
        for (i, tau) in tau.iter_mut().enumerate() {
            *tau = 0.0;
            if outcome == EventOutcome::Transversal {
                let v = -self.arrays.s[i * n + m] / slope;
                if v.is_finite() {
                    *tau = v;
                } else {
                    outcome = EventOutcome::Grazing;
                }
            }
        }
        if outcome == EventOutcome::Grazing {
            tau.fill(0.0);
        }
        let (zrec, srec) = record.split_at_mut(n);
        zrec.copy_from_slice(zdot);
        srec.copy_from_slice(&self.arrays.s[..self.opts.np * n]);
        Ok(outcome)
    }

    /// The jump of the differential entries on the restart; `yp` is z' in
    /// the new mode.
    pub(super) fn jump(&mut self, r: &Restart, yp: &[Real]) {
        let n = self.n;
        for (i, &tau) in r.tau.iter().enumerate().take(self.opts.np) {
            let s = &mut self.arrays.s[i * n..(i + 1) * n];
            for (j, sj) in s.iter_mut().enumerate() {
                if self.id[j] <= 0 {
                    continue;
                }
                match r.rule {
                    JumpRule::Continuous => *sj = r.s[i * n + j] + (r.zdot[j] - yp[j]) * tau,
                    JumpRule::TotalDerivative => *sj -= yp[j] * tau,
                    JumpRule::Given => {}
                }
            }
        }
    }
}
