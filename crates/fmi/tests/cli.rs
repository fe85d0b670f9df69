//! daskr-fmi on FMUs built here from C sources (cc, no downloads): the
//! example bouncing ball and relay (examples/fmu) and the test models of
//! tests/fmus (an indicator that dips below zero and back within one
//! output interval, a staircase of time events, a model without states,
//! a model that reports errors), each result against its closed form;
//! `info`, `--start`, `--output`; and broken FMUs, each of which must end
//! with one line, a non-zero status and nothing left in the temporary
//! directory.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

const EXE: &str = env!("CARGO_BIN_EXE_daskr-fmi");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn work_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("daskr-fmi-tests")
}

/// Compile a model into a shared library.
fn compile(source: &Path, lib: &Path) {
    let include = repo().join("examples/fmu/include");
    let status = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .args(["-shared", "-fPIC", "-O2", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(&include)
        .arg(source)
        .arg("-o")
        .arg(lib)
        .arg("-lm")
        .status()
        .expect("run cc");
    assert!(status.success(), "cc {}", source.display());
}

/// A zip archive with the given entries.
fn pack(fmu: &Path, entries: &[(&str, Vec<u8>)]) {
    let file = std::fs::File::create(fmu).unwrap();
    let mut zip = zip::ZipWriter::new(file);
    let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in entries {
        zip.start_file(*name, opts).unwrap();
        zip.write_all(data).unwrap();
    }
    zip.finish().unwrap();
}

/// The FMUs, built once per test run: name -> (library bytes, XML).
struct Built {
    dir: PathBuf,
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

impl Built {
    fn lib(&self, name: &str) -> Vec<u8> {
        read(&self.dir.join(format!("{name}.so")))
    }

    fn xml(&self, name: &str) -> String {
        String::from_utf8(read(&self.dir.join(format!("{name}.xml")))).unwrap()
    }

    /// An FMU of model `name`, with `xml` as its description and the
    /// library under `binaries/<platform>/<id><suffix>`.
    fn fmu_with(&self, file: &str, name: &str, xml: &str, platform: &str, suffix: &str) -> PathBuf {
        let path = self.dir.join(file);
        pack(
            &path,
            &[
                ("modelDescription.xml", xml.as_bytes().to_vec()),
                (&format!("binaries/{platform}/{name}{suffix}"), self.lib(name)),
            ],
        );
        path
    }

    fn fmu(&self, name: &str) -> PathBuf {
        let path = self.dir.join(format!("{name}.fmu"));
        if !path.exists() {
            self.fmu_with(&format!("{name}.fmu"), name, &self.xml(name), "linux64", ".so");
        }
        path
    }
}

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = work_dir().join("fmus");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let examples = repo().join("examples/fmu");
        let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmus");
        for name in ["bouncing_ball", "relay"] {
            compile(&examples.join(name).join("model.c"), &dir.join(format!("{name}.so")));
            std::fs::copy(examples.join(name).join("modelDescription.xml"), dir.join(format!("{name}.xml"))).unwrap();
        }
        for name in ["dip", "staircase", "nostates", "failing"] {
            compile(&tests.join(format!("{name}.c")), &dir.join(format!("{name}.so")));
            std::fs::copy(tests.join(format!("{name}.xml")), dir.join(format!("{name}.xml"))).unwrap();
        }
        Built { dir }
    })
}

/// A run of daskr-fmi in a fresh directory of its own, which is also its
/// TMPDIR (so that leftovers of the unpacked FMU would be seen).
struct Run {
    dir: PathBuf,
    out: Output,
}

impl Run {
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.out.stderr).into_owned()
    }

    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.out.stdout).into_owned()
    }

    fn tmp_entries(&self) -> Vec<String> {
        std::fs::read_dir(self.dir.join("tmp"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    }
}

fn run(tag: &str, args: &[&str]) -> Run {
    let dir = work_dir().join("runs").join(tag);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("tmp")).unwrap();
    let out = Command::new(EXE).args(args).current_dir(&dir).env("TMPDIR", dir.join("tmp")).output().unwrap();
    let r = Run { dir, out };
    assert!(r.tmp_entries().is_empty(), "{tag}: left in TMPDIR: {:?}", r.tmp_entries());
    r
}

fn simulate_ok(tag: &str, fmu: &Path, extra: &[&str]) -> (Run, Csv) {
    let out = format!("{tag}.csv");
    let mut args = vec!["simulate", fmu.to_str().unwrap(), "--output", &out];
    args.extend_from_slice(extra);
    let r = run(tag, &args);
    assert!(r.out.status.success(), "{tag}: {}", r.stderr());
    let csv = Csv::read(&r.dir.join(&out));
    (r, csv)
}

/// A CSV written by daskr-fmi.
struct Csv {
    header: Vec<String>,
    rows: Vec<Vec<f64>>,
}

impl Csv {
    fn read(path: &Path) -> Csv {
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines = text.lines();
        let header = lines.next().unwrap().split(',').map(|s| s.trim_matches('"').to_string()).collect();
        let rows = lines.map(|l| l.split(',').map(|v| v.parse().unwrap()).collect()).collect();
        Csv { header, rows }
    }

    fn col(&self, name: &str) -> usize {
        self.header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"))
    }

    /// The event times: two rows with the same time stamp.
    fn events(&self) -> Vec<(usize, f64)> {
        (1..self.rows.len()).filter(|&i| self.rows[i][0] == self.rows[i - 1][0]).map(|i| (i, self.rows[i][0])).collect()
    }
}

/// Impact times of the bouncing ball from (h0, v = 0): t1 = sqrt(2 h0 / g),
/// t(k+1) = t(k) + 2 e^k t1.
fn impacts(h0: f64, e: f64, g: f64, until: f64) -> Vec<f64> {
    let t1 = (2.0 * h0 / g).sqrt();
    let mut t = vec![t1];
    let mut ek = e;
    while t[t.len() - 1] + 2.0 * ek * t1 < until {
        let next = t[t.len() - 1] + 2.0 * ek * t1;
        t.push(next);
        ek *= e;
    }
    t
}

#[test]
fn bouncing_ball_impacts_at_their_closed_form_times() {
    let (r, csv) = simulate_ok("ball", &built().fmu("bouncing_ball"), &[]);
    assert_eq!(csv.header, ["time", "h", "v"]);
    let exact = impacts(1.0, 0.8, 9.81, 3.0);
    let events = csv.events();
    assert_eq!(events.len(), exact.len(), "{events:?}");
    let mut worst: f64 = 0.0;
    for ((i, t), te) in events.iter().zip(&exact) {
        worst = worst.max((t - te).abs());
        // Before: falling at the ground; after: rising, v = -e v.
        let (before, after) = (&csv.rows[i - 1], &csv.rows[*i]);
        assert!(before[1].abs() < 1e-5 && before[2] < 0.0, "{before:?}");
        assert!((after[2] + 0.8 * before[2]).abs() < 1e-12, "{after:?}");
    }
    assert!(worst < 2e-5, "event time error {worst:e}");
    // 301 output rows (stepSize 0.01 to 3) and two per impact.
    assert_eq!(csv.rows.len(), 301 + 2 * exact.len());
    assert!(csv.rows.iter().all(|r| r[1] > -1e-5));
    let summary = r.stderr();
    assert!(summary.contains("6 events (6 state, 0 time, 0 step)"), "{summary}");
    assert!(!summary.contains("directional"), "the ball has no directional derivatives: {summary}");
    eprintln!("bouncing ball: worst impact-time error {worst:.2e}");
}

#[test]
fn start_values_and_default_output_name() {
    // --start for a state and a parameter; no --output: bouncing_ball_out.csv
    // in the current directory.
    let fmu = built().fmu("bouncing_ball");
    let r = run("ball-start", &["simulate", fmu.to_str().unwrap(), "--start", "h=2", "--start", "e=0.7", "--quiet"]);
    assert!(r.out.status.success(), "{}", r.stderr());
    assert_eq!(r.stderr(), "", "--quiet prints nothing");
    let csv = Csv::read(&r.dir.join("bouncing_ball_out.csv"));
    let exact = impacts(2.0, 0.7, 9.81, 3.0);
    let events = csv.events();
    assert_eq!(events.len(), exact.len());
    for ((_, t), te) in events.iter().zip(&exact) {
        assert!((t - te).abs() < 2e-5, "{t} vs {te}");
    }
    assert_eq!(csv.rows[0][1], 2.0);
    // Stop time, output interval and tolerance from the command line.
    let (_, csv) = simulate_ok("ball-grid", &fmu, &["--stop-time", "1", "--output-interval", "0.25", "--rtol", "1e-8"]);
    let times: Vec<f64> = csv.rows.iter().map(|r| r[0]).collect();
    assert_eq!(times.len(), 5 + 2);
    assert_eq!(&times[..2], &[0.0, 0.25]);
    assert_eq!(times[times.len() - 1], 1.0);
    assert!((csv.events()[0].1 - impacts(1.0, 0.8, 9.81, 1.0)[0]).abs() < 1e-7);
    // A bad --start is one line.
    let r = run("ball-bad-start", &["simulate", fmu.to_str().unwrap(), "--start", "nope=1"]);
    assert!(!r.out.status.success());
    assert_eq!(r.stderr().lines().count(), 1, "{}", r.stderr());
    assert!(r.stderr().contains("no variable named nope"), "{}", r.stderr());
}

#[test]
fn relay_switches_at_closed_form_times() {
    let fmu = built().fmu("relay");
    let (_, coarse) = simulate_ok("relay", &fmu, &[]);
    let (_, csv) = simulate_ok("relay-tight", &fmu, &["--rtol", "1e-8"]);
    assert_eq!(coarse.events().len(), csv.events().len());
    let (lo, hi, tau) = (0.4f64, 0.6f64, 1.0f64);
    let mut exact = vec![tau * (1.0 / (1.0 - hi)).ln()];
    let (off, on) = (tau * (hi / lo).ln(), tau * ((1.0 - lo) / (1.0 - hi)).ln());
    while exact.len() < 100 {
        let last = exact[exact.len() - 1];
        let next = last + if exact.len() % 2 == 1 { off } else { on };
        if next > 10.0 {
            break;
        }
        exact.push(next);
    }
    let events = csv.events();
    assert_eq!(events.len(), exact.len(), "{events:?}");
    let (x, u) = (csv.col("x"), csv.col("u"));
    for (k, ((i, t), te)) in events.iter().zip(&exact).enumerate() {
        // Each switch inherits the offsets of the earlier ones.
        assert!((t - te).abs() < 5e-6, "switch {k}: {t} vs {te}");
        let (before, after) = (&csv.rows[i - 1], &csv.rows[*i]);
        assert_eq!((before[u], after[u]), if k % 2 == 0 { (1.0, 0.0) } else { (0.0, 1.0) });
        assert!((after[x] - if k % 2 == 0 { hi } else { lo }).abs() < 1e-7);
    }
}

#[test]
fn an_indicator_that_dips_and_returns_within_one_output_interval_is_found() {
    // c - sin(2 pi t) < 0 for 4.5e-3 around each peak t = 0.25 + k; the
    // output interval is 0.1, the solver's steps are longer than the dip.
    // Each crossing is checked against its closed form; at RTOL = 1e-6
    // the phase error of the oscillator after 10 periods (about 1e-3) is
    // larger than the event location's, so the time check is tight at
    // RTOL = 1e-8.
    let half = 0.9999f64.acos() / (2.0 * std::f64::consts::PI);
    let worst = |csv: &Csv| {
        let events = csv.events();
        assert_eq!(events.len(), 20, "{events:?}");
        let mut worst: f64 = 0.0;
        for (k, (_, t)) in events.iter().enumerate() {
            let peak = 0.25 + (k / 2) as f64;
            let te = if k % 2 == 0 { peak - half } else { peak + half };
            worst = worst.max((t - te).abs());
        }
        worst
    };
    let fmu = built().fmu("dip");
    let (_, tight) = simulate_ok("dip-tight", &fmu, &["--rtol", "1e-8"]);
    let tight_error = worst(&tight);
    assert!(tight_error < 5e-5, "dip event error {tight_error:e}");
    let (r, csv) = simulate_ok("dip", &fmu, &[]);
    let worst = worst(&csv);
    assert!(worst < 2e-3, "dip event error {worst:e}");
    let last = &csv.rows[csv.rows.len() - 1];
    assert_eq!(last[csv.col("count")], 10.0);
    assert_eq!(last[csv.col("above")], 0.0);
    // No output row sees the indicator negative: only the event rows do.
    let above = csv.col("above");
    let output_rows_above = csv.rows.iter().filter(|r| r[above] == 1.0 && (r[0] * 10.0).fract().abs() < 1e-9).count();
    assert_eq!(output_rows_above, 0);
    // The dip model provides directional derivatives: every Jacobian is
    // made from them, two calls (one per state) each.
    let summary = r.stderr();
    let jacobians: f64 = summary
        .split(" Jacobians (directional derivatives)")
        .next()
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no directional Jacobians in {summary}"));
    assert!(jacobians > 0.0);
    assert_eq!(last[csv.col("dd_calls")], 2.0 * jacobians, "{summary}");
    eprintln!("dip: 20 crossings, worst error {worst:.2e} (rtol 1e-8: {tight_error:.2e}); {}", summary.trim());
}

#[test]
fn time_events_staircase() {
    let fmu = built().fmu("staircase");
    let (r, csv) = simulate_ok("staircase", &fmu, &[]);
    // x(t) = p (0 + 1 + ... + (K-1)) + K (t - K p), K = floor(t / p).
    let p = 0.3;
    let exact = |t: f64| {
        let k = (t / p + 1e-9).floor();
        p * k * (k - 1.0) / 2.0 + k * (t - k * p)
    };
    let (x, k) = (csv.col("x"), csv.col("k"));
    let events = csv.events();
    assert_eq!(events.len(), 6, "{events:?}");
    for (j, (i, t)) in events.iter().enumerate() {
        assert!((t - p * (j + 1) as f64).abs() < 1e-14, "{t}");
        assert_eq!((csv.rows[i - 1][k], csv.rows[*i][k]), (j as f64, (j + 1) as f64));
    }
    for row in &csv.rows {
        assert!((row[x] - exact(row[0])).abs() < 1e-9, "{row:?} vs {}", exact(row[0]));
    }
    assert!(r.stderr().contains("6 events (0 state, 6 time, 0 step)"), "{}", r.stderr());
    // The FMU ends the run at the first time event at or after t_end.
    let (r, csv) = simulate_ok("staircase-end", &fmu, &["--start", "t_end=1"]);
    let last = &csv.rows[csv.rows.len() - 1];
    assert!((last[0] - 1.2).abs() < 1e-14, "{last:?}");
    assert!(r.stderr().contains("terminated by the FMU at t = 1.2"), "{}", r.stderr());
}

#[test]
fn a_model_without_states() {
    let (_, csv) = simulate_ok("nostates", &built().fmu("nostates"), &["--output-interval", "0.1"]);
    let (y, s) = (csv.col("y"), csv.col("s"));
    for row in &csv.rows {
        assert!((row[y] - row[0] * row[0]).abs() < 1e-12, "{row:?}");
    }
    let events = csv.events();
    assert_eq!(events.len(), 1);
    let (i, t) = events[0];
    // Within the polishing offset (about one error weight, 1e-6, over
    // the indicator's slope 1) of t_switch.
    assert!((t - 0.5).abs() < 1e-5, "{t}");
    assert_eq!((csv.rows[i - 1][s], csv.rows[i][s]), (0.0, 1.0));
    assert_eq!(csv.rows.len(), 11 + 2);
}

#[test]
fn info_lists_the_model() {
    let fmu = built().fmu("bouncing_ball");
    let r = run("info", &["info", fmu.to_str().unwrap()]);
    assert!(r.out.status.success(), "{}", r.stderr());
    let out = r.stdout();
    for want in [
        "model:            bouncing_ball (FMI 2.0, Model Exchange, identifier bouncing_ball)",
        "platforms:        linux64",
        "default experiment: start 0, stop 3, tolerance 0.000001, step size 0.01",
        "continuous states: 2",
        "event indicators: 1",
        "outputs:          h, v",
        "coefficient of restitution",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
}

/// A bad FMU or a failing model: status 1, one line naming the problem,
/// no CSV, nothing left in TMPDIR (checked by `run`).
fn rejected(tag: &str, fmu: &Path, extra: &[&str], expect: &str) {
    // `info` reads the FMU without instantiating it.
    let commands: &[&str] = if extra.is_empty() && tag != "guid" { &["simulate", "info"] } else { &["simulate"] };
    for &cmd in commands {
        let mut args = vec![cmd, fmu.to_str().unwrap()];
        args.extend_from_slice(extra);
        let r = run(&format!("{tag}-{cmd}"), &args);
        let err = r.stderr();
        assert_eq!(r.out.status.code(), Some(1), "{tag} {cmd}: {err}");
        assert_eq!(err.lines().count(), 1, "{tag} {cmd}: {err}");
        assert!(err.starts_with("daskr-fmi: error: ") && err.contains(expect), "{tag} {cmd}: {err}");
        let left: Vec<_> = std::fs::read_dir(&r.dir).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
        assert_eq!(left, ["tmp"], "{tag} {cmd}: files left");
        eprintln!("{tag:>14}: {}", err.trim_end());
    }
}

#[test]
fn bad_input_is_one_line_and_leaves_nothing() {
    let b = built();
    let dir = &b.dir;
    rejected("missing", &dir.join("nothing-here.fmu"), &[], "cannot open");
    let not_zip = dir.join("not-a-zip.fmu");
    std::fs::write(&not_zip, "this is not a zip archive\n").unwrap();
    rejected("not-zip", &not_zip, &[], "not a zip archive");
    let no_md = dir.join("no-description.fmu");
    pack(&no_md, &[("binaries/linux64/failing.so", b.lib("failing"))]);
    rejected("no-description", &no_md, &[], "has no modelDescription.xml");
    let xml = b.xml("failing");
    let cs = xml.replace(
        r#"<ModelExchange modelIdentifier="failing" completedIntegratorStepNotNeeded="true"/>"#,
        r#"<CoSimulation modelIdentifier="failing"/>"#,
    );
    assert_ne!(cs, xml);
    rejected("no-me", &b.fmu_with("cs-only.fmu", "failing", &cs, "linux64", ".so"), &[], "no Model Exchange interface");
    for v in ["3.0", "1.0"] {
        let other = xml.replace(r#"fmiVersion="2.0""#, &format!(r#"fmiVersion="{v}""#));
        let fmu = b.fmu_with(&format!("fmi{v}.fmu"), "failing", &other, "linux64", ".so");
        rejected(&format!("fmi{v}"), &fmu, &[], &format!("FMI {v} is not supported"));
    }
    let win = b.fmu_with("win64-only.fmu", "failing", &xml, "win64", ".dll");
    rejected("no-binary", &win, &[], "no binary for this platform");
    let guid = xml.replace("e1c0ffee", "deadbeef");
    rejected("guid", &b.fmu_with("guid.fmu", "failing", &guid, "linux64", ".so"), &[], "fmi2Instantiate failed");
    let failing = b.fmu("failing");
    rejected("fmi2Error", &failing, &["--start", "fail_mode=1"], "fmi2Error from fmi2GetDerivatives at t = ");
    rejected("fmi2Fatal", &failing, &["--start", "fail_mode=2"], "fmi2Fatal from fmi2ExitInitializationMode");
    rejected("fmi2Discard", &failing, &["--start", "fail_mode=3"], "the integration failed");
    // The same FMU without a failure runs.
    let (_, csv) = simulate_ok("failing-ok", &failing, &[]);
    let last = &csv.rows[csv.rows.len() - 1];
    assert!((last[1] - (-1.0f64).exp()).abs() < 1e-5, "{last:?}");
}
