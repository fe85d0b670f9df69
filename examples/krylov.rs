//! The Krylov method (preconditioned GMRES) through the safe API, with
//! every kind of preconditioner, checked against the closed form.
//!
//! The 2-D heat equation `u_t = u_xx + u_yy` on the unit square, zero on
//! the boundary, discretised on an M x M interior grid (NEQ = M^2 = 400)
//! by the 5-point Laplacian. From `u(0) = sin(pi x) sin(pi y)` (an
//! eigenvector of the discrete Laplacian) the semi-discrete solution is
//! `u(t) = exp(lambda t) u(0)` with `lambda = -8 sin^2(pi dx / 2) / dx^2`:
//! every run must match it at t = 0.02, 0.04, ..., 0.1.
//!
//! Runs: no preconditioner; the problem's own (a Jacobi preconditioner
//! set up in `wp`); DASKR's banded preconditioner (half-bandwidths M, so
//! exact for this matrix); the ILU preconditioner; the banded one again
//! with explicit Krylov parameters (MAXL = 10, KMP = 5, NRMAX = 2,
//! EPLI = 0.05). A good preconditioner must need fewer linear iterations
//! than none. Run: `cargo run --release --example krylov`.

use daskr::api::{
    BandedPreconditioner, CallbackStatus, DaeSystem, FInt, IluPreconditioner, Krylov, Options, Outcome, PrecondSetup,
    PrecondSetupStatus, PrecondSolve, Preconditioner, Solver, Stats, StepControls, Tolerance,
};
use std::f64::consts::PI;

const M: usize = 20;

struct Heat {
    dx2: f64,
}

impl Heat {
    fn new() -> Self {
        let dx = 1.0 / (M + 1) as f64;
        Heat { dx2: dx * dx }
    }
}

impl DaeSystem for Heat {
    fn residual(&mut self, _t: f64, u: &[f64], up: &[f64], _cj: f64, r: &mut [f64]) -> CallbackStatus {
        let at = |i: isize, j: isize| -> f64 {
            if i < 0 || j < 0 || i >= M as isize || j >= M as isize {
                0.0
            } else {
                u[i as usize + M * j as usize]
            }
        };
        for j in 0..M as isize {
            for i in 0..M as isize {
                let lap = (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1) - 4.0 * at(i, j)) / self.dx2;
                r[i as usize + M * j as usize] = up[i as usize + M * j as usize] - lap;
            }
        }
        CallbackStatus::Ok
    }

    /// Jacobi: the diagonal of dG/du + cj dG/du' is cj + 4/dx^2.
    fn preconditioner_setup(&mut self, c: PrecondSetup<'_>) -> PrecondSetupStatus {
        c.wp.fill(1.0 / (c.cj + 4.0 / self.dx2));
        PrecondSetupStatus { ier: 0, ires: 0 }
    }

    fn preconditioner_solve(&mut self, c: PrecondSolve<'_>) -> FInt {
        for (b, &d) in c.b.iter_mut().zip(c.wp.iter()) {
            *b *= d;
        }
        0
    }
}

fn run(name: &str, krylov: Krylov) -> Stats {
    let n = M * M;
    let dx = 1.0 / (M + 1) as f64;
    let lambda = -8.0 * (PI * dx / 2.0).sin().powi(2) / (dx * dx);
    let u0: Vec<f64> = (0..n)
        .map(|k| {
            let (i, j) = (k % M, k / M);
            (PI * (i + 1) as f64 * dx).sin() * (PI * (j + 1) as f64 * dx).sin()
        })
        .collect();
    let up0: Vec<f64> = u0.iter().map(|v| lambda * v).collect();
    let opts = Options {
        controls: StepControls { tolerance: Tolerance::Scalar { rtol: 1e-6, atol: 1e-8 }, ..StepControls::default() },
        krylov: Some(krylov),
        ..Options::default()
    };
    let mut s = Solver::new(Heat::new(), 0.0, &u0, &up0, opts).expect("setup");
    for k in 1..=5 {
        let t = 0.02 * f64::from(k);
        assert_eq!(s.solve_to(t).unwrap_or_else(|e| panic!("{name}: {e}")), Outcome::ReachedTout);
        let decay = (lambda * t).exp();
        let err = s.y().iter().zip(&u0).map(|(u, v)| (u - decay * v).abs()).fold(0.0, f64::max);
        assert!(err < 1e-5, "{name}: error {err:e} at t = {t}");
    }
    let st = s.stats();
    println!(
        "{name:<28} steps {:4}  NRE {:5}  NNI {:4}  NLI {:5}  NPS {:5}  setups {:3}  DQ residuals {:4}  NCFL {:3}",
        st.steps,
        st.residual_evaluations,
        st.nonlinear_iterations,
        st.linear_iterations,
        st.preconditioner_solves,
        st.jacobian_evaluations,
        st.preconditioner_residual_evaluations,
        st.linear_convergence_failures,
    );
    st
}

fn main() {
    let n = M * M;
    let none = run("no preconditioner", Krylov::default());
    let jacobi = run(
        "Jacobi (the problem's own)",
        Krylov {
            preconditioner: Preconditioner::Problem { setup: true, real_work: n, int_work: 0 },
            ..Krylov::default()
        },
    );
    let band = BandedPreconditioner { lower: M, upper: M };
    let banded =
        run("banded (DBANJA/DBANPS)", Krylov { preconditioner: Preconditioner::Banded(band), ..Krylov::default() });
    let ilu = run(
        "ILU (DJACILU/DPSOLILU)",
        Krylov { preconditioner: Preconditioner::Ilu(IluPreconditioner::new(M, M)), ..Krylov::default() },
    );
    let tuned = run(
        "banded, MAXL 10, NRMAX 2",
        Krylov {
            max_dimension: Some(10),
            orthogonalized_vectors: Some(5),
            max_restarts: Some(2),
            tolerance: Some(0.05),
            preconditioner: Preconditioner::Banded(band),
        },
    );
    for (name, st) in [("Jacobi", &jacobi), ("banded", &banded), ("ILU", &ilu), ("banded, tuned", &tuned)] {
        assert!(
            st.linear_iterations < none.linear_iterations,
            "{name}: {} linear iterations, no preconditioner {}",
            st.linear_iterations,
            none.linear_iterations
        );
        assert!(st.preconditioner_solves > 0 && st.jacobian_evaluations > 0, "{name}: preconditioner not used");
    }
    assert_eq!(none.jacobian_evaluations, 0, "no setup without a preconditioner");
    assert!(banded.preconditioner_residual_evaluations > 0 && ilu.preconditioner_residual_evaluations > 0);
    println!("PASS krylov");
}
