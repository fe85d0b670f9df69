//! Build script: compiles the small C message shim (weak references to the
//! Fortran runtime, so messages keep their order with the caller's output)
//! and generates the C header from the FFI layer with cbindgen into
//! OUT_DIR. The committed `include/daskr.h` is compared with it by a test
//! (`tests/header.rs`); regenerate with `DASKR_WRITE_HEADER=1 cargo build`.

use std::path::PathBuf;

fn main() {
    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());

    let mut c_files: Vec<PathBuf> = std::fs::read_dir(crate_dir.join("csrc"))
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "c")).collect()
        })
        .unwrap_or_default();
    c_files.sort();
    println!("cargo:rerun-if-changed=csrc");
    for f in &c_files {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    if !c_files.is_empty() {
        cc::Build::new()
            .files(&c_files)
            .opt_level(2)
            .flag_if_supported("-fvisibility=hidden")
            .warnings(true)
            .compile("daskr_cshim");
    }

    println!("cargo:rerun-if-changed=src/ffi");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=DASKR_WRITE_HEADER");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("daskr.h");
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml is readable");
    match cbindgen::Builder::new().with_crate(&crate_dir).with_config(config).generate() {
        Ok(bindings) => {
            bindings.write_to_file(&out);
            if std::env::var_os("DASKR_WRITE_HEADER").is_some() {
                bindings.write_to_file(crate_dir.join("include/daskr.h"));
            }
        }
        // A half-written FFI module must not break the build of the solver;
        // the header test reports a missing or stale header instead.
        Err(e) => println!("cargo:warning=cbindgen could not generate daskr.h: {e}"),
    }
}
