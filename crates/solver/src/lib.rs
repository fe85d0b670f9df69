//! The solver sources of libdaskr, written once against `Real`, and the
//! build-time helper that lets a crate compile them.
//!
//! This package holds the solver core (`src/core`), the safe Rust API
//! (`src/api`), DASKR's preconditioner modules (`src/precond`) and the FFI
//! bodies and helpers that DDASKR and SDASKR share (`src/ffi`). The crate
//! `daskr` compiles them with `Real = f64` (DDASKR, DSL48E, `daskr::api`),
//! `daskr-single` with `Real = f32` (SDASKR, `daskr::single`): two crates,
//! so that each instance has its own optimisation settings and its own
//! members in `libdaskr.a`. Both take this crate as a build dependency; their
//! build scripts call [`write_module_macro`], and their sources declare each
//! module with the macro it writes, `solver_module!(#[attrs] vis name)`,
//! which becomes `#[attrs] #[path = "…"] vis mod name;`.
//!
//! The sources exist once, with no symbolic links, and ship once (in this
//! package). The paths are relative to the declaring file where the two
//! packages sit side by side (the repository, a registry), so that no
//! absolute path of the build machine ends up in the library.

use std::path::{Component, Path, PathBuf};

/// The module trees of `src/`: name and file. The FFI files are the
/// routine bodies and helpers both precisions export (`ffi/generic/`:
/// DDASKR/SDASKR and the preconditioner routines).
pub const MODULES: [(&str, &str); 10] = [
    ("api", "api/mod.rs"),
    ("core", "core/mod.rs"),
    ("precond", "precond/mod.rs"),
    ("messages", "ffi/messages.rs"),
    ("slices", "ffi/slices.rs"),
    ("unit_writer", "ffi/unit_writer.rs"),
    ("solver", "ffi/generic/solver.rs"),
    ("banded", "ffi/generic/banded.rs"),
    ("ilu", "ffi/generic/ilu.rs"),
    ("reaction", "ffi/generic/reaction.rs"),
];

/// The directory of the solver sources.
pub fn sources() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Write `solver_module!` to `out`. `declared_in(name)` is the directory
/// of the file that declares module `name` (a path attribute is relative
/// to it); modules it returns `None` for get no arm.
pub fn write_module_macro(out: &Path, declared_in: impl Fn(&str) -> Option<PathBuf>) -> std::io::Result<()> {
    let src = sources();
    let mut text = String::from(
        "/// `solver_module!(#[attrs] vis name)`: the module `name` of the solver\n\
         /// sources (package daskr-solver), declared with its path.\n\
         macro_rules! solver_module {\n",
    );
    for (name, file) in MODULES {
        let Some(dir) = declared_in(name) else { continue };
        let target = src.join(file);
        assert!(target.is_file(), "daskr-solver: {} is missing", target.display());
        let path = relative(&dir, &target).unwrap_or(target);
        text += &format!(
            "    ($(#[$m:meta])* $v:vis {name}) => {{ $(#[$m])* #[path = {path:?}] $v mod {name}; }};\n",
            path = path.to_string_lossy().replace('\\', "/")
        );
    }
    text += "}\n";
    std::fs::write(out, text)
}

/// `to` as a path relative to the directory `from`, or None when they
/// share no prefix (another drive).
fn relative(from: &Path, to: &Path) -> Option<PathBuf> {
    let (from, to) = (from.canonicalize().ok()?, to.canonicalize().ok()?);
    let (a, b): (Vec<Component>, Vec<Component>) = (from.components().collect(), to.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return None;
    }
    let mut rel: PathBuf = a[common..].iter().map(|_| Component::ParentDir).collect();
    rel.extend(&b[common..]);
    Some(rel)
}
