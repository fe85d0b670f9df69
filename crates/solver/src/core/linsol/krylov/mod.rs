//! The Krylov solver of DASKR's INFO(12) = 1: no matrix; each linear
//! system J x = b of a Newton iteration is solved by scaled, preconditioned,
//! restarted GMRES with difference-quotient products J*v, and the user's
//! JAC and PSOL set up and apply the preconditioner P.
//!
//! | item | DASKR routine |
//! |---|---|
//! | [`KrylovSolver::setup`] (the user's JAC) | the JAC call of DNEDK / DDASIK |
//! | [`KrylovSolver::solve`] | DSLVK, with `gmres`'s DSPIGM, DATV, DORTH, DHEQR, DHELS |
//! | [`KrylovSolver::precondition`] | the PSOL part of DFNRMK |
//! | `blas` | DDOT, DAXPY, DSCAL, DNRM2 of `dlinpk.f` |
//!
//! The arithmetic follows DASKR operation for operation (including the
//! in-place scaling of the error weights by 1/sqrt(NEQ) and back around
//! each linear solve, and LINPACK's four-phase DNRM2), so that iteration
//! counts match the original.
//!
//! # The WM segment
//!
//! DASKR partitions the Krylov WM segment (LENPD reals) as DSLVK does; the
//! offsets below are 0-based, relative to the start of WM
//! ([`KrylovDims::segments`]):
//!
//! | segment | offset                         | length              | DASKR |
//! |---------|--------------------------------|---------------------|-------|
//! | V       | 0                              | MAXL*NEQ            | LV    |
//! | R       | MAXL*NEQ                       | NEQ+1 (doubles as V(:,MAXL+1)) | LR |
//! | HES     | (MAXL+1)*NEQ + 1               | (MAXL+1)*MAXL       | LHES  |
//! | Q       | HES + (MAXL+1)*MAXL            | 2*MAXL              | LQ    |
//! | WK      | Q + 2*MAXL                     | NEQ if KMP < MAXL, else 0 (shares DL) | LWK |
//! | DL      | WK + len(WK)                   | NEQ                 | LDL   |
//! | Z       | DL + NEQ                       | NEQ                 | LZ    |
//! | WP      | Z + NEQ = LOCWP-1              | LENWP               | LOCWP |
//!
//! Nothing in V..Z survives between calls; WP (and IWP in IWORK) belong to
//! the user's preconditioner.

mod blas;
mod gmres;

use self::gmres::{solve_restarted, GmresViews, KrylovPoint, PrecondData};
use super::{
    FirstIterateTolerance, IcPolicy, LinearFailure, LinearResult, LinearSolver, Policy, Progress, Setup, SolvePoint,
};
use crate::core::counters::{bump, Counters};
use crate::core::linsol::LengthOverflow;
use crate::core::messages::{MessageLine, MessageSink};
use crate::core::problem::{CallbackStatus, DaeSystem, PrecondSetup};
use crate::types::{FInt, Real};

/// Sizes that decide the partition of WM (IWORK(24..27) and NEQ).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KrylovDims {
    pub neq: usize,
    /// MAXL, the Krylov subspace dimension (1 <= MAXL <= NEQ).
    pub maxl: usize,
    /// KMP, vectors kept in the orthogonalisation (1 <= KMP <= MAXL).
    pub kmp: usize,
    /// NRMAX, restarts allowed per linear solve.
    pub nrmax: usize,
    /// LENWP, length of the user's real preconditioner work WP.
    pub lenwp: usize,
}

/// 0-based offsets of the pieces of WM (relative to WM's first element).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WmSegments {
    /// V(NEQ, MAXL), the Krylov basis.
    pub basis: usize,
    /// R (NEQ+1): right-hand side, then V(:, MAXL+1) and the least-squares
    /// vector.
    pub rhs: usize,
    /// HES(MAXL+1, MAXL), column-major.
    pub hes: usize,
    /// Q(2*MAXL): Givens rotations (cos, sin) pairs.
    pub givens: usize,
    /// WK (NEQ), scratch of DATV and PSOL; the same storage as DL when
    /// KMP = MAXL.
    pub wk: usize,
    /// DL (NEQ), residual for restarts and the incomplete method.
    pub dl: usize,
    /// Z (NEQ), the GMRES correction.
    pub z: usize,
    /// WP, the user's preconditioner work (IWORK(LOCWP) - 1).
    pub wp: usize,
    /// LENPD, the whole segment.
    pub len: usize,
}

impl KrylovDims {
    /// Whether the sizes are legal (DDASKR's checks on MAXL and KMP).
    pub fn is_valid(&self) -> bool {
        self.neq >= 1 && (1..=self.neq).contains(&self.maxl) && (1..=self.maxl).contains(&self.kmp)
    }

    /// DASKR's LENPD = (MAXL+3+min(1,MAXL-KMP))*NEQ + (MAXL+3)*MAXL + 1 +
    /// LENWP, with overflow checks (the layout's formula).
    pub fn wm_len(&self) -> Result<usize, LengthOverflow> {
        let (n, l) = (self.neq, self.maxl);
        let vecs = l + 3 + usize::from(l > self.kmp);
        vecs.checked_mul(n)
            .and_then(|a| (l + 3).checked_mul(l).and_then(|b| a.checked_add(b)))
            .and_then(|a| a.checked_add(1))
            .and_then(|a| a.checked_add(self.lenwp))
            .ok_or(LengthOverflow)
    }

    /// DSLVK's partition of WM; `len` equals DASKR's LENPD
    /// = (MAXL+3+min(1,MAXL-KMP))*NEQ + (MAXL+3)*MAXL + 1 + LENWP.
    pub fn segments(&self) -> WmSegments {
        let (n, l) = (self.neq, self.maxl);
        let basis = 0;
        let rhs = basis + l * n;
        let hes = rhs + n + 1;
        let givens = hes + (l + 1) * l;
        let wk = givens + 2 * l;
        let dl = wk + if self.kmp < l { n } else { 0 };
        let z = dl + n;
        let wp = z + n;
        WmSegments { basis, rhs, hes, givens, wk, dl, z, wp, len: wp + self.lenwp }
    }
}

/// The parameters of the method (IWORK(24..26), RWORK(10..12), INFO(15)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KrylovParams {
    pub dims: KrylovDims,
    /// EPLI: the linear iteration works to EPLI*EPCON.
    pub epli: Real,
    /// sqrt(NEQ) and 1/sqrt(NEQ), as stored in RWORK(11..12).
    pub sqrtn: Real,
    pub rsqrtn: Real,
    /// INFO(15) = 1: the user's JAC sets up the preconditioner.
    pub setup_routine: bool,
}

/// The Krylov solver over views of the caller's work arrays.
pub struct KrylovSolver<'a> {
    p: KrylovParams,
    /// SAVR (NEQ): the residual at the current iterate, for J*v quotients,
    /// JAC and PSOL.
    savr: &'a mut [Real],
    /// WM: at least LENPD reals.
    wm: &'a mut [Real],
    /// IWP: the user's integer preconditioner work (LENIWP).
    iwp: &'a mut [FInt],
}

impl<'a> KrylovSolver<'a> {
    /// Wrap the views; `None` if the sizes are illegal or a view is too
    /// short.
    pub fn new(p: KrylovParams, savr: &'a mut [Real], wm: &'a mut [Real], iwp: &'a mut [FInt]) -> Option<Self> {
        let d = p.dims;
        if !d.is_valid() || savr.len() < d.neq || wm.len() < d.segments().len {
            return None;
        }
        Some(KrylovSolver { p, savr, wm, iwp })
    }

    /// Split WM into the GMRES scratch and the user's preconditioner data.
    fn split(&mut self) -> (GmresViews<'_>, PrecondData<'_>) {
        let d = self.p.dims;
        let s = d.segments();
        let (gm, rest) = self.wm.split_at_mut(s.wp);
        let wp = &mut rest[..d.lenwp];
        let (basis, gm) = gm.split_at_mut(s.hes);
        let (hes, gm) = gm.split_at_mut(s.givens - s.hes);
        let (q, gm) = gm.split_at_mut(s.wk - s.givens);
        let (wk_dl, z) = gm.split_at_mut(s.z - s.wk);
        let views = GmresViews { neq: d.neq, maxl: d.maxl, kmp: d.kmp, basis, hes, q, wk_dl, z };
        (views, PrecondData { wp, iwp: &mut *self.iwp, savr: &self.savr[..d.neq] })
    }

    fn point<'p>(&self, at: &SolvePoint<'p>) -> KrylovPoint<'p> {
        KrylovPoint {
            t: at.t,
            y: at.y,
            yp: at.yp,
            cj: at.cj,
            eplin: self.p.epli * at.epcon,
            sqrtn: self.p.sqrtn,
            rsqrtn: self.p.rsqrtn,
        }
    }
}

/// Scale the weights for PSOL (WT/sqrt(NEQ)) and back, in place, as DASKR
/// does around each solve.
fn with_scaled_weights<T>(wt: &mut [Real], p: &KrylovParams, f: impl FnOnce(&mut [Real]) -> T) -> T {
    for w in wt.iter_mut() {
        *w *= p.rsqrtn;
    }
    let out = f(wt);
    for w in wt.iter_mut() {
        *w *= p.sqrtn;
    }
    out
}

impl<S: DaeSystem + ?Sized> LinearSolver<S> for KrylovSolver<'_> {
    fn policy(&self) -> Policy {
        Policy {
            has_setup: self.p.setup_routine,
            rescale_residual: false,
            first_iterate: FirstIterateTolerance::LinearTolerance { epli: self.p.epli },
            exact: false,
            ic: IcPolicy {
                fresh_residual_on_retry: false,
                keep_setup_on_second_pass: true,
                slow_if_reduced_tenfold: true,
            },
        }
    }

    /// The user's JAC (INFO(15) = 1) prepares the preconditioner; its IRES
    /// <= -2 stops, otherwise a nonzero IER wins over IRES = -1 (DNEDK).
    fn setup(&mut self, sys: &mut S, at: Setup<'_>, _cnt: &mut Counters) -> LinearResult {
        let s = self.p.dims.segments();
        let set = sys.preconditioner_setup(PrecondSetup {
            t: at.t,
            y: at.y,
            yp: at.yp,
            rewt: at.rwt,
            savr: at.residual,
            wk: at.work,
            h: at.h,
            cj: at.cj,
            wp: &mut self.wm[s.wp..s.len],
            iwp: &mut *self.iwp,
        });
        if set.ires <= -2 {
            Err(LinearFailure::Residual(CallbackStatus::Stop))
        } else if set.ier != 0 {
            Err(LinearFailure::SetupFailed)
        } else if set.ires < 0 {
            Err(LinearFailure::Residual(CallbackStatus::Recoverable))
        } else {
            Ok(())
        }
    }

    /// DSLVK with `b` = G at the iterate (kept as SAVR for the products).
    fn solve(&mut self, sys: &mut S, at: &mut SolvePoint<'_>, b: &mut [Real], cnt: &mut Counters) -> LinearResult {
        let n = self.p.dims.neq;
        self.savr[..n].copy_from_slice(b);
        let kp = self.point(at);
        let nrmax = self.p.dims.nrmax;
        let (mut g, mut pre) = self.split();
        solve_restarted(sys, &mut g, &mut pre, nrmax, cnt, &kp, at.rwt, b).map(|_| ())
    }

    /// DFNRMK's PSOL call: `b` (a residual, kept as SAVR) becomes P^-1 b,
    /// with PSOL's WK in the GMRES scratch. Counts NPS; IER != 0 fails.
    fn precondition(
        &mut self,
        sys: &mut S,
        at: &mut SolvePoint<'_>,
        b: &mut [Real],
        cnt: &mut Counters,
    ) -> LinearResult {
        let n = self.p.dims.neq;
        self.savr[..n].copy_from_slice(b);
        let kp = self.point(at);
        let p = self.p;
        let (g, mut pre) = self.split();
        let ier = with_scaled_weights(at.rwt, &p, |wght| kp.psol(sys, &mut pre, wght, &mut g.wk_dl[..n], b));
        bump(&mut cnt.nps);
        match ier {
            0 => Ok(()),
            i if i < 0 => Err(LinearFailure::PreconditionerFatal),
            _ => Err(LinearFailure::NotConverged),
        }
    }

    fn iterate_residual(&self) -> Option<&[Real]> {
        Some(&self.savr[..self.p.dims.neq])
    }

    /// DASKR's warnings (block 505): over at least 10 steps of this call,
    /// the average number of linear iterations per nonlinear iteration
    /// exceeds MAXL, or the nonlinear or linear failure rate exceeds 0.9.
    /// The ratios are formed in single precision, as DASKR does, so the
    /// printed values agree. At most 10 warnings per call.
    fn warn_if_slow(&self, progress: &Progress<'_>, nwarn: &mut u32, sink: &mut dyn MessageSink) {
        let (now, start, steps) = (progress.now, progress.call_start, progress.steps);
        let nnid = now.nni.wrapping_sub(start.nni);
        if steps < 10 || nnid == 0 {
            return;
        }
        let avlin = single_precision_ratio(now.nli.wrapping_sub(start.nli), nnid);
        let rcfn = single_precision_ratio(now.ncfn.wrapping_sub(start.ncfn), steps);
        let rcfl = single_precision_ratio(now.ncfl.wrapping_sub(start.ncfl), nnid);
        let checks = [
            (avlin > self.p.dims.maxl as Real, "average linear iterations per Newton iteration = R2", avlin),
            (rcfn > 0.9, "nonlinear convergence failures per step = R2", rcfn),
            (rcfl > 0.9, "linear convergence failures per Newton iteration = R2", rcfl),
        ];
        if !checks.iter().any(|c| c.0) {
            return;
        }
        *nwarn += 1;
        if *nwarn > MAX_WARNINGS {
            return;
        }
        for (bad, what, value) in checks {
            if bad {
                sink.emit(&[
                    MessageLine::text("DASKR--  Warning: the Krylov iteration is performing poorly"),
                    MessageLine::text(format!("DASKR--  at T = R1: {what}")).with_reals(&[progress.tn, value]),
                ]);
            }
        }
    }
}

/// a/b formed in single precision, as DASKR's REAL ratios are. Kept out of
/// line: packed into one SIMD division with its siblings, the unused lanes
/// would divide 0 by 0 and raise the invalid-operation flag, which stops a
/// program built with -ffpe-trap=invalid.
#[inline(never)]
fn single_precision_ratio(a: FInt, b: FInt) -> Real {
    Real::from(a as f32 / b as f32)
}

/// Most "poor iterative performance" warnings printed per call.
const MAX_WARNINGS: u32 = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_problems::{direct_solve, matvec, max_diff, LinearDae};

    struct Buffers {
        savr: Vec<Real>,
        wm: Vec<Real>,
        iwp: Vec<FInt>,
    }

    impl Buffers {
        fn new(d: KrylovDims) -> Self {
            Buffers { savr: vec![0.0; d.neq], wm: vec![f64::NAN; d.segments().len], iwp: vec![0; 4] }
        }
        fn solver(&mut self, d: KrylovDims, epli: Real) -> KrylovSolver<'_> {
            let sqrtn = (d.neq as Real).sqrt();
            let p = KrylovParams { dims: d, epli, sqrtn, rsqrtn: 1.0 / sqrtn, setup_routine: true };
            KrylovSolver::new(p, &mut self.savr, &mut self.wm, &mut self.iwp).unwrap()
        }
    }

    /// Solve J x = rhs at a point where G(t, y, y') = rhs (the Newton
    /// right-hand side), the linear iteration working to `eplin`.
    fn run_solve(
        sys: &mut LinearDae,
        d: KrylovDims,
        rhs: &[Real],
        eplin: Real,
    ) -> (Result<(), LinearFailure>, Vec<Real>, Counters) {
        let n = d.neq;
        let cj = 2.0;
        let y: Vec<Real> = (0..n).map(|i| 0.1 * i as Real).collect();
        let yp = vec![0.3; n];
        // Choose f so that G(y, y') = A y + B y' - f = rhs.
        let mut g = vec![0.0; n];
        sys.residual(0.0, &y, &yp, cj, &mut g);
        sys.f = g.iter().zip(rhs).map(|(gi, ri)| gi - ri).collect();
        sys.res_calls = 0;
        let mut bufs = Buffers::new(d);
        let mut lin = bufs.solver(d, eplin);
        let mut wt = vec![1.0; n];
        let mut x = rhs.to_vec();
        let mut c = Counters::default();
        let mut at = SolvePoint { t: 0.0, y: &y, yp: &yp, cj, epcon: 1.0, rwt: &mut wt };
        let r = lin.solve(sys, &mut at, &mut x, &mut c);
        (r, x, c)
    }

    #[test]
    fn segments_follow_daskr_lenpd() {
        for &(neq, maxl, kmp, lenwp) in &[(10, 5, 5, 0), (10, 5, 3, 7), (3, 1, 1, 2), (50, 10, 1, 0)] {
            let d = KrylovDims { neq, maxl, kmp, nrmax: 5, lenwp };
            let s = d.segments();
            let lenpd = (maxl + 3 + usize::from(maxl > kmp)) * neq + (maxl + 3) * maxl + 1 + lenwp;
            assert_eq!(s.len, lenpd);
            assert_eq!(s.wp, lenpd - lenwp); // LOCWP - 1
            assert_eq!(s.rhs, maxl * neq);
            assert_eq!(s.hes, maxl * neq + neq + 1);
        }
        assert!(!KrylovDims { neq: 3, maxl: 4, kmp: 1, nrmax: 0, lenwp: 0 }.is_valid());
        assert!(!KrylovDims { neq: 3, maxl: 2, kmp: 3, nrmax: 0, lenwp: 0 }.is_valid());
    }

    #[test]
    fn gmres_identity_preconditioner_matches_direct_solution() {
        let n = 8;
        let mut sys = LinearDae::nonsymmetric(n);
        let rhs: Vec<Real> = (0..n).map(|i| (i as Real * 0.9).cos()).collect();
        let d = KrylovDims { neq: n, maxl: n, kmp: n, nrmax: 0, lenwp: 0 };
        let (r, x, c) = run_solve(&mut sys, d, &rhs, 1e-12);
        assert!(r.is_ok(), "{r:?}");
        let exact = direct_solve(&sys.jac(2.0), &rhs);
        assert!(max_diff(&x, &exact) < 1e-9, "{x:?} vs {exact:?}");
        assert!(c.nli >= 1 && c.nli <= n as FInt);
        // One PSOL on the right-hand side plus one per iteration; one RES per iteration.
        assert_eq!(c.nps, c.nli + 1);
        assert_eq!(c.nre, c.nli);
        assert_eq!(c.ncfl, 0);
    }

    #[test]
    fn gmres_with_diagonal_preconditioner_and_weights() {
        let n = 8;
        let mut sys = LinearDae::nonsymmetric(n);
        sys.diag = Some((0..n).map(|i| sys.a[i + i * n] + 2.0).collect());
        let rhs: Vec<Real> = (0..n).map(|i| 1.0 + i as Real).collect();
        let d = KrylovDims { neq: n, maxl: n, kmp: n, nrmax: 0, lenwp: 3 };
        let (r, x, _) = run_solve(&mut sys, d, &rhs, 1e-12);
        assert!(r.is_ok());
        let jx = matvec(&sys.jac(2.0), &x);
        assert!(max_diff(&jx, &rhs) < 1e-9);
    }

    #[test]
    fn incomplete_orthogonalisation_converges() {
        let n = 12;
        let mut sys = LinearDae::nonsymmetric(n);
        let rhs: Vec<Real> = (0..n).map(|i| (i as Real).sin() + 0.5).collect();
        let d = KrylovDims { neq: n, maxl: 6, kmp: 2, nrmax: 20, lenwp: 0 };
        let (r, x, c) = run_solve(&mut sys, d, &rhs, 1e-10);
        assert!(r.is_ok(), "{r:?}");
        let exact = direct_solve(&sys.jac(2.0), &rhs);
        assert!(max_diff(&x, &exact) < 1e-8, "{x:?} vs {exact:?}");
        assert!(c.nli > 0);
    }

    #[test]
    fn restarts_extend_the_iteration_and_nrmax_limits_it() {
        let n = 12;
        let rhs: Vec<Real> = (0..n).map(|i| 1.0 / (1.0 + i as Real)).collect();
        // MAXL = 2 cannot reach 1e-10 in one pass; restarts can.
        let mut sys = LinearDae::nonsymmetric(n);
        let d = KrylovDims { neq: n, maxl: 2, kmp: 2, nrmax: 50, lenwp: 0 };
        let (r, x, c) = run_solve(&mut sys, d, &rhs, 1e-10);
        assert!(r.is_ok(), "{r:?}");
        assert!(c.nli > 2, "restarts should have been used: nli = {}", c.nli);
        // Only the first pass applies PSOL to the right-hand side.
        assert_eq!(c.nps, c.nli + 1);
        let exact = direct_solve(&sys.jac(2.0), &rhs);
        assert!(max_diff(&x, &exact) < 1e-8);
        // Without restarts the same solve fails and counts a linear failure.
        let mut sys = LinearDae::nonsymmetric(n);
        let d = KrylovDims { neq: n, maxl: 2, kmp: 2, nrmax: 0, lenwp: 0 };
        let (r, _, c) = run_solve(&mut sys, d, &rhs, 1e-10);
        assert_eq!(r, Err(LinearFailure::NotConverged));
        assert_eq!((c.nli, c.ncfl), (2, 1));
        // Incomplete method with restarts.
        let mut sys = LinearDae::nonsymmetric(n);
        let d = KrylovDims { neq: n, maxl: 3, kmp: 1, nrmax: 60, lenwp: 0 };
        let (r, x, _) = run_solve(&mut sys, d, &rhs, 1e-10);
        assert!(r.is_ok(), "{r:?}");
        assert!(max_diff(&x, &exact) < 1e-8);
    }

    #[test]
    fn psol_errors_map_to_linear_failures() {
        let n = 5;
        let rhs = vec![1.0; n];
        let d = KrylovDims { neq: n, maxl: 5, kmp: 5, nrmax: 5, lenwp: 0 };
        let mut sys = LinearDae::nonsymmetric(n);
        sys.psol_ier = 1;
        let (r, _, c) = run_solve(&mut sys, d, &rhs, 1e-10);
        assert_eq!(r, Err(LinearFailure::NotConverged));
        assert_eq!((c.nps, c.nli, c.ncfl), (1, 0, 1));
        let mut sys = LinearDae::nonsymmetric(n);
        sys.psol_ier = -1;
        let (r, _, _) = run_solve(&mut sys, d, &rhs, 1e-10);
        assert_eq!(r, Err(LinearFailure::PreconditionerFatal));
    }

    #[test]
    fn zero_right_hand_side_returns_at_once() {
        let n = 4;
        let mut sys = LinearDae::nonsymmetric(n);
        let d = KrylovDims { neq: n, maxl: 4, kmp: 4, nrmax: 5, lenwp: 0 };
        let (r, x, c) = run_solve(&mut sys, d, &[0.0; 4], 1e-10);
        assert_eq!(r, Ok(()));
        assert_eq!(x, vec![0.0; 4]);
        assert_eq!((c.nli, c.nps, c.nre), (0, 1, 0));
    }

    #[test]
    fn weights_are_scaled_and_restored_as_daskr_does() {
        let n = 7;
        let mut sys = LinearDae::nonsymmetric(n);
        let d = KrylovDims { neq: n, maxl: 7, kmp: 7, nrmax: 0, lenwp: 0 };
        let mut bufs = Buffers::new(d);
        let mut lin = bufs.solver(d, 1e-8);
        let y = vec![0.0; n];
        let yp = vec![0.0; n];
        let wt0: Vec<Real> = (0..n).map(|i| 1.0 / (0.3 + i as Real * 0.11)).collect();
        let mut wt = wt0.clone();
        let sqrtn = (n as Real).sqrt();
        let rsqrtn = 1.0 / sqrtn;
        let mut at = SolvePoint { t: 0.0, y: &y, yp: &yp, cj: 1.0, epcon: 1.0, rwt: &mut wt };
        let mut x = vec![1.0; n];
        let mut c = Counters::default();
        lin.solve(&mut sys, &mut at, &mut x, &mut c).unwrap();
        for (w, w0) in wt.iter().zip(&wt0) {
            assert_eq!(*w, (w0 * rsqrtn) * sqrtn);
        }
    }
}
