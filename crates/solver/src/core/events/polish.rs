//! State-event polishing (DSL48E manual, eqs. 6-9): from the located
//! crossing, find a consistent point (t, z, z') of the locked model at
//! which the triggering discontinuity function g* has moved to its new side
//! by Delta g*, so that a restart in the new mode does not stick.
//!
//! Unknowns: v = (x', y) (the derivatives of the differential variables,
//! the algebraic variables) and t, with x = x^p(t) the BDF interpolant.
//! Equations: F(t, z, z') = 0 and g*(t, z, z') = Delta g*, where
//! g* = z_m - F_m (the triggering row m of the augmented model is
//! z_m - g*). The quasi-Newton iteration works on the bordered system
//!
//! ```text
//! [ A    d  ] [dv]   [ F            ]
//! [ c^T  a  ] [dt] = [ g* - Delta g* ]
//! ```
//!
//! A's column j is dF/dz'_j for a differential variable, dF/dz_j for an
//! algebraic one (the pattern of the iteration matrix); d = dF/dt (from
//! EVTDERIV) + dF/dx dx^p/dt; c = dg*/dv = -(row m of A) off the diagonal;
//! a = alpha (EVTDERIV) - dF_m/dx dx^p/dt. A is factored once and the
//! border eliminated by two solves; a slow iteration refactors A at the
//! current point, then Delta g* is reduced.

use crate::core::counters::{bump, Counters};
use crate::core::interpolate::History;
use crate::core::linsol::sparse::{Pattern, SparseFactors};
use crate::core::linsol::JacobianSource;
use crate::core::linsol::Setup;
use crate::core::problem::{CallbackStatus, ConditionPoint, DaeSystem, StateConditions};
use crate::types::{FInt, Real};

/// Why polishing gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolishFailure {
    /// EVTDERIV returned this nonzero ICODE.
    Derivatives(FInt),
    /// No consistent point on the new side, even with smaller Delta g*.
    NoConvergence,
}

/// What is being polished.
pub struct Crossing<'a> {
    /// The last step's history (TN, KOLD, PHI, PSI).
    pub hist: History<'a>,
    /// The located crossing time.
    pub t: Real,
    /// The triggering variable z_m (0-based) and its condition k, function j.
    pub m: usize,
    pub k: usize,
    pub j: usize,
    /// The truth value after the crossing (g* >= 0).
    pub new_truth: bool,
    /// +1 differential, -1 algebraic (the ID array from JYDOT).
    pub id: &'a [FInt],
    /// Reciprocal error weights.
    pub wt: &'a [Real],
    /// Never go past this time (TSTOP).
    pub tstop: Option<Real>,
}

/// Newton iterations with one factorisation of A.
const MAX_ITERATIONS: usize = 10;
/// Rate above which the iteration counts as stalled.
const MAX_RATE: Real = 0.9;
/// Weighted correction norm taken as converged.
const TOLERANCE: Real = 1e-4;
/// Reductions of Delta g* tried.
const REDUCTIONS: usize = 4;

/// The vectors of one polishing, kept from one to the next (the event
/// detector holds one for its call) so that polishing allocates none of
/// its own after the first: each is taken while in use, cleared and
/// zero-filled where a fresh one was, and put back after (one lost on an
/// error path is simply allocated again).
#[derive(Default)]
pub struct PolishWork {
    v: Vec<Real>,
    f: Vec<Real>,
    a: Vec<Real>,
    q: Vec<Real>,
    xz: Vec<Real>,
    xp: Vec<Real>,
    residual: Vec<Real>,
    dfdz: Vec<Real>,
    dfdzdot: Vec<Real>,
    work: Vec<Real>,
}

impl PolishWork {
    /// The vectors' capacities, in numbers.
    pub fn capacity(&self) -> usize {
        [
            &self.v,
            &self.f,
            &self.a,
            &self.q,
            &self.xz,
            &self.xp,
            &self.residual,
            &self.dfdz,
            &self.dfdzdot,
            &self.work,
        ]
        .iter()
        .map(|v| v.capacity())
        .sum()
    }
}

/// `v` emptied and refilled with `n` zeros, as `vec![0.0; n]`.
fn zeroed(mut v: Vec<Real>, n: usize) -> Vec<Real> {
    v.clear();
    v.resize(n, 0.0);
    v
}

/// The linearisation at one point: A factored, the border, and the terms
/// for dx^p/dt.
struct Linearisation {
    factors: SparseFactors,
    /// A's values in the caller's order.
    a: Vec<Real>,
    /// A^-1 d.
    q: Vec<Real>,
    alpha: Real,
}

/// What one polishing needs besides the point: the model, the pattern and
/// where J comes from, the crossing, and the counters to charge.
pub struct Polisher<'p, S: ?Sized> {
    pub sys: &'p mut S,
    pub pattern: &'p Pattern,
    pub source: JacobianSource,
    pub crossing: &'p Crossing<'p>,
    pub cnt: &'p mut Counters,
    pub work: &'p mut PolishWork,
}

impl<S: DaeSystem + StateConditions + ?Sized> Polisher<'_, S> {
    /// Polish: on success `z`, `zdot` are consistent at the returned time.
    /// Residual and Jacobian evaluations are counted in `cnt`.
    pub fn run(&mut self, z: &mut [Real], zdot: &mut [Real]) -> Result<Real, PolishFailure> {
        let c = self.crossing;
        // Of the order of the variable's error weight, toward the new side.
        let full = (1.0 / c.wt[c.m]).copysign(if c.new_truth { 1.0 } else { -1.0 });
        for r in 0..REDUCTIONS {
            let delta_g = full / (4.0 as Real).powi(r as i32);
            match self.attempt(delta_g, z, zdot) {
                Ok(t) => return Ok(t),
                Err(PolishFailure::Derivatives(code)) => return Err(PolishFailure::Derivatives(code)),
                Err(PolishFailure::NoConvergence) => {}
            }
        }
        Err(PolishFailure::NoConvergence)
    }

    /// One attempt with a given Delta g*: up to two linearisations, each
    /// followed by quasi-Newton iterations while they contract.
    fn attempt(&mut self, delta_g: Real, z: &mut [Real], zdot: &mut [Real]) -> Result<Real, PolishFailure> {
        let c = self.crossing;
        let n = z.len();
        let t = c.t;
        c.hist.at(t, z, zdot);
        let mut v = std::mem::take(&mut self.work.v);
        v.clear();
        v.extend((0..n).map(|i| if c.id[i] > 0 { zdot[i] } else { z[i] }));
        let mut f = zeroed(std::mem::take(&mut self.work.f), n);
        let result = self.iterate(delta_g, t, &mut v, &mut f, z, zdot);
        self.work.v = v;
        self.work.f = f;
        result
    }

    /// The iterations of [`Self::attempt`] from time `t` and unknowns `v`.
    fn iterate(
        &mut self,
        delta_g: Real,
        mut t: Real,
        v: &mut [Real],
        f: &mut [Real],
        z: &mut [Real],
        zdot: &mut [Real],
    ) -> Result<Real, PolishFailure> {
        let c = self.crossing;
        for _refactor in 0..2 {
            let lin = self.linearise(t, z, zdot)?;
            let mut oldnrm = Real::INFINITY;
            let mut done = None;
            for _ in 0..MAX_ITERATIONS {
                let (nrm, dt) = self.newton_update(&lin, delta_g, &mut t, v, f, z, zdot)?;
                let h = c.hist.psi[0];
                if nrm <= TOLERANCE && dt.abs() <= TOLERANCE * h.abs() {
                    done = Some(accepted(c, t, z, delta_g));
                    break;
                }
                // Written so that a NaN norm stops the iteration.
                if !(nrm < MAX_RATE * oldnrm || oldnrm.is_infinite()) {
                    break;
                }
                oldnrm = nrm;
            }
            self.work.a = lin.a;
            self.work.q = lin.q;
            if let Some(result) = done {
                return result;
            }
        }
        Err(PolishFailure::NoConvergence)
    }

    /// One quasi-Newton correction of (v, t) by block elimination of the
    /// border; (z, z') reassembled at the new point. Returns the weighted
    /// norm of the correction and the time correction.
    #[allow(clippy::too_many_arguments)]
    fn newton_update(
        &mut self,
        lin: &Linearisation,
        delta_g: Real,
        t: &mut Real,
        v: &mut [Real],
        f: &mut [Real],
        z: &mut [Real],
        zdot: &mut [Real],
    ) -> Result<(Real, Real), PolishFailure> {
        let c = self.crossing;
        bump(&mut self.cnt.nre);
        if self.sys.residual(*t, z, zdot, 0.0, f) != CallbackStatus::Ok {
            return Err(PolishFailure::NoConvergence);
        }
        let beta = (z[c.m] - f[c.m]) - delta_g;
        self.pattern.solve(&lin.factors, f);
        let (cp, cq) = border_products(self.pattern, &lin.a, c.m, f, &lin.q);
        let dt = (beta - cp) / (lin.alpha - cq);
        if !dt.is_finite() {
            return Err(PolishFailure::NoConvergence);
        }
        let h = c.hist.psi[0];
        let mut nrm: Real = 0.0;
        for (i, vi) in v.iter_mut().enumerate() {
            let dv = f[i] - lin.q[i] * dt;
            *vi -= dv;
            let scale = if c.id[i] > 0 { h.abs() * c.wt[i] } else { c.wt[i] };
            nrm = nrm.max((dv * scale).abs());
        }
        *t -= dt;
        assemble(c, *t, v, z, zdot);
        Ok((nrm, dt))
    }

    /// dF/dz and dF/dz' at (t, z, z') (J at CJ = 0 and at CJ = 1/H: the
    /// user's JAC or difference quotients), EVTDERIV's D and ALPHA, A
    /// factored, the border terms, A^-1 d.
    fn linearise(&mut self, t: Real, z: &mut [Real], zdot: &mut [Real]) -> Result<Linearisation, PolishFailure> {
        let c = self.crossing;
        let pattern = self.pattern;
        let (dfdz, dfdzdot) = self.jacobians(t, z, zdot)?;
        // A: dF/dz' for differential columns, dF/dz for algebraic ones.
        let mut a = zeroed(std::mem::take(&mut self.work.a), dfdz.len());
        for (_, col, k) in pattern.entries() {
            a[k] = if c.id[col] > 0 { dfdzdot[k] } else { dfdz[k] };
        }
        let factors = pattern.factor(&a).map_err(|_| PolishFailure::NoConvergence)?;
        // d = dF/dt + dF/dx dx^p/dt; alpha - dF_m/dx dx^p/dt.
        let n = z.len();
        let mut d = zeroed(std::mem::take(&mut self.work.q), n);
        let at = ConditionPoint { condition: c.k, function: c.j, t, z, zdot };
        let alpha = self.sys.event_derivatives(&at, &mut d).map_err(PolishFailure::Derivatives)?;
        let mut xz = zeroed(std::mem::take(&mut self.work.xz), n);
        let mut xp = zeroed(std::mem::take(&mut self.work.xp), n);
        c.hist.at(t, &mut xz, &mut xp);
        let mut alpha_total = alpha;
        for (r, col, k) in pattern.entries() {
            if c.id[col] > 0 {
                d[r] += dfdz[k] * xp[col];
                if r == c.m {
                    alpha_total -= dfdz[k] * xp[col];
                }
            }
        }
        pattern.solve(&factors, &mut d);
        self.work.xz = xz;
        self.work.xp = xp;
        self.work.dfdz = dfdz;
        self.work.dfdzdot = dfdzdot;
        Ok(Linearisation { factors, a, q: d, alpha: alpha_total })
    }

    /// dF/dz and dF/dz' in pattern order, from J at CJ = 0 and at CJ = 1/H
    /// (vectors taken from the workspace: the caller puts them back).
    fn jacobians(
        &mut self,
        t: Real,
        z: &mut [Real],
        zdot: &mut [Real],
    ) -> Result<(Vec<Real>, Vec<Real>), PolishFailure> {
        let c = self.crossing;
        let n = z.len();
        let h = c.hist.psi[0];
        let nnz = self.pattern.entries().count();
        let mut residual = zeroed(std::mem::take(&mut self.work.residual), n);
        bump(&mut self.cnt.nre);
        if self.sys.residual(t, z, zdot, 0.0, &mut residual) != CallbackStatus::Ok {
            return Err(PolishFailure::NoConvergence);
        }
        let cj = 1.0 / h;
        let mut dfdz = zeroed(std::mem::take(&mut self.work.dfdz), nnz);
        let mut j1 = zeroed(std::mem::take(&mut self.work.dfdzdot), nnz);
        let mut work = zeroed(std::mem::take(&mut self.work.work), n);
        for (cjv, values) in [(0.0, &mut dfdz), (cj, &mut j1)] {
            bump(&mut self.cnt.nje);
            let at = Setup {
                t,
                cj: cjv,
                h,
                uround: Real::EPSILON,
                rwt: c.wt,
                residual: &residual,
                y: &mut *z,
                yp: &mut *zdot,
                work: &mut work,
            };
            self.pattern
                .evaluate(self.source, &mut *self.sys, at, values, &mut self.cnt.nre)
                .map_err(|_| PolishFailure::NoConvergence)?;
        }
        // dF/dz' = (J(1/H) - J(0)) * H.
        for (d1, &d0) in j1.iter_mut().zip(&dfdz) {
            *d1 = (*d1 - d0) / cj;
        }
        self.work.residual = residual;
        self.work.work = work;
        Ok((dfdz, j1))
    }
}

/// The point (z, z') at time t for the unknowns v: x from the interpolant.
fn assemble(c: &Crossing<'_>, t: Real, v: &[Real], z: &mut [Real], zdot: &mut [Real]) {
    c.hist.at(t, z, zdot);
    for (i, &vi) in v.iter().enumerate() {
        if c.id[i] > 0 {
            zdot[i] = vi;
        } else {
            z[i] = vi;
        }
    }
}

/// The converged point must be consistent with the request: the variable
/// strictly on its new side, no later than TSTOP, near the step.
fn accepted(c: &Crossing<'_>, t: Real, z: &[Real], delta_g: Real) -> Result<Real, PolishFailure> {
    let h = c.hist.psi[0];
    let new_side = if c.new_truth { z[c.m] >= 0.0 } else { z[c.m] < 0.0 };
    let past_tstop = c.tstop.is_some_and(|ts| (t - ts) * h > 0.0);
    let far = ((t - c.t) / h).abs() > 2.0;
    if new_side && !past_tstop && !far && delta_g != 0.0 && z.iter().all(|x| x.is_finite()) {
        Ok(t)
    } else {
        Err(PolishFailure::NoConvergence)
    }
}

/// c . p and c . q, with c = -(row m of A) off the diagonal entry (m, m).
fn border_products(pattern: &Pattern, a: &[Real], m: usize, p: &[Real], q: &[Real]) -> (Real, Real) {
    let (mut cp, mut cq) = (0.0, 0.0);
    for (r, col, k) in pattern.entries() {
        if r == m && col != m {
            cp -= a[k] * p[col];
            cq -= a[k] * q[col];
        }
    }
    (cp, cq)
}
