//! Restarted, scaled, preconditioned GMRES with difference-quotient
//! Jacobian-vector products: DSLVK (restarts), DSPIGM (one cycle), DATV
//! (J*v), DORTH (Gram-Schmidt), DHEQR/DHELS (Givens QR of the Hessenberg
//! matrix). The arithmetic follows DASKR operation for operation.

use super::blas::{axpy, dot, legacy_norm2, scale, Norm2Sum};
use crate::core::counters::{bump, Counters};
use crate::core::linsol::LinearFailure;
use crate::core::problem::{CallbackStatus, DaeSystem, PrecondSolve};
use crate::types::{FInt, Real};

/// Borrowed pieces of WM for one GMRES solve.
pub(super) struct GmresViews<'b> {
    pub neq: usize,
    pub maxl: usize,
    pub kmp: usize,
    /// V(:,1..MAXL) followed by R (NEQ+1).
    pub basis: &'b mut [Real],
    /// HES, leading dimension MAXL+1.
    pub hes: &'b mut [Real],
    pub q: &'b mut [Real],
    /// WK then DL, or DL alone (also serving as WK) when KMP = MAXL.
    pub wk_dl: &'b mut [Real],
    pub z: &'b mut [Real],
}

impl GmresViews<'_> {
    fn dl_offset(&self) -> usize {
        if self.kmp < self.maxl {
            self.neq
        } else {
            0
        }
    }
}

/// Where J x = b is solved, J = dG/dy + CJ*dG/dy'.
pub(super) struct KrylovPoint<'a> {
    pub t: Real,
    pub y: &'a [Real],
    pub yp: &'a [Real],
    pub cj: Real,
    /// Tolerance of the linear iteration, EPLI*EPCON.
    pub eplin: Real,
    /// sqrt(NEQ) and 1/sqrt(NEQ) (RWORK(11), RWORK(12)).
    pub sqrtn: Real,
    pub rsqrtn: Real,
}

impl KrylovPoint<'_> {
    /// The user's PSOL at this point: `b` becomes P^-1 b, with the weights
    /// `wght` for an iterative PSOL's test and `wk` as its scratch WK.
    /// Returns PSOL's IER.
    pub(super) fn psol<S: DaeSystem + ?Sized>(
        &self,
        sys: &mut S,
        pre: &mut PrecondData<'_>,
        wght: &[Real],
        wk: &mut [Real],
        b: &mut [Real],
    ) -> FInt {
        sys.preconditioner_solve(PrecondSolve {
            t: self.t,
            y: self.y,
            yp: self.yp,
            savr: pre.savr,
            wk,
            cj: self.cj,
            wght,
            wp: &mut *pre.wp,
            iwp: &mut *pre.iwp,
            b,
            eplin: self.eplin,
        })
    }
}

/// The user's preconditioner data and the residual at the iterate.
pub(super) struct PrecondData<'b> {
    pub wp: &'b mut [Real],
    pub iwp: &'b mut [FInt],
    /// G(t, y, y') at the iterate (SAVR).
    pub savr: &'b [Real],
}

/// Solve J x = b by restarted GMRES (DSLVK): `x` holds b on entry and the
/// solution on exit; `wt` (reciprocal error weights) is scaled by
/// 1/sqrt(NEQ) for the solve and back by sqrt(NEQ), in place, as DASKR
/// does. Returns the final weighted norm of the preconditioned residual
/// (RHOK). NLI, NPS, NRE are counted even on failure; NCFL counts failures.
#[allow(clippy::too_many_arguments)]
pub(super) fn solve_restarted<S: DaeSystem + ?Sized>(
    sys: &mut S,
    g: &mut GmresViews<'_>,
    pre: &mut PrecondData<'_>,
    nrmax: usize,
    cnt: &mut Counters,
    at: &KrylovPoint<'_>,
    wt: &mut [Real],
    x: &mut [Real],
) -> Result<Real, LinearFailure> {
    let n = g.neq;
    let r0 = g.maxl * n;
    // WT scaled by 1/sqrt(NEQ); R = b; x = 0: one pass.
    let (r, wt, x) = (&mut g.basis[r0..r0 + n], &mut wt[..n], &mut x[..n]);
    for i in 0..n {
        wt[i] *= at.rsqrtn;
        r[i] = x[i];
        x[i] = 0.0;
    }
    let mut nrsts = 0usize;
    let mut rhok = 0.0;
    let outcome = loop {
        if nrsts > 0 {
            let dl = g.dl_offset();
            let (_, r) = g.basis.split_at_mut(r0);
            r[..n].copy_from_slice(&g.wk_dl[dl..dl + n]);
        }
        let out = gmres(sys, g, pre, at, wt, nrsts > 0, x);
        cnt.nli = cnt.nli.wrapping_add(out.lgmr as FInt);
        cnt.nps = cnt.nps.wrapping_add(out.npsl);
        cnt.nre = cnt.nre.wrapping_add(out.nres);
        if !out.x_updated {
            for (xi, &zi) in x.iter_mut().zip(g.z.iter()) {
                *xi += zi;
            }
        }
        if let Some(r) = out.rhok {
            rhok = r;
        }
        if out.flag == GmresFlag::Reduced && nrsts < nrmax {
            nrsts += 1;
            continue;
        }
        break out.flag;
    };
    let result = match outcome {
        GmresFlag::Converged => Ok(rhok),
        GmresFlag::ResidualFailed(s) => Err(LinearFailure::Residual(s)),
        GmresFlag::Reduced | GmresFlag::NoProgress | GmresFlag::PsolRecoverable => Err(LinearFailure::NotConverged),
        GmresFlag::PsolFatal => Err(LinearFailure::PreconditionerFatal),
    };
    if result.is_err() {
        bump(&mut cnt.ncfl);
    }
    for w in wt.iter_mut() {
        *w *= at.sqrtn;
    }
    result
}

/// DSPIGM's IFLAG (and an IRES failure, which DSPIGM reports with IFLAG=0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GmresFlag {
    /// 0: converged.
    Converged,
    /// 1: not converged in MAXL iterations, but the residual decreased;
    /// the partial solution is returned and DL holds the new residual.
    Reduced,
    /// 2: no decrease (or a zero diagonal in the QR factor): Z = 0.
    NoProgress,
    /// 3: PSOL returned IER > 0.
    PsolRecoverable,
    /// -1: PSOL returned IER < 0.
    PsolFatal,
    /// RES returned IRES < 0 in a Jacobian-vector product.
    ResidualFailed(CallbackStatus),
}

struct GmresOutcome {
    /// LGMR, iterations done.
    lgmr: usize,
    npsl: FInt,
    nres: FInt,
    flag: GmresFlag,
    rhok: Option<Real>,
    /// The correction Z was also added to x (in its own pass).
    x_updated: bool,
}

fn psol_flag(ier: FInt) -> GmresFlag {
    if ier < 0 {
        GmresFlag::PsolFatal
    } else {
        GmresFlag::PsolRecoverable
    }
}

/// Scaled preconditioned GMRES for A z = r with zero initial guess
/// (DSPIGM). `restarted`: r (in R) is already preconditioned and scaled.
/// When the correction comes from the least-squares solution it is also
/// added to `x` (DSLVK's X = X + Z, in the same pass).
///
/// Each new basis vector is scaled by 1/SNORMW (DSPIGM's DSCAL) in the
/// first pass of the next iteration, which reads it anyway.
#[allow(clippy::too_many_arguments)]
fn gmres<S: DaeSystem + ?Sized>(
    sys: &mut S,
    g: &mut GmresViews<'_>,
    pre: &mut PrecondData<'_>,
    at: &KrylovPoint<'_>,
    wght: &[Real],
    restarted: bool,
    x: &mut [Real],
) -> GmresOutcome {
    let n = g.neq;
    let maxl = g.maxl;
    let kmp = g.kmp;
    let ldh = maxl + 1;
    let r0 = maxl * n;
    let mut out = GmresOutcome { lgmr: 0, npsl: 0, nres: 0, flag: GmresFlag::Converged, rhok: None, x_updated: false };
    g.z.fill(0.0);

    // V(:,1): the scaled, preconditioned right-hand side, and its norm.
    let rnrm = {
        let (v, r) = g.basis.split_at_mut(r0);
        let (v, r) = (&mut v[..n], &mut r[..n]);
        let mut norm = Norm2Sum::new(n);
        if restarted {
            for i in 0..n {
                v[i] = r[i];
                norm.add(v[i]);
            }
        } else {
            let ier = at.psol(sys, pre, wght, &mut g.wk_dl[..n], r);
            out.npsl = 1;
            if ier != 0 {
                out.flag = psol_flag(ier);
                return out;
            }
            let wght = &wght[..n];
            for i in 0..n {
                v[i] = r[i] * wght[i];
                norm.add(v[i]);
            }
        }
        norm.finish(v)
    };
    if rnrm <= at.eplin {
        out.rhok = Some(rnrm);
        return out;
    }
    let mut pending_scale = 1.0 / rnrm;
    g.hes.fill(0.0);

    let mut prod = 1.0;
    let mut rho = 0.0;
    let mut snormw = 0.0;
    let mut converged = false;
    for ll in 1..=maxl {
        out.lgmr = ll;
        let (left, right) = g.basis.split_at_mut(ll * n);
        let vnew = &mut right[..n];
        let (ires, ier) = jacobian_times_vector(
            sys,
            at,
            pre,
            &mut left[(ll - 1) * n..],
            pending_scale,
            wght,
            &mut *g.z,
            &mut *vnew,
            &mut g.wk_dl[..n],
            &mut out,
        );
        if ires != CallbackStatus::Ok {
            out.flag = GmresFlag::ResidualFailed(ires);
            return out;
        }
        if ier != 0 {
            out.flag = psol_flag(ier);
            return out;
        }
        let col = &mut g.hes[(ll - 1) * ldh..ll * ldh];
        snormw = orthogonalize(vnew, wght, left, col, n, ll, kmp);
        col[ll] = snormw;
        if givens_qr_update(g.hes, ldh, ll, g.q) == ll {
            return no_progress(g, out);
        }
        // Residual norm estimate for the current least-squares solution.
        prod *= g.q[2 * ll - 1];
        rho = (prod * rnrm).abs();
        if ll > kmp && kmp < maxl {
            let dl = &mut g.wk_dl[n..2 * n];
            if ll == kmp + 1 {
                dl.copy_from_slice(&left[..n]);
                for i in 1..=kmp {
                    let s = g.q[2 * i - 1];
                    let c = g.q[2 * i - 2];
                    rotate_into(dl, s, c, &left[i * n..(i + 1) * n]);
                }
            }
            let s = g.q[2 * ll - 1];
            let c = g.q[2 * ll - 2] / snormw;
            rotate_into(dl, s, c, vnew);
            rho *= legacy_norm2(dl);
        }
        if rho <= at.eplin {
            converged = true;
            break;
        }
        if ll == maxl {
            break;
        }
        pending_scale = 1.0 / snormw;
    }
    if !converged {
        // Written so that a NaN norm also counts as no progress.
        let reduced = rho < rnrm;
        if !reduced {
            return no_progress(g, out);
        }
        out.flag = GmresFlag::Reduced;
        residual_for_restart(g, rnrm * prod, snormw);
    }
    correction_from_least_squares(g, out.lgmr, rnrm, wght, x);
    out.x_updated = true;
    out.rhok = Some(rho);
    out
}

/// DSPIGM's restart residual after MAXL iterations without convergence:
/// DL = RNRM*PROD times the last rotated basis vector (formed here from V
/// when the full orthogonalisation did not keep it).
fn residual_for_restart(g: &mut GmresViews<'_>, scale_by: Real, snormw: Real) {
    let (n, maxl) = (g.neq, g.maxl);
    let dl_off = g.dl_offset();
    let (v, r) = g.basis.split_at_mut(maxl * n);
    let dl = &mut g.wk_dl[dl_off..dl_off + n];
    if g.kmp == maxl {
        dl.copy_from_slice(&v[..n]);
        for i in 1..maxl {
            let s = g.q[2 * i - 1];
            let c = g.q[2 * i - 2];
            rotate_into(dl, s, c, &v[i * n..(i + 1) * n]);
        }
        let s = g.q[2 * maxl - 1];
        let c = g.q[2 * maxl - 2] / snormw;
        rotate_into(dl, s, c, &r[..n]);
    }
    scale(scale_by, dl);
}

/// The correction z = D^-1 V y after `ll` iterations, y minimising the
/// least-squares residual with the Givens factors (DHELS), and x += z.
/// One pass: per component, the DAXPYs of DSPIGM into z = 0 in column
/// order (those with a zero coefficient skipped, as DAXPY skips them),
/// then the division by D, then DSLVK's addition to x.
fn correction_from_least_squares(g: &mut GmresViews<'_>, ll: usize, rnrm: Real, wght: &[Real], x: &mut [Real]) {
    let n = g.neq;
    let (v, r) = g.basis.split_at_mut(g.maxl * n);
    let b = &mut r[..ll + 1];
    b.fill(0.0);
    b[0] = rnrm;
    givens_least_squares(g.hes, g.maxl + 1, ll, g.q, b);
    // The columns with nonzero coefficients, a group of up to 8 per pass
    // (one pass for MAXL <= 8); z holds the partial sums between passes.
    let mut nonzero = (0..ll).filter(|&i| b[i] != 0.0).peekable();
    let (z, wght, x) = (&mut g.z[..n], &wght[..n], &mut x[..n]);
    let mut first = true;
    loop {
        let mut terms: [(Real, &[Real]); 8] = [(0.0, &[]); 8];
        let mut m = 0;
        while m < 8 {
            let Some(i) = nonzero.next() else { break };
            terms[m] = (b[i], &v[i * n..(i + 1) * n]);
            m += 1;
        }
        let last = nonzero.peek().is_none();
        let terms = &terms[..m];
        for i in 0..n {
            let mut zi = if first { 0.0 } else { z[i] };
            for &(bk, vk) in terms {
                zi += bk * vk[i];
            }
            if last {
                zi /= wght[i];
                x[i] += zi;
            }
            z[i] = zi;
        }
        if last {
            return;
        }
        first = false;
    }
}

/// DSPIGM's label 120: no usable reduction; return z = 0.
fn no_progress(g: &mut GmresViews<'_>, mut out: GmresOutcome) -> GmresOutcome {
    out.flag = GmresFlag::NoProgress;
    g.z.fill(0.0);
    out
}

/// dl = s*dl + c*v.
fn rotate_into(dl: &mut [Real], s: Real, c: Real, v: &[Real]) {
    for (d, &x) in dl.iter_mut().zip(v) {
        *d = s * *d + c * x;
    }
}

/// z = P^-1 (dG/dy + CJ dG/dy') D^-1 v by one difference quotient with
/// unit increment in the scaled norm, one RES and one PSOL call (DATV);
/// the final scaling z = D z is left to [`orthogonalize`], which makes the
/// next pass over z. `v` is first multiplied by `vscale` (DSPIGM's
/// pending DSCAL of the previous basis vector), in the same pass that
/// forms DATV's arguments. `yptem` and `vtem` are scratch; returns (IRES
/// status, PSOL's IER) and counts the calls in `out`.
#[allow(clippy::too_many_arguments)]
fn jacobian_times_vector<S: DaeSystem + ?Sized>(
    sys: &mut S,
    at: &KrylovPoint<'_>,
    pre: &mut PrecondData<'_>,
    v: &mut [Real],
    vscale: Real,
    wght: &[Real],
    yptem: &mut [Real],
    z: &mut [Real],
    vtem: &mut [Real],
    out: &mut GmresOutcome,
) -> (CallbackStatus, FInt) {
    let n = z.len();
    {
        let (v, wght, yptem, vtem) = (&mut v[..n], &wght[..n], &mut yptem[..n], &mut vtem[..n]);
        let (y, yp) = (&at.y[..n], &at.yp[..n]);
        for i in 0..n {
            let vi = v[i] * vscale;
            v[i] = vi;
            let t = vi / wght[i];
            vtem[i] = t;
            yptem[i] = yp[i] + t * at.cj;
            z[i] = y[i] + t;
        }
    }
    let ires = sys.residual(at.t, z, yptem, at.cj, vtem);
    out.nres = out.nres.wrapping_add(1);
    if ires != CallbackStatus::Ok {
        return (ires, 0);
    }
    for i in 0..n {
        z[i] = vtem[i] - pre.savr[i];
    }
    let ier = at.psol(sys, pre, wght, yptem, z);
    out.npsl = out.npsl.wrapping_add(1);
    (CallbackStatus::Ok, ier)
}

/// DATV's last loop (vnew = D vnew), then modified Gram-Schmidt of `vnew`
/// against the last KMP basis vectors V(:, i0..=ll), i0 = max(1,
/// ll-kmp+1), with one conditional reorthogonalisation (DORTH). Fills
/// `hes_col[i0-1..ll]` with the projections and returns the norm of the
/// orthogonalised vector.
///
/// DORTH's passes are fused: the scaling, DNRM2(vnew) and the first DDOT
/// share one pass; each DAXPY shares its pass with the next DDOT, the last
/// one with the final DNRM2. Each component sees the same operations in
/// the same order, and the dot products and norms sum in index order.
fn orthogonalize(
    vnew: &mut [Real],
    wght: &[Real],
    basis: &[Real],
    hes_col: &mut [Real],
    n: usize,
    ll: usize,
    kmp: usize,
) -> Real {
    let (vnew, wght) = (&mut vnew[..n], &wght[..n]);
    let i0 = (ll + 1).saturating_sub(kmp).max(1);
    let column = |i: usize| &basis[(i - 1) * n..i * n];
    let vnrm = {
        let first = column(i0);
        let mut norm = Norm2Sum::new(n);
        let mut d = 0.0;
        for k in 0..n {
            let x = vnew[k] * wght[k];
            vnew[k] = x;
            norm.add(x);
            d += first[k] * x;
        }
        hes_col[i0 - 1] = d;
        norm.finish(vnew)
    };
    let mut norm = Norm2Sum::new(n);
    for i in i0..=ll {
        let vi = column(i);
        let a = -hes_col[i - 1];
        if i < ll {
            let next = column(i + 1);
            let mut d = 0.0;
            for k in 0..n {
                if a != 0.0 {
                    vnew[k] += a * vi[k];
                }
                d += next[k] * vnew[k];
            }
            hes_col[i] = d;
        } else {
            for k in 0..n {
                if a != 0.0 {
                    vnew[k] += a * vi[k];
                }
                norm.add(vnew[k]);
            }
        }
    }
    let mut snormw = norm.finish(vnew);
    if vnrm + 0.001 * snormw != vnrm {
        return snormw;
    }
    // Severe cancellation: one more pass.
    let mut sumdsq = 0.0;
    for i in i0..=ll {
        let vi = column(i);
        let tem = -dot(vi, vnew);
        if hes_col[i - 1] + 0.001 * tem == hes_col[i - 1] {
            continue;
        }
        hes_col[i - 1] -= tem;
        axpy(tem, vi, vnew);
        sumdsq += tem * tem;
    }
    if sumdsq == 0.0 {
        return snormw;
    }
    let arg = (snormw * snormw - sumdsq).max(0.0);
    snormw = arg.sqrt();
    snormw
}

/// Extend the QR factorisation by Givens rotations of the (n+1) x n upper
/// Hessenberg matrix `a` (column-major, leading dimension `lda`) by its
/// new last column (DHEQR with IJOB > 1; for n = 1 this is also the fresh
/// factorisation). Rotation k is stored as q[2k] = cos, q[2k+1] = sin
/// (0-based k). Returns n if the new diagonal element of R is zero, else 0.
fn givens_qr_update(a: &mut [Real], lda: usize, n: usize, q: &mut [Real]) -> usize {
    let col = (n - 1) * lda;
    for k in 0..n - 1 {
        let (c, s) = (q[2 * k], q[2 * k + 1]);
        let t1 = a[col + k];
        let t2 = a[col + k + 1];
        a[col + k] = c * t1 - s * t2;
        a[col + k + 1] = s * t1 + c * t2;
    }
    let t1 = a[col + n - 1];
    let t2 = a[col + n];
    let (c, s);
    if t2 == 0.0 {
        c = 1.0;
        s = 0.0;
    } else if t2.abs() < t1.abs() {
        let t = t2 / t1;
        c = 1.0 / (1.0 + t * t).sqrt();
        s = -c * t;
    } else {
        let t = t1 / t2;
        s = -1.0 / (1.0 + t * t).sqrt();
        c = -s * t;
    }
    q[2 * n - 2] = c;
    q[2 * n - 1] = s;
    a[col + n - 1] = c * t1 - s * t2;
    if a[col + n - 1] == 0.0 {
        n
    } else {
        0
    }
}

/// Minimise ||b - A x|| with the factors from [`givens_qr_update`]: apply
/// the rotations to `b` (n+1 long), then back-substitute with R; the
/// solution is left in b[..n] (DHELS).
fn givens_least_squares(a: &[Real], lda: usize, n: usize, q: &[Real], b: &mut [Real]) {
    for k in 0..n {
        let (c, s) = (q[2 * k], q[2 * k + 1]);
        let t1 = b[k];
        let t2 = b[k + 1];
        b[k] = c * t1 - s * t2;
        b[k + 1] = s * t1 + c * t2;
    }
    for k in (0..n).rev() {
        let col = &a[k * lda..k * lda + k + 1];
        b[k] /= col[k];
        let t = -b[k];
        let (head, _) = b.split_at_mut(k);
        axpy(t, &col[..k], head);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_problems::{direct_solve, max_diff};

    #[test]
    fn givens_qr_solves_hessenberg_least_squares() {
        // A 4x3 upper Hessenberg matrix, factored column by column.
        let h = [[2.0, 1.0, 0.0, 0.0], [1.0, 3.0, 0.5, 0.0], [-1.0, 0.2, 1.5, 0.7]];
        let lda = 4;
        let mut a = vec![0.0; lda * 3];
        let mut q = vec![0.0; 6];
        for (k, col) in h.iter().enumerate() {
            a[k * lda..(k + 1) * lda].copy_from_slice(col);
            assert_eq!(givens_qr_update(&mut a, lda, k + 1, &mut q), 0);
        }
        let rhs = [1.0, -2.0, 0.5, 3.0];
        let mut b = rhs.to_vec();
        givens_least_squares(&a, lda, 3, &q, &mut b);
        // Normal equations H^T H x = H^T rhs.
        let mut ata = vec![0.0; 9];
        let mut atb = vec![0.0; 3];
        for i in 0..3 {
            for j in 0..3 {
                ata[i + j * 3] = (0..4).map(|r| h[i][r] * h[j][r]).sum();
            }
            atb[i] = (0..4).map(|r| h[i][r] * rhs[r]).sum();
        }
        let x = direct_solve(&ata, &atb);
        assert!(max_diff(&b[..3], &x) < 1e-13, "{:?} vs {x:?}", &b[..3]);
    }
}
