//! The one place that knows where things live in DASKR's RWORK and IWORK.
//!
//! Every fixed slot is a named constant holding DASKR's documented 1-based
//! position (so the numbers can be checked against the DASKR prologue);
//! [`Layout`] computes the variable segments once from NEQ, NRT and the
//! options, with overflow-checked arithmetic. Nothing else in the crate
//! indexes the work arrays with bare numbers.
//!
//! Slots 38..40 of IWORK are unused by DASKR; this library keeps there the
//! layout facts that DASKR kept in SAVE variables (LID, LENID, NONNEG), so
//! that all state lives in the caller's arrays.

use super::counters::Counters;
use super::linsol::direct::{JacobianSource, MatrixFormat};
use super::linsol::krylov::KrylovDims;
use super::linsol::LengthOverflow;
use crate::types::{FInt, Real};

/// 1-based IWORK positions (DASKR's `L*` parameters in `DDASKR`).
pub mod iw {
    /// Lower half-bandwidth ML (input, banded direct method).
    pub const ML: usize = 1;
    /// Upper half-bandwidth MU (input, banded direct method).
    pub const MU: usize = 2;
    /// Maximum order MAXORD (input with INFO(9)=1).
    pub const MAXORD: usize = 3;
    /// Matrix type: 1 dense user, 2 dense DQ, 4 band user, 5 band DQ.
    pub const MTYPE: usize = 4;
    /// Jacobian status: -1 must be recomputed, 0 current, 1 out of date.
    pub const JCALC: usize = 5;
    /// Step phase: 0 while the step is still being doubled, 1 after.
    pub const PHASE: usize = 6;
    /// K, the order to be attempted on the next step.
    pub const K: usize = 7;
    /// KOLD, the order used on the last step.
    pub const KOLD: usize = 8;
    /// NS, the number of steps taken with the current step size and order.
    pub const NS: usize = 9;
    /// NST at the start of the current call (for the 500-step budget).
    pub const NSTL: usize = 10;
    /// NST, steps taken.
    pub const NST: usize = 11;
    /// NRE, residual evaluations.
    pub const NRE: usize = 12;
    /// NJE, Jacobian (or preconditioner) evaluations.
    pub const NJE: usize = 13;
    /// NETF, error test failures.
    pub const NETF: usize = 14;
    /// NCFN, nonlinear convergence failures.
    pub const NCFN: usize = 15;
    /// NCFL, linear (Krylov) convergence failures.
    pub const NCFL: usize = 16;
    /// LENIW, IWORK length actually required.
    pub const LENIW: usize = 17;
    /// LENRW, RWORK length actually required.
    pub const LENRW: usize = 18;
    /// NNI, nonlinear iterations.
    pub const NNI: usize = 19;
    /// NLI, linear (Krylov) iterations.
    pub const NLI: usize = 20;
    /// NPS, preconditioner solves.
    pub const NPS: usize = 21;
    /// LENPD, length of the matrix segment WM.
    pub const NPD: usize = 22;
    /// MITER, the nonlinear-solver type (INFO(12)).
    pub const MITER: usize = 23;
    /// MAXL, Krylov subspace dimension.
    pub const MAXL: usize = 24;
    /// KMP, vectors used in the orthogonalisation.
    pub const KMP: usize = 25;
    /// NRMAX, maximum number of GMRES restarts.
    pub const NRMAX: usize = 26;
    /// LENWP, length of the user real work segment WP.
    pub const LENWP: usize = 27;
    /// LENIWP, length of the user integer work segment IWP.
    pub const LENIWP: usize = 28;
    /// Start of WP within WM (1-based, relative to WM).
    pub const LOCWP: usize = 29;
    /// Start of the pivot / IWP segment in IWORK (1-based, absolute).
    pub const LCIWP: usize = 30;
    /// Copy of INFO(18), the initial-condition print level.
    pub const KPRIN: usize = 31;
    /// MXNIT, Newton iterations per Jacobian in the IC calculation.
    pub const MXNIT: usize = 32;
    /// MXNJ, Jacobian evaluations in the IC calculation.
    pub const MXNJ: usize = 33;
    /// MXNH, values of the artificial step size in IC option 1.
    pub const MXNH: usize = 34;
    /// LSOFF, 1 turns the IC line search off.
    pub const LSOFF: usize = 35;
    /// NRTE, root-function evaluations.
    pub const NRTE: usize = 36;
    /// IRFND, 1 when the last step ended at a root.
    pub const IRFND: usize = 37;
    /// This library: LID, start of the ID array (DASKR kept it in SAVE).
    pub const LID: usize = 38;
    /// This library: LENID, length of the ID array (DASKR kept it in SAVE).
    pub const LENID: usize = 39;
    /// This library: NONNEG flag (DASKR kept it in SAVE).
    pub const NONNEG: usize = 40;
    /// Start of the constraint array ICNSTR (IWORK(40+i)).
    pub const ICNS: usize = 41;
    /// Length of the fixed header.
    pub const HEADER: usize = 40;

    /// The sparse direct method (INFO(6) = 2, this library's extension).
    /// Its input NEJAC is IWORK(1) (ML's slot); its state lives in the
    /// Krylov slots 24..28, which a direct method never uses.
    pub mod sparse {
        /// Input: NEJAC, the number of entries of the pattern.
        pub const NEJAC: usize = 1;
        /// IWORK(24..25): the stamp of the factorisation in the cache.
        pub const STAMP: usize = 24;
        /// IWORK(26..27): the key of the pattern the run started with.
        pub const KEY: usize = 26;
        /// IWORK(28): NEJAC when the run started.
        pub const RUN_NEJAC: usize = 28;
    }
}

/// 1-based RWORK positions (DASKR's `L*` parameters in `DDASKR`).
pub mod rw {
    /// TSTOP (input with INFO(4)=1).
    pub const TSTOP: usize = 1;
    /// HMAX (input with INFO(7)=1).
    pub const HMAX: usize = 2;
    /// H: H0 on input (INFO(8)=1), the next step size on output.
    pub const H: usize = 3;
    /// TN, the farthest point reached.
    pub const TN: usize = 4;
    /// CJ, the current leading coefficient.
    pub const CJ: usize = 5;
    /// CJOLD, CJ at the last Jacobian evaluation.
    pub const CJOLD: usize = 6;
    /// HOLD, the last successful step size.
    pub const HOLD: usize = 7;
    /// S, Newton convergence-rate factor RATE/(1-RATE).
    pub const S: usize = 8;
    /// UROUND, the unit roundoff.
    pub const ROUND: usize = 9;
    /// EPLI, Krylov convergence constant.
    pub const EPLI: usize = 10;
    /// sqrt(NEQ).
    pub const SQRTN: usize = 11;
    /// 1/sqrt(NEQ).
    pub const RSQRTN: usize = 12;
    /// EPCON, Newton convergence constant.
    pub const EPCON: usize = 13;
    /// STPTOL, minimum line-search step in the IC calculation.
    pub const STPTOL: usize = 14;
    /// EPINIT, swing factor of the IC Newton convergence test.
    pub const EPINIT: usize = 15;
    /// This library: NEQ when the integration started (RWORK(16..19) are
    /// unused by DASKR; these four record the run so that a continuation
    /// call can tell a changed input or an overwritten array).
    pub const RUN_NEQ: usize = 16;
    /// This library: NRT when the integration started.
    pub const RUN_NRT: usize = 17;
    /// This library: MAXORD when the integration started.
    pub const RUN_MAXORD: usize = 18;
    /// This library: the structural INFO entries when the integration
    /// started (see `RunSignature`).
    pub const RUN_FLAGS: usize = 19;
    /// ALPHA(1..6).
    pub const ALPHA: usize = 21;
    /// BETA(1..6).
    pub const BETA: usize = 27;
    /// GAMMA(1..6).
    pub const GAMMA: usize = 33;
    /// PSI(1..6).
    pub const PSI: usize = 39;
    /// SIGMA(1..6).
    pub const SIGMA: usize = 45;
    /// T0, the left end of the current root-search interval.
    pub const T0: usize = 51;
    /// TLAST, the last T returned.
    pub const TLAST: usize = 52;
    /// Length of the fixed header; DELTA starts at RWORK(61).
    pub const HEADER: usize = 60;
    /// Number of BDF coefficients per array (MAXORD+1 at most).
    pub const NCOEF: usize = 6;
    /// ALPHA, BETA, GAMMA, PSI and SIGMA lie one after the other in
    /// RWORK(21..50): the block [`super::Coefficients`].
    pub const COEF_LEN: usize = 5 * NCOEF;
    const _: () = assert!(BETA == ALPHA + NCOEF && GAMMA == BETA + NCOEF && PSI == GAMMA + NCOEF);
    const _: () = assert!(SIGMA == PSI + NCOEF && T0 == SIGMA + NCOEF);
}

/// The BDF coefficients ALPHA, BETA, GAMMA, PSI, SIGMA, RWORK(21..50):
/// split off the rest of the header, so that a step works on them where
/// they are stored instead of on a copy read and written back every call.
pub type Coefficients = [Real; rw::COEF_LEN];

/// One of the coefficient arrays of `block`, by its RWORK position
/// (`rw::ALPHA`, ..., `rw::SIGMA`).
#[inline]
pub fn coefficient(block: &Coefficients, pos: usize) -> &[Real; rw::NCOEF] {
    let k = pos - rw::ALPHA;
    block[k..k + rw::NCOEF].try_into().expect("a coefficient array is NCOEF long")
}

/// The linear-algebra method and what its work segments depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// INFO(12) = 0: a dense or banded matrix in WM, NEQ pivots in IWORK.
    Direct { format: MatrixFormat, source: JacobianSource },
    /// INFO(12) = 1: the GMRES workspace and WP in WM, IWP in IWORK.
    Krylov { dims: KrylovDims, leniwp: usize },
    /// INFO(6) = 2 (extension): the NEJAC matrix values in WM, the pattern
    /// JROW(1..NEJAC), JCOL(1..NEJAC) in IWORK where the pivots would be.
    Sparse { nejac: usize, source: JacobianSource },
}

/// Where each segment of RWORK and IWORK sits (0-based offsets) and how long
/// the arrays must be; computed from NEQ, NRT and the options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub neq: usize,
    pub nrt: usize,
    /// The order limit (MAXORD).
    pub maxord: usize,
    /// Columns of PHI: max(MAXORD+1, 4) for direct methods.
    pub ncphi: usize,
    pub delta: usize,
    pub savr: usize,
    pub e: usize,
    pub wt: usize,
    /// Equal to `wt` unless INFO(16)=1 (separate weights for the error test).
    pub vt: usize,
    pub phi: usize,
    pub r0: usize,
    pub r1: usize,
    pub rx: usize,
    /// Start of WM, the matrix (or Krylov) segment.
    pub wm: usize,
    /// LENPD: length of the matrix part of WM.
    pub lenpd: usize,
    /// Total RWORK length required (LENRW).
    pub lenrw: usize,
    /// Total IWORK length required (LENIW).
    pub leniw: usize,
    /// Start of ICNSTR in IWORK (0-based), if present.
    pub icns: Option<usize>,
    /// Start of ID in IWORK (0-based), if present.
    pub id: Option<usize>,
    /// Start of the pivot / IWP segment in IWORK (0-based).
    pub ipvt: usize,
    pub method: Method,
}

/// The options that decide the layout (a subset of the decoded INFO).
#[derive(Clone, Copy, Debug)]
pub struct LayoutInput {
    pub neq: FInt,
    pub nrt: FInt,
    pub maxord: usize,
    pub method: Method,
    /// INFO(10) is 1 or 3: ICNSTR present.
    pub constraints_in_iwork: bool,
    /// INFO(11)=1 or INFO(16)=1: ID array present.
    pub id_in_iwork: bool,
    /// INFO(16)=1: separate error-test weights VT.
    pub separate_vt: bool,
}

/// Checked `a*b + c` style helper on usize.
fn mul(a: usize, b: usize) -> Result<usize, LengthOverflow> {
    a.checked_mul(b).ok_or(LengthOverflow)
}
fn add(a: usize, b: usize) -> Result<usize, LengthOverflow> {
    a.checked_add(b).ok_or(LengthOverflow)
}

impl Layout {
    /// DASKR's LENRW / LENIW formulas and segment pointers (DDASKR, the
    /// block after label 30, and the pointer block after label 210).
    ///
    /// Direct: LENRW = 60 + 3*NRT + (NCPHI+3)*NEQ + LENPD [+ 2*MSAVE for a
    /// banded DQ Jacobian] [+ NEQ with INFO(16)], LENIW = 40 + LENIC +
    /// LENID + NEQ. Krylov: LENRW = 60 + 3*NRT + (MAXORD+5)*NEQ + LENPD,
    /// LENIW = 40 + LENIC + LENID + LENIWP. LENPD (and the band save area)
    /// are the method's own formulas ([`MatrixFormat::matrix_len`],
    /// [`KrylovDims::wm_len`]).
    ///
    /// The sums are formed in `usize` with overflow checks and must also fit
    /// the caller's default integer, since they are reported in IWORK(17..18).
    // Always inlined: built in the caller's frame, the ~190-byte layout
    // is not copied out of a return slot on every DDASKR call.
    #[inline(always)]
    pub fn compute(inp: &LayoutInput) -> Result<Layout, LengthOverflow> {
        let neq = usize::try_from(inp.neq).map_err(|_| LengthOverflow)?;
        let nrt = usize::try_from(inp.nrt).map_err(|_| LengthOverflow)?;
        let lenic = if inp.constraints_in_iwork { neq } else { 0 };
        let lenid = if inp.id_in_iwork { neq } else { 0 };
        let (ncphi, lenpd, extra_rw, int_work, krylov) = match inp.method {
            Method::Direct { format, source } => {
                let pd = format.matrix_len(neq)?;
                ((inp.maxord + 1).max(4), pd, format.save_len(source, neq)?, neq, false)
            }
            Method::Krylov { dims, leniwp } => (inp.maxord + 1, dims.wm_len()?, 0, leniwp, true),
            Method::Sparse { nejac, .. } => ((inp.maxord + 1).max(4), nejac, 0, mul(2, nejac)?, false),
        };
        let leniw = add(add(add(iw::HEADER, lenic)?, lenid)?, int_work)?;
        // Vectors before PHI: DELTA, [SAVR], E, WT, [VT].
        let nvec_before = if krylov { 4 } else { 3 } + usize::from(inp.separate_vt);
        let delta = rw::HEADER;
        let savr = if krylov { delta + neq } else { delta };
        let e = if krylov { savr + neq } else { delta + neq };
        let wt = e + neq;
        let vt = if inp.separate_vt { wt + neq } else { wt };
        let phi = vt + neq;
        let r0 = add(phi, mul(ncphi, neq)?)?;
        let r1 = r0 + nrt;
        let rx = r1 + nrt;
        let wm = add(rx, nrt)?;
        let lenrw = add(add(add(add(rw::HEADER, mul(3, nrt)?)?, mul(ncphi + nvec_before, neq)?)?, lenpd)?, extra_rw)?;
        debug_assert_eq!(lenrw, wm + lenpd + extra_rw);
        let fits = |v: usize| FInt::try_from(v).is_ok();
        if !fits(lenrw) || !fits(leniw) {
            return Err(LengthOverflow);
        }
        let icns = (lenic > 0).then_some(iw::HEADER);
        let id_start = iw::HEADER + lenic;
        let id = (lenid > 0).then_some(id_start);
        let ipvt = id_start + lenid;
        Ok(Layout {
            neq,
            nrt,
            maxord: inp.maxord,
            ncphi,
            delta,
            savr,
            e,
            wt,
            vt,
            phi,
            r0,
            r1,
            rx,
            wm,
            lenpd,
            lenrw,
            leniw,
            icns,
            id,
            ipvt,
            method: inp.method,
        })
    }

    /// Length of the pivot / IWP segment.
    #[cfg(test)]
    pub fn ipvt_len(&self) -> usize {
        self.leniw - self.ipvt
    }

    /// LENWP, the user's real preconditioner work at the end of WM (Krylov).
    pub fn lenwp(&self) -> usize {
        match self.method {
            Method::Krylov { dims, .. } => dims.lenwp,
            Method::Direct { .. } | Method::Sparse { .. } => 0,
        }
    }

    /// The caller's RWORK split into its segments (`rwork` at least LENRW).
    #[inline]
    pub fn split_rwork<'a>(&self, rwork: &'a mut [Real]) -> RViews<'a> {
        let n = self.neq;
        let (header, coef, rest) = RHeader::split(&mut rwork[..self.lenrw]);
        let (delta, rest) = rest.split_at_mut(n);
        let (savr, rest) = rest.split_at_mut(self.e - self.delta - n);
        let (e, rest) = rest.split_at_mut(n);
        let (wt, rest) = rest.split_at_mut(n);
        let (vt, rest) = if self.vt != self.wt {
            let (v, r) = rest.split_at_mut(n);
            (Some(v), r)
        } else {
            (None, rest)
        };
        let (phi, rest) = rest.split_at_mut(self.ncphi * n);
        let (r0, rest) = rest.split_at_mut(self.nrt);
        let (r1, rest) = rest.split_at_mut(self.nrt);
        let (rx, wm) = rest.split_at_mut(self.nrt);
        RViews { header, coef, delta, savr, e, wt, vt, phi, r0, r1, rx, wm }
    }

    /// The caller's IWORK split into its segments (`iwork` at least LENIW).
    #[inline]
    pub fn split_iwork<'a>(&self, iwork: &'a mut [FInt]) -> IViews<'a> {
        let (header, rest) = IHeader::split(&mut iwork[..self.leniw]);
        let (icnstr, rest) = match self.icns {
            Some(_) => {
                let (c, r) = rest.split_at_mut(self.neq);
                (Some(&*c), r)
            }
            None => (None, rest),
        };
        let (id, pivots) = match self.id {
            Some(_) => {
                let (id, p) = rest.split_at_mut(self.neq);
                (Some(&*id), p)
            }
            None => (None, rest),
        };
        IViews { header, icnstr, id, pivots }
    }
}

/// What a call answered from the last step's history reads and writes:
/// RWORK's and IWORK's headers, the coefficients (PSI), and PHI at `phi`
/// (0-based positions in RWORK, after the header).
pub struct HistoryViews<'a> {
    pub rh: RHeader<'a>,
    pub coef: &'a Coefficients,
    pub phi: &'a [Real],
    pub ih: IHeader<'a>,
}

/// [`HistoryViews`] of `rwork` and `iwork`.
#[inline]
pub fn history_views<'a>(rwork: &'a mut [Real], phi: std::ops::Range<usize>, iwork: &'a mut [FInt]) -> HistoryViews<'a> {
    let (rh, coef, rest) = RHeader::split(rwork);
    let phi = &rest[phi.start - rw::HEADER..phi.end - rw::HEADER];
    let (ih, _) = IHeader::split(iwork);
    HistoryViews { rh, coef, phi, ih }
}

/// The caller's RWORK split into its segments.
pub struct RViews<'a> {
    pub header: RHeader<'a>,
    pub coef: &'a mut Coefficients,
    pub delta: &'a mut [Real],
    /// SAVR (Krylov only; empty for the direct methods).
    pub savr: &'a mut [Real],
    pub e: &'a mut [Real],
    pub wt: &'a mut [Real],
    pub vt: Option<&'a mut [Real]>,
    pub phi: &'a mut [Real],
    pub r0: &'a mut [Real],
    pub r1: &'a mut [Real],
    pub rx: &'a mut [Real],
    pub wm: &'a mut [Real],
}

/// The caller's IWORK split into its segments.
pub struct IViews<'a> {
    pub header: IHeader<'a>,
    pub icnstr: Option<&'a [FInt]>,
    pub id: Option<&'a [FInt]>,
    /// The pivots (direct), IWP (Krylov) or JROW, JCOL (sparse).
    pub pivots: &'a mut [FInt],
}

/// DSL48E's work arrays (SPEC section 5). The headers keep DDASKR's
/// positions for everything the two share (TSTOP, HMAX, H0/H, TN, HOLD,
/// MAXORD, K, KOLD, the counters); DDASKR's slots for the banded and
/// Krylov methods, unused by DSL48E, hold DSL48E's own state:
pub mod dsl {
    /// IWORK(1..2): the stamp of the sparse factorisation.
    pub const STAMP: usize = 1;
    /// IWORK(4): MAXORD when the integration started.
    pub const RUN_MAXORD: usize = 4;
    /// IWORK(31), IWORK(23): the key of the pattern (JROW, JCOL) at the
    /// start (IWORK(31) is DDASKR's copy of INFO(18), which DSL48E reads
    /// from INFO on each call).
    pub const PATTERN_KEY_HI: usize = 31;
    pub const PATTERN_KEY_LO: usize = 23;
    /// IWORK(25): NEJAC at the start.
    pub const RUN_NEJAC: usize = 25;
    /// IWORK(26): NC at the start.
    pub const RUN_NC: usize = 26;
    /// IWORK(27): ND at the start.
    pub const RUN_ND: usize = 27;
    /// IWORK(28): NJYDOT at the start.
    pub const RUN_NJYDOT: usize = 28;
    /// IWORK(29): INFO(10), INFO(16) at the start (bits 0, 1).
    pub const RUN_FLAGS: usize = 29;
    /// IWORK(30): 1 when the last return was an event (a restart is due).
    pub const EVENT_RETURNED: usize = 30;
    /// IWORK(22): an event found beyond TOUT, returned by the next call:
    /// its discontinuity function (1..ND), 0 if none.
    pub const PENDING: usize = 22;
    /// IWORK(24): that function's truth value after the crossing.
    pub const PENDING_TRUTH: usize = 24;
    /// RWORK(16): NEQ at the start.
    pub const RUN_NEQ: usize = 16;
    /// RWORK(53): the time of the pending event.
    pub const PENDING_T: usize = 53;

    /// Parametric sensitivities (SPEC section 5.1; all of these are
    /// written only with INFO(12) = NP > 0).
    pub mod sens {
        /// IWORK(36): NP when the integration started (DDASKR's root
        /// counter NRTE, zeroed by every start and unused by DSL48E).
        pub const RUN_NP: usize = 36;
        /// IWORK(37): INFO(13) + 2*INFO(15) when the integration started.
        pub const RUN_OPTIONS: usize = 37;
        /// IWORK(38): the event record: 0 none, else 4*NP + 1 after an
        /// event return with dTEVT/dp, 4*NP + 2 after a grazing event
        /// (IDID = -16, no dTEVT/dp). NP is part of it because the record's
        /// place in RWORK depends on NP.
        pub const RECORD: usize = 38;
        /// The record's states (IWORK(38) modulo 4).
        pub const RECORD_TRANSVERSAL: i32 = 1;
        pub const RECORD_GRAZING: i32 = 2;
        /// RWORK(54): TEVT of the event record.
        pub const RECORD_T: usize = 54;
        /// IWORK(40+i), i = 1..NP: the index of p_i in RPAR (input).
        pub const RPAR_INDEX: usize = 41;
        /// RWORK(60+i), i = 1..NP: PBAR_i, the typical size of p_i
        /// (input); RWORK(60+NP+i): dTEVT/dp_i after an event return.
        pub const PBAR: usize = 61;
        /// IWORK(40+NP+j), j = 1..5: the sensitivity counters, in this
        /// order (offsets from IWORK(40+NP)):
        /// SENRHS calls,
        pub const NSRHS: usize = 1;
        /// RES calls made for the sensitivities (also counted in NRE):
        /// difference quotients of the Jacobian and of dF/dp, and F at
        /// the corrected point,
        pub const NSRE: usize = 2;
        /// steps rejected by the sensitivities' error test (also in NETF),
        pub const NSETF: usize = 3;
        /// sensitivity corrector failures (also in NCFN),
        pub const NSCFN: usize = 4;
        /// sensitivity corrector iterations, summed over the parameters.
        pub const NSNI: usize = 5;
        /// The number of counters.
        pub const COUNTERS: usize = 5;
    }
}

/// Where DSL48E's segments sit (0-based) and how long the arrays must be.
///
/// RWORK: the 60-word header; with NP = INFO(12) > 0 sensitivity
/// parameters, PBAR(NP), dTEVT/dp(NP) and the event record (Z' and the
/// sensitivities at the last event: NEQ + NP*NEQ); DELTA, E, WT, [VT with
/// INFO(16) = 1], PHI (MAXORD+1 columns) and the NEJAC values of the
/// iteration matrix; then the sensitivities' PHI (NP*(MAXORD+1)*NEQ),
/// their corrections E and weights (NP*NEQ each):
/// LENRW = 60 + (MAXORD+4 [+1])*NEQ + NEJAC [+ NP*(NEQ*(MAXORD+4) + 2) +
/// NEQ] <= 60 + 10*NEQ + NEJAC [+ NP*(NEQ*(MAXORD+5) + 2) + NEJAC].
/// IWORK: the 40-word header; with NP > 0 the NP RPAR indices and the 5
/// sensitivity counters; ID (+1 differential, -1 algebraic, from JYDOT),
/// and the ND truth values of the discontinuity functions: LENIW = 40 +
/// NEQ + ND [+ NP + 5]. (SPEC's ceilings are 60 + 10*NEQ + NEJAC + 3*ND
/// and 40 + 2*NEQ + ND, plus NP*(NEQ*(MAXORD+5) + 2) + NEJAC and NP + 5
/// with sensitivities.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dsl48eLayout {
    pub neq: usize,
    pub nejac: usize,
    pub nd: usize,
    pub maxord: usize,
    /// INFO(12): the number of sensitivity parameters.
    pub np: usize,
    pub ncphi: usize,
    /// PBAR(1..NP), then dTEVT/dp(1..NP).
    pub pbar: usize,
    /// The event record: Z' at the event (NEQ), then the NP sensitivities.
    pub record: usize,
    pub delta: usize,
    pub e: usize,
    pub wt: usize,
    /// Equal to `wt` unless INFO(16) = 1.
    pub vt: usize,
    pub phi: usize,
    /// The NEJAC values of J = dF/dz + CJ*dF/dzdot, in the caller's order.
    pub pd: usize,
    /// The sensitivities' PHI, E and weights.
    pub sens_phi: usize,
    pub sens_e: usize,
    pub sens_wt: usize,
    pub lenrw: usize,
    /// The RPAR indices, then the sensitivity counters, in IWORK.
    pub rpar_index: usize,
    /// ID in IWORK.
    pub id: usize,
    /// The ND truth values in IWORK.
    pub truth: usize,
    pub leniw: usize,
}

impl Dsl48eLayout {
    #[inline]
    pub fn compute(
        neq: usize,
        nejac: usize,
        nd: usize,
        maxord: usize,
        separate_vt: bool,
        np: usize,
    ) -> Result<Self, LengthOverflow> {
        let ncphi = maxord + 1;
        let pbar = dsl::sens::PBAR - 1;
        let record = add(pbar, mul(2, np)?)?;
        let delta = if np > 0 { add(record, mul(add(np, 1)?, neq)?)? } else { record };
        let e = add(delta, neq)?;
        let wt = add(e, neq)?;
        let vt = if separate_vt { add(wt, neq)? } else { wt };
        let phi = add(vt, neq)?;
        let pd = add(phi, mul(ncphi, neq)?)?;
        let sens_phi = add(pd, nejac)?;
        let per = mul(np, neq)?;
        let sens_e = add(sens_phi, mul(ncphi, per)?)?;
        let sens_wt = add(sens_e, per)?;
        let lenrw = add(sens_wt, per)?;
        let rpar_index = dsl::sens::RPAR_INDEX - 1;
        let id = if np > 0 { add(add(rpar_index, np)?, dsl::sens::COUNTERS)? } else { rpar_index };
        let truth = add(id, neq)?;
        let leniw = add(truth, nd)?;
        let fits = |v: usize| FInt::try_from(v).is_ok();
        if !fits(lenrw) || !fits(leniw) {
            return Err(LengthOverflow);
        }
        Ok(Dsl48eLayout {
            neq,
            nejac,
            nd,
            maxord,
            np,
            ncphi,
            pbar,
            record,
            delta,
            e,
            wt,
            vt,
            phi,
            pd,
            sens_phi,
            sens_e,
            sens_wt,
            lenrw,
            rpar_index,
            id,
            truth,
            leniw,
        })
    }

    /// RWORK split into its segments (`rwork` at least LENRW long).
    #[inline]
    pub fn split_rwork<'a>(&self, rwork: &'a mut [Real]) -> Dsl48eRViews<'a> {
        let (n, np) = (self.neq, self.np);
        let (header, coef, rest) = RHeader::split(&mut rwork[..self.lenrw]);
        let (pbar, rest) = rest.split_at_mut(np);
        let (tau, rest) = rest.split_at_mut(np);
        let (record, rest) = rest.split_at_mut(self.delta - self.record);
        let (delta, rest) = rest.split_at_mut(n);
        let (e, rest) = rest.split_at_mut(n);
        let (wt, rest) = rest.split_at_mut(n);
        let (vt, rest) = if self.vt != self.wt {
            let (v, r) = rest.split_at_mut(n);
            (Some(v), r)
        } else {
            (None, rest)
        };
        let (phi, rest) = rest.split_at_mut(self.ncphi * n);
        let (pd, rest) = rest.split_at_mut(self.nejac);
        let (sens_phi, rest) = rest.split_at_mut(self.ncphi * n * np);
        let (sens_e, sens_wt) = rest.split_at_mut(n * np);
        Dsl48eRViews { header, coef, pbar, tau, record, delta, e, wt, vt, phi, pd, sens_phi, sens_e, sens_wt }
    }

    /// IWORK split into its segments (`iwork` at least LENIW long).
    #[inline]
    pub fn split_iwork<'a>(&self, iwork: &'a mut [FInt]) -> Dsl48eIViews<'a> {
        let (header, rest) = IHeader::split(&mut iwork[..self.leniw]);
        let (rpar_index, rest) = rest.split_at_mut(self.np);
        let (sens_counters, rest) = rest.split_at_mut(self.id - self.rpar_index - self.np);
        let (id, truth) = rest.split_at_mut(self.neq);
        Dsl48eIViews { header, rpar_index, sens_counters, id, truth }
    }
}

/// DSL48E's RWORK split into its segments.
pub struct Dsl48eRViews<'a> {
    pub header: RHeader<'a>,
    pub coef: &'a mut Coefficients,
    /// PBAR(1..NP) and dTEVT/dp(1..NP) (empty without sensitivities).
    pub pbar: &'a mut [Real],
    pub tau: &'a mut [Real],
    /// The event record: Z' (NEQ), then the NP sensitivities (NP*NEQ).
    pub record: &'a mut [Real],
    pub delta: &'a mut [Real],
    pub e: &'a mut [Real],
    pub wt: &'a mut [Real],
    pub vt: Option<&'a mut [Real]>,
    pub phi: &'a mut [Real],
    pub pd: &'a mut [Real],
    /// The sensitivities' PHI (NP blocks of (MAXORD+1)*NEQ), E and
    /// weights (NP blocks of NEQ).
    pub sens_phi: &'a mut [Real],
    pub sens_e: &'a mut [Real],
    pub sens_wt: &'a mut [Real],
}

/// DSL48E's IWORK split into its segments.
pub struct Dsl48eIViews<'a> {
    pub header: IHeader<'a>,
    /// IWORK(40+i): the RPAR index of p_i (empty without sensitivities).
    pub rpar_index: &'a mut [FInt],
    /// The five sensitivity counters (empty without sensitivities).
    pub sens_counters: &'a mut [FInt],
    pub id: &'a mut [FInt],
    pub truth: &'a mut [FInt],
}

/// Typed read/write access to the scalar header of RWORK: RWORK(1..20)
/// and RWORK(51..60), around the [`Coefficients`]. Fixed-size arrays: a
/// position known at compile time needs no bounds check, and each part
/// is one pointer (no length to carry or spill).
pub struct RHeader<'a> {
    head: &'a mut [Real; rw::ALPHA - 1],
    tail: &'a mut [Real; rw::HEADER - rw::T0 + 1],
}

impl<'a> RHeader<'a> {
    /// The header of `rwork`, its coefficient block and the rest of it.
    /// The layout's LENRW includes the header, and the call's checks have
    /// made sure that RWORK is at least LENRW long.
    #[inline]
    pub fn split(rwork: &'a mut [Real]) -> (Self, &'a mut Coefficients, &'a mut [Real]) {
        let (head, rest) = rwork.split_first_chunk_mut().expect("RWORK is at least LENRW long");
        let (coef, rest) = rest.split_first_chunk_mut().expect("RWORK is at least LENRW long");
        let (tail, rest) = rest.split_first_chunk_mut().expect("RWORK is at least LENRW long");
        (RHeader { head, tail }, coef, rest)
    }

    /// RWORK(pos), a scalar of the header (not a coefficient).
    #[inline]
    pub fn get(&self, pos: usize) -> Real {
        if pos < rw::ALPHA {
            self.head[pos - 1]
        } else {
            self.tail[pos - rw::T0]
        }
    }
    #[inline]
    pub fn set(&mut self, pos: usize, v: Real) {
        if pos < rw::ALPHA {
            self.head[pos - 1] = v;
        } else {
            self.tail[pos - rw::T0] = v;
        }
    }
}

/// Typed read/write access to the integer header of IWORK, IWORK(1..40)
/// (a fixed-size array, as [`RHeader`]).
pub struct IHeader<'a>(pub &'a mut [FInt; iw::HEADER]);

impl<'a> IHeader<'a> {
    /// The header of `iwork` and the rest of it (IWORK is at least LENIW
    /// long, and LENIW includes the header).
    #[inline]
    pub fn split(iwork: &'a mut [FInt]) -> (Self, &'a mut [FInt]) {
        let (header, rest) = iwork.split_first_chunk_mut().expect("IWORK is at least LENIW long");
        (IHeader(header), rest)
    }

    #[inline]
    pub fn get(&self, pos: usize) -> FInt {
        self.0[pos - 1]
    }
    #[inline]
    pub fn set(&mut self, pos: usize, v: FInt) {
        self.0[pos - 1] = v;
    }

    /// The counters of IWORK(11..16), IWORK(19..21). (Read and written
    /// every call: through one slice of the header, checked once.)
    #[inline]
    pub fn counters(&self) -> Counters {
        let h = &self.0[..iw::NPS];
        Counters {
            nst: h[iw::NST - 1],
            nre: h[iw::NRE - 1],
            nje: h[iw::NJE - 1],
            netf: h[iw::NETF - 1],
            ncfn: h[iw::NCFN - 1],
            ncfl: h[iw::NCFL - 1],
            nni: h[iw::NNI - 1],
            nli: h[iw::NLI - 1],
            nps: h[iw::NPS - 1],
        }
    }

    #[inline]
    pub fn store_counters(&mut self, c: &Counters) {
        let h = &mut self.0[..iw::NPS];
        h[iw::NST - 1] = c.nst;
        h[iw::NRE - 1] = c.nre;
        h[iw::NJE - 1] = c.nje;
        h[iw::NETF - 1] = c.netf;
        h[iw::NCFN - 1] = c.ncfn;
        h[iw::NCFL - 1] = c.ncfl;
        h[iw::NNI - 1] = c.nni;
        h[iw::NLI - 1] = c.nli;
        h[iw::NPS - 1] = c.nps;
    }

    /// Every counter of a run zero (a first call): those of
    /// [`counters`](Self::counters) and the root-function count NRTE.
    pub fn zero_counters(&mut self) {
        self.store_counters(&Counters::default());
        self.set(iw::NRTE, 0);
    }

    /// DDASKR's defaults for the initial-condition heuristics (INFO(17) =
    /// 0): MXNIT, MXNJ by method, MXNH, LSOFF.
    pub fn set_ic_defaults(&mut self, krylov: bool) {
        self.set(iw::MXNIT, if krylov { 15 } else { 5 });
        self.set(iw::MXNJ, if krylov { 2 } else { 6 });
        self.set(iw::MXNH, 5);
        self.set(iw::LSOFF, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DQ: JacobianSource = JacobianSource::DifferenceQuotients;

    fn direct(format: MatrixFormat) -> Method {
        Method::Direct { format, source: DQ }
    }

    fn input(neq: FInt, nrt: FInt, method: Method) -> LayoutInput {
        LayoutInput { neq, nrt, maxord: 5, method, constraints_in_iwork: false, id_in_iwork: false, separate_vt: false }
    }

    #[test]
    fn dense_lengths_follow_daskr_formula() {
        // BASE = 60 + 9*NEQ + 3*NRT, plus NEQ**2.
        let l = Layout::compute(&input(10, 2, direct(MatrixFormat::Dense))).unwrap();
        assert_eq!(l.lenrw, 60 + 9 * 10 + 3 * 2 + 100);
        assert_eq!(l.leniw, 40 + 10);
        assert_eq!(l.wm, l.lenrw - 100);
        assert_eq!(l.phi, 60 + 3 * 10);
    }

    #[test]
    fn sparse_keeps_the_pattern_where_the_pivots_were() {
        // 60 + 9*NEQ + 3*NRT + NEJAC; IWORK: 40 + 2*NEJAC (no pivots).
        let l = Layout::compute(&input(10, 1, Method::Sparse { nejac: 28, source: DQ })).unwrap();
        assert_eq!(l.lenrw, 60 + 9 * 10 + 3 + 28);
        assert_eq!(l.leniw, 40 + 2 * 28);
        assert_eq!((l.ipvt, l.ipvt_len()), (40, 56));
    }

    #[test]
    fn band_dq_adds_save_area() {
        let l = Layout::compute(&input(100, 0, direct(MatrixFormat::Band { ml: 2, mu: 3 }))).unwrap();
        let lenpd = (2 * 2 + 3 + 1) * 100;
        let msave = 100 / 6 + 1;
        assert_eq!(l.lenpd, lenpd);
        assert_eq!(l.lenrw, 60 + 9 * 100 + lenpd + 2 * msave);
    }

    #[test]
    fn low_maxord_keeps_four_phi_columns() {
        let mut i = input(10, 0, direct(MatrixFormat::Dense));
        i.maxord = 1;
        let l = Layout::compute(&i).unwrap();
        assert_eq!(l.ncphi, 4);
        assert_eq!(l.lenrw, 60 + 7 * 10 + 100);
    }

    #[test]
    fn huge_neq_overflows_instead_of_wrapping() {
        assert_eq!(Layout::compute(&input(100_000, 0, direct(MatrixFormat::Dense))), Err(LengthOverflow));
        assert_eq!(
            Layout::compute(&input(FInt::MAX, 0, direct(MatrixFormat::Band { ml: 0, mu: 0 }))),
            Err(LengthOverflow)
        );
    }

    #[test]
    fn krylov_formula() {
        let dims = KrylovDims { neq: 50, maxl: 5, kmp: 5, nrmax: 5, lenwp: 7 };
        let l = Layout::compute(&input(50, 1, Method::Krylov { dims, leniwp: 3 })).unwrap();
        // BASE = 101 + 18*NEQ + 3*NRT + LENWP with defaults.
        assert_eq!(l.lenrw, 101 + 18 * 50 + 3 + 7);
        assert_eq!(l.leniw, 40 + 3);
        assert_eq!(l.lenwp(), 7);
    }

    #[test]
    fn dsl48e_lengths_with_and_without_sensitivities() {
        let plain = Dsl48eLayout::compute(10, 28, 2, 5, false, 0).unwrap();
        assert_eq!(plain.lenrw, 60 + 9 * 10 + 28);
        assert_eq!(plain.leniw, 40 + 10 + 2);
        assert_eq!((plain.delta, plain.id), (60, 40));
        // NP = 3: PBAR, dTEVT/dp, the record, then the state's segments.
        let l = Dsl48eLayout::compute(10, 28, 2, 5, false, 3).unwrap();
        assert_eq!(l.lenrw, plain.lenrw + 3 * (10 * (5 + 4) + 2) + 10);
        assert!(l.lenrw - plain.lenrw <= 3 * (10 * (5 + 5) + 2) + 28, "SPEC's ceiling");
        assert_eq!(l.leniw, plain.leniw + 3 + 5);
        assert_eq!((l.pbar, l.record, l.delta), (60, 66, 66 + 40));
        assert_eq!((l.rpar_index, l.id), (40, 48));
        let mut rwork = vec![0.0; l.lenrw];
        let mut iwork = vec![0; l.leniw];
        let rv = l.split_rwork(&mut rwork);
        assert_eq!((rv.pbar.len(), rv.tau.len(), rv.record.len(), rv.pd.len()), (3, 3, 40, 28));
        assert_eq!((rv.sens_phi.len(), rv.sens_e.len(), rv.sens_wt.len()), (180, 30, 30));
        let iv = l.split_iwork(&mut iwork);
        assert_eq!((iv.rpar_index.len(), iv.sens_counters.len(), iv.id.len(), iv.truth.len()), (3, 5, 10, 2));
    }

    #[test]
    fn split_views_have_the_segment_lengths() {
        let l = Layout::compute(&input(4, 2, direct(MatrixFormat::Dense))).unwrap();
        let mut rwork = vec![0.0; l.lenrw];
        let mut iwork = vec![0; l.leniw];
        let rv = l.split_rwork(&mut rwork);
        assert_eq!((rv.delta.len(), rv.savr.len(), rv.phi.len(), rv.r0.len(), rv.wm.len()), (4, 0, 24, 2, 16));
        let iv = l.split_iwork(&mut iwork);
        assert_eq!((iv.icnstr.is_none(), iv.id.is_none(), iv.pivots.len()), (true, true, 4));
    }
}
