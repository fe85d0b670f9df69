//! What DDASKR and DSL48E share of INFO and of the per-call inputs: the
//! step controls (INFO(2..4), INFO(7..9), INFO(14), INFO(16..18), whose
//! meanings are DDASKR's in both), decoded once into [`StepControls`], the
//! checks of the inputs a caller may change between calls (tolerances, T,
//! TOUT, TSTOP, HMAX), and the [`RunConfig`] the integrator gets.

use crate::core::error::InputError;
use crate::core::initial::{IcControls, IcOption};
use crate::core::integrator::{IcRequest, RunConfig};
use crate::core::layout::{iw, rw};
use crate::types::{FInt, Real};

/// The INFO entries both protocols read with DDASKR's meanings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepControls {
    /// INFO(2): RTOL/ATOL are arrays.
    pub vector_tolerances: bool,
    /// INFO(3): return after every step (intermediate-output mode).
    pub intermediate_output: bool,
    /// INFO(4): never step past TSTOP = RWORK(1).
    pub use_tstop: bool,
    /// INFO(7): HMAX in RWORK(2).
    pub use_hmax: bool,
    /// INFO(8): H0 in RWORK(3).
    pub use_h0: bool,
    /// INFO(9): MAXORD in IWORK(3).
    pub use_maxord: bool,
    /// INFO(14): return with IDID = 4 after the initial-condition
    /// calculation.
    pub stop_after_ic: bool,
    /// INFO(16): leave the algebraic components out of the error test.
    pub exclude_algebraic: bool,
    /// INFO(17): the initial-condition heuristics are in IWORK(32..35) and
    /// RWORK(14..15).
    pub ic_controls: bool,
    /// INFO(18): initial-condition print level 0..2.
    pub ic_print: u8,
}

/// The legal values of one INFO entry: 0..=max.
pub type InfoRange = (usize, FInt);

/// INFO(i), or 0 beyond the array.
pub fn info_entry(info: &[FInt], i: usize) -> FInt {
    info.get(i - 1).copied().unwrap_or(0)
}

/// A protocol's INFO ranges as the largest legal value of each of
/// INFO(1..20) (`u32::MAX` for an entry the table does not list), for
/// [`info_within`].
pub const fn info_maxima(ranges: &[InfoRange]) -> [u32; 20] {
    let mut m = [u32::MAX; 20];
    let mut k = 0;
    while k < ranges.len() {
        m[ranges[k].0 - 1] = ranges[k].1 as u32;
        k += 1;
    }
    m
}

/// INFO(1..20) as an array (zeros beyond a shorter INFO, as
/// [`info_entry`] reads them): decoded with constant indices, no check
/// per entry.
#[inline]
pub fn info_array(info: &[FInt]) -> [FInt; 20] {
    match info.first_chunk::<20>() {
        Some(a) => *a,
        None => std::array::from_fn(|i| info_entry(info, i + 1)),
    }
}

/// Is every entry of INFO(1..20) within `maxima` (from [`info_maxima`])?
/// The test every call makes before decoding: one pass without early
/// exit (unsigned compares, so a negative entry is out of range), a few
/// vector instructions. False also for an INFO shorter than 20; then, and
/// for a bad entry, [`check_info_ranges`] finds the first bad one.
#[inline]
pub fn info_within(info: &[FInt], maxima: &[u32; 20]) -> bool {
    info.first_chunk::<20>().is_some_and(|info| info.iter().zip(maxima).fold(true, |ok, (&v, &m)| ok & (v as u32 <= m)))
}

/// Check INFO against the ranges of a protocol, a table in increasing
/// index (DDASKR's order): the error names the first bad entry. The step
/// controls' entries are 2, 3, 4, 7, 8, 9, 14, 16, 17 (0..1) and 18 (0..2).
pub fn check_info_ranges(info: &[FInt], ranges: &[InfoRange]) -> Result<(), InputError> {
    debug_assert!(ranges.windows(2).all(|w| w[0].0 < w[1].0), "INFO ranges out of order");
    match ranges.iter().find(|&&(i, max)| !(0..=max).contains(&info_entry(info, i))) {
        Some(&(index, _)) => Err(InputError::InfoElement { index: index as FInt }),
        None => Ok(()),
    }
}

impl StepControls {
    /// The step controls of INFO, whose ranges the protocol has checked
    /// ([`check_info_ranges`]).
    #[inline]
    pub fn from_checked_info(info: &[FInt]) -> Self {
        let on = |i| info_entry(info, i) == 1;
        StepControls {
            vector_tolerances: on(2),
            intermediate_output: on(3),
            use_tstop: on(4),
            use_hmax: on(7),
            use_h0: on(8),
            use_maxord: on(9),
            stop_after_ic: on(14),
            exclude_algebraic: on(16),
            ic_controls: on(17),
            ic_print: info_entry(info, 18) as u8,
        }
    }

    /// The order limit of a first call: IWORK(3) with INFO(9) = 1
    /// (checked; a header word, read only if IWORK has it), else 5.
    pub fn maxord(&self, iwork: &[FInt]) -> Result<usize, InputError> {
        if !self.use_maxord {
            return Ok(5);
        }
        match iwork.get(iw::MAXORD - 1).copied().unwrap_or(0) {
            m @ 1..=5 => Ok(m as usize),
            maxord => Err(InputError::MaxordOutOfRange { maxord }),
        }
    }
}

/// INFO(17) = 1: the initial-condition heuristics in IWORK(32..35) and
/// RWORK(14..15), checked as DDASKR checks them (header words, read only
/// if the arrays have them).
pub fn check_ic_controls(iwork: &[FInt], rwork: &[Real]) -> Result<(), InputError> {
    let i = |pos: usize| iwork.get(pos - 1).copied().unwrap_or(0);
    let r = |pos: usize| rwork.get(pos - 1).copied().unwrap_or(0.0);
    let ok =
        IcControls::inputs_valid(i(iw::MXNIT), i(iw::MXNJ), i(iw::MXNH), i(iw::LSOFF), r(rw::STPTOL), r(rw::EPINIT));
    if ok {
        Ok(())
    } else {
        Err(InputError::IcControlsIllegal)
    }
}

/// A real input that must be finite.
pub fn finite(what: &'static str, value: Real) -> Result<Real, InputError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(InputError::NotFinite { what, value })
    }
}

/// RTOL and ATOL (DDASKR's block 200, plus finiteness): no negative
/// entry, not all zero. `n` entries are read (1, or NEQ with INFO(2) = 1).
pub fn check_tolerances(rtol: &[Real], atol: &[Real], n: usize) -> Result<(), InputError> {
    let mut nonzero = false;
    for (&r, &a) in rtol[..n].iter().zip(&atol[..n]) {
        if !r.is_finite() || !a.is_finite() {
            return Err(InputError::ToleranceNotFinite);
        }
        nonzero |= r > 0.0 || a > 0.0;
        if r < 0.0 {
            return Err(InputError::RtolNegative);
        }
        if a < 0.0 {
            return Err(InputError::AtolNegative);
        }
    }
    if nonzero {
        Ok(())
    } else {
        Err(InputError::AllTolerancesZero)
    }
}

/// HMAX (INFO(7) = 1) must be positive; +Inf means no limit, as in DASKR.
/// Checked on every call: the caller may change RWORK(2) between calls.
#[allow(clippy::neg_cmp_op_on_partial_ord)]
pub fn check_hmax(c: &StepControls, rwork: &[Real]) -> Result<(), InputError> {
    if !c.use_hmax {
        // RWORK(2) is not an input then, and may hold anything.
        return Ok(());
    }
    let hmax = rwork.get(rw::HMAX - 1).copied().unwrap_or(0.0);
    // Written so that NaN (and -0.0, 0.0) are rejected.
    if !(hmax > 0.0) {
        return Err(InputError::HmaxNotPositive { hmax });
    }
    Ok(())
}

/// What a first call asks of the initial-condition calculation.
pub fn ic_request(c: &StepControls, option: IcOption) -> IcRequest {
    IcRequest { option, stop_after: c.stop_after_ic, controls_given: c.ic_controls, print_level: c.ic_print }
}

/// The integrator's configuration for one call: the step controls' part
/// (TSTOP and HMAX from RWORK as selected), the protocol's part given.
/// TSTOP must be finite.
pub fn run_config(
    c: &StepControls,
    rwork: &[Real],
    first_call: bool,
    maxord: usize,
    nonneg: bool,
    initial: Option<IcRequest>,
) -> Result<RunConfig, InputError> {
    let tstop = if c.use_tstop { Some(finite("TSTOP", rwork[rw::TSTOP - 1])?) } else { None };
    Ok(RunConfig {
        first_call,
        intermediate_output: c.intermediate_output,
        tstop,
        hmax: c.use_hmax.then(|| rwork[rw::HMAX - 1]),
        h0: (first_call && c.use_h0).then(|| rwork[rw::H - 1]),
        maxord,
        nonneg,
        exclude_algebraic: c.exclude_algebraic,
        vector_tolerances: c.vector_tolerances,
        initial: if first_call { initial } else { None },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `info_within` accepts exactly what `check_info_ranges` accepts, for
    /// every entry of a table with maxima 1, 2, 3 and unlisted entries.
    #[test]
    fn the_quick_test_agrees_with_the_ranges() {
        const RANGES: [InfoRange; 6] = [(2, 1), (3, 2), (6, 3), (10, 1), (11, 2), (18, 1)];
        const MAXIMA: [u32; 20] = info_maxima(&RANGES);
        let values = [FInt::MIN, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 7, 8, 1 << 20, FInt::MAX];
        for i in 0..20 {
            for &v in &values {
                let mut info = [1; 20];
                info[2] = 2;
                info[5] = 3;
                info[10] = 2;
                info[i] = v;
                let expected = check_info_ranges(&info, &RANGES).is_ok();
                assert_eq!(info_within(&info, &MAXIMA), expected, "INFO({}) = {v}", i + 1);
            }
        }
        assert!(!info_within(&[0; 19], &MAXIMA), "a short INFO is left to the full check");
    }

    #[test]
    fn the_first_bad_entry_is_named() {
        let mut info = [0; 20];
        info[6] = 2;
        info[4] = 3;
        let ranges = [(5, 1), (7, 1)];
        assert_eq!(check_info_ranges(&info, &ranges), Err(InputError::InfoElement { index: 5 }));
        info[4] = 1;
        assert_eq!(check_info_ranges(&info, &ranges), Err(InputError::InfoElement { index: 7 }));
        info[6] = 1;
        assert_eq!(check_info_ranges(&info, &ranges), Ok(()));
        let c = StepControls::from_checked_info(&info);
        assert!(c.use_hmax && !c.use_tstop);
    }

    #[test]
    fn tolerances() {
        assert_eq!(check_tolerances(&[0.0], &[0.0], 1), Err(InputError::AllTolerancesZero));
        assert_eq!(check_tolerances(&[1e-6, -1.0], &[0.0, 0.0], 2), Err(InputError::RtolNegative));
        assert_eq!(check_tolerances(&[1e-6], &[Real::NAN], 1), Err(InputError::ToleranceNotFinite));
        assert_eq!(check_tolerances(&[1e-6, -1.0], &[0.0, 0.0], 1), Ok(()));
    }
}
