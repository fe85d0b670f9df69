//! The solver's statistics counters (IWORK(11..21)), loaded once per call
//! (`IHeader::counters` in the layout module, which knows where they
//! live), updated by every algorithm through one `&mut Counters`, and
//! stored back.

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
