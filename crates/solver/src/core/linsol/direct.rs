//! The direct solver of DASKR's INFO(12) = 0: the iteration matrix
//! J = dG/dy + CJ*dG/dy' formed by the user's JAC or by difference
//! quotients, LU-factored in place in RWORK's WM segment with the pivots in
//! IWORK (DMATD, DSLVD).

use super::dq::{band_difference_quotients, difference_quotients, BandGroups, SingleColumns};
use super::{
    band, dense, FirstIterateTolerance, IcPolicy, LinearFailure, LinearResult, LinearSolver, Policy, Setup, SolvePoint,
};
use crate::core::counters::Counters;
use crate::core::linsol::LengthOverflow;
use crate::core::problem::{CallbackStatus, DaeSystem, MatrixStorage};
use crate::types::{FInt, Real};

pub use super::band::BandShape;

/// Storage of the iteration matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixFormat {
    /// Column-major NEQ x NEQ.
    Dense,
    /// LINPACK band storage, leading dimension 2*ML+MU+1.
    Band { ml: usize, mu: usize },
}

pub use super::JacobianSource;

fn checked(v: Option<usize>) -> Result<usize, LengthOverflow> {
    v.ok_or(LengthOverflow)
}

impl MatrixFormat {
    /// DASKR's LENPD: NEQ**2, or (2*ML+MU+1)*NEQ.
    pub fn matrix_len(self, n: usize) -> Result<usize, LengthOverflow> {
        match self {
            MatrixFormat::Dense => checked(n.checked_mul(n)),
            MatrixFormat::Band { ml, mu } => {
                let lda = checked(ml.checked_mul(2).and_then(|v| v.checked_add(mu)).and_then(|v| v.checked_add(1)))?;
                checked(lda.checked_mul(n))
            }
        }
    }

    /// Reals after the matrix for the saved components of banded difference
    /// quotients: DASKR's 2*MSAVE, MSAVE = NEQ/(ML+MU+1) + 1.
    pub fn save_len(self, source: JacobianSource, n: usize) -> Result<usize, LengthOverflow> {
        match (self, source) {
            (MatrixFormat::Band { ml, mu }, JacobianSource::DifferenceQuotients) => {
                let width = checked(ml.checked_add(mu).and_then(|v| v.checked_add(1)))?;
                checked(BandGroups::save_len(n, width).checked_mul(2))
            }
            _ => Ok(0),
        }
    }

    fn storage(self, n: usize) -> MatrixStorage {
        match self {
            MatrixFormat::Dense => MatrixStorage::Dense { neq: n },
            MatrixFormat::Band { ml, mu } => MatrixStorage::Band { neq: n, ml, mu },
        }
    }
}

/// The direct solver over views of the caller's work arrays.
pub struct DirectSolver<'a> {
    format: MatrixFormat,
    source: JacobianSource,
    n: usize,
    /// The matrix (LENPD reals), factored in place by a setup.
    matrix: &'a mut [Real],
    /// Banded difference quotients: the 2*MSAVE save area.
    save: &'a mut [Real],
    /// NEQ pivots.
    pivots: &'a mut [FInt],
}

impl<'a> DirectSolver<'a> {
    /// Wrap WM (matrix then save area) and the pivot segment. `wm` must hold
    /// at least `matrix_len + save_len` reals and `pivots` NEQ integers.
    pub fn new(
        format: MatrixFormat,
        source: JacobianSource,
        n: usize,
        wm: &'a mut [Real],
        pivots: &'a mut [FInt],
    ) -> Self {
        let lenpd = format.matrix_len(n).unwrap_or(0);
        let (matrix, rest) = wm.split_at_mut(lenpd);
        let save_len = format.save_len(source, n).unwrap_or(0);
        DirectSolver { format, source, n, matrix, save: &mut rest[..save_len], pivots: &mut pivots[..n] }
    }

    fn shape(&self, ml: usize, mu: usize) -> BandShape {
        BandShape { n: self.n, ml, mu }
    }

    /// Fill the matrix with J at the setup point.
    fn evaluate<S: DaeSystem + ?Sized>(
        &mut self,
        sys: &mut S,
        at: Setup<'_>,
        nre: &mut FInt,
    ) -> Result<(), CallbackStatus> {
        let n = self.n;
        match (self.source, self.format) {
            (JacobianSource::User, format) => at.user_jacobian(sys, self.matrix, format.storage(n)),
            (JacobianSource::DifferenceQuotients, MatrixFormat::Dense) => {
                let pd = &mut *self.matrix;
                let groups = SingleColumns { n };
                difference_quotients(sys, at, &mut [0.0; 2], &groups, nre, |col, delinv, g, g0| {
                    for ((c, &gi), &g0i) in pd[col * n..(col + 1) * n].iter_mut().zip(g).zip(g0) {
                        *c = (gi - g0i) * delinv;
                    }
                })
            }
            (JacobianSource::DifferenceQuotients, MatrixFormat::Band { ml, mu }) => {
                band_difference_quotients(sys, at, self.save, self.shape(ml, mu), self.matrix, nre)
            }
        }
    }

    /// Overwrite `b` with J^{-1} b using the factors (DSLVD).
    fn back_substitute(&self, b: &mut [Real]) {
        match self.format {
            MatrixFormat::Dense => dense::solve(self.matrix, self.n, self.pivots, b),
            MatrixFormat::Band { ml, mu } => band::solve(self.matrix, self.shape(ml, mu), self.pivots, b),
        }
    }
}

/// The direct methods' behaviour (DNEDD, DDASID).
pub const DIRECT_POLICY: Policy = Policy {
    has_setup: true,
    rescale_residual: true,
    first_iterate: FirstIterateTolerance::Roundoff,
    exact: true,
    ic: IcPolicy { fresh_residual_on_retry: true, keep_setup_on_second_pass: false, slow_if_reduced_tenfold: false },
};

impl<S: DaeSystem + ?Sized> LinearSolver<S> for DirectSolver<'_> {
    fn policy(&self) -> Policy {
        DIRECT_POLICY
    }

    fn setup(&mut self, sys: &mut S, at: Setup<'_>, cnt: &mut Counters) -> LinearResult {
        self.evaluate(sys, at, &mut cnt.nre).map_err(LinearFailure::Residual)?;
        match self.format {
            MatrixFormat::Dense => dense::factor(self.matrix, self.n, self.pivots)?,
            MatrixFormat::Band { ml, mu } => band::factor(self.matrix, self.shape(ml, mu), self.pivots)?,
        }
        Ok(())
    }

    fn solve(&mut self, _: &mut S, _: &mut SolvePoint<'_>, b: &mut [Real], _: &mut Counters) -> LinearResult {
        self.back_substitute(b);
        Ok(())
    }

    fn precondition(&mut self, _: &mut S, _: &mut SolvePoint<'_>, b: &mut [Real], _: &mut Counters) -> LinearResult {
        self.back_substitute(b);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_problems::Tridiagonal;

    fn solve_with(format: MatrixFormat, source: JacobianSource, n: usize) -> (Vec<Real>, FInt) {
        let lenpd = format.matrix_len(n).unwrap();
        let mut wm = vec![0.0; lenpd + format.save_len(source, n).unwrap()];
        let mut piv = vec![0; n];
        let mut sys = Tridiagonal { n };
        let mut y: Vec<Real> = (0..n).map(|i| 1.0 + i as Real).collect();
        let mut yp = vec![0.5; n];
        let mut delta = vec![0.0; n];
        sys.residual(0.0, &y, &yp, 2.0, &mut delta);
        let rwt = vec![1e6; n];
        let mut work = vec![0.0; n];
        let mut cnt = Counters::default();
        let mut lin = DirectSolver::new(format, source, n, &mut wm, &mut piv);
        let at = Setup {
            t: 0.0,
            cj: 2.0,
            h: 0.1,
            uround: f64::EPSILON / 2.0,
            rwt: &rwt,
            residual: &delta,
            y: &mut y,
            yp: &mut yp,
            work: &mut work,
        };
        lin.setup(&mut sys, at, &mut cnt).unwrap();
        let mut b = vec![1.0; n];
        let mut w = rwt.clone();
        let mut sp = SolvePoint { t: 0.0, y: &y, yp: &yp, cj: 2.0, epcon: 0.33, rwt: &mut w };
        lin.solve(&mut sys, &mut sp, &mut b, &mut cnt).unwrap();
        (b, cnt.nre)
    }

    #[test]
    fn dense_and_band_difference_quotients_and_user_jacobians_agree() {
        let n = 9;
        let (xd, nd) = solve_with(MatrixFormat::Dense, JacobianSource::DifferenceQuotients, n);
        let (xb, nb) = solve_with(MatrixFormat::Band { ml: 1, mu: 1 }, JacobianSource::DifferenceQuotients, n);
        let (xu, nu) = solve_with(MatrixFormat::Dense, JacobianSource::User, n);
        let (xbu, _) = solve_with(MatrixFormat::Band { ml: 1, mu: 1 }, JacobianSource::User, n);
        assert_eq!((nd, nb, nu), (n as FInt, 3, 0));
        // A = tridiag(-1, 4 + cj, -2) with cj = 2.
        for i in 0..n {
            let mut ax = 6.0 * xd[i];
            if i > 0 {
                ax -= xd[i - 1];
            }
            if i + 1 < n {
                ax -= 2.0 * xd[i + 1];
            }
            assert!((ax - 1.0).abs() < 1e-6);
            assert!((xd[i] - xb[i]).abs() < 1e-9);
            assert!((xd[i] - xu[i]).abs() < 1e-6);
            assert!((xu[i] - xbu[i]).abs() < 1e-12);
        }
    }

    #[test]
    fn lengths_follow_daskr() {
        assert_eq!(MatrixFormat::Dense.matrix_len(10), Ok(100));
        let band = MatrixFormat::Band { ml: 2, mu: 3 };
        assert_eq!(band.matrix_len(100), Ok(800));
        assert_eq!(band.save_len(JacobianSource::DifferenceQuotients, 100), Ok(2 * (100 / 6 + 1)));
        assert_eq!(band.save_len(JacobianSource::User, 100), Ok(0));
        assert_eq!(MatrixFormat::Dense.matrix_len(usize::MAX / 2), Err(LengthOverflow));
    }
}
