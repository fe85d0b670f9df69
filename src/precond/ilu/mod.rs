//! Sparse incomplete-LU preconditioner for the Krylov method: the Rust
//! counterpart of DASKR's `dilupre.f` (DSPSETUP, DJACILU, DPSOLILU).
//!
//! | step | what | DASKR routine it replaces |
//! |---|---|---|
//! | [`IluParams::decode`], [`setup`] | IPAR/RPAR checks, minimum LWP/LIWP | DSPSETUP |
//! | [`difference_quotient_jacobian`] | banded difference-quotient Jacobian in CSR | DJCALC |
//! | [`Csr::scale_columns`], [`Csr::row_norms`] | column (EWT) and row-norm scaling | AMUDIA, ROSCAL |
//! | [`super::rcm`] | reverse Cuthill–McKee reordering | DJREORD (BFS, RVERSP, DPERM) |
//! | [`factorize`] | ILUT / ILUTP (dual threshold, optional column pivoting) | DJILU (ILUT, ILUTP) |
//! | [`harwell_boeing`] | Jacobian output (JACOUT = 1) | PRTMT |
//! | [`jac_ilu`] | the whole preconditioner setup | DJACILU |
//! | [`psol_ilu`], [`Factors::solve_in_place`] | P x = b | DPSOLILU, LUSOL |
//!
//! ## Inputs (as in `dilupre.f`)
//!
//! IPAR(1) ML, IPAR(2) MU (half-bandwidths of the difference-quotient
//! Jacobian), IPAR(3) LENPFAC (NNZMX = LENPFAC*NEQ nonzeros allowed in the
//! Jacobian), IPAR(4) LENPLUFAC (LENPLUMX = NNZMX + LENPLUFAC*NEQ positions
//! for the factors), IPAR(5) IPREMETH (1 ILUT, 2 ILUTP), IPAR(6) LFILILUT
//! (fill: at most LFILILUT entries per row of L, LFILILUT - 1 off the
//! diagonal per row of U), IPAR(7) IREORDER (1: RCM), IPAR(8)
//! ISRNORM (1: scale rows by their norms), IPAR(9) NORMTYPE (0 max, 1 one,
//! 2 two-norm), IPAR(10) JACOUT (1: write the Jacobian to unit IPAR(29) and
//! stop), IPAR(11) JSCALCOL (1: scale columns by sqrt(NEQ)/REWT),
//! IPAR(21..26) pointer information (output), IPAR(30) RES calls made for
//! the preconditioner (accumulated). RPAR(1) TOLILUT, RPAR(2) PERMTOL.
//!
//! ## Where the preconditioner lives
//!
//! Everything DPSOLILU needs stays in WP/IWP (nothing is kept between
//! calls elsewhere); the Jacobian itself and the factorisation's scratch are
//! per-call allocations. The layout ([`Layout`]) is this crate's own and
//! always fits inside DASKR's minimum lengths
//!
//! ```text
//! LWP_MIN  = 2*LENPFAC*NEQ + LENPLUFAC*NEQ + ISRNORM*NEQ + NEQ
//! LIWP_MIN = 3*NEQ + 1 + 3*LENPFAC*NEQ + 2*LENPLUFAC*NEQ
//!            + 2*IREORDER*NEQ + 2*(IPREMETH-1)*NEQ
//! ```
//!
//! ```text
//! WP:  [ 1/diag(U) : NEQ ][ row scale 1/||row|| : NEQ if ISRNORM ][ L,U off-diagonals : CAP ]
//! IWP: [ row start : NEQ+1 ][ U start : NEQ ][ columns : CAP ][ RCM perm : NEQ if IREORDER ]
//!      [ ILUTP column positions : NEQ if IPREMETH = 2 ]
//! CAP = LENPLUMX - NEQ - 1
//! ```
//!
//! so WP uses `ISRNORM*NEQ + LENPLUMX - 1` and IWP `LENPLUMX + NEQ
//! (+ NEQ) (+ NEQ)` elements (0-based indices in IWP). The capacity limits are DASKR's: at most
//! NNZMX Jacobian nonzeros (else IERR = 1, IRES = -2) and the factors in
//! LENPLUMX positions counted as SPARSKIT's modified sparse row format
//! counts them (else IERR = -2 or -3, IRES = -2).
//!
//! ## The factorisation
//!
//! ILUT row by row (Saad's dual threshold): the row of A is scattered
//! into a dense work row; earlier rows are eliminated in increasing column
//! order; a multiplier l(i,k) with |l(i,k)| <= TOLILUT is dropped (and not
//! used); entries of U with |u(i,j)| <= TOLILUT*tnorm are dropped, tnorm
//! being the mean absolute value of the row of A; then a row of L keeps
//! its LFILILUT largest multipliers and a row of U its LFILILUT - 1
//! largest off-diagonals (SPARSKIT counts the diagonal among the LFILILUT
//! entries of U). The entries are chosen, and stored, in the order of
//! SPARSKIT's partial quick-split, so the triangular solves add them up in
//! the original's order. A zero pivot is replaced by (1e-4 +
//! TOLILUT)*tnorm, as SPARSKIT does. ILUTP also swaps the diagonal column
//! with the largest kept entry u(i,j) of the row (the first in storage
//! order among equals) when |u(i,j)|*PERMTOL > |u(i,i)|, and DPSOLILU
//! applies the column permutation to the solution.
//!
//! The reordering ([`super::rcm`]) is DJREORD's: a breadth-first search
//! over the stored (unsymmetrised) pattern from node 1, neighbours in
//! storage order, reversed, applied to rows and columns alike.
//!
//! Known differences from the routines DASKR calls: ILUTP's column
//! permutation is applied in the solve (DASKR's DPSOLILU ignores it, which
//! is only right when no column was swapped); DJACILU restores Y and
//! YPRIME also when RES fails, and DSPSETUP returns both minimum lengths
//! also with IERR = 30.
//!
//! The rows of the Jacobian keep the order in which the difference
//! quotients produce their entries (column group by column group, as
//! SPARSKIT's COOCSR leaves them), so row norms are summed, the
//! reordering search runs and the factorisation meets the entries in
//! DASKR's order; the preconditioner is then the original's to the last
//! bit (checked on DHEATILU, DWEBILU and random matrices, ILUTP's column
//! permutation in the solve apart).

#![doc(alias = "DSPSETUP")]
#![doc(alias = "DJACILU")]
#![doc(alias = "DPSOLILU")]

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt::Write as _;

use super::rcm;
use crate::core::messages::{MessageLine, MessageSink};
use crate::types::{FInt, Real};

/// Positions (1-based, as documented in `dilupre.f`) of the IPAR entries.
pub mod ipar {
    /// Lower half-bandwidth of the difference-quotient Jacobian.
    pub const ML: usize = 1;
    /// Upper half-bandwidth.
    pub const MU: usize = 2;
    /// Average nonzeros per row of the Jacobian (NNZMX = LENPFAC*NEQ).
    pub const LENPFAC: usize = 3;
    /// Average fill per row of the factors (LENPLUMX = NNZMX + LENPLUFAC*NEQ).
    pub const LENPLUFAC: usize = 4;
    /// 1 = ILUT, 2 = ILUTP.
    pub const IPREMETH: usize = 5;
    /// Fill-in parameter: the LFILILUT largest entries of a row of L and
    /// the LFILILUT - 1 largest off-diagonals of a row of U are kept.
    pub const LFILILUT: usize = 6;
    /// 1 = reverse Cuthill–McKee reordering.
    pub const IREORDER: usize = 7;
    /// 1 = scale rows by their norms.
    pub const ISRNORM: usize = 8;
    /// Row norm: 0 max, 1 one-norm, 2 two-norm.
    pub const NORMTYPE: usize = 9;
    /// 1 = write the Jacobian to unit IPAR(29) and stop.
    pub const JACOUT: usize = 10;
    /// 1 = scale columns by sqrt(NEQ)/REWT.
    pub const JSCALCOL: usize = 11;
    /// First of the six pointer entries IPAR(21..26) (output).
    pub const POINTERS: usize = 21;
    /// Fortran unit for JACOUT = 1.
    pub const UNIT: usize = 29;
    /// RES calls made by DJACILU, accumulated.
    pub const NRE: usize = 30;
}

/// Positions (1-based) of the RPAR entries.
pub mod rpar {
    /// Drop tolerance of ILUT/ILUTP.
    pub const TOLILUT: usize = 1;
    /// Column pivoting tolerance of ILUTP.
    pub const PERMTOL: usize = 2;
}

/// Read access to the caller's IPAR/RPAR by 1-based position. The FFI
/// reads the caller's arrays through it only where DASKR reads them.
pub trait ParamSource {
    /// IPAR(pos).
    fn ipar(&self, pos: usize) -> FInt;
    /// RPAR(pos).
    fn rpar(&self, pos: usize) -> Real;
}

/// IPAR and RPAR as slices (entries beyond their ends read as zero).
#[derive(Clone, Copy, Debug)]
pub struct SliceParams<'a> {
    pub ipar: &'a [FInt],
    pub rpar: &'a [Real],
}

impl ParamSource for SliceParams<'_> {
    fn ipar(&self, pos: usize) -> FInt {
        pos.checked_sub(1).and_then(|k| self.ipar.get(k)).copied().unwrap_or(0)
    }
    fn rpar(&self, pos: usize) -> Real {
        pos.checked_sub(1).and_then(|k| self.rpar.get(k)).copied().unwrap_or(0.0)
    }
}

/// The incomplete factorisation (IPREMETH).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// IPREMETH = 1.
    Ilut,
    /// IPREMETH = 2: ILUT with column pivoting.
    Ilutp,
}

/// The row norm used for row scaling (NORMTYPE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowNorm {
    /// NORMTYPE = 0.
    Max,
    /// NORMTYPE = 1.
    One,
    /// NORMTYPE = 2.
    Two,
}

/// An illegal IPAR/RPAR entry; [`ParamError::ierr`] is DSPSETUP's IERR.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum ParamError {
    #[error("IPAR(1) = ML = {0} must be positive")]
    LowerBandwidth(FInt),
    #[error("IPAR(2) = MU = {0} must be positive")]
    UpperBandwidth(FInt),
    #[error("IPAR(3) = LENPFAC = {0} must be at least 2")]
    Lenpfac(FInt),
    #[error("IPAR(4) = LENPLUFAC = {0} must be at least 2")]
    Lenplufac(FInt),
    #[error("IPAR(5) = IPREMETH = {0} must be 1 (ILUT) or 2 (ILUTP)")]
    Method(FInt),
    #[error("IPAR(6) = LFILILUT = {0} must not be negative")]
    Fill(FInt),
    #[error("IPAR(7) = IREORDER = {0} must be 0 or 1")]
    Reorder(FInt),
    #[error("IPAR(8) = ISRNORM = {0} must be 0 or 1")]
    RowScaling(FInt),
    #[error("IPAR(9) = NORMTYPE = {0} must be 0, 1 or 2")]
    NormType(FInt),
    #[error("IPAR(10) = JACOUT = {0} must be 0 or 1")]
    JacobianOutput(FInt),
    #[error("IPAR(11) = JSCALCOL = {0} must be 0 or 1")]
    ColumnScaling(FInt),
    #[error("IPAR(29) = {0} must be a positive unit number when JACOUT = 1")]
    Unit(FInt),
    #[error("RPAR(1) = TOLILUT = {0} must not be negative")]
    DropTolerance(Real),
    #[error("RPAR(2) = PERMTOL = {0} must not be negative")]
    PermTolerance(Real),
}

impl ParamError {
    /// DSPSETUP's IERR: k for an illegal IPAR(k) (k = 1..11), 12 for
    /// IPAR(29), 21 and 22 for RPAR(1) and RPAR(2).
    pub fn ierr(&self) -> FInt {
        match self {
            ParamError::LowerBandwidth(_) => 1,
            ParamError::UpperBandwidth(_) => 2,
            ParamError::Lenpfac(_) => 3,
            ParamError::Lenplufac(_) => 4,
            ParamError::Method(_) => 5,
            ParamError::Fill(_) => 6,
            ParamError::Reorder(_) => 7,
            ParamError::RowScaling(_) => 8,
            ParamError::NormType(_) => 9,
            ParamError::JacobianOutput(_) => 10,
            ParamError::ColumnScaling(_) => 11,
            ParamError::Unit(_) => 12,
            ParamError::DropTolerance(_) => 21,
            ParamError::PermTolerance(_) => 22,
        }
    }
}

/// How strictly the bandwidths are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// DSPSETUP: ML and MU must be positive.
    Setup,
    /// DJACILU: ML = 0 or MU = 0 is a meaningful band and DASKR's DJACILU
    /// accepts it, so only negative values are refused.
    Factor,
}

/// The decoded, validated IPAR/RPAR inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IluParams {
    pub ml: usize,
    pub mu: usize,
    pub lenpfac: usize,
    pub lenplufac: usize,
    pub method: Method,
    pub lfil: usize,
    pub reorder: bool,
    pub row_norm: Option<RowNorm>,
    /// Fortran unit for the Jacobian output (JACOUT = 1).
    pub jac_out_unit: Option<FInt>,
    pub scale_columns: bool,
    pub droptol: Real,
    pub permtol: Real,
}

impl IluParams {
    /// Decode and check IPAR/RPAR in DSPSETUP's order. IPAR(29) is read
    /// only when JACOUT = 1 and RPAR(2) only for ILUTP.
    pub fn decode(src: &dyn ParamSource, check: Check) -> Result<Self, ParamError> {
        let min_band = if check == Check::Setup { 1 } else { 0 };
        let ml = src.ipar(ipar::ML);
        if ml < min_band {
            return Err(ParamError::LowerBandwidth(ml));
        }
        let mu = src.ipar(ipar::MU);
        if mu < min_band {
            return Err(ParamError::UpperBandwidth(mu));
        }
        let lenpfac = src.ipar(ipar::LENPFAC);
        if lenpfac <= 1 {
            return Err(ParamError::Lenpfac(lenpfac));
        }
        let lenplufac = src.ipar(ipar::LENPLUFAC);
        if lenplufac <= 1 {
            return Err(ParamError::Lenplufac(lenplufac));
        }
        let method = match src.ipar(ipar::IPREMETH) {
            1 => Method::Ilut,
            2 => Method::Ilutp,
            other => return Err(ParamError::Method(other)),
        };
        let lfil = src.ipar(ipar::LFILILUT);
        if lfil < 0 {
            return Err(ParamError::Fill(lfil));
        }
        let reorder = flag(src.ipar(ipar::IREORDER)).ok_or(ParamError::Reorder(src.ipar(ipar::IREORDER)))?;
        let scale_rows = flag(src.ipar(ipar::ISRNORM)).ok_or(ParamError::RowScaling(src.ipar(ipar::ISRNORM)))?;
        let norm = match src.ipar(ipar::NORMTYPE) {
            0 => RowNorm::Max,
            1 => RowNorm::One,
            2 => RowNorm::Two,
            other => return Err(ParamError::NormType(other)),
        };
        let jac_out = flag(src.ipar(ipar::JACOUT)).ok_or(ParamError::JacobianOutput(src.ipar(ipar::JACOUT)))?;
        let scale_columns =
            flag(src.ipar(ipar::JSCALCOL)).ok_or(ParamError::ColumnScaling(src.ipar(ipar::JSCALCOL)))?;
        let jac_out_unit = if jac_out {
            let unit = src.ipar(ipar::UNIT);
            if unit <= 0 {
                return Err(ParamError::Unit(unit));
            }
            Some(unit)
        } else {
            None
        };
        let droptol = src.rpar(rpar::TOLILUT);
        if droptol < 0.0 {
            return Err(ParamError::DropTolerance(droptol));
        }
        let permtol = if method == Method::Ilutp {
            let p = src.rpar(rpar::PERMTOL);
            if p < 0.0 {
                return Err(ParamError::PermTolerance(p));
            }
            p
        } else {
            0.0
        };
        Ok(IluParams {
            ml: ml as usize,
            mu: mu as usize,
            lenpfac: lenpfac as usize,
            lenplufac: lenplufac as usize,
            method,
            lfil: lfil as usize,
            reorder,
            row_norm: scale_rows.then_some(norm),
            jac_out_unit,
            scale_columns,
            droptol,
            permtol,
        })
    }

    /// DASKR's minimum (LWP, LIWP) for `neq` equations (the formulas of
    /// `dilupre.f`), in 64-bit arithmetic.
    pub fn minimum_lengths(&self, neq: i64) -> (i64, i64) {
        let nnzmx = self.lenpfac as i64 * neq;
        let lenplumx = nnzmx + self.lenplufac as i64 * neq;
        let isrnorm = i64::from(self.row_norm.is_some());
        let lwp = nnzmx + isrnorm * neq + lenplumx + neq;
        let mut liwp = (neq + 1) + nnzmx + lenplumx.max(neq + 1) + lenplumx + 2 * neq;
        if self.reorder {
            liwp += 2 * neq;
        }
        if self.method == Method::Ilutp {
            liwp += 2 * neq;
        }
        (lwp, liwp)
    }
}

fn flag(v: FInt) -> Option<bool> {
    match v {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

/// What DSPSETUP returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupOutcome {
    /// 0, or the DSPSETUP error code (1..12, 21, 22, 30 = WP too short,
    /// 31 = IWP too short).
    pub ierr: FInt,
    /// Minimum lengths, known once IPAR/RPAR passed the checks (then both
    /// are reported, also with IERR = 30).
    pub min_lengths: Option<(FInt, FInt)>,
}

/// DSPSETUP: check IPAR/RPAR and the lengths LWP/LIWP of WP/IWP.
#[doc(alias = "DSPSETUP")]
pub fn setup(neq: FInt, lwp: FInt, liwp: FInt, src: &dyn ParamSource) -> SetupOutcome {
    let params = match IluParams::decode(src, Check::Setup) {
        Ok(p) => p,
        Err(e) => return SetupOutcome { ierr: e.ierr(), min_lengths: None },
    };
    let (lwp_min, liwp_min) = params.minimum_lengths(i64::from(neq));
    let clamp = |v: i64| v.clamp(i64::from(FInt::MIN), i64::from(FInt::MAX)) as FInt;
    let ierr = if i64::from(lwp) < lwp_min {
        30
    } else if i64::from(liwp) < liwp_min {
        31
    } else {
        0
    };
    SetupOutcome { ierr, min_lengths: Some((clamp(lwp_min), clamp(liwp_min))) }
}

/// Where each piece of the preconditioner sits in WP and IWP (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub neq: usize,
    /// NNZMX: most nonzeros the Jacobian may have.
    pub nnzmx: usize,
    /// LENPLUMX: positions for the factors, counted as SPARSKIT counts
    /// them (NEQ + 1 + off-diagonals).
    pub lenplumx: usize,
    /// Off-diagonal slots: LENPLUMX - NEQ - 1.
    pub cap: usize,
    pub wp_dinv: usize,
    pub wp_row_scale: Option<usize>,
    pub wp_values: usize,
    /// WP elements used.
    pub wp_len: usize,
    pub iwp_row_start: usize,
    pub iwp_u_start: usize,
    pub iwp_columns: usize,
    pub iwp_perm: Option<usize>,
    pub iwp_col_pos: Option<usize>,
    /// IWP elements used.
    pub iwp_len: usize,
}

impl Layout {
    pub fn new(neq: usize, p: &IluParams) -> Self {
        let nnzmx = p.lenpfac.saturating_mul(neq);
        let lenplumx = nnzmx.saturating_add(p.lenplufac.saturating_mul(neq));
        let cap = lenplumx.saturating_sub(neq + 1);
        let wp_dinv = 0;
        let mut next = neq;
        let wp_row_scale = p.row_norm.map(|_| {
            let at = next;
            next += neq;
            at
        });
        let wp_values = next;
        let wp_len = wp_values + cap;
        let iwp_row_start = 0;
        let iwp_u_start = neq + 1;
        let iwp_columns = 2 * neq + 1;
        let mut next = iwp_columns + cap;
        let iwp_perm = p.reorder.then(|| {
            let at = next;
            next += neq;
            at
        });
        let iwp_col_pos = (p.method == Method::Ilutp).then(|| {
            let at = next;
            next += neq;
            at
        });
        Layout {
            neq,
            nnzmx,
            lenplumx,
            cap,
            wp_dinv,
            wp_row_scale,
            wp_values,
            wp_len,
            iwp_row_start,
            iwp_u_start,
            iwp_columns,
            iwp_perm,
            iwp_col_pos,
            iwp_len: next,
        }
    }

    /// IPAR(21..26) as DJACILU leaves them (1-based positions; 0 for a
    /// piece that is not stored): factor values in WP (LPLU), U starts in
    /// IWP (LJU), row starts in IWP (LJLU), row scales in WP (LROWNRMS),
    /// RCM permutation in IWP (LPERM), ILUTP column positions in IWP.
    pub fn pointers(&self) -> [FInt; 6] {
        let one = |v: usize| FInt::try_from(v + 1).unwrap_or(FInt::MAX);
        let opt = |v: Option<usize>| v.map_or(0, one);
        [
            one(self.wp_dinv),
            one(self.iwp_u_start),
            one(self.iwp_row_start),
            opt(self.wp_row_scale),
            opt(self.iwp_perm),
            opt(self.iwp_col_pos),
        ]
    }
}

/// A sparse matrix in compressed sparse row form (0-based).
#[derive(Clone, Debug, PartialEq)]
pub struct Csr {
    pub n: usize,
    pub ptr: Vec<usize>,
    pub col: Vec<usize>,
    pub val: Vec<Real>,
}

impl Csr {
    /// An n x n matrix from (row, column, value) triples; entries of a row
    /// end up sorted by column. Repeated positions are kept as given.
    pub fn from_triplets(n: usize, triplets: &[(usize, usize, Real)]) -> Self {
        let mut m = Csr::from_triplets_in_order(n, triplets);
        m.sort_rows();
        m
    }

    /// As [`Csr::from_triplets`], but the entries of a row keep the order
    /// of `triplets` (as SPARSKIT's COOCSR leaves them; the order decides
    /// how row norms are summed).
    pub fn from_triplets_in_order(n: usize, triplets: &[(usize, usize, Real)]) -> Self {
        let mut ptr = vec![0usize; n + 1];
        for &(i, _, _) in triplets {
            ptr[i + 1] += 1;
        }
        for i in 0..n {
            ptr[i + 1] += ptr[i];
        }
        let mut fill = ptr.clone();
        let mut col = vec![0usize; triplets.len()];
        let mut val = vec![0.0; triplets.len()];
        for &(i, j, v) in triplets {
            col[fill[i]] = j;
            val[fill[i]] = v;
            fill[i] += 1;
        }
        Csr { n, ptr, col, val }
    }

    /// A dense row-major matrix's nonzeros.
    pub fn from_dense(n: usize, a: &[Real]) -> Self {
        let mut t = Vec::new();
        for i in 0..n {
            for j in 0..n {
                if a[i * n + j] != 0.0 {
                    t.push((i, j, a[i * n + j]));
                }
            }
        }
        Csr::from_triplets(n, &t)
    }

    fn sort_rows(&mut self) {
        let mut pairs: Vec<(usize, Real)> = Vec::new();
        for i in 0..self.n {
            let (lo, hi) = (self.ptr[i], self.ptr[i + 1]);
            if self.col[lo..hi].windows(2).all(|w| w[0] <= w[1]) {
                continue;
            }
            pairs.clear();
            pairs.extend(self.col[lo..hi].iter().copied().zip(self.val[lo..hi].iter().copied()));
            pairs.sort_by_key(|&(c, _)| c);
            for (k, &(c, v)) in pairs.iter().enumerate() {
                self.col[lo + k] = c;
                self.val[lo + k] = v;
            }
        }
    }

    /// Number of stored entries.
    pub fn nnz(&self) -> usize {
        self.ptr[self.n]
    }

    /// a(i,j) *= d(j).
    pub fn scale_columns(&mut self, d: &[Real]) {
        for (v, &j) in self.val.iter_mut().zip(&self.col) {
            *v *= d[j];
        }
    }

    /// a(i,j) *= d(i).
    pub fn scale_rows(&mut self, d: &[Real]) {
        for (i, &di) in d.iter().enumerate().take(self.n) {
            for v in &mut self.val[self.ptr[i]..self.ptr[i + 1]] {
                *v *= di;
            }
        }
    }

    /// The norm of every row.
    pub fn row_norms(&self, norm: RowNorm) -> Vec<Real> {
        (0..self.n)
            .map(|i| {
                let row = &self.val[self.ptr[i]..self.ptr[i + 1]];
                match norm {
                    RowNorm::Max => row.iter().fold(0.0, |m: Real, v| m.max(v.abs())),
                    RowNorm::One => row.iter().map(|v| v.abs()).sum(),
                    RowNorm::Two => row.iter().map(|v| v * v).sum::<Real>().sqrt(),
                }
            })
            .collect()
    }

    /// P A P^T: row and column i become row and column `perm[i]`; the
    /// entries of a row keep their order.
    pub fn permute_symmetric(&self, perm: &[usize]) -> Csr {
        let mut t = Vec::with_capacity(self.nnz());
        for i in 0..self.n {
            for k in self.ptr[i]..self.ptr[i + 1] {
                t.push((perm[i], perm[self.col[k]], self.val[k]));
            }
        }
        Csr::from_triplets_in_order(self.n, &t)
    }

    /// y = A x.
    pub fn mul_vec(&self, x: &[Real], y: &mut [Real]) {
        for (i, yi) in y.iter_mut().enumerate().take(self.n) {
            *yi = (self.ptr[i]..self.ptr[i + 1]).map(|k| self.val[k] * x[self.col[k]]).sum();
        }
    }
}

/// Why the incomplete factorisation stopped; [`IluError::ierr`] is the
/// SPARSKIT/DASKR code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IluError {
    #[error("the L factor overflows its storage at row {row}")]
    LOverflow { row: usize },
    #[error("the U factor overflows its storage at row {row}")]
    UOverflow { row: usize },
    #[error("row {row} of the matrix is zero")]
    ZeroRow { row: usize },
}

impl IluError {
    /// -2 (L overflows), -3 (U overflows), -5 (zero row).
    pub fn ierr(&self) -> FInt {
        match self {
            IluError::LOverflow { .. } => -2,
            IluError::UOverflow { .. } => -3,
            IluError::ZeroRow { .. } => -5,
        }
    }
}

/// Options of [`factorize`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IluOptions {
    pub method: Method,
    /// LFILILUT (L rows keep LFILILUT entries, U rows LFILILUT - 1).
    pub lfil: usize,
    /// TOLILUT.
    pub droptol: Real,
    /// PERMTOL (ILUTP only).
    pub permtol: Real,
}

/// The factors in the caller's memory, for the solve. Row i of L is
/// `start[i]..u_start[i]`, row i of U (off-diagonal) `u_start[i]..start[i+1]`
/// in `cols`/`vals`; `dinv` holds 1/u(i,i). Indices are 0-based.
#[derive(Clone, Copy, Debug)]
pub struct Factors<'a> {
    pub dinv: &'a [Real],
    pub vals: &'a [Real],
    pub cols: &'a [FInt],
    pub start: &'a [FInt],
    pub u_start: &'a [FInt],
}

/// Mutable views for [`factorize`]: `dinv` and `u_start` NEQ long,
/// `start` NEQ + 1, `vals` and `cols` [`Layout::cap`] long.
#[derive(Debug)]
pub struct FactorsMut<'a> {
    pub dinv: &'a mut [Real],
    pub vals: &'a mut [Real],
    pub cols: &'a mut [FInt],
    pub start: &'a mut [FInt],
    pub u_start: &'a mut [FInt],
}

/// Factors held in their own vectors (tests and Rust callers).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnedFactors {
    pub dinv: Vec<Real>,
    pub vals: Vec<Real>,
    pub cols: Vec<FInt>,
    pub start: Vec<FInt>,
    pub u_start: Vec<FInt>,
    /// ILUTP: final position of every column.
    pub col_pos: Option<Vec<FInt>>,
}

impl OwnedFactors {
    /// Storage for an n x n matrix with `cap` off-diagonal slots.
    pub fn with_capacity(n: usize, cap: usize, method: Method) -> Self {
        OwnedFactors {
            dinv: vec![0.0; n],
            vals: vec![0.0; cap],
            cols: vec![0; cap],
            start: vec![0; n + 1],
            u_start: vec![0; n],
            col_pos: (method == Method::Ilutp).then(|| vec![0; n]),
        }
    }

    /// Factorise `a` ([`factorize`]) into new storage whose capacity
    /// follows DASKR's rule with LENPLUMX = `lenplumx`.
    pub fn factorize(a: &Csr, opts: &IluOptions, lenplumx: usize) -> Result<Self, IluError> {
        let cap = lenplumx.saturating_sub(a.n + 1);
        let mut f = OwnedFactors::with_capacity(a.n, cap, opts.method);
        let view = FactorsMut {
            dinv: &mut f.dinv,
            vals: &mut f.vals,
            cols: &mut f.cols,
            start: &mut f.start,
            u_start: &mut f.u_start,
        };
        factorize(a, opts, view, f.col_pos.as_deref_mut())?;
        Ok(f)
    }

    pub fn view(&self) -> Factors<'_> {
        Factors { dinv: &self.dinv, vals: &self.vals, cols: &self.cols, start: &self.start, u_start: &self.u_start }
    }

    /// Solve A x ~= b (L U x = b, then the ILUTP column permutation).
    pub fn solve(&self, b: &[Real]) -> Result<Vec<Real>, CorruptFactors> {
        let mut w = b.to_vec();
        self.view().solve_in_place(&mut w)?;
        Ok(match &self.col_pos {
            None => w,
            Some(pos) => pos.iter().map(|&p| w[p as usize]).collect(),
        })
    }

    /// Number of stored off-diagonal entries of L and of U.
    pub fn nnz_lu(&self) -> (usize, usize) {
        let n = self.dinv.len();
        let l = (0..n).map(|i| (self.u_start[i] - self.start[i]) as usize).sum();
        let u = (0..n).map(|i| (self.start[i + 1] - self.u_start[i]) as usize).sum();
        (l, u)
    }
}

/// The stored factors are inconsistent (DPSOLILU called before DJACILU,
/// or WP/IWP overwritten).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the incomplete LU factors in WP/IWP are not valid")]
pub struct CorruptFactors;

impl Factors<'_> {
    /// x := U^-1 L^-1 x, checking every stored index.
    #[doc(alias = "LUSOL")]
    pub fn solve_in_place(&self, x: &mut [Real]) -> Result<(), CorruptFactors> {
        let n = x.len();
        if self.dinv.len() < n || self.start.len() < n + 1 || self.u_start.len() < n {
            return Err(CorruptFactors);
        }
        let range = |lo: FInt, hi: FInt| -> Result<std::ops::Range<usize>, CorruptFactors> {
            let (lo, hi) =
                (usize::try_from(lo).map_err(|_| CorruptFactors)?, usize::try_from(hi).map_err(|_| CorruptFactors)?);
            if lo <= hi && hi <= self.vals.len() && hi <= self.cols.len() {
                Ok(lo..hi)
            } else {
                Err(CorruptFactors)
            }
        };
        for i in 0..n {
            let mut s = x[i];
            for k in range(self.start[i], self.u_start[i])? {
                let j = self.cols[k] as usize;
                s -= self.vals[k] * *x.get(j).ok_or(CorruptFactors)?;
            }
            x[i] = s;
        }
        for i in (0..n).rev() {
            let mut s = x[i];
            for k in range(self.u_start[i], self.start[i + 1])? {
                let j = self.cols[k] as usize;
                s -= self.vals[k] * *x.get(j).ok_or(CorruptFactors)?;
            }
            x[i] = s * self.dinv[i];
        }
        Ok(())
    }
}

/// Partial quick-split by magnitude (SPARSKIT's QSPLIT rule): rearrange
/// `entries` so that its first `ncut` entries are the `ncut` of largest
/// magnitude, leaving it untouched when `ncut` is 0 or larger than its
/// length. The order it leaves the entries in is the one the original
/// stores them in, which decides the summation order of the triangular
/// solves, so the rule is kept exactly: each pass takes the first entry of
/// the current window as the key, moves every later entry of strictly
/// larger magnitude to the front of the window in scanning order, puts the
/// key behind them, and narrows the window to the side holding position
/// `ncut` until the key lands there.
#[doc(alias = "QSPLIT")]
fn quick_split(entries: &mut [(usize, Real)], ncut: usize) {
    if ncut == 0 || ncut > entries.len() {
        return;
    }
    let target = ncut - 1;
    let (mut first, mut last) = (0, entries.len() - 1);
    loop {
        let key = entries[first].1.abs();
        let mut mid = first;
        for j in first + 1..=last {
            if entries[j].1.abs() > key {
                mid += 1;
                entries.swap(mid, j);
            }
        }
        entries.swap(mid, first);
        match mid.cmp(&target) {
            std::cmp::Ordering::Equal => return,
            std::cmp::Ordering::Greater => last = mid - 1,
            std::cmp::Ordering::Less => first = mid + 1,
        }
    }
}

/// ILUT / ILUTP of `a` (see the module documentation) into `out`. For
/// ILUTP, `col_pos` (NEQ long) receives the final position of each column
/// of `a`: the factors are those of A Q with `(A Q)(:, col_pos[c]) = A(:, c)`,
/// and the stored column indices of U are positions.
///
/// The storage rule is DASKR's: with `cap = out.vals.len()` off-diagonal
/// slots (LENPLUMX - NEQ - 1), storing an L entry needs a free slot and
/// storing the U part of a row needs its entries plus two more.
#[doc(alias = "ILUT")]
#[doc(alias = "ILUTP")]
pub fn factorize(
    a: &Csr,
    opts: &IluOptions,
    out: FactorsMut<'_>,
    col_pos: Option<&mut [FInt]>,
) -> Result<(), IluError> {
    let n = a.n;
    let cap = out.vals.len().min(out.cols.len());
    let pivoting = opts.method == Method::Ilutp;
    // DASKR's ILUT adds the single-precision constant 0.0001 to the drop
    // tolerance for a zero pivot; its ILUTP the double 1.0D-4.
    let zero_pivot_shift = if pivoting { 1.0e-4 } else { Real::from(0.0001f32) };
    let mut w = vec![0.0; n];
    let mut mark = vec![usize::MAX; n];
    let mut heap: BinaryHeap<Reverse<usize>> = BinaryHeap::new();
    let mut upper: Vec<usize> = Vec::new();
    let mut lkeep: Vec<(usize, Real)> = Vec::new();
    let mut ukeep: Vec<(usize, Real)> = Vec::new();
    // Column currently at each position, and the inverse (identity for ILUT).
    let mut col_at: Vec<usize> = (0..n).collect();
    let mut pos_of: Vec<usize> = (0..n).collect();
    let mut nz = 0usize;
    if n > 0 {
        out.start[0] = 0;
    }
    for i in 0..n {
        let row = a.ptr[i]..a.ptr[i + 1];
        let count = row.len();
        let tnorm_sum: Real = a.val[row.clone()].iter().map(|v| v.abs()).sum();
        if tnorm_sum == 0.0 {
            return Err(IluError::ZeroRow { row: i });
        }
        let tnorm = tnorm_sum / Real::from(count as f32);
        // Scatter the row (positions: current column order).
        mark[i] = i;
        w[i] = 0.0;
        for k in row {
            let p = pos_of[a.col[k]];
            if mark[p] == i {
                w[p] += a.val[k];
            } else {
                mark[p] = i;
                w[p] = a.val[k];
                if p < i {
                    heap.push(Reverse(p));
                } else {
                    upper.push(p);
                }
            }
        }
        // Eliminate earlier rows in increasing order.
        lkeep.clear();
        while let Some(Reverse(k)) = heap.pop() {
            let fact = w[k] * out.dinv[k];
            w[k] = 0.0;
            if fact.abs() <= opts.droptol {
                continue;
            }
            let (lo, hi) = (out.u_start[k] as usize, out.start[k + 1] as usize);
            for idx in lo..hi {
                let p = pos_of[out.cols[idx] as usize];
                let s = fact * out.vals[idx];
                if mark[p] == i {
                    w[p] -= s;
                } else {
                    mark[p] = i;
                    w[p] = -s;
                    if p < i {
                        heap.push(Reverse(p));
                    } else {
                        upper.push(p);
                    }
                }
            }
            lkeep.push((k, fact));
        }
        // L part: the LFILILUT largest multipliers, in quick-split order
        // (the multipliers enter it in elimination order).
        let keep = lkeep.len().min(opts.lfil);
        quick_split(&mut lkeep, keep);
        lkeep.truncate(keep);
        for &(k, fact) in &lkeep {
            if nz >= cap {
                return Err(IluError::LOverflow { row: i });
            }
            out.cols[nz] = k as FInt;
            out.vals[nz] = fact;
            nz += 1;
        }
        out.u_start[i] = nz as FInt;
        // U part: threshold relative to the row's mean, then at most
        // LFILILUT - 1 off-diagonals, as SPARSKIT keeps them: the survivors
        // (in the order the row of A and then the fill-in brought them in)
        // are quick-split at min(count + 1, LFILILUT), counting the
        // diagonal, and the first min(count, LFILILUT - 1) are stored in
        // that order.
        ukeep.clear();
        let utol = opts.droptol * tnorm;
        for &p in &upper {
            if w[p].abs() > utol {
                ukeep.push((p, w[p]));
            }
            w[p] = 0.0;
        }
        upper.clear();
        let ncut = (ukeep.len() + 1).min(opts.lfil);
        quick_split(&mut ukeep, ncut);
        ukeep.truncate(opts.lfil.saturating_sub(1));
        let mut diag = w[i];
        w[i] = 0.0;
        if pivoting {
            let xmax0 = diag.abs();
            let mut xmax = xmax0;
            let mut best = None;
            for (idx, &(_, v)) in ukeep.iter().enumerate() {
                let t = v.abs();
                if t > xmax && t * opts.permtol > xmax0 {
                    best = Some(idx);
                    xmax = t;
                }
            }
            if let Some(b) = best {
                // Swap the diagonal column with column p: the entry at
                // position p now holds the old diagonal value.
                let (p, v) = ukeep[b];
                ukeep[b].1 = diag;
                diag = v;
                col_at.swap(i, p);
                pos_of[col_at[i]] = i;
                pos_of[col_at[p]] = p;
            }
        }
        if nz + ukeep.len() + 2 > cap {
            return Err(IluError::UOverflow { row: i });
        }
        for &(p, v) in &ukeep {
            // Stored by column identity during the factorisation; turned
            // into final positions at the end (ILUTP).
            out.cols[nz] = col_at[p] as FInt;
            out.vals[nz] = v;
            nz += 1;
        }
        if diag == 0.0 {
            diag = (zero_pivot_shift + opts.droptol) * tnorm;
        }
        out.dinv[i] = 1.0 / diag;
        out.start[i + 1] = nz as FInt;
    }
    if pivoting {
        // L entries are row numbers already; U entries become positions.
        for i in 0..n {
            for idx in out.u_start[i] as usize..out.start[i + 1] as usize {
                out.cols[idx] = pos_of[out.cols[idx] as usize] as FInt;
            }
        }
        if let Some(cp) = col_pos {
            for (c, &p) in cp.iter_mut().zip(&pos_of) {
                *c = p as FInt;
            }
        }
    }
    Ok(())
}

/// The residual as DJACILU calls it: `res(y, y', delta)` evaluates
/// G(t, y, y') at the call's T and CJ into `delta` and returns IRES.
pub type ResidualFn<'a> = dyn FnMut(&[Real], &[Real], &mut [Real]) -> FInt + 'a;

/// Why the difference-quotient Jacobian could not be formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DqError {
    /// RES returned IRES < 0.
    Res(FInt),
    /// More than NNZMX nonzeros: the element (row, col) did not fit.
    Storage { row: usize, col: usize },
}

/// DASKR's increment for column j: sqrt(uround) * max(|y|, |h y'|,
/// |1/rewt|) with the sign of h y', rounded to a representable step.
fn increment(y: Real, yp: Real, rewt: Real, h: Real, squr: Real) -> Real {
    let hyp = h * yp;
    let del = squr * y.abs().max(hyp.abs()).max((1.0 / rewt).abs());
    // Fortran SIGN(DEL, H*YP), which gfortran evaluates as copysign.
    let del = del.copysign(hyp);
    (y + del) - y
}

/// The banded difference-quotient approximation of dG/dy + cj dG/dy'
/// (DASKR's DJCALC): columns `j, j+ML+MU+1, ...` are perturbed together,
/// one RES call per group; only entries within the band that are nonzero
/// are kept, at most `nnzmx` of them. `r0` is G at (y, y'), `r1` receives
/// the perturbed residuals; `calls` counts the RES calls that succeeded.
/// Y and YPRIME are restored before returning, also on failure.
#[doc(alias = "DJCALC")]
#[allow(clippy::too_many_arguments)]
pub fn difference_quotient_jacobian(
    ml: usize,
    mu: usize,
    nnzmx: usize,
    y: &mut [Real],
    yp: &mut [Real],
    rewt: &[Real],
    r0: &[Real],
    r1: &mut [Real],
    h: Real,
    cj: Real,
    res: &mut ResidualFn<'_>,
    calls: &mut usize,
) -> Result<Csr, DqError> {
    let n = y.len();
    let squr = Real::EPSILON.sqrt();
    let mband = ml.saturating_add(mu).saturating_add(1);
    let groups = mband.min(n);
    let mut triplets: Vec<(usize, usize, Real)> = Vec::with_capacity(nnzmx.min(groups.saturating_mul(n)));
    // (column, y, y', increment) of the group being perturbed.
    let mut saved: Vec<(usize, Real, Real, Real)> = Vec::new();
    for first in 0..groups {
        saved.clear();
        for jj in (first..n).step_by(mband) {
            let del = increment(y[jj], yp[jj], rewt[jj], h, squr);
            saved.push((jj, y[jj], yp[jj], del));
            y[jj] += del;
            yp[jj] += cj * del;
        }
        let ires = res(y, yp, r1);
        for &(jj, y0, yp0, _) in &saved {
            y[jj] = y0;
            yp[jj] = yp0;
        }
        if ires < 0 {
            return Err(DqError::Res(ires));
        }
        *calls += 1;
        for &(jj, _, _, del) in &saved {
            let delinv = 1.0 / del;
            let last = jj.saturating_add(ml).min(n - 1);
            for i in jj.saturating_sub(mu)..=last {
                let e = (r1[i] - r0[i]) * delinv;
                if e != 0.0 {
                    if triplets.len() >= nnzmx {
                        return Err(DqError::Storage { row: i, col: jj });
                    }
                    triplets.push((i, jj, e));
                }
            }
        }
    }
    // Rows keep the order in which their entries were computed (column
    // group by column group), as DASKR's Jacobian does.
    Ok(Csr::from_triplets_in_order(n, &triplets))
}

/// Writes the Jacobian text of JACOUT = 1 to a Fortran unit.
pub trait MatrixWriter {
    /// Write `text` (complete lines) to `unit`; on success, say where it
    /// went (a file name or "unit N"), on failure why not.
    fn write_unit(&mut self, unit: FInt, text: &str) -> Result<String, String>;
}

/// The point DJACILU works at: DASKR's Krylov JAC arguments.
#[derive(Debug)]
pub struct JacArgs<'a> {
    /// Y (perturbed during the call, restored on return).
    pub y: &'a mut [Real],
    /// YPRIME (perturbed during the call, restored on return).
    pub yp: &'a mut [Real],
    /// REWT: reciprocal error weights.
    pub rewt: &'a [Real],
    /// SAVR: G(t, y, y'). Row-scaled and permuted in place when the
    /// Jacobian is written out (JACOUT = 1), as DASKR does.
    pub savr: &'a mut [Real],
    /// WK: NEQ-long scratch (receives the perturbed residuals).
    pub wk: &'a mut [Real],
    pub h: Real,
    pub cj: Real,
}

/// What DJACILU hands back to its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JacOutcome {
    /// IERR: 0; 1 (Jacobian storage exceeded, or Jacobian written out);
    /// i > 0 (row i has zero norm, row scaling); -2, -3, -5 (factorisation,
    /// see [`IluError`]); an IPAR/RPAR code of DSPSETUP (see [`ParamError`];
    /// also 30/31 when the Rust caller's WP/IWP are too short).
    pub ierr: FInt,
    /// IRES: 0, the value RES returned when it failed, or -2 to stop.
    pub ires: FInt,
    /// RES calls to add to IPAR(30), once the Jacobian is complete.
    pub res_calls: Option<FInt>,
    /// IPAR(21..26) to store ([`Layout::pointers`]).
    pub pointers: Option<[FInt; 6]>,
}

fn line(text: impl Into<String>) -> MessageLine {
    MessageLine::text(text)
}

/// DJACILU: form the difference-quotient Jacobian, scale and reorder it,
/// and store its incomplete LU factors in WP/IWP (see the module
/// documentation). `res(y, y', delta)` evaluates G at the call's T and CJ
/// and returns IRES. IPAR(30) and IPAR(21..26) are left to the caller
/// ([`JacOutcome`]).
#[doc(alias = "DJACILU")]
pub fn jac_ilu(
    src: &dyn ParamSource,
    args: JacArgs<'_>,
    wp: &mut [Real],
    iwp: &mut [FInt],
    res: &mut ResidualFn<'_>,
    writer: &mut dyn MatrixWriter,
    sink: &mut dyn MessageSink,
) -> JacOutcome {
    let mut outcome = JacOutcome { ierr: 0, ires: 0, res_calls: None, pointers: None };
    let p = match IluParams::decode(src, Check::Factor) {
        Ok(p) => p,
        Err(e) => {
            sink.emit(&[
                line(format!("DJACILU-- Illegal input: {e}.")),
                line("DJACILU-- Check IPAR and RPAR with DSPSETUP; IERR = (I1)").with_ints(&[e.ierr()]),
            ]);
            outcome.ierr = e.ierr();
            outcome.ires = -2;
            return outcome;
        }
    };
    let n = args.y.len();
    let layout = Layout::new(n, &p);
    if wp.len() < layout.wp_len || iwp.len() < layout.iwp_len {
        let (code, what, need, have) = if wp.len() < layout.wp_len {
            (30, "WP", layout.wp_len, wp.len())
        } else {
            (31, "IWP", layout.iwp_len, iwp.len())
        };
        let to_int = |v: usize| FInt::try_from(v).unwrap_or(FInt::MAX);
        sink.emit(&[line(format!("DJACILU-- {what} is too short: needed (I1), given (I2)."))
            .with_ints(&[to_int(need), to_int(have)])]);
        outcome.ierr = code;
        outcome.ires = -2;
        return outcome;
    }
    if n == 0 {
        outcome.res_calls = Some(0);
        outcome.pointers = Some(layout.pointers());
        return outcome;
    }

    // 1. Jacobian by difference quotients.
    let mut calls = 0usize;
    let dq = difference_quotient_jacobian(
        p.ml,
        p.mu,
        layout.nnzmx,
        args.y,
        args.yp,
        args.rewt,
        args.savr,
        args.wk,
        args.h,
        args.cj,
        res,
        &mut calls,
    );
    let mut jac = match dq {
        Ok(j) => j,
        Err(DqError::Res(ires)) => {
            outcome.ires = ires;
            return outcome;
        }
        Err(DqError::Storage { row, col }) => {
            sink.emit(&[
                line("DJACILU-- The Jacobian has more than NNZMX = LENPFAC*NEQ nonzeros; increase LENPFAC (IPAR(3))."),
                line("DJACILU-- Storage ran out at (row, column) = (I1,I2)")
                    .with_ints(&[row as FInt + 1, col as FInt + 1]),
            ]);
            outcome.ierr = 1;
            outcome.ires = -2;
            return outcome;
        }
    };
    outcome.res_calls = Some(FInt::try_from(calls).unwrap_or(FInt::MAX));

    // 2. Column scaling by sqrt(NEQ)/REWT; DPSOLILU divides by
    // WGHT = REWT/sqrt(NEQ). DASKR takes sqrt(REAL(NEQ)) in single precision.
    if p.scale_columns {
        let sqrtn = Real::from((n as f32).sqrt());
        let d: Vec<Real> = args.rewt.iter().map(|&r| sqrtn / r).collect();
        jac.scale_columns(&d);
    }

    // 3. Row scaling by the reciprocal row norms (kept in WP).
    let (dinv, rest) = wp.split_at_mut(n);
    let (mut scale, vals) = match layout.wp_row_scale {
        Some(_) => {
            let (s, v) = rest.split_at_mut(n);
            (Some(s), v)
        }
        None => (None, rest),
    };
    let vals = &mut vals[..layout.cap];
    if let (Some(norm), Some(scale)) = (p.row_norm, scale.as_deref_mut()) {
        for (i, nrm) in jac.row_norms(norm).into_iter().enumerate() {
            if nrm == 0.0 {
                outcome.ierr = i as FInt + 1;
                return outcome;
            }
            scale[i] = 1.0 / nrm;
        }
        jac.scale_rows(scale);
    }

    // 4. Reverse Cuthill-McKee reordering (permutation kept in IWP).
    let (start, rest) = iwp.split_at_mut(n + 1);
    let (u_start, rest) = rest.split_at_mut(n);
    let (cols, mut rest) = rest.split_at_mut(layout.cap);
    let perm_store = if p.reorder {
        let (a, b) = rest.split_at_mut(n);
        rest = b;
        Some(a)
    } else {
        None
    };
    let col_pos = if p.method == Method::Ilutp { Some(&mut rest[..n]) } else { None };
    let mut perm: Option<Vec<usize>> = None;
    if let Some(store) = perm_store {
        let pv = rcm::rcm_permutation(n, &jac.ptr, &jac.col);
        jac = jac.permute_symmetric(&pv);
        for (s, &q) in store.iter_mut().zip(&pv) {
            *s = q as FInt;
        }
        perm = Some(pv);
    }

    // 5. JACOUT = 1: write the scaled, reordered Jacobian and residual, stop.
    if let Some(unit) = p.jac_out_unit {
        if let Some(scale) = scale.as_deref() {
            for (r, s) in args.savr.iter_mut().zip(scale) {
                *r *= s;
            }
        }
        if let Some(pv) = &perm {
            let old = args.savr.to_vec();
            for (i, &q) in pv.iter().enumerate() {
                args.savr[q] = old[i];
            }
        }
        let text = harwell_boeing(&jac, args.savr);
        match writer.write_unit(unit, &text) {
            Ok(place) => sink.emit(&[line(format!(
                "DJACILU-- Jacobian matrix and residual written to {place}; stopping (IRES = -2)."
            ))]),
            Err(why) => sink.emit(&[
                line(format!("DJACILU-- Could not write the Jacobian matrix to unit {unit}: {why}")),
                line("DJACILU-- Stopping (IRES = -2)."),
            ]),
        }
        outcome.ierr = 1;
        outcome.ires = -2;
        return outcome;
    }

    // 6. Incomplete factorisation into WP/IWP.
    let opts = IluOptions { method: p.method, lfil: p.lfil, droptol: p.droptol, permtol: p.permtol };
    let out = FactorsMut { dinv, vals, cols, start, u_start };
    outcome.pointers = Some(layout.pointers());
    if let Err(e) = factorize(&jac, &opts, out, col_pos) {
        let name = if p.method == Method::Ilut { "ILUT" } else { "ILUTP" };
        let mut lines =
            vec![line(format!("DJACILU-- Incomplete factorization {name} failed: IERR = (I1)")).with_ints(&[e.ierr()])];
        match e {
            IluError::LOverflow { row } | IluError::UOverflow { row } => {
                let which = if e.ierr() == -2 { "L" } else { "U" };
                lines.push(
                    line(format!("DJACILU-- The {which} factor ran out of storage (LENPLUMX) at row (I1);"))
                        .with_ints(&[row as FInt + 1]),
                );
                lines.push(line("DJACILU-- increase LENPLUFAC (IPAR(4)), or decrease LFILILUT (IPAR(6))."));
            }
            IluError::ZeroRow { row } => {
                lines.push(
                    line("DJACILU-- Row (I1) of the (reordered) Jacobian is zero.").with_ints(&[row as FInt + 1]),
                );
            }
        }
        sink.emit(&lines);
        outcome.ierr = e.ierr();
        if matches!(e, IluError::LOverflow { .. } | IluError::UOverflow { .. }) {
            outcome.ires = -2;
        }
    }
    outcome
}

impl IluParams {
    /// The entries DPSOLILU needs (IPAR(3), (4), (5), (7), (8), (11)),
    /// checked; the others are left at neutral values.
    pub fn decode_for_solve(src: &dyn ParamSource) -> Result<Self, ParamError> {
        let lenpfac = src.ipar(ipar::LENPFAC);
        if lenpfac <= 1 {
            return Err(ParamError::Lenpfac(lenpfac));
        }
        let lenplufac = src.ipar(ipar::LENPLUFAC);
        if lenplufac <= 1 {
            return Err(ParamError::Lenplufac(lenplufac));
        }
        let method = match src.ipar(ipar::IPREMETH) {
            1 => Method::Ilut,
            2 => Method::Ilutp,
            other => return Err(ParamError::Method(other)),
        };
        let reorder = flag(src.ipar(ipar::IREORDER)).ok_or(ParamError::Reorder(src.ipar(ipar::IREORDER)))?;
        let scale_rows = flag(src.ipar(ipar::ISRNORM)).ok_or(ParamError::RowScaling(src.ipar(ipar::ISRNORM)))?;
        let scale_columns =
            flag(src.ipar(ipar::JSCALCOL)).ok_or(ParamError::ColumnScaling(src.ipar(ipar::JSCALCOL)))?;
        Ok(IluParams {
            ml: 0,
            mu: 0,
            lenpfac: lenpfac as usize,
            lenplufac: lenplufac as usize,
            method,
            lfil: 0,
            reorder,
            row_norm: scale_rows.then_some(RowNorm::Two),
            jac_out_unit: None,
            scale_columns,
            droptol: 0.0,
            permtol: 0.0,
        })
    }
}

/// Why DPSOLILU could not solve.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Params(#[from] ParamError),
    #[error(transparent)]
    Corrupt(#[from] CorruptFactors),
}

/// DPSOLILU: b := P^-1 b with the preconditioner DJACILU stored in WP/IWP:
/// row scaling, RCM permutation, L U solve, ILUTP column permutation,
/// inverse RCM permutation, division by WGHT (JSCALCOL = 1). `wk` is
/// NEQ-long scratch; `wght` is read only when JSCALCOL = 1.
#[doc(alias = "DPSOLILU")]
pub fn psol_ilu(
    src: &dyn ParamSource,
    wp: &[Real],
    iwp: &[FInt],
    wght: &[Real],
    wk: &mut [Real],
    b: &mut [Real],
) -> Result<(), SolveError> {
    let p = IluParams::decode_for_solve(src)?;
    let n = b.len();
    let layout = Layout::new(n, &p);
    if wp.len() < layout.wp_len || iwp.len() < layout.iwp_len || wk.len() < n || (p.scale_columns && wght.len() < n) {
        return Err(CorruptFactors.into());
    }
    let scale = layout.wp_row_scale.map(|o| &wp[o..o + n]);
    let perm = layout.iwp_perm.map(|o| &iwp[o..o + n]);
    let col_pos = layout.iwp_col_pos.map(|o| &iwp[o..o + n]);
    let index =
        |v: FInt| -> Result<usize, CorruptFactors> { usize::try_from(v).ok().filter(|&k| k < n).ok_or(CorruptFactors) };
    let y = &mut wk[..n];
    for i in 0..n {
        let v = match scale {
            Some(s) => b[i] * s[i],
            None => b[i],
        };
        let at = match perm {
            Some(pm) => index(pm[i])?,
            None => i,
        };
        y[at] = v;
    }
    let factors = Factors {
        dinv: &wp[layout.wp_dinv..layout.wp_dinv + n],
        vals: &wp[layout.wp_values..layout.wp_values + layout.cap],
        cols: &iwp[layout.iwp_columns..layout.iwp_columns + layout.cap],
        start: &iwp[layout.iwp_row_start..layout.iwp_row_start + n + 1],
        u_start: &iwp[layout.iwp_u_start..layout.iwp_u_start + n],
    };
    factors.solve_in_place(y)?;
    for i in 0..n {
        let mut at = match perm {
            Some(pm) => index(pm[i])?,
            None => i,
        };
        if let Some(cp) = col_pos {
            at = index(cp[at])?;
        }
        b[i] = if p.scale_columns { y[at] / wght[i] } else { y[at] };
    }
    Ok(())
}

/// Fortran `Dw.d` as gfortran writes it: `0.ddd...D+ee`, the leading zero
/// dropped when the sign needs its column, `+eee` for three-digit
/// exponents, asterisks when it cannot fit.
fn fortran_d(value: Real, width: usize, digits: usize) -> String {
    if value.is_nan() {
        return format!("{:>width$}", "NaN");
    }
    if value.is_infinite() {
        let text = if value < 0.0 { "-Infinity" } else { "Infinity" };
        return format!("{text:>width$}");
    }
    let (mantissa, exponent) = if value == 0.0 {
        ("0".repeat(digits), 0i32)
    } else {
        let s = format!("{:.*e}", digits.saturating_sub(1), value.abs());
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        (m.chars().filter(char::is_ascii_digit).collect(), e.parse::<i32>().unwrap_or(0) + 1)
    };
    let exp_sign = if exponent < 0 { '-' } else { '+' };
    let e = exponent.unsigned_abs();
    let exp_field = if e <= 99 { format!("D{exp_sign}{e:02}") } else { format!("{exp_sign}{e:03}") };
    let sign = if value.is_sign_negative() { "-" } else { "" };
    let full = format!("{sign}0.{mantissa}{exp_field}");
    if full.len() <= width {
        return format!("{full:>width$}");
    }
    let short = format!("{sign}.{mantissa}{exp_field}");
    if short.len() <= width {
        short
    } else {
        "*".repeat(width)
    }
}

/// Fortran `Iw`.
fn fortran_i(value: i64, width: usize) -> String {
    let s = value.to_string();
    if s.len() > width {
        "*".repeat(width)
    } else {
        format!("{s:>width$}")
    }
}

/// Records of a Fortran WRITE of `items` with a format `(kX)`: k items a
/// line; an empty list still writes one (empty) record.
fn records(out: &mut String, items: &[String], per_line: usize) {
    if items.is_empty() {
        out.push('\n');
        return;
    }
    for chunk in items.chunks(per_line.max(1)) {
        for s in chunk {
            out.push_str(s);
        }
        out.push('\n');
    }
}

/// The Jacobian and one right-hand side in Harwell-Boeing format, written
/// the way DASKR's DJACILU has SPARSKIT's PRTMT write them: title
/// " DDASPK Test Matrix ", key "SPARSKIT", type "RUA", values in D21.15,
/// the CSR row pointers in the pointer section and the column indices in
/// the index section (1-based), then the right-hand side.
#[doc(alias = "PRTMT")]
pub fn harwell_boeing(a: &Csr, rhs: &[Real]) -> String {
    let nrow = a.n as i64;
    let ncol = a.n as i64;
    let nnz = a.nnz() as i64;
    // Field widths as PRTMT computes them (single-precision log10).
    let digits = |x: i64| ((0.1f32 + x as f32).log10()) as i64 + 1;
    let ptr_len = digits(nnz + 1).max(1);
    let ptr_per_line = (80 / ptr_len).max(1);
    let ptrcrd = ncol / ptr_per_line + 1;
    let ptrfmt = if ptr_len > 9 {
        format!("({}I{})", fortran_i(ptr_per_line, 2), fortran_i(ptr_len, 2))
    } else {
        format!("({}I{})", fortran_i(ptr_per_line, 2), fortran_i(ptr_len, 1))
    };
    let ind_len = digits(nrow).max(1);
    let ind_per_line = (80 / ind_len).min(nnz).max(1);
    let indcrd = (nnz - 1) / ind_per_line + 1;
    let indfmt = format!("({}I{})", fortran_i(ind_per_line, 2), fortran_i(ind_len, 1));
    const IFMT: i64 = 15;
    let val_len = IFMT + 6;
    let val_per_line = 80 / val_len;
    let valfmt = format!("({}D{}.{})", val_per_line, val_len, IFMT);
    let valcrd = (nnz - 1) / val_per_line + 1;
    let nrhs = 1i64;
    let rhscrd = (nrhs * nrow - 1) / val_per_line + 1;
    let totcrd = ptrcrd + indcrd + valcrd + rhscrd;

    let mut out = String::new();
    let _ = writeln!(out, "{:<72}{:<8}", " DDASPK Test Matrix ", "SPARSKIT");
    for v in [totcrd, ptrcrd, indcrd, valcrd, rhscrd] {
        out.push_str(&fortran_i(v, 14));
    }
    out.push('\n');
    out.push_str("RUA           ");
    for v in [nrow, ncol, nnz, nrhs] {
        out.push_str(&fortran_i(v, 14));
    }
    out.push('\n');
    let _ = writeln!(out, "{ptrfmt:<16}{indfmt:<16}{valfmt:<20}{valfmt:<20}");
    let _ = writeln!(out, "FNN           {}{}", fortran_i(nrhs, 14), fortran_i(0, 14));
    let ptrs: Vec<String> = a.ptr.iter().map(|&p| fortran_i(p as i64 + 1, ptr_len as usize)).collect();
    records(&mut out, &ptrs, ptr_per_line as usize);
    let inds: Vec<String> = a.col.iter().map(|&c| fortran_i(c as i64 + 1, ind_len as usize)).collect();
    records(&mut out, &inds, ind_per_line as usize);
    let vals: Vec<String> = a.val.iter().map(|&v| fortran_d(v, val_len as usize, IFMT as usize)).collect();
    records(&mut out, &vals, val_per_line as usize);
    let r: Vec<String> = rhs.iter().map(|&v| fortran_d(v, val_len as usize, IFMT as usize)).collect();
    records(&mut out, &r, val_per_line as usize);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::messages::CollectMessages;

    /// Dense LU without pivoting (Doolittle), row-major; returns (L, U).
    fn dense_lu(n: usize, a: &[Real]) -> (Vec<Real>, Vec<Real>) {
        let mut u = a.to_vec();
        let mut l = vec![0.0; n * n];
        for k in 0..n {
            l[k * n + k] = 1.0;
            for i in k + 1..n {
                let f = u[i * n + k] / u[k * n + k];
                l[i * n + k] = f;
                for j in k..n {
                    u[i * n + j] -= f * u[k * n + j];
                }
            }
        }
        (l, u)
    }

    /// A diagonally dominant, unsymmetric test matrix with some zeros.
    fn test_matrix(n: usize) -> Vec<Real> {
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..n {
                let d = i.abs_diff(j);
                if d <= 2 || (i * 7 + j * 3) % 5 == 0 {
                    a[i * n + j] = ((i * 13 + j * 5) % 11) as Real / 11.0 - 0.4;
                }
            }
            a[i * n + i] = 4.0 + i as Real * 0.1;
        }
        a
    }

    fn full_fill(method: Method, n: usize) -> IluOptions {
        IluOptions { method, lfil: n, droptol: 0.0, permtol: 0.0 }
    }

    #[test]
    fn ilut_without_dropping_is_exact_lu() {
        let n = 9;
        let a = test_matrix(n);
        let csr = Csr::from_dense(n, &a);
        let f = OwnedFactors::factorize(&csr, &full_fill(Method::Ilut, n), n * n + n + 1).unwrap();
        let (l, u) = dense_lu(n, &a);
        // Compare every stored factor entry with the dense LU, and check
        // that nothing nonzero of the dense LU is missing.
        let mut lf = vec![0.0; n * n];
        let mut uf = vec![0.0; n * n];
        for i in 0..n {
            for k in f.start[i] as usize..f.u_start[i] as usize {
                lf[i * n + f.cols[k] as usize] = f.vals[k];
            }
            for k in f.u_start[i] as usize..f.start[i + 1] as usize {
                uf[i * n + f.cols[k] as usize] = f.vals[k];
            }
            uf[i * n + i] = 1.0 / f.dinv[i];
            lf[i * n + i] = 1.0;
        }
        for k in 0..n * n {
            assert!((lf[k] - l[k]).abs() <= 1e-12, "L entry {k}: {} vs {}", lf[k], l[k]);
            assert!((uf[k] - u[k]).abs() <= 1e-12, "U entry {k}: {} vs {}", uf[k], u[k]);
        }
        // And the solve is exact.
        let x: Vec<Real> = (0..n).map(|i| 1.0 + i as Real).collect();
        let mut b = vec![0.0; n];
        csr.mul_vec(&x, &mut b);
        let got = f.solve(&b).unwrap();
        for i in 0..n {
            assert!((got[i] - x[i]).abs() < 1e-12);
        }
    }

    #[test]
    fn ilut_fill_and_threshold_limit_the_factors() {
        let n = 40;
        let a = test_matrix(n);
        let csr = Csr::from_dense(n, &a);
        let opts = IluOptions { method: Method::Ilut, lfil: 3, droptol: 1e-3, permtol: 0.0 };
        let f = OwnedFactors::factorize(&csr, &opts, 100 * n).unwrap();
        // L rows keep LFILILUT = 3 entries, U rows LFILILUT - 1 = 2 (as
        // SPARSKIT, which counts the diagonal), and the bounds are reached.
        let l_len: Vec<FInt> = (0..n).map(|i| f.u_start[i] - f.start[i]).collect();
        let u_len: Vec<FInt> = (0..n).map(|i| f.start[i + 1] - f.u_start[i]).collect();
        assert_eq!(l_len.iter().max(), Some(&3));
        assert_eq!(u_len.iter().max(), Some(&2));
        // Still a useful preconditioner: residual of one application small.
        let x = vec![1.0; n];
        let mut b = vec![0.0; n];
        csr.mul_vec(&x, &mut b);
        let got = f.solve(&b).unwrap();
        let err = got.iter().map(|v| (v - 1.0).abs()).fold(0.0, Real::max);
        assert!(err < 0.2, "error {err}");
    }

    fn magnitudes(e: &[(usize, Real)]) -> Vec<Real> {
        e.iter().map(|x| x.1).collect()
    }

    #[test]
    fn quick_split_leaves_entries_in_the_original_order() {
        // Worked by hand with SPARSKIT's rule: the kept entries are the
        // three largest, but not sorted.
        let mut e: Vec<(usize, Real)> = [3.0, -1.0, 2.0, 5.0, -4.0].iter().copied().enumerate().collect();
        quick_split(&mut e, 3);
        assert_eq!(e, vec![(4, -4.0), (3, 5.0), (0, 3.0), (1, -1.0), (2, 2.0)]);
        // Several passes, narrowing to both sides.
        let mut e: Vec<(usize, Real)> = [3.0, 1.0, 4.0, 1.5, 5.0, 9.0, 2.0, 6.0].iter().copied().enumerate().collect();
        quick_split(&mut e, 3);
        assert_eq!(magnitudes(&e), vec![9.0, 6.0, 5.0, 4.0, 3.0, 1.5, 2.0, 1.0]);
        assert_eq!(e.iter().map(|x| x.0).collect::<Vec<_>>(), vec![5, 7, 4, 2, 0, 3, 6, 1]);
        // Equal magnitudes are not "larger": the key stays in front of them.
        let mut e = vec![(0, 2.0), (1, -2.0), (2, 1.0)];
        quick_split(&mut e, 1);
        assert_eq!(e, vec![(0, 2.0), (1, -2.0), (2, 1.0)]);
        // A cut of 0 or beyond the end leaves the order alone; a cut at the
        // end still rearranges.
        let orig = vec![(0, 1.0), (1, 3.0), (2, 2.0)];
        for cut in [0, 4] {
            let mut e = orig.clone();
            quick_split(&mut e, cut);
            assert_eq!(e, orig);
        }
        let mut e = orig.clone();
        quick_split(&mut e, 3);
        assert_eq!(e, vec![(2, 2.0), (1, 3.0), (0, 1.0)]);
    }

    #[test]
    fn rows_keep_lfil_multipliers_and_lfil_minus_one_upper_entries() {
        // Row 0 has five off-diagonals 1, 5, 3, 4, 2 (columns 1..5); with
        // LFILILUT = 3 SPARSKIT keeps the first two of their quick-split at
        // 3: 5 (column 2), then 4 (column 4), stored in that order. Row 6
        // eliminates rows 1..5 (unit diagonal, nothing else) with
        // multipliers 0.1, 0.5, 0.3, 0.4, 0.2 and keeps the quick-split at
        // 3 of them, in its order: 0.5 (column 2), 0.4 (4), 0.3 (3).
        let n = 7;
        let mut t = vec![(0, 0, 10.0)];
        for (j, v) in [(1, 1.0), (2, 5.0), (3, 3.0), (4, 4.0), (5, 2.0)] {
            t.push((0, j, v));
        }
        for i in 1..n {
            t.push((i, i, 1.0));
        }
        for (k, m) in [(1, 0.1), (2, 0.5), (3, 0.3), (4, 0.4), (5, 0.2)] {
            t.push((6, k, m));
        }
        let a = Csr::from_triplets(n, &t);
        let opts = IluOptions { method: Method::Ilut, lfil: 3, droptol: 0.0, permtol: 0.0 };
        let f = OwnedFactors::factorize(&a, &opts, 100).unwrap();
        let row = |lo: FInt, hi: FInt| -> Vec<(FInt, Real)> {
            (lo as usize..hi as usize).map(|k| (f.cols[k], f.vals[k])).collect()
        };
        assert_eq!(row(f.u_start[0], f.start[1]), vec![(2, 5.0), (4, 4.0)]);
        assert_eq!(row(f.start[6], f.u_start[6]), vec![(2, 0.5), (4, 0.4), (3, 0.3)]);
        assert_eq!(f.nnz_lu(), (3, 2));
        // LFILILUT = 0 keeps no off-diagonals at all; 1 keeps one L entry
        // per row but no U entries; 6 keeps everything.
        for (lfil, counts) in [(0, (0, 0)), (1, (1, 0)), (6, (5, 5))] {
            let f = OwnedFactors::factorize(&a, &IluOptions { lfil, ..opts }, 100).unwrap();
            assert_eq!(f.nnz_lu(), counts, "lfil {lfil}");
        }
    }

    #[test]
    fn ilutp_pivots_when_the_diagonal_is_small() {
        // Zero diagonal: ILUT must invent pivots, ILUTP swaps columns and
        // (with no dropping) solves exactly.
        let n = 6;
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            a[i * n + (i + 1) % n] = 3.0 + i as Real;
            a[i * n + (i + 3) % n] = 1.0;
            a[i * n + i] = if i % 2 == 0 { 0.0 } else { 1e-3 };
        }
        let csr = Csr::from_dense(n, &a);
        let x: Vec<Real> = (0..n).map(|i| (i as Real) - 2.5).collect();
        let mut b = vec![0.0; n];
        csr.mul_vec(&x, &mut b);
        let opts = IluOptions { method: Method::Ilutp, lfil: n, droptol: 0.0, permtol: 0.5 };
        let f = OwnedFactors::factorize(&csr, &opts, n * n + n + 1).unwrap();
        let pos = f.col_pos.as_ref().unwrap();
        assert!(pos.iter().enumerate().any(|(c, &p)| p as usize != c), "some column must move");
        let got = f.solve(&b).unwrap();
        for i in 0..n {
            assert!((got[i] - x[i]).abs() < 1e-10, "{i}: {} vs {}", got[i], x[i]);
        }
        // PERMTOL = 0 never pivots.
        let opts0 = IluOptions { permtol: 0.0, ..opts };
        let f0 = OwnedFactors::factorize(&csr, &opts0, n * n + n + 1).unwrap();
        assert!(f0.col_pos.as_ref().unwrap().iter().enumerate().all(|(c, &p)| p as usize == c));
    }

    #[test]
    fn triangular_solves_by_hand() {
        // L = [1 0 0; 2 1 0; 0 3 1], U = [2 1 0; 0 4 -1; 0 0 5].
        let f = OwnedFactors {
            dinv: vec![0.5, 0.25, 0.2],
            vals: vec![1.0, 2.0, -1.0, 3.0],
            cols: vec![1, 0, 2, 1],
            start: vec![0, 1, 3, 4],
            u_start: vec![0, 2, 4],
            col_pos: None,
        };
        // x = (1, 2, 3): U x = (4, 5, 15), b = L U x = (4, 13, 30).
        let got = f.solve(&[4.0, 13.0, 30.0]).unwrap();
        assert_eq!(got, vec![1.0, 2.0, 3.0]);
        let bad = OwnedFactors { cols: vec![1, 7, 2, 1], ..f.clone() };
        assert_eq!(bad.solve(&[1.0, 1.0, 1.0]), Err(CorruptFactors));
        let bad = OwnedFactors { start: vec![0, 1, 9, 4], ..f };
        assert_eq!(bad.solve(&[1.0, 1.0, 1.0]), Err(CorruptFactors));
    }

    #[test]
    fn factor_errors_have_daskr_codes() {
        let n = 8;
        let a = test_matrix(n);
        let csr = Csr::from_dense(n, &a);
        let opts = full_fill(Method::Ilut, n);
        // Dense lower triangle: three multipliers in row 3 do not fit in
        // five slots once rows 1 and 2 hold three.
        let lower: Vec<Real> = (0..25).map(|k| if k % 5 <= k / 5 { 1.0 + k as Real } else { 0.0 }).collect();
        let e =
            OwnedFactors::factorize(&Csr::from_dense(5, &lower), &full_fill(Method::Ilut, 5), 5 + 1 + 5).unwrap_err();
        assert_eq!(e, IluError::LOverflow { row: 3 });
        assert_eq!(e.ierr(), -2);
        let e = OwnedFactors::factorize(&csr, &opts, n + 1 + 5).unwrap_err();
        assert_eq!(e.ierr(), -3);
        // Room for L but not for U: a lower-triangular-heavy matrix.
        let upper_only = Csr::from_triplets(3, &[(0, 0, 1.0), (0, 1, 1.0), (0, 2, 1.0), (1, 1, 1.0), (2, 2, 1.0)]);
        let e = OwnedFactors::factorize(&upper_only, &full_fill(Method::Ilut, 3), 3 + 1 + 3).unwrap_err();
        assert_eq!(e, IluError::UOverflow { row: 0 });
        let zero_row = Csr::from_triplets(3, &[(0, 0, 1.0), (2, 2, 1.0)]);
        let e = OwnedFactors::factorize(&zero_row, &opts, 100).unwrap_err();
        assert_eq!(e, IluError::ZeroRow { row: 1 });
        assert_eq!(e.ierr(), -5);
    }

    fn heat_params(method: FInt, reorder: FInt) -> (Vec<FInt>, Vec<Real>) {
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[1, 1, 5, 5, method, 5, reorder, 1, 2, 0, 1]);
        (ipar, vec![Real::from(0.001f32), 0.01])
    }

    #[test]
    fn setup_formulas_and_codes() {
        // DHEATILU: NEQ = 144 -> 2448, 4321 (as the original prints).
        let (ipar, rpar) = heat_params(1, 1);
        let src = SliceParams { ipar: &ipar, rpar: &rpar };
        assert_eq!(setup(144, 2448, 4321, &src), SetupOutcome { ierr: 0, min_lengths: Some((2448, 4321)) });
        assert_eq!(setup(144, 2447, 4321, &src).ierr, 30);
        assert_eq!(setup(144, 2448, 4320, &src).ierr, 31);
        // DWEBILU: NEQ = 800, LENPFAC 10, LENPLUFAC 2, ILUTP -> 19200, 32801.
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[41, 41, 10, 2, 2, 10, 1, 1, 2, 0, 1]);
        let src = SliceParams { ipar: &ipar, rpar: &rpar };
        assert_eq!(setup(800, 19200, 32801, &src).min_lengths, Some((19200, 32801)));
        // Each illegal entry gives its code.
        let cases: &[(usize, FInt, FInt)] = &[
            (1, 0, 1),
            (2, 0, 2),
            (3, 1, 3),
            (4, 1, 4),
            (5, 3, 5),
            (6, -1, 6),
            (7, 2, 7),
            (8, 2, 8),
            (9, 3, 9),
            (10, 2, 10),
            (11, 2, 11),
        ];
        for &(pos, value, code) in cases {
            let mut bad = ipar.clone();
            bad[pos - 1] = value;
            let src = SliceParams { ipar: &bad, rpar: &rpar };
            assert_eq!(setup(800, 1 << 30, 1 << 30, &src), SetupOutcome { ierr: code, min_lengths: None });
        }
        let mut jac = ipar.clone();
        jac[9] = 1;
        assert_eq!(setup(800, 1 << 30, 1 << 30, &SliceParams { ipar: &jac, rpar: &rpar }).ierr, 12);
        jac[28] = 3;
        assert_eq!(setup(800, 1 << 30, 1 << 30, &SliceParams { ipar: &jac, rpar: &rpar }).ierr, 0);
        assert_eq!(setup(800, 1 << 30, 1 << 30, &SliceParams { ipar: &ipar, rpar: &[-1.0, 0.0] }).ierr, 21);
        assert_eq!(setup(800, 1 << 30, 1 << 30, &SliceParams { ipar: &ipar, rpar: &[0.0, -1.0] }).ierr, 22);
        // PERMTOL is not looked at for ILUT.
        let (ilut, _) = heat_params(1, 0);
        assert_eq!(setup(10, 1 << 30, 1 << 30, &SliceParams { ipar: &ilut, rpar: &[0.0, -1.0] }).ierr, 0);
    }

    #[test]
    fn layout_fits_inside_daskr_minimum() {
        for neq in [1usize, 2, 7, 144, 800] {
            for method in [1, 2] {
                for reorder in [0, 1] {
                    for isr in [0, 1] {
                        for (pf, pluf) in [(2, 2), (5, 5), (10, 2), (3, 7)] {
                            let mut ipar = vec![0; 30];
                            ipar[..11].copy_from_slice(&[1, 1, pf, pluf, method, 5, reorder, isr, 2, 0, 1]);
                            let p = IluParams::decode(&SliceParams { ipar: &ipar, rpar: &[0.0, 0.0] }, Check::Setup)
                                .unwrap();
                            let (lwp, liwp) = p.minimum_lengths(neq as i64);
                            let l = Layout::new(neq, &p);
                            assert!(l.wp_len as i64 <= lwp && l.iwp_len as i64 <= liwp, "{neq} {ipar:?}");
                            assert_eq!(l.cap, l.lenplumx - neq - 1);
                        }
                    }
                }
            }
        }
    }

    struct NoWriter;
    impl MatrixWriter for NoWriter {
        fn write_unit(&mut self, _unit: FInt, _text: &str) -> Result<String, String> {
            Err("no output in this test".into())
        }
    }

    struct Capture(Vec<(FInt, String)>);
    impl MatrixWriter for Capture {
        fn write_unit(&mut self, unit: FInt, text: &str) -> Result<String, String> {
            self.0.push((unit, text.to_string()));
            Ok(format!("unit {unit}"))
        }
    }

    /// G(y, y') = y' - M y for a 1-D Laplacian-like M with a reaction
    /// term, n points; the iteration matrix is cj I - M (tridiagonal).
    fn linear_res(n: usize) -> impl FnMut(&[Real], &[Real], &mut [Real]) -> FInt {
        move |y: &[Real], yp: &[Real], d: &mut [Real]| {
            for i in 0..n {
                let left = if i > 0 { y[i - 1] } else { 0.0 };
                let right = if i + 1 < n { y[i + 1] } else { 0.0 };
                d[i] = yp[i] - (left - 2.5 * y[i] + 0.5 * right);
            }
            0
        }
    }

    fn run_jac(
        n: usize,
        ipar: &[FInt],
        rpar: &[Real],
        writer: &mut dyn MatrixWriter,
    ) -> (JacOutcome, Vec<Real>, Vec<FInt>, Vec<Real>, CollectMessages) {
        let src = SliceParams { ipar, rpar };
        let p = IluParams::decode(&src, Check::Factor).unwrap();
        let (lwp, liwp) = p.minimum_lengths(n as i64);
        let mut wp = vec![0.0; lwp as usize];
        let mut iwp = vec![0; liwp as usize];
        let mut y: Vec<Real> = (0..n).map(|i| (i as Real * 0.3).sin()).collect();
        let mut yp = vec![0.1; n];
        let rewt: Vec<Real> = (0..n).map(|i| 1.0 / (1e-3 + 1e-4 * i as Real)).collect();
        let mut res = linear_res(n);
        let mut savr = vec![0.0; n];
        res(&y, &yp, &mut savr);
        let mut wk = vec![0.0; n];
        let (y0, yp0) = (y.clone(), yp.clone());
        let mut msgs = CollectMessages::default();
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &rewt, savr: &mut savr, wk: &mut wk, h: 0.01, cj: 100.0 };
        let o = jac_ilu(&src, args, &mut wp, &mut iwp, &mut res, writer, &mut msgs);
        assert_eq!((y, yp), (y0, yp0), "Y and YPRIME are restored");
        (o, wp, iwp, rewt, msgs)
    }

    #[test]
    fn jac_and_psol_invert_the_iteration_matrix() {
        let n = 30;
        for (method, reorder, isr, jscal) in [(1, 0, 0, 0), (1, 1, 1, 1), (2, 1, 1, 1), (2, 0, 1, 0)] {
            let mut ipar = vec![0; 30];
            ipar[..11].copy_from_slice(&[1, 1, 3, 3, method, n as FInt, reorder, isr, 2, 0, jscal]);
            let rpar = [0.0, 0.5];
            let (o, wp, iwp, rewt, _) = run_jac(n, &ipar, &rpar, &mut NoWriter);
            assert_eq!((o.ierr, o.ires), (0, 0));
            assert_eq!(o.res_calls, Some(3));
            let src = SliceParams { ipar: &ipar, rpar: &rpar };
            // P^-1 (J x) = x for the exact factors, J = cj I - M.
            let x: Vec<Real> = (0..n).map(|i| 1.0 + (i % 4) as Real).collect();
            let mut b: Vec<Real> = (0..n)
                .map(|i| {
                    let left = if i > 0 { x[i - 1] } else { 0.0 };
                    let right = if i + 1 < n { x[i + 1] } else { 0.0 };
                    100.0 * x[i] - (left - 2.5 * x[i] + 0.5 * right)
                })
                .collect();
            let sqrtn = Real::from((n as f32).sqrt());
            let wght: Vec<Real> = rewt.iter().map(|r| r / sqrtn).collect();
            let mut wk = vec![0.0; n];
            psol_ilu(&src, &wp, &iwp, &wght, &mut wk, &mut b).unwrap();
            for i in 0..n {
                assert!((b[i] - x[i]).abs() < 1e-6 * x[i].abs(), "{method} {reorder}: {i}: {} vs {}", b[i], x[i]);
            }
        }
    }

    #[test]
    fn jac_storage_and_row_errors() {
        let n = 10;
        // LENPFAC = 2 is too small for a tridiagonal Jacobian (3n - 2 > 2n).
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[1, 1, 2, 2, 1, 5, 0, 0, 2, 0, 0]);
        let (o, _, _, _, msgs) = run_jac(n, &ipar, &[0.0, 0.0], &mut NoWriter);
        assert_eq!((o.ierr, o.ires, o.res_calls), (1, -2, None));
        assert!(!msgs.0.is_empty());
        // Factor storage: LENPLUFAC = 2 with full fill of a wide band.
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[9, 9, 3, 2, 1, 10, 0, 0, 2, 0, 0]);
        // Arrow matrix (full first row and column): its LU fills in
        // completely, 90 off-diagonals for 39 slots.
        let wide = |y: &[Real], yp: &[Real], d: &mut [Real]| -> FInt {
            let s: Real = y.iter().sum();
            for i in 0..y.len() {
                d[i] = yp[i] + y[i] * (i + 1) as Real + if i == 0 { s } else { y[0] };
            }
            0
        };
        let src = SliceParams { ipar: &ipar, rpar: &[0.0, 0.0] };
        let p = IluParams::decode(&src, Check::Factor).unwrap();
        let (lwp, liwp) = p.minimum_lengths(n as i64);
        let (mut wp, mut iwp) = (vec![0.0; lwp as usize], vec![0; liwp as usize]);
        let mut y = vec![1.0; n];
        let mut yp = vec![0.0; n];
        let mut savr = vec![0.0; n];
        let mut wide = wide;
        wide(&y, &yp, &mut savr);
        let mut wk = vec![0.0; n];
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &[1.0; 10], savr: &mut savr, wk: &mut wk, h: 0.1, cj: 10.0 };
        let mut msgs = CollectMessages::default();
        let o = jac_ilu(&src, args, &mut wp, &mut iwp, &mut wide, &mut NoWriter, &mut msgs);
        assert_eq!((o.ierr, o.ires), (-2, -2));
        // RES failure is passed on, nothing else set.
        let mut failing = |_: &[Real], _: &[Real], _: &mut [Real]| -> FInt { -1 };
        let mut y = vec![1.0; n];
        let mut yp = vec![0.0; n];
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &[1.0; 10], savr: &mut savr, wk: &mut wk, h: 0.1, cj: 10.0 };
        let o = jac_ilu(&src, args, &mut wp, &mut iwp, &mut failing, &mut NoWriter, &mut msgs);
        assert_eq!(o, JacOutcome { ierr: 0, ires: -1, res_calls: None, pointers: None });
        assert_eq!((y.clone(), yp.clone()), (vec![1.0; n], vec![0.0; n]));
        // A zero row with row scaling: IERR = its (1-based) index.
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[1, 1, 3, 3, 1, 5, 0, 1, 0, 0, 0]);
        let src = SliceParams { ipar: &ipar, rpar: &[0.0, 0.0] };
        let mut zero4 = |y: &[Real], yp: &[Real], d: &mut [Real]| -> FInt {
            for i in 0..y.len() {
                d[i] = if i == 3 { 1.0 } else { yp[i] - y[i] };
            }
            0
        };
        let (mut wp, mut iwp) = (vec![0.0; 1000], vec![0; 1000]);
        zero4(&y, &yp, &mut savr);
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &[1.0; 10], savr: &mut savr, wk: &mut wk, h: 0.1, cj: 10.0 };
        let o = jac_ilu(&src, args, &mut wp, &mut iwp, &mut zero4, &mut NoWriter, &mut msgs);
        assert_eq!((o.ierr, o.ires, o.res_calls), (4, 0, Some(3)));
    }

    #[test]
    fn illegal_parameters_stop_djacilu() {
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[0, 0, 3, 3, 7, 5, 0, 0, 2, 0, 0]);
        let (mut y, mut yp, mut savr, mut wk) = (vec![0.0; 4], vec![0.0; 4], vec![0.0; 4], vec![0.0; 4]);
        let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &[1.0; 4], savr: &mut savr, wk: &mut wk, h: 0.1, cj: 1.0 };
        let mut msgs = CollectMessages::default();
        let mut res = |_: &[Real], _: &[Real], _: &mut [Real]| -> FInt { 0 };
        let o = jac_ilu(
            &SliceParams { ipar: &ipar, rpar: &[0.0] },
            args,
            &mut [],
            &mut [],
            &mut res,
            &mut NoWriter,
            &mut msgs,
        );
        assert_eq!((o.ierr, o.ires), (5, -2));
        assert_eq!(msgs.0.len(), 1);
    }

    #[test]
    fn jacobian_output_in_harwell_boeing_format() {
        let n = 4;
        let mut ipar = vec![0; 30];
        ipar[..11].copy_from_slice(&[1, 1, 3, 3, 1, 5, 0, 0, 2, 1, 0]);
        ipar[28] = 7;
        let mut cap = Capture(Vec::new());
        let (o, _, _, _, msgs) = run_jac(n, &ipar, &[0.0, 0.0], &mut cap);
        assert_eq!((o.ierr, o.ires), (1, -2));
        assert_eq!(msgs.0.len(), 1);
        let (unit, text) = &cap.0[0];
        assert_eq!(*unit, 7);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].len(), 80);
        assert!(lines[0].starts_with(" DDASPK Test Matrix ") && lines[0].ends_with("SPARSKIT"));
        // 10 nonzeros, 5 pointers: one card each for pointers and indices,
        // four for values (3 a card), two for the residual.
        assert_eq!(lines[1], format!("{:>14}{:>14}{:>14}{:>14}{:>14}", 8, 1, 1, 4, 2));
        assert_eq!(lines[2], format!("RUA           {:>14}{:>14}{:>14}{:>14}", 4, 4, 10, 1));
        assert_eq!(lines[3], "(40I2)          (10I1)          (3D21.15)           (3D21.15)           ");
        assert_eq!(lines[4], format!("FNN           {:>14}{:>14}", 1, 0));
        assert_eq!(lines[5], " 1 3 6 911");
        // Rows keep the order of the column groups (0 and 3, then 1, then 2).
        assert_eq!(lines[6], "1212342343");
        assert_eq!(lines.len(), 5 + 1 + 1 + 4 + 2);
        // d = y' - (y(i-1) - 2.5 y(i) + 0.5 y(i+1)): row 1 = (cj + 2.5, -0.5).
        let value = |field: &str| field.replace('D', "e").parse::<Real>().unwrap();
        assert!((value(&lines[7][..21]) - 102.5).abs() < 1e-5, "{}", lines[7]);
        assert!((value(&lines[7][21..42]) + 0.5).abs() < 1e-5, "{}", lines[7]);
    }

    #[test]
    fn fortran_d21_15_as_gfortran_writes_it() {
        // Checked against gfortran's WRITE(6,'(3D21.15)').
        assert_eq!(fortran_d(1.0, 21, 15), "0.100000000000000D+01");
        assert_eq!(fortran_d(-1.0, 21, 15), "-.100000000000000D+01");
        assert_eq!(fortran_d(0.0, 21, 15), "0.000000000000000D+00");
        assert_eq!(fortran_d(-0.0, 21, 15), "-.000000000000000D+00");
        assert_eq!(fortran_d(1.5e-200, 21, 15), "0.150000000000000-199");
        assert_eq!(fortran_d(-2.5e150, 21, 15), "-.250000000000000+151");
        assert_eq!(fortran_d(123.456, 21, 15), "0.123456000000000D+03");
        assert_eq!(fortran_i(12345, 3), "***");
    }

    #[test]
    fn difference_quotients_match_daskr_increments() {
        let n = 5;
        let mut y = vec![1.0, -2.0, 0.0, 3.0, 1e-9];
        let mut yp = vec![0.5, 0.0, -1.0, 0.0, 2.0];
        let rewt = vec![1e3; n];
        let mut res = |y: &[Real], yp: &[Real], d: &mut [Real]| -> FInt {
            for i in 0..y.len() {
                d[i] = 2.0 * yp[i] - y[i] * if i > 0 { 1.0 } else { 0.0 };
            }
            0
        };
        let mut r0 = vec![0.0; n];
        res(&y, &yp, &mut r0);
        let mut r1 = vec![0.0; n];
        let mut calls = 0;
        let cj = 50.0;
        let jac = difference_quotient_jacobian(
            0, 0, 100, &mut y, &mut yp, &rewt, &r0, &mut r1, 0.1, cj, &mut res, &mut calls,
        )
        .unwrap();
        assert_eq!(calls, 1, "ML = MU = 0: one group");
        assert_eq!(jac.nnz(), n);
        for i in 0..n {
            let exact = 2.0 * cj - if i > 0 { 1.0 } else { 0.0 };
            assert!((jac.val[i] - exact).abs() < 1e-5 * exact, "{i}: {}", jac.val[i]);
        }
        // The sign of the increment follows h*y' (copysign, -0.0 included).
        let squr = Real::EPSILON.sqrt();
        assert!(increment(1.0, -1.0, 1.0, 0.1, squr) < 0.0);
        assert!(increment(1.0, -0.0, 1.0, 0.1, squr) < 0.0);
        assert!(increment(1.0, 0.0, 1.0, 0.1, squr) > 0.0);
    }
}
