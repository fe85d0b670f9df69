#!/usr/bin/env python3
"""daskr-fmi against FMPy (CVode) on the same FMUs and settings.

    cargo build --release -p daskr-fmi
    pip install fmpy
    python3 benches/fmi/compare_fmpy.py [--repeat 5] [--keep DIR]

Not run by the test suite. Builds the FMUs from this repository's C
sources with cc (examples/fmu: bouncing_ball, relay; crates/fmi/tests/fmus:
dip, staircase), then simulates each with

  * daskr-fmi simulate FMU --rtol R --output-interval DT --stop-time T
    (the DSL48E core: interval-arithmetic event search on every step), and
  * fmpy.simulate_fmu(FMU, fmi_type='ModelExchange', solver='CVode',
    relative_tolerance=R, output_interval=DT, stop_time=T)
    (CVode's root finding: sign tests of the event indicators at step ends)

and prints a Markdown table: events each found (pairs of rows with the same
time stamp: both record the state before and after each event), the worst
event-time error against the closed form where there is one, and the
median wall time of `--repeat` runs (daskr-fmi: the whole process,
unpacking the FMU and writing the CSV included; FMPy: the simulate_fmu
call in this process, unpacking included, results kept in memory).

The event search's cost per step: the dip model over 1000 periods with c = 1.5 (the
indicator never crosses, so no events and no restarts) against the same
model compiled without its event indicator, both through daskr-fmi,
the smallest time per step of `--repeat` runs of each and the difference
(daskr-fmi's own elapsed time from its summary line, which leaves out
process start and unpacking).
"""

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXE = os.path.join(REPO, "target", "release", "daskr-fmi")


def build_fmu(work, name, source, xml_text):
    """cc the model into binaries/linux64/<name>.so and zip it with its XML."""
    lib = os.path.join(work, name + ".so")
    subprocess.run(
        [os.environ.get("CC", "cc"), "-shared", "-fPIC", "-O2", "-I", os.path.join(REPO, "examples/fmu/include"),
         source, "-o", lib, "-lm"],
        check=True,
    )
    fmu = os.path.join(work, name + ".fmu")
    with zipfile.ZipFile(fmu, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("modelDescription.xml", xml_text)
        z.write(lib, "binaries/linux64/%s.so" % name)
    return fmu


def build_all(work):
    fmus = {}
    for name in ["bouncing_ball", "relay"]:
        d = os.path.join(REPO, "examples/fmu", name)
        with open(os.path.join(d, "modelDescription.xml")) as f:
            fmus[name] = build_fmu(work, name, os.path.join(d, "model.c"), f.read())
    for name in ["dip", "staircase"]:
        d = os.path.join(REPO, "crates/fmi/tests/fmus")
        with open(os.path.join(d, name + ".xml")) as f:
            fmus[name] = build_fmu(work, name, os.path.join(d, name + ".c"), f.read())
    # The dip model without its event indicator, for the cost of the search.
    d = os.path.join(REPO, "crates/fmi/tests/fmus")
    with open(os.path.join(d, "dip.c")) as f:
        src = f.read()
    src = src.replace("#define NZ 1", "#define NZ 0")
    src = src.replace("static void model_indicators(Model *m, double *z) { z[0] = m->r[C] - m->r[X1]; }",
                      "static void model_indicators(Model *m, double *z) { (void)m; (void)z; }")
    src = src.replace('"{5d2e8a90-daskr-test-dip}"', '"{5d2e8a90-daskr-test-dip0}"')
    plain_c = os.path.join(work, "dip0.c")
    with open(plain_c, "w") as f:
        f.write(src)
    with open(os.path.join(d, "dip.xml")) as f:
        xml = f.read()
    xml = xml.replace('numberOfEventIndicators="1"', 'numberOfEventIndicators="0"')
    xml = xml.replace("{5d2e8a90-daskr-test-dip}", "{5d2e8a90-daskr-test-dip0}")
    xml = xml.replace('modelIdentifier="dip"', 'modelIdentifier="dip0"')
    fmus["dip0"] = build_fmu(work, "dip0", plain_c, xml)
    return fmus


def events_of(times):
    return [times[i] for i in range(1, len(times)) if times[i] == times[i - 1]]


def exact_events(name, stop):
    """Closed-form event times (None where the table shows no error)."""
    if name == "bouncing_ball":
        t1 = math.sqrt(2 * 1.0 / 9.81)
        out, t, ek = [t1], t1, 0.8
        while t + 2 * ek * t1 < stop:
            t += 2 * ek * t1
            out.append(t)
            ek *= 0.8
        return out
    if name == "relay":
        lo, hi = 0.4, 0.6
        out = [math.log(1 / (1 - hi))]
        off, on = math.log(hi / lo), math.log((1 - lo) / (1 - hi))
        while True:
            nxt = out[-1] + (off if len(out) % 2 == 1 else on)
            if nxt > stop:
                return out
            out.append(nxt)
    if name == "dip":
        half = math.acos(0.9999) / (2 * math.pi)
        out = []
        k = 0
        while 0.25 + k + half < stop:
            out += [0.25 + k - half, 0.25 + k + half]
            k += 1
        return out
    if name == "staircase":
        return [0.3 * k for k in range(1, int(stop / 0.3 + 1e-9) + 1) if 0.3 * k < stop - 1e-12]
    return None


def worst_error(found, exact):
    if exact is None or len(found) != len(exact):
        return None
    return max((abs(a - b) for a, b in zip(found, exact)), default=0.0)


def run_daskr(fmu, out_dir, rtol, dt, stop, extra=()):
    csv = os.path.join(out_dir, os.path.basename(fmu) + ".csv")
    args = [EXE, "simulate", fmu, "--rtol", str(rtol), "--output-interval", str(dt), "--stop-time", str(stop),
            "--output", csv] + list(extra)
    t0 = time.perf_counter()
    p = subprocess.run(args, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(p.stderr)
    m = re.search(r"; (\d+) steps, .*; ([0-9.]+) s$", p.stderr.strip())
    steps, elapsed = int(m.group(1)), float(m.group(2))
    with open(csv) as f:
        next(f)
        times = [float(line.split(",")[0]) for line in f]
    return wall, steps, elapsed, times


def run_fmpy(fmu, rtol, dt, stop):
    from fmpy import simulate_fmu

    t0 = time.perf_counter()
    res = simulate_fmu(fmu, fmi_type="ModelExchange", solver="CVode", relative_tolerance=rtol,
                       output_interval=dt, stop_time=stop)
    wall = time.perf_counter() - t0
    return wall, [float(t) for t in res["time"]]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--keep", help="build the FMUs in this directory and keep them")
    a = ap.parse_args()
    if not os.access(EXE, os.X_OK):
        sys.exit("build daskr-fmi first: cargo build --release -p daskr-fmi")
    try:
        import fmpy
    except ImportError:
        sys.exit("FMPy is not installed: pip install fmpy")
    work = a.keep or tempfile.mkdtemp(prefix="daskr-fmpy-")
    os.makedirs(work, exist_ok=True)
    try:
        fmus = build_all(work)
        # (name, rtol, output interval, stop time)
        # The last one is long enough for the integration, not the start-up,
        # to dominate the wall time.
        cases = [("bouncing_ball", 1e-6, 0.01, 3.0), ("relay", 1e-6, 0.02, 10.0), ("dip", 1e-6, 0.1, 10.0),
                 ("staircase", 1e-6, 0.1, 2.0), ("relay", 1e-6, 0.1, 1000.0)]
        print("FMPy %s (CVode), daskr-fmi %s; median of %d runs\n" % (fmpy.__version__, EXE, a.repeat))
        print("| FMU | events (exact) | daskr-fmi events | worst error | FMPy events | worst error | "
              "daskr-fmi wall | FMPy wall | daskr-fmi steps |")
        print("|---|---|---|---|---|---|---|---|---|")
        for name, rtol, dt, stop in cases:
            exact = exact_events(name, stop)
            dw, fw = [], []
            for _ in range(a.repeat):
                wall, steps, _, times = run_daskr(fmus[name], work, rtol, dt, stop)
                dw.append(wall)
                wall_f, times_f = run_fmpy(fmus[name], rtol, dt, stop)
                fw.append(wall_f)
            de, fe = events_of(times), events_of(times_f)
            err = lambda found: "-" if worst_error(found, exact) is None else "%.1e" % worst_error(found, exact)
            print("| %s to t = %g | %s | %d | %s | %d | %s | %.1f ms | %.1f ms | %d |" % (
                name, stop, "-" if exact is None else len(exact), len(de), err(de), len(fe), err(fe),
                1e3 * statistics.median(dw), 1e3 * statistics.median(fw), steps))
        # The cost of the event search per step.
        per = {}
        for label, fmu, extra in [("with indicator (c = 1.5)", fmus["dip"], ["--start", "c=1.5"]),
                                  ("without indicator", fmus["dip0"], [])]:
            samples = []
            for _ in range(a.repeat):
                _, steps, elapsed, _ = run_daskr(fmu, work, 1e-6, 1.0, 1000.0, extra)
                samples.append((elapsed / steps, steps))
            # The fastest run: the least disturbed by other work on the machine.
            per[label] = (min(s[0] for s in samples), samples[0][1])
        print("\nEvent search cost (dip model, 1000 periods, output interval 1, rtol 1e-6, daskr-fmi's own elapsed time, fastest of the runs):\n")
        print("| variant | steps | time per step |")
        print("|---|---|---|")
        for label, (tps, steps) in per.items():
            print("| %s | %d | %.2f us |" % (label, steps, 1e6 * tps))
        a_, b_ = per["with indicator (c = 1.5)"][0], per["without indicator"][0]
        print("\nOne event indicator costs %.2f us per step (%.0f %% of a step without it)." % (
            1e6 * (a_ - b_), 100 * (a_ - b_) / b_))
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
