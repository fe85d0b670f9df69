//! Build script: compiles the small C message shim (weak references to the
//! Fortran runtime, so messages keep their order with the caller's output)
//! and generates the C header from the FFI layer with cbindgen into
//! OUT_DIR. The committed `include/daskr.h` is compared with it by a test
//! (`tests/header.rs`); regenerate with `DASKR_WRITE_HEADER=1 cargo build`.
//!
//! Packaging (see README, "Installing and linking"): every C file is
//! compiled with `-include csrc/static_threads.h` (strong references to
//! the pthread functions that libgfortran calls through weak references,
//! so `gfortran -static prog.f libdaskr.a` links a working program), and
//! on ELF targets the shared library gets the SONAME `libdaskr.so.<major>`
//! (<major> = the crate's major version), with a `libdaskr.so.<major>`
//! symlink beside Cargo's `libdaskr.so` so that programs linked against
//! the build tree still find it at run time.

use std::path::PathBuf;

fn main() {
    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());

    let mut c_files: Vec<PathBuf> = std::fs::read_dir(crate_dir.join("csrc"))
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect()
        })
        .unwrap_or_default();
    c_files.sort();
    println!("cargo:rerun-if-changed=csrc");
    for f in &c_files {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    let static_threads_h = crate_dir.join("csrc/static_threads.h");
    println!("cargo:rerun-if-changed={}", static_threads_h.display());
    if !c_files.is_empty() {
        let mut forced_include: Vec<String> = Vec::new();
        if static_threads_h.is_file() {
            forced_include = vec!["-include".into(), static_threads_h.display().to_string()];
        }
        cc::Build::new()
            .files(&c_files)
            .flags(&forced_include)
            .opt_level(2)
            .flag_if_supported("-fvisibility=hidden")
            .warnings(true)
            .compile("daskr_cshim");
    }

    soname();

    println!("cargo:rerun-if-changed=src/ffi");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=DASKR_WRITE_HEADER");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("daskr.h");
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is readable");
    match cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
    {
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

/// SONAME `libdaskr.so.<major>` for the cdylib on ELF targets, and the
/// symlinks `libdaskr.so.<major> -> libdaskr.so` in the output directories
/// (`target/<profile>/` and its `deps/`), which the dynamic loader needs
/// once the library carries a SONAME. `scripts/install.sh` installs the
/// real versioned file and the usual links.
fn soname() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let family = std::env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    if family != "unix" || matches!(os.as_str(), "macos" | "ios" | "tvos" | "watchos" | "visionos") {
        return;
    }
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap();
    let soname = format!("libdaskr.so.{major}");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
    // OUT_DIR is <target>/[<triple>/]<profile>/build/daskr-<hash>/out.
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    if let Some(profile_dir) = out.ancestors().nth(3) {
        for dir in [profile_dir.to_path_buf(), profile_dir.join("deps")] {
            let link = dir.join(&soname);
            if std::fs::symlink_metadata(&link).is_err() {
                #[cfg(unix)]
                let _ = std::os::unix::fs::symlink("libdaskr.so", &link);
            }
        }
    }
}
