//! Compiles the shared core sources as the single-precision instance:
//! `cfg(daskr_single)` leaves out the parts that exist in double precision
//! only (the sparse solver of INFO(6) = 2 and DSL48E).

fn main() {
    println!("cargo::rustc-cfg=daskr_single");
}
