//! The exported routines of DASKR's reaction-based preconditioner modules:
//! `drbdpre.f` (DMSET2, DRBDJA, DRBDPS: one block per mesh point) and
//! `drbgpre.f` (DGSET2, GSET1, DRBGJA, DRBGPS: one block per group of mesh
//! points), their single-precision twins of `srbdpre.f` and `srbgpre.f`
//! (SMSET2, SRBDJA, SRBDPS, SGSET2, SRBGJA, SRBGPS: REAL arguments, for
//! SDASKR), each under the names `name_`, `name` and `NAME`. The routines
//! here are one-line wrappers around `generic/reaction.rs`, compiled once
//! per precision; the work is done by the instance's
//! `precond::reaction_block` and `precond::reaction_group`.
//!
//! # The mesh data set by DMSET2 / DGSET2 (SMSET2 / SGSET2)
//!
//! DRBDJA(T, U, R0, RBLOCK, R1, REWT, CJ, BD, IPBD, IER) and
//! DRBDPS(B, BD, IPBD) carry no sizes: as in DASKR, DMSET2 / DGSET2 record
//! the mesh (and grouping) once, process-wide, and the later calls read it.
//! DASKR kept it in the COMMON blocks /DRPRE1/ and /RPRE2/; here it lives
//! behind a lock in the generic body (the COMMON blocks themselves are not
//! exported, and the grouping has no MAXM = 50 size limit). As with the
//! COMMON blocks, the last DMSET2 / DGSET2 call wins for every thread: two
//! simultaneous integrations using these routines with different meshes
//! are not supported, exactly as in DASKR. DMSET2 replaces the mesh only;
//! DGSET2 replaces mesh and grouping; DRBGJA / DRBGPS refuse to run when
//! the mesh was changed by DMSET2 after the last DGSET2.
//!
//! The single-precision routines have a record of their own (the
//! original's /SRPRE1/): SMSET2 / SGSET2 never change what DRBDJA or DRBGJA
//! use, and the reverse. (In the original, the grouping block /RPRE2/ was
//! shared by SGSET2 and DGSET2; keeping the two apart only removes that
//! interference.)
//!
//! # GSET1
//!
//! GSET1 partitions integers, with no real argument; the original's
//! `drbgpre.f` and `srbgpre.f` define it under the same name with the same
//! code (so a program could link only one of them). There is one GSET1
//! here, serving both precisions.

use daskr_export::export_aliases;
use std::os::raw::c_int;

use super::boundary;
use super::callbacks::daskr_rblock_fn;
use super::double;
use super::messages::StdoutSink;
use super::slices::{opt_slices_mut, read_scalars};
use crate::core::messages::{MessageLine, MessageSink};
use crate::precond::reaction_group::Partition;

/// Print one error line in DASKR's message style (honours XSETF/XSETUN).
fn report(routine: &str, text: impl std::fmt::Display) {
    StdoutSink.emit(&[MessageLine::text(format!("{routine}--  {text}"))]);
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
    // SAFETY: the contract above, forwarded.
    unsafe { double::reaction::mset2([mx, my, ns, nsd, lid], iwork) }
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
    // SAFETY: the contract above, forwarded.
    unsafe { double::reaction::gset2([mx, my, ns, nsd, nxg, nyg, lid], iwork) }
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
    boundary(
        || {
            // SAFETY: M and NG are the caller's INTEGERs, or null.
            let Some([m, ng]) = (unsafe { read_scalars([m, ng]) }) else {
                return report("GSET1", "M or NG is a null pointer");
            };
            if m < 1 || ng < 1 || ng > m {
                return report("GSET1", format_args!("need 1 <= NG <= M (M = {m}, NG = {ng}); nothing set"));
            }
            let (m, ng) = (m as usize, ng as usize);
            // SAFETY: JG, JIG and JR have NG+1, M and NG elements by GSET1's
            // convention; three distinct arrays, each checked for null by the
            // helper.
            let Some([jg, jig, jr]) = (unsafe { opt_slices_mut([(jg, ng + 1), (jig, m), (jr, ng)]) }) else {
                return report("GSET1", "JG, JIG or JR is a null pointer");
            };
            match Partition::uniform(m, ng) {
                Ok(p) => p.write_fortran(jg, jig, jr),
                Err(e) => report("GSET1", e),
            }
        },
        || report("GSET1", "internal error"),
    )
}
export_aliases!(gset1 => weak gset1_, strong GSET1);

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
    // SAFETY: the contract above, forwarded.
    unsafe {
        double::reaction::rbja(double::reaction::Variant::PerPoint, t, u, r0, rblock, r1, rewt, cj, bd, ipbd, ier)
    }
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
    // SAFETY: the contract above, forwarded.
    unsafe { double::reaction::rbps(double::reaction::Variant::PerPoint, b, bd, ipbd) }
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
    // SAFETY: the contract above, forwarded.
    unsafe { double::reaction::rbja(double::reaction::Variant::Grouped, t, u, r0, rblock, r1, rewt, cj, bd, ipbd, ier) }
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
    // SAFETY: the contract above, forwarded.
    unsafe { double::reaction::rbps(double::reaction::Variant::Grouped, b, bd, ipbd) }
}
export_aliases!(drbgps => weak drbgps_, strong DRBGPS);

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Mutex, PoisonError};

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
        // SAFETY: the caller passes NS = 2 element arrays.
        let u = unsafe { std::slice::from_raw_parts(uxy, 2) };
        // SAFETY: as for UXY; RXY is a distinct array.
        let r = unsafe { std::slice::from_raw_parts_mut(rxy, 2) };
        // SAFETY: the caller passes valid scalars.
        let jx = unsafe { *jx };
        // SAFETY: as for JX.
        let jy = unsafe { *jy };
        let (u1, u2) = (u[0], u[1]);
        r[0] = -u1 * u2 + jx as f64;
        r[1] = u1 - 3.0 * u2 + jy as f64;
    }

    /// DRBDJA or DRBGJA.
    type JaFn = unsafe extern "C" fn(
        *const f64,
        *mut f64,
        *const f64,
        daskr_rblock_fn,
        *mut f64,
        *const f64,
        *const f64,
        *mut f64,
        *mut c_int,
        *mut c_int,
    );

    /// The arrays of a JA call at T = 0 on a 2-species mesh MX wide: U, R0
    /// = R(0, U) (from `rblock_test`), REWT, R1 and the BD / IPBD blocks.
    struct JaArrays {
        u: Vec<f64>,
        r0: Vec<f64>,
        rewt: Vec<f64>,
        r1: Vec<f64>,
        wp: Vec<f64>,
        iwp: Vec<c_int>,
    }

    impl JaArrays {
        fn new(u: Vec<f64>, mx: usize, r1_len: usize, (wp_len, iwp_len): (usize, usize)) -> Self {
            let neq = u.len();
            let mut r0 = vec![0.0; neq];
            for p in 0..neq / 2 {
                let (jx, jy) = ((p % mx + 1) as c_int, (p / mx + 1) as c_int);
                // SAFETY: two-element slices of live vectors.
                unsafe { rblock_test(&0.0, &jx, &jy, u[2 * p..].as_ptr(), r0[2 * p..].as_mut_ptr()) };
            }
            let (rewt, r1) = (vec![1.0e6; neq], vec![0.0; r1_len]);
            JaArrays { u, r0, rewt, r1, wp: vec![0.0; wp_len], iwp: vec![0; iwp_len] }
        }

        /// Call `ja` with these arrays and CJ; its IER (which starts as 9).
        fn ja(&mut self, ja: JaFn, cj: f64) -> c_int {
            let mut ier = 9;
            // SAFETY: lengths as recorded by DMSET2 / DGSET2 (the caller's
            // business), valid scalars.
            unsafe {
                ja(
                    &0.0,
                    self.u.as_mut_ptr(),
                    self.r0.as_ptr(),
                    Some(rblock_test),
                    self.r1.as_mut_ptr(),
                    self.rewt.as_ptr(),
                    &cj,
                    self.wp.as_mut_ptr(),
                    self.iwp.as_mut_ptr(),
                    &mut ier,
                )
            };
            ier
        }

        /// Call `ps` (DRBDPS or DRBGPS) on `x` with the blocks.
        fn ps(&mut self, ps: unsafe extern "C" fn(*mut f64, *mut f64, *mut c_int), x: &mut [f64]) {
            // SAFETY: as for `ja`; X has NEQ elements.
            unsafe { ps(x.as_mut_ptr(), self.wp.as_mut_ptr(), self.iwp.as_mut_ptr()) };
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
        let mut a = JaArrays::new((0..neq).map(|i| 1.0 + 0.1 * i as f64).collect(), 2, neq, (24, 12));
        let cj = 5.0;
        let u0 = a.u.clone();
        assert_eq!(a.ja(drbdja, cj), 0);
        assert_eq!(a.u, u0);
        let b: Vec<f64> = (0..neq).map(|i| i as f64 - 4.0).collect();
        let mut x = b.clone();
        a.ps(drbdps, &mut x);
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
        assert_eq!(a.ja(drbdja, cj), -1);
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
        let mut a = JaArrays::new((0..neq).map(|i| 0.5 + 0.05 * i as f64).collect(), 4, 2, (8, 4));
        let (u0, cj) = (a.u.clone(), 2.0);
        assert_eq!(a.ja(drbgja, cj), 0);
        let mut x = vec![1.0; neq];
        a.ps(drbgps, &mut x);
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
        assert_eq!(a.ja(drbgja, cj), -1);
    }
}
