//! The solver's statistics counters (IWORK(11..21)), loaded once per call,
//! updated by every algorithm through one `&mut Counters`, and stored back.

use super::layout::{iw, IHeader};
use crate::types::FInt;

/// The counters DASKR reports in IWORK(11..16) and IWORK(19..21). They wrap
/// on overflow, as a Fortran INTEGER counter would.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// NST, steps taken.
    pub nst: FInt,
    /// NRE, residual evaluations (difference quotients included).
    pub nre: FInt,
    /// NJE, Jacobian or preconditioner evaluations.
    pub nje: FInt,
    /// NETF, error test failures.
    pub netf: FInt,
    /// NCFN, nonlinear convergence failures.
    pub ncfn: FInt,
    /// NCFL, linear (Krylov) convergence failures.
    pub ncfl: FInt,
    /// NNI, nonlinear iterations.
    pub nni: FInt,
    /// NLI, linear (Krylov) iterations.
    pub nli: FInt,
    /// NPS, preconditioner solves.
    pub nps: FInt,
}

/// Add one to a counter (wrapping).
#[inline]
pub fn bump(c: &mut FInt) {
    *c = c.wrapping_add(1);
}

impl Counters {
    pub fn load(i: &IHeader<'_>) -> Self {
        Counters {
            nst: i.get(iw::NST),
            nre: i.get(iw::NRE),
            nje: i.get(iw::NJE),
            netf: i.get(iw::NETF),
            ncfn: i.get(iw::NCFN),
            ncfl: i.get(iw::NCFL),
            nni: i.get(iw::NNI),
            nli: i.get(iw::NLI),
            nps: i.get(iw::NPS),
        }
    }

    pub fn store(&self, i: &mut IHeader<'_>) {
        i.set(iw::NST, self.nst);
        i.set(iw::NRE, self.nre);
        i.set(iw::NJE, self.nje);
        i.set(iw::NETF, self.netf);
        i.set(iw::NCFN, self.ncfn);
        i.set(iw::NCFL, self.ncfl);
        i.set(iw::NNI, self.nni);
        i.set(iw::NLI, self.nli);
        i.set(iw::NPS, self.nps);
    }
}
