//! The front door of both call protocols, DDASKR's and DSL48E's: one shell
//! around a call, which each protocol fills in with what differs (a
//! [`Protocol`]).
//!
//! [`call`] is one call with typed options, as the Rust API makes it:
//!
//! 1. the layout of the work arrays from the scalar inputs only (NEQ, the
//!    sizes, the method's header words in IWORK, LRW, LIW): a size that
//!    is wrong is rejected before any loop over an array and before any
//!    allocation, in microseconds whatever the sizes claim;
//! 2. on a first call the checks that read the arrays (patterns, index
//!    lists, constraints); on a continuation call the record of the run
//!    ([`RunRecord`]) and the stored state the call resumes from;
//! 3. the inputs a caller may change between calls (tolerances, T, TOUT,
//!    TSTOP, HMAX, [`controls`]); then, on a first call, the settings
//!    written into IWORK and the run's record;
//! 4. the integration, with the user's routines behind a [`FiniteGuard`]:
//!    a failure caused by NaN or Inf names the routine, and no success
//!    returns a non-finite T, Y or Y'.
//!
//! [`call_with_info`] is the same call with DDASKR's INFO convention, as
//! the Fortran and C entry points make it: INFO(1) = -1 after a failure
//! the caller did not acknowledge, INFO decoded once into the protocol's
//! options, every failure reported as one message in the routine's name
//! with INFO(1) = -1 and its IDID.
//!
//! All state that must survive between calls is read from and written
//! back to the caller's RWORK/IWORK; nothing else is kept but caches
//! rebuilt from them with the same results ([`shape`]: a continuation
//! call's checked options and layout).

pub mod controls;
pub mod shape;

use self::controls::{check_hmax, check_tolerances, finite, StepControls};
use self::shape::{HeaderWords, MemoKey, Shape};
use super::error::{InputError, Interrupt, StepFailure};
use super::guard::{first_non_finite, FiniteGuard, NonFinite, Source};
use super::integrator::{CallIo, RunConfig, UROUND};
use super::layout::{history_views, iw, rw, HistoryViews};
use super::messages::{MessageLine, MessageSink};
use super::norms::ToleranceArrays;
use super::problem::DaeSystem;
use crate::types::{FInt, Real};
use std::ops::Range;

/// A first call (INFO(1) = 0) or a continuation call (INFO(1) = 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Start,
    Continue,
}

/// The arguments every protocol has (DDASKR's T, Y, YPRIME, ...; DSL48E's
/// TIME, Z, ZDOT, ...) as checked slices. The FFI layer builds the slices
/// with their declared lengths: Y, YPRIME NEQ; RTOL, ATOL 1 or NEQ by
/// INFO(2), or one array for both; RWORK LRW; IWORK LIW (0 for a
/// negative length); `lrw`, `liw` are the lengths as passed.
pub struct Common<'a> {
    pub neq: FInt,
    pub t: &'a mut Real,
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    pub tout: Real,
    /// RTOL and ATOL; scaled in place when too much accuracy was
    /// requested (IDID = -2).
    pub tol: ToleranceArrays<'a>,
    pub rwork: &'a mut [Real],
    pub lrw: FInt,
    pub iwork: &'a mut [FInt],
    pub liw: FInt,
}

impl<'a> Common<'a> {
    /// The arguments over arrays the caller owns whole (the Rust API, the
    /// tests): NEQ, LRW and LIW are the arrays' lengths.
    pub fn owned(
        (t, y, yp): (&'a mut Real, &'a mut [Real], &'a mut [Real]),
        tout: Real,
        (rtol, atol): (&'a mut [Real], &'a mut [Real]),
        rwork: &'a mut [Real],
        iwork: &'a mut [FInt],
    ) -> Self {
        let (neq, lrw, liw) = (y.len() as FInt, rwork.len() as FInt, iwork.len() as FInt);
        Common { neq, t, y, yp, tout, tol: ToleranceArrays::Separate { rtol, atol }, rwork, lrw, iwork, liw }
    }
}

/// What the shell needs to know of a protocol's layout of the work
/// arrays: the lengths it demands and the run's order limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lengths {
    /// LENRW, reported in IWORK(18).
    pub lenrw: usize,
    /// LENIW, reported in IWORK(17).
    pub leniw: usize,
    pub maxord: usize,
}

/// A protocol's layout of the work arrays.
pub trait WorkLayout {
    fn lengths(&self) -> Lengths;

    /// Where PHI lies in RWORK (0-based).
    fn phi(&self) -> Range<usize>;

    /// The headers, PSI and PHI: all that a continuation call answered
    /// from the last step's history reads and writes (`rwork` at least
    /// LENRW, `iwork` at least LENIW long).
    #[inline]
    fn history_views<'a>(&self, rwork: &'a mut [Real], iwork: &'a mut [FInt]) -> HistoryViews<'a> {
        let l = self.lengths();
        history_views(&mut rwork[..l.lenrw], self.phi(), &mut iwork[..l.leniw])
    }
}

/// The inputs that fix a run's layout: recorded by its first call, and a
/// continuation call must bring them unchanged.
pub trait RunRecord {
    fn store(&self, rwork: &mut [Real], iwork: &mut [FInt]);
    fn check_unchanged(&self, rwork: &[Real], iwork: &[FInt]) -> Result<(), InputError>;
}

/// What a call protocol supplies to [`call`], for problems of type `S`.
pub trait Protocol<S: ?Sized> {
    /// How messages begin: "DASKR--", "DSL48E--".
    const MESSAGE_PREFIX: &'static str;
    /// The decoded options of a call.
    type Options;
    /// Where the run's segments sit in RWORK and IWORK.
    type Layout: WorkLayout;
    /// The inputs a continuation call must bring unchanged.
    type Record<'r>: RunRecord
    where
        Self: 'r;

    /// The step controls among the options.
    fn controls(o: &Self::Options) -> &StepControls;

    /// The sizes every call brings (NEQ, NRT, NEJAC, ND, ...), checked
    /// for range and consistency among themselves: scalars only.
    fn check_sizes(&self, c: &Common<'_>, o: &Self::Options) -> Result<(), InputError>;

    /// The layout from the scalar inputs only: the sizes (checked for
    /// range and consistency first), the method's header words in IWORK,
    /// and on a continuation call what the first call recorded. No loop
    /// over an array, no allocation.
    fn layout(&self, c: &Common<'_>, o: &Self::Options, phase: Phase) -> Result<Self::Layout, InputError>;

    /// The lengths of scratch arrays beyond RWORK and IWORK (DSL48E's
    /// IEVWK, REVWK), once those two are known to suffice.
    fn check_scratch(&self, _c: &Common<'_>, _o: &Self::Options, _l: &Self::Layout) -> Result<(), InputError> {
        Ok(())
    }

    /// The first call's checks of the arrays (the lengths are known to
    /// suffice).
    fn check_start(&mut self, c: &Common<'_>, o: &Self::Options, l: &Self::Layout) -> Result<(), InputError>;

    /// A continuation call's checks of the structural words it resumes
    /// from that the layout does not decide (segment pointers recorded by
    /// the first call): words of its [`shape`](InfoProtocol::header_words),
    /// so a call whose shape is remembered need not read them again.
    fn check_resume_shape(&self, _c: &Common<'_>, _o: &Self::Options, _l: &Self::Layout) -> Result<(), InputError> {
        Ok(())
    }

    /// A continuation call's checks of the state it resumes from, beyond
    /// those every protocol shares ([`check_stored_state`]) and the
    /// shape's: made on every continuation call.
    fn check_resume(&self, c: &Common<'_>, o: &Self::Options, l: &Self::Layout) -> Result<(), InputError>;

    /// The record of this call's inputs (on a first call taken after
    /// [`initialise`](Self::initialise)).
    fn record<'r>(&'r self, c: &Common<'_>, o: &Self::Options) -> Self::Record<'r>;

    /// Write the first call's settings into IWORK (and RWORK).
    fn initialise(&mut self, c: &mut Common<'_>, o: &Self::Options, l: &Self::Layout);

    /// What this call asks of the integrator.
    fn config(&self, c: &Common<'_>, o: &Self::Options, l: &Self::Layout, phase: Phase)
        -> Result<RunConfig, InputError>;

    /// The integration, with the problem behind its guard.
    fn integrate(&mut self, job: Job<'_, '_, S, Self::Options, Self::Layout>) -> Result<FInt, Interrupt>;
}

/// What a protocol's integration gets: the call's arguments (T, Y and Y'
/// with the tolerances as the integrator's [`CallIo`], RWORK and IWORK),
/// its options, layout and configuration, the guarded problem, the sink.
pub struct Job<'j, 'g, S: ?Sized, O, L> {
    pub io: CallIo<'j>,
    pub rwork: &'j mut [Real],
    pub iwork: &'j mut [FInt],
    pub options: &'j O,
    pub layout: &'j L,
    pub config: &'j RunConfig,
    pub sys: &'j mut FiniteGuard<'g, S>,
    pub sink: &'j mut dyn MessageSink,
}

/// A protocol called with DDASKR's INFO convention.
pub trait InfoProtocol<S: ?Sized>: Protocol<S, Options: Clone + 'static, Layout: Clone + 'static> {
    /// INFO(2..20) decoded into the options; the error names the first
    /// entry out of its range.
    fn decode(info: &[FInt]) -> Result<Self::Options, InputError>;

    /// Where the thread remembers this protocol's last checked shapes
    /// ([`shape`]); None: continuation calls always derive it. A protocol
    /// that remembers its shape reads nothing but INFO, its
    /// [sizes](Self::shape_sizes) and its [header words](Self::header_words)
    /// in `check_sizes`, `layout` on a continuation call, the record's
    /// check, `check_resume_shape` and `check_scratch`: a call in a
    /// remembered shape skips them.
    fn shape_memo() -> Option<&'static MemoKey<Self::Options, Self::Layout>> {
        None
    }

    /// The sizes a call brings, as its shape compares them.
    fn shape_sizes(&self, _c: &Common<'_>) -> [FInt; 4] {
        [0; 4]
    }

    /// The IWORK and RWORK header words this protocol's shape is derived
    /// from beyond INFO and the sizes: those `check_sizes`, `layout` on a
    /// continuation call, the record's check, `check_resume_shape` and the
    /// stored lengths IWORK(17..18) read.
    fn header_words(_iwork: &[FInt; iw::HEADER], _rwork: &[Real; rw::HEADER]) -> HeaderWords {
        HeaderWords { iwork: [0; shape::MAX_IWORK_WORDS], rwork: [0; shape::MAX_RWORK_WORDS] }
    }
}

/// One call with typed options. Ok(IDID) for IDID > 0; a failure is also
/// reported to `sink` as one message in the routine's name.
#[inline(always)]
pub fn call<P, S>(
    p: &mut P,
    c: &mut Common<'_>,
    o: &P::Options,
    phase: Phase,
    sys: &mut S,
    sink: &mut dyn MessageSink,
) -> Result<FInt, Interrupt>
where
    P: Protocol<S>,
    S: DaeSystem + ?Sized,
{
    call_in_shape(p, c, o, phase, None, |_, _, _, _| {}, sys, sink)
}

/// One call, its layout either derived (`known` None: all the checks,
/// then `checked` is told the options and layout a continuation call
/// derived) or a remembered shape's (`known`: only the checks of what a
/// shape does not fix).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn call_in_shape<P, S>(
    p: &mut P,
    c: &mut Common<'_>,
    o: &P::Options,
    phase: Phase,
    known: Option<&P::Layout>,
    checked: impl FnOnce(&P, &Common<'_>, &P::Options, &P::Layout),
    sys: &mut S,
    sink: &mut dyn MessageSink,
) -> Result<FInt, Interrupt>
where
    P: Protocol<S>,
    S: DaeSystem + ?Sized,
{
    let checked_call = || {
        // The layout used where the result holds it (moving it out, or
        // returning it from a helper, would copy ~190 bytes every call).
        let derived;
        let layout = match known {
            Some(layout) => {
                check_resumed_state(p, c, o, layout)?;
                layout
            }
            None => {
                checks_before_layout(p, c, o, phase)?;
                derived = p.layout(c, o, phase);
                let layout = match derived {
                    Ok(ref layout) => layout,
                    Err(e) => return Err(e.into()),
                };
                check_against_layout(p, c, o, phase, layout)?;
                if phase == Phase::Continue {
                    checked(p, c, o, layout);
                }
                layout
            }
        };
        check_call_inputs(P::controls(o), c, phase)?;
        let cfg = p.config(c, o, layout, phase)?;
        if phase == Phase::Start {
            p.initialise(c, o, layout);
            p.record(c, o).store(c.rwork, c.iwork);
        }
        let mut guarded = FiniteGuard::new(&mut *sys);
        let Common { t, y, yp, tout, tol, rwork, iwork, .. } = c;
        let io = CallIo { t, y, yp, tout: *tout, tol: tol.reborrow() };
        let (options, config, sink) = (o, &cfg, &mut *sink);
        let job = Job { io, rwork, iwork, options, layout, config, sys: &mut guarded, sink };
        // The outcome taken apart at once, not moved whole: its Ok variant
        // was written as two words, and a copy of the whole enum would
        // read them back in wider loads that wait for the stores.
        match p.integrate(job) {
            Ok(idid) => solution_is_finite(c, idid),
            Err(e) => Err(name_non_finite_source(e, guarded.last_non_finite())),
        }
    };
    let outcome = checked_call();
    if let Err(e) = &outcome {
        sink.emit(&in_the_name_of(P::MESSAGE_PREFIX, &e.message()));
    }
    outcome
}

/// What is checked before the layout is formed: the sizes, and on a
/// continuation call the run's record. The layout is then checked (by
/// [`check_against_layout`]) on a first call against the declared lengths
/// and the arrays, on a continuation call against the stored state first.
#[inline]
fn checks_before_layout<P, S>(p: &mut P, c: &mut Common<'_>, o: &P::Options, phase: Phase) -> Result<(), InputError>
where
    P: Protocol<S>,
    S: ?Sized,
{
    p.check_sizes(c, o)?;
    if phase == Phase::Continue {
        p.record(c, o).check_unchanged(c.rwork, c.iwork)?;
    }
    Ok(())
}

/// The checks of a call once its layout is known.
#[inline]
fn check_against_layout<P, S>(
    p: &mut P,
    c: &mut Common<'_>,
    o: &P::Options,
    phase: Phase,
    layout: &P::Layout,
) -> Result<(), InputError>
where
    P: Protocol<S>,
    S: ?Sized,
{
    if phase == Phase::Continue {
        check_stored_lengths(c, layout.lengths())?;
        check_stored_state(c, layout.lengths())?;
        p.check_resume_shape(c, o, layout)?;
        p.check_resume(c, o, layout)?;
    }
    report_lengths(c, layout.lengths())?;
    p.check_scratch(c, o, layout)?;
    if phase == Phase::Start {
        p.check_start(c, o, layout)?;
    }
    Ok(())
}

/// The checks of a continuation call in a remembered shape: those of
/// [`check_against_layout`] that read more than the shape's words, in the
/// same order. (Its lengths were reported, and the declared lengths found
/// sufficient, with the same words.)
#[inline]
fn check_resumed_state<P, S>(p: &mut P, c: &Common<'_>, o: &P::Options, layout: &P::Layout) -> Result<(), InputError>
where
    P: Protocol<S>,
    S: ?Sized,
{
    check_stored_state(c, layout.lengths())?;
    p.check_resume(c, o, layout)
}

/// Report LENIW and LENRW in IWORK(17..18) (when those slots exist) and
/// check the declared lengths against them.
fn report_lengths(c: &mut Common<'_>, l: Lengths) -> Result<(), InputError> {
    if c.iwork.len() >= iw::LENRW {
        c.iwork[iw::LENIW - 1] = l.leniw as FInt;
        c.iwork[iw::LENRW - 1] = l.lenrw as FInt;
    }
    if c.rwork.len() < l.lenrw {
        return Err(InputError::RworkTooShort { needed: l.lenrw as FInt, given: c.lrw });
    }
    if c.iwork.len() < l.leniw {
        return Err(InputError::IworkTooShort { needed: l.leniw as FInt, given: c.liw });
    }
    Ok(())
}

/// The lengths a continuation call's run uses, as IWORK(17..18) hold
/// them (words of the run's shape).
fn check_stored_lengths(c: &Common<'_>, l: Lengths) -> Result<(), InputError> {
    let i = |pos: usize| c.iwork.get(pos - 1).copied().unwrap_or(0);
    if i(iw::LENIW) != l.leniw as FInt || i(iw::LENRW) != l.lenrw as FInt {
        return Err(InputError::StateCorrupted { what: "IWORK(17..18) differ from the lengths this run uses" });
    }
    Ok(())
}

/// What every continuation call checks of the state it resumes from: the
/// order, the step size and the time. A damaged array gives IDID = -33,
/// never a wild index or NaN output.
fn check_stored_state(c: &Common<'_>, l: Lengths) -> Result<(), InputError> {
    let bad = |what| Err(InputError::StateCorrupted { what });
    let i = |pos: usize| c.iwork.get(pos - 1).copied().unwrap_or(0);
    let r = |pos: usize| c.rwork.get(pos - 1).copied().unwrap_or(Real::NAN);
    let maxord = l.maxord as FInt;
    if !(1..=maxord).contains(&i(iw::K)) || !(0..=maxord).contains(&i(iw::KOLD)) {
        return bad("the order IWORK(7) or IWORK(8) is out of range");
    }
    let (h, tn) = (r(rw::H), r(rw::TN));
    if !h.is_finite() || h == 0.0 || !tn.is_finite() {
        return bad("the step size RWORK(3) or the time RWORK(4) is not usable");
    }
    // HMIN and the root finder's tolerance are built from ROUND, TN and
    // PSI(1); a negative or NaN tolerance never stops their loops.
    if r(rw::ROUND) != UROUND || !r(rw::PSI).is_finite() {
        return bad("the unit roundoff RWORK(9) or PSI(1) = RWORK(39) is not this run's");
    }
    Ok(())
}

/// The inputs a caller may change between calls: HMAX, RTOL/ATOL, TOUT,
/// T; and on a first call TOUT /= T.
#[inline(always)]
fn check_call_inputs(ctl: &StepControls, c: &mut Common<'_>, phase: Phase) -> Result<(), InputError> {
    check_hmax(ctl, c.rwork)?;
    let n = if ctl.vector_tolerances { c.y.len() } else { 1 };
    let (rtol, atol) = c.tol.rtol_atol();
    check_tolerances(rtol, atol, n)?;
    let tout = finite("TOUT", c.tout)?;
    let t = finite("T", *c.t)?;
    if phase == Phase::Start && tout == t {
        return Err(InputError::ToutEqualsT { tout, t });
    }
    Ok(())
}

/// A failure caused by a user routine that kept returning NaN or Inf
/// (treated as IRES = -1 for RES and JAC, as IER > 0 for PSOL) names the
/// routine and the component; the IDID is the one that failure has.
fn name_non_finite_source(failure: Interrupt, last: Option<NonFinite>) -> Interrupt {
    let (Interrupt::Step(f), Some(nf)) = (&failure, last) else {
        return failure;
    };
    let (t, h, idid) = match (f.clone(), nf.source) {
        (StepFailure::IresMinusOne { t, h }, Source::Residual | Source::Jacobian | Source::SensitivityRhs) => {
            (t, h, f.idid())
        }
        (StepFailure::LinearSolver { t, h }, Source::PreconditionerSolve) => (t, h, f.idid()),
        (StepFailure::InitialConditions { t, h }, _) => (t, h, f.idid()),
        _ => return failure,
    };
    StepFailure::NonFinite { t, h, idid, routine: nf.source, index: nf.index, when: nf.t }.into()
}

/// A successful return never hands back a non-finite T, Y or YPRIME.
#[inline(always)]
fn solution_is_finite(c: &Common<'_>, idid: FInt) -> Result<FInt, Interrupt> {
    let finite = c.t.is_finite() && first_non_finite(c.y).is_none() && first_non_finite(c.yp).is_none();
    if finite {
        Ok(idid)
    } else {
        Err(StepFailure::SolutionNotFinite { t: *c.t }.into())
    }
}

/// One call with DDASKR's INFO convention: INFO decoded into the options,
/// INFO(1) read and updated, IDID set, every failure reported to `sink`
/// in the routine's name.
#[inline(always)]
pub fn call_with_info<P, S>(
    p: &mut P,
    c: &mut Common<'_>,
    info: &mut [FInt],
    idid: &mut FInt,
    sys: &mut S,
    sink: &mut dyn MessageSink,
) -> Result<FInt, Interrupt>
where
    P: InfoProtocol<S>,
    S: DaeSystem + ?Sized,
{
    let info1 = info.first().copied().unwrap_or(0);
    // A continuation call in the shape the thread remembers: INFO and the
    // layout need not be derived again.
    let remembered = match P::shape_memo() {
        Some(memo) if info1 == 1 => shape::matching(memo, (info, p.shape_sizes(c)), c, P::header_words),
        _ => None,
    };
    let outcome = match remembered.as_deref().and_then(Option::as_ref) {
        Some(s) => call_in_shape(p, c, &s.options, Phase::Continue, Some(&s.layout), |_, _, _, _| {}, sys, sink),
        None => derive_and_call(p, c, info, idid, sys, sink),
    };
    match outcome {
        Ok(d) => {
            *idid = d;
            // DDSTP sets INFO(1) = 1 once a step has been attempted; a
            // return after the initial conditions (IDID = 4) starts again.
            if info1 == 0 && d != 4 {
                info[0] = 1;
            }
            Ok(d)
        }
        Err(e) => {
            if let Some(i1) = info.first_mut() {
                *i1 = -1;
            }
            *idid = e.idid();
            Err(e)
        }
    }
}

/// [`call_with_info`] for a call in no remembered shape: INFO decoded, the
/// layout derived; a continuation call's shape is remembered once checked.
#[inline(always)]
fn derive_and_call<P, S>(
    p: &mut P,
    c: &mut Common<'_>,
    info: &[FInt],
    idid: &FInt,
    sys: &mut S,
    sink: &mut dyn MessageSink,
) -> Result<FInt, Interrupt>
where
    P: InfoProtocol<S>,
    S: DaeSystem + ?Sized,
{
    let info1 = info.first().copied().unwrap_or(0);
    // The last call failed and the caller did not acknowledge it; else
    // INFO(2..20) first (a bad entry there is named before a bad INFO(1)).
    let decoded = if info1 == -1 { Err(InputError::NoActionAfterFailure { idid: *idid }) } else { P::decode(info) };
    let phase = match info1 {
        0 => Ok(Phase::Start),
        1 => Ok(Phase::Continue),
        _ => Err(InputError::InfoElement { index: 1 }),
    };
    if let (Some(memo), Ok(Phase::Start)) = (P::shape_memo(), &phase) {
        shape::reserve(memo);
    }
    let remember = |p: &P, c: &Common<'_>, o: &P::Options, l: &P::Layout| {
        if let Some(memo) = P::shape_memo() {
            shape::remember(memo, || Shape::of(info, p.shape_sizes(c), c, P::header_words, o.clone(), l.clone()));
        }
    };
    // The options are used where `decode` wrote them, and the outcome is
    // taken apart where `call` wrote it. Moved whole, either would be
    // copied in loads wider than the stores that wrote its fields, and
    // every call would wait for those stores to complete.
    match (&decoded, phase) {
        (Ok(o), Ok(phase)) => call_in_shape(p, c, o, phase, None, remember, sys, sink),
        (Err(e), _) => Err(rejected(P::MESSAGE_PREFIX, e.clone(), sink)),
        (Ok(_), Err(e)) => Err(rejected(P::MESSAGE_PREFIX, e, sink)),
    }
}

/// A call rejected before the protocol saw it (INFO itself): its message
/// in the routine's name.
#[cold]
fn rejected(prefix: &str, e: InputError, sink: &mut dyn MessageSink) -> Interrupt {
    sink.emit(&in_the_name_of(prefix, &e.message()));
    e.into()
}

/// A failed call: its message in the routine's name, INFO(1) = -1, IDID.
/// The FFI layer uses it for a panic caught at its boundary too.
pub fn report_failure(
    prefix: &str,
    lines: &[MessageLine],
    code: FInt,
    info: &mut [FInt],
    idid: &mut FInt,
    sink: &mut dyn MessageSink,
) {
    sink.emit(&in_the_name_of(prefix, lines));
    if let Some(i1) = info.first_mut() {
        *i1 = -1;
    }
    *idid = code;
}

/// Message lines in another routine's name: the core writes "DASKR--".
pub fn in_the_name_of(prefix: &str, lines: &[MessageLine]) -> Vec<MessageLine> {
    lines
        .iter()
        .map(|l| match l.text.strip_prefix(DASKR_PREFIX) {
            Some(rest) if prefix != DASKR_PREFIX => MessageLine { text: format!("{prefix}{rest}"), ..l.clone() },
            _ => l.clone(),
        })
        .collect()
}

/// How the core's messages begin.
pub const DASKR_PREFIX: &str = "DASKR--";

/// Messages passed on in another routine's name (DSL48E's messages from
/// the shared integrator).
pub struct Renamed<'a> {
    pub prefix: &'static str,
    pub sink: &'a mut dyn MessageSink,
}

impl MessageSink for Renamed<'_> {
    fn emit(&mut self, lines: &[MessageLine]) {
        self.sink.emit(&in_the_name_of(self.prefix, lines));
    }
}
