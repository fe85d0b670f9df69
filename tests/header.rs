//! The C header: exactly what the build generates from the FFI layer
//! (regenerate with `DASKR_WRITE_HEADER=1 cargo build`), declaring every
//! routine the libraries export under every spelling.

use std::path::PathBuf;
use std::process::Command;

fn header() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/daskr.h"))
        .expect("include/daskr.h is committed")
}

#[test]
fn committed_header_is_current() {
    let generated = include_str!(concat!(env!("OUT_DIR"), "/daskr.h"));
    assert!(
        generated == header(),
        "include/daskr.h is stale: run `DASKR_WRITE_HEADER=1 cargo build` and commit the result"
    );
}

/// A library built with this test (`target/<profile>/deps`, else
/// `target/<profile>`).
fn library(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("path of the test executable");
    let deps = exe.parent().expect("deps directory").to_path_buf();
    let profile = deps.parent().expect("profile directory").to_path_buf();
    [deps.join(name), profile.join(name)]
        .into_iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} not built: run `cargo build --release` first"))
}

/// Defined global symbols of a library, as `nm` lists them (name, type).
fn symbols(args: &[&str], lib: &PathBuf) -> Vec<(String, char)> {
    let out = Command::new("nm").args(args).arg(lib).output().expect("nm (binutils) is installed");
    assert!(out.status.success(), "nm failed on {}", lib.display());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace().rev();
            let name = f.next()?.to_string();
            let kind = f.next()?.chars().next()?;
            Some((name, kind))
        })
        .collect()
}

/// Our own routines: not Rust-mangled, not the Rust runtime's, not libc's.
fn is_ours(name: &str) -> bool {
    !(name.starts_with('_') || name.starts_with("rust_") || name.contains('@') || name.contains('.'))
}

fn declared(h: &str, name: &str) -> bool {
    h.contains(&format!(" {name}(")) || h.contains(&format!("(*{name})"))
}

#[test]
fn every_routine_the_shared_library_exports_is_declared() {
    let h = header();
    let exported: Vec<String> = symbols(&["-D", "--defined-only"], &library("libdaskr.so"))
        .into_iter()
        .filter(|(n, k)| is_ours(n) && matches!(k, 'T' | 'W' | 'i'))
        .map(|(n, _)| n)
        .collect();
    for name in [
        "ddaskr",
        "ddaskr_",
        "DDASKR",
        "xsetf_",
        "XSETUN",
        "ixsav_",
        "dbanja_",
        "DPSOLILU",
        "d1mach_",
        "dgefa_",
        "sgefa_",
        "SGBSL",
        "r1mach_",
        "R1MACH",
        "xerrwv_",
        "XERRWV",
        "sdaskr",
        "sdaskr_",
        "SDASKR",
        "sbanja_",
        "sbanps_",
        "smset2_",
        "srbdja_",
        "srbdps_",
        "sgset2_",
        "srbgja_",
        "srbgps_",
        "sspsetup_",
        "sjacilu_",
        "spsolilu_",
        "SPSOLILU",
    ] {
        assert!(exported.iter().any(|e| e == name), "{name} is not exported from libdaskr.so");
    }
    for name in &exported {
        assert!(declared(&h, name), "libdaskr.so exports {name}, which include/daskr.h does not declare");
    }
}

#[test]
fn blas_names_stay_out_of_the_shared_library_but_are_weak_in_the_archive() {
    let so: Vec<String> =
        symbols(&["-D", "--defined-only"], &library("libdaskr.so")).into_iter().map(|(n, _)| n).collect();
    let a = symbols(&["--defined-only"], &library("libdaskr.a"));
    for blas in
        ["daxpy", "dcopy", "dscal", "ddot", "dnrm2", "idamax", "saxpy", "scopy", "sscal", "sdot", "snrm2", "isamax"]
    {
        for name in [blas.to_string(), format!("{blas}_"), blas.to_uppercase()] {
            assert!(!so.contains(&name), "libdaskr.so exports the BLAS name {name}");
        }
        let underscore = format!("{blas}_");
        assert!(a.iter().any(|(n, k)| *n == underscore && *k == 'W'), "{underscore} is not weak in libdaskr.a");
    }
    // The gfortran spellings of routines other libraries define are weak.
    for name in ["xsetf_", "d1mach_", "xerrwd_", "dbanja_", "dgefa_", "sgefa_", "sgbsl_", "r1mach_", "xerrwv_"] {
        assert!(a.iter().any(|(n, k)| n == name && *k == 'W'), "{name} is not weak in libdaskr.a");
    }
    assert!(a.iter().any(|(n, k)| n == "ddaskr_" && *k == 'T'), "ddaskr_ is not a strong symbol");
    assert!(a.iter().any(|(n, k)| n == "sdaskr_" && *k == 'T'), "sdaskr_ is not a strong symbol");
    // The single-precision preconditioner routines are weak, as their
    // double-precision twins are.
    for name in ["sbanja_", "sbanps_", "smset2_", "srbdja_", "srbgps_", "sjacilu_", "spsolilu_", "sspsetup_"] {
        let twin = format!("d{}", &name[1..]);
        let kind = |n: &str| a.iter().find(|(m, _)| m == n).map(|(_, k)| *k);
        assert_eq!(kind(name), kind(&twin), "{name} and {twin} differ in binding");
        assert!(kind(name).is_some(), "{name} is not in libdaskr.a");
    }
}

#[test]
fn sdaskr_is_announced_and_declared_with_float_arguments() {
    let h = header();
    assert!(h.contains("#define DASKR_HAS_SDASKR 1"), "DASKR_HAS_SDASKR is not defined");
    // The same const-ness as DDASKR's prototype, float for double.
    let ddaskr = h.lines().find(|l| l.starts_with("void ddaskr_(")).expect("ddaskr_ is declared");
    let sdaskr = h.lines().find(|l| l.starts_with("void sdaskr_(")).expect("sdaskr_ is declared");
    let expect =
        ddaskr.replace("ddaskr_(", "sdaskr_(").replace("double", "float").replace("daskr_res_fn", "sdaskr_res_fn");
    let expect = expect.replace("daskr_rt_fn", "sdaskr_rt_fn");
    assert_eq!(sdaskr, expect);
    for (typedef, args) in [
        (
            "sdaskr_res_fn",
            "(const float *t, const float *y, const float *yprime, const float *cj, float *delta, int *ires, \
             float *rpar, int *ipar)",
        ),
        (
            "sdaskr_rt_fn",
            "(const int *neq, const float *t, const float *y, const float *yp, const int *nrt, float *rval, \
             float *rpar, int *ipar)",
        ),
    ] {
        let decl = format!("typedef void (*{typedef}){args};");
        assert!(h.contains(&decl), "{decl} is not in include/daskr.h");
    }
    for name in ["sdaskr_jac_direct_fn", "sdaskr_jac_krylov_fn", "sdaskr_psol_fn", "sdaskr_rblock_fn"] {
        assert!(declared(&h, name), "{name} is not declared");
    }
}

#[test]
fn blas_prototypes_are_opt_in() {
    let h = header();
    let guard = h.find("#if defined(DASKR_BLAS_PROTOTYPES)").expect("BLAS prototypes are guarded");
    let daxpy = h.find(" daxpy_(").expect("daxpy_ is declared");
    assert!(daxpy > guard);
    for blas in ["saxpy", "scopy", "sscal", "sdot", "snrm2", "isamax"] {
        let at = h.find(&format!(" {blas}(")).unwrap_or_else(|| panic!("{blas} is declared"));
        let opened = h[..at].rfind("#if defined(DASKR_BLAS_PROTOTYPES)").expect("guard before it");
        assert!(!h[opened..at].contains("#endif"), "{blas} is not inside the guard");
    }
}
