//! Messages the solver wants printed. The core only builds them; the FFI
//! layer prints them (honouring XSETF/XSETUN), the Rust API hands them back.
//!
//! A message is a sequence of lines; each line is text plus up to two
//! integers and up to two reals, printed the way DASKR's message routine
//! prints them ("In above message, I1 = ...").

use crate::types::{FInt, Real};

/// One printed line with its attached values.
#[derive(Clone, Debug, PartialEq)]
pub struct MessageLine {
    /// The text (values referred to as I1, I2, R1, R2).
    pub text: String,
    /// The integer values I1, I2 (at most two are printed).
    pub ints: Vec<FInt>,
    /// The real values R1, R2 (at most two are printed).
    pub reals: Vec<Real>,
}

impl MessageLine {
    /// A line of text without values.
    pub fn text(text: impl Into<String>) -> Self {
        MessageLine { text: text.into(), ints: Vec::new(), reals: Vec::new() }
    }
    /// The line with these integer values.
    pub fn with_ints(mut self, ints: &[FInt]) -> Self {
        self.ints = ints.to_vec();
        self
    }
    /// The line with these real values.
    pub fn with_reals(mut self, reals: &[Real]) -> Self {
        self.reals = reals.to_vec();
        self
    }
}

/// The text followed by its values: `text (I1 = 3, R1 = 0.5)`.
impl std::fmt::Display for MessageLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text.trim())?;
        let ints = self.ints.iter().enumerate().map(|(k, v)| format!("I{} = {v}", k + 1));
        let reals = self.reals.iter().enumerate().map(|(k, v)| format!("R{} = {v:e}", k + 1));
        let values: Vec<String> = ints.chain(reals).collect();
        if !values.is_empty() {
            write!(f, " ({})", values.join(", "))?;
        }
        Ok(())
    }
}

/// Where messages go. The FFI layer prints; tests and the Rust API collect.
pub trait MessageSink {
    /// Take one message (its lines).
    fn emit(&mut self, lines: &[MessageLine]);
}

/// Collects messages in memory.
#[derive(Default, Debug)]
pub struct CollectMessages(pub Vec<Vec<MessageLine>>);

impl MessageSink for CollectMessages {
    fn emit(&mut self, lines: &[MessageLine]) {
        self.0.push(lines.to_vec());
    }
}
