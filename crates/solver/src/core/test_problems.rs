//! Reference problems and helpers shared by the unit tests of the stepper,
//! the corrector, the linear solvers, the initial-condition iteration and
//! the integrator.

use super::problem::{CallbackStatus, DaeSystem, JacobianPoint, MatrixStorage, PrecondSetup, PrecondSetupStatus, PrecondSolve};
use crate::types::{FInt, Real};

/// G(y, y') = y' + K y with K = tridiag(-1, 4, -2): J = K + cj*I, known
/// exactly, with the user Jacobian in dense and band storage.
pub struct Tridiagonal {
    pub n: usize,
}

impl DaeSystem for Tridiagonal {
    fn residual(&mut self, _t: Real, y: &[Real], yp: &[Real], _cj: Real, d: &mut [Real]) -> CallbackStatus {
        for i in 0..self.n {
            let mut k = 4.0 * y[i];
            if i > 0 {
                k -= y[i - 1];
            }
            if i + 1 < self.n {
                k -= 2.0 * y[i + 1];
            }
            d[i] = yp[i] + k;
        }
        CallbackStatus::Ok
    }

    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [Real], s: MatrixStorage) -> CallbackStatus {
        let mut next = 0;
        let mut set = |i: usize, j: usize, v: Real| match s {
            MatrixStorage::Dense { neq } => pd[i + j * neq] = v,
            MatrixStorage::Band { ml, mu, .. } => pd[(i + ml + mu - j) + j * (2 * ml + mu + 1)] = v,
            // In the order of `Tridiagonal::pattern`.
            MatrixStorage::Sparse { .. } => {
                pd[next] = v;
                next += 1;
            }
        };
        for i in 0..self.n {
            if i > 0 {
                set(i, i - 1, -1.0);
            }
            set(i, i, 4.0 + at.cj);
            if i + 1 < self.n {
                set(i, i + 1, -2.0);
            }
        }
        CallbackStatus::Ok
    }
}

impl Tridiagonal {
    /// The coordinate pattern (1-based rows, columns) row by row, in the
    /// order the sparse Jacobian fills it.
    pub fn pattern(&self) -> (Vec<FInt>, Vec<FInt>) {
        let (mut rows, mut cols) = (Vec::new(), Vec::new());
        for i in 0..self.n {
            for j in i.saturating_sub(1)..(i + 2).min(self.n) {
                rows.push(i as FInt + 1);
                cols.push(j as FInt + 1);
            }
        }
        (rows, cols)
    }
}

/// G(t, y, y') = A y + B y' - f with dense A, B, so J = A + cj*B exactly;
/// an optional diagonal preconditioner; call counters.
pub struct LinearDae {
    pub n: usize,
    pub a: Vec<Real>,
    pub b: Vec<Real>,
    pub f: Vec<Real>,
    /// Diagonal preconditioner: divide by this (None: identity).
    pub diag: Option<Vec<Real>>,
    pub psol_ier: FInt,
    pub res_calls: usize,
    pub psol_calls: usize,
}

impl LinearDae {
    pub fn new(n: usize, a: Vec<Real>, b: Vec<Real>) -> Self {
        LinearDae { n, a, b, f: vec![0.0; n], diag: None, psol_ier: 0, res_calls: 0, psol_calls: 0 }
    }

    /// A small nonsymmetric, diagonally dominant matrix A, B = I.
    pub fn nonsymmetric(n: usize) -> Self {
        let mut a = vec![0.0; n * n];
        let mut b = vec![0.0; n * n];
        for i in 0..n {
            a[i + i * n] = 4.0 + i as Real * 0.5;
            if i + 1 < n {
                a[i + (i + 1) * n] = -1.3;
                a[(i + 1) + i * n] = 0.7;
            }
            if i + 3 < n {
                a[i + (i + 3) * n] = 0.4 * (i as Real + 1.0).sin();
            }
            b[i + i * n] = 1.0;
        }
        LinearDae::new(n, a, b)
    }

    /// J = A + cj*B, column-major.
    pub fn jac(&self, cj: Real) -> Vec<Real> {
        self.a.iter().zip(&self.b).map(|(&a, &b)| a + cj * b).collect()
    }
}

impl DaeSystem for LinearDae {
    #[allow(clippy::needless_range_loop)]
    fn residual(&mut self, _t: Real, y: &[Real], yp: &[Real], _cj: Real, delta: &mut [Real]) -> CallbackStatus {
        self.res_calls += 1;
        let n = self.n;
        for i in 0..n {
            let mut s = -self.f[i];
            for j in 0..n {
                s += self.a[i + j * n] * y[j] + self.b[i + j * n] * yp[j];
            }
            delta[i] = s;
        }
        CallbackStatus::Ok
    }

    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [Real], s: MatrixStorage) -> CallbackStatus {
        if let MatrixStorage::Dense { .. } = s {
            pd.copy_from_slice(&self.jac(at.cj));
        }
        CallbackStatus::Ok
    }

    fn preconditioner_solve(&mut self, c: PrecondSolve<'_>) -> FInt {
        self.psol_calls += 1;
        if let Some(d) = &self.diag {
            for (bi, &di) in c.b.iter_mut().zip(d) {
                *bi /= di;
            }
        }
        self.psol_ier
    }
}

/// The 1-D heat equation y' = A y (Dirichlet, A = tridiag(1,-2,1)/dx^2)
/// with a diagonal preconditioner cj + 2/dx^2 set up by JAC, and knobs to
/// make RES, JAC or PSOL fail.
pub struct Heat {
    pub n: usize,
    pub dx2: Real,
    pub setups: usize,
    /// Return IER from PSOL when the stored CJ differs from the current one.
    pub strict_psol: bool,
    pub setup_ier: FInt,
    pub res_status: CallbackStatus,
    pub psol_ier: FInt,
}

impl Heat {
    pub fn new(n: usize) -> Self {
        let dx = 1.0 / (n + 1) as Real;
        Heat {
            n,
            dx2: dx * dx,
            setups: 0,
            strict_psol: false,
            setup_ier: 0,
            res_status: CallbackStatus::Ok,
            psol_ier: 0,
        }
    }

    pub fn a_times(&self, y: &[Real], out: &mut [Real]) {
        let n = self.n;
        for i in 0..n {
            let l = if i > 0 { y[i - 1] } else { 0.0 };
            let r = if i + 1 < n { y[i + 1] } else { 0.0 };
            out[i] = (l - 2.0 * y[i] + r) / self.dx2;
        }
    }
}

impl DaeSystem for Heat {
    fn residual(&mut self, _t: Real, y: &[Real], yp: &[Real], _cj: Real, delta: &mut [Real]) -> CallbackStatus {
        if self.res_status != CallbackStatus::Ok {
            return self.res_status;
        }
        self.a_times(y, delta);
        for (d, &p) in delta.iter_mut().zip(yp) {
            *d = p - *d;
        }
        CallbackStatus::Ok
    }
    fn preconditioner_setup(&mut self, c: PrecondSetup<'_>) -> PrecondSetupStatus {
        self.setups += 1;
        c.wp[0] = c.cj + 2.0 / self.dx2;
        c.wp[1] = c.cj;
        PrecondSetupStatus { ier: self.setup_ier, ires: 0 }
    }
    fn preconditioner_solve(&mut self, c: PrecondSolve<'_>) -> FInt {
        if self.psol_ier != 0 {
            return self.psol_ier;
        }
        if self.strict_psol && c.wp[1] != c.cj {
            return 1;
        }
        for b in c.b.iter_mut() {
            *b /= c.wp[0];
        }
        0
    }
}

/// Robertson's kinetics as an index-1 DAE (y3 algebraic).
pub struct Robertson;

impl DaeSystem for Robertson {
    fn residual(&mut self, _t: Real, y: &[Real], yp: &[Real], _cj: Real, d: &mut [Real]) -> CallbackStatus {
        d[0] = -0.04 * y[0] + 1.0e4 * y[1] * y[2] - yp[0];
        d[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1] - yp[1];
        d[2] = y[0] + y[1] + y[2] - 1.0;
        CallbackStatus::Ok
    }
}

/// y = A y multiplied out (column-major A).
pub fn matvec(m: &[Real], x: &[Real]) -> Vec<Real> {
    let n = x.len();
    (0..n).map(|i| (0..n).map(|j| m[i + j * n] * x[j]).sum()).collect()
}

/// Gaussian elimination with partial pivoting (column-major copy).
pub fn direct_solve(m: &[Real], b: &[Real]) -> Vec<Real> {
    let n = b.len();
    let mut a = m.to_vec();
    let mut x = b.to_vec();
    for k in 0..n {
        let p = (k..n).max_by(|&i, &j| a[i + k * n].abs().total_cmp(&a[j + k * n].abs())).unwrap();
        for j in 0..n {
            a.swap(k + j * n, p + j * n);
        }
        x.swap(k, p);
        for i in k + 1..n {
            let f = a[i + k * n] / a[k + k * n];
            for j in k..n {
                a[i + j * n] -= f * a[k + j * n];
            }
            x[i] -= f * x[k];
        }
    }
    for k in (0..n).rev() {
        let mut s = x[k];
        for j in k + 1..n {
            s -= a[k + j * n] * x[j];
        }
        x[k] = s / a[k + k * n];
    }
    x
}

pub fn max_diff(a: &[Real], b: &[Real]) -> Real {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, Real::max)
}

/// FNV-1a hash of a text, to pin long reference outputs.
pub fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A deterministic pseudo-random sequence (a 64-bit LCG, its top bits),
/// for the tests that sweep generated cases.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next raw state.
    pub fn next_bits(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0
    }

    /// Uniform in [0, 1).
    pub fn uniform(&mut self) -> Real {
        (self.next_bits() >> 11) as Real / (1u64 << 53) as Real
    }

    /// Uniform in [-1, 1).
    pub fn signed(&mut self) -> Real {
        self.uniform() * 2.0 - 1.0
    }
}

/// A generated case for the weighted-norm tests: `n` (1..=12) terms
/// `scale`*u^3 (u uniform in [-1, 1)) with weights in [0.1, 1.1), and
/// every `every`-th case (by `case`) a NaN first term, an infinite last
/// one or all zeros; with the largest weighted term (DDWNRM's first pass).
pub fn weighted_case(rng: &mut Lcg, case: usize, every: usize, scale: Real) -> (Vec<Real>, Vec<Real>, Real) {
    let n = 1 + (rng.uniform() * 12.0) as usize;
    let wt: Vec<Real> = (0..n).map(|_| 0.1 + rng.uniform()).collect();
    let mut v: Vec<Real> = (0..n).map(|_| scale * rng.signed().powi(3)).collect();
    match case % every {
        0 => v[0] = Real::NAN,
        1 => v[n - 1] = Real::INFINITY,
        2 => v.iter_mut().for_each(|x| *x = 0.0),
        _ => {}
    }
    let vmax = v.iter().zip(&wt).fold(0.0, |m, (&a, &w)| crate::core::norms::fold_max(m, a * w));
    (v, wt, vmax)
}
