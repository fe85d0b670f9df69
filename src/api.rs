//! Safe Rust API (being written)
