//! The solver core: safe Rust only, organised by algorithm.
//!
//! | module | what it does | DASKR routines it replaces |
//! |---|---|---|
//! | [`ddaskr`] | DDASKR's protocol: its INFO entries, layout, linear solver and root finder | DDASKR |
//! | [`dsl48e`] | DSL48E's protocol: its arguments, sparse LU, BOUNDS, JYDOT, state events | DSL48E |
//! | [`call`] | the front door of both protocols: INFO(1) and the shared INFO entries, size checks before any array is read, the run record, the stored state, messages and IDID | the top of DDASKR |
//! | [`integrator`] | weights, limits, stop tests, the step loop | the body of DDASKR |
//! | [`roots`] | root finding (an event hook) | DRCHEK, DROOTS |
//! | [`events`] | DSL48E's state events: detection, polishing (an event hook) | DSL48E's event location |
//! | [`sensitivity`] | parametric sensitivities: the staggered corrector (a companion), dF/dp, consistent sensitivities, the jumps at events | DSL48S's sensitivities |
//! | [`hook`] | the event hook the integrator offers root finding and state events | |
//! | [`stepper`] | one BDF step, order/step selection | DDSTP |
//! | [`companion`] | the seam for vectors corrected after the state in each step (the sensitivities) | |
//! | [`newton`] | the corrector over any linear solver | DNEDD/DNSD, DNEDK/DNSK |
//! | [`initial`] | consistent initial conditions | DDASIC, DDASID/DNSID, DDASIK/DNSIK, DLINSD/DLINSK |
//! | [`layout`] | RWORK/IWORK positions, lengths and views (and where the counters live) | pointer block of DDASKR |
//! | [`linsol`] | linear solvers behind one trait: direct (dense, band), Krylov, sparse; difference-quotient Jacobians | DMATD, DSLVD, DSLVK, DSPIGM, LINPACK |
//! | [`constraints`] | ICNSTR signs and BOUNDS, kept at a start, in the IC iteration and the corrector | DCNST0, DCNSTR |
//! | [`interval`] | interval arithmetic on the interpolating polynomials (events, root dips) | |
//! | [`interpolate`] | solution interpolation | DDATRP |
//! | [`error`] | every IDID with its message | the messages of DDASKR |
//! | [`guard`] | non-finite callback results as failures | |
//! | [`counters`] | the statistics counters | IWORK(11..21) |
//! | [`problem`] | the problem's callbacks as traits | RES, JAC, PSOL, RT, STCHANGE, EVTDERIV |
//! | [`norms`] | error weights, weighted RMS norm | DDAWTS, DINVWT, DDWNRM |
//!
//! Each module depends only on modules below it in this table (and on
//! `messages`, `precision`, `vecops`): the protocols and their shell at the
//! top, the linear algebra, the problem traits and the norms at the
//! bottom; no cycles, no arrow upwards.
#![forbid(unsafe_code)]

pub mod call;
pub mod companion;
pub mod constraints;
pub mod counters;
pub mod ddaskr;
pub mod dispatch;
#[cfg(not(daskr_single))]
pub mod dsl48e;
pub mod error;
#[cfg(not(daskr_single))]
pub mod events;
pub mod guard;
pub mod hook;
pub mod initial;
pub mod integrator;
pub mod interpolate;
pub mod interval;
pub mod layout;
pub mod linsol;
pub mod messages;
pub mod newton;
pub mod norms;
pub mod precision;
pub mod problem;
pub mod roots;
#[cfg(not(daskr_single))]
pub mod sensitivity;
pub mod stepper;
#[cfg(test)]
pub(crate) mod test_problems;
pub mod vecops;
