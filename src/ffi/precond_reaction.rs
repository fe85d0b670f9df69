//! The exported routines of DASKR's reaction-based preconditioner modules:
//! `drbdpre.f` (DMSET2, DRBDJA, DRBDPS: one block per mesh point) and
//! `drbgpre.f` (DGSET2, GSET1, DRBGJA, DRBGPS: one block per group of mesh
//! points), each under the names `name_`, `name` and `NAME`. The work is
//! done by [`crate::precond::reaction_block`] and
//! [`crate::precond::reaction_group`].
//!
//! # The mesh data set by DMSET2 / DGSET2
//!
//! DRBDJA(T, U, R0, RBLOCK, R1, REWT, CJ, BD, IPBD, IER) and
//! DRBDPS(B, BD, IPBD) carry no sizes: as in DASKR, DMSET2 / DGSET2 record
//! the mesh (and grouping) once, process-wide, and the later calls read it.
//! DASKR kept it in the COMMON blocks /DRPRE1/ and /RPRE2/; here it lives
//! behind a lock in this module (the COMMON blocks themselves are not
//! exported, and the grouping has no MAXM = 50 size limit). As with the
//! COMMON blocks, the last DMSET2 / DGSET2 call wins for every thread: two
//! simultaneous integrations using these routines with different meshes
//! are not supported, exactly as in DASKR. DMSET2 replaces the mesh only;
//! DGSET2 replaces mesh and grouping; DRBGJA / DRBGPS refuse to run when
//! the mesh was changed by DMSET2 after the last DGSET2.

use daskr_export::export_aliases;
use std::os::raw::c_int;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, PoisonError, RwLock};

use super::messages::StdoutSink;
use super::slices::opt_slice_mut;
use crate::core::messages::{MessageLine, MessageSink};
use crate::precond::reaction_block::{self, ReactionMesh, ReactionSetupArgs};
use crate::precond::reaction_group::{self, BlockGrouping, Partition};

/// Reaction block routine `RBLOCK(T, JX, JY, UXY, RXY)`: load the NS
/// reaction terms R at mesh point (JX, JY) (1-based) into RXY, from the NS
/// values UXY of that point.
#[allow(non_camel_case_types)]
pub type daskr_rblock_fn =
    Option<unsafe extern "C" fn(t: *const f64, jx: *const c_int, jy: *const c_int, uxy: *const f64, rxy: *mut f64)>;

/// IER for arguments this layer cannot use (null pointers, no mesh set by
/// DMSET2 / DGSET2) or an internal error.
const IER_INVALID: c_int = -1;

/// What DMSET2 / DGSET2 recorded (DASKR's /DRPRE1/ and /RPRE2/).
struct MeshData {
    /// /DRPRE1/: set by DMSET2 and DGSET2.
    mesh: Option<ReactionMesh>,
    /// /RPRE2/ with the mesh it was built for: set by DGSET2.
    grouping: Option<Arc<BlockGrouping>>,
}

static MESH_DATA: RwLock<MeshData> = RwLock::new(MeshData { mesh: None, grouping: None });

/// The mesh recorded by the last DMSET2 / DGSET2.
fn current_mesh() -> Option<ReactionMesh> {
    MESH_DATA.read().unwrap_or_else(PoisonError::into_inner).mesh
}

/// The grouping recorded by the last DGSET2, if the mesh still matches it.
fn current_grouping() -> Result<Arc<BlockGrouping>, &'static str> {
    let data = MESH_DATA.read().unwrap_or_else(PoisonError::into_inner);
    match (&data.grouping, &data.mesh) {
        (Some(g), Some(m)) if g.mesh() == m => Ok(Arc::clone(g)),
        (Some(_), _) => Err("the mesh was changed by DMSET2 after DGSET2; call DGSET2 again"),
        (None, _) => Err("no block-grouping data: call DGSET2 first"),
    }
}

fn record(mesh: Option<ReactionMesh>, grouping: Option<Option<Arc<BlockGrouping>>>) {
    let mut data = MESH_DATA.write().unwrap_or_else(PoisonError::into_inner);
    data.mesh = mesh;
    if let Some(g) = grouping {
        data.grouping = g;
    }
}

/// A read-only slice of `len` elements at `p`, or None if `p` is null while
/// elements are needed.
///
/// # Safety
/// If `p` is non-null it must be valid for reads of `len` elements for
/// `'a`, and not written through another pointer meanwhile.
unsafe fn opt_slice<'a, T>(p: *const T, len: usize) -> Option<&'a [T]> {
    if len == 0 {
        return Some(&[]);
    }
    if p.is_null() {
        return None;
    }
    // SAFETY: non-null and valid for `len` elements by the contract.
    Some(unsafe { std::slice::from_raw_parts(p, len) })
}

/// Print one error line in DASKR's message style (honours XSETF/XSETUN).
fn report(routine: &str, text: impl std::fmt::Display) {
    StdoutSink.emit(&[MessageLine::text(format!("{routine}--  {text}"))]);
}

/// The IWORK entries DMSET2 / DGSET2 write: IWORK(27) = LENWP,
/// IWORK(28) = LENIWP and, if LID > 0, IWORK(LID+1..LID+NEQ) = ID.
///
/// # Safety
/// `iwork` must be valid for `max(28, LID+NEQ)` elements when non-null.
unsafe fn write_iwork(routine: &str, iwork: *mut c_int, lid: c_int, mesh: &ReactionMesh, lenwp: usize, leniwp: usize) {
    let id_end = if lid > 0 { Some(lid as usize + mesh.neq()) } else { None };
    let len = id_end.map_or(28, |e| e.max(28));
    // SAFETY: IWORK is DASKR's integer work array of at least LID+NEQ (and
    // 28) elements by the calling convention of DMSET2 / DGSET2.
    let Some(iwork) = (unsafe { opt_slice_mut(iwork, len) }) else {
        return report(routine, "IWORK is a null pointer");
    };
    // Both fit: ReactionMesh keeps NS*NS*MX*MY within a default INTEGER.
    iwork[26] = lenwp as c_int;
    iwork[27] = leniwp as c_int;
    if let Some(end) = id_end {
        mesh.write_id(&mut iwork[lid as usize..end]);
    }
}

/// Read MX, MY, NS, NSD, LID (by reference).
///
/// # Safety
/// Each pointer null or valid for reading one INTEGER.
unsafe fn read_ints<const N: usize>(ptrs: [*const c_int; N]) -> Option<[c_int; N]> {
    let mut out = [0; N];
    for (o, p) in out.iter_mut().zip(ptrs) {
        // SAFETY: by the contract; null is checked by as_ref.
        *o = *unsafe { p.as_ref() }?;
    }
    Some(out)
}

/// DMSET2: record the 2-D mesh for DRBDJA / DRBDPS (block-diagonal
/// reaction-based preconditioner, one block per mesh point).
///
/// Arguments (by reference): MX, MY mesh dimensions; NS species per point;
/// NSD differential species (the first NSD of each point); LID offset of
/// DASKR's ID array in IWORK (0 if INFO(11) and INFO(16) do not need it);
/// IWORK (out): IWORK(27) = NS*NS*MX*MY (LENWP), IWORK(28) = NS*MX*MY
/// (LENIWP), and if LID > 0, IWORK(LID+i) = +1 for differential and -1
/// for algebraic components. Invalid arguments (MX, MY, NS < 1, NSD
/// outside 0..NS) print a message, leave IWORK alone and clear the mesh,
/// so that DRBDJA then fails with IER = -1.
///
/// # Safety
/// Scalars valid for reading; IWORK valid for max(28, LID+NS*MX*MY)
/// elements.
#[no_mangle]
pub unsafe extern "C" fn dmset2(
    mx: *const c_int,
    my: *const c_int,
    ns: *const c_int,
    nsd: *const c_int,
    lid: *const c_int,
    iwork: *mut c_int,
) {
    // SAFETY: scalar arguments by reference.
    let Some([mx, my, ns, nsd, lid]) = (unsafe { read_ints([mx, my, ns, nsd, lid]) }) else {
        record(None, None);
        return report("DMSET2", "MX, MY, NS, NSD or LID is a null pointer");
    };
    match ReactionMesh::from_fortran(mx, my, ns, nsd) {
        Ok(mesh) => {
            record(Some(mesh), None);
            let r = catch_unwind(AssertUnwindSafe(|| {
                // SAFETY: IWORK as documented on dmset2_.
                unsafe { write_iwork("DMSET2", iwork, lid, &mesh, mesh.wp_len(), mesh.iwp_len()) }
            }));
            if r.is_err() {
                report("DMSET2", "internal error while setting IWORK");
            }
        }
        Err(e) => {
            record(None, None);
            report("DMSET2", e);
        }
    }
}
export_aliases!(dmset2 => weak dmset2_, strong DMSET2);

/// DGSET2: record the 2-D mesh and a uniform NXG x NYG block-grouping for
/// DRBGJA / DRBGPS (reaction-based preconditioner with one block per
/// group of mesh points).
///
/// Arguments (by reference): MX, MY, NS, NSD, LID as for DMSET2; NXG, NYG
/// the numbers of groups in x and y (1 <= NXG <= MX, 1 <= NYG <= MY; no
/// upper limit of 50 as in DASKR); IWORK (out): IWORK(27) = NS*NS*NXG*NYG
/// (LENWP), IWORK(28) = NS*NXG*NYG (LENIWP), and the ID array if LID > 0.
/// Invalid arguments print a message, leave IWORK alone and clear the
/// recorded data, so that DRBGJA then fails with IER = -1.
///
/// # Safety
/// Scalars valid for reading; IWORK valid for max(28, LID+NS*MX*MY)
/// elements.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn dgset2(
    mx: *const c_int,
    my: *const c_int,
    ns: *const c_int,
    nsd: *const c_int,
    nxg: *const c_int,
    nyg: *const c_int,
    lid: *const c_int,
    iwork: *mut c_int,
) {
    // SAFETY: scalar arguments by reference.
    let Some([mx, my, ns, nsd, nxg, nyg, lid]) = (unsafe { read_ints([mx, my, ns, nsd, nxg, nyg, lid]) }) else {
        record(None, Some(None));
        return report("DGSET2", "MX, MY, NS, NSD, NXG, NYG or LID is a null pointer");
    };
    let built = catch_unwind(|| BlockGrouping::from_fortran(mx, my, ns, nsd, nxg, nyg));
    match built {
        Ok(Ok(grouping)) => {
            let mesh = *grouping.mesh();
            let (lenwp, leniwp) = (grouping.wp_len(), grouping.iwp_len());
            record(Some(mesh), Some(Some(Arc::new(grouping))));
            let r = catch_unwind(AssertUnwindSafe(|| {
                // SAFETY: IWORK as documented on dgset2_.
                unsafe { write_iwork("DGSET2", iwork, lid, &mesh, lenwp, leniwp) }
            }));
            if r.is_err() {
                report("DGSET2", "internal error while setting IWORK");
            }
        }
        Ok(Err(e)) => {
            record(None, Some(None));
            report("DGSET2", e);
        }
        Err(_) => {
            record(None, Some(None));
            report("DGSET2", "internal error while building the grouping");
        }
    }
}
export_aliases!(dgset2 => weak dgset2_, strong DGSET2);

/// GSET1: a uniform (or nearly uniform) partition of 1..M into NG groups.
/// On return JG(1..NG+1) holds the group boundaries (group ig is
/// JG(ig)..JG(ig+1)-1), JIG(1..M) the group of each index and JR(1..NG) a
/// representative index of each group near its centre. Requires
/// 1 <= NG <= M (otherwise a message is printed and nothing is set).
///
/// # Safety
/// M, NG valid for reading; JG, JIG, JR valid for NG+1, M, NG elements.
#[no_mangle]
pub unsafe extern "C" fn gset1(m: *const c_int, ng: *const c_int, jg: *mut c_int, jig: *mut c_int, jr: *mut c_int) {
    // SAFETY: scalar arguments by reference.
    let Some([m, ng]) = (unsafe { read_ints([m, ng]) }) else {
        return report("GSET1", "M or NG is a null pointer");
    };
    if m < 1 || ng < 1 || ng > m {
        return report("GSET1", format_args!("need 1 <= NG <= M (M = {m}, NG = {ng}); nothing set"));
    }
    let (m, ng) = (m as usize, ng as usize);
    // SAFETY: JG has NG+1, JIG M, JR NG elements by GSET1's convention;
    // three distinct arrays, null-checked.
    let slices = unsafe { (opt_slice_mut(jg, ng + 1), opt_slice_mut(jig, m), opt_slice_mut(jr, ng)) };
    let (Some(jg), Some(jig), Some(jr)) = slices else {
        return report("GSET1", "JG, JIG or JR is a null pointer");
    };
    let r = catch_unwind(AssertUnwindSafe(|| match Partition::uniform(m, ng) {
        Ok(p) => p.write_fortran(jg, jig, jr),
        Err(e) => report("GSET1", e),
    }));
    if r.is_err() {
        report("GSET1", "internal error");
    }
}
export_aliases!(gset1 => weak gset1_, strong GSET1);

/// Which reaction preconditioner a JA / PS call is for.
#[derive(Clone, Copy)]
enum Variant {
    /// DRBDJA / DRBDPS: one block per mesh point.
    PerPoint,
    /// DRBGJA / DRBGPS: one block per group.
    Grouped,
}

impl Variant {
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Variant::PerPoint => ("DRBDJA", "DRBDPS"),
            Variant::Grouped => ("DRBGJA", "DRBGPS"),
        }
    }
}

/// The recorded data a JA / PS call works with.
enum Recorded {
    PerPoint(ReactionMesh),
    Grouped(Arc<BlockGrouping>),
}

impl Recorded {
    fn fetch(variant: Variant) -> Result<Self, &'static str> {
        match variant {
            Variant::PerPoint => current_mesh().map(Recorded::PerPoint).ok_or("no mesh data: call DMSET2 first"),
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

/// The body of DRBDJA and DRBGJA under all their names.
///
/// # Safety
/// As documented on [`drbdja_`].
#[allow(clippy::too_many_arguments)]
unsafe fn reaction_ja_body(
    variant: Variant,
    t: *const f64,
    u: *mut f64,
    r0: *const f64,
    rblock: daskr_rblock_fn,
    r1: *mut f64,
    rewt: *const f64,
    cj: *const f64,
    bd: *mut f64,
    ipbd: *mut c_int,
    ier: *mut c_int,
) {
    let (name, _) = variant.names();
    // SAFETY: IER is the caller's scalar (or null).
    let Some(ier) = (unsafe { ier.as_mut() }) else {
        return;
    };
    *ier = 0;
    let recorded = match Recorded::fetch(variant) {
        Ok(r) => r,
        Err(why) => {
            *ier = IER_INVALID;
            return report(name, why);
        }
    };
    // SAFETY: scalar arguments by reference; null checked by as_ref.
    let (Some(&t), Some(&cj)) = (unsafe { t.as_ref() }, unsafe { cj.as_ref() }) else {
        *ier = IER_INVALID;
        return report(name, "T or CJ is a null pointer");
    };
    let Some(rblock) = rblock else {
        *ier = IER_INVALID;
        return report(name, "RBLOCK is a null pointer");
    };
    let mesh = *recorded.mesh();
    let (neq, ns) = (mesh.neq(), mesh.ns());
    // SAFETY: by drbdpre.f's / drbgpre.f's convention U, R0, REWT have NEQ
    // elements, R1 at least NS (documented as NEQ), BD and IPBD the lengths
    // DMSET2 / DGSET2 put in IWORK(27), IWORK(28); all distinct arrays,
    // each null-checked.
    let slices = unsafe {
        (
            opt_slice_mut(u, neq),
            opt_slice(r0, neq),
            opt_slice_mut(r1, ns),
            opt_slice(rewt, neq),
            opt_slice_mut(bd, recorded.wp_len()),
            opt_slice_mut(ipbd, recorded.iwp_len()),
        )
    };
    let (Some(u), Some(r0), Some(r1), Some(rewt), Some(wp), Some(iwp)) = slices else {
        *ier = IER_INVALID;
        return report(name, "U, R0, R1, REWT, BD or IPBD is a null pointer");
    };
    let rblock = |t: f64, jx: usize, jy: usize, uxy: &[f64], rxy: &mut [f64]| {
        let (jx, jy) = (jx as c_int + 1, jy as c_int + 1);
        // SAFETY: `rblock` is the caller's routine with the documented
        // argument list; UXY points at the NS values of the point inside
        // the caller's U, RXY at the caller's R1 (NS elements at least).
        unsafe { rblock(&t, &jx, &jy, uxy.as_ptr(), rxy.as_mut_ptr()) }
    };
    let args = ReactionSetupArgs { t, u, r0, r1, rewt, cj, wp, iwp };
    let outcome = catch_unwind(AssertUnwindSafe(|| match &recorded {
        Recorded::PerPoint(m) => reaction_block::setup(m, rblock, args),
        Recorded::Grouped(g) => reaction_group::setup(g, rblock, args),
    }));
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(e)) => *ier = e.ier(),
        Err(_) => {
            *ier = IER_INVALID;
            report(name, "internal error; the preconditioner was not formed");
        }
    }
}

/// The body of DRBDPS and DRBGPS under all their names.
///
/// # Safety
/// As documented on [`drbdps_`].
unsafe fn reaction_ps_body(variant: Variant, b: *mut f64, bd: *mut f64, ipbd: *mut c_int) {
    let (_, name) = variant.names();
    let recorded = match Recorded::fetch(variant) {
        Ok(r) => r,
        Err(why) => return report(name, format_args!("{why}; B left unchanged")),
    };
    // SAFETY: B has NEQ elements, BD and IPBD the lengths recorded by
    // DMSET2 / DGSET2 (filled by the matching JA routine); distinct arrays,
    // null-checked.
    let slices = unsafe {
        (
            opt_slice_mut(b, recorded.mesh().neq()),
            opt_slice(bd, recorded.wp_len()),
            opt_slice_mut(ipbd, recorded.iwp_len()),
        )
    };
    let (Some(b), Some(wp), Some(iwp)) = slices else {
        return report(name, "B, BD or IPBD is a null pointer; B left unchanged");
    };
    let outcome = catch_unwind(AssertUnwindSafe(|| match &recorded {
        Recorded::PerPoint(m) => reaction_block::solve(m, b, wp, iwp),
        Recorded::Grouped(g) => reaction_group::solve(g, b, wp, iwp),
    }));
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(e)) => report(name, format_args!("{e}; B left unchanged")),
        Err(_) => report(name, "internal error in the block solve"),
    }
}

/// DRBDJA: form and factor the block-diagonal reaction-based
/// preconditioner A_R = CJ*I_d - dR/du, one NS x NS block per mesh point
/// (call it from your Krylov JAC, after DMSET2).
///
/// Arguments (by reference): T; U (NEQ = NS*MX*MY, perturbed one entry at
/// a time and restored); R0 (NEQ) the reaction terms R at (T, U), e.g.
/// kept in RPAR by RES; RBLOCK the routine evaluating R at one mesh point;
/// R1 scratch (NS at least, documented as NEQ); REWT reciprocal error
/// weights (NEQ); CJ; BD = WP (out, LENWP); IPBD = IWP (out, LENIWP, 1-based
/// pivots); IER (out): 0 on success, k > 0 if pivot k of a block is zero
/// or not finite (the first such k of the first such block; the later
/// blocks are then not factored), -1 if DMSET2 was not called successfully
/// or an argument is null.
///
/// # Safety
/// Pointers valid for the lengths above, arrays distinct; RBLOCK must have
/// the documented argument list.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn drbdja(
    t: *const f64,
    u: *mut f64,
    r0: *const f64,
    rblock: daskr_rblock_fn,
    r1: *mut f64,
    rewt: *const f64,
    cj: *const f64,
    bd: *mut f64,
    ipbd: *mut c_int,
    ier: *mut c_int,
) {
    // SAFETY: forwarded under the same contract.
    unsafe { reaction_ja_body(Variant::PerPoint, t, u, r0, rblock, r1, rewt, cj, bd, ipbd, ier) }
}
export_aliases!(drbdja => weak drbdja_, strong DRBDJA);

/// DRBDPS: solve A_R x = b with the blocks factored by DRBDJA (call it
/// from your PSOL). B (NEQ) holds b on entry and x on return; BD = WP and
/// IPBD = IWP as left by DRBDJA. There is no error flag: if DMSET2 was not
/// called or BD/IPBD are not factored, a message is printed and B is left
/// unchanged.
///
/// # Safety
/// B valid for NEQ elements, BD and IPBD for LENWP and LENIWP.
#[no_mangle]
pub unsafe extern "C" fn drbdps(b: *mut f64, bd: *mut f64, ipbd: *mut c_int) {
    // SAFETY: forwarded under the same contract.
    unsafe { reaction_ps_body(Variant::PerPoint, b, bd, ipbd) }
}
export_aliases!(drbdps => weak drbdps_, strong DRBDPS);

/// DRBGJA: form and factor the block-grouped reaction-based preconditioner
/// (one NS x NS block of CJ*I_d - dR/du per group, evaluated at the group's
/// representative mesh point; call it from your Krylov JAC, after DGSET2).
///
/// Arguments as for DRBDJA; BD and IPBD have the lengths DGSET2 put in
/// IWORK(27), IWORK(28). IER (out): 0 on success, k > 0 if pivot k of a
/// block is zero, -1 if DGSET2 was not called successfully (or the mesh was
/// changed by DMSET2 since) or an argument is null.
///
/// # Safety
/// As for `drbdja_`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn drbgja(
    t: *const f64,
    u: *mut f64,
    r0: *const f64,
    rblock: daskr_rblock_fn,
    r1: *mut f64,
    rewt: *const f64,
    cj: *const f64,
    bd: *mut f64,
    ipbd: *mut c_int,
    ier: *mut c_int,
) {
    // SAFETY: forwarded under the same contract.
    unsafe { reaction_ja_body(Variant::Grouped, t, u, r0, rblock, r1, rewt, cj, bd, ipbd, ier) }
}
export_aliases!(drbgja => weak drbgja_, strong DRBGJA);

/// DRBGPS: solve A_R x = b with the group blocks factored by DRBGJA (call
/// it from your PSOL): the unknowns of each mesh point are solved with the
/// block of the point's group. B (NEQ) holds b on entry and x on return.
/// No error flag: if DGSET2 was not called or BD/IPBD are not factored, a
/// message is printed and B is left unchanged.
///
/// # Safety
/// As for `drbdps_`, with DGSET2's lengths.
#[no_mangle]
pub unsafe extern "C" fn drbgps(b: *mut f64, bd: *mut f64, ipbd: *mut c_int) {
    // SAFETY: forwarded under the same contract.
    unsafe { reaction_ps_body(Variant::Grouped, b, bd, ipbd) }
}
export_aliases!(drbgps => weak drbgps_, strong DRBGPS);

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The recorded mesh is process-wide: tests that set it run one at a
    /// time.
    static SERIAL: Mutex<()> = Mutex::new(());

    /// R at one point of a 2-species system: r1 = -u1*u2 + jx, r2 = u1 - 3 u2 + jy.
    unsafe extern "C" fn rblock_test(
        _t: *const f64,
        jx: *const c_int,
        jy: *const c_int,
        uxy: *const f64,
        rxy: *mut f64,
    ) {
        // SAFETY: the caller passes valid scalars and NS = 2 element arrays.
        unsafe {
            let (u1, u2) = (*uxy, *uxy.add(1));
            *rxy = -u1 * u2 + *jx as f64;
            *rxy.add(1) = u1 - 3.0 * u2 + *jy as f64;
        }
    }

    #[test]
    fn dmset2_drbdja_drbdps_and_iwork() {
        let _guard = SERIAL.lock().unwrap_or_else(PoisonError::into_inner);
        let (mx, my, ns, nsd, lid) = (2, 3, 2, 1, 40);
        let mut iwork = vec![0; 40 + 12];
        // SAFETY: scalars by reference, IWORK of LID+NEQ elements.
        unsafe { dmset2(&mx, &my, &ns, &nsd, &lid, iwork.as_mut_ptr()) };
        assert_eq!((iwork[26], iwork[27]), (24, 12));
        assert_eq!(&iwork[40..44], &[1, -1, 1, -1]);

        let neq = 12;
        let mut u: Vec<f64> = (0..neq).map(|i| 1.0 + 0.1 * i as f64).collect();
        let mut r0 = vec![0.0; neq];
        for p in 0..6 {
            let (jx, jy) = ((p % 2 + 1) as c_int, (p / 2 + 1) as c_int);
            // SAFETY: two-element slices of live vectors.
            unsafe { rblock_test(&0.0, &jx, &jy, u[2 * p..].as_ptr(), r0[2 * p..].as_mut_ptr()) };
        }
        let rewt = vec![1.0e6; neq];
        let mut r1 = vec![0.0; neq];
        let mut wp = vec![0.0; 24];
        let mut iwp = vec![0; 12];
        let (t, cj) = (0.0, 5.0);
        let mut ier = 9;
        let u0 = u.clone();
        // SAFETY: lengths as recorded by DMSET2.
        unsafe {
            drbdja(
                &t,
                u.as_mut_ptr(),
                r0.as_ptr(),
                Some(rblock_test),
                r1.as_mut_ptr(),
                rewt.as_ptr(),
                &cj,
                wp.as_mut_ptr(),
                iwp.as_mut_ptr(),
                &mut ier,
            )
        };
        assert_eq!(ier, 0);
        assert_eq!(u, u0);
        let b: Vec<f64> = (0..neq).map(|i| i as f64 - 4.0).collect();
        let mut x = b.clone();
        // SAFETY: as above.
        unsafe { drbdps(x.as_mut_ptr(), wp.as_mut_ptr(), iwp.as_mut_ptr()) };
        // Block at point p: [[cj + u2, u1], [-1, 3]] x_p = b_p.
        for p in 0..6 {
            let (u1, u2) = (u0[2 * p], u0[2 * p + 1]);
            let r1 = (cj + u2) * x[2 * p] + u1 * x[2 * p + 1];
            let r2 = -x[2 * p] + 3.0 * x[2 * p + 1];
            assert!((r1 - b[2 * p]).abs() < 1e-6 && (r2 - b[2 * p + 1]).abs() < 1e-6, "point {p}");
        }

        // A bad mesh clears the data: DRBDJA then reports IER = -1.
        let bad = 0;
        // SAFETY: as above.
        unsafe { dmset2(&mx, &bad, &ns, &nsd, &lid, iwork.as_mut_ptr()) };
        // SAFETY: as above.
        unsafe {
            drbdja(
                &t,
                u.as_mut_ptr(),
                r0.as_ptr(),
                Some(rblock_test),
                r1.as_mut_ptr(),
                rewt.as_ptr(),
                &cj,
                wp.as_mut_ptr(),
                iwp.as_mut_ptr(),
                &mut ier,
            )
        };
        assert_eq!(ier, -1);
    }

    #[test]
    fn dgset2_gset1_drbgja_drbgps() {
        let _guard = SERIAL.lock().unwrap_or_else(PoisonError::into_inner);
        let (m, ng) = (20, 5);
        let (mut jg, mut jig, mut jr) = ([0; 6], [0; 20], [0; 5]);
        // SAFETY: arrays of NG+1, M, NG elements.
        unsafe { gset1(&m, &ng, jg.as_mut_ptr(), jig.as_mut_ptr(), jr.as_mut_ptr()) };
        assert_eq!(jg, [1, 5, 9, 13, 17, 21]);
        assert_eq!(jr, [2, 6, 10, 14, 18]);
        assert_eq!(&jig[..5], &[1, 1, 1, 1, 2]);

        let (mx, my, ns, nsd, nxg, nyg, lid) = (4, 2, 2, 2, 2, 1, 0);
        let mut iwork = vec![0; 28];
        // SAFETY: scalars by reference, IWORK of 28 elements (LID = 0).
        unsafe { dgset2(&mx, &my, &ns, &nsd, &nxg, &nyg, &lid, iwork.as_mut_ptr()) };
        assert_eq!((iwork[26], iwork[27]), (8, 4));
        let neq = 16;
        let mut u: Vec<f64> = (0..neq).map(|i| 0.5 + 0.05 * i as f64).collect();
        let u0 = u.clone();
        let mut r0 = vec![0.0; neq];
        for p in 0..8 {
            let (jx, jy) = ((p % 4 + 1) as c_int, (p / 4 + 1) as c_int);
            // SAFETY: two-element slices of live vectors.
            unsafe { rblock_test(&0.0, &jx, &jy, u[2 * p..].as_ptr(), r0[2 * p..].as_mut_ptr()) };
        }
        let rewt = vec![1.0e6; neq];
        let mut r1 = vec![0.0; 2];
        let mut wp = vec![0.0; 8];
        let mut iwp = vec![0; 4];
        let (t, cj, mut ier) = (0.0, 2.0, 0);
        // SAFETY: lengths as recorded by DGSET2.
        unsafe {
            drbgja(
                &t,
                u.as_mut_ptr(),
                r0.as_ptr(),
                Some(rblock_test),
                r1.as_mut_ptr(),
                rewt.as_ptr(),
                &cj,
                wp.as_mut_ptr(),
                iwp.as_mut_ptr(),
                &mut ier,
            )
        };
        assert_eq!(ier, 0);
        let mut x = vec![1.0; neq];
        // SAFETY: as above.
        unsafe { drbgps(x.as_mut_ptr(), wp.as_mut_ptr(), iwp.as_mut_ptr()) };
        // Groups in x: {1,2} represented by 1, {3,4} by 3 (1-based); one
        // group in y represented by row 1.
        for jy in 0..2 {
            for jx in 0..4 {
                let rx = if jx < 2 { 0 } else { 2 };
                let o = 2 * rx;
                let (u1, u2) = (u0[o], u0[o + 1]);
                let p = 2 * (jy * 4 + jx);
                let r1 = (cj + u2) * x[p] + u1 * x[p + 1];
                let r2 = -x[p] + (cj + 3.0) * x[p + 1];
                assert!((r1 - 1.0).abs() < 1e-6 && (r2 - 1.0).abs() < 1e-6, "point ({jx}, {jy})");
            }
        }

        // Changing the mesh with DMSET2 invalidates the grouping.
        // SAFETY: as above.
        unsafe { dmset2(&my, &mx, &ns, &nsd, &lid, iwork.as_mut_ptr()) };
        // SAFETY: as above.
        unsafe {
            drbgja(
                &t,
                u.as_mut_ptr(),
                r0.as_ptr(),
                Some(rblock_test),
                r1.as_mut_ptr(),
                rewt.as_ptr(),
                &cj,
                wp.as_mut_ptr(),
                iwp.as_mut_ptr(),
                &mut ier,
            )
        };
        assert_eq!(ier, -1);
    }
}
