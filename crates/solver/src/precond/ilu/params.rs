//! IPAR/RPAR of the ILU preconditioner: their positions, decoding and
//! checks ([`IluParams`]), DASKR's minimum lengths of WP/IWP, and DSPSETUP
//! ([`setup`]).

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
        let ml = at_least(src, ipar::ML, min_band, ParamError::LowerBandwidth)?;
        let mu = at_least(src, ipar::MU, min_band, ParamError::UpperBandwidth)?;
        let lenpfac = at_least(src, ipar::LENPFAC, 2, ParamError::Lenpfac)?;
        let lenplufac = at_least(src, ipar::LENPLUFAC, 2, ParamError::Lenplufac)?;
        let method = method(src)?;
        let lfil = at_least(src, ipar::LFILILUT, 0, ParamError::Fill)?;
        let reorder = flag(src, ipar::IREORDER, ParamError::Reorder)?;
        let scale_rows = flag(src, ipar::ISRNORM, ParamError::RowScaling)?;
        let norm = norm_type(src)?;
        let jac_out = flag(src, ipar::JACOUT, ParamError::JacobianOutput)?;
        let scale_columns = flag(src, ipar::JSCALCOL, ParamError::ColumnScaling)?;
        let jac_out_unit = if jac_out { Some(at_least(src, ipar::UNIT, 1, ParamError::Unit)?) } else { None };
        let droptol = non_negative(src, rpar::TOLILUT, ParamError::DropTolerance)?;
        let permtol =
            if method == Method::Ilutp { non_negative(src, rpar::PERMTOL, ParamError::PermTolerance)? } else { 0.0 };
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

    /// The entries DPSOLILU needs (IPAR(3), (4), (5), (7), (8), (11)),
    /// checked; the others are left at neutral values.
    pub fn decode_for_solve(src: &dyn ParamSource) -> Result<Self, ParamError> {
        let lenpfac = at_least(src, ipar::LENPFAC, 2, ParamError::Lenpfac)?;
        let lenplufac = at_least(src, ipar::LENPLUFAC, 2, ParamError::Lenplufac)?;
        let method = method(src)?;
        let reorder = flag(src, ipar::IREORDER, ParamError::Reorder)?;
        let scale_rows = flag(src, ipar::ISRNORM, ParamError::RowScaling)?;
        let scale_columns = flag(src, ipar::JSCALCOL, ParamError::ColumnScaling)?;
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

/// IPAR(pos), refused with `illegal` when below `min` (DSPSETUP's checks
/// of ML, MU, LENPFAC, LENPLUFAC, LFILILUT and the output unit).
fn at_least(src: &dyn ParamSource, pos: usize, min: FInt, illegal: fn(FInt) -> ParamError) -> Result<FInt, ParamError> {
    let v = src.ipar(pos);
    if v < min {
        return Err(illegal(v));
    }
    Ok(v)
}

/// IPAR(pos) as a 0/1 switch, refused with `illegal` otherwise.
fn flag(src: &dyn ParamSource, pos: usize, illegal: fn(FInt) -> ParamError) -> Result<bool, ParamError> {
    match src.ipar(pos) {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(illegal(other)),
    }
}

/// IPAR(5) = IPREMETH: 1 ILUT, 2 ILUTP.
fn method(src: &dyn ParamSource) -> Result<Method, ParamError> {
    match src.ipar(ipar::IPREMETH) {
        1 => Ok(Method::Ilut),
        2 => Ok(Method::Ilutp),
        other => Err(ParamError::Method(other)),
    }
}

/// IPAR(9) = NORMTYPE: 0 max, 1 one-norm, 2 two-norm.
fn norm_type(src: &dyn ParamSource) -> Result<RowNorm, ParamError> {
    match src.ipar(ipar::NORMTYPE) {
        0 => Ok(RowNorm::Max),
        1 => Ok(RowNorm::One),
        2 => Ok(RowNorm::Two),
        other => Err(ParamError::NormType(other)),
    }
}

/// RPAR(pos), refused with `illegal` when negative (TOLILUT, PERMTOL).
fn non_negative(src: &dyn ParamSource, pos: usize, illegal: fn(Real) -> ParamError) -> Result<Real, ParamError> {
    let v = src.rpar(pos);
    if v < 0.0 {
        return Err(illegal(v));
    }
    Ok(v)
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
