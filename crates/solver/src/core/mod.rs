//! The solver core: safe Rust only, organised by algorithm.
//!
//! | module | what it does | DASKR routines it replaces |
//! |---|---|---|
//! | [`layout`] | RWORK/IWORK positions, lengths and views | pointer block of DDASKR |
//! | [`call`] | the front door of both protocols: INFO(1), the shared INFO entries, input checks, run record, IDID | the top of DDASKR |
//! | [`error`] | every IDID with its message | the messages of DDASKR |
//! | [`norms`] | error weights, weighted RMS norm | DDAWTS, DINVWT, DDWNRM |
//! | [`interpolate`] | solution interpolation | DDATRP |
//! | [`stepper`] | one BDF step, order/step selection | DDSTP |
//! | [`newton`] | the corrector over any linear solver | DNEDD/DNSD, DNEDK/DNSK |
//! | [`linsol`] | linear solvers: direct (dense, band), Krylov | DMATD, DSLVD, DSLVK, DSPIGM, LINPACK |
//! | [`initial`] | consistent initial conditions | DDASIC, DDASID/DNSID, DDASIK/DNSIK, DLINSD/DLINSK |
//! | [`roots`] | root finding (an event hook) | DRCHEK, DROOTS |
//! | [`events`] | DSL48E's state events: interval detection, polishing (an event hook) | DSL48E's event location |
//! | [`integrator`] | weights, limits, stop tests, the step loop | the body of DDASKR |
//! | [`ddaskr`] | DDASKR's call protocol | DDASKR |
//! | [`dsl48e`] | DSL48E's call protocol (sparse LU, BOUNDS, JYDOT) | DSL48E |
#![forbid(unsafe_code)]

pub mod call;
pub mod counters;
pub mod ddaskr;
#[cfg(not(daskr_single))]
pub mod dsl48e;
pub mod error;
#[cfg(not(daskr_single))]
pub mod events;
/// The single-precision instance has no DSL48E: of the event detector only
/// the interval search, which the root finder's dip search uses.
#[cfg(daskr_single)]
pub mod events {
    pub mod interval;
}
pub mod guard;
pub mod initial;
pub mod integrator;
pub mod interpolate;
pub mod layout;
pub mod linsol;
pub mod messages;
pub mod newton;
pub mod norms;
pub mod precision;
pub mod problem;
pub mod roots;
pub mod stepper;
#[cfg(test)]
pub(crate) mod test_problems;
pub mod vecops;
