//! Reaction-based block-diagonal preconditioner with block-grouping.
//!
//! Replaces DASKR's `drbgpre.f`. The problem class and the matrix
//! `A_R = CJ I_d - dR/du` are those of [`super::reaction_block`], but
//! instead of one block per mesh point only one block per *group* of mesh
//! points is computed: the mesh is cut into NGX x NGY rectangles (a uniform,
//! or nearly uniform, partition in each direction), the block of a group is
//! evaluated at a representative point near the group's centre, and that
//! block stands in for every point of the group when `A_R x = b` is solved.
//! Storage drops from NS*NS*MX*MY to NS*NS*NGX*NGY reals.
//!
//! | here | DASKR |
//! |---|---|
//! | [`Partition::uniform`], [`Partition::write_fortran`] | GSET1 |
//! | [`BlockGrouping::from_fortran`], [`BlockGrouping::wp_len`], [`BlockGrouping::iwp_len`] | DGSET2 |
//! | [`setup`] | DRBGJA |
//! | [`solve`] | DRBGPS |
//!
//! # The partition of 0..M into NG groups (GSET1)
//!
//! With `per = M / NG` (integer division), group g (0-based) holds the
//! indices `g*per .. (g+1)*per` except the last, which runs to M. The
//! representative of group g < NG-1 is the 1-based index
//! `floor(0.5 + (g + 0.5) * per)`, that of the last group
//! `floor((1 + (NG-1)*per + M) / 2)` (0-based here: one less).
//!
//! # The work segments
//!
//! `WP` holds the NGX*NGY group blocks (group `igy*NGX + igx`), each NS x NS
//! column-major, after [`setup`] their LU factors; `IWP` NS 1-based pivots
//! per group. Lengths NS*NS*NGX*NGY and NS*NGX*NGY (DGSET2's IWORK(27),
//! IWORK(28)).
#![doc(alias = "DGSET2")]
#![doc(alias = "GSET1")]
#![doc(alias = "DRBGJA")]
#![doc(alias = "DRBGPS")]

use super::reaction_block::{
    setup_blocks, solve_blocks, MeshError, NotFactored, ReactionMesh, ReactionSetupArgs, ZeroPivot,
};
use crate::types::{FInt, Real};

/// The number of groups does not fit the mesh size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the number of groups must lie between 1 and the mesh size (M = {m}, NG = {ng})")]
pub struct GroupError {
    pub m: i64,
    pub ng: i64,
}

/// DGSET2's arguments are unusable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GroupingError {
    #[error(transparent)]
    Mesh(#[from] MeshError),
    #[error("in the {direction} direction: {source}")]
    Groups { direction: char, source: GroupError },
}

/// A uniform (or nearly uniform) partition of the indices 0..M into NG
/// contiguous groups (GSET1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// NG+1 boundaries: group g holds `starts[g]..starts[g+1]`.
    starts: Vec<usize>,
    /// Group of each index (M entries).
    group_of: Vec<usize>,
    /// Representative index of each group (NG entries).
    representative: Vec<usize>,
}

impl Partition {
    /// Partition 0..m into ng groups, 1 <= ng <= m. Replaces GSET1.
    #[doc(alias = "GSET1")]
    pub fn uniform(m: usize, ng: usize) -> Result<Self, GroupError> {
        if ng == 0 || ng > m {
            return Err(GroupError { m: m as i64, ng: ng as i64 });
        }
        let per = m / ng;
        let mut starts: Vec<usize> = (0..ng).map(|g| g * per).collect();
        starts.push(m);
        let full = (ng - 1) * per;
        let group_of = (0..m).map(|j| if j < full { j / per } else { ng - 1 }).collect();
        // 1-based representatives floor(0.5 + (g+1 - 0.5)*per), exactly
        // ceil((2g+1)*per / 2) in integers; the last group's is the
        // midpoint of its 1-based range, rounded down.
        let mut representative: Vec<usize> = (0..ng - 1).map(|g| ((2 * g + 1) * per).div_ceil(2) - 1).collect();
        representative.push((1 + full + m) / 2 - 1);
        Ok(Partition { starts, group_of, representative })
    }

    /// Number of groups NG.
    pub fn groups(&self) -> usize {
        self.representative.len()
    }

    #[cfg(test)]
    /// The group boundaries (NG+1 entries, the last one M).
    pub fn starts(&self) -> &[usize] {
        &self.starts
    }

    /// The group of index j (0-based).
    pub fn group_of(&self, j: usize) -> usize {
        self.group_of[j]
    }

    /// The representative index of group g (0-based).
    pub fn representative(&self, g: usize) -> usize {
        self.representative[g]
    }

    /// GSET1's output arrays, 1-based: `jg` (NG+1 boundaries), `jig` (group
    /// of each of the M indices), `jr` (representative of each group).
    pub fn write_fortran(&self, jg: &mut [FInt], jig: &mut [FInt], jr: &mut [FInt]) {
        for (d, &s) in jg.iter_mut().zip(&self.starts) {
            *d = s as FInt + 1;
        }
        for (d, &g) in jig.iter_mut().zip(&self.group_of) {
            *d = g as FInt + 1;
        }
        for (d, &r) in jr.iter_mut().zip(&self.representative) {
            *d = r as FInt + 1;
        }
    }
}

/// Mesh data plus a rectangular grouping of the mesh points (DASKR's COMMON
/// blocks /DRPRE1/ and /RPRE2/, without their MAXM = 50 size limit).
#[derive(Clone, Debug, PartialEq)]
pub struct BlockGrouping {
    mesh: ReactionMesh,
    x: Partition,
    y: Partition,
}

impl BlockGrouping {
    /// Group the mesh into `ngx` x `ngy` rectangles (1 <= ngx <= MX,
    /// 1 <= ngy <= MY).
    pub fn new(mesh: ReactionMesh, ngx: usize, ngy: usize) -> Result<Self, GroupingError> {
        let x =
            Partition::uniform(mesh.mx(), ngx).map_err(|source| GroupingError::Groups { direction: 'x', source })?;
        let y =
            Partition::uniform(mesh.my(), ngy).map_err(|source| GroupingError::Groups { direction: 'y', source })?;
        Ok(BlockGrouping { mesh, x, y })
    }

    /// From DGSET2's Fortran arguments MX, MY, NS, NSD, NXG, NYG.
    pub fn from_fortran(mx: FInt, my: FInt, ns: FInt, nsd: FInt, nxg: FInt, nyg: FInt) -> Result<Self, GroupingError> {
        let mesh = ReactionMesh::from_fortran(mx, my, ns, nsd)?;
        if nxg <= 0 {
            let source = GroupError { m: mx.into(), ng: nxg.into() };
            return Err(GroupingError::Groups { direction: 'x', source });
        }
        if nyg <= 0 {
            let source = GroupError { m: my.into(), ng: nyg.into() };
            return Err(GroupingError::Groups { direction: 'y', source });
        }
        Self::new(mesh, nxg as usize, nyg as usize)
    }

    pub fn mesh(&self) -> &ReactionMesh {
        &self.mesh
    }

    #[cfg(test)]
    /// The partition of the x indices.
    pub fn x(&self) -> &Partition {
        &self.x
    }

    #[cfg(test)]
    /// The partition of the y indices.
    pub fn y(&self) -> &Partition {
        &self.y
    }

    /// Total number of groups NGX*NGY.
    pub fn groups(&self) -> usize {
        self.x.groups() * self.y.groups()
    }

    /// Length of WP, NS*NS*NGX*NGY (DGSET2's IWORK(27)).
    pub fn wp_len(&self) -> usize {
        self.mesh.block_len() * self.groups()
    }

    /// Length of IWP, NS*NGX*NGY (DGSET2's IWORK(28)).
    pub fn iwp_len(&self) -> usize {
        self.mesh.ns() * self.groups()
    }

    /// The group (0-based, `igy*NGX + igx`) of mesh point (jx, jy).
    pub fn group_of_point(&self, jx: usize, jy: usize) -> usize {
        self.y.group_of(jy) * self.x.groups() + self.x.group_of(jx)
    }
}

/// Build and factor one block per group of `CJ I_d - dR/du`, each by
/// difference quotients at the group's representative point (groups in
/// storage order, all quotients before any factorisation; the first
/// singular block stops the factorisation). Replaces DRBGJA.
///
/// `rblock(t, jx, jy, u_point, r_point)` is as for
/// [`super::reaction_block::setup`]; it is called NS times per group.
/// `args.wp` / `args.iwp` need [`BlockGrouping::wp_len`] /
/// [`BlockGrouping::iwp_len`] entries.
///
/// # Panics
/// If a slice is shorter than documented.
#[doc(alias = "DRBGJA")]
pub fn setup<F>(grouping: &BlockGrouping, rblock: F, args: ReactionSetupArgs<'_>) -> Result<(), ZeroPivot>
where
    F: FnMut(Real, usize, usize, &[Real], &mut [Real]),
{
    let (xg, yg) = (&grouping.x, &grouping.y);
    let representatives = (0..yg.groups())
        .flat_map(|igy| (0..xg.groups()).map(move |igx| (xg.representative(igx), yg.representative(igy))));
    setup_blocks(&grouping.mesh, grouping.groups(), representatives, rblock, args)
}

/// Solve `A_R x = b` in place in `b` (NEQ): the NS unknowns of every mesh
/// point are solved with the factored block of the point's group.
/// Replaces DRBGPS. `iwp` is briefly rewritten and unchanged afterwards.
///
/// # Panics
/// If `b`, `wp` or `iwp` is shorter than NEQ, WP length, IWP length.
#[doc(alias = "DRBGPS")]
pub fn solve(grouping: &BlockGrouping, b: &mut [Real], wp: &[Real], iwp: &mut [FInt]) -> Result<(), NotFactored> {
    solve_blocks(&grouping.mesh, grouping.groups(), |jx, jy| grouping.group_of_point(jx, jy), b, wp, iwp)
}

#[cfg(test)]
mod tests {
    use super::super::reaction_block;
    use super::super::reaction_block::tests::{dense_reference, SetupArrays};
    use super::*;

    /// GSET1 written out literally in floating point, 1-based, for m >= ng.
    fn gset1_reference(m: usize, ng: usize) -> (Vec<FInt>, Vec<FInt>, Vec<FInt>) {
        let mper = (m / ng) as i64;
        let mut jg: Vec<FInt> = (1..=ng as i64).map(|ig| (1 + (ig - 1) * mper) as FInt).collect();
        jg.push(m as FInt + 1);
        let len1 = (ng as i64 - 1) * mper;
        let jig = (1..=m as i64).map(|j| if j <= len1 { (1 + (j - 1) / mper) as FInt } else { ng as FInt }).collect();
        let mut jr: Vec<FInt> =
            (1..ng as i64).map(|ig| (0.5 + (ig as f32 as f64 - 0.5) * mper as f32 as f64) as FInt).collect();
        jr.push((0.5 * ((1 + (ng as i64 - 1) * mper + m as i64) as f32 as f64)) as FInt);
        (jg, jig, jr)
    }

    #[test]
    fn partition_matches_gset1() {
        for m in 1..=60 {
            for ng in 1..=m {
                let p = Partition::uniform(m, ng).unwrap();
                let (mut jg, mut jig, mut jr) = (vec![0; ng + 1], vec![0; m], vec![0; ng]);
                p.write_fortran(&mut jg, &mut jig, &mut jr);
                assert_eq!((jg, jig, jr), gset1_reference(m, ng), "m={m} ng={ng}");
                // Every representative lies in its own group.
                for g in 0..ng {
                    assert_eq!(p.group_of(p.representative(g)), g, "m={m} ng={ng} g={g}");
                }
            }
        }
        // dweb.f: MX = 20 in 5 groups of 4, representatives 2, 6, 10, 14, 18.
        let p = Partition::uniform(20, 5).unwrap();
        assert_eq!((0..5).map(|g| p.representative(g) + 1).collect::<Vec<_>>(), vec![2, 6, 10, 14, 18]);
        assert_eq!(p.starts(), &[0, 4, 8, 12, 16, 20]);
        assert!(Partition::uniform(3, 4).is_err());
        assert!(Partition::uniform(3, 0).is_err());
    }

    #[test]
    fn grouping_layout() {
        let g = BlockGrouping::from_fortran(20, 20, 2, 1, 5, 5).unwrap();
        assert_eq!((g.groups(), g.wp_len(), g.iwp_len()), (25, 100, 50));
        assert_eq!(g.group_of_point(19, 0), 4);
        assert_eq!(g.group_of_point(0, 4), 5);
        assert!(matches!(
            BlockGrouping::from_fortran(4, 4, 2, 1, 5, 1),
            Err(GroupingError::Groups { direction: 'x', .. })
        ));
        assert!(matches!(
            BlockGrouping::from_fortran(4, 4, 2, 1, 1, 0),
            Err(GroupingError::Groups { direction: 'y', .. })
        ));
        assert!(matches!(BlockGrouping::from_fortran(4, 0, 2, 1, 1, 1), Err(GroupingError::Mesh(_))));
    }

    #[test]
    fn grouped_solve_matches_dense_with_representative_blocks() {
        // 4x3 mesh, 2 species, 2x2 groups: x groups {0,1},{2,3} with
        // representatives 0 and 2 (0-based); y groups {0},{1,2} with 0, 1.
        let mesh = ReactionMesh::new(4, 3, 2, 1).unwrap();
        let grouping = BlockGrouping::new(mesh, 2, 2).unwrap();
        let mut w = SetupArrays::at_initial_u(&mesh, grouping.groups(), 1.0e5);
        let u0 = w.u.clone();
        let cj = 7.5;
        let visits = w.setup_reaction(cj, |rblock, args| setup(&grouping, rblock, args));
        assert_eq!(visits, vec![(0, 0), (0, 0), (2, 0), (2, 0), (0, 1), (0, 1), (2, 1), (2, 1)]);

        let b: Vec<Real> = (0..mesh.neq()).map(|i| (i as Real).cos()).collect();
        let mut x = b.clone();
        solve(&grouping, &mut x, &w.wp, &mut w.iwp).unwrap();
        let rep = |jx: usize, jy: usize| {
            (
                grouping.x().representative(grouping.x().group_of(jx)),
                grouping.y().representative(grouping.y().group_of(jy)),
            )
        };
        let xd = dense_reference(&mesh, cj, &u0, rep, &b);
        for (p, q) in x.iter().zip(&xd) {
            assert!((p - q).abs() <= 1e-6 * (1.0 + q.abs()), "{p} vs {q}");
        }
    }

    #[test]
    fn one_group_per_point_equals_block_diagonal() {
        let mesh = ReactionMesh::new(3, 2, 2, 2).unwrap();
        let grouping = BlockGrouping::new(mesh, 3, 2).unwrap();
        let run = |grouped: bool| {
            let mut w = SetupArrays::at_initial_u(&mesh, mesh.points(), 1.0e3);
            let mut x: Vec<Real> = (0..mesh.neq()).map(|i| 1.0 + i as Real).collect();
            if grouped {
                w.setup_reaction(4.0, |rblock, args| setup(&grouping, rblock, args));
                solve(&grouping, &mut x, &w.wp, &mut w.iwp).unwrap();
            } else {
                w.setup_reaction(4.0, |rblock, args| reaction_block::setup(&mesh, rblock, args));
                reaction_block::solve(&mesh, &mut x, &w.wp, &mut w.iwp).unwrap();
            }
            (w.wp, w.iwp, x)
        };
        assert_eq!(run(true), run(false));
    }
}
