//! The linearised model the sensitivities need, at one point: dF/dz and
//! dF/dz' apart (from the Jacobian J = dF/dz + CJ*dF/dz' at two values of
//! CJ: the user's JAC, or difference quotients on the matrix's column
//! groups, as the iteration matrix is formed), their products with a
//! vector, and the matrix of the consistent-sensitivity systems (dF/dz'
//! in the columns of the differential variables, dF/dz in the others;
//! the matrix A of the event polishing), factored.
//!
//! One [`Shape`] per storage: the caller's sparse pattern (DSL48E, the
//! Rust API's sparse matrices), or DDASKR's dense and LINPACK band
//! storage (the Rust API's `Solver`).

use crate::core::linsol::band::{self, BandShape};
use crate::core::linsol::dense;
use crate::core::linsol::dq::{band_difference_quotients, difference_quotients, BandGroups, SingleColumns};
use crate::core::linsol::sparse::{Pattern, SparseFactors};
use crate::core::linsol::{JacobianSource, Setup};
use crate::core::problem::{CallbackStatus, DaeSystem, MatrixStorage};
use crate::types::{FInt, Real};

/// The storage of a matrix on the model's structure.
#[derive(Clone, Copy)]
#[allow(dead_code)] // Dense and Band: the Rust API's Solver (next commit).
pub enum Shape<'p> {
    /// Column-major NEQ x NEQ.
    Dense(usize),
    /// LINPACK band storage (leading dimension 2*ML+MU+1; the top ML rows
    /// of each column are the factorisation's fill space).
    Band(BandShape),
    /// The caller's coordinate pattern (NNZ values in the caller's order).
    Sparse(&'p Pattern, usize),
}

/// A factored matrix of the consistent-sensitivity systems.
pub enum Factored {
    /// Dense or band LU in the values themselves, with its pivots.
    InPlace(Vec<Real>, Vec<FInt>),
    Sparse(SparseFactors),
}

/// Any factorisation failure: the matrix is singular.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Singular;

impl<'p> Shape<'p> {
    /// The pattern's shape (NNZ counted once).
    pub fn sparse(p: &'p Pattern) -> Self {
        Shape::Sparse(p, p.entries().count())
    }

    /// The number of values a matrix of this shape has.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        match *self {
            Shape::Dense(n) => n * n,
            Shape::Band(b) => b.lda() * b.n,
            Shape::Sparse(_, nnz) => nnz,
        }
    }

    /// `values` = J = dF/dz + CJ*dF/dz' at the setup point (the user's JAC,
    /// or difference quotients; `save` is the band's scratch). Entries outside the
    /// structure are zero.
    pub fn evaluate<S: DaeSystem + ?Sized>(
        &self,
        source: JacobianSource,
        sys: &mut S,
        at: Setup<'_>,
        values: &mut [Real],
        save: &mut Vec<Real>,
        nre: &mut FInt,
    ) -> Result<(), CallbackStatus> {
        if let Shape::Sparse(p, _) = *self {
            return p.evaluate(source, sys, at, values, nre);
        }
        if let JacobianSource::User = source {
            let storage = match *self {
                Shape::Dense(n) => MatrixStorage::Dense { neq: n },
                Shape::Band(b) => MatrixStorage::Band { neq: b.n, ml: b.ml, mu: b.mu },
                Shape::Sparse(..) => unreachable!(),
            };
            return at.user_jacobian(sys, values, storage);
        }
        values.fill(0.0);
        match *self {
            Shape::Dense(n) => {
                difference_quotients(sys, at, &mut [0.0; 2], &SingleColumns { n }, nre, |col, delinv, g, g0| {
                    for ((c, &gi), &g0i) in values[col * n..(col + 1) * n].iter_mut().zip(g).zip(g0) {
                        *c = (gi - g0i) * delinv;
                    }
                })
            }
            Shape::Band(b) => {
                save.resize(2 * BandGroups::save_len(b.n, b.ml + b.mu + 1), 0.0);
                band_difference_quotients(sys, at, save, b, values, nre)
            }
            Shape::Sparse(..) => unreachable!(),
        }
    }

    /// `out += A x`.
    pub fn multiply_add(&self, a: &[Real], x: &[Real], out: &mut [Real]) {
        match *self {
            Shape::Dense(n) => {
                for (col, &xj) in a.chunks_exact(n).zip(x) {
                    for (o, &aij) in out.iter_mut().zip(col) {
                        *o += aij * xj;
                    }
                }
            }
            Shape::Band(BandShape { n, ml, mu }) => {
                let lda = 2 * ml + mu + 1;
                for (j, &xj) in x.iter().enumerate().take(n) {
                    let (lo, hi) = (j.saturating_sub(mu), (j + ml).min(n - 1));
                    let start = j * lda + ml + mu - j;
                    for (o, &aij) in out[lo..=hi].iter_mut().zip(&a[start + lo..=start + hi]) {
                        *o += aij * xj;
                    }
                }
            }
            Shape::Sparse(p, _) => {
                for (r, c, k) in p.entries() {
                    out[r] += a[k] * x[c];
                }
            }
        }
    }

    /// The matrix of the consistent-sensitivity systems: column j of
    /// `dfdzdot` for a differential variable (`id[j] > 0`), of `dfdz` for
    /// an algebraic one.
    pub fn mixed(&self, dfdz: &[Real], dfdzdot: &[Real], id: &[FInt], out: &mut [Real]) {
        match *self {
            Shape::Dense(n) => {
                for (j, col) in out.chunks_exact_mut(n).enumerate() {
                    let from = if id[j] > 0 { dfdzdot } else { dfdz };
                    col.copy_from_slice(&from[j * n..(j + 1) * n]);
                }
            }
            Shape::Band(b) => {
                let lda = b.lda();
                for (j, col) in out.chunks_exact_mut(lda).enumerate() {
                    let from = if id[j] > 0 { dfdzdot } else { dfdz };
                    col.copy_from_slice(&from[j * lda..(j + 1) * lda]);
                }
            }
            Shape::Sparse(p, _) => {
                for (_, c, k) in p.entries() {
                    out[k] = if id[c] > 0 { dfdzdot[k] } else { dfdz[k] };
                }
            }
        }
    }

    /// Factor a matrix of this shape (its values are consumed: dense and
    /// band LUs are formed in place).
    pub fn factor(&self, mut values: Vec<Real>) -> Result<Factored, Singular> {
        match *self {
            Shape::Dense(n) => {
                let mut pivots = vec![0; n];
                dense::factor(&mut values, n, &mut pivots).map_err(|_| Singular)?;
                Ok(Factored::InPlace(values, pivots))
            }
            Shape::Band(b) => {
                let mut pivots = vec![0; b.n];
                band::factor(&mut values, b, &mut pivots).map_err(|_| Singular)?;
                Ok(Factored::InPlace(values, pivots))
            }
            Shape::Sparse(p, _) => p.factor(&values).map(Factored::Sparse).map_err(|_| Singular),
        }
    }

    /// Overwrite `b` with the solution of M x = b for the factored M.
    pub fn solve(&self, m: &Factored, b: &mut [Real]) {
        match (*self, m) {
            (Shape::Dense(n), Factored::InPlace(lu, pivots)) => dense::solve(lu, n, pivots, b),
            (Shape::Band(shape), Factored::InPlace(lu, pivots)) => band::solve(lu, shape, pivots, b),
            (Shape::Sparse(p, _), Factored::Sparse(f)) => p.solve(f, b),
            _ => unreachable!("factors of another shape"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::linsol::sparse::shared_pattern;

    /// F = z' + K z with K tridiagonal (-1, 3, -2) on the sub-, main and
    /// superdiagonal, and a z' coefficient 2 on component 0.
    struct Tri {
        n: usize,
    }

    impl DaeSystem for Tri {
        fn residual(&mut self, _t: Real, y: &[Real], yp: &[Real], _cj: Real, r: &mut [Real]) -> CallbackStatus {
            let n = self.n;
            for i in 0..n {
                let c = if i == 0 { 2.0 } else { 1.0 };
                r[i] = c * yp[i] + 3.0 * y[i] - if i > 0 { y[i - 1] } else { 0.0 } - if i + 1 < n { 2.0 * y[i + 1] } else { 0.0 };
            }
            CallbackStatus::Ok
        }
    }

    /// J x for J at CJ, exactly.
    fn exact(n: usize, cj: Real, x: &[Real]) -> Vec<Real> {
        (0..n)
            .map(|i| {
                let c = if i == 0 { 2.0 } else { 1.0 };
                (c * cj + 3.0) * x[i] - if i > 0 { x[i - 1] } else { 0.0 } - if i + 1 < n { 2.0 * x[i + 1] } else { 0.0 }
            })
            .collect()
    }

    #[test]
    fn every_shape_forms_multiplies_and_solves_alike() {
        let n = 7;
        let (rows, cols): (Vec<FInt>, Vec<FInt>) = (0..n)
            .flat_map(|i: usize| [(i, i.wrapping_sub(1)), (i, i), (i, i + 1)])
            .filter(|&(_, j)| j < n)
            .map(|(i, j)| (i as FInt + 1, j as FInt + 1))
            .unzip();
        let pattern = shared_pattern(n, &rows, &cols).unwrap();
        let shapes = [Shape::Dense(n), Shape::Band(BandShape { n, ml: 1, mu: 1 }), Shape::sparse(&pattern)];
        let x: Vec<Real> = (0..n).map(|i| 1.0 + 0.25 * i as Real).collect();
        for shape in shapes {
            let cj = 4.0;
            let mut sys = Tri { n };
            let (mut y, mut yp) = (vec![0.5; n], vec![0.1; n]);
            let mut g0 = vec![0.0; n];
            sys.residual(0.0, &y, &yp, cj, &mut g0);
            let (rwt, mut work, mut save) = (vec![1e6; n], vec![0.0; n], Vec::new());
            let mut values = vec![Real::NAN; shape.len()];
            let mut nre = 0;
            let at = Setup {
                t: 0.0,
                cj,
                h: 0.01,
                uround: Real::EPSILON,
                rwt: &rwt,
                residual: &g0,
                y: &mut y,
                yp: &mut yp,
                work: &mut work,
            };
            shape.evaluate(JacobianSource::DifferenceQuotients, &mut sys, at, &mut values, &mut save, &mut nre).unwrap();
            let mut ax = vec![0.0; n];
            shape.multiply_add(&values, &x, &mut ax);
            for (a, e) in ax.iter().zip(exact(n, cj, &x)) {
                assert!((a - e).abs() < 1e-6, "{a} {e}");
            }
            // The mixed matrix with every column differential is dF/dz'
            // (the identity, 2 at (0,0)); with none, dF/dz = J at CJ = 0.
            let (dfdzdot, dfdz): (Vec<Real>, Vec<Real>) = {
                let mut zero = vec![0.0; shape.len()];
                let mut y0 = vec![0.5; n];
                let mut yp0 = vec![0.1; n];
                let at = Setup {
                    t: 0.0,
                    cj: 0.0,
                    h: 0.01,
                    uround: Real::EPSILON,
                    rwt: &rwt,
                    residual: &g0,
                    y: &mut y0,
                    yp: &mut yp0,
                    work: &mut work,
                };
                shape.evaluate(JacobianSource::DifferenceQuotients, &mut sys, at, &mut zero, &mut save, &mut nre).unwrap();
                (values.iter().zip(&zero).map(|(a, b)| (a - b) / cj).collect(), zero)
            };
            let mut m = vec![0.0; shape.len()];
            shape.mixed(&dfdz, &dfdzdot, &vec![-1; n], &mut m);
            let f = shape.factor(m).unwrap();
            let mut b = exact(n, 0.0, &x);
            shape.solve(&f, &mut b);
            for (bi, xi) in b.iter().zip(&x) {
                assert!((bi - xi).abs() < 1e-6, "{bi} {xi}");
            }
            let mut m = vec![0.0; shape.len()];
            shape.mixed(&dfdz, &dfdzdot, &vec![1; n], &mut m);
            let f = shape.factor(m).unwrap();
            let mut b = x.clone();
            b[0] *= 2.0;
            shape.solve(&f, &mut b);
            for (bi, xi) in b.iter().zip(&x) {
                assert!((bi - xi).abs() < 1e-6, "{bi} {xi}");
            }
        }
    }
}
