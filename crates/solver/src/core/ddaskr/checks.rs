//! DDASKR's input checks and its first-call bookkeeping: the layout as
//! decided by INFO and IWORK (from scalars and header words only), the
//! Krylov parameters, the checks of the arrays on a first call, the run's
//! record, the stored state a continuation call resumes from, and the
//! settings recorded in IWORK.

use super::options::{DdaskrOptions, MatrixKind};
use crate::core::call::controls::check_ic_controls;
use crate::core::call::{Common, RunRecord};
use crate::core::error::InputError;
use crate::core::constraints::Constraints;
use crate::core::layout::{iw, rw, IHeader, Layout, LayoutInput, Method, RHeader};
use crate::core::linsol::direct::{JacobianSource, MatrixFormat};
use crate::core::linsol::krylov::{KrylovDims, KrylovParams};
use crate::core::linsol::pattern::{pattern_key, stamp_to_words, validate_pattern, PatternError};
#[cfg(not(daskr_single))]
use crate::core::linsol::{
    pattern::stamp_from_words,
    sparse::{run_pattern, Pattern, RunPattern},
};
#[cfg(not(daskr_single))]
use std::rc::Rc;
use crate::types::{FInt, Real};

/// Read IWORK(pos) if it exists (inputs are read before the lengths are
/// known to be sufficient, so reads must not assume them).
pub(super) fn iget(iwork: &[FInt], pos: usize) -> FInt {
    iwork.get(pos - 1).copied().unwrap_or(0)
}

/// Read RWORK(pos) if it exists.
fn rget(rwork: &[Real], pos: usize) -> Real {
    rwork.get(pos - 1).copied().unwrap_or(0.0)
}

/// NEQ and NRT, the sizes every call brings.
pub(super) fn check_sizes(neq: FInt, nrt: FInt) -> Result<(), InputError> {
    if neq <= 0 {
        return Err(InputError::NeqNotPositive { neq });
    }
    if nrt < 0 {
        return Err(InputError::NrtNegative { nrt });
    }
    Ok(())
}

/// The layout of this call from NEQ, NRT, INFO and IWORK's header: checked
/// on a first call (MAXORD, the method's inputs, the IC controls), as
/// recorded on a continuation call. Reads header words only.
#[inline]
pub(super) fn layout(o: &DdaskrOptions, c: &Common<'_>, nrt: FInt, first: bool) -> Result<Layout, InputError> {
    let inp = layout_input(o, c.neq, nrt, c.iwork, first)?;
    if first {
        if o.initial_condition != 0 && o.controls.ic_controls {
            check_ic_controls(c.iwork, c.rwork)?;
        }
        if o.krylov {
            krylov_settings(o, c.neq, c.iwork, c.rwork, true)?;
        }
    }
    Layout::compute(&inp).map_err(|_| InputError::LengthOverflow { neq: c.neq })
}

/// The layout as decided on the first call and recorded in IWORK.
#[inline]
pub(super) fn layout_input(
    o: &DdaskrOptions,
    neq: FInt,
    nrt: FInt,
    iwork: &[FInt],
    first: bool,
) -> Result<LayoutInput, InputError> {
    let maxord = if first { o.controls.maxord(iwork)? } else { iget(iwork, iw::MAXORD).clamp(1, 5) as usize };
    let sparse = o.matrix == MatrixKind::Sparse;
    let method = if o.krylov {
        if sparse {
            return Err(InputError::IllegalArgument {
                name: "INFO(6)",
                value: 2,
                rule: "the sparse matrix needs the direct method, INFO(12) = 0",
            });
        }
        let k = krylov_settings(o, neq, iwork, &[], first)?;
        Method::Krylov { dims: k.dims, leniwp: k.leniwp }
    } else if sparse {
        sparse_method(o, neq, iwork, first)?
    } else {
        Method::Direct { format: matrix_format(o, neq, iwork, first)?, source: jacobian_source(o, iwork, first) }
    };
    let (constraints_in_iwork, id_in_iwork) = if first {
        (o.constraints_in_iwork(), o.id_in_iwork())
    } else {
        (iget(iwork, iw::LID) > iw::ICNS as FInt, iget(iwork, iw::LENID) > 0)
    };
    Ok(LayoutInput {
        neq,
        nrt,
        maxord,
        method,
        constraints_in_iwork,
        id_in_iwork,
        separate_vt: o.controls.exclude_algebraic,
    })
}

/// Dense, or banded with ML/MU from IWORK(1..2) (checked on the first
/// call; afterwards the matrix type recorded in IWORK(4) decides).
fn matrix_format(o: &DdaskrOptions, neq: FInt, iwork: &[FInt], first: bool) -> Result<MatrixFormat, InputError> {
    let banded = if first { o.matrix == MatrixKind::Band } else { iget(iwork, iw::MTYPE) >= 4 };
    if !banded {
        return Ok(MatrixFormat::Dense);
    }
    let (ml, mu) = (iget(iwork, iw::ML), iget(iwork, iw::MU));
    if first {
        if ml < 0 || ml >= neq {
            return Err(InputError::MlIllegal { ml });
        }
        if mu < 0 || mu >= neq {
            return Err(InputError::MuIllegal { mu });
        }
    }
    Ok(MatrixFormat::Band { ml: ml.max(0) as usize, mu: mu.max(0) as usize })
}

/// The sparse method (INFO(6) = 2): NEJAC from IWORK(1), checked on the
/// first call; afterwards the value recorded at the start.
fn sparse_method(o: &DdaskrOptions, neq: FInt, iwork: &[FInt], first: bool) -> Result<Method, InputError> {
    let nejac = if first { iget(iwork, iw::sparse::NEJAC) } else { iget(iwork, iw::sparse::RUN_NEJAC) };
    if first && (nejac < 1 || i64::from(nejac) > i64::from(neq) * i64::from(neq)) {
        return Err(InputError::IllegalArgument { name: "NEJAC, IWORK(1)", value: nejac, rule: "not in 1..NEQ*NEQ" });
    }
    Ok(Method::Sparse { nejac: nejac.max(0) as usize, source: jacobian_source(o, iwork, first) })
}

/// IWORK(4), the matrix type: DASKR's 1 (dense, JAC), 2 (dense, DQ),
/// 4 (band, JAC), 5 (band, DQ); this library's 7 (sparse, JAC) and
/// 8 (sparse, DQ).
fn matrix_type(method: &Method) -> Option<FInt> {
    let (base, source) = match *method {
        Method::Direct { format: MatrixFormat::Dense, source } => (1, source),
        Method::Direct { format: MatrixFormat::Band { .. }, source } => (4, source),
        Method::Sparse { source, .. } => (7, source),
        Method::Krylov { .. } => return None,
    };
    Some(base + FInt::from(source == JacobianSource::DifferenceQuotients))
}

fn jacobian_source(o: &DdaskrOptions, iwork: &[FInt], first: bool) -> JacobianSource {
    let dq = if first { !o.user_jacobian } else { matches!(iget(iwork, iw::MTYPE), 2 | 5 | 8) };
    if dq {
        JacobianSource::DifferenceQuotients
    } else {
        JacobianSource::User
    }
}

/// The Krylov method's parameters (INFO(12)=1): MAXL, KMP, NRMAX, EPLI
/// (defaults unless INFO(13)=1) and the user work lengths LENWP, LENIWP.
#[derive(Clone, Copy, Debug)]
pub(super) struct KrylovSettings {
    pub dims: KrylovDims,
    pub epli: Real,
    pub leniwp: usize,
}

/// Decode (and on the first call check) the Krylov parameters. With an
/// empty `rwork` EPLI is not read (the layout does not need it).
pub(super) fn krylov_settings(
    o: &DdaskrOptions,
    neq: FInt,
    iwork: &[FInt],
    rwork: &[Real],
    first: bool,
) -> Result<KrylovSettings, InputError> {
    let lenwp = iget(iwork, iw::LENWP);
    let leniwp = iget(iwork, iw::LENIWP);
    if lenwp < 0 || leniwp < 0 {
        return Err(InputError::WorkLengthNegative { lenwp, leniwp });
    }
    let (maxl, kmp, nrmax, epli) = if first && !o.krylov_parameters {
        let maxl = neq.clamp(1, 5);
        (maxl, maxl, 5, 0.05)
    } else {
        let (maxl, kmp, nrmax) = (iget(iwork, iw::MAXL), iget(iwork, iw::KMP), iget(iwork, iw::NRMAX));
        let epli = if rwork.is_empty() { 0.5 } else { rget(rwork, rw::EPLI) };
        if maxl < 1 || maxl > neq {
            return Err(InputError::MaxlIllegal { maxl });
        }
        if kmp < 1 || kmp > maxl {
            return Err(InputError::KmpIllegal { kmp });
        }
        if nrmax < 0 {
            return Err(InputError::NrmaxIllegal { nrmax });
        }
        if !(epli > 0.0 && epli < 1.0) {
            return Err(InputError::EpliIllegal { epli });
        }
        (maxl, kmp, nrmax, epli)
    };
    let dims = KrylovDims {
        neq: neq.max(0) as usize,
        maxl: maxl as usize,
        kmp: kmp as usize,
        nrmax: nrmax as usize,
        lenwp: lenwp as usize,
    };
    Ok(KrylovSettings { dims, epli, leniwp: leniwp as usize })
}

/// The Krylov solver's parameters: the dimensions and EPLI as recorded in
/// IWORK/RWORK by the first call; sqrt(NEQ) and its reciprocal computed
/// as the first call stores them in RWORK(11..12).
pub(super) fn krylov_params(dims: KrylovDims, rh: &RHeader<'_>, o: &DdaskrOptions) -> KrylovParams {
    let sqrtn = (dims.neq as Real).sqrt();
    KrylovParams { dims, epli: rh.get(rw::EPLI), sqrtn, rsqrtn: 1.0 / sqrtn, setup_routine: o.preconditioner_setup }
}

/// The sparse pattern JROW, JCOL as the caller put it in IWORK: 1-based
/// entries in 1..NEQ, no pair twice.
fn check_pattern(l: &Layout, iwork: &[FInt]) -> Result<(), InputError> {
    let Method::Sparse { nejac, .. } = l.method else { return Ok(()) };
    let (rows, cols) = iwork[l.ipvt..l.ipvt + 2 * nejac].split_at(nejac);
    let at = |k: usize| (l.ipvt + k) as FInt;
    match validate_pattern(l.neq, rows, cols) {
        Ok(()) => Ok(()),
        Err(PatternError::OutOfRange { k }) if !(1..=l.neq as FInt).contains(&rows[k - 1]) => {
            Err(InputError::IllegalEntry { array: "IWORK", index: at(k), value: rows[k - 1], rule: ROW_RANGE })
        }
        Err(PatternError::OutOfRange { k }) => {
            Err(InputError::IllegalEntry { array: "IWORK", index: at(nejac + k), value: cols[k - 1], rule: COL_RANGE })
        }
        Err(PatternError::Duplicate { k }) => {
            Err(InputError::IllegalEntry { array: "IWORK", index: at(k), value: rows[k - 1], rule: REPEATED })
        }
    }
}

const ROW_RANGE: &str = "a row index JROW of the sparse pattern must be in 1..NEQ";
const COL_RANGE: &str = "a column index JCOL of the sparse pattern must be in 1..NEQ";
const REPEATED: &str = "this (JROW, JCOL) pair of the sparse pattern repeats an earlier one";

/// The key of the sparse pattern in IWORK (0 for the other methods).
fn sparse_pattern_key(l: &Layout, iwork: &[FInt]) -> u64 {
    match l.method {
        Method::Sparse { nejac, .. } => {
            let (rows, cols) = iwork[l.ipvt..l.ipvt + 2 * nejac].split_at(nejac);
            pattern_key(l.neq, rows, cols)
        }
        _ => 0,
    }
}

/// The first call's checks of the arrays in IWORK: the sparse pattern,
/// ICNSTR (and Y within it), ID.
pub(super) fn check_start(l: &Layout, c: &Common<'_>) -> Result<(), InputError> {
    check_pattern(l, c.iwork)?;
    if let Some(ic) = l.icns {
        let icnstr = &c.iwork[ic..ic + l.neq];
        if icnstr.iter().any(|c| !(-2..=2).contains(c)) {
            return Err(InputError::IcnstrIllegal);
        }
        if let Some(i) = Constraints::Signs(icnstr).first_violation(c.y) {
            return Err(InputError::ConstraintViolated { index: i as FInt });
        }
    }
    if let Some(id) = l.id {
        if c.iwork[id..id + l.neq].iter().any(|&d| d != 1 && d != -1) {
            return Err(InputError::IdIllegal);
        }
    }
    Ok(())
}

/// What a continuation call must find as the first call left it: the
/// inputs that decide the layout of the work arrays (RWORK(16..19)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSignature {
    neq: FInt,
    nrt: FInt,
    maxord: FInt,
    /// INFO(5), INFO(6), INFO(12), INFO(16) in two bits each (0..2 are
    /// their legal values).
    flags: FInt,
}

/// The structural INFO entries, in the order of their bits.
const STRUCTURAL_INFO: [&str; 4] = ["INFO(5)", "INFO(6)", "INFO(12)", "INFO(16)"];

impl RunSignature {
    /// The signature of this call's inputs (MAXORD as IWORK(3) holds it).
    pub(super) fn of(o: &DdaskrOptions, neq: FInt, nrt: FInt, maxord: FInt) -> Self {
        let matrix = match o.matrix {
            MatrixKind::Dense => 0,
            MatrixKind::Band => 1,
            MatrixKind::Sparse => 2,
        };
        let entries = [FInt::from(o.user_jacobian), matrix, FInt::from(o.krylov), FInt::from(o.controls.exclude_algebraic)];
        let flags = entries.iter().enumerate().fold(0, |f, (field, &v)| f | (v << (2 * field)));
        RunSignature { neq, nrt, maxord, flags }
    }

    /// The recorded signature, or None if RWORK(16..19) do not hold one.
    fn load(rwork: &[Real]) -> Option<Self> {
        let get = |pos| {
            let v = rget(rwork, pos);
            (v.fract() == 0.0 && v.abs() <= FInt::MAX as Real).then_some(v as FInt)
        };
        Some(RunSignature {
            neq: get(rw::RUN_NEQ)?,
            nrt: get(rw::RUN_NRT)?,
            maxord: get(rw::RUN_MAXORD)?,
            flags: get(rw::RUN_FLAGS)?,
        })
    }
}

impl RunRecord for RunSignature {
    fn store(&self, rwork: &mut [Real], _iwork: &mut [FInt]) {
        for (pos, v) in [
            (rw::RUN_NEQ, self.neq),
            (rw::RUN_NRT, self.nrt),
            (rw::RUN_MAXORD, self.maxord),
            (rw::RUN_FLAGS, self.flags),
        ] {
            rwork[pos - 1] = v as Real;
        }
    }

    /// A continuation call: the inputs must be those of the first call.
    ///
    /// The values are compared as RWORK holds them: in single precision
    /// (SDASKR) a NEQ or NRT above 2**24 is stored rounded to REAL, and
    /// comparing it with the exact value would reject every continuation
    /// call of such a run. A change that the rounding hides is still
    /// caught: NEQ and NRT decide LENIW and LENRW, which the stored-state
    /// check compares with IWORK(17..18), as integers.
    fn check_unchanged(&self, rwork: &[Real], _iwork: &[FInt]) -> Result<(), InputError> {
        // Every continuation call: RWORK(16..19) as `store` wrote them
        // (the common case) are four compares; anything else takes the
        // checks below, which name what differs.
        let stored = [self.neq, self.nrt, self.maxord, self.flags].map(|v| v as Real);
        if rwork.get(rw::RUN_NEQ - 1..rw::RUN_FLAGS) == Some(&stored[..]) {
            return Ok(());
        }
        let Some(was) = Self::load(rwork) else {
            return Err(InputError::StateCorrupted { what: "RWORK(16..19) no longer describe the run" });
        };
        let changed = |what, was, now| Err(InputError::ChangedSinceStart { what, was, now });
        // The value as `store` writes it and `load` reads it back
        // (identical in double precision).
        let stored = |v: FInt| v as Real as FInt;
        if stored(self.neq) != was.neq {
            return changed("NEQ", was.neq, self.neq);
        }
        if stored(self.nrt) != was.nrt {
            return changed("NRT", was.nrt, self.nrt);
        }
        if stored(self.maxord) != was.maxord {
            return changed("MAXORD, IWORK(3)", was.maxord, self.maxord);
        }
        for (field, name) in STRUCTURAL_INFO.iter().enumerate() {
            let (a, b) = ((was.flags >> (2 * field)) & 3, (self.flags >> (2 * field)) & 3);
            if a != b {
                return changed(name, a, b);
            }
        }
        Ok(())
    }
}

/// The segment pointers a continuation call finds in IWORK(22..40) agree
/// with the layout (words of the run's shape).
pub(super) fn check_segment_pointers(l: &Layout, iwork: &[FInt]) -> Result<(), InputError> {
    let i = |pos| iget(iwork, pos);
    let lid = l.id.map_or(iw::ICNS + l.icns.map_or(0, |_| l.neq), |id| id + 1) as FInt;
    if i(iw::NPD) != l.lenpd as FInt || i(iw::LCIWP) != l.ipvt as FInt + 1 || i(iw::LID) != lid {
        return Err(InputError::StateCorrupted { what: "the segment pointers in IWORK(22..40) are not this run's" });
    }
    Ok(())
}

/// DDASKR's checks of the state a continuation call resumes from, beyond
/// the shell's and the segment pointers: the pivots are in range (the
/// sparse pattern: [`check_run_pattern`]).
pub(super) fn check_resume(l: &Layout, iwork: &[FInt]) -> Result<(), InputError> {
    let bad = |what| Err(InputError::StateCorrupted { what });
    if let Method::Direct { .. } = l.method {
        // The pivots of the last factorisation (0-based row numbers; zeros
        // before the first one): a solve with an out-of-range pivot would
        // index outside Y's length. A short IWORK is reported later.
        // One pass without early exit (negative pivots compare as large
        // unsigned values), no branch per entry.
        let n = l.neq as u32;
        let out_of_range = |p: &[FInt]| p.iter().fold(false, |bad, &p| bad | (p as u32 >= n));
        if iwork.get(l.ipvt..l.ipvt + l.neq).is_some_and(out_of_range) {
            return bad("the pivots in IWORK are out of range");
        }
    }
    Ok(())
}

/// The sparse pattern in IWORK is the one the run started with, whose key
/// the first call recorded in IWORK ([`run_pattern`]): the run's analysed
/// pattern when this thread's cache holds it, to be used for the call.
/// Ok(None) for the other methods, and for an IWORK too short to hold the
/// pattern (reported later).
#[cfg(not(daskr_single))]
pub(super) fn check_run_pattern(l: &Layout, iwork: &[FInt]) -> Result<Option<Rc<Pattern>>, InputError> {
    let Method::Sparse { nejac, .. } = l.method else { return Ok(None) };
    if iwork.len() < l.leniw {
        return Ok(None);
    }
    let recorded = stamp_from_words([iget(iwork, iw::sparse::KEY), iget(iwork, iw::sparse::KEY + 1)]);
    let (rows, cols) = iwork[l.ipvt..l.ipvt + 2 * nejac].split_at(nejac);
    match run_pattern(l.neq, rows, cols, recorded) {
        RunPattern::Cached(pattern) => Ok(Some(pattern)),
        RunPattern::SameKey => Ok(None),
        RunPattern::Changed => Err(InputError::StateCorrupted {
            what: "the sparse pattern in IWORK differs from the one the run started with",
        }),
    }
}

/// Record the first-call settings in IWORK (and the Krylov defaults in
/// RWORK) and zero the counters.
pub(super) fn initialise_iwork(o: &DdaskrOptions, l: &Layout, iwork: &mut [FInt], rwork: &mut [Real]) {
    if o.krylov {
        let k = krylov_settings(o, l.neq as FInt, iwork, rwork, true).expect("checked before");
        let mut h = IHeader::split(iwork).0;
        h.set(iw::MITER, 1);
        h.set(iw::MAXL, k.dims.maxl as FInt);
        h.set(iw::KMP, k.dims.kmp as FInt);
        h.set(iw::NRMAX, k.dims.nrmax as FInt);
        rwork[rw::EPLI - 1] = k.epli;
    }
    let key = sparse_pattern_key(l, iwork);
    let mut h = IHeader::split(iwork).0;
    h.set(iw::MAXORD, l.maxord as FInt);
    if let Some(mtype) = matrix_type(&l.method) {
        h.set(iw::MTYPE, mtype);
    }
    if let Method::Sparse { nejac, .. } = l.method {
        let [hi, lo] = stamp_to_words(key);
        h.set(iw::sparse::KEY, hi);
        h.set(iw::sparse::KEY + 1, lo);
        h.set(iw::sparse::RUN_NEJAC, nejac as FInt);
        h.set(iw::sparse::STAMP, 0);
        h.set(iw::sparse::STAMP + 1, 0);
    }
    h.zero_counters();
    h.set(iw::KPRIN, FInt::from(o.controls.ic_print));
    h.set(iw::NPD, l.lenpd as FInt);
    h.set(iw::LOCWP, (l.lenpd - l.lenwp()) as FInt + 1);
    h.set(iw::LCIWP, l.ipvt as FInt + 1);
    h.set(iw::LID, l.id.map_or(iw::ICNS + l.icns.map_or(0, |_| l.neq), |i| i + 1) as FInt);
    h.set(iw::LENID, if l.id.is_some() { l.neq as FInt } else { 0 });
    h.set(iw::NONNEG, FInt::from(o.nonnegative()));
    if o.initial_condition != 0 && !o.controls.ic_controls {
        h.set_ic_defaults(o.krylov);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dense run of NEQ = `n`: its layout and an IWORK set up as a
    /// first call sets it, with pivots 0..N-1.
    fn dense_run(n: usize) -> (Layout, Vec<FInt>) {
        let method = Method::Direct { format: MatrixFormat::Dense, source: JacobianSource::User };
        let input = LayoutInput {
            neq: n as FInt,
            nrt: 0,
            maxord: 5,
            method,
            constraints_in_iwork: false,
            id_in_iwork: false,
            separate_vt: false,
        };
        let l = Layout::compute(&input).unwrap();
        let (mut iwork, mut rwork) = (vec![0; l.leniw], vec![0.0; l.lenrw]);
        initialise_iwork(&DdaskrOptions::default(), &l, &mut iwork, &mut rwork);
        for (k, p) in iwork[l.ipvt..].iter_mut().enumerate() {
            *p = k as FInt;
        }
        (l, iwork)
    }

    #[test]
    fn every_pivot_out_of_range_is_found_wherever_it_sits() {
        for n in [1, 2, 3, 7, 8, 9, 15, 16, 17, 40] {
            let (l, good) = dense_run(n);
            assert_eq!(check_resume(&l, &good), Ok(()), "N = {n}");
            for pos in 0..n {
                for bad in [n as FInt, n as FInt + 1, -1, FInt::MIN, FInt::MAX] {
                    let mut iwork = good.clone();
                    iwork[l.ipvt + pos] = bad;
                    assert!(check_resume(&l, &iwork).is_err(), "N = {n}, pivot {bad} at {pos}");
                }
                let mut iwork = good.clone();
                iwork[l.ipvt + pos] = n as FInt - 1;
                assert_eq!(check_resume(&l, &iwork), Ok(()), "N = {n}, pivot N-1 at {pos}");
            }
        }
    }
}
