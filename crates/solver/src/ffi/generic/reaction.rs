//! The body of the reaction-based preconditioner routines (DMSET2, DRBDJA,
//! DRBDPS, DGSET2, DRBGJA, DRBGPS and their single-precision twins
//! SMSET2, ...), written once against the precision context of the
//! including module (`super`); the work is done by the instance's
//! `precond::reaction_block` and `precond::reaction_group`.
//!
//! The mesh (and grouping) data that xMSET2 / xGSET2 record live in a
//! record of this module, so each precision has its own, as the original
//! has /DRPRE1/ for the double and /SRPRE1/ for the single routines (the
//! original's grouping block /RPRE2/ is shared by the two precisions; here
//! it is not, so a program using SGSET2 and DGSET2 gets both groupings).

use std::os::raw::c_int;
use std::sync::{Arc, PoisonError, RwLock};

use daskr_export::boundary;

use super::precond::reaction_block::{self, ReactionMesh, ReactionSetupArgs};
use super::precond::reaction_group::{self, BlockGrouping};
use super::slices::{opt_slice, opt_slice_mut, opt_slices, opt_slices_mut, read_scalars, store};
use super::solver::{invalid, report, IER_INVALID};
use super::{RblockFn, Real, LETTER};

/// What xMSET2 / xGSET2 recorded (the original's /DRPRE1/ or /SRPRE1/,
/// and /RPRE2/).
struct MeshData {
    /// The mesh: set by xMSET2 and xGSET2.
    mesh: Option<ReactionMesh>,
    /// The grouping with the mesh it was built for: set by xGSET2.
    grouping: Option<Arc<BlockGrouping>>,
}

static MESH_DATA: RwLock<MeshData> = RwLock::new(MeshData { mesh: None, grouping: None });

/// The mesh recorded by the last xMSET2 / xGSET2.
fn current_mesh() -> Option<ReactionMesh> {
    MESH_DATA.read().unwrap_or_else(PoisonError::into_inner).mesh
}

/// The grouping recorded by the last xGSET2, if the mesh still matches it.
fn current_grouping() -> Result<Arc<BlockGrouping>, String> {
    let data = MESH_DATA.read().unwrap_or_else(PoisonError::into_inner);
    match (&data.grouping, &data.mesh) {
        (Some(g), Some(m)) if g.mesh() == m => Ok(Arc::clone(g)),
        (Some(_), _) => {
            Err(format!("the mesh was changed by {LETTER}MSET2 after {LETTER}GSET2; call {LETTER}GSET2 again"))
        }
        (None, _) => Err(format!("no block-grouping data: call {LETTER}GSET2 first")),
    }
}

fn record(mesh: Option<ReactionMesh>, grouping: Option<Option<Arc<BlockGrouping>>>) {
    let mut data = MESH_DATA.write().unwrap_or_else(PoisonError::into_inner);
    data.mesh = mesh;
    if let Some(g) = grouping {
        data.grouping = g;
    }
}

/// The IWORK entries xMSET2 / xGSET2 write: IWORK(27) = LENWP,
/// IWORK(28) = LENIWP and, if LID > 0, IWORK(LID+1..LID+NEQ) = ID.
///
/// # Safety
/// `iwork` must be valid for `max(28, LID+NEQ)` elements when non-null.
unsafe fn write_iwork(name: &str, iwork: *mut c_int, lid: c_int, mesh: &ReactionMesh, lenwp: usize, leniwp: usize) {
    let id_end = if lid > 0 { Some(lid as usize + mesh.neq()) } else { None };
    let len = id_end.map_or(28, |e| e.max(28));
    // SAFETY: IWORK is DASKR's integer work array of at least LID+NEQ (and
    // 28) elements by the calling convention of xMSET2 / xGSET2.
    let Some(iwork) = (unsafe { opt_slice_mut(iwork, len) }) else {
        return report(name, "IWORK is a null pointer");
    };
    // Both fit: ReactionMesh keeps NS*NS*MX*MY within a default INTEGER.
    iwork[26] = lenwp as c_int;
    iwork[27] = leniwp as c_int;
    if let Some(end) = id_end {
        mesh.write_id(&mut iwork[lid as usize..end]);
    }
}

/// xMSET2 with the caller's raw arguments, behind the panic boundary:
/// `scalars` are MX, MY, NS, NSD and LID by reference. A panic while IWORK
/// is set keeps the recorded mesh (that step has a boundary of its own);
/// one anywhere else clears it.
///
/// # Safety
/// As documented on the exported `dmset2` / `smset2`.
pub(in crate::ffi) unsafe fn mset2(scalars: [*const c_int; 5], iwork: *mut c_int) {
    boundary(
        || {
            // SAFETY: scalar arguments by reference, each null or the
            // caller's INTEGER.
            let Some([mx, my, ns, nsd, lid]) = (unsafe { read_scalars(scalars) }) else {
                record(None, None);
                return report("MSET2", "MX, MY, NS, NSD or LID is a null pointer");
            };
            match ReactionMesh::from_fortran(mx, my, ns, nsd) {
                Ok(mesh) => {
                    record(Some(mesh), None);
                    boundary(
                        // SAFETY: IWORK as documented on the exported routine.
                        || unsafe { write_iwork("MSET2", iwork, lid, &mesh, mesh.wp_len(), mesh.iwp_len()) },
                        || report("MSET2", "internal error while setting IWORK"),
                    );
                }
                Err(e) => {
                    record(None, None);
                    report("MSET2", e);
                }
            }
        },
        || {
            record(None, None);
            report("MSET2", "internal error; no mesh recorded");
        },
    )
}

/// xGSET2 with the caller's raw arguments, behind the panic boundary:
/// `scalars` are MX, MY, NS, NSD, NXG, NYG and LID by reference. A panic
/// while the grouping is built clears the recorded data, one while IWORK
/// is set keeps it (each step has a boundary of its own, as xMSET2's
/// IWORK step).
///
/// # Safety
/// As documented on the exported `dgset2` / `sgset2`.
pub(in crate::ffi) unsafe fn gset2(scalars: [*const c_int; 7], iwork: *mut c_int) {
    boundary(
        || {
            // SAFETY: scalar arguments by reference, each null or the
            // caller's INTEGER.
            let Some([mx, my, ns, nsd, nxg, nyg, lid]) = (unsafe { read_scalars(scalars) }) else {
                record(None, Some(None));
                return report("GSET2", "MX, MY, NS, NSD, NXG, NYG or LID is a null pointer");
            };
            let built = boundary(|| Some(BlockGrouping::from_fortran(mx, my, ns, nsd, nxg, nyg)), || None);
            match built {
                Some(Ok(grouping)) => {
                    let mesh = *grouping.mesh();
                    let (lenwp, leniwp) = (grouping.wp_len(), grouping.iwp_len());
                    record(Some(mesh), Some(Some(Arc::new(grouping))));
                    boundary(
                        // SAFETY: IWORK as documented on the exported routine.
                        || unsafe { write_iwork("GSET2", iwork, lid, &mesh, lenwp, leniwp) },
                        || report("GSET2", "internal error while setting IWORK"),
                    );
                }
                Some(Err(e)) => {
                    record(None, Some(None));
                    report("GSET2", e);
                }
                None => {
                    record(None, Some(None));
                    report("GSET2", "internal error while building the grouping");
                }
            }
        },
        || {
            record(None, Some(None));
            report("GSET2", "internal error; no mesh recorded");
        },
    )
}

/// Which reaction preconditioner a JA / PS call is for.
#[derive(Clone, Copy)]
pub(in crate::ffi) enum Variant {
    /// xRBDJA / xRBDPS: one block per mesh point.
    PerPoint,
    /// xRBGJA / xRBGPS: one block per group.
    Grouped,
}

impl Variant {
    /// The names of the JA and PS routines without the precision letter.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Variant::PerPoint => ("RBDJA", "RBDPS"),
            Variant::Grouped => ("RBGJA", "RBGPS"),
        }
    }
}

/// The recorded data a JA / PS call works with.
enum Recorded {
    PerPoint(ReactionMesh),
    Grouped(Arc<BlockGrouping>),
}

impl Recorded {
    fn fetch(variant: Variant) -> Result<Self, String> {
        match variant {
            Variant::PerPoint => {
                current_mesh().map(Recorded::PerPoint).ok_or_else(|| format!("no mesh data: call {LETTER}MSET2 first"))
            }
            Variant::Grouped => current_grouping().map(Recorded::Grouped),
        }
    }
    fn mesh(&self) -> &ReactionMesh {
        match self {
            Recorded::PerPoint(m) => m,
            Recorded::Grouped(g) => g.mesh(),
        }
    }
    fn wp_len(&self) -> usize {
        match self {
            Recorded::PerPoint(m) => m.wp_len(),
            Recorded::Grouped(g) => g.wp_len(),
        }
    }
    fn iwp_len(&self) -> usize {
        match self {
            Recorded::PerPoint(m) => m.iwp_len(),
            Recorded::Grouped(g) => g.iwp_len(),
        }
    }
}

/// xRBDJA and xRBGJA with the caller's raw arguments, behind the panic
/// boundary.
///
/// # Safety
/// As documented on the exported `drbdja` / `srbdja`.
#[allow(clippy::too_many_arguments)]
pub(in crate::ffi) unsafe fn rbja(
    variant: Variant,
    t: *const Real,
    u: *mut Real,
    r0: *const Real,
    rblock: RblockFn,
    r1: *mut Real,
    rewt: *const Real,
    cj: *const Real,
    bd: *mut Real,
    ipbd: *mut c_int,
    ier: *mut c_int,
) {
    let (name, _) = variant.names();
    boundary(
        || {
            // SAFETY: IER is the caller's scalar or null (`as_mut` checks).
            let Some(ier) = (unsafe { ier.as_mut() }) else {
                return;
            };
            *ier = 0;
            let recorded = match Recorded::fetch(variant) {
                Ok(r) => r,
                Err(why) => return invalid(ier, name, why),
            };
            // SAFETY: T and CJ are the caller's REALs or null.
            let Some([t, cj]) = (unsafe { read_scalars([t, cj]) }) else {
                return invalid(ier, name, "T or CJ is a null pointer");
            };
            let Some(rblock) = rblock else {
                return invalid(ier, name, "RBLOCK is a null pointer");
            };
            let mesh = *recorded.mesh();
            let (neq, ns) = (mesh.neq(), mesh.ns());
            // By the modules' convention U, R0, REWT have NEQ elements, R1 at
            // least NS (documented as NEQ), BD and IPBD the lengths xMSET2 /
            // xGSET2 put in IWORK(27), IWORK(28); all distinct arrays, each
            // checked for null by the helpers.
            // SAFETY: U, R1 and BD, as above.
            let written = unsafe { opt_slices_mut([(u, neq), (r1, ns), (bd, recorded.wp_len())]) };
            // SAFETY: R0 and REWT, as above; only read.
            let read = unsafe { opt_slices([(r0, neq), (rewt, neq)]) };
            // SAFETY: IPBD, as above.
            let iwp = unsafe { opt_slice_mut(ipbd, recorded.iwp_len()) };
            let (Some([u, r1, wp]), Some([r0, rewt]), Some(iwp)) = (written, read, iwp) else {
                return invalid(ier, name, "U, R0, R1, REWT, BD or IPBD is a null pointer");
            };
            let rblock = |t: Real, jx: usize, jy: usize, uxy: &[Real], rxy: &mut [Real]| {
                let (jx, jy) = (jx as c_int + 1, jy as c_int + 1);
                // SAFETY: `rblock` is the caller's routine with the documented
                // argument list; UXY points at the NS values of the point
                // inside the caller's U, RXY at the caller's R1 (NS elements
                // at least).
                unsafe { rblock(&t, &jx, &jy, uxy.as_ptr(), rxy.as_mut_ptr()) }
            };
            let args = ReactionSetupArgs { t, u, r0, r1, rewt, cj, wp, iwp };
            let outcome = match &recorded {
                Recorded::PerPoint(m) => reaction_block::setup(m, rblock, args),
                Recorded::Grouped(g) => reaction_group::setup(g, rblock, args),
            };
            if let Err(e) = outcome {
                *ier = e.ier();
            }
        },
        || {
            // SAFETY: IER is the caller's scalar or null; the reference made
            // from it died with the unwound call.
            unsafe { store(ier, IER_INVALID) };
            report(name, "internal error; the preconditioner was not formed");
        },
    )
}

/// xRBDPS and xRBGPS with the caller's raw arguments, behind the panic
/// boundary.
///
/// # Safety
/// As documented on the exported `drbdps` / `srbdps`.
pub(in crate::ffi) unsafe fn rbps(variant: Variant, b: *mut Real, bd: *mut Real, ipbd: *mut c_int) {
    let (_, name) = variant.names();
    boundary(
        || {
            let recorded = match Recorded::fetch(variant) {
                Ok(r) => r,
                Err(why) => return report(name, format_args!("{why}; B left unchanged")),
            };
            // B has NEQ elements, BD and IPBD the lengths recorded by xMSET2 /
            // xGSET2 (filled by the matching JA routine); distinct arrays,
            // each checked for null by the helpers.
            // SAFETY: B, as above.
            let b = unsafe { opt_slice_mut(b, recorded.mesh().neq()) };
            // SAFETY: BD, as above; only read.
            let wp = unsafe { opt_slice(bd, recorded.wp_len()) };
            // SAFETY: IPBD, as above.
            let iwp = unsafe { opt_slice_mut(ipbd, recorded.iwp_len()) };
            let (Some(b), Some(wp), Some(iwp)) = (b, wp, iwp) else {
                return report(name, "B, BD or IPBD is a null pointer; B left unchanged");
            };
            let outcome = match &recorded {
                Recorded::PerPoint(m) => reaction_block::solve(m, b, wp, iwp),
                Recorded::Grouped(g) => reaction_group::solve(g, b, wp, iwp),
            };
            if let Err(e) = outcome {
                report(name, format_args!("{e}; B left unchanged"));
            }
        },
        || report(name, "internal error in the block solve"),
    )
}
