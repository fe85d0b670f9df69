//! Build script:
//!
//! 1. compiles the small C shims in `csrc/` (weak references to the
//!    Fortran runtime, so messages keep their order with the caller's
//!    output; a user's DDAWTS);
//! 2. reads every `export_aliases!(primary => kind alias, ...)` invocation
//!    in the sources (the one list of the exported spellings) and
//!    - writes a linker version script that exports the aliases from
//!      `libdaskr.so` and hides the `static_only` routines (the BLAS names),
//!    - generates the C header with cbindgen (which declares the primaries)
//!      and adds one prototype per alias, copied from its primary.
//!
//! 3. on ELF targets gives the shared library the SONAME
//!    `libdaskr.so.<major>` (<major> = the crate's major version), with a
//!    `libdaskr.so.<major>` symlink beside Cargo's `libdaskr.so` so that
//!    programs linked against the build tree still find it at run time.
//!
//! Every C file is compiled with `-include csrc/static_threads.h`: strong
//! references to the pthread functions that libgfortran calls through weak
//! references, so that `gfortran -static prog.f libdaskr.a` links a working
//! program (see README, "Installing and linking").
//!
//! All of it only with the `capi` feature (the default), which stops with
//! a clear message on a platform it does not support (README, "Supported
//! platforms"); without it the crate is the safe Rust API alone and this
//! script only declares the solver sources (`solver_module!`).
//!
//! The committed `include/daskr.h` is compared with the generated one by
//! `tests/header.rs`; regenerate with `DASKR_WRITE_HEADER=1 cargo build`.

use std::fs;
use std::path::{Path, PathBuf};

/// One `export_aliases!` invocation.
struct AliasSet {
    primary: String,
    /// (alias, weak)
    aliases: Vec<(String, bool)>,
    /// Not exported from the shared library.
    static_only: bool,
}

fn main() {
    declare_solver_modules();
    // Without the `capi` feature the crate is the safe Rust API only:
    // nothing to compile in C, export or declare.
    if std::env::var_os("CARGO_FEATURE_CAPI").is_none() {
        return;
    }
    require_supported_platform();
    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    compile_shims(&crate_dir);

    let mut sources = Vec::new();
    for dir in source_dirs(&crate_dir) {
        println!("cargo:rerun-if-changed={}", dir.display());
        collect_rust_files(&dir, &mut sources);
    }
    sources.sort();
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=DASKR_WRITE_HEADER");
    let sets: Vec<AliasSet> = sources.iter().flat_map(|p| parse_alias_sets(&fs::read_to_string(p).unwrap())).collect();

    let map = out_dir.join("daskr.map");
    let internal: Vec<String> = sources.iter().flat_map(|p| internal_names(&fs::read_to_string(p).unwrap())).collect();
    fs::write(&map, version_script(&sets, &internal)).expect("write the version script");
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" || target_os == "freebsd" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={}", map.display());
    }

    soname();
    generate_header(&crate_dir, &out_dir, &sets);
}

/// The C and Fortran interface is written for ELF targets (the aliases'
/// assembler directives, the GNU ld version script and SONAME of
/// libdaskr.so): stop here, with the README's list, rather than in the
/// assembler or the linker. The Rust API alone builds anywhere.
fn require_supported_platform() {
    let var = |v: &str| std::env::var(v).unwrap_or_default();
    let (os, env) = (var("CARGO_CFG_TARGET_OS"), var("CARGO_CFG_TARGET_ENV"));
    if !((os == "linux" && env == "gnu") || os == "freebsd") {
        panic!(
            "libdaskr's C and Fortran interface (feature \"capi\") builds only on Linux with glibc \
             (x86_64, aarch64) and FreeBSD, not on {os}{sep}{env}: its routine aliases use ELF assembler \
             directives and libdaskr.so needs a GNU ld version script and SONAME. For the Rust API \
             alone use default-features = false. See README, \"Supported platforms\".",
            sep = if env.is_empty() { "" } else { "/" }
        );
    }
}

/// `solver_module!`, with which this crate declares the solver sources it
/// compiles with REAL = f64: `api`, `core`, `precond` in `src/lib.rs`, the
/// FFI helpers and bodies in `src/ffi/mod.rs` and `src/ffi/double.rs`.
fn declare_solver_modules() {
    let src = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("src");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("solver_module.rs");
    let declared_in =
        |name: &str| Some(if matches!(name, "api" | "core" | "precond") { src.clone() } else { src.join("ffi") });
    daskr_solver::write_module_macro(&out, declared_in).expect("write solver_module.rs");
}

fn compile_shims(crate_dir: &Path) {
    let mut c_files: Vec<PathBuf> = fs::read_dir(crate_dir.join("csrc"))
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "c")).collect()
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

/// Where the exported routines are defined: this crate's `src` and the
/// source directories of the crates linked into the library, as each
/// publishes it (Cargo's `links` metadata), so that a build of the
/// published crates finds them as the repository build does.
fn source_dirs(crate_dir: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![crate_dir.join("src")];
    dirs.push(daskr_solver::sources());
    for dep in ["SINGLE", "LINPACK", "MSGCTL"] {
        let var = format!("DEP_DASKR_{dep}_SRC");
        let dir = std::env::var(&var).unwrap_or_else(|_| panic!("{var}: the crate publishes its source directory"));
        dirs.push(PathBuf::from(dir));
    }
    dirs
}

fn collect_rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The invocations `export_aliases!(primary => weak a, strong B; static_only);`
/// at the start of a line (the macro's own definition and doc examples are
/// indented or commented, so they do not count).
fn parse_alias_sets(text: &str) -> Vec<AliasSet> {
    let mut sets = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("export_aliases!(") else { continue };
        let Some(body) = rest.trim_end().strip_suffix(");") else { continue };
        let (body, static_only) = match body.split_once(';') {
            Some((b, flag)) => (b, flag.trim() == "static_only"),
            None => (body, false),
        };
        let Some((primary, list)) = body.split_once("=>") else { continue };
        let aliases = list
            .split(',')
            .filter_map(|a| {
                let mut w = a.split_whitespace();
                let kind = w.next()?;
                let name = w.next()?;
                Some((name.to_string(), kind == "weak"))
            })
            .collect();
        sets.push(AliasSet { primary: primary.trim().to_string(), aliases, static_only });
    }
    sets
}

/// Export every alias from the shared library (rustc exports only what it
/// compiled itself) and hide the `static_only` primaries.
/// The library's own cross-crate helpers, `fn daskr_internal_*` (the
/// message-handler lookup that the C shim references weakly): exported by
/// rustc like every `#[no_mangle]` function, but not part of the interface.
/// Named one by one, as rustc's own list names them.
fn internal_names(text: &str) -> Vec<String> {
    text.match_indices("fn daskr_internal_")
        .map(|(at, _)| text[at + 3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect())
        .collect()
}

fn version_script(sets: &[AliasSet], internal: &[String]) -> String {
    let mut global = Vec::new();
    let mut local = internal.to_vec();
    for s in sets {
        if s.static_only {
            local.push(s.primary.clone());
        } else {
            global.extend(s.aliases.iter().map(|(a, _)| a.clone()));
        }
    }
    let mut out = String::from("/* Generated by build.rs from the export_aliases! invocations. */\n{\n");
    if !global.is_empty() {
        out += &format!("  global:\n    {};\n", global.join(";\n    "));
    }
    if !local.is_empty() {
        out += &format!("  local:\n    {};\n", local.join(";\n    "));
    }
    out + "};\n"
}

fn generate_header(crate_dir: &Path, out_dir: &Path, sets: &[AliasSet]) {
    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml is readable");
    config.after_includes = Some(version_macros() + config.after_includes.as_deref().unwrap_or(""));
    let bindings = match cbindgen::Builder::new().with_crate(crate_dir).with_config(config).generate() {
        Ok(b) => b,
        // A half-written FFI module must not break the build of the solver;
        // the header test reports a missing or stale header instead.
        Err(e) => {
            println!("cargo:warning=cbindgen could not generate daskr.h: {e}");
            return;
        }
    };
    let mut raw = Vec::new();
    bindings.write(&mut raw);
    let header = add_alias_prototypes(&String::from_utf8(raw).expect("cbindgen writes UTF-8"), sets);
    fs::write(out_dir.join("daskr.h"), &header).expect("write daskr.h");
    if std::env::var_os("DASKR_WRITE_HEADER").is_some() {
        fs::write(crate_dir.join("include/daskr.h"), &header).expect("write include/daskr.h");
    }
}

/// `DASKR_VERSION_MAJOR/MINOR/PATCH/STRING` and `DASKR_VERSION` from
/// Cargo.toml's version, for the header (a version bump regenerates it).
fn version_macros() -> String {
    let v = |part: &str| std::env::var(format!("CARGO_PKG_VERSION_{part}")).unwrap();
    let (major, minor, patch) = (v("MAJOR"), v("MINOR"), v("PATCH"));
    let version = std::env::var("CARGO_PKG_VERSION").unwrap();
    format!(
        "\n/* Version of this library (Cargo.toml). DASKR_VERSION is MAJOR * 10000 + MINOR * 100 + PATCH. */\n\
         #define DASKR_VERSION_MAJOR {major}\n\
         #define DASKR_VERSION_MINOR {minor}\n\
         #define DASKR_VERSION_PATCH {patch}\n\
         #define DASKR_VERSION_STRING \"{version}\"\n\
         #define DASKR_VERSION (DASKR_VERSION_MAJOR * 10000 + DASKR_VERSION_MINOR * 100 + DASKR_VERSION_PATCH)\n"
    )
}

/// The declaration of `name` in cbindgen's output: the lines from its doc
/// comment's end to the `;` (byte range of the prototype itself).
fn find_prototype(header: &str, name: &str) -> Option<(usize, usize)> {
    let needle = format!(" {name}(");
    let mut from = 0;
    while let Some(pos) = header[from..].find(&needle) {
        let at = from + pos;
        let line_start = header[..at].rfind('\n').map_or(0, |i| i + 1);
        let line = &header[line_start..];
        // A prototype line starts with its return type, not a comment.
        if !line.starts_with(' ') && !line.starts_with('*') && !line.starts_with('/') {
            let end = at + header[at..].find(";\n")? + 2;
            return Some((line_start, end));
        }
        from = at + needle.len();
    }
    None
}

/// After each primary's prototype, the prototypes of its aliases; the
/// `static_only` routines (BLAS) only when DASKR_BLAS_PROTOTYPES is defined.
fn add_alias_prototypes(header: &str, sets: &[AliasSet]) -> String {
    let mut out = header.to_string();
    for s in sets {
        let Some((start, end)) = find_prototype(&out, &s.primary) else {
            println!("cargo:warning=daskr.h: no prototype for exported routine {}", s.primary);
            continue;
        };
        let proto = out[start..end].to_string();
        let mut block = String::new();
        for (alias, weak) in &s.aliases {
            let how = if *weak { "weak alias" } else { "alias" };
            block += &format!("\n/* {alias}: {how} of {}. */\n", s.primary);
            block += &proto.replacen(&format!(" {}(", s.primary), &format!(" {alias}("), 1);
        }
        if s.static_only {
            // Wrap the primary's doc comment, prototype and aliases.
            let doc_start = out[..start].rfind("\n/*").map_or(start, |i| i + 1);
            let guarded = format!("#if defined(DASKR_BLAS_PROTOTYPES)\n{}{block}#endif\n", &out[doc_start..end]);
            out.replace_range(doc_start..end, &guarded);
        } else {
            out.insert_str(end, &block);
        }
    }
    out
}
