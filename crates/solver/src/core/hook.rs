//! The event hook: what the integrator offers root finding (DDASKR) and
//! state events (DSL48E) at the start, on a continuation call and after
//! every accepted step, and what they may ask of it (a stop at a point
//! they have interpolated or polished). Apart from the integrator so that
//! the hooks depend on this seam, not on the loop that calls them.

use super::counters::Counters;
use super::error::Interrupt;
use super::interpolate::History;
use super::problem::DaeSystem;
use crate::types::{FInt, Real};

/// A return the event hook asks for: T set to `t`, Y and Y' already
/// interpolated or polished there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stop {
    pub t: Real,
    pub idid: FInt,
}

/// What an event hook sees: the solution history of the last step and the
/// caller's Y, Y' (which it may overwrite with values at a stop).
pub struct HookContext<'a, 'h> {
    pub hist: History<'h>,
    /// Reciprocal error weights at the start of the last step.
    pub wt: &'h [Real],
    /// T as the caller passed it (the last point returned).
    pub t: Real,
    pub tout: Real,
    pub uround: Real,
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    /// The call's counters (an event hook's own RES calls count in NRE).
    pub cnt: &'a mut Counters,
}

/// Root functions or state events, checked at the start, on a
/// continuation call, and after every accepted step.
pub trait EventHook<S: DaeSystem + ?Sized> {
    /// After the start point is consistent (first call).
    fn at_start(&mut self, sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<(), Interrupt>;
    /// At the top of a continuation call: an event in the part of the last
    /// step not yet returned.
    fn on_continuation(&mut self, sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt>;
    /// After each accepted step.
    fn after_step(&mut self, sys: &mut S, cx: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt>;
    /// Nothing to watch (DDASKR with NRT = 0): the integrator then makes
    /// neither of the two calls above nor the context they take (a few
    /// dozen instructions every call, which one-step-per-call drivers
    /// pay). A hook may say so only if both would return `Ok(None)`
    /// without any effect.
    fn idle(&self) -> bool {
        false
    }
}
