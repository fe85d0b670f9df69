//! DSL48E's INFO meanings and its argument checks (SPEC section 5): every
//! illegal argument gives IDID = -33 before any callback runs, with a
//! message naming the argument, its value and, for lengths, the minimum.

use super::Dsl48eArgs;
use crate::core::error::InputError;
use crate::core::initial::{Constraints, IcControls};
use crate::core::layout::{dsl, iw, rw, Dsl48eLayout};
use crate::core::linsol::sparse::{pattern_key, validate_pattern, PatternError};
use crate::types::{FInt, Real};

/// INFO(1..20) with DSL48E's meanings: 1-4, 7-9, 14, 16-18 as in DDASKR;
/// 10 = BOUNDS, 11 = consistent initialisation given x, 12 = number of
/// sensitivity parameters; 5, 6, 13, 15, 19, 20 are not read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dsl48eOptions {
    pub vector_tolerances: bool,
    pub intermediate_output: bool,
    pub use_tstop: bool,
    pub use_hmax: bool,
    pub use_h0: bool,
    pub use_maxord: bool,
    /// INFO(10) = 1: BOUNDS(1,i) <= Z(i) <= BOUNDS(2,i).
    pub bounds: bool,
    /// INFO(11) = 1: given x, compute y and x'.
    pub initial_condition: bool,
    pub stop_after_ic: bool,
    pub exclude_algebraic: bool,
    pub ic_controls: bool,
    pub ic_print: u8,
}

impl Dsl48eOptions {
    pub fn decode(info: &[FInt]) -> Result<Self, InputError> {
        let get = |i: usize| info.get(i - 1).copied().unwrap_or(0);
        let flag = |i: usize| match get(i) {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(InputError::InfoElement { index: i as FInt }),
        };
        let o = Dsl48eOptions {
            vector_tolerances: flag(2)?,
            intermediate_output: flag(3)?,
            use_tstop: flag(4)?,
            use_hmax: flag(7)?,
            use_h0: flag(8)?,
            use_maxord: flag(9)?,
            bounds: flag(10)?,
            initial_condition: flag(11)?,
            stop_after_ic: flag(14)?,
            exclude_algebraic: flag(16)?,
            ic_controls: flag(17)?,
            ic_print: match get(18) {
                v @ 0..=2 => v as u8,
                _ => return Err(InputError::InfoElement { index: 18 }),
            },
        };
        match get(12) {
            0 => Ok(o),
            np if np > 0 => Err(InputError::SensitivitiesNotAvailable { np }),
            _ => Err(InputError::InfoElement { index: 12 }),
        }
    }
}

/// The order limit: IWORK(3) with INFO(9) = 1 (checked), else 5.
pub(super) fn maxord(o: &Dsl48eOptions, iwork: &[FInt]) -> Result<usize, InputError> {
    if !o.use_maxord {
        return Ok(5);
    }
    match iwork.get(iw::MAXORD - 1).copied().unwrap_or(0) {
        m @ 1..=5 => Ok(m as usize),
        maxord => Err(InputError::MaxordOutOfRange { maxord }),
    }
}

fn illegal(name: &'static str, value: FInt, rule: &'static str) -> InputError {
    InputError::IllegalArgument { name, value, rule }
}

fn entry(array: &'static str, index: usize, value: FInt, rule: &'static str) -> InputError {
    InputError::IllegalEntry { array, index: index as FInt, value, rule }
}

/// NEQ, NC, ND, ISC, NJYDOT, JYDOT, NEJAC, JROW/JCOL (with
/// `validate_pattern`: entries in range, none twice; the only check here
/// that costs more than O(NEQ + NEJAC)), JDTYPE.
pub(super) fn check_structure(a: &Dsl48eArgs<'_>, validate_pattern_entries: bool) -> Result<(), InputError> {
    if a.neq <= 0 {
        return Err(InputError::NeqNotPositive { neq: a.neq });
    }
    if a.nc < 0 {
        return Err(illegal("NC", a.nc, "negative"));
    }
    if a.nc == 0 && a.nd != 0 {
        return Err(illegal("ND", a.nd, "must be 0 when NC = 0"));
    }
    if let Some(k) = a.isc.iter().position(|&v| v < 1) {
        return Err(entry("ISC", k + 1, a.isc[k], "every condition needs at least one function"));
    }
    let sum: i64 = a.isc.iter().map(|&v| i64::from(v)).sum();
    if i64::from(a.nd) != sum {
        return Err(illegal("ND", a.nd, "must equal ISC(1)+...+ISC(NC)"));
    }
    if a.nd >= a.neq {
        return Err(illegal("ND", a.nd, "must be less than NEQ"));
    }
    let nz = a.neq - a.nd;
    if a.njydot < 0 || a.njydot > nz {
        return Err(illegal("NJYDOT", a.njydot, "not in 0..NEQ-ND"));
    }
    let mut seen = vec![false; nz as usize];
    for (k, &j) in a.jydot.iter().enumerate() {
        if j < 1 || j > nz {
            return Err(entry("JYDOT", k + 1, j, "not in 1..NEQ-ND"));
        }
        if std::mem::replace(&mut seen[j as usize - 1], true) {
            return Err(entry("JYDOT", k + 1, j, "repeats an earlier entry"));
        }
    }
    if a.nejac < 1 {
        return Err(illegal("NEJAC", a.nejac, "must be positive"));
    }
    let checked = if validate_pattern_entries { validate_pattern(a.neq as usize, a.jrow, a.jcol) } else { Ok(()) };
    match checked {
        Ok(()) => {}
        Err(PatternError::OutOfRange { k }) => {
            let bad =
                if (1..=a.neq).contains(&a.jrow[k - 1]) { ("JCOL", a.jcol[k - 1]) } else { ("JROW", a.jrow[k - 1]) };
            return Err(entry(bad.0, k, bad.1, "not in 1..NEQ"));
        }
        Err(PatternError::Duplicate { k }) => {
            return Err(entry("JROW", k, a.jrow[k - 1], "(JROW, JCOL) repeats an entry"))
        }
    }
    if !(0..=1).contains(&a.jdtype) {
        return Err(illegal("JDTYPE", a.jdtype, "must be 0 or 1"));
    }
    Ok(())
}

/// The layout from the arguments, with LRW, LIW, LIEVWK, LREVWK checked;
/// LENIW and LENRW are reported in IWORK(17..18) when those slots exist.
pub(super) fn checked_layout(a: &mut Dsl48eArgs<'_>, o: &Dsl48eOptions, q: usize) -> Result<Dsl48eLayout, InputError> {
    let layout = Dsl48eLayout::compute(a.neq as usize, a.nejac as usize, a.nd as usize, q, o.exclude_algebraic)
        .map_err(|_| InputError::LengthOverflow { neq: a.neq })?;
    if a.iwork.len() >= iw::LENRW {
        a.iwork[iw::LENIW - 1] = layout.leniw as FInt;
        a.iwork[iw::LENRW - 1] = layout.lenrw as FInt;
    }
    if a.rwork.len() < layout.lenrw {
        return Err(InputError::RworkTooShort { needed: layout.lenrw as FInt, given: a.lrw });
    }
    if a.iwork.len() < layout.leniw {
        return Err(InputError::IworkTooShort { needed: layout.leniw as FInt, given: a.liw });
    }
    let largest = a.isc.iter().copied().max().unwrap_or(0);
    let need_i = (a.njydot + largest).max(a.neq);
    if a.lievwk < need_i {
        return Err(InputError::ArrayTooShort { name: "LIEVWK", needed: need_i, given: a.lievwk });
    }
    let q = q as i64;
    let need_r = (q + 1) * i64::from(a.nd) + q + 5 * i64::from(a.neq) + 40;
    if i64::from(a.lrevwk) < need_r {
        let needed = FInt::try_from(need_r).unwrap_or(FInt::MAX);
        return Err(InputError::ArrayTooShort { name: "LREVWK", needed, given: a.lrevwk });
    }
    Ok(layout)
}

/// BOUNDS (INFO(10) = 1): lower <= upper for every component, and the
/// (re)start point inside them.
#[allow(clippy::neg_cmp_op_on_partial_ord)]
pub(super) fn check_bounds(a: &Dsl48eArgs<'_>) -> Result<(), InputError> {
    // Written so that a NaN bound is illegal too.
    if let Some(i) = a.bounds.chunks_exact(2).position(|b| !(b[0] <= b[1])) {
        return Err(InputError::BoundsCrossed { index: i as FInt + 1 });
    }
    match Constraints::Box(a.bounds).first_violation(a.z) {
        Some(i) => Err(InputError::OutsideBounds { index: i as FInt }),
        None => Ok(()),
    }
}

/// INFO(11) = 1 with INFO(17) = 1: the IC controls in IWORK(32..35) and
/// RWORK(14..15), checked as DDASKR checks them (the lengths are checked).
pub(super) fn check_ic_controls(a: &Dsl48eArgs<'_>) -> Result<(), InputError> {
    let (i, r) = (|pos: usize| a.iwork[pos - 1], |pos: usize| a.rwork[pos - 1]);
    let ok =
        IcControls::inputs_valid(i(iw::MXNIT), i(iw::MXNJ), i(iw::MXNH), i(iw::LSOFF), r(rw::STPTOL), r(rw::EPINIT));
    if ok {
        Ok(())
    } else {
        Err(InputError::IcControlsIllegal)
    }
}

/// What a continuation call must find as the first call left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RunSignature {
    neq: FInt,
    nejac: FInt,
    nc: FInt,
    nd: FInt,
    njydot: FInt,
    maxord: FInt,
    /// INFO(10), INFO(16) as bits 0, 1.
    flags: FInt,
    /// The key of the pattern (JROW, JCOL), two words.
    key: [FInt; 2],
}

impl RunSignature {
    /// The signature of this call; `key` is [`pattern_key`] of JROW/JCOL.
    pub(super) fn of(a: &Dsl48eArgs<'_>, o: &Dsl48eOptions, maxord: usize, key: u64) -> Self {
        debug_assert_eq!(key, pattern_key(a.neq.max(0) as usize, a.jrow, a.jcol));
        RunSignature {
            neq: a.neq,
            nejac: a.nejac,
            nc: a.nc,
            nd: a.nd,
            njydot: a.njydot,
            maxord: maxord as FInt,
            flags: FInt::from(o.bounds) | (FInt::from(o.exclude_algebraic) << 1),
            key: [(key >> 32) as u32 as FInt, key as u32 as FInt],
        }
    }

    /// IWORK holds this pattern key, as the first call recorded it after
    /// validating the pattern: the same JROW/JCOL, valid.
    pub(super) fn key_recorded(iwork: &[FInt], key: u64) -> bool {
        let get = |pos: usize| iwork.get(pos - 1).copied();
        get(dsl::PATTERN_KEY_HI) == Some((key >> 32) as u32 as FInt)
            && get(dsl::PATTERN_KEY_LO) == Some(key as u32 as FInt)
    }

    /// Record the signature (the layout's header slots exist).
    pub(super) fn store(&self, iwork: &mut [FInt], rwork: &mut [Real]) {
        let mut put = |pos: usize, v: FInt| iwork[pos - 1] = v;
        put(dsl::RUN_NEJAC, self.nejac);
        put(dsl::RUN_NC, self.nc);
        put(dsl::RUN_ND, self.nd);
        put(dsl::RUN_NJYDOT, self.njydot);
        put(dsl::RUN_MAXORD, self.maxord);
        put(dsl::RUN_FLAGS, self.flags);
        put(dsl::PATTERN_KEY_HI, self.key[0]);
        put(dsl::PATTERN_KEY_LO, self.key[1]);
        rwork[dsl::RUN_NEQ - 1] = self.neq as Real;
    }

    /// A continuation call: the structural inputs must be unchanged.
    pub(super) fn check_unchanged(&self, iwork: &[FInt], rwork: &[Real]) -> Result<(), InputError> {
        let get = |pos: usize| iwork.get(pos - 1).copied().unwrap_or(0);
        let changed = |what, was: FInt, now: FInt| Err(InputError::ChangedSinceStart { what, was, now });
        let was_neq = rwork.get(dsl::RUN_NEQ - 1).copied().unwrap_or(0.0);
        if was_neq != self.neq as Real {
            let was = if was_neq.fract() == 0.0 && was_neq.abs() < 1e9 { was_neq as FInt } else { 0 };
            return changed("NEQ", was, self.neq);
        }
        for (what, pos, now) in [
            ("NEJAC", dsl::RUN_NEJAC, self.nejac),
            ("NC", dsl::RUN_NC, self.nc),
            ("ND", dsl::RUN_ND, self.nd),
            ("NJYDOT", dsl::RUN_NJYDOT, self.njydot),
            ("MAXORD, IWORK(3)", dsl::RUN_MAXORD, self.maxord),
        ] {
            if get(pos) != now {
                return changed(what, get(pos), now);
            }
        }
        for (bit, what) in [(0, "INFO(10)"), (1, "INFO(16)")] {
            let (was, now) = ((get(dsl::RUN_FLAGS) >> bit) & 1, (self.flags >> bit) & 1);
            if was != now {
                return changed(what, was, now);
            }
        }
        if [get(dsl::PATTERN_KEY_HI), get(dsl::PATTERN_KEY_LO)] != self.key {
            return Err(InputError::StateCorrupted { what: "JROW/JCOL differ from the pattern the run started with" });
        }
        Ok(())
    }
}

/// Consistency of the state a continuation call resumes from.
pub(super) fn check_stored_state(
    l: &Dsl48eLayout,
    iwork: &[FInt],
    rwork: &[Real],
    maxord: usize,
) -> Result<(), InputError> {
    let bad = |what| Err(InputError::StateCorrupted { what });
    let i = |pos: usize| iwork.get(pos - 1).copied().unwrap_or(0);
    if i(iw::LENIW) != l.leniw as FInt || i(iw::LENRW) != l.lenrw as FInt {
        return bad("IWORK(17..18) differ from the lengths this run uses");
    }
    let maxord = maxord as FInt;
    if !(1..=maxord).contains(&i(iw::K)) || !(0..=maxord).contains(&i(iw::KOLD)) {
        return bad("the order IWORK(7) or IWORK(8) is out of range");
    }
    let r = |pos: usize| rwork.get(pos - 1).copied().unwrap_or(Real::NAN);
    let (h, tn) = (r(rw::H), r(rw::TN));
    if !h.is_finite() || h == 0.0 || !tn.is_finite() {
        return bad("the step size RWORK(3) or the time RWORK(4) is not usable");
    }
    Ok(())
}
