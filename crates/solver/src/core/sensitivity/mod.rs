//! Parametric sensitivities (SPEC section 5.1): s_i = dz/dp_i, i = 1..NP,
//! solving F_z s_i + F_z' s_i' + dF/dp_i = 0 along with the state, and
//! carried across state events.
//!
//! | piece | what it does |
//! |---|---|
//! | [`Sensitivities`] | the run's sensitivities as the integrator's [`Companion`](super::companion::Companion) (`corrector.rs`: the staggered corrector, their share of the error test) |
//! | [`matrix`] | dF/dz and dF/dz' at a point, their products, the matrix of the consistent-sensitivity systems |
//! | [`dfdp`] | dF/dp: the problem's routine (SENRHS) or difference quotients in p |
//! | `events.rs` | at an event return: s, s' at TEVT, dTEVT/dp; on the restart: the jump (INFO(20)) |
//!
//! Method (Feehery, Tolsma & Barton 1997, the staggered corrector): once
//! the state's corrector has converged and the state has passed its
//! error test, dF/dz and dF/dz' are formed at the corrected point, and
//! each s_i is predicted from its own divided differences and corrected
//! with the iteration matrix the state's corrector used (modified Newton
//! on a linear system: G(s) = J s + dF/dz' (s'_pred - CJ s_pred) +
//! dF/dp_i with J = dF/dz + CJ dF/dz' at the corrected point). With the
//! error control on (INFO(13) = 0) the sensitivities' error estimates,
//! weighted by RTOL and ATOL_j/PBAR_i, enter the error test and the
//! choice of order and step size.
//!
//! Consistent sensitivities (at a start with INFO(11) = 1, at an event
//! and after it): given the differential entries s_x, the algebraic ones
//! and s_x' solve A (s_x', s_y) = -(F_x s_x + dF/dp) with A = (F_x' F_y),
//! the matrix of the event polishing.
//!
//! All state between calls is in the work arrays: the sensitivities' PHI
//! (and the event record) in RWORK; the rest is rebuilt per step.

pub mod dfdp;
pub mod matrix;

mod corrector;
mod events;

pub use self::dfdp::{DfdpSource, Parameter};
pub use self::events::{EventOutcome, EventPoint, Restart};
use self::matrix::Shape;
use super::counters::{bump, Counters};
use super::error::StepFailure;
use super::interpolate::interpolate;
use super::layout::dsl::sens::{NSCFN, NSETF, NSNI, NSRE, NSRHS};
use super::linsol::{JacobianSource, Setup};
use super::problem::{CallbackStatus, DaeSystem};
use crate::types::{FInt, Real};

/// How the sensitivities of the differential variables cross an event
/// (INFO(20), read on the restart after an event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpRule {
    /// 0: x is continuous; s+ = s- + (x'- - x'+) dTEVT/dp.
    Continuous,
    /// 1: the caller's re-initialisation gives the total derivative D of
    /// x(TEVT+); s+ = D - x'+ dTEVT/dp.
    TotalDerivative,
    /// 2: s+ as given.
    Given,
}

/// The sensitivity options of a run (DSL48E's INFO(12), (13), (15), (20)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SensOptions {
    /// INFO(12): the number of parameters.
    pub np: usize,
    /// INFO(13) = 0: the sensitivities take part in the error test.
    pub error_control: bool,
    /// INFO(15).
    pub dfdp: DfdpSource,
    /// INFO(20).
    pub jump: JumpRule,
}

/// The sensitivity counters (DSL48E: IWORK(40+NP+1..5)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SensCounters {
    /// SENRHS calls.
    pub nsrhs: FInt,
    /// RES calls made for the sensitivities (also in NRE).
    pub nsre: FInt,
    /// Steps rejected by the sensitivities' error test (also in NETF).
    pub nsetf: FInt,
    /// Sensitivity corrector failures (also in NCFN).
    pub nscfn: FInt,
    /// Sensitivity corrector iterations, summed over the parameters.
    pub nsni: FInt,
}

impl SensCounters {
    /// From their words (DSL48E's IWORK(40+NP+1..5)).
    pub fn load(w: &[FInt]) -> Self {
        let at = |k: usize| w[k - 1];
        SensCounters { nsrhs: at(NSRHS), nsre: at(NSRE), nsetf: at(NSETF), nscfn: at(NSCFN), nsni: at(NSNI) }
    }

    pub fn store(&self, w: &mut [FInt]) {
        for (k, v) in [(NSRHS, self.nsrhs), (NSRE, self.nsre), (NSETF, self.nsetf), (NSCFN, self.nscfn), (NSNI, self.nsni)] {
            w[k - 1] = v;
        }
    }
}

/// How the sensitivities begin in this call.
pub enum Begin {
    /// A continuation call: the history is in the work arrays.
    Continue,
    /// A first call: the sensitivities are given consistent (`consistent`
    /// false), or their algebraic entries and derivatives are computed
    /// from the differential entries (INFO(11) = 1).
    Start { consistent: bool },
    /// The restart at an event: the jump, then consistent values in the
    /// new mode.
    Restart(Restart),
}

/// Where a run's sensitivities and their history live.
pub struct SensArrays<'a> {
    /// s_i and s_i' (DSL48E's Z(NEQ+1..), ZDOT(NEQ+1..)): NP blocks of
    /// NEQ, corrected in place and overwritten with the values at the
    /// returned T.
    pub s: &'a mut [Real],
    pub sp: &'a mut [Real],
    /// The sensitivities' PHI: NP blocks of NCPHI columns of NEQ.
    pub phi: &'a mut [Real],
    pub ncphi: usize,
    /// The corrections E and the reciprocal error weights: NP blocks of NEQ.
    pub e: &'a mut [Real],
    pub wt: &'a mut [Real],
}

/// Why the sensitivities could not be started (IDID = -12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartFailure {
    /// RES, JAC or SENRHS failed.
    Callback,
    /// The matrix (F_x' F_y) is singular: the model is not of index 1 here.
    Singular,
}

/// Scratch of one call, allocated when first needed.
#[derive(Default)]
struct Scratch {
    /// F at the point.
    f0: Vec<Real>,
    /// J = dF/dz + CJ dF/dz' at the corrected point, dF/dz, dF/dz'.
    jac: Vec<Real>,
    dfdz: Vec<Real>,
    dfdzdot: Vec<Real>,
    /// dF/dp_i, then the constant part of the sensitivity residual.
    b: Vec<Real>,
    /// The residual and correction of one iteration.
    r: Vec<Real>,
    /// NEQ-long scratch (difference quotients, s' - CJ s).
    work: Vec<Real>,
    /// The error-test weights with the algebraic components masked.
    vt: Vec<Real>,
    save: Vec<Real>,
    /// F at the point is in `f0`.
    have_f0: bool,
}

/// The point the sensitivities linearise the model at: the state's
/// (t, y, y'), which difference quotients perturb and restore bit for
/// bit, and what sizes their increments (H, the state's reciprocal error
/// weights, UROUND).
struct Point<'p> {
    t: Real,
    h: Real,
    uround: Real,
    y: &'p mut [Real],
    yp: &'p mut [Real],
    wt: &'p [Real],
}

/// A zeroed vector of `n` in `v`.
fn sized(v: &mut Vec<Real>, n: usize) {
    v.clear();
    v.resize(n, 0.0);
}

/// The run's sensitivities in one call.
pub struct Sensitivities<'a> {
    opts: SensOptions,
    n: usize,
    params: Vec<Parameter>,
    arrays: SensArrays<'a>,
    /// +1 differential, -1 algebraic.
    id: &'a [FInt],
    shape: Shape<'a>,
    source: JacobianSource,
    pub counters: SensCounters,
    begin: Begin,
    /// The error test leaves out the algebraic components (INFO(16)).
    exclude_algebraic: bool,
    /// The history was set up in this call (the first call), or is the
    /// last call's: the values at the returned T can be interpolated.
    history: bool,
    scratch: Scratch,
}

impl<'a> Sensitivities<'a> {
    /// The sensitivities of a run: `params` with the effective PBAR, the
    /// arrays, the model's split (`id`) and matrix shape, where J comes
    /// from, the counters so far, how the call begins.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        opts: SensOptions,
        params: Vec<Parameter>,
        arrays: SensArrays<'a>,
        id: &'a [FInt],
        shape: Shape<'a>,
        source: JacobianSource,
        counters: SensCounters,
        begin: Begin,
    ) -> Self {
        let n = id.len();
        let history = matches!(begin, Begin::Continue);
        Sensitivities {
            opts,
            n,
            params,
            arrays,
            id,
            shape,
            source,
            counters,
            begin,
            exclude_algebraic: false,
            history,
            scratch: Scratch::default(),
        }
    }

    /// The values at `t` from the history (TN, KOLD, PSI of the state's
    /// last step), when there is one (else they stay as they are).
    pub fn output(&mut self, tn: Real, kold: usize, psi: &[Real], t: Real) {
        if !self.history {
            return;
        }
        let (n, ncphi) = (self.n, self.arrays.ncphi);
        let kold = kold.min(ncphi - 1);
        for i in 0..self.opts.np {
            let phi = &self.arrays.phi[i * ncphi * n..][..(kold + 1) * n];
            let (s, sp) = (&mut self.arrays.s[i * n..(i + 1) * n], &mut self.arrays.sp[i * n..(i + 1) * n]);
            interpolate(tn, t, kold, phi, psi, s, sp);
        }
    }

    /// Every s_i, s_i' finite?
    pub fn finite(&self) -> bool {
        self.arrays.s.iter().chain(self.arrays.sp.iter()).all(|v| v.is_finite())
    }

    /// F at the point into the scratch (once per point; RES gets CJ = 0
    /// for every evaluation made for the sensitivities).
    fn residual_at<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        t: Real,
        y: &[Real],
        yp: &[Real],
        cnt: &mut Counters,
    ) -> Result<(), CallbackStatus> {
        if self.scratch.have_f0 {
            return Ok(());
        }
        sized(&mut self.scratch.f0, self.n);
        bump(&mut cnt.nre);
        bump(&mut self.counters.nsre);
        match sys.residual(t, y, yp, 0.0, &mut self.scratch.f0) {
            CallbackStatus::Ok => {
                self.scratch.have_f0 = true;
                Ok(())
            }
            failed => Err(failed),
        }
    }

    /// J = dF/dz + `cj` dF/dz' (`cj` > 0), dF/dz and dF/dz' at the point,
    /// from J at CJ = `cj` and at CJ = 0 (dF/dz' = (J(cj) - J(0))/cj).
    fn linearise<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: &mut Point<'_>,
        cj: Real,
        cnt: &mut Counters,
    ) -> Result<(), CallbackStatus> {
        let Point { t, h, uround, ref mut y, ref mut yp, wt } = *at;
        if self.source == JacobianSource::DifferenceQuotients {
            self.residual_at(sys, t, y, yp, cnt)?;
        } else if !self.scratch.have_f0 {
            sized(&mut self.scratch.f0, self.n);
        }
        let len = self.shape.len();
        let sc = &mut self.scratch;
        sized(&mut sc.work, self.n);
        sized(&mut sc.jac, len);
        sized(&mut sc.dfdz, len);
        let nre0 = cnt.nre;
        let mut result = Ok(());
        for (c, values) in [(cj, &mut sc.jac), (0.0, &mut sc.dfdz)] {
            bump(&mut cnt.nje);
            let at = Setup { t, cj: c, h, uround, rwt: wt, residual: &sc.f0, y, yp, work: &mut sc.work };
            result = self.shape.evaluate(self.source, sys, at, values, &mut sc.save, &mut cnt.nre);
            if result.is_err() {
                break;
            }
        }
        self.counters.nsre = self.counters.nsre.wrapping_add(cnt.nre.wrapping_sub(nre0));
        result?;
        sized(&mut sc.dfdzdot, len);
        for ((d, &j1), &j0) in sc.dfdzdot.iter_mut().zip(&sc.jac).zip(&sc.dfdz) {
            *d = (j1 - j0) / cj;
        }
        Ok(())
    }

    /// dF/dp_i at the point into the scratch's `b`.
    fn dfdp<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        i: usize,
        (t, uround): (Real, Real),
        y: &[Real],
        yp: &[Real],
        cnt: &mut Counters,
    ) -> Result<(), CallbackStatus> {
        if self.opts.dfdp == DfdpSource::Forward && self.params[i].slot != 0 {
            self.residual_at(sys, t, y, yp, cnt)?;
        }
        let sc = &mut self.scratch;
        sized(&mut sc.b, self.n);
        sized(&mut sc.r, self.n);
        let at = dfdp::ParameterPoint { t, y, yp, f0: &sc.f0, uround };
        let p = self.params[i];
        dfdp::parameter_derivative(sys, self.opts.dfdp, p, &at, &mut sc.b, &mut sc.r, (cnt, &mut self.counters))
    }

    /// Consistent sensitivities at (t, y, y'): given the differential
    /// entries of each s_i, its algebraic entries and the derivatives of
    /// its differential entries (the derivatives of the algebraic entries
    /// are left as they are).
    fn make_consistent<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: &mut Point<'_>,
        cnt: &mut Counters,
    ) -> Result<(), StartFailure> {
        let n = self.n;
        self.scratch.have_f0 = false;
        self.linearise(sys, at, 1.0 / at.h, cnt).map_err(|_| StartFailure::Callback)?;
        let Point { t, uround, ref y, ref yp, .. } = *at;
        let mut m = vec![0.0; self.shape.len()];
        self.shape.mixed(&self.scratch.dfdz, &self.scratch.dfdzdot, self.id, &mut m);
        let factored = self.shape.factor(m).map_err(|_| StartFailure::Singular)?;
        let mut sx = vec![0.0; n];
        for i in 0..self.opts.np {
            self.dfdp(sys, i, (t, uround), y, yp, cnt).map_err(|_| StartFailure::Callback)?;
            let s = &mut self.arrays.s[i * n..(i + 1) * n];
            let sp = &mut self.arrays.sp[i * n..(i + 1) * n];
            for ((x, &si), &d) in sx.iter_mut().zip(s.iter()).zip(self.id) {
                *x = if d > 0 { si } else { 0.0 };
            }
            // rhs = -(F_x s_x + dF/dp).
            let rhs = &mut self.scratch.b;
            self.shape.multiply_add(&self.scratch.dfdz, &sx, rhs);
            for v in rhs.iter_mut() {
                *v = -*v;
            }
            self.shape.solve(&factored, rhs);
            for (j, &u) in rhs.iter().enumerate() {
                if self.id[j] > 0 {
                    sp[j] = u;
                } else {
                    s[j] = u;
                }
            }
        }
        self.scratch.have_f0 = false;
        Ok(())
    }
}

impl StartFailure {
    /// The failure as the call reports it (IDID = -12).
    pub fn at(self, t: Real) -> StepFailure {
        StepFailure::InitialSensitivities { t, singular: self == StartFailure::Singular }
    }
}

#[cfg(test)]
mod tests;
