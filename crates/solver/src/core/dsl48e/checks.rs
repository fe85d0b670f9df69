//! DSL48E's INFO meanings and its argument checks (SPEC section 5): every
//! illegal argument gives IDID = -33 before any callback runs, with a
//! message naming the argument, its value and, for lengths, the minimum.
//! The sizes are checked among themselves and against LRW, LIW, LIEVWK and
//! LREVWK before any array is read; the arrays (ISC, JYDOT, the pattern,
//! BOUNDS) after.

use super::Dsl48e;
use crate::core::call::controls::{check_info_ranges, info_array, info_entry, info_maxima, info_within, InfoRange, StepControls};
use crate::core::call::RunRecord;
use crate::core::error::InputError;
use crate::core::constraints::Constraints;
use crate::core::layout::dsl::sens;
use crate::core::layout::{dsl, iw, Dsl48eLayout};
use crate::core::linsol::pattern::{stamp_to_words, validate_pattern, PatternError};
use crate::core::sensitivity::{DfdpSource, JumpRule, SensOptions};
use crate::types::{FInt, Real};

/// INFO(1..20) with DSL48E's meanings: 1-4, 7-9, 14, 16-18 as in DDASKR
/// (the [`StepControls`]); 10 = BOUNDS, 11 = consistent initialisation
/// given x, 12 = NP, the number of sensitivity parameters, and with NP >
/// 0: 13 = sensitivities out of the error test, 15 = dF/dp by SENRHS or
/// difference quotients, 20 = how they cross an event; 5, 6, 19 are not
/// read (nor 13, 15, 20 with NP = 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dsl48eOptions {
    pub controls: StepControls,
    /// INFO(10) = 1: BOUNDS(1,i) <= Z(i) <= BOUNDS(2,i).
    pub bounds: bool,
    /// INFO(11) = 1: given x, compute y and x'.
    pub initial_condition: bool,
    /// INFO(12) > 0: the sensitivity options.
    pub sens: Option<SensOptions>,
}

/// The entries DSL48E reads and their legal values, in increasing index.
const INFO_RANGES: [InfoRange; 12] =
    [(2, 1), (3, 1), (4, 1), (7, 1), (8, 1), (9, 1), (10, 1), (11, 1), (14, 1), (16, 1), (17, 1), (18, 2)];

/// The entries read with sensitivities, in increasing index.
const SENS_INFO_RANGES: [InfoRange; 15] = [
    (2, 1),
    (3, 1),
    (4, 1),
    (7, 1),
    (8, 1),
    (9, 1),
    (10, 1),
    (11, 1),
    (13, 1),
    (14, 1),
    (15, 2),
    (16, 1),
    (17, 1),
    (18, 2),
    (20, 2),
];

/// The ranges as the largest value of each entry.
const INFO_MAXIMA: [u32; 20] = info_maxima(&INFO_RANGES);
const SENS_INFO_MAXIMA: [u32; 20] = info_maxima(&SENS_INFO_RANGES);

impl Dsl48eOptions {
    pub fn decode(info: &[FInt]) -> Result<Self, InputError> {
        let np = info_entry(info, 12);
        let (ranges, maxima) = if np > 0 { (&SENS_INFO_RANGES[..], &SENS_INFO_MAXIMA) } else { (&INFO_RANGES[..], &INFO_MAXIMA) };
        if !info_within(info, maxima) {
            check_info_ranges(info, ranges)?;
        }
        if np < 0 {
            return Err(InputError::InfoElement { index: 12 });
        }
        let info = &info_array(info);
        let sens = (np > 0).then(|| SensOptions {
            np: np as usize,
            error_control: info_entry(info, 13) == 0,
            dfdp: match info_entry(info, 15) {
                0 => DfdpSource::Routine,
                1 => DfdpSource::Forward,
                _ => DfdpSource::Centred,
            },
            jump: match info_entry(info, 20) {
                0 => JumpRule::Continuous,
                1 => JumpRule::TotalDerivative,
                _ => JumpRule::Given,
            },
        });
        Ok(Dsl48eOptions {
            controls: StepControls::from_checked_info(info),
            bounds: info_entry(info, 10) == 1,
            initial_condition: info_entry(info, 11) == 1,
            sens,
        })
    }

    /// INFO(12).
    pub fn np(&self) -> usize {
        self.sens.map_or(0, |s| s.np)
    }
}

fn illegal(name: &'static str, value: FInt, rule: &'static str) -> InputError {
    InputError::IllegalArgument { name, value, rule }
}

fn entry(array: &'static str, index: usize, value: FInt, rule: &'static str) -> InputError {
    InputError::IllegalEntry { array, index: index as FInt, value, rule }
}

impl Dsl48e<'_> {
    /// NEQ, NC, ND, NJYDOT, NEJAC, JDTYPE among themselves, and MAXORD:
    /// scalars only.
    pub(super) fn check_sizes(&self, neq: FInt, o: &Dsl48eOptions, iwork: &[FInt]) -> Result<(), InputError> {
        if neq <= 0 {
            return Err(InputError::NeqNotPositive { neq });
        }
        if self.nc < 0 {
            return Err(illegal("NC", self.nc, "negative"));
        }
        if self.nc == 0 && self.nd != 0 {
            return Err(illegal("ND", self.nd, "must be 0 when NC = 0"));
        }
        if self.nd >= neq {
            return Err(illegal("ND", self.nd, "must be less than NEQ"));
        }
        // Bounds that let ISC and JYDOT be read once the work arrays are
        // known to be NEQ-sized (NC <= ND and NJYDOT <= NEQ - ND follow
        // from ISC's sum, checked with the arrays).
        if self.nc >= neq {
            return Err(illegal("NC", self.nc, "must not exceed ND"));
        }
        if self.njydot < 0 || self.njydot > neq {
            return Err(illegal("NJYDOT", self.njydot, "not in 0..NEQ-ND"));
        }
        if self.nejac < 1 {
            return Err(illegal("NEJAC", self.nejac, "must be positive"));
        }
        if i64::from(self.nejac) > i64::from(neq) * i64::from(neq) {
            return Err(illegal("NEJAC", self.nejac, "more entries than NEQ*NEQ"));
        }
        if !(0..=1).contains(&self.jdtype) {
            return Err(illegal("JDTYPE", self.jdtype, "must be 0 or 1"));
        }
        o.controls.maxord(iwork)?;
        Ok(())
    }

    /// IEVWK and REVWK (scratch), against the seed's minimums:
    /// LIEVWK >= max(NJYDOT + max ISC(k), NEQ), LREVWK >= (q+1)*ND + q +
    /// 5*NEQ + 40. After the lengths of RWORK and IWORK are known to
    /// suffice (NC <= ND < NEQ: ISC is read as the caller declared it).
    pub(super) fn check_scratch(&self, neq: FInt, q: usize) -> Result<(), InputError> {
        let largest = self.isc.iter().copied().max().unwrap_or(0);
        let need_i = (i64::from(self.njydot) + i64::from(largest)).max(i64::from(neq));
        if i64::from(self.lievwk) < need_i {
            let needed = FInt::try_from(need_i).unwrap_or(FInt::MAX);
            return Err(InputError::ArrayTooShort { name: "LIEVWK", needed, given: self.lievwk });
        }
        let q = q as i64;
        let need_r = (q + 1) * i64::from(self.nd) + q + 5 * i64::from(neq) + 40;
        if i64::from(self.lrevwk) < need_r {
            let needed = FInt::try_from(need_r).unwrap_or(FInt::MAX);
            return Err(InputError::ArrayTooShort { name: "LREVWK", needed, given: self.lrevwk });
        }
        Ok(())
    }

    /// ISC and JYDOT: every condition has a function, ND is their sum;
    /// JYDOT's entries distinct and in 1..NEQ-ND. Checked on every call
    /// (the event search reads ISC).
    pub(super) fn check_index_lists(&self, neq: FInt) -> Result<(), InputError> {
        if let Some(k) = self.isc.iter().position(|&v| v < 1) {
            return Err(entry("ISC", k + 1, self.isc[k], "every condition needs at least one function"));
        }
        let sum: i64 = self.isc.iter().map(|&v| i64::from(v)).sum();
        if i64::from(self.nd) != sum {
            return Err(illegal("ND", self.nd, "must equal ISC(1)+...+ISC(NC)"));
        }
        let nz = neq - self.nd;
        if self.njydot > nz {
            return Err(illegal("NJYDOT", self.njydot, "not in 0..NEQ-ND"));
        }
        // The common case, JYDOT increasing and in range (hence distinct):
        // one pass, no allocation. Otherwise the pass that names the first
        // bad entry.
        let increasing = self.jydot.first().is_none_or(|&j| j >= 1)
            && self.jydot.last().is_none_or(|&j| j <= nz)
            && self.jydot.windows(2).all(|w| w[0] < w[1]);
        if increasing {
            return Ok(());
        }
        let mut seen = vec![false; nz as usize];
        for (k, &j) in self.jydot.iter().enumerate() {
            if j < 1 || j > nz {
                return Err(entry("JYDOT", k + 1, j, "not in 1..NEQ-ND"));
            }
            if std::mem::replace(&mut seen[j as usize - 1], true) {
                return Err(entry("JYDOT", k + 1, j, "repeats an earlier entry"));
            }
        }
        Ok(())
    }

    /// JROW/JCOL: entries in 1..NEQ, none twice (the only check here that
    /// costs more than O(NEQ + NEJAC); a first call's).
    pub(super) fn check_pattern(&self, neq: FInt) -> Result<(), InputError> {
        match validate_pattern(neq as usize, self.jrow, self.jcol) {
            Ok(()) => Ok(()),
            Err(PatternError::OutOfRange { k }) => {
                let (jrow, jcol) = (self.jrow[k - 1], self.jcol[k - 1]);
                let bad = if (1..=neq).contains(&jrow) { ("JCOL", jcol) } else { ("JROW", jrow) };
                Err(entry(bad.0, k, bad.1, "not in 1..NEQ"))
            }
            Err(PatternError::Duplicate { k }) => Err(entry("JROW", k, self.jrow[k - 1], "(JROW, JCOL) repeats an entry")),
        }
    }

    /// BOUNDS (INFO(10) = 1): lower <= upper for every component, and the
    /// (re)start point inside them.
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    pub(super) fn check_bounds(&self, z: &[Real]) -> Result<(), InputError> {
        // Written so that a NaN bound is illegal too.
        if let Some(i) = self.bounds.chunks_exact(2).position(|b| !(b[0] <= b[1])) {
            return Err(InputError::BoundsCrossed { index: i as FInt + 1 });
        }
        match Constraints::Box(self.bounds).first_violation(z) {
            Some(i) => Err(InputError::OutsideBounds { index: i as FInt }),
            None => Ok(()),
        }
    }
}

/// The sensitivity inputs in the work arrays, checked on every call: the
/// RPAR indices IWORK(40+i) not negative, PBAR_i = RWORK(60+i) finite and
/// not negative.
pub(super) fn check_sensitivity_inputs(l: &Dsl48eLayout, rwork: &[Real], iwork: &[FInt]) -> Result<(), InputError> {
    for i in 0..l.np {
        let index = iwork[l.rpar_index + i];
        if index < 0 {
            let pos = (l.rpar_index + i + 1) as FInt;
            return Err(entry("IWORK", pos as usize, index, "the RPAR index of a parameter must not be negative"));
        }
        let pbar = rwork[l.pbar + i];
        // Written so that NaN is illegal too.
        if !(pbar >= 0.0 && pbar.is_finite()) {
            return Err(InputError::PbarIllegal { index: (l.pbar + i + 1) as FInt, pbar });
        }
    }
    Ok(())
}

/// The sensitivities a start takes from Z, ZDOT(NEQ+1..), finite: every
/// entry (`all`), or only the differential entries of Z (they are the
/// ones read when the rest is computed).
pub(super) fn check_initial_sensitivities(s: &[Real], sp: &[Real], id_of: impl Fn(usize) -> bool, neq: usize, all: bool) -> Result<(), InputError> {
    for (k, &v) in s.iter().enumerate() {
        if (all || id_of(k % neq)) && !v.is_finite() {
            return Err(InputError::SensitivityNotFinite { array: "Z", index: (neq + k + 1) as FInt, value: v });
        }
    }
    if all {
        if let Some(k) = sp.iter().position(|v| !v.is_finite()) {
            return Err(InputError::SensitivityNotFinite { array: "ZDOT", index: (neq + k + 1) as FInt, value: sp[k] });
        }
    }
    Ok(())
}

/// What a continuation call must find as the first call left it.
pub struct RunSignature<'a> {
    neq: FInt,
    nejac: FInt,
    nc: FInt,
    nd: FInt,
    njydot: FInt,
    maxord: FInt,
    /// INFO(10), INFO(16) as bits 0, 1.
    flags: FInt,
    /// INFO(12) and INFO(13) + 2*INFO(15) (the sensitivities).
    np: FInt,
    sens_options: FInt,
    /// The protocol, for the key of the pattern (JROW, JCOL), computed
    /// only once the scalars agree.
    call: &'a Dsl48e<'a>,
}

impl<'a> RunSignature<'a> {
    /// The signature of this call; MAXORD as IWORK(3) holds it with
    /// INFO(9) = 1 (the first call's initialisation writes the run's
    /// there), else 5.
    pub(super) fn of(call: &'a Dsl48e<'a>, neq: FInt, o: &Dsl48eOptions, iwork: &[FInt]) -> Self {
        let maxord = if o.controls.use_maxord { iwork.get(iw::MAXORD - 1).copied().unwrap_or(0) } else { 5 };
        RunSignature {
            neq,
            nejac: call.nejac,
            nc: call.nc,
            nd: call.nd,
            njydot: call.njydot,
            maxord,
            flags: FInt::from(o.bounds) | (FInt::from(o.controls.exclude_algebraic) << 1),
            np: o.np() as FInt,
            sens_options: o.sens.map_or(0, |s| {
                let dfdp = match s.dfdp {
                    DfdpSource::Routine => 0,
                    DfdpSource::Forward => 1,
                    DfdpSource::Centred => 2,
                };
                FInt::from(!s.error_control) + 2 * dfdp
            }),
            call,
        }
    }
}

impl RunRecord for RunSignature<'_> {
    /// Record the signature (the layout's header slots exist).
    fn store(&self, rwork: &mut [Real], iwork: &mut [FInt]) {
        let mut put = |pos: usize, v: FInt| iwork[pos - 1] = v;
        let [hi, lo] = stamp_to_words(self.call.key(self.neq));
        put(dsl::RUN_NEJAC, self.nejac);
        put(dsl::RUN_NC, self.nc);
        put(dsl::RUN_ND, self.nd);
        put(dsl::RUN_NJYDOT, self.njydot);
        put(dsl::RUN_MAXORD, self.maxord);
        put(dsl::RUN_FLAGS, self.flags);
        put(dsl::PATTERN_KEY_HI, hi);
        put(dsl::PATTERN_KEY_LO, lo);
        if self.np > 0 {
            put(sens::RUN_NP, self.np);
            put(sens::RUN_OPTIONS, self.sens_options);
        }
        rwork[dsl::RUN_NEQ - 1] = self.neq as Real;
    }

    /// A continuation call: the structural inputs must be unchanged; the
    /// pattern's key (a pass over JROW, JCOL) only once all the sizes
    /// agree.
    fn check_unchanged(&self, rwork: &[Real], iwork: &[FInt]) -> Result<(), InputError> {
        let get = |pos: usize| iwork.get(pos - 1).copied().unwrap_or(0);
        // Every continuation call: the stored words as `store` wrote them
        // (the common case) are compared in one pass without early exit;
        // anything else takes `first_change`, which names what differs.
        if !self.scalars_as_stored(rwork, get) {
            self.first_change(rwork, get)?;
        }
        if !self.call.same_pattern(self.neq, [get(dsl::PATTERN_KEY_HI), get(dsl::PATTERN_KEY_LO)]) {
            return Err(InputError::StateCorrupted { what: "JROW/JCOL differ from the pattern the run started with" });
        }
        Ok(())
    }
}

impl RunSignature<'_> {
    /// The sizes recorded in IWORK: what each is called, where it is
    /// stored, and this call's value. NP is 0 after a start without
    /// sensitivities (IWORK(36) is then 0).
    fn sizes(&self) -> [(&'static str, usize, FInt); 6] {
        [
            ("NEJAC", dsl::RUN_NEJAC, self.nejac),
            ("NC", dsl::RUN_NC, self.nc),
            ("ND", dsl::RUN_ND, self.nd),
            ("NJYDOT", dsl::RUN_NJYDOT, self.njydot),
            ("MAXORD, IWORK(3)", dsl::RUN_MAXORD, self.maxord),
            ("NP = INFO(12)", sens::RUN_NP, self.np),
        ]
    }

    /// Do NEQ, the sizes, the sensitivity options and the flags read as
    /// this call would store them?
    #[inline]
    fn scalars_as_stored(&self, rwork: &[Real], get: impl Fn(usize) -> FInt) -> bool {
        let neq = rwork.get(dsl::RUN_NEQ - 1) == Some(&(self.neq as Real));
        let sizes = self.sizes().iter().fold(true, |ok, &(_, pos, now)| ok & (get(pos) == now));
        let options = self.np <= 0 || get(sens::RUN_OPTIONS) == self.sens_options;
        neq & sizes & options & (get(dsl::RUN_FLAGS) & 3 == self.flags)
    }

    /// The first stored input that differs from this call's, as the error
    /// that names it (Ok if none does).
    #[cold]
    fn first_change(&self, rwork: &[Real], get: impl Fn(usize) -> FInt) -> Result<(), InputError> {
        let changed = |what, was: FInt, now: FInt| Err(InputError::ChangedSinceStart { what, was, now });
        let was_neq = rwork.get(dsl::RUN_NEQ - 1).copied().unwrap_or(0.0);
        if was_neq != self.neq as Real {
            let was = if was_neq.fract() == 0.0 && was_neq.abs() < 1e9 { was_neq as FInt } else { 0 };
            return changed("NEQ", was, self.neq);
        }
        for (what, pos, now) in self.sizes() {
            if get(pos) != now {
                return changed(what, get(pos), now);
            }
        }
        if self.np > 0 && get(sens::RUN_OPTIONS) != self.sens_options {
            return changed("INFO(13) + 2*INFO(15)", get(sens::RUN_OPTIONS), self.sens_options);
        }
        for (bit, what) in [(0, "INFO(10)"), (1, "INFO(16)")] {
            let (was, now) = ((get(dsl::RUN_FLAGS) >> bit) & 1, (self.flags >> bit) & 1);
            if was != now {
                return changed(what, was, now);
            }
        }
        Ok(())
    }
}

