//! Every way a DDASKR call can end other than success, with the one table
//! that maps each to its IDID value and its printed message.
//!
//! Two layers: [`InputError`] (illegal input, IDID = -33, detected before
//! any step is taken) and [`StepFailure`] (the integration was interrupted:
//! IDID = -1 .. -14). Messages carry the same information as DASKR's
//! (condition, values) in this project's own wording.

use super::guard::Source;
use super::messages::MessageLine;
use crate::types::{FInt, Real};

/// Illegal input: IDID = -33.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum InputError {
    /// Element `index` of INFO is not valid.
    #[error("element {index} of INFO is not valid")]
    InfoElement {
        /// The 1-based index concerned.
        index: FInt,
    },
    /// NEQ = `neq` is not positive.
    #[error("NEQ = {neq} is not positive")]
    NeqNotPositive {
        /// NEQ as given.
        neq: FInt,
    },
    /// MAXORD = `maxord` is not in 1..5.
    #[error("MAXORD = {maxord} is not in 1..5")]
    MaxordOutOfRange {
        /// MAXORD as given.
        maxord: FInt,
    },
    /// RWORK needs LENRW = `needed` elements but LRW = `given`.
    #[error("RWORK needs LENRW = {needed} elements but LRW = {given}")]
    RworkTooShort {
        /// The length required.
        needed: FInt,
        /// The length given.
        given: FInt,
    },
    /// IWORK needs LENIW = `needed` elements but LIW = `given`.
    #[error("IWORK needs LENIW = {needed} elements but LIW = {given}")]
    IworkTooShort {
        /// The length required.
        needed: FInt,
        /// The length given.
        given: FInt,
    },
    /// Work array lengths overflow the default integer for NEQ = `neq`.
    #[error("work array lengths overflow the default integer for NEQ = {neq}")]
    LengthOverflow {
        /// NEQ as given.
        neq: FInt,
    },
    /// Some element of RTOL is negative.
    #[error("some element of RTOL is negative")]
    RtolNegative,
    /// Some element of ATOL is negative.
    #[error("some element of ATOL is negative")]
    AtolNegative,
    /// All elements of RTOL and ATOL are zero.
    #[error("all elements of RTOL and ATOL are zero")]
    AllTolerancesZero,
    /// An element of RTOL or ATOL is not finite.
    #[error("an element of RTOL or ATOL is not finite")]
    ToleranceNotFinite,
    /// INFO(4)=1 and TSTOP = `tstop` is behind TOUT = `tout`.
    #[error("INFO(4)=1 and TSTOP = {tstop} is behind TOUT = {tout}")]
    TstopBehindTout {
        /// TSTOP.
        tstop: Real,
        /// TOUT.
        tout: Real,
    },
    /// HMAX = `hmax` is not positive (or is NaN).
    #[error("HMAX = {hmax} is not positive (or is NaN)")]
    HmaxNotPositive {
        /// HMAX.
        hmax: Real,
    },
    /// `what` is `now` but was `was` when the integration started: set INFO(1) = 0 to restart.
    #[error("{what} is {now} but was {was} when the integration started: set INFO(1) = 0 to restart")]
    ChangedSinceStart {
        /// What is concerned.
        what: &'static str,
        /// The value when the integration started.
        was: FInt,
        /// The value now.
        now: FInt,
    },
    /// The work arrays are inconsistent (`what`): overwritten since the last call?
    #[error("the work arrays are inconsistent ({what}): overwritten since the last call?")]
    StateCorrupted {
        /// What is concerned.
        what: &'static str,
    },
    /// `name` = `value` is illegal: `rule`.
    #[error("{name} = {value} is illegal: {rule}")]
    IllegalArgument {
        /// The argument.
        name: &'static str,
        /// Its value.
        value: FInt,
        /// The rule it breaks.
        rule: &'static str,
    },
    /// `array`(`index`) = `value` is illegal: `rule`.
    #[error("{array}({index}) = {value} is illegal: {rule}")]
    IllegalEntry {
        /// The array.
        array: &'static str,
        /// The 1-based index concerned.
        index: FInt,
        /// Its value.
        value: FInt,
        /// The rule it breaks.
        rule: &'static str,
    },
    /// `name` = `given` is less than the `needed` required.
    #[error("{name} = {given} is less than the {needed} required")]
    ArrayTooShort {
        /// The argument.
        name: &'static str,
        /// The length required.
        needed: FInt,
        /// The length given.
        given: FInt,
    },
    /// BOUNDS(1,`index`) > BOUNDS(2,`index`) (or one is NaN).
    #[error("BOUNDS(1,{index}) > BOUNDS(2,{index}) (or one is NaN)")]
    BoundsCrossed {
        /// The 1-based index concerned.
        index: FInt,
    },
    /// Z(`index`) lies outside BOUNDS(1..2,`index`).
    #[error("Z({index}) lies outside BOUNDS(1..2,{index})")]
    OutsideBounds {
        /// The 1-based index concerned.
        index: FInt,
    },
    /// PBAR = RWORK(`index`) = `pbar` is negative or not finite.
    #[error("PBAR = RWORK({index}) = {pbar} is negative or not finite")]
    PbarIllegal {
        /// The 1-based RWORK position.
        index: FInt,
        /// Its value.
        pbar: Real,
    },
    /// The initial sensitivity `array`(`index`) = `value` is not finite.
    #[error("the initial sensitivity {array}({index}) = {value} is not finite")]
    SensitivityNotFinite {
        /// Z or ZDOT.
        array: &'static str,
        /// The 1-based index concerned.
        index: FInt,
        /// Its value.
        value: Real,
    },
    /// A restart after an event cannot cross the sensitivities as INFO(20) =
    /// `rule` asks: `reason`.
    #[error("INFO(20) = {rule} after the last event: {reason}")]
    SensitivityJump {
        /// INFO(20).
        rule: FInt,
        /// Why not.
        reason: &'static str,
    },
    /// The last return was an event: restart with INFO(1) = 0 in the new mode.
    #[error("the last return was an event: restart with INFO(1) = 0 in the new mode")]
    RestartAfterEvent,
    /// TOUT = `tout` is behind T = `t`.
    #[error("TOUT = {tout} is behind T = {t}")]
    ToutBehindT {
        /// TOUT.
        tout: Real,
        /// T as given.
        t: Real,
    },
    /// INFO(8)=1 and H0 = 0.
    #[error("INFO(8)=1 and H0 = 0")]
    H0Zero,
    /// Some error weight RTOL*|Y|+ATOL is not positive (component `index`).
    #[error("some error weight RTOL*|Y|+ATOL is not positive (component {index})")]
    WeightNotPositive {
        /// The 1-based index concerned.
        index: FInt,
    },
    /// TOUT = `tout` is too close to T = `t` to start the integration.
    #[error("TOUT = {tout} is too close to T = {t} to start the integration")]
    ToutTooClose {
        /// TOUT.
        tout: Real,
        /// T as given.
        t: Real,
    },
    /// INFO(4)=1 and TSTOP = `tstop` is behind T = `t`.
    #[error("INFO(4)=1 and TSTOP = {tstop} is behind T = {t}")]
    TstopBehindT {
        /// TSTOP.
        tstop: Real,
        /// T as given.
        t: Real,
    },
    /// INFO(4)=1 and TSTOP = `tstop` equals T.
    #[error("INFO(4)=1 and TSTOP = {tstop} equals T")]
    TstopEqualsT {
        /// TSTOP.
        tstop: Real,
    },
    /// ML = `ml` is illegal: negative or not less than NEQ.
    #[error("ML = {ml} is illegal: negative or not less than NEQ")]
    MlIllegal {
        /// ML as given.
        ml: FInt,
    },
    /// MU = `mu` is illegal: negative or not less than NEQ.
    #[error("MU = {mu} is illegal: negative or not less than NEQ")]
    MuIllegal {
        /// MU as given.
        mu: FInt,
    },
    /// TOUT = `tout` equals T = `t`.
    #[error("TOUT = {tout} equals T = {t}")]
    ToutEqualsT {
        /// TOUT.
        tout: Real,
        /// T as given.
        t: Real,
    },
    /// NRT = `nrt` is negative.
    #[error("NRT = {nrt} is negative")]
    NrtNegative {
        /// NRT as given.
        nrt: FInt,
    },
    /// `what` = `value` is not a finite number.
    #[error("{what} = {value} is not a finite number")]
    NotFinite {
        /// What is concerned.
        what: &'static str,
        /// Its value.
        value: Real,
    },
    /// A root function is zero at two very close values of T, near T = `t0`.
    #[error("a root function is zero at two very close values of T, near T = {t0}")]
    RootsIllDefined {
        /// T near which it happened.
        t0: Real,
    },
    /// `feature` is not available yet in this library.
    #[error("{feature} is not available yet in this library")]
    NotAvailable {
        /// What was asked for.
        feature: &'static str,
    },
    /// The last step ended with IDID = `idid` and no appropriate action was taken.
    #[error("the last step ended with IDID = {idid} and no appropriate action was taken")]
    NoActionAfterFailure {
        /// The IDID the failure has.
        idid: FInt,
    },
    /// An element of ICNSTR (IWORK(40+i)) is not in -2..2.
    #[error("an element of ICNSTR (IWORK(40+i)) is not in -2..2")]
    IcnstrIllegal,
    /// Y(`index`) violates its constraint IWORK(40+`index`).
    #[error("Y({index}) violates its constraint IWORK(40+{index})")]
    ConstraintViolated {
        /// The 1-based index concerned.
        index: FInt,
    },
    /// An element of the ID array is neither +1 nor -1.
    #[error("an element of the ID array is neither +1 nor -1")]
    IdIllegal,
    /// One of the INFO(17) = 1 inputs is illegal.
    #[error("one of the INFO(17) = 1 inputs is illegal")]
    IcControlsIllegal,
    /// MAXL = `maxl` is illegal: not in 1..NEQ.
    #[error("MAXL = {maxl} is illegal: not in 1..NEQ")]
    MaxlIllegal {
        /// MAXL as given.
        maxl: FInt,
    },
    /// KMP = `kmp` is illegal: not in 1..MAXL.
    #[error("KMP = {kmp} is illegal: not in 1..MAXL")]
    KmpIllegal {
        /// KMP as given.
        kmp: FInt,
    },
    /// NRMAX = `nrmax` is negative.
    #[error("NRMAX = {nrmax} is negative")]
    NrmaxIllegal {
        /// NRMAX as given.
        nrmax: FInt,
    },
    /// EPLI = `epli` is not in (0, 1).
    #[error("EPLI = {epli} is not in (0, 1)")]
    EpliIllegal {
        /// EPLI as given.
        epli: Real,
    },
    /// LENWP = `lenwp` or LENIWP = `leniwp` is negative.
    #[error("LENWP = {lenwp} or LENIWP = {leniwp} is negative")]
    WorkLengthNegative {
        /// LENWP as given.
        lenwp: FInt,
        /// LENIWP as given.
        leniwp: FInt,
    },
    /// The solver met an internal error.
    #[error("the solver met an internal error")]
    Internal,
    /// A required argument is a null pointer: `what`.
    #[error("a required argument is a null pointer: {what}")]
    NullArgument {
        /// What is concerned.
        what: &'static str,
    },
}

/// Why a call ended without completing its task.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Interrupt {
    /// Illegal input (IDID = -33).
    #[error("illegal input: {0}")]
    Input(#[from] InputError),
    /// The integration was interrupted (IDID = -1 .. -16).
    #[error("integration interrupted: {0}")]
    Step(#[from] StepFailure),
}

impl Interrupt {
    /// The IDID value of this outcome.
    pub fn idid(&self) -> FInt {
        match self {
            Interrupt::Input(_) => -33,
            Interrupt::Step(f) => f.idid(),
        }
    }

    /// The printed message.
    pub fn message(&self) -> Vec<MessageLine> {
        match self {
            Interrupt::Input(i) => i.message(),
            Interrupt::Step(f) => f.message(),
        }
    }
}

/// The integration was interrupted (IDID = -1 .. -14).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StepFailure {
    /// 500 steps taken on this call before reaching TOUT (at T = `t`).
    #[error("500 steps taken on this call before reaching TOUT (at T = {t})")]
    TooMuchWork {
        /// T at the failure (the last point reached).
        t: Real,
    },
    /// Too much accuracy requested at T = `t`; tolerances increased by `factor`.
    #[error("too much accuracy requested at T = {t}; tolerances increased by {factor}")]
    TooMuchAccuracy {
        /// T at the failure (the last point reached).
        t: Real,
        /// The factor applied to RTOL and ATOL.
        factor: Real,
    },
    /// An error weight became non-positive at T = `t`.
    #[error("an error weight became non-positive at T = {t}")]
    WeightVanished {
        /// T at the failure (the last point reached).
        t: Real,
    },
    /// Error test failed repeatedly or with |H| = HMIN at T = `t`, H = `h`.
    #[error("error test failed repeatedly or with |H| = HMIN at T = {t}, H = {h}")]
    ErrorTest {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// The corrector failed to converge repeatedly or with |H| = HMIN at T = `t`, H = `h`.
    #[error("the corrector failed to converge repeatedly or with |H| = HMIN at T = {t}, H = {h}")]
    Convergence {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// The iteration matrix is singular at T = `t`, H = `h`.
    #[error("the iteration matrix is singular at T = {t}, H = {h}")]
    Singular {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// Corrector failures after repeated error test failures at T = `t`, H = `h`.
    #[error("corrector failures after repeated error test failures at T = {t}, H = {h}")]
    ConvergenceAfterErrorTest {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// The corrector could not converge because IRES = -1 at T = `t`, H = `h`.
    #[error("the corrector could not converge because IRES = -1 at T = {t}, H = {h}")]
    IresMinusOne {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// IRES = -2 was returned at T = `t`, H = `h`.
    #[error("IRES = -2 was returned at T = {t}, H = {h}")]
    IresMinusTwo {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// The initial Y, YPRIME could not be computed (T = `t`, H = `h`).
    #[error("the initial Y, YPRIME could not be computed (T = {t}, H = {h})")]
    InitialConditions {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// The preconditioner setup (JAC) failed repeatedly at T = `t`, H = `h`.
    #[error("the preconditioner setup (JAC) failed repeatedly at T = {t}, H = {h}")]
    PreconditionerSetup {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// PSOL returned IER < 0 at T = `t`, H = `h`.
    #[error("PSOL returned IER < 0 at T = {t}, H = {h}")]
    PreconditionerSolve {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// The Krylov linear iteration failed to converge at T = `t`, H = `h`.
    #[error("the Krylov linear iteration failed to converge at T = {t}, H = {h}")]
    LinearSolver {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
    },
    /// A user routine kept returning NaN or Inf: the failure it caused
    /// (`idid`), with the routine and component named.
    #[error(
        "a user routine returned a non-finite value ({routine:?}, component {index}) at T = {when}; failed at T = {t}"
    )]
    NonFinite {
        /// T at the failure (the last point reached).
        t: Real,
        /// The step size H at the failure.
        h: Real,
        /// The IDID the failure has.
        idid: FInt,
        /// The user routine.
        routine: Source,
        /// The 1-based index concerned.
        index: usize,
        /// T of its last non-finite value.
        when: Real,
    },
    /// DSL48E: polishing the event failed (IDID = -15): EVTDERIV returned
    /// ICODE /= 0 (`icode`), or no consistent point on the new side was
    /// found (`icode` = 0).
    #[error("state event {ievent}, function {idiscon} at T = {tevt} could not be polished (ICODE = {icode})")]
    EventPolishing {
        /// T at the failure (the last point reached).
        t: Real,
        /// The estimated event time TEVT.
        tevt: Real,
        /// The condition (IEVENT, 1-based).
        ievent: FInt,
        /// The function within it (IDISCON, 1-based).
        idiscon: FInt,
        /// ICODE from EVTDERIV (0: no convergence).
        icode: FInt,
    },
    /// Y, YPRIME or T is no longer finite (IDID = -10).
    #[error("the solution is no longer finite at T = {t}")]
    SolutionNotFinite {
        /// T at the failure (the last point reached).
        t: Real,
    },
    /// DSL48E: a sensitivity or its derivative is no longer finite
    /// (IDID = -10).
    #[error("the sensitivities are no longer finite at T = {t}")]
    SensitivitiesNotFinite {
        /// T at the failure.
        t: Real,
    },
    /// DSL48E: consistent initial sensitivities could not be computed at
    /// T = `t` (IDID = -12): the matrix (dF/dx' dF/dy) is singular
    /// (`singular`), or RES, JAC or SENRHS failed.
    #[error("consistent initial sensitivities could not be computed at T = {t}")]
    InitialSensitivities {
        /// T of the start point.
        t: Real,
        /// The matrix was singular (else a routine failed).
        singular: bool,
    },
    /// DSL48E: the state event `ievent`, function `idiscon` at TEVT = `tevt`
    /// is not transversal (IDID = -16): dTEVT/dp is not defined. T, Z,
    /// ZDOT and the sensitivities are at TEVT as for an event return.
    #[error("state event {ievent}, function {idiscon} at T = {tevt} is not transversal: dTEVT/dp is not defined")]
    GrazingEvent {
        /// The event time TEVT.
        tevt: Real,
        /// The condition (IEVENT, 1-based).
        ievent: FInt,
        /// The function within it (IDISCON, 1-based).
        idiscon: FInt,
        /// The triggering variable's derivative there.
        slope: Real,
    },
}

/// Why a step could not be completed (the IDID DDSTP would return), before
/// the time and step size are attached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    /// -5
    PreconditionerSetup,
    /// -13
    PreconditionerSolve,
    /// -14
    LinearSolver,
    /// -6
    ErrorTest,
    /// -7
    Convergence,
    /// -8
    Singular,
    /// -9
    ConvergenceAfterErrorTest,
    /// -10
    IllegalInput,
    /// -11
    Stop,
}

impl StepError {
    /// The failure reported at time `t` with step size `h`.
    pub fn at(self, t: Real, h: Real) -> StepFailure {
        match self {
            StepError::ErrorTest => StepFailure::ErrorTest { t, h },
            StepError::Convergence => StepFailure::Convergence { t, h },
            StepError::Singular => StepFailure::Singular { t, h },
            StepError::ConvergenceAfterErrorTest => StepFailure::ConvergenceAfterErrorTest { t, h },
            StepError::IllegalInput => StepFailure::IresMinusOne { t, h },
            StepError::Stop => StepFailure::IresMinusTwo { t, h },
            StepError::PreconditionerSetup => StepFailure::PreconditionerSetup { t, h },
            StepError::PreconditionerSolve => StepFailure::PreconditionerSolve { t, h },
            StepError::LinearSolver => StepFailure::LinearSolver { t, h },
        }
    }
}

impl StepFailure {
    /// The IDID value of this failure (-1 .. -16).
    pub fn idid(&self) -> FInt {
        match self {
            StepFailure::TooMuchWork { .. } => -1,
            StepFailure::TooMuchAccuracy { .. } => -2,
            StepFailure::WeightVanished { .. } => -3,
            StepFailure::ErrorTest { .. } => -6,
            StepFailure::Convergence { .. } => -7,
            StepFailure::Singular { .. } => -8,
            StepFailure::ConvergenceAfterErrorTest { .. } => -9,
            StepFailure::IresMinusOne { .. } => -10,
            StepFailure::IresMinusTwo { .. } => -11,
            StepFailure::InitialConditions { .. } => -12,
            StepFailure::PreconditionerSetup { .. } => -5,
            StepFailure::PreconditionerSolve { .. } => -13,
            StepFailure::LinearSolver { .. } => -14,
            StepFailure::NonFinite { idid, .. } => *idid,
            StepFailure::SolutionNotFinite { .. } => -10,
            StepFailure::SensitivitiesNotFinite { .. } => -10,
            StepFailure::InitialSensitivities { .. } => -12,
            StepFailure::EventPolishing { .. } => -15,
            StepFailure::GrazingEvent { .. } => -16,
        }
    }

    /// The printed message (same information as DASKR's).
    pub fn message(&self) -> Vec<MessageLine> {
        let at =
            |t: Real, h: Real| MessageLine::text("DASKR--  At T (=R1) with step size H (=R2):").with_reals(&[t, h]);
        let l = MessageLine::text;
        match *self {
            StepFailure::TooMuchWork { t } => vec![
                l("DASKR--  At T (=R1), 500 steps have been taken").with_reals(&[t]),
                l("DASKR--  on this call without reaching TOUT"),
            ],
            StepFailure::TooMuchAccuracy { t, factor } => vec![
                l("DASKR--  At T (=R1), too much accuracy was requested").with_reals(&[t]),
                l("DASKR--  for the machine precision; RTOL and ATOL"),
                l("DASKR--  have been increased by the factor R1").with_reals(&[factor]),
            ],
            StepFailure::WeightVanished { t } => vec![
                l("DASKR--  At T (=R1), an element of the error weights").with_reals(&[t]),
                l("DASKR--  has become zero or negative"),
            ],
            StepFailure::ErrorTest { t, h } => {
                vec![at(t, h), l("DASKR--  the error test failed repeatedly or with |H| = HMIN")]
            }
            StepFailure::Convergence { t, h } => vec![
                at(t, h),
                l("DASKR--  the corrector (Newton) iteration failed to converge"),
                l("DASKR--  repeatedly or with |H| = HMIN"),
            ],
            StepFailure::Singular { t, h } => {
                vec![at(t, h), l("DASKR--  the iteration matrix is singular")]
            }
            StepFailure::ConvergenceAfterErrorTest { t, h } => vec![
                at(t, h),
                l("DASKR--  the corrector iteration could not converge,"),
                l("DASKR--  after repeated error test failures on this step"),
            ],
            StepFailure::IresMinusOne { t, h } => vec![
                at(t, h),
                l("DASKR--  the corrector iteration could not converge"),
                l("DASKR--  because RES kept returning IRES = -1"),
            ],
            StepFailure::IresMinusTwo { t, h } => {
                vec![at(t, h), l("DASKR--  RES returned IRES = -2; integration stopped")]
            }
            StepFailure::PreconditionerSetup { t, h } => {
                vec![at(t, h), l("DASKR--  the preconditioner setup (JAC) failed repeatedly")]
            }
            StepFailure::PreconditionerSolve { t, h } => {
                vec![at(t, h), l("DASKR--  PSOL returned a negative IER (unrecoverable)")]
            }
            StepFailure::LinearSolver { t, h } => {
                vec![at(t, h), l("DASKR--  the Krylov linear iteration could not converge")]
            }
            StepFailure::NonFinite { t, h, routine, index, when, .. } => vec![
                at(t, h),
                MessageLine::text(format!("DASKR--  {}", routine.describe())).with_ints(&[index as FInt]),
                l("DASKR--  (last at T = R1); the step could not be completed").with_reals(&[when]),
            ],
            StepFailure::EventPolishing { t, tevt, ievent, idiscon, icode } => {
                let cause = if icode != 0 {
                    l("DASKR--  EVTDERIV returned ICODE (=I1) /= 0").with_ints(&[icode])
                } else {
                    l("DASKR--  no consistent point on the new side was found")
                };
                vec![
                    l("DASKR--  State event I1, discontinuity function I2,").with_ints(&[ievent, idiscon]),
                    l("DASKR--  located at TEVT (=R1) could not be polished:").with_reals(&[tevt]),
                    cause,
                    l("DASKR--  T, Z, ZDOT are left at the last step, T (=R1)").with_reals(&[t]),
                ]
            }
            StepFailure::SolutionNotFinite { t } => {
                vec![l("DASKR--  At T (=R1) the solution Y, YPRIME is no longer finite").with_reals(&[t])]
            }
            StepFailure::SensitivitiesNotFinite { t } => vec![
                l("DASKR--  At T (=R1) the sensitivities Z, ZDOT(NEQ+1..)").with_reals(&[t]),
                l("DASKR--  are no longer finite"),
            ],
            StepFailure::InitialSensitivities { t, singular } => vec![
                l("DASKR--  consistent initial sensitivities could not be computed"),
                if singular {
                    l("DASKR--  at T (=R1): the matrix (dF/dx' dF/dy) is singular").with_reals(&[t])
                } else {
                    l("DASKR--  at T (=R1): RES, JAC or SENRHS failed").with_reals(&[t])
                },
            ],
            StepFailure::GrazingEvent { tevt, ievent, idiscon, slope } => vec![
                l("DASKR--  State event I1, discontinuity function I2, at").with_ints(&[ievent, idiscon]),
                l("DASKR--  TEVT (=R1) is not transversal: the function's rate").with_reals(&[tevt]),
                l("DASKR--  (=R1) is below its error weight per step, so").with_reals(&[slope]),
                l("DASKR--  dTEVT/dp is not defined; T, Z, ZDOT are at TEVT"),
            ],
            StepFailure::InitialConditions { t, h } => vec![
                l("DASKR--  the initial condition calculation failed:"),
                l("DASKR--  no consistent (Y, YPRIME) found at T (=R1), H (=R2)").with_reals(&[t, h]),
            ],
        }
    }
}

impl InputError {
    /// The printed message (same information as DASKR's).
    pub fn message(&self) -> Vec<MessageLine> {
        use InputError::*;
        fn l(s: impl Into<String>) -> MessageLine {
            MessageLine::text(s)
        }
        match *self {
            InfoElement { index } => {
                vec![l("DASKR--  INFO(I1) has a value that is not valid").with_ints(&[index])]
            }
            NeqNotPositive { neq } => vec![l("DASKR--  NEQ (=I1) must be positive").with_ints(&[neq])],
            MaxordOutOfRange { maxord } => {
                vec![l("DASKR--  MAXORD (=I1) is not in the range 1..5").with_ints(&[maxord])]
            }
            RworkTooShort { needed, given } => {
                vec![l("DASKR--  RWORK needs LENRW (=I1) elements, more than LRW (=I2)").with_ints(&[needed, given])]
            }
            IworkTooShort { needed, given } => {
                vec![l("DASKR--  IWORK needs LENIW (=I1) elements, more than LIW (=I2)").with_ints(&[needed, given])]
            }
            LengthOverflow { neq } => vec![
                l("DASKR--  the work-array lengths for NEQ (=I1) exceed").with_ints(&[neq]),
                l("DASKR--  the largest default INTEGER"),
            ],
            RtolNegative => vec![l("DASKR--  some element of RTOL is negative")],
            AtolNegative => vec![l("DASKR--  some element of ATOL is negative")],
            AllTolerancesZero => vec![l("DASKR--  all elements of RTOL and ATOL are zero")],
            ToleranceNotFinite => vec![l("DASKR--  some element of RTOL or ATOL is not finite")],
            TstopBehindTout { tstop, tout } => {
                vec![l("DASKR--  INFO(4)=1 but TSTOP (=R1) lies behind TOUT (=R2)").with_reals(&[tstop, tout])]
            }
            HmaxNotPositive { hmax } => {
                vec![l("DASKR--  HMAX (=R1) must be positive (+Inf means no limit)").with_reals(&[hmax])]
            }
            ChangedSinceStart { what, was, now } => vec![
                l(format!("DASKR--  {what} (=I1) differs from its value when the integration")).with_ints(&[now]),
                l("DASKR--  started (=I1); set INFO(1) = 0 to restart with the new value").with_ints(&[was]),
            ],
            IllegalArgument { name, value, rule } => {
                vec![l(format!("DASKR--  {name} (=I1) is illegal: {rule}")).with_ints(&[value])]
            }
            IllegalEntry { array, index, value, rule } => {
                vec![l(format!("DASKR--  {array}(I1) (=I2) is illegal: {rule}")).with_ints(&[index, value])]
            }
            ArrayTooShort { name, needed, given } => {
                vec![l(format!("DASKR--  {name} (=I2) is less than the required I1")).with_ints(&[needed, given])]
            }
            BoundsCrossed { index } => {
                vec![l("DASKR--  BOUNDS(1,I1) > BOUNDS(2,I1), or one of them is NaN").with_ints(&[index])]
            }
            OutsideBounds { index } => {
                vec![l("DASKR--  Z(I1) lies outside BOUNDS(1,I1)..BOUNDS(2,I1)").with_ints(&[index])]
            }
            PbarIllegal { index, pbar } => vec![
                l("DASKR--  PBAR in RWORK(I1) (=R1) must be finite and not negative").with_ints(&[index]).with_reals(&[pbar]),
            ],
            SensitivityNotFinite { array, index, value } => vec![
                l(format!("DASKR--  the initial sensitivity {array}(I1) (=R1) is not finite"))
                    .with_ints(&[index])
                    .with_reals(&[value]),
            ],
            SensitivityJump { rule, reason } => vec![
                l("DASKR--  the restart after the last event cannot apply INFO(20) (=I1):").with_ints(&[rule]),
                l(format!("DASKR--  {reason}")),
            ],
            RestartAfterEvent => vec![
                l("DASKR--  the last return was a state event (IEVENT > 0): lock the model"),
                l("DASKR--  in its new mode and restart with INFO(1) = 0"),
            ],
            StateCorrupted { what } => vec![
                l(format!("DASKR--  RWORK/IWORK are inconsistent: {what}")),
                l("DASKR--  (overwritten since the last call?); set INFO(1) = 0 to restart"),
            ],
            ToutBehindT { tout, t } => {
                vec![l("DASKR--  TOUT (=R1) lies behind T (=R2) for this direction").with_reals(&[tout, t])]
            }
            H0Zero => vec![l("DASKR--  INFO(8)=1 but the initial step H0 is zero")],
            WeightNotPositive { index } => {
                vec![l("DASKR--  error weight I1 (RTOL*|Y|+ATOL) is zero or negative").with_ints(&[index])]
            }
            ToutTooClose { tout, t } => {
                vec![l("DASKR--  TOUT (=R1) is too close to T (=R2) to start").with_reals(&[tout, t])]
            }
            TstopBehindT { tstop, t } => {
                vec![l("DASKR--  INFO(4)=1 but TSTOP (=R1) lies behind T (=R2)").with_reals(&[tstop, t])]
            }
            TstopEqualsT { tstop } => {
                vec![l("DASKR--  INFO(4)=1 but TSTOP (=R1) equals the initial T").with_reals(&[tstop])]
            }
            MlIllegal { ml } => vec![l("DASKR--  ML (=I1) is illegal: negative or not less than NEQ").with_ints(&[ml])],
            MuIllegal { mu } => vec![l("DASKR--  MU (=I1) is illegal: negative or not less than NEQ").with_ints(&[mu])],
            ToutEqualsT { tout, t } => {
                vec![l("DASKR--  TOUT (=R1) is equal to T (=R2)").with_reals(&[tout, t])]
            }
            NrtNegative { nrt } => vec![l("DASKR--  NRT (=I1) is negative").with_ints(&[nrt])],
            NotFinite { what, value } => {
                vec![l(format!("DASKR--  {what} (=R1) is not a finite number")).with_reals(&[value])]
            }
            RootsIllDefined { t0 } => vec![
                l("DASKR--  the root functions are ill-defined: zero values were"),
                l("DASKR--  found at two very close T values, at T = R1").with_reals(&[t0]),
            ],
            NotAvailable { feature } => {
                vec![l(format!("DASKR--  {feature}")), l("DASKR--  is not available yet in this library")]
            }
            NoActionAfterFailure { idid } => vec![
                l("DASKR--  the last step ended with IDID (=I1) negative and").with_ints(&[idid]),
                l("DASKR--  INFO(1) was not reset to 1: run terminated"),
            ],
            IcnstrIllegal => vec![l("DASKR--  INFO(10) > 0 but some IWORK(40+I) is not in -2..2")],
            ConstraintViolated { index } => {
                vec![l("DASKR--  Y(I) violates the constraint IWORK(40+I) for I = I1").with_ints(&[index])]
            }
            IdIllegal => vec![l("DASKR--  an element of the ID array is neither +1 nor -1")],
            MaxlIllegal { maxl } => {
                vec![l("DASKR--  MAXL (=I1) is illegal: not in the range 1..NEQ").with_ints(&[maxl])]
            }
            KmpIllegal { kmp } => vec![l("DASKR--  KMP (=I1) is illegal: not in the range 1..MAXL").with_ints(&[kmp])],
            NrmaxIllegal { nrmax } => vec![l("DASKR--  NRMAX (=I1) is illegal: negative").with_ints(&[nrmax])],
            EpliIllegal { epli } => {
                vec![l("DASKR--  EPLI (=R1) is illegal: not strictly between 0 and 1").with_reals(&[epli])]
            }
            WorkLengthNegative { lenwp, leniwp } => {
                vec![l("DASKR--  LENWP (=I1) or LENIWP (=I2) in IWORK(27..28) is negative").with_ints(&[lenwp, leniwp])]
            }
            IcControlsIllegal => vec![
                l("DASKR--  INFO(17)=1 but one of IWORK(32..35), RWORK(14..15)"),
                l("DASKR--  (MXNIT, MXNJ, MXNH, LSOFF, STPTOL, EPINIT) is illegal"),
            ],
            Internal => vec![l("DASKR--  internal error in the solver; run terminated")],
            NullArgument { what } => vec![l(format!("DASKR--  null pointer passed for {what}"))],
        }
    }
}
