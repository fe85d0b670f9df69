//! Banded difference-quotient preconditioner for the Krylov method.
//!
//! Replaces DASKR's `dbanpre.f`: [`BandPreconditioner::setup`] is the work of
//! DBANJA (approximate the iteration matrix `P ~ dG/dy + CJ dG/dy'` by a band
//! matrix with half-bandwidths ML, MU, built from difference quotients of the
//! residual, then LU-factor it) and [`BandPreconditioner::solve`] the work of
//! DBANPS (solve `P x = b` with those factors).
//!
//! | here | DASKR |
//! |---|---|
//! | [`BandPreconditioner::setup`] | DBANJA |
//! | [`BandPreconditioner::solve`] | DBANPS |
//! | [`BandPreconditioner::wp_len`], [`BandPreconditioner::iwp_len`] | LWP, LIWP of the prologue |
//!
//! # The work segments
//!
//! `WP` (length [`BandPreconditioner::wp_len`],
//! `(2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1) + 1)`, DASKR's LWP) holds:
//!
//! - the band matrix in LINPACK band storage (leading dimension `2*ML+MU+1`,
//!   element (i, j) at `(i - j + ML + MU) + j*(2*ML+MU+1)`, 0-based; the top ML
//!   rows are fill-in workspace), after setup its LU factors exactly as
//!   LINPACK's DGBFA leaves them;
//! - then two segments of `NEQ/(ML+MU+1) + 1` reals where the unperturbed
//!   `y` and `y'` entries of the current column group are kept while the
//!   residual is evaluated.
//!
//! `IWP` (length NEQ, DASKR's LIWP) holds the pivot indices in LINPACK's
//! 1-based form (`IPVT(k)`), so a caller that hands `WP`/`IWP` to its own
//! DGBSL gets the same answer as DBANPS.
//!
//! # The difference quotients
//!
//! Columns are perturbed in `min(ML+MU+1, NEQ)` groups: group `j` holds the
//! columns `j, j+ML+MU+1, j+2(ML+MU+1), ...`, which share no row of the band,
//! so one residual evaluation per group gives all their band entries. The
//! increment for column n is DASKR's
//! `del = sqrt(uround) * max(|y_n|, |h y'_n|, |1/rewt_n|)` with the sign of
//! `h y'_n`, rounded so that `y_n + del` is representable (`(y+del)-y`);
//! `y'_n` moves by `CJ*del`. Entries outside the band are lumped into the
//! band entries of the same row and column group, as in DASKR.
#![doc(alias = "DBANJA")]
#![doc(alias = "DBANPS")]

use crate::core::linsol::band::{self, BandShape};
use crate::core::precision::Precision;
use crate::types::{FInt, Real};

/// The band parameters are unusable (DBANJA's IPAR(1), IPAR(2) and NEQ).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BandLayoutError {
    #[error("NEQ must not be negative (NEQ = {neq})")]
    NegativeSize { neq: FInt },
    #[error("half-bandwidths must not be negative (ML = {ml}, MU = {mu})")]
    NegativeBandwidth { ml: FInt, mu: FInt },
    #[error("the band work segment is too large to address (NEQ = {neq}, ML = {ml}, MU = {mu})")]
    TooLarge { neq: usize, ml: usize, mu: usize },
}

/// Why [`BandPreconditioner::setup`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BandSetupError {
    /// The residual routine returned IRES < 0 (the value is kept); `y` and
    /// `y'` are back at their input values.
    #[error("the residual routine returned IRES = {ires}")]
    Residual { ires: FInt },
    /// The band matrix has an exactly zero (or non-finite) pivot in this
    /// 0-based column; DBANJA reports `IER = column + 1`.
    #[error("zero pivot in column {} of the band preconditioner", .column + 1)]
    Singular { column: usize },
}

impl BandSetupError {
    /// DBANJA's IER for this outcome (0 for a residual failure: DASKR reads
    /// IRES then).
    pub fn ier(&self) -> FInt {
        match *self {
            BandSetupError::Residual { .. } => 0,
            BandSetupError::Singular { column } => column as FInt + 1,
        }
    }
}

/// [`BandPreconditioner::solve`] was handed pivots that no factorisation of
/// this band shape can produce (IWP not set by a successful setup).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the band preconditioner is not factored (bad pivot index in row {row})")]
pub struct NotFactored {
    /// 0-based row of the first bad pivot entry.
    pub row: usize,
}

/// Arguments of one setup (DBANJA's JAC argument list minus RES, IRES,
/// RPAR and IPAR).
#[derive(Debug)]
pub struct BandSetupArgs<'a> {
    pub t: Real,
    /// Current y; perturbed during the call and restored bit for bit.
    pub y: &'a mut [Real],
    /// Current y'; perturbed during the call and restored bit for bit.
    pub yp: &'a mut [Real],
    /// Reciprocal error weights (sizes the increments).
    pub rewt: &'a [Real],
    /// Residual G(t, y, y') at the unperturbed point.
    pub savr: &'a [Real],
    /// NEQ-long scratch for the perturbed residuals.
    pub wk: &'a mut [Real],
    /// Current step size.
    pub h: Real,
    /// Leading coefficient CJ (proportional to 1/h).
    pub cj: Real,
    /// The WP segment ([`BandPreconditioner::wp_len`] reals at least).
    pub wp: &'a mut [Real],
    /// The IWP segment (NEQ integers at least).
    pub iwp: &'a mut [FInt],
}

/// A band preconditioner of order NEQ with half-bandwidths ML and MU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BandPreconditioner {
    neq: usize,
    ml: usize,
    mu: usize,
}

/// sqrt of the unit roundoff: exactly 2^-26 with D1MACH(4) = 2^-52,
/// SQRT(R1MACH(4)) in single precision.
const SQRT_UROUND: Real = <Real as Precision>::SQRT_UROUND;

impl BandPreconditioner {
    /// A preconditioner for NEQ equations keeping the entries (i, j) with
    /// `-ml <= j - i <= mu`. Half-bandwidths above NEQ-1 are allowed (the
    /// storage follows the given values, as DBANJA's does).
    pub fn new(neq: usize, ml: usize, mu: usize) -> Result<Self, BandLayoutError> {
        let this = BandPreconditioner { neq, ml, mu };
        // Every length derived below must be addressable.
        let ok = (2usize)
            .checked_mul(ml)
            .and_then(|v| v.checked_add(mu))
            .and_then(|v| v.checked_add(1))
            .and_then(|lda| lda.checked_mul(neq))
            .and_then(|m| m.checked_add(2 * (neq / (ml + mu + 1) + 1)))
            .is_some_and(|total| total <= isize::MAX as usize / std::mem::size_of::<Real>());
        if ok {
            Ok(this)
        } else {
            Err(BandLayoutError::TooLarge { neq, ml, mu })
        }
    }

    /// From Fortran integers: NEQ and IPAR(1) = ML, IPAR(2) = MU.
    pub fn from_fortran(neq: FInt, ml: FInt, mu: FInt) -> Result<Self, BandLayoutError> {
        if neq < 0 {
            return Err(BandLayoutError::NegativeSize { neq });
        }
        if ml < 0 || mu < 0 {
            return Err(BandLayoutError::NegativeBandwidth { ml, mu });
        }
        Self::new(neq as usize, ml as usize, mu as usize)
    }

    pub fn neq(&self) -> usize {
        self.neq
    }

    /// Shape of the band matrix in LINPACK storage.
    pub fn shape(&self) -> BandShape {
        BandShape { n: self.neq, ml: self.ml, mu: self.mu }
    }

    /// Reals of WP taken by the band matrix: `(2*ML+MU+1)*NEQ`.
    pub fn matrix_len(&self) -> usize {
        self.shape().lda() * self.neq
    }

    /// Number of column groups, i.e. of residual evaluations per setup:
    /// `min(ML+MU+1, NEQ)`.
    pub fn group_count(&self) -> usize {
        self.band_width().min(self.neq)
    }

    /// Length of WP that DASKR's prologue prescribes (LWP):
    /// `(2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1) + 1)`.
    pub fn wp_len(&self) -> usize {
        self.matrix_len() + 2 * self.save_len()
    }

    /// Length of IWP (LIWP): NEQ.
    pub fn iwp_len(&self) -> usize {
        self.neq
    }

    /// ML + MU + 1: the column stride within a group.
    fn band_width(&self) -> usize {
        self.ml + self.mu + 1
    }

    /// Length of each of the two save segments after the matrix.
    fn save_len(&self) -> usize {
        self.neq / self.band_width() + 1
    }

    /// Build the band approximation of `dG/dy + CJ dG/dy'` by difference
    /// quotients and LU-factor it in place in `args.wp` (pivots in
    /// `args.iwp`, 1-based). `residual(t, y, y', cj, delta)` evaluates G
    /// and returns IRES (negative: stop). Replaces DBANJA.
    ///
    /// # Panics
    /// If a slice is shorter than documented in [`BandSetupArgs`].
    #[doc(alias = "DBANJA")]
    pub fn setup<F>(&self, mut residual: F, args: BandSetupArgs<'_>) -> Result<(), BandSetupError>
    where
        F: FnMut(Real, &[Real], &[Real], Real, &mut [Real]) -> FInt,
    {
        let n = self.neq;
        let BandSetupArgs { t, y, yp, rewt, savr, wk, h, cj, wp, iwp } = args;
        assert!(y.len() >= n && yp.len() >= n, "y and y' need NEQ entries");
        assert!(rewt.len() >= n && savr.len() >= n && wk.len() >= n, "REWT, SAVR, WK need NEQ entries");
        assert!(wp.len() >= self.wp_len(), "WP needs {} entries", self.wp_len());
        assert!(iwp.len() >= n, "IWP needs NEQ entries");
        let (y, yp, rewt, savr, wk) = (&mut y[..n], &mut yp[..n], &rewt[..n], &savr[..n], &mut wk[..n]);

        let stride = self.band_width();
        let shape = self.shape();
        let lda = shape.lda();
        let diag = self.ml + self.mu;
        let (matrix, saved) = wp[..self.wp_len()].split_at_mut(self.matrix_len());
        let (y_saved, yp_saved) = saved.split_at_mut(self.save_len());

        for group in 0..self.group_count() {
            for (k, col) in (group..n).step_by(stride).enumerate() {
                y_saved[k] = y[col];
                yp_saved[k] = yp[col];
                let del = increment(y[col], yp[col], h, rewt[col]);
                y[col] += del;
                yp[col] += cj * del;
            }
            let ires = residual(t, y, yp, cj, wk);
            if ires < 0 {
                for (k, col) in (group..n).step_by(stride).enumerate() {
                    y[col] = y_saved[k];
                    yp[col] = yp_saved[k];
                }
                return Err(BandSetupError::Residual { ires });
            }
            for (k, col) in (group..n).step_by(stride).enumerate() {
                y[col] = y_saved[k];
                yp[col] = yp_saved[k];
                let del = increment(y[col], yp[col], h, rewt[col]);
                let inv = 1.0 / del;
                let first = col.saturating_sub(self.mu);
                let last = (col + self.ml).min(n - 1);
                // Rows first..=last of column `col` sit contiguously in
                // band storage, starting at band row first + diag - col.
                let start = col * lda + first + diag - col;
                let dest = &mut matrix[start..=start + (last - first)];
                for ((d, &g), &g0) in dest.iter_mut().zip(&wk[first..=last]).zip(&savr[first..=last]) {
                    *d = (g - g0) * inv;
                }
            }
        }

        let pivots = &mut iwp[..n];
        match band::factor(matrix, shape, pivots) {
            Ok(()) => {
                to_one_based(pivots);
                Ok(())
            }
            Err(e) => {
                to_one_based(&mut pivots[..=e.column]);
                Err(BandSetupError::Singular { column: e.column })
            }
        }
    }

    /// Solve `P x = b` in place in `b` with the factors left by
    /// [`setup`](Self::setup) in `wp` / `iwp`. Replaces DBANPS.
    ///
    /// `iwp` is briefly rewritten during the call (LINPACK's 1-based pivots
    /// are turned into 0-based ones and back) and is unchanged afterwards.
    ///
    /// # Panics
    /// If `wp` is shorter than [`matrix_len`](Self::matrix_len) or `iwp`,
    /// `b` shorter than NEQ.
    #[doc(alias = "DBANPS")]
    pub fn solve(&self, wp: &[Real], iwp: &mut [FInt], b: &mut [Real]) -> Result<(), NotFactored> {
        let n = self.neq;
        assert!(wp.len() >= self.matrix_len(), "WP needs {} entries", self.matrix_len());
        assert!(iwp.len() >= n && b.len() >= n, "IWP and B need NEQ entries");
        let pivots = &mut iwp[..n];
        // A pivot of step k lies in rows k..=min(k+ML, NEQ-1) (1-based here).
        if let Some(row) = pivots.iter().enumerate().position(|(k, &p)| {
            let p = p as i64 - 1;
            p < k as i64 || p > (k + self.ml).min(n - 1) as i64
        }) {
            return Err(NotFactored { row });
        }
        to_zero_based(pivots);
        band::solve(&wp[..self.matrix_len()], self.shape(), pivots, &mut b[..n]);
        to_one_based(pivots);
        Ok(())
    }
}

/// DBANJA's increment for one column: `sqrt(uround) * max(|y|, |h y'|,
/// |1/rewt|)` with the sign of `h y'`, rounded to what `y` can absorb.
/// DJCALC, the ILU preconditioner's Jacobian, uses the same increment.
#[inline]
pub(crate) fn increment(y: Real, yp: Real, h: Real, rewt: Real) -> Real {
    let hyp = h * yp;
    let del = SQRT_UROUND * y.abs().max(hyp.abs()).max((1.0 / rewt).abs());
    // Fortran SIGN(DEL, H*YP), which gfortran evaluates as copysign.
    let del = del.copysign(hyp);
    (y + del) - y
}

fn to_one_based(pivots: &mut [FInt]) {
    pivots.iter_mut().for_each(|p| *p += 1);
}

fn to_zero_based(pivots: &mut [FInt]) {
    pivots.iter_mut().for_each(|p| *p -= 1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::linsol::dense;

    /// Band element (i, j) in LINPACK storage.
    fn at(s: BandShape, i: usize, j: usize) -> usize {
        (i + s.ml + s.mu - j) + j * s.lda()
    }

    /// Linear residual G = y' - A y with A given densely (column-major),
    /// counting the calls.
    fn linear_residual<'a>(
        a: &'a [Real],
        n: usize,
        calls: &'a mut usize,
    ) -> impl FnMut(Real, &[Real], &[Real], Real, &mut [Real]) -> FInt + 'a {
        move |_t, y, yp, _cj, g| {
            *calls += 1;
            for i in 0..n {
                let mut s = yp[i];
                for j in 0..n {
                    s -= a[j * n + i] * y[j];
                }
                g[i] = s;
            }
            0
        }
    }

    fn tridiagonal(n: usize) -> Vec<Real> {
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            a[i * n + i] = -4.0 - i as Real;
            if i > 0 {
                a[(i - 1) * n + i] = 1.0 + (i % 3) as Real;
            }
            if i + 1 < n {
                a[(i + 1) * n + i] = 2.0;
            }
        }
        a
    }

    /// The solution of the dense column-major n x n system `m x = b`
    /// (LU with partial pivoting): the reference for the band solves.
    fn dense_solution(mut m: Vec<Real>, n: usize, b: &[Real]) -> Vec<Real> {
        let mut piv = vec![0; n];
        dense::factor(&mut m, n, &mut piv).unwrap();
        let mut x = b.to_vec();
        dense::solve(&m, n, &piv, &mut x);
        x
    }

    /// Every entry of `x` within `rel * (1 + |r|)` of its reference r.
    fn assert_close(x: &[Real], reference: &[Real], rel: Real) {
        for (u, v) in x.iter().zip(reference) {
            assert!((u - v).abs() <= rel * (1.0 + v.abs()), "{u} vs {v}");
        }
    }

    struct Work {
        y: Vec<Real>,
        yp: Vec<Real>,
        rewt: Vec<Real>,
        savr: Vec<Real>,
        wk: Vec<Real>,
        wp: Vec<Real>,
        iwp: Vec<FInt>,
    }

    impl Work {
        fn new(p: &BandPreconditioner) -> Self {
            let n = p.neq();
            Work {
                y: vec![0.0; n],
                yp: vec![0.0; n],
                rewt: vec![1.0; n],
                savr: vec![0.0; n],
                wk: vec![0.0; n],
                wp: vec![Real::NAN; p.wp_len()],
                iwp: vec![-99; n],
            }
        }
        fn args(&mut self, h: Real, cj: Real) -> BandSetupArgs<'_> {
            BandSetupArgs {
                t: 0.0,
                y: &mut self.y,
                yp: &mut self.yp,
                rewt: &self.rewt,
                savr: &self.savr,
                wk: &mut self.wk,
                h,
                cj,
                wp: &mut self.wp,
                iwp: &mut self.iwp,
            }
        }
    }

    #[test]
    fn layout_matches_prologue() {
        // dheat.f: NEQ = 144, ML = MU = 1: LWP = 4*144 + 2*(144/3 + 1).
        let p = BandPreconditioner::from_fortran(144, 1, 1).unwrap();
        assert_eq!(p.wp_len(), 4 * 144 + 2 * (144 / 3 + 1));
        assert_eq!(p.iwp_len(), 144);
        assert_eq!(p.group_count(), 3);
        let p = BandPreconditioner::from_fortran(5, 7, 2).unwrap();
        assert_eq!(p.wp_len(), 17 * 5 + 2);
        assert_eq!(p.group_count(), 5);
        assert_eq!(
            BandPreconditioner::from_fortran(5, -1, 0),
            Err(BandLayoutError::NegativeBandwidth { ml: -1, mu: 0 })
        );
        assert!(BandPreconditioner::from_fortran(-3, 0, 0).is_err());
        assert!(matches!(BandPreconditioner::new(usize::MAX / 2, 3, 3), Err(BandLayoutError::TooLarge { .. })));
    }

    #[test]
    fn tridiagonal_equals_exact_band_solve() {
        // At y = y' = 0 with REWT = 1 the increments are exactly 2^-26 and
        // G is linear with small integer coefficients: every difference
        // quotient is exact, so the preconditioner is exactly CJ*I - A.
        let n = 11;
        let a = tridiagonal(n);
        let p = BandPreconditioner::new(n, 1, 1).unwrap();
        let mut w = Work::new(&p);
        let cj = 2.0;
        let mut calls = 0;
        p.setup(linear_residual(&a, n, &mut calls), w.args(0.5, cj)).unwrap();
        assert_eq!(calls, 3);
        assert_eq!(w.y, vec![0.0; n]);
        assert_eq!(w.yp, vec![0.0; n]);

        // The same matrix built by hand and factored by the band LU.
        let s = p.shape();
        let mut exact = vec![0.0; p.matrix_len()];
        for j in 0..n {
            for i in j.saturating_sub(1)..(j + 2).min(n) {
                exact[at(s, i, j)] = if i == j { cj } else { 0.0 } - a[j * n + i];
            }
        }
        let mut piv = vec![0; n];
        band::factor(&mut exact, s, &mut piv).unwrap();
        let b: Vec<Real> = (0..n).map(|i| (i as Real * 0.7).sin() + 1.0).collect();
        let mut x_exact = b.clone();
        band::solve(&exact, s, &piv, &mut x_exact);

        let mut x = b.clone();
        p.solve(&w.wp, &mut w.iwp, &mut x).unwrap();
        assert_eq!(x, x_exact);
        // IWP holds LINPACK's 1-based pivots and is unchanged by solve.
        assert_eq!(w.iwp, piv.iter().map(|p| p + 1).collect::<Vec<_>>());

        // And it is the solution of (CJ I - A) x = b.
        let mut m: Vec<Real> = a.iter().map(|v| -v).collect();
        for i in 0..n {
            m[i * n + i] += cj;
        }
        assert_close(&x, &dense_solution(m, n, &b), 1e-14);
    }

    #[test]
    fn nonlinear_residual_close_to_true_jacobian() {
        // G_i = y'_i - (y_{i-1} - 2 y_i + y_{i+1}) + y_i^3 at a general
        // point: difference quotients approximate J = CJ I - L + 3 diag(y^2).
        let n = 9;
        let p = BandPreconditioner::new(n, 1, 1).unwrap();
        let mut w = Work::new(&p);
        for i in 0..n {
            w.y[i] = 0.3 + 0.1 * i as Real;
            w.yp[i] = -0.2 * i as Real;
            w.rewt[i] = 1.0e4;
        }
        let res = |_t: Real, y: &[Real], yp: &[Real], _cj: Real, g: &mut [Real]| -> FInt {
            for i in 0..n {
                let l = if i > 0 { y[i - 1] } else { 0.0 };
                let r = if i + 1 < n { y[i + 1] } else { 0.0 };
                g[i] = yp[i] - (l - 2.0 * y[i] + r) + y[i].powi(3);
            }
            0
        };
        let mut savr = vec![0.0; n];
        res(0.0, &w.y, &w.yp, 0.0, &mut savr);
        w.savr = savr;
        let (y0, yp0) = (w.y.clone(), w.yp.clone());
        let cj = 10.0;
        p.setup(res, w.args(0.1, cj)).unwrap();
        assert_eq!((w.y.clone(), w.yp.clone()), (y0.clone(), yp0));

        let mut jac = vec![0.0; n * n];
        for i in 0..n {
            jac[i * n + i] = cj + 2.0 + 3.0 * y0[i] * y0[i];
            if i > 0 {
                jac[(i - 1) * n + i] = -1.0;
            }
            if i + 1 < n {
                jac[(i + 1) * n + i] = -1.0;
            }
        }
        let b: Vec<Real> = (0..n).map(|i| 1.0 + i as Real).collect();
        let mut x = b.clone();
        p.solve(&w.wp, &mut w.iwp, &mut x).unwrap();
        assert_close(&x, &dense_solution(jac, n, &b), 1e-6);
    }

    #[test]
    fn out_of_band_entries_are_lumped_by_column_group() {
        // Pentadiagonal A with ML = MU = 1: columns n and n +- 3 share a
        // group, so entry (i, i+1) also collects A(i, i-2) and (i, i-1)
        // collects A(i, i+2).
        let n = 8;
        let mut a = tridiagonal(n);
        for i in 0..n {
            if i >= 2 {
                a[(i - 2) * n + i] = 0.5;
            }
            if i + 2 < n {
                a[(i + 2) * n + i] = 0.25;
            }
        }
        let p = BandPreconditioner::new(n, 1, 1).unwrap();
        let mut w = Work::new(&p);
        let mut calls = 0;
        p.setup(linear_residual(&a, n, &mut calls), w.args(1.0, 0.0)).unwrap();
        // Rebuild the expected lumped band matrix and compare solves.
        let s = p.shape();
        let mut lumped = vec![0.0; p.matrix_len()];
        for j in 0..n {
            for i in j.saturating_sub(1)..(j + 2).min(n) {
                let mut v = 0.0;
                for m in 0..n {
                    if m % 3 == j % 3 {
                        v -= a[m * n + i];
                    }
                }
                lumped[at(s, i, j)] = v;
            }
        }
        let mut piv = vec![0; n];
        band::factor(&mut lumped, s, &mut piv).unwrap();
        let b: Vec<Real> = (0..n).map(|i| 2.0 - i as Real).collect();
        let mut x1 = b.clone();
        band::solve(&lumped, s, &piv, &mut x1);
        let mut x2 = b;
        p.solve(&w.wp, &mut w.iwp, &mut x2).unwrap();
        assert_eq!(x1, x2);
    }

    #[test]
    fn residual_failure_restores_and_reports() {
        let n = 6;
        let p = BandPreconditioner::new(n, 0, 2).unwrap();
        let mut w = Work::new(&p);
        w.y = (0..n).map(|i| i as Real + 0.5).collect();
        w.yp = vec![1.0; n];
        let (y0, yp0) = (w.y.clone(), w.yp.clone());
        let mut calls = 0;
        let err = p
            .setup(
                |_t, _y, _yp, _cj, _g| {
                    calls += 1;
                    if calls == 2 {
                        -1
                    } else {
                        0
                    }
                },
                w.args(0.01, 100.0),
            )
            .unwrap_err();
        assert_eq!(err, BandSetupError::Residual { ires: -1 });
        assert_eq!(err.ier(), 0);
        assert_eq!(calls, 2);
        assert_eq!(w.y, y0);
        assert_eq!(w.yp, yp0);
    }

    #[test]
    fn singular_matrix_reports_column() {
        let n = 5;
        let p = BandPreconditioner::new(n, 1, 1).unwrap();
        let mut w = Work::new(&p);
        let err = p
            .setup(
                |_t, _y, _yp, _cj, g| {
                    g.fill(0.0);
                    0
                },
                w.args(1.0, 1.0),
            )
            .unwrap_err();
        assert_eq!(err, BandSetupError::Singular { column: 0 });
        assert_eq!(err.ier(), 1);
    }

    #[test]
    fn solve_rejects_unfactored_pivots() {
        let p = BandPreconditioner::new(4, 1, 0).unwrap();
        let wp = vec![1.0; p.wp_len()];
        let mut iwp = vec![0; 4];
        let mut b = vec![1.0; 4];
        assert_eq!(p.solve(&wp, &mut iwp, &mut b), Err(NotFactored { row: 0 }));
        let mut iwp = vec![1, 4, 3, 4];
        assert_eq!(p.solve(&wp, &mut iwp, &mut b), Err(NotFactored { row: 1 }));
        assert_eq!(b, vec![1.0; 4]);
    }

    #[test]
    fn increment_follows_dbanja() {
        // Sign of h*y', size from the largest of |y|, |h y'|, 1/rewt.
        let d = increment(0.0, -1.0, 0.5, 1.0);
        assert_eq!(d, -SQRT_UROUND);
        let d = increment(4.0, 0.0, 1.0, 1.0e3);
        assert_eq!(d, (4.0 + 4.0 * SQRT_UROUND) - 4.0);
        assert_eq!(SQRT_UROUND, Real::EPSILON.sqrt());
        // The sign follows h*y', -0.0 included.
        assert!(increment(1.0, -1.0, 0.1, 1.0) < 0.0);
        assert!(increment(1.0, -0.0, 0.1, 1.0) < 0.0);
        assert!(increment(1.0, 0.0, 0.1, 1.0) > 0.0);
    }
}
