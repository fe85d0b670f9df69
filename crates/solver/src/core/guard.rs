//! Non-finite callback results are failures, never data.
//!
//! [`FiniteGuard`] wraps the user's problem: a residual or a Jacobian with
//! a NaN or an infinity in it is reported as IRES = -1 (illegal values: the
//! step is retried with a smaller H), a preconditioner solution with one as
//! IER = 1 (a recoverable PSOL failure). The guard remembers the last such
//! result so that, if the integration finally fails for that reason, the
//! message can name the routine and the component. DASKR itself would have
//! carried the NaN into the solution; for finite results the guard changes
//! nothing.

use super::dispatch::dispatched;
use super::norms::Tolerances;
use super::precision::Precision;
use super::problem::{
    CallbackStatus, ConditionPoint, DaeSystem, JacobianPoint, MatrixStorage, PrecondSetup, PrecondSetupStatus, PrecondSolve,
    StateConditions,
};
use crate::types::{FInt, Real};

/// The routine that returned a non-finite value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// RES, in DELTA.
    Residual,
    /// The user's direct JAC, in PD.
    Jacobian,
    /// PSOL, in B.
    PreconditionerSolve,
    /// RT, in RVAL.
    RootFunction,
    /// SENRHS, in DFDP.
    SensitivityRhs,
}

impl Source {
    /// The routine and the array, as a message names them.
    pub fn describe(self) -> &'static str {
        match self {
            Source::Residual => "RES returned a non-finite value in DELTA(I1)",
            Source::Jacobian => "JAC returned a non-finite value in PD(I1)",
            Source::PreconditionerSolve => "PSOL returned a non-finite value in B(I1)",
            Source::RootFunction => "RT returned a non-finite value in RVAL(I1)",
            Source::SensitivityRhs => "SENRHS returned a non-finite value in DFDP(I1)",
        }
    }
}

/// A non-finite value: where it came from, the 1-based component, and T.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NonFinite {
    pub source: Source,
    pub index: usize,
    pub t: Real,
}

/// The first non-finite entry of `v`, 1-based.
///
/// Inlined where it is used (every RES output, Y and Y' at every return):
/// for very short vectors the plain search is cheaper than a call and the
/// vector loop's set-up; from 8 entries [`all_finite`] scans first.
#[inline(always)]
pub fn first_non_finite(v: &[Real]) -> Option<usize> {
    if v.len() >= 8 && all_finite(v) {
        return None;
    }
    v.iter().position(|x| !x.is_finite()).map(|i| i + 1)
}

/// Every entry finite? Tested on the bits (exponent all ones: Inf or
/// NaN), so the loop vectorises without any floating-point compare (a
/// vector compare could raise the invalid-operation flag on a NaN, which
/// traps in programs built with -ffpe-trap=invalid), and without any
/// compare at all ([`Precision::non_finite_mark`]): SSE2 has AND, ADD and
/// OR on 64-bit lanes but no 64-bit equality. Compiled for SSE2 and, for
/// vectors long enough to pay for the dispatch, for AVX2.
fn all_finite(v: &[Real]) -> bool {
    #[inline(always)]
    fn scan(v: &[Real]) -> bool {
        v.iter().fold(0, |marks, &x| marks | x.non_finite_mark()) >> 63 == 0
    }
    if v.len() < 24 {
        scan(v)
    } else {
        dispatched(
            #[inline(always)]
            || scan(v),
        )
    }
}

/// The user's problem, with non-finite results turned into failures.
pub struct FiniteGuard<'a, S: ?Sized> {
    inner: &'a mut S,
    /// The last non-finite result, cleared when the same routine next
    /// returns finite values.
    last: Option<NonFinite>,
}

impl<'a, S: DaeSystem + ?Sized> FiniteGuard<'a, S> {
    pub fn new(inner: &'a mut S) -> Self {
        FiniteGuard { inner, last: None }
    }

    /// The routine whose last result was non-finite, if any.
    pub fn last_non_finite(&self) -> Option<NonFinite> {
        self.last
    }

    /// Record the outcome of one evaluation; true if `v` is all finite.
    ///
    /// Inlined at each use (every residual evaluation passes here): the
    /// finite case is the scan and one test of `last`; the rest is out of
    /// line.
    #[inline(always)]
    fn check(&mut self, source: Source, t: Real, v: &[Real]) -> bool {
        match first_non_finite(v) {
            None if self.last.is_none() => true,
            found => self.record(source, t, found),
        }
    }

    /// [`check`](Self::check)'s uncommon cases: a non-finite value found,
    /// or an earlier one to clear.
    #[cold]
    #[inline(never)]
    fn record(&mut self, source: Source, t: Real, found: Option<usize>) -> bool {
        match found {
            Some(index) => {
                self.last = Some(NonFinite { source, index, t });
                false
            }
            None => {
                if self.last.is_some_and(|l| l.source == source) {
                    self.last = None;
                }
                true
            }
        }
    }
}

impl<S: DaeSystem + ?Sized> DaeSystem for FiniteGuard<'_, S> {
    #[inline(always)]
    fn residual(&mut self, t: Real, y: &[Real], yp: &[Real], cj: Real, delta: &mut [Real]) -> CallbackStatus {
        match self.inner.residual(t, y, yp, cj, delta) {
            CallbackStatus::Ok if !self.check(Source::Residual, t, delta) => CallbackStatus::Recoverable,
            status => status,
        }
    }

    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [Real], storage: MatrixStorage) -> CallbackStatus {
        let status = self.inner.jacobian(at, pd, storage);
        // Band storage has ML rows of fill-in space per column that the
        // user's JAC leaves alone (zeroed before the call), so the whole
        // segment can be scanned.
        match status {
            CallbackStatus::Ok if !self.check(Source::Jacobian, at.t, pd) => CallbackStatus::Recoverable,
            status => status,
        }
    }

    fn error_weights(&mut self, tol: Tolerances<'_>, y: &[Real], ewt: &mut [Real]) -> bool {
        self.inner.error_weights(tol, y, ewt)
    }

    fn may_set_error_weights(&self) -> bool {
        self.inner.may_set_error_weights()
    }

    fn roots(&mut self, t: Real, y: &[Real], yp: &[Real], r: &mut [Real]) {
        self.inner.roots(t, y, yp, r);
    }

    fn preconditioner_setup(&mut self, c: PrecondSetup<'_>) -> PrecondSetupStatus {
        self.inner.preconditioner_setup(c)
    }

    fn preconditioner_solve(&mut self, c: PrecondSolve<'_>) -> FInt {
        let PrecondSolve { t, y, yp, savr, wk, cj, wght, wp, iwp, b, eplin } = c;
        let ier =
            self.inner.preconditioner_solve(PrecondSolve { t, y, yp, savr, wk, cj, wght, wp, iwp, b: &mut *b, eplin });
        if ier == 0 && !self.check(Source::PreconditionerSolve, t, b) {
            return 1;
        }
        ier
    }

    fn parameter_derivative(&mut self, t: Real, y: &[Real], yp: &[Real], ip: usize, dfdp: &mut [Real]) -> CallbackStatus {
        match self.inner.parameter_derivative(t, y, yp, ip, dfdp) {
            CallbackStatus::Ok if !self.check(Source::SensitivityRhs, t, dfdp) => CallbackStatus::Recoverable,
            status => status,
        }
    }

    fn parameter(&mut self, slot: usize) -> Option<Real> {
        self.inner.parameter(slot)
    }

    fn set_parameter(&mut self, slot: usize, value: Real) {
        self.inner.set_parameter(slot, value);
    }
}

impl<S: StateConditions + ?Sized> StateConditions for FiniteGuard<'_, S> {
    fn condition_changed(&mut self, at: &ConditionPoint<'_>, ig: &[FInt]) -> bool {
        self.inner.condition_changed(at, ig)
    }

    fn event_derivatives(&mut self, at: &ConditionPoint<'_>, d: &mut [Real]) -> Result<Real, FInt> {
        self.inner.event_derivatives(at, d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_problems::LinearDae;

    #[test]
    fn non_finite_entries_are_found_first_to_last() {
        assert_eq!(first_non_finite(&[]), None);
        assert_eq!(first_non_finite(&[0.0, -1e308, f64::MIN_POSITIVE / 4.0, f64::MAX]), None);
        let bad = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -f64::NAN];
        for b in bad {
            let mut v = vec![1.0; 37];
            v[20] = b;
            v[30] = b;
            assert_eq!(first_non_finite(&v), Some(21));
        }
    }

    #[test]
    fn a_nan_residual_is_illegal_input_and_remembered_until_finite_again() {
        let mut sys = LinearDae::nonsymmetric(3);
        let mut g = FiniteGuard::new(&mut sys);
        let mut d = [0.0; 3];
        assert_eq!(g.residual(0.0, &[1.0, f64::NAN, 0.0], &[0.0; 3], 1.0, &mut d), CallbackStatus::Recoverable);
        let nf = g.last_non_finite().unwrap();
        assert_eq!((nf.source, nf.t), (Source::Residual, 0.0));
        assert_eq!(g.residual(0.5, &[1.0; 3], &[0.0; 3], 1.0, &mut d), CallbackStatus::Ok);
        assert_eq!(g.last_non_finite(), None);
    }

    #[test]
    fn an_infinite_preconditioner_result_is_a_recoverable_psol_failure() {
        let mut sys = LinearDae::nonsymmetric(2);
        sys.diag = Some(vec![0.0, 1.0]);
        let mut g = FiniteGuard::new(&mut sys);
        let (mut wk, mut wp, mut iwp, mut b) = ([0.0; 2], [0.0; 1], [0; 1], [1.0, 1.0]);
        let c = PrecondSolve {
            t: 2.0,
            y: &[0.0; 2],
            yp: &[0.0; 2],
            savr: &[0.0; 2],
            wk: &mut wk,
            cj: 1.0,
            wght: &[1.0; 2],
            wp: &mut wp,
            iwp: &mut iwp,
            b: &mut b,
            eplin: 0.1,
        };
        assert_eq!(g.preconditioner_solve(c), 1);
        assert_eq!(g.last_non_finite().map(|n| (n.source, n.index)), Some((Source::PreconditionerSolve, 1)));
    }
}
