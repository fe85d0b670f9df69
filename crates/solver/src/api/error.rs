//! The API's error type: a problem found while setting up ([`SetupError`]),
//! illegal input found by the solver ([`InputError`], DASKR's IDID = -33),
//! or an interrupted integration ([`StepFailure`], IDID = -1 .. -15).

use crate::core::error::{InputError, Interrupt, StepFailure};
use crate::types::FInt;

/// Why a setup or a call did not succeed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    /// The options or the initial values do not describe a usable problem;
    /// found by the API before the solver ran.
    #[error("invalid setup: {0}")]
    Setup(#[from] SetupError),
    /// Illegal input found by the solver (DASKR's IDID = -33). Nothing was
    /// integrated; correct the input and call again.
    #[error("illegal input: {0}")]
    Input(#[from] InputError),
    /// The integration was interrupted (IDID = -1 .. -15). The solution is
    /// left at the last point reached; the next call continues from there
    /// (DASKR's INFO(1) = 1 after a failure).
    #[error("integration interrupted: {0}")]
    Step(#[from] StepFailure),
}

impl From<Interrupt> for Error {
    fn from(e: Interrupt) -> Self {
        match e {
            Interrupt::Input(i) => Error::Input(i),
            Interrupt::Step(s) => Error::Step(s),
        }
    }
}

impl Error {
    /// The IDID value DDASKR (or DSL48E) reports for this failure; -33 for
    /// setup errors, as for any illegal input.
    pub fn idid(&self) -> FInt {
        match self {
            Error::Setup(_) | Error::Input(_) => -33,
            Error::Step(f) => f.idid(),
        }
    }
}

/// A problem with the options or the initial values, found before the
/// solver runs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The initial state has no components.
    #[error("the initial state is empty")]
    Empty,
    /// A vector does not have the length the problem needs.
    #[error("{what} has {len} entries, {expected} expected")]
    WrongLength {
        /// What the vector is.
        what: &'static str,
        /// Its length.
        len: usize,
        /// The length expected.
        expected: usize,
    },
    /// An option has an unusable value.
    #[error("{what}: {reason}")]
    Invalid {
        /// The option.
        what: &'static str,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// An entry of a sparse pattern cannot be used.
    #[error("entry {entry} of the sparse pattern: {reason}")]
    Pattern {
        /// The entry (0-based position in the pattern).
        entry: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The problem is too large for the solver's 32-bit integers.
    #[error("the problem is too large for the solver's 32-bit work-array lengths")]
    TooLarge,
    /// The combination of options is not available.
    #[error("{feature} is not available")]
    NotAvailable {
        /// What was asked for.
        feature: &'static str,
    },
    /// The operation does not apply in the solver's current state.
    #[error("{0}")]
    WrongState(&'static str),
}
