//! Reaction-based block-diagonal preconditioner for reaction-transport
//! systems on a 2-D mesh.
//!
//! Replaces DASKR's `drbdpre.f`. The DAE comes from PDEs discretised on an
//! MX x MY mesh with NS species per mesh point, stored point by point
//! (point (jx, jy) owns the NS entries starting at `(jy*MX + jx)*NS`,
//! 0-based), the first NSD species of each point differential and the rest
//! algebraic:
//!
//! ```text
//! G(t, u, u') = I_d u' - R(t, u) - S(t, u)
//! ```
//!
//! with R the reaction terms (no coupling between mesh points) and S the
//! transport. The preconditioner is `A_R = CJ I_d - dR/du`, block diagonal
//! with one NS x NS block per mesh point; each block is built by difference
//! quotients of the user's routine that evaluates R at one mesh point
//! (RBLOCK), then LU-factored.
//!
//! | here | DASKR |
//! |---|---|
//! | [`ReactionMesh::from_fortran`], [`ReactionMesh::write_id`], [`ReactionMesh::wp_len`], [`ReactionMesh::iwp_len`] | DMSET2 |
//! | [`setup`] | DRBDJA |
//! | [`solve`] | DRBDPS |
//!
//! # The work segments
//!
//! `WP` holds the MX*MY blocks one after another, each NS x NS column-major,
//! after [`setup`] its LU factors (the crate's dense LU format, see
//! [`crate::core::linsol::dense`]); `IWP` holds NS pivot indices per block,
//! 1-based as LINPACK's DGEFA leaves them. Lengths: `NS*NS*MX*MY` and
//! `NS*MX*MY` (what DMSET2 stores in IWORK(27), IWORK(28)).
//!
//! # The difference quotients
//!
//! Column js of the block at point p is
//! `-(R_p(u + del e_js) - R0_p) / del` with
//! `del = max(sqrt(uround) |u_js|, 0.01 / rewt_js)`; R0 is R at the
//! unperturbed u, supplied by the caller (a legacy program usually keeps it
//! in RPAR, loaded by its residual routine). CJ is then added to the
//! diagonal entries of the NSD differential species.
#![doc(alias = "DMSET2")]
#![doc(alias = "DRBDJA")]
#![doc(alias = "DRBDPS")]

use crate::core::linsol::dense;
use crate::core::precision::Precision;
use crate::types::{FInt, Real};

/// sqrt of the unit roundoff: exactly 2^-26 with D1MACH(4) = 2^-52,
/// SQRT(R1MACH(4)) in single precision.
pub(crate) const SQRT_UROUND: Real = <Real as Precision>::SQRT_UROUND;

/// Floor of the increment, relative to the error weight (DASKR's DFAC).
const INCREMENT_FACTOR: Real = 1.0e-2;

/// The mesh or species counts are unusable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeshError {
    #[error("mesh dimensions must be positive (MX = {mx}, MY = {my})")]
    BadMesh { mx: i64, my: i64 },
    #[error("need NS >= 1 species and 0 <= NSD <= NS differential ones (NS = {ns}, NSD = {nsd})")]
    BadSpecies { ns: i64, nsd: i64 },
    #[error("the preconditioner work segment NS*NS*MX*MY does not fit a default INTEGER")]
    TooLarge,
}

/// A zero (or non-finite) pivot in the LU factorisation of one block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("zero pivot at stage {} of the LU factorisation of block {}", .column + 1, .block + 1)]
pub struct ZeroPivot {
    /// 0-based index of the block (mesh point or group).
    pub block: usize,
    /// 0-based column of the zero pivot inside the block.
    pub column: usize,
}

impl ZeroPivot {
    /// DRBDJA's / DRBGJA's IER: the 1-based stage of the zero pivot.
    pub fn ier(&self) -> FInt {
        self.column as FInt + 1
    }
}

/// [`solve`] was handed pivots that no factorisation can produce (IWP not
/// set by a successful setup).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the block preconditioner is not factored (bad pivot in block {block})")]
pub struct NotFactored {
    /// 0-based index of the first block with a bad pivot.
    pub block: usize,
}

/// Mesh and species data of a reaction-transport problem on a 2-D mesh
/// (DASKR's COMMON block /DRPRE1/).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReactionMesh {
    mx: usize,
    my: usize,
    ns: usize,
    nsd: usize,
}

impl ReactionMesh {
    /// An `mx` x `my` mesh with `ns` species per point, the first `nsd` of
    /// them differential.
    pub fn new(mx: usize, my: usize, ns: usize, nsd: usize) -> Result<Self, MeshError> {
        if mx == 0 || my == 0 {
            return Err(MeshError::BadMesh { mx: mx as i64, my: my as i64 });
        }
        if ns == 0 || nsd > ns {
            return Err(MeshError::BadSpecies { ns: ns as i64, nsd: nsd as i64 });
        }
        // Both lengths are reported in default INTEGERs (IWORK(27), (28)).
        let wp = ns.checked_mul(ns).and_then(|v| v.checked_mul(mx)).and_then(|v| v.checked_mul(my));
        if wp.is_none_or(|v| v > FInt::MAX as usize) {
            return Err(MeshError::TooLarge);
        }
        Ok(ReactionMesh { mx, my, ns, nsd })
    }

    /// From DMSET2's Fortran arguments MX, MY, NS, NSD.
    pub fn from_fortran(mx: FInt, my: FInt, ns: FInt, nsd: FInt) -> Result<Self, MeshError> {
        if mx <= 0 || my <= 0 {
            return Err(MeshError::BadMesh { mx: mx.into(), my: my.into() });
        }
        if ns <= 0 || nsd < 0 || nsd > ns {
            return Err(MeshError::BadSpecies { ns: ns.into(), nsd: nsd.into() });
        }
        Self::new(mx as usize, my as usize, ns as usize, nsd as usize)
    }

    pub fn mx(&self) -> usize {
        self.mx
    }
    pub fn my(&self) -> usize {
        self.my
    }
    /// Species per mesh point (the block order).
    pub fn ns(&self) -> usize {
        self.ns
    }
    #[cfg(test)]
    /// Differential species per mesh point (the first ones).
    pub fn nsd(&self) -> usize {
        self.nsd
    }

    /// System size NEQ = NS*MX*MY.
    pub fn neq(&self) -> usize {
        self.ns * self.mx * self.my
    }

    /// Number of mesh points MX*MY.
    pub fn points(&self) -> usize {
        self.mx * self.my
    }

    /// Reals per block, NS*NS.
    pub fn block_len(&self) -> usize {
        self.ns * self.ns
    }

    /// Length of WP for the block-diagonal preconditioner, NS*NS*MX*MY
    /// (DMSET2's IWORK(27)).
    pub fn wp_len(&self) -> usize {
        self.block_len() * self.points()
    }

    /// Length of IWP, NS*MX*MY (DMSET2's IWORK(28)).
    pub fn iwp_len(&self) -> usize {
        self.ns * self.points()
    }

    /// The mesh points (jx, jy) in storage order: jx fastest.
    pub(crate) fn points_in_order(&self) -> impl Iterator<Item = (usize, usize)> {
        let mx = self.mx;
        (0..self.my).flat_map(move |jy| (0..mx).map(move |jx| (jx, jy)))
    }

    /// Index of mesh point (jx, jy) in storage order, 0-based.
    pub(crate) fn point_index(&self, jx: usize, jy: usize) -> usize {
        jy * self.mx + jx
    }

    /// Offset in u of the species of mesh point (jx, jy), 0-based.
    pub fn point_offset(&self, jx: usize, jy: usize) -> usize {
        self.point_index(jx, jy) * self.ns
    }

    /// Fill DASKR's ID array (NEQ entries): +1 for the differential
    /// species of every point, -1 for the algebraic ones.
    pub fn write_id(&self, id: &mut [FInt]) {
        for point in id[..self.neq()].chunks_exact_mut(self.ns) {
            let (d, a) = point.split_at_mut(self.nsd);
            d.fill(1);
            a.fill(-1);
        }
    }
}

/// Arguments of one setup (DRBDJA's / DRBGJA's argument list minus RBLOCK).
#[derive(Debug)]
pub struct ReactionSetupArgs<'a> {
    pub t: Real,
    /// Current u (NEQ); entries are perturbed one at a time and restored.
    pub u: &'a mut [Real],
    /// R(t, u) at the unperturbed u (NEQ).
    pub r0: &'a [Real],
    /// Scratch for one block of R (NS entries at least).
    pub r1: &'a mut [Real],
    /// Reciprocal error weights (NEQ).
    pub rewt: &'a [Real],
    /// Leading coefficient CJ.
    pub cj: Real,
    /// The WP segment.
    pub wp: &'a mut [Real],
    /// The IWP segment.
    pub iwp: &'a mut [FInt],
}

/// Approximate `-dR/du` at one mesh point by difference quotients into the
/// column-major NS x NS `block`. `rblock(t, jx, jy, u_point, r_point)`
/// evaluates R at point (jx, jy) (0-based) from its NS values.
#[allow(clippy::too_many_arguments)]
fn difference_block<F>(
    mesh: &ReactionMesh,
    rblock: &mut F,
    t: Real,
    (jx, jy): (usize, usize),
    u: &mut [Real],
    r0: &[Real],
    rewt: &[Real],
    r1: &mut [Real],
    block: &mut [Real],
) where
    F: FnMut(Real, usize, usize, &[Real], &mut [Real]),
{
    let ns = mesh.ns;
    let j0 = mesh.point_offset(jx, jy);
    let r0 = &r0[j0..j0 + ns];
    let r1 = &mut r1[..ns];
    for (js, column) in block.chunks_exact_mut(ns).enumerate() {
        let j = j0 + js;
        let uj = u[j];
        let del = (SQRT_UROUND * uj.abs()).max(INCREMENT_FACTOR / rewt[j]);
        u[j] = uj + del;
        let fac = -1.0 / del;
        rblock(t, jx, jy, &u[j0..j0 + ns], r1);
        for ((c, &r), &r_base) in column.iter_mut().zip(&*r1).zip(r0) {
            *c = (r - r_base) * fac;
        }
        u[j] = uj;
    }
}

/// Add CJ to the differential diagonal entries of one block and LU-factor
/// it; the pivots are left 1-based in `pivots`.
fn factor_block(mesh: &ReactionMesh, cj: Real, block: &mut [Real], pivots: &mut [FInt]) -> Result<(), usize> {
    let ns = mesh.ns;
    for i in 0..mesh.nsd {
        block[i * (ns + 1)] += cj;
    }
    let outcome = dense::factor(block, ns, pivots);
    let done = outcome.map_or_else(|e| e.column + 1, |()| ns);
    pivots[..done].iter_mut().for_each(|p| *p += 1);
    outcome.map_err(|e| e.column)
}

/// Check that every block's 1-based pivots could come from a factorisation
/// (pivot of step k in k..ns), block by block in `pivots`.
fn check_pivots(ns: usize, pivots: &[FInt]) -> Result<(), NotFactored> {
    for (block, piv) in pivots.chunks_exact(ns).enumerate() {
        let bad = piv.iter().enumerate().any(|(k, &p)| p <= k as FInt || p as i64 > ns as i64);
        if bad {
            return Err(NotFactored { block });
        }
    }
    Ok(())
}

/// Solve one block system in place with 1-based pivots (turned 0-based for
/// the duration of the call).
fn solve_block(ns: usize, block: &[Real], pivots: &mut [FInt], b: &mut [Real]) {
    pivots.iter_mut().for_each(|p| *p -= 1);
    dense::solve(block, ns, pivots, b);
    pivots.iter_mut().for_each(|p| *p += 1);
}

/// The setup DRBDJA and DRBGJA share: block k of WP (`blocks` of them)
/// holds `CJ I_d - dR/du` at the k-th mesh point of `points`. All blocks
/// are computed first (NS calls of `rblock` each, in the order of
/// `points`), then factored in order; the first singular block stops the
/// factorisation.
///
/// # Panics
/// If a slice is shorter than documented in [`ReactionSetupArgs`] (WP and
/// IWP: `blocks` blocks of NS*NS reals and NS pivots).
pub(crate) fn setup_blocks<F>(
    mesh: &ReactionMesh,
    blocks: usize,
    points: impl Iterator<Item = (usize, usize)>,
    mut rblock: F,
    args: ReactionSetupArgs<'_>,
) -> Result<(), ZeroPivot>
where
    F: FnMut(Real, usize, usize, &[Real], &mut [Real]),
{
    let ReactionSetupArgs { t, u, r0, r1, rewt, cj, wp, iwp } = args;
    let (neq, ns, bl) = (mesh.neq(), mesh.ns, mesh.block_len());
    let (wp_len, iwp_len) = (blocks * bl, blocks * ns);
    assert!(u.len() >= neq && r0.len() >= neq && rewt.len() >= neq, "U, R0, REWT need NEQ entries");
    assert!(r1.len() >= ns, "R1 needs NS entries");
    assert!(wp.len() >= wp_len && iwp.len() >= iwp_len, "WP or IWP too short");
    for (point, block) in points.zip(wp[..wp_len].chunks_exact_mut(bl)) {
        difference_block(mesh, &mut rblock, t, point, u, r0, rewt, r1, block);
    }
    let pivots = iwp[..iwp_len].chunks_exact_mut(ns);
    for (block, (a, piv)) in wp[..wp_len].chunks_exact_mut(bl).zip(pivots).enumerate() {
        factor_block(mesh, cj, a, piv).map_err(|column| ZeroPivot { block, column })?;
    }
    Ok(())
}

/// The solve DRBDPS and DRBGPS share: `A_R x = b` in place in `b` (NEQ),
/// the NS unknowns of mesh point (jx, jy) solved with the factored block
/// `block_of(jx, jy)` of WP (`blocks` of them). `iwp` is briefly rewritten
/// (1-based pivots to 0-based and back) and unchanged afterwards.
///
/// # Panics
/// If `b`, `wp` or `iwp` is shorter than NEQ, `blocks` blocks, `blocks`
/// pivot sets.
pub(crate) fn solve_blocks(
    mesh: &ReactionMesh,
    blocks: usize,
    block_of: impl Fn(usize, usize) -> usize,
    b: &mut [Real],
    wp: &[Real],
    iwp: &mut [FInt],
) -> Result<(), NotFactored> {
    let (ns, bl) = (mesh.ns, mesh.block_len());
    assert!(b.len() >= mesh.neq(), "B needs NEQ entries");
    assert!(wp.len() >= blocks * bl && iwp.len() >= blocks * ns, "WP or IWP too short");
    let iwp = &mut iwp[..blocks * ns];
    check_pivots(ns, iwp)?;
    for ((jx, jy), x) in mesh.points_in_order().zip(b[..mesh.neq()].chunks_exact_mut(ns)) {
        let g = block_of(jx, jy);
        solve_block(ns, &wp[g * bl..(g + 1) * bl], &mut iwp[g * ns..(g + 1) * ns], x);
    }
    Ok(())
}

/// Build and factor the block-diagonal preconditioner `CJ I_d - dR/du`, one
/// block per mesh point. All blocks are computed first (MX*MY*NS calls of
/// `rblock`, points in storage order), then factored in order; the first
/// singular block stops the factorisation. Replaces DRBDJA.
///
/// `rblock(t, jx, jy, u_point, r_point)` writes R at mesh point (jx, jy)
/// (0-based) into `r_point` (NS entries), from the NS values `u_point`.
///
/// # Panics
/// If a slice is shorter than documented in [`ReactionSetupArgs`].
#[doc(alias = "DRBDJA")]
pub fn setup<F>(mesh: &ReactionMesh, rblock: F, args: ReactionSetupArgs<'_>) -> Result<(), ZeroPivot>
where
    F: FnMut(Real, usize, usize, &[Real], &mut [Real]),
{
    setup_blocks(mesh, mesh.points(), mesh.points_in_order(), rblock, args)
}

/// Solve `A_R x = b` in place in `b` (NEQ) with the factors from [`setup`].
/// Replaces DRBDPS. `iwp` is briefly rewritten (1-based pivots to 0-based
/// and back) and unchanged afterwards.
///
/// # Panics
/// If `b`, `wp` or `iwp` is shorter than NEQ, WP length, IWP length.
#[doc(alias = "DRBDPS")]
pub fn solve(mesh: &ReactionMesh, b: &mut [Real], wp: &[Real], iwp: &mut [FInt]) -> Result<(), NotFactored> {
    solve_blocks(mesh, mesh.points(), |jx, jy| mesh.point_index(jx, jy), b, wp, iwp)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Two-species predator-prey reaction with point-dependent rates: a
    /// small nonlinear R whose Jacobian is known in closed form.
    fn reaction(jx: usize, jy: usize, u: &[Real], r: &mut [Real]) {
        let (a, b) = (1.0 + jx as Real, 0.5 + 0.25 * jy as Real);
        r[0] = u[0] * (a - 2.0 * u[0] - u[1]);
        r[1] = u[1] * (-b + u[0]) - 0.1 * u[1] * u[1];
    }

    /// dR/du at one point, column-major 2x2.
    fn reaction_jacobian(jx: usize, jy: usize, u: &[Real]) -> [Real; 4] {
        let (a, b) = (1.0 + jx as Real, 0.5 + 0.25 * jy as Real);
        [a - 4.0 * u[0] - u[1], u[1], -u[0], -b + u[0] - 0.2 * u[1]]
    }

    /// RBLOCK as the setups take it.
    pub(crate) type ReactionFn<'a> = dyn FnMut(Real, usize, usize, &[Real], &mut [Real]) + 'a;

    /// The arrays of one setup call, owned by a test: R1 of NS entries,
    /// WP (NaN, so that an entry setup leaves alone shows) and IWP for
    /// `blocks` blocks.
    pub(crate) struct SetupArrays {
        pub(crate) u: Vec<Real>,
        pub(crate) wp: Vec<Real>,
        pub(crate) iwp: Vec<FInt>,
        r0: Vec<Real>,
        r1: Vec<Real>,
        rewt: Vec<Real>,
    }

    impl SetupArrays {
        pub(crate) fn new(mesh: &ReactionMesh, blocks: usize, u: Vec<Real>, r0: Vec<Real>, rewt: Vec<Real>) -> Self {
            let ns = mesh.ns();
            let (r1, wp, iwp) = (vec![0.0; ns], vec![Real::NAN; blocks * ns * ns], vec![0; blocks * ns]);
            SetupArrays { u, wp, iwp, r0, r1, rewt }
        }

        /// At [`initial_u`], with R0 = R(u) there and every REWT = `rewt`.
        pub(crate) fn at_initial_u(mesh: &ReactionMesh, blocks: usize, rewt: Real) -> Self {
            let u = initial_u(mesh);
            let r0 = full_r(mesh, &u);
            Self::new(mesh, blocks, u, r0, vec![rewt; mesh.neq()])
        }

        /// Run `setup` (DRBDJA's or DRBGJA's) on these arrays with
        /// [`reaction`] at T = 0, CJ = `cj`; check that u comes back
        /// unchanged and return the points R was evaluated at, in call order.
        pub(crate) fn setup_reaction(
            &mut self,
            cj: Real,
            setup: impl FnOnce(&mut ReactionFn<'_>, ReactionSetupArgs<'_>) -> Result<(), ZeroPivot>,
        ) -> Vec<(usize, usize)> {
            let u0 = self.u.clone();
            let mut visits = Vec::new();
            let mut rblock = |_t: Real, jx: usize, jy: usize, uxy: &[Real], rxy: &mut [Real]| {
                visits.push((jx, jy));
                reaction(jx, jy, uxy, rxy)
            };
            setup(&mut rblock, self.args(0.0, cj)).unwrap();
            assert_eq!(self.u, u0, "u restored exactly");
            visits
        }

        pub(crate) fn args(&mut self, t: Real, cj: Real) -> ReactionSetupArgs<'_> {
            ReactionSetupArgs {
                t,
                u: &mut self.u,
                r0: &self.r0,
                r1: &mut self.r1,
                rewt: &self.rewt,
                cj,
                wp: &mut self.wp,
                iwp: &mut self.iwp,
            }
        }
    }

    fn initial_u(mesh: &ReactionMesh) -> Vec<Real> {
        (0..mesh.neq()).map(|k| 0.5 + 0.1 * k as Real).collect()
    }

    fn full_r(mesh: &ReactionMesh, u: &[Real]) -> Vec<Real> {
        let mut r = vec![0.0; mesh.neq()];
        for jy in 0..mesh.my() {
            for jx in 0..mesh.mx() {
                let o = mesh.point_offset(jx, jy);
                reaction(jx, jy, &u[o..o + 2], &mut r[o..o + 2]);
            }
        }
        r
    }

    /// Dense NEQ x NEQ solve of (CJ I_d - dR/du) x = b with the exact
    /// block Jacobian at the given points.
    pub(crate) fn dense_reference(
        mesh: &ReactionMesh,
        cj: Real,
        u: &[Real],
        block_at: impl Fn(usize, usize) -> (usize, usize),
        b: &[Real],
    ) -> Vec<Real> {
        let n = mesh.neq();
        let mut m = vec![0.0; n * n];
        for jy in 0..mesh.my() {
            for jx in 0..mesh.mx() {
                let (rx, ry) = block_at(jx, jy);
                let ro = mesh.point_offset(rx, ry);
                let jac = reaction_jacobian(rx, ry, &u[ro..ro + 2]);
                let o = mesh.point_offset(jx, jy);
                for c in 0..2 {
                    for r in 0..2 {
                        m[(o + c) * n + o + r] = -jac[c * 2 + r] + if r == c && r < mesh.nsd() { cj } else { 0.0 };
                    }
                }
            }
        }
        let mut piv = vec![0; n];
        dense::factor(&mut m, n, &mut piv).unwrap();
        let mut x = b.to_vec();
        dense::solve(&m, n, &piv, &mut x);
        x
    }

    #[test]
    fn mesh_layout_and_id() {
        let m = ReactionMesh::from_fortran(3, 2, 4, 3).unwrap();
        assert_eq!((m.neq(), m.wp_len(), m.iwp_len()), (24, 96, 24));
        assert_eq!(m.point_offset(2, 1), 20);
        let mut id = vec![0; 26];
        m.write_id(&mut id);
        assert_eq!(&id[..8], &[1, 1, 1, -1, 1, 1, 1, -1]);
        assert_eq!(&id[24..], &[0, 0]);
        assert!(matches!(ReactionMesh::from_fortran(0, 2, 1, 1), Err(MeshError::BadMesh { .. })));
        assert!(matches!(ReactionMesh::from_fortran(2, 2, 2, 3), Err(MeshError::BadSpecies { .. })));
        assert!(matches!(ReactionMesh::from_fortran(2, 2, 0, 0), Err(MeshError::BadSpecies { .. })));
        assert_eq!(ReactionMesh::from_fortran(2000, 2000, 100, 1), Err(MeshError::TooLarge));
    }

    #[test]
    fn two_by_two_mesh_two_species_matches_dense() {
        // 2x2 mesh, 2 species (one differential, one algebraic): NEQ = 8.
        for nsd in [0usize, 1, 2] {
            let mesh = ReactionMesh::new(2, 2, 2, nsd).unwrap();
            let mut w = SetupArrays::at_initial_u(&mesh, mesh.points(), 1.0e5);
            let u0 = w.u.clone();
            let cj = 20.0;
            let visits = w.setup_reaction(cj, |rblock, args| setup(&mesh, rblock, args));
            // NS calls per point, points in storage order.
            assert_eq!(visits, vec![(0, 0), (0, 0), (1, 0), (1, 0), (0, 1), (0, 1), (1, 1), (1, 1)]);
            assert!(w.iwp.iter().all(|&p| (1..=2).contains(&p)));

            let b: Vec<Real> = (0..mesh.neq()).map(|i| 1.0 - 0.3 * i as Real).collect();
            let mut x = b.clone();
            let iwp_before = w.iwp.clone();
            solve(&mesh, &mut x, &w.wp, &mut w.iwp).unwrap();
            assert_eq!(w.iwp, iwp_before);
            let xd = dense_reference(&mesh, cj, &u0, |jx, jy| (jx, jy), &b);
            for (p, q) in x.iter().zip(&xd) {
                assert!((p - q).abs() <= 1e-6 * (1.0 + q.abs()), "nsd={nsd}: {p} vs {q}");
            }
        }
    }

    #[test]
    fn increments_follow_drbdja() {
        // R = u (identity reaction): every quotient is -(del)/del = -1 up to
        // rounding; with u = 0 the increment is 0.01/rewt exactly.
        let mesh = ReactionMesh::new(1, 1, 3, 3).unwrap();
        let mut w = SetupArrays::new(&mesh, 1, vec![0.0; 3], vec![0.0; 3], vec![4.0, 8.0, 0.5]);
        let mut seen = Vec::new();
        let rblock = |_t, _jx, _jy, uxy: &[Real], rxy: &mut [Real]| {
            seen.push(uxy.to_vec());
            rxy.copy_from_slice(uxy);
        };
        setup(&mesh, rblock, w.args(1.0, 0.0)).unwrap();
        assert_eq!(seen, vec![vec![0.0025, 0.0, 0.0], vec![0.0, 0.00125, 0.0], vec![0.0, 0.0, 0.02]]);
        // -I factored: the U diagonal is -1 (up to the rounding of
        // del * (1/del)).
        for d in [w.wp[0], w.wp[4], w.wp[8]] {
            assert!((d + 1.0).abs() <= 2.0 * Real::EPSILON, "{d}");
        }
        assert_eq!(w.iwp, vec![1, 2, 3]);
    }

    #[test]
    fn singular_block_stops_with_stage() {
        // R with dR/du = 0 and NSD = 1 of NS = 2: the algebraic column is
        // zero, pivot 2 of block 0 vanishes.
        let mesh = ReactionMesh::new(2, 1, 2, 1).unwrap();
        let mut w = SetupArrays::new(&mesh, mesh.points(), vec![1.0; 4], vec![0.0; 4], vec![1.0; 4]);
        let mut calls = 0;
        let rblock = |_t, _jx, _jy, _u: &[Real], r: &mut [Real]| {
            calls += 1;
            r.fill(0.0)
        };
        let err = setup(&mesh, rblock, w.args(0.0, 3.0)).unwrap_err();
        assert_eq!(err, ZeroPivot { block: 0, column: 1 });
        assert_eq!(err.ier(), 2);
        // All difference quotients come before any factorisation.
        assert_eq!(calls, 4);
    }

    #[test]
    fn solve_rejects_unfactored_pivots() {
        let mesh = ReactionMesh::new(1, 2, 2, 2).unwrap();
        let wp = vec![1.0; 8];
        let mut iwp = vec![2, 2, 0, 0];
        let mut b = vec![1.0; 4];
        assert_eq!(solve(&mesh, &mut b, &wp, &mut iwp), Err(NotFactored { block: 1 }));
        assert_eq!(b, vec![1.0; 4]);
        assert_eq!(iwp, vec![2, 2, 0, 0]);
    }
}
