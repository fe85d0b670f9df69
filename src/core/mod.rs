//! The solver core: safe Rust only, organised by algorithm.
#![forbid(unsafe_code)]

pub mod driver;
pub mod error;
pub mod initial;
pub mod interpolate;
pub mod jacobian;
pub mod krylov;
pub mod layout;
pub mod linsol;
pub mod messages;
pub mod newton;
pub mod norms;
pub mod options;
pub mod problem;
pub mod roots;
pub mod stepper;
pub mod vecops;
