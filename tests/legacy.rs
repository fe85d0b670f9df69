//! Legacy-user programs compiled and linked against the built library.
//!
//! Every FORTRAN 77 / Fortran 90 program in `fortran-tests/` and every C
//! program in `c-examples/` is compiled (`gfortran -O2`, `cc -O2
//! -Iinclude`) into a temporary directory, linked against the
//! `libdaskr.a` that Cargo built with this test executable (and, for a
//! few of them, against `libdaskr.so` with an rpath), and run with its
//! standard output redirected to a file, as CI sees it.  A program passes
//! when it exits normally, its last line is `PASS <NAME>` (NAME being the
//! file stem in upper case), and its message markers hold: nothing may be
//! printed between `SILENT-BEGIN` and `SILENT-END` (messages switched off
//! with XSETF(0) or sent elsewhere with XSETUN), and something must be
//! printed between `LOUD-BEGIN` and `LOUD-END`.  Some programs must also
//! print given counters (within the spec's tolerance) or given lines.
//!
//! One `#[test]` per program and link variant, so a failure names the
//! program.  The libraries are the ones Cargo built for this test: the
//! library target has the crate types staticlib and cdylib, so `cargo
//! test --release` writes `libdaskr.a` and `libdaskr.so` into
//! `target/release/deps/`, beside the test executable (`cargo build`
//! also copies them to `target/release/`, the fallback).  A missing
//! library or compiler is a failure, never a skip.

use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Longest time one program may run.
const RUN_TIMEOUT: Duration = Duration::from_secs(120);

/// Native libraries a Rust staticlib needs on Linux: the README's
/// DASKR_STATIC_LIBS (rustc's `--print native-static-libs` without
/// `-lgcc_s`, which the compiler driver links itself).
const STATIC_LIB_DEPS: &[&str] = &["-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"];

/// How a program is linked against the library.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Link {
    /// `libdaskr.a` after the program's objects.
    Static,
    /// `libdaskr.so` through `-L<dir> -l:libdaskr.so -Wl,-rpath,<dir>`.
    Shared,
}

/// The crate's root directory.
fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory of this test executable (`target/<profile>/deps`).
fn deps_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("path of the test executable");
    exe.parent().expect("test executable has a parent directory").to_path_buf()
}

/// Path of a built library, or a failure explaining how to build it.
///
/// `cargo test` compiles the library with all its crate types into
/// `target/<profile>/deps/` (next to this executable) but copies them up
/// to `target/<profile>/` only on `cargo build`; the copy in `deps/` is
/// the one built together with this test, so it is preferred.
///
/// `DASKR_TEST_LIBDIR` names another directory to take them from instead:
/// scripts/test.sh points it at target/dist/, the libraries that
/// scripts/install.sh ships (built with link-time optimisation).
fn library(name: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os("DASKR_TEST_LIBDIR") {
        let path = PathBuf::from(dir).join(name);
        assert!(path.is_file(), "{} not found (DASKR_TEST_LIBDIR)", path.display());
        return path;
    }
    let deps = deps_dir();
    let profile = deps.parent().expect("deps directory has a parent").to_path_buf();
    let candidates = [deps.join(name), profile.join(name)];
    candidates.iter().find(|p| p.is_file()).cloned().unwrap_or_else(|| {
        panic!(
            "{name} not found in {} nor in {}: the library target must have the crate \
             types staticlib and cdylib; build it with `cargo test --release` (or \
             `cargo build --release`)",
            deps.display(),
            profile.display()
        )
    })
}

/// Fails with an installation hint when a compiler is missing.
fn require_tool(tool: &str, package: &str) {
    let found = Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(
        found,
        "`{tool}` is not installed; it is needed to build the legacy test programs: \
         apt-get install -y {package}"
    );
}

/// A fresh scratch directory for one test.
fn work_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("daskr-legacy-{}-{}", std::process::id(), test));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

/// Runs a compiler or linker command; fails with its output if it fails.
fn build(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "build step failed: {cmd:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Arguments that link against the library in the given way.
fn link_args(link: Link) -> Vec<String> {
    match link {
        Link::Static => {
            let mut args = vec![library("libdaskr.a").display().to_string()];
            args.extend(STATIC_LIB_DEPS.iter().map(|s| s.to_string()));
            args
        }
        Link::Shared => {
            let so = library("libdaskr.so");
            let dir = so.parent().unwrap().display().to_string();
            vec![
                format!("-L{dir}"),
                "-l:libdaskr.so".to_string(),
                // DT_RPATH, not DT_RUNPATH: cargo's LD_LIBRARY_PATH may name
                // target/<profile>/ with an older copy of the library, and
                // RUNPATH would let it win.
                "-Wl,--disable-new-dtags".to_string(),
                format!("-Wl,-rpath,{dir}"),
                "-lm".to_string(),
            ]
        }
    }
}

/// Waits for a child with a time limit; kills it when the limit passes.
fn wait_with_timeout(child: &mut std::process::Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for test program") {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// The last `max` lines of a text, for failure messages.
fn tail(text: &str, max: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(max);
    lines[from..].join("\n")
}

/// Checks the SILENT/LOUD message markers; returns a complaint or None.
fn check_markers(stdout: &str) -> Option<String> {
    let mut section: Option<(&str, usize, usize)> = None; // (kind, line, count)
    for (i, line) in stdout.lines().enumerate() {
        let l = line.trim();
        match (l, section) {
            ("SILENT-BEGIN", None) => section = Some(("SILENT", i + 1, 0)),
            ("LOUD-BEGIN", None) => section = Some(("LOUD", i + 1, 0)),
            ("SILENT-END", Some(("SILENT", start, n))) => {
                if n > 0 {
                    return Some(format!(
                        "{n} line(s) printed between SILENT-BEGIN (line {start}) and \
                         SILENT-END (line {}), where messages were switched off or \
                         redirected",
                        i + 1
                    ));
                }
                section = None;
            }
            ("LOUD-END", Some(("LOUD", start, n))) => {
                if n == 0 {
                    return Some(format!(
                        "no message printed between LOUD-BEGIN (line {start}) and \
                         LOUD-END (line {})",
                        i + 1
                    ));
                }
                section = None;
            }
            (_, Some((kind, start, n))) => section = Some((kind, start, n + 1)),
            _ => {}
        }
    }
    section.map(|(kind, start, _)| format!("{kind}-BEGIN at line {start} has no matching END"))
}

/// Counters a program must print: `NAME value` pairs, in the order in which
/// the program prints `NAME = value` for these names (see
/// [`check_counters`]). Empty: not checked.
type Counters = &'static str;

/// The solver counters whose `NAME = value` the programs print.
const COUNTER_NAMES: &[&str] = &["NST", "NRE", "NJE", "NETF", "NCFN", "NNI", "NLI", "NPS", "NCFL", "LENIW", "LENRW"];

/// Compares the counters printed in `stdout` (every `NAME = value` with a
/// NAME of [`COUNTER_NAMES`], in order) with `expected` (the same pairs
/// written `NAME value`). The work-array lengths LENIW and LENRW must be
/// equal; the other counters within 10 % (at least 2) of the expected
/// value, the spec's tolerance against the original. Returns a complaint or
/// None.
fn check_counters(stdout: &str, expected: Counters) -> Option<String> {
    if expected.is_empty() {
        return None;
    }
    let mut got: Vec<(String, i64)> = Vec::new();
    for line in stdout.lines() {
        let toks: Vec<&str> = line.split_whitespace().collect();
        for w in toks.windows(3) {
            if COUNTER_NAMES.contains(&w[0]) && w[1] == "=" {
                if let Ok(v) = w[2].parse::<i64>() {
                    got.push((w[0].to_string(), v));
                }
            }
        }
    }
    let toks: Vec<&str> = expected.split_whitespace().collect();
    let want: Vec<(&str, i64)> = toks.chunks(2).map(|c| (c[0], c[1].parse().expect("counter value"))).collect();
    if got.len() != want.len() {
        return Some(format!("{} counters printed, {} expected: {got:?}", got.len(), want.len()));
    }
    for (i, ((gname, gv), &(wname, wv))) in got.iter().zip(&want).enumerate() {
        let ok = gname == wname
            && if matches!(wname, "LENIW" | "LENRW") { *gv == wv } else { (gv - wv).abs() <= (wv / 10).max(2) };
        if !ok {
            return Some(format!("counter {} is {gname} = {gv}, expected {wname} = {wv}", i + 1));
        }
    }
    None
}

/// Lines a program must print, in this order (other lines may come
/// between them): each is compared with the start of a line, both with
/// their runs of blanks collapsed to one (see [`check_lines`]).
type Lines = &'static [&'static str];

/// Checks that `stdout` has lines starting with the `expected` texts, in
/// order, comparing with runs of blanks collapsed. Returns a complaint or
/// None.
fn check_lines(stdout: &str, expected: Lines) -> Option<String> {
    let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut lines = stdout.lines().map(squeeze);
    for want in expected {
        let want = squeeze(want);
        if !lines.any(|l| l.starts_with(&want)) {
            return Some(format!("no line starting with {want:?} (in order)"));
        }
    }
    None
}

/// Runs a built program in `dir` with stdout and stderr sent to files and
/// checks its verdict.
fn run_and_check(dir: &Path, exe: &Path, name: &str) {
    run_and_check_counters(dir, exe, name, "")
}

/// [`run_and_check`], and the counters it prints (see [`check_counters`]).
fn run_and_check_counters(dir: &Path, exe: &Path, name: &str, counters: Counters) {
    run_and_check_full(dir, exe, name, counters, &[])
}

/// [`run_and_check_counters`], and lines it must print (see
/// [`check_lines`]).
fn run_and_check_full(dir: &Path, exe: &Path, name: &str, counters: Counters, lines: Lines) {
    let out_path = dir.join("stdout.txt");
    let err_path = dir.join("stderr.txt");
    let mut child = Command::new(exe)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(File::create(&out_path).expect("create stdout file"))
        .stderr(File::create(&err_path).expect("create stderr file"))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
    let status = wait_with_timeout(&mut child, RUN_TIMEOUT);
    let mut stdout = String::new();
    let _ = File::open(&out_path).and_then(|mut f| f.read_to_string(&mut stdout));
    let stderr = fs::read_to_string(&err_path).unwrap_or_default();
    let report = |why: &str| -> String {
        format!(
            "{name}: {why}\n(program and output kept in {})\n--- stdout (last 60 lines) ---\n{}\n\
             --- stderr (last 20 lines) ---\n{}",
            dir.display(),
            tail(&stdout, 60),
            tail(&stderr, 20)
        )
    };
    let status = match status {
        Some(s) => s,
        None => panic!("{}", report(&format!("did not finish within {RUN_TIMEOUT:?}"))),
    };
    if !status.success() {
        panic!("{}", report(&format!("exited abnormally ({status})")));
    }
    let expected = format!("PASS {name}");
    let last = stdout.lines().rev().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    if last != expected {
        panic!("{}", report(&format!("last line is {last:?}, expected {expected:?}")));
    }
    if let Some(complaint) = check_markers(&stdout) {
        panic!("{}", report(&complaint));
    }
    if let Some(complaint) = check_counters(&stdout, counters) {
        panic!("{}", report(&complaint));
    }
    if let Some(complaint) = check_lines(&stdout, lines) {
        panic!("{}", report(&complaint));
    }
    let _ = fs::remove_dir_all(dir);
}

/// Extra gfortran flags for the main programs from `DASKR_TEST_FFLAGS`
/// (the test script runs the Fortran programs once more with
/// `-ffpe-trap=invalid,zero,overflow`: the library must never raise those
/// exceptions, as a program compiled with traps would stop on them).
fn extra_fflags() -> Vec<String> {
    std::env::var("DASKR_TEST_FFLAGS").unwrap_or_default().split_whitespace().map(str::to_string).collect()
}

/// Compiles, links and runs one program of `fortran-tests/`.
fn fortran(file: &str, link: Link) {
    fortran_counters(file, link, "")
}

/// [`fortran`], and the counters the program prints.
fn fortran_counters(file: &str, link: Link, counters: Counters) {
    fortran_full(file, link, counters, &[])
}

/// [`fortran_counters`], and lines the program must print.
fn fortran_full(file: &str, link: Link, counters: Counters, lines: Lines) {
    require_tool("gfortran", "gfortran");
    let src = repo().join("fortran-tests").join(file);
    let stem = Path::new(file).file_stem().unwrap().to_str().unwrap().to_string();
    let dir = work_dir(&format!("{stem}-{link:?}"));
    let exe = dir.join(&stem);
    let mut cmd = Command::new("gfortran");
    cmd.current_dir(&dir).arg("-O2").args(extra_fflags());
    if file.ends_with(".f90") {
        // Programs in free form use the module of include/daskr.f90.
        let module_obj = dir.join("daskr_module.o");
        build(
            Command::new("gfortran")
                .current_dir(&dir)
                .args(["-O2", "-c", "-J"])
                .arg(&dir)
                .arg(repo().join("include/daskr.f90"))
                .arg("-o")
                .arg(&module_obj),
        );
        cmd.arg("-I").arg(&dir).arg(&src).arg(&module_obj);
    } else {
        cmd.arg(&src);
    }
    cmd.arg("-o").arg(&exe).args(link_args(link));
    build(&mut cmd);
    run_and_check_full(&dir, &exe, &stem.to_uppercase(), counters, lines);
}

/// Compiles, links and runs one program of `c-examples/`.
fn c_program(file: &str, link: Link) {
    c_program_counters(file, link, "")
}

/// [`c_program`], and the counters the program prints.
fn c_program_counters(file: &str, link: Link, counters: Counters) {
    require_tool("cc", "gcc");
    let src = repo().join("c-examples").join(file);
    let stem = Path::new(file).file_stem().unwrap().to_str().unwrap().to_string();
    let dir = work_dir(&format!("{stem}-{link:?}"));
    let exe = dir.join(&stem);
    assert!(
        repo().join("include/daskr.h").is_file(),
        "include/daskr.h is missing: regenerate it with DASKR_WRITE_HEADER=1 cargo build"
    );
    build(
        Command::new("cc")
            .current_dir(&dir)
            .args(["-O2", "-Wall"])
            .arg(format!("-I{}", repo().join("include").display()))
            .arg(&src)
            .arg("-o")
            .arg(&exe)
            .args(link_args(link))
            .arg("-lpthread"),
    );
    run_and_check_counters(&dir, &exe, &stem.to_uppercase(), counters);
}

/// Where the program's own auxiliary routines go on the link line.
#[derive(Clone, Copy, Debug)]
enum DauxOrder {
    BeforeLibrary,
    AfterLibrary,
}

/// The symbol-hygiene program with its own `mydaux.f` (XERRWD, XSETF,
/// XSETUN, IXSAV, D1MACH) linked before or after the library.
fn hygiene(order: DauxOrder, link: Link) {
    require_tool("gfortran", "gfortran");
    let dir = work_dir(&format!("hygiene-{order:?}-{link:?}"));
    let hyg = repo().join("fortran-tests/hygiene");
    let main_obj = dir.join("hygiene.o");
    let daux_obj = dir.join("mydaux.o");
    build(
        Command::new("gfortran")
            .args(["-O2", "-c"])
            .args(extra_fflags())
            .arg(hyg.join("hygiene.f"))
            .arg("-o")
            .arg(&main_obj),
    );
    build(Command::new("gfortran").args(["-O2", "-c"]).arg(hyg.join("mydaux.f")).arg("-o").arg(&daux_obj));
    let exe = dir.join("hygiene");
    let mut cmd = Command::new("gfortran");
    cmd.current_dir(&dir).arg("-O2").arg("-o").arg(&exe).arg(&main_obj);
    match order {
        DauxOrder::BeforeLibrary => {
            cmd.arg(&daux_obj).args(link_args(link));
        }
        DauxOrder::AfterLibrary => {
            cmd.args(link_args(link)).arg(&daux_obj);
        }
    }
    build(&mut cmd);
    run_and_check(&dir, &exe, "HYGIENE");
}

// ---------------------------------------------------------------------
// Fortran programs (static library)

#[test]
fn fortran_lin_dense() {
    fortran("lin_dense.f", Link::Static);
}

#[test]
fn fortran_lin_userjac() {
    fortran("lin_userjac.f", Link::Static);
}

#[test]
fn fortran_heat_band() {
    fortran("heat_band.f", Link::Static);
}

#[test]
fn fortran_robertson() {
    fortran("robertson.f", Link::Static);
}

#[test]
fn fortran_options() {
    fortran("options.f", Link::Static);
}

#[test]
fn fortran_roots() {
    fortran("roots.f", Link::Static);
}

#[test]
fn fortran_bad_input() {
    fortran("bad_input.f", Link::Static);
}

#[test]
fn fortran_errors() {
    fortran("errors.f", Link::Static);
}

#[test]
fn fortran_messages() {
    fortran("messages.f", Link::Static);
}

#[test]
fn fortran_f90_module() {
    fortran("f90_module.f90", Link::Static);
}

#[test]
fn fortran_f90_smodule() {
    fortran("f90_smodule.f90", Link::Static);
}

#[test]
fn fortran_f90_dsl48e() {
    fortran("f90_dsl48e.f90", Link::Static);
}

#[test]
fn fortran_initcond() {
    fortran("initcond.f", Link::Static);
}

#[test]
fn fortran_ic_semiexplicit() {
    fortran("ic_semiexplicit.f", Link::Static);
}

#[test]
fn fortran_ic_steady() {
    fortran("ic_steady.f", Link::Static);
}

#[test]
fn fortran_ic_linesearch() {
    fortran("ic_linesearch.f", Link::Static);
}

#[test]
fn fortran_ic_constraints() {
    fortran("ic_constraints.f", Link::Static);
}

#[test]
fn fortran_ic_hybrid() {
    fortran("ic_hybrid.f", Link::Static);
}

#[test]
fn fortran_kry_heat_band() {
    fortran("kry_heat_band.f", Link::Static);
}

#[test]
fn fortran_kry_web() {
    fortran("kry_web.f", Link::Static);
}

#[test]
fn fortran_kry_ilu() {
    fortran("kry_ilu.f", Link::Static);
}

#[test]
fn fortran_kry_options() {
    fortran("kry_options.f", Link::Static);
}

#[test]
fn fortran_continuation() {
    fortran("continuation.f", Link::Static);
}

/// Runs of three models stepped in turn from one program, one step per
/// call: each returns what it returns alone, bit for bit.
#[test]
fn fortran_interleaved() {
    fortran("interleaved.f", Link::Static);
}

#[test]
fn fortran_tol_shared() {
    fortran("tol_shared.f", Link::Static);
}

/// A program with its own DDAWTS: called at the start and before every
/// step, NST+1 times as DASKR calls it; its weights are the run's (a
/// quarter of DASKR's at RTOL = ATOL gives the steps of RTOL/4, bit for
/// bit). Linked statically and against the shared library, whose weak
/// reference finds the program's routine.
#[test]
fn fortran_user_ddawts() {
    fortran("user_ddawts.f", Link::Static);
    fortran("user_ddawts.f", Link::Shared);
}

/// The same with SDASKR and the program's own SDAWTS.
#[test]
fn fortran_s_user_sdawts() {
    fortran("s_user_sdawts.f", Link::Static);
}

// ---------------------------------------------------------------------
// SDASKR programs (static library): REAL versions of the legacy programs.
// Each checks its answers against known solutions at single-precision
// tolerances; the counters below are those the original SDASKR prints
// for the same programs (DASKR of 2011, gfortran -O2, x86-64), checked
// within the spec's 10 % (work-array lengths exactly).

const S_LIN_DENSE: Counters = "NST 219 NRE 403 NJE 28 NETF 7 NCFN 0 NNI 291 LENIW 44 LENRW 112 \
     NST 226 NRE 269 NJE 20 NETF 0 NCFN 0 NNI 269 LENIW 44 LENRW 112 \
     NST 0 \
     NST 126 NRE 220 NJE 16 NETF 2 NCFN 0 NNI 156 LENIW 44 LENRW 112";
const S_HEAT_BAND: Counters = "NST 123 NRE 207 NJE 19 NETF 0 NCFN 0 NNI 150 LENIW 100 LENRW 882 \
     NST 107 NRE 123 NJE 19 NETF 0 NCFN 0 NNI 123 LENIW 160 LENRW 900 \
     NST 202 NRE 242 NJE 8 NETF 1 NCFN 0 NNI 218 LENIW 100 LENRW 762";
const S_ROOTS: Counters = "NST 93 NRE 158 NJE 15 NETF 1 NCFN 0 NNI 113 \
     NST 27 NST 18 NST 20 NST 18 NST 19 NST 18 NST 18 NST 18 NST 19 \
     NST 13 NRE 44 NJE 10 NETF 0 NCFN 0 NNI 14";
const S_INITCOND: Counters = "NST 0 NRE 18 NJE 3 NETF 0 NCFN 0 NNI 9 LENIW 44 LENRW 82 \
     NST 68 NRE 114 NJE 14 NETF 2 NCFN 0 NNI 86 LENIW 42 LENRW 82 \
     NST 80 NRE 141 NJE 14 NETF 1 NCFN 0 NNI 110 LENIW 42 LENRW 82 \
     NST 71 NRE 145 NJE 15 NETF 2 NCFN 0 NNI 112 LENIW 46 LENRW 82";
const S_KRY_HEAT_BAND: Counters = "NST 91 NRE 195 NJE 15 NNI 107 NLI 88 NPS 195 NETF 0 NCFN 0 NCFL 0 \
     LENIW 232 LENRW 12983 \
     NST 142 NRE 479 NJE 14 NNI 172 NLI 307 NPS 479 NETF 0 NCFN 0 NCFL 0 LENIW 232 LENRW 4449";
const S_KRY_WEB: Counters = "NST 66 NRE 823 NJE 12 NNI 89 NLI 0 NPS 0 NETF 2 NCFN 0 NCFL 0 LENIW 520 LENRW 24068 \
     NST 66 NRE 250 NJE 12 NNI 87 NLI 161 NPS 252 NETF 0 NCFN 0 NCFL 0 LENIW 520 LENRW 5141 \
     NST 62 NRE 229 NJE 12 NNI 80 NLI 147 NPS 231 NETF 0 NCFN 0 NCFL 0 LENIW 298 LENRW 4475";
const S_KRY_ILU: Counters = "NST 75 NRE 163 NJE 12 NNI 88 NLI 75 NPS 163 NETF 0 NCFN 0 NCFL 0 \
     LENIW 11129 LENRW 13571 \
     NST 76 NRE 165 NJE 12 NNI 89 NLI 76 NPS 165 NETF 0 NCFN 0 NCFL 0 LENIW 12713 LENRW 13571 \
     NST 98 NRE 495 NJE 10 NNI 120 NLI 375 NPS 495 NETF 0 NCFN 0 NCFL 0 LENIW 12713 LENRW 13967 \
     NST 0 NRE 1 NJE 1";
/// Case lines s_bad_input.f must print (besides PASS S_BAD_INPUT): a
/// sample of the rejected calls (IDID = -33, RES not called, guards and
/// Y intact, else the line would start with FAIL), the accepted HMAX =
/// +Inf, both continuation calls and the final valid run, and the count.
const S_BAD_INPUT: Lines = &[
    "CASE NEQ = 0 IDID = -33 NRES = 0 OK",
    "CASE DENSE LRW ONE SHORT IDID = -33 NRES = 0 OK",
    "IWORK(17) = 43 IWORK(18) = 96 (LENIW 43, LENRW 96)",
    "CASE KRYLOV LIW ONE SHORT IDID = -33 NRES = 0 OK",
    "IWORK(17) = 40 IWORK(18) = 127 (LENIW 40, LENRW 127)",
    "CASE LIW = 0 IDID = -33 NRES = 0 OK",
    "CASE BAND ML = 3 MU = 1 IDID = -33 NRES = 0 OK",
    "CASE INFO(18) = 3 IDID = -33 NRES = 0 OK",
    "CASE KRYLOV EPLI = NAN IDID = -33 NRES = 0 OK",
    "CASE RTOL = NAN IDID = -33 NRES = 0 OK",
    "CASE TSTOP BEHIND TOUT IDID = -33 NRES = 0 OK",
    "CASE HMAX = NAN IDID = -33 NRES = 0 OK",
    "CASE MAXORD = 6 IDID = -33 NRES = 0 OK",
    "CASE HMAX = +INF ACCEPTED IDID = 3 T = 1.00",
    "CASE CONTINUATION, NEQ CHANGED TO 2 IDID = -33 NRES = 0 OK",
    "CASE CONTINUATION, INFO(6) CHANGED TO 1 IDID = -33 NRES = 0 OK",
    "CASE FINAL VALID RUN IDID = 3 T = 1.00",
    "52 ILLEGAL-INPUT CASES CHECKED, 0 FAILURES",
];
const C_FLOAT: Counters = "NST 148 NRE 210 NJE 35 NETF 6 NCFN 0 NNI 210 LENIW 42 LENRW 88";

#[test]
fn fortran_s_lin_dense() {
    fortran_counters("s_lin_dense.f", Link::Static, S_LIN_DENSE);
}

#[test]
fn fortran_s_heat_band() {
    fortran_counters("s_heat_band.f", Link::Static, S_HEAT_BAND);
}

#[test]
fn fortran_s_roots() {
    fortran_counters("s_roots.f", Link::Static, S_ROOTS);
}

#[test]
fn fortran_s_initcond() {
    fortran_counters("s_initcond.f", Link::Static, S_INITCOND);
}

#[test]
fn fortran_s_kry_heat_band() {
    fortran_counters("s_kry_heat_band.f", Link::Static, S_KRY_HEAT_BAND);
}

#[test]
fn fortran_s_kry_web() {
    fortran_counters("s_kry_web.f", Link::Static, S_KRY_WEB);
}

#[test]
fn fortran_s_kry_ilu() {
    fortran_counters("s_kry_ilu.f", Link::Static, S_KRY_ILU);
}

#[test]
fn fortran_s_bad_input() {
    fortran_full("s_bad_input.f", Link::Static, "", S_BAD_INPUT);
}

// ---------------------------------------------------------------------
// The DDASKR extensions (static library): INFO(6) = 2, INFO(20)

#[test]
fn fortran_ext_sparse() {
    fortran("ext_sparse.f", Link::Static);
}

#[test]
fn fortran_ext_roots() {
    fortran("ext_roots.f", Link::Static);
}

// ---------------------------------------------------------------------
// DSL48E programs (static library; the DSL48E calling sequence)

#[test]
fn fortran_dsl_badinput() {
    fortran("dsl_badinput.f", Link::Static);
}

/// Continuation calls after a recorded input (NEQ, NEJAC, NC, ND, NJYDOT,
/// MAXORD, INFO(10), INFO(16), NP, JROW/JCOL) changed: -33 naming it,
/// nothing written; restored, the run ends as an undisturbed one.
#[test]
fn fortran_dsl_changed() {
    fortran("dsl_changed.f", Link::Static);
}

#[test]
fn fortran_dsl_ball() {
    fortran("dsl_ball.f", Link::Static);
}

#[test]
fn fortran_dsl_birta() {
    fortran("dsl_birta.f", Link::Static);
}

#[test]
fn fortran_dsl_bounds() {
    fortran("dsl_bounds.f", Link::Static);
}

#[test]
fn fortran_dsl_double() {
    fortran("dsl_double.f", Link::Static);
}

#[test]
fn fortran_dsl_ex1() {
    fortran("dsl_ex1.f", Link::Static);
}

#[test]
fn fortran_dsl_heat2d() {
    fortran("dsl_heat2d.f", Link::Static);
}

#[test]
fn fortran_dsl_scrambled() {
    fortran("dsl_scrambled.f", Link::Static);
}

#[test]
fn fortran_dsl_written() {
    fortran("dsl_written.f", Link::Static);
}

#[test]
fn fortran_dsl_icrough() {
    fortran("dsl_icrough.f", Link::Static);
}

#[test]
fn fortran_dsl_index1ev() {
    fortran("dsl_index1ev.f", Link::Static);
}

#[test]
fn fortran_dsl_modes() {
    fortran("dsl_modes.f", Link::Static);
}

#[test]
fn fortran_dsl_sinline() {
    fortran("dsl_sinline.f", Link::Static);
}

#[test]
fn fortran_dsb_pendulum() {
    fortran("dsb_pendulum.f", Link::Static);
}

#[test]
fn fortran_dsl_sens_chain() {
    fortran("dsl_sens_chain.f", Link::Static);
}

#[test]
fn fortran_dsl_sens_index1() {
    fortran("dsl_sens_index1.f", Link::Static);
}

#[test]
fn fortran_dsl_sens_tank() {
    fortran("dsl_sens_tank.f", Link::Static);
}

#[test]
fn fortran_dsl_sens_tank_shared() {
    fortran("dsl_sens_tank.f", Link::Shared);
}

#[test]
fn fortran_dsl_sens_ball() {
    fortran("dsl_sens_ball.f", Link::Static);
}

#[test]
fn fortran_dsl_sens_robertson() {
    fortran("dsl_sens_robertson.f", Link::Static);
}

#[test]
fn fortran_dsl_sens_bad() {
    fortran("dsl_sens_bad.f", Link::Static);
}

#[test]
fn fortran_dsl_ex1_shared() {
    fortran("dsl_ex1.f", Link::Shared);
}

// ---------------------------------------------------------------------
// Fortran programs (shared library)

#[test]
fn fortran_lin_dense_shared() {
    fortran("lin_dense.f", Link::Shared);
}

#[test]
fn fortran_messages_shared() {
    fortran("messages.f", Link::Shared);
}

#[test]
fn fortran_kry_heat_band_shared() {
    fortran("kry_heat_band.f", Link::Shared);
}

#[test]
fn fortran_f90_dsl48e_shared() {
    fortran("f90_dsl48e.f90", Link::Shared);
}

#[test]
fn fortran_ext_sparse_shared() {
    fortran("ext_sparse.f", Link::Shared);
}

#[test]
fn fortran_s_kry_heat_band_shared() {
    fortran_counters("s_kry_heat_band.f", Link::Shared, S_KRY_HEAT_BAND);
}

#[test]
fn fortran_s_bad_input_shared() {
    fortran_full("s_bad_input.f", Link::Shared, "", S_BAD_INPUT);
}

// ---------------------------------------------------------------------
// Symbol hygiene

#[test]
fn hygiene_own_daux_before_library() {
    hygiene(DauxOrder::BeforeLibrary, Link::Static);
}

#[test]
fn hygiene_own_daux_after_library() {
    hygiene(DauxOrder::AfterLibrary, Link::Static);
}

#[test]
fn hygiene_own_daux_shared_library() {
    hygiene(DauxOrder::BeforeLibrary, Link::Shared);
}

// ---------------------------------------------------------------------
// C programs

#[test]
fn c_dense() {
    c_program("c_dense.c", Link::Static);
}

#[test]
fn c_dense_shared() {
    c_program("c_dense.c", Link::Shared);
}

#[test]
fn c_float() {
    c_program_counters("c_float.c", Link::Static, C_FLOAT);
}

#[test]
fn c_float_shared() {
    c_program_counters("c_float.c", Link::Shared, C_FLOAT);
}

#[test]
fn c_roots() {
    c_program("c_roots.c", Link::Static);
}

#[test]
fn c_plain_name() {
    c_program("c_plain_name.c", Link::Static);
}

#[test]
fn c_threads() {
    c_program("c_threads.c", Link::Static);
}

#[test]
fn c_checkpoint() {
    c_program("c_checkpoint.c", Link::Static);
}

#[test]
fn c_ic_restart() {
    c_program("c_ic_restart.c", Link::Static);
}

#[test]
fn c_dsl48e() {
    c_program("c_dsl48e.c", Link::Static);
}

#[test]
fn c_dsl48e_restart() {
    c_program("c_dsl48e_restart.c", Link::Static);
}

#[test]
fn c_dsb_pendulum() {
    c_program("c_dsb_pendulum.c", Link::Static);
}

#[test]
fn c_dsl48e_sens() {
    c_program("c_dsl48e_sens.c", Link::Static);
}

#[test]
fn c_messages() {
    c_program("c_messages.c", Link::Static);
}

#[test]
fn c_messages_shared() {
    c_program("c_messages.c", Link::Shared);
}

#[test]
fn c_nonfinite() {
    c_program("c_nonfinite.c", Link::Static);
}

/// 1000 random cases by default; `DASKR_FUZZ_CASES` (and
/// `DASKR_FUZZ_SEED`) in the environment of `cargo test` reach the
/// program and run a larger campaign (see c-examples/README).
#[test]
fn c_fuzz_continuation() {
    c_program("c_fuzz_continuation.c", Link::Static);
}

/// Bad sizes on the first call of DDASKR, SDASKR and DSL48E: IDID = -33
/// from the scalars alone, with small real arrays, in under 1 ms and
/// without memory growth (see c-examples/README). 600 random cases after
/// the systematic ones by default; `DASKR_FIRSTCALL_CASES` (and
/// `DASKR_FIRSTCALL_SEED`) in the environment of `cargo test` reach the
/// program.
#[test]
fn c_fuzz_firstcall() {
    c_program("c_fuzz_firstcall.c", Link::Static);
}

// ---------------------------------------------------------------------
// The harness itself

/// Every benchmark program of `benches/fortran/` compiles and links
/// against the library. They are run by hand (`scripts/bench_fortran.sh`),
/// not by this suite, which would otherwise never notice one falling behind
/// the library's interface or its include files.
#[test]
fn benchmark_programs_build() {
    require_tool("gfortran", "gfortran");
    let src_dir = repo().join("benches/fortran");
    let mut sources: Vec<PathBuf> = fs::read_dir(&src_dir)
        .expect("read benches/fortran")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "f"))
        .collect();
    sources.sort();
    assert!(!sources.is_empty(), "no benchmark programs in {}", src_dir.display());
    let dir = work_dir("benchmarks");
    for src in &sources {
        let exe = dir.join(src.file_stem().unwrap());
        build(
            Command::new("gfortran")
                .current_dir(&dir)
                .arg("-O2")
                .arg(src)
                .arg("-o")
                .arg(&exe)
                .args(link_args(Link::Static)),
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn harness_marker_check() {
    assert_eq!(check_markers("a\nSILENT-BEGIN\nSILENT-END\nb\n"), None);
    assert!(check_markers("SILENT-BEGIN\n message\nSILENT-END\n").is_some());
    assert_eq!(check_markers("LOUD-BEGIN\n message\nLOUD-END\n"), None);
    assert!(check_markers("LOUD-BEGIN\nLOUD-END\n").is_some());
    assert!(check_markers("SILENT-BEGIN\n").is_some());
}

#[test]
fn harness_line_check() {
    let out = " CASE  A   IDID = -33  OK\n junk\n CASE B  IDID = 3  T = 1.00\n";
    assert!(check_lines(out, &["CASE A IDID = -33", "CASE B IDID = 3"]).is_none());
    assert!(check_lines(out, &["CASE B IDID = 3", "CASE A IDID = -33"]).is_some());
    assert!(check_lines(out, &["CASE A IDID = 3"]).is_some());
    assert!(check_lines(out, &["IDID = -33"]).is_some());
}

#[test]
fn harness_counter_check() {
    let out = " NST =  100 NRE =  200 LENIW =  44 JAC CALLS =   3\n x\n   NST =   9\n";
    assert_eq!(check_counters(out, ""), None);
    assert_eq!(check_counters(out, "NST 100 NRE 200 LENIW 44 NST 9"), None);
    assert_eq!(check_counters(out, "NST 109 NRE 182 LENIW 44 NST 11"), None);
    assert!(check_counters(out, "NST 100 NRE 200 LENIW 45 NST 9").is_some());
    assert!(check_counters(out, "NST 112 NRE 200 LENIW 44 NST 9").is_some());
    assert!(check_counters(out, "NST 100 NRE 200 LENIW 44").is_some());
    assert!(check_counters(out, "NRE 100 NST 200 LENIW 44 NST 9").is_some());
}
