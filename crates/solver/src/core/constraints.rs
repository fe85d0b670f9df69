//! Constraints the solution must keep: DDASKR's ICNSTR signs (INFO(10))
//! and DSL48E's BOUNDS (INFO(10) = 1): checked at a (re)start, kept by the
//! initial-condition iteration and (box bounds) by the corrector. A room of
//! its own because the corrector, the stepper and the initial-condition
//! iteration all read it.

use crate::types::{FInt, Real};

/// Constraints the solution must keep: checked at a (re)start, kept by
/// the initial-condition iteration, and (box bounds) by the corrector.
#[derive(Clone, Copy, Debug)]
pub enum Constraints<'a> {
    /// DDASKR's ICNSTR (INFO(10) = 1, 3): per component 2 (> 0), 1 (>= 0),
    /// 0 (none), -1 (<= 0), -2 (< 0).
    Signs(&'a [FInt]),
    /// DSL48E's BOUNDS(2, NEQ): BOUNDS(1,i) <= y_i <= BOUNDS(2,i), stored
    /// as lower, upper pairs.
    Box(&'a [Real]),
}

impl Constraints<'_> {
    /// The first component of `y` that violates the constraints (1-based);
    /// a NaN component counts as a violation (DCNST0).
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    pub fn first_violation(&self, y: &[Real]) -> Option<usize> {
        let i = match *self {
            Constraints::Signs(icnstr) => y.iter().zip(icnstr).position(|(&yi, &c)| match c {
                2 => !(yi > 0.0),
                1 => !(yi >= 0.0),
                -1 => !(yi <= 0.0),
                -2 => !(yi < 0.0),
                _ => false,
            }),
            Constraints::Box(b) => y.iter().zip(b.chunks_exact(2)).position(|(&yi, lu)| !(lu[0] <= yi && yi <= lu[1])),
        };
        i.map(|i| i + 1)
    }
}
