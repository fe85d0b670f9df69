//! Compiles the solver sources (package `daskr-solver`) as the
//! single-precision instance: `cfg(daskr_single)` leaves out the parts that
//! exist in double precision only (the sparse solver of INFO(6) = 2 and
//! DSL48E), and `solver_module!` (in `OUT_DIR`) declares the modules; all
//! of them are declared by files in `src/`.
//! This crate's own source directory goes to the main crate's build script,
//! which reads the `export_aliases!` invocations of `src/ffi.rs`.

fn main() {
    println!("cargo::rustc-cfg=daskr_single");
    let src = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("src");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("solver_module.rs");
    daskr_solver::write_module_macro(&out, |_| Some(src.clone())).expect("write solver_module.rs");
    println!("cargo::metadata=src={}", src.display());
}
