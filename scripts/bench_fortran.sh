#!/usr/bin/env bash
# Build the FORTRAN 77 benchmark programs of benches/fortran/ against
# target/release/libdaskr.a and run them, ROUNDS times each, one program
# at a time and alternating (round 1: every program of the set, round 2:
# again, ...), so that slow drifts of the machine hit all programs alike.
#
#   scripts/bench_fortran.sh [ROUNDS] [SET] [ARGS...]
#
#   ROUNDS  number of rounds (default 5)
#   SET     all (default), daskr (bench_daskr.f, bench_krylov.f,
#           bench_call.f: DDASKR, and bench_call_single.f: SDASKR),
#           dsl (bench_dsl48e.f and bench_dsl_ddaskr.f: DSL48E and the same
#           problems through DDASKR), testset (bench_testset.f: the Bari IVP
#           Test Set one step per call), or one program's name (bench_dsl48e)
#   ARGS    passed to every program of the set except bench_krylov (whose
#           only argument is its repetition count, KRYLOV_REPS): a case
#           filter (HEAT100, EVENTS, ...), quick, REPS=n; ONESTEP (one
#           step per call) for bench_small_dense and bench_small_band;
#           INTERVAL (interval mode) for bench_testset
#
# Environment: LIBDASKR (the archive to link; default target/release/
# libdaskr.a, built first with cargo build --release), BENCH_OUT (outputs;
# default target/bench-fortran), BENCH_CPU (pin every run to this CPU with
# taskset; default: no pinning), KRYLOV_REPS (default 3).
#
# Each program prints one table line per case with the median over its own
# repetitions (see the head of each .f file); this script prints, per case,
# the median over the rounds of those medians (MED(MS): wall time; CPU(MS):
# processor time, printed by the DSL programs only), their range, and
# the counters of the first round, then the detail lines of the first
# round (solution differences, events found, event-detection cost) and the
# ratios between the DSL48E cases and their DDASKR counterparts. Raw
# outputs: $BENCH_OUT/raw/PROGRAM_ROUND.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-5}
SET=${2:-all}
shift $(( $# < 2 ? $# : 2 ))
ARGS=("$@")
OUT=${BENCH_OUT:-target/bench-fortran}
KREPS=${KRYLOV_REPS:-3}

. scripts/lib/require-gfortran.sh
require_gfortran "for the benchmark programs" || exit 1
if [ -z "${LIBDASKR:-}" ]; then
    cargo build --release
    LIBDASKR=target/release/libdaskr.a
fi
[ -f "$LIBDASKR" ] || { echo "bench_fortran.sh: no such library $LIBDASKR" >&2; exit 2; }

case "$SET" in
    all) PROGS="bench_daskr bench_krylov bench_call bench_call_single bench_dsl48e bench_dsl_ddaskr bench_small_band bench_dense_sparse bench_small_dense bench_testset" ;;
    daskr) PROGS="bench_daskr bench_krylov bench_call bench_call_single" ;;
    dsl) PROGS="bench_dsl48e bench_dsl_ddaskr" ;;
    testset) PROGS="bench_testset" ;;
    bench_*) PROGS="$SET" ;;
    *) echo "bench_fortran.sh: unknown set $SET (all, daskr, dsl, testset, bench_NAME)" >&2; exit 2 ;;
esac

rm -rf "$OUT/raw"
mkdir -p "$OUT/raw"
for p in $PROGS; do
    gfortran -O2 "benches/fortran/$p.f" -o "$OUT/$p" "$LIBDASKR" -lm -lpthread -ldl
done
PIN=()
if [ -n "${BENCH_CPU:-}" ] && command -v taskset >/dev/null 2>&1; then
    PIN=(taskset -c "$BENCH_CPU")
fi

echo "bench_fortran.sh: $LIBDASKR, $ROUNDS rounds of: $PROGS ${ARGS[*]:-}"
echo "  host $(uname -n), $(nproc) CPUs, pinned: ${PIN[*]:-no}, $(date -u '+%Y-%m-%d %H:%M UTC')"
for r in $(seq 1 "$ROUNDS"); do
    for p in $PROGS; do
        if [ "$p" = bench_krylov ]; then
            "${PIN[@]}" "$OUT/$p" "$KREPS" >"$OUT/raw/${p}_$r.txt" 2>&1 || echo "  round $r: $p failed"
        else
            "${PIN[@]}" "$OUT/$p" "${ARGS[@]}" >"$OUT/raw/${p}_$r.txt" 2>&1 || echo "  round $r: $p failed"
        fi
    done
    echo "  round $r of $ROUNDS done"
done

# One record per (case, round): CASE PROGRAM MED_MS CPU_MS NEV NST NRE NJE NETF NCFN NNI.
# bench_daskr.f, bench_small_band.f, bench_dense_sparse.f, bench_small_dense.f:
# CASE NEQ REPS MIN MED MAX MED/STEP NST NRE NJE NNI;
# bench_dsl48e.f, bench_dsl_ddaskr.f: CASE NEQ REPS FIRST MIN MED MAX MEDCPU
# MED/STEP NST NRE NJE NETF NCFN NNI NEV; bench_krylov.f: SECONDS: ... MEDIAN s;
# bench_testset.f: CASE NEQ REPS MIN MED MAX MEDCPU NST NRE NJE NETF NCFN NNI
# MAXRELERR COMP; bench_call.f, bench_call_single.f: CASE REPS MIN MED MIN(NS)
# MED(NS) CALLS NST NRE NJE Y1.
for p in $PROGS; do
    for f in "$OUT"/raw/"${p}"_*.txt; do
        awk -v p="$p" '
            p == "bench_krylov" && /SECONDS:/ {
                for (i = 1; i <= NF; i++) if ($i == "MEDIAN") med = 1000 * $(i + 1)
            }
            p == "bench_krylov" && /NST NRE NNI/ { c = $7 " " $8 " " $12 " - - " $9 }
            p == "bench_krylov" { next }
            p == "bench_testset" && /^ [A-Z]/ && NF == 15 && $2 ~ /^[0-9]+$/ {
                print $1, p, $5, $7, 0, $8, $9, $10, $11, $12, $13; next
            }
            (p == "bench_call" || p == "bench_call_single") && /^ [A-Z]/ && NF == 11 && $2 ~ /^[0-9]+$/ {
                print $1, p, $4, "-", 0, $8, $9, $10, "-", "-", "-"; next
            }
            /^ [A-Z]/ && NF == 11 && $2 ~ /^[0-9]+$/ { print $1, p, $5, "-", 0, $8, $9, $10, "-", "-", $11 }
            /^ [A-Z]/ && NF == 16 && $2 ~ /^[0-9]+$/ { print $1, p, $6, $8, $16, $10, $11, $12, $13, $14, $15 }
            END { if (p == "bench_krylov" && med != "") print "KRYLOV", p, med, "-", 0, c }
        ' "$f"
    done
done >"$OUT/values.txt"

echo
printf ' %-13s %-18s %3s %11s %-20s %11s %-20s %7s %7s %6s %4s %4s %7s %5s\n' \
    CASE PROGRAM RND "MED(MS)" "  range" "CPU(MS)" "  range" NST NRE NJE NETF NCFN NNI NEV
awk '
    function median(key, col, lo, hi,   a, b, m, x) {
        m = cnt[key]
        if (m == 0 || v[key, 1, col] == "-") { lo[0] = "-"; return "-" }
        for (a = 1; a <= m; a++) s[a] = v[key, a, col] + 0
        for (a = 2; a <= m; a++) { x = s[a]; b = a - 1; while (b >= 1 && s[b] > x) { s[b + 1] = s[b]; b-- } s[b + 1] = x }
        lo[0] = s[1]; hi[0] = s[m]
        return (m % 2) ? s[(m + 1) / 2] : 0.5 * (s[m / 2] + s[m / 2 + 1])
    }
    { key = $1 SUBSEP $2; if (!(key in first)) { order[++n] = key; first[key] = $0 }
      c = ++cnt[key]; v[key, c, 1] = $3; v[key, c, 2] = $4 }
    END {
        for (i = 1; i <= n; i++) {
            key = order[i]
            mw = median(key, 1, lw, hw); mc = median(key, 2, lc, hc)
            split(first[key], f, " ")
            rw = sprintf("%.3f..%.3f", lw[0], hw[0])
            if (mc == "-") { smc = "-"; rc = "" } else { smc = sprintf("%.3f", mc); rc = sprintf("%.3f..%.3f", lc[0], hc[0]) }
            printf " %-13s %-18s %3d %11.3f %-20s %11s %-20s %7s %7s %6s %4s %4s %7s %5s\n",
                f[1], f[2], cnt[key], mw, rw, smc, rc, f[6], f[7], f[8], f[9], f[10], f[11], f[5]
            medw[f[1]] = mw; medc[f[1]] = mc; nev[f[1]] = f[5]
        }
        # DSL48E against DDASKR on the same problem.
        pair("HEAT100-BAND", "HEAT100-DSL", "time")
        pair("HEAT224-BAND", "HEAT224-DSL", "time")
        pair("HT100L-BAND", "HT100L-DSL", "time")
        pair("HEAT32-BAND", "HEAT32-DSL", "time")
        pair("HEAT32-BAND", "HT32P-DSL", "time")
        pair("HEAT32-BAND", "HT32C-DSL", "time")
        pair("HEAT32-BAND", "HT32PC-DSL", "time")
        pair("HEAT100-BAND", "HT100P-DSL", "time")
        pair("HEAT100-BAND", "HT100C-DSL", "time")
        pair("HEAT100-BAND", "HT100PC-DSL", "time")
        # The model as a simulator writes it against the model as written.
        pair("HT32P-DSL", "HEAT32-DSL", "time")
        pair("HT32PC-DSL", "HEAT32-DSL", "time")
        pair("HT100P-DSL", "HEAT100-DSL", "time")
        pair("HT100PC-DSL", "HEAT100-DSL", "time")
        pair("BAND20-DQ", "BAND20-DSL", "time")
        pair("EVENTS-RT2", "EVENTS-DSL", "event")
        pair("EVENTS-RT", "EVENTS-DSL", "event")
    }
    function pair(ref, dsl, what,   t) {
        if (!(ref in medw) || !(dsl in medw)) return
        t = sprintf("wall %.2f", medw[ref] / medw[dsl])
        if (medc[ref] != "-" && medc[dsl] != "-") t = t sprintf(", cpu %.2f", medc[ref] / medc[dsl])
        if (what == "time") {
            printf "  %s / %s (time of one integration): %s\n", ref, dsl, t
        } else if (nev[ref] > 0 && nev[dsl] > 0) {
            printf "  per crossing found: %s %.2f us (%d found), %s %.2f us (%d found) (wall)\n",
                ref, 1000 * medw[ref] / nev[ref], nev[ref], dsl, 1000 * medw[dsl] / nev[dsl], nev[dsl]
            if (medc[ref] != "-" && medc[dsl] != "-")
                printf "  per crossing found: %s %.2f us, %s %.2f us (cpu); %s/%s per crossing: %.2f\n",
                    ref, 1000 * medc[ref] / nev[ref], dsl, 1000 * medc[dsl] / nev[dsl], dsl, ref,
                    (medc[dsl] / nev[dsl]) / (medc[ref] / nev[ref])
        }
    }
' "$OUT/values.txt"
echo "(RND: rounds; MED(MS), CPU(MS): median over the rounds of each program's median wall and"
echo " processor time of one integration, with their range over the rounds; counters: first round;"
echo " NEV: crossings found by the event cases; raw outputs in $OUT/raw/)"

# Details of the first round: the indented lines each program prints under
# its table (solution differences, events, event-detection cost).
for p in $PROGS; do
    f="$OUT/raw/${p}_1.txt"
    [ -f "$f" ] || continue
    if grep -q '^    ' "$f"; then
        echo
        echo " $p, round 1:"
        grep '^    \|^                ' "$f"
    fi
    if [ "$p" = bench_krylov ]; then
        echo
        echo " bench_krylov, round 1:"
        grep -v SECONDS "$f"
    fi
done
# The event-detection cost in every round (it is a small difference).
if grep -qh 'EVCOST' "$OUT"/raw/bench_dsl*_*.txt 2>/dev/null; then
    echo
    echo " EVCOST per round (us per step and % of the time per step without events/roots; wall,cpu):"
    for p in bench_dsl48e bench_dsl_ddaskr; do
        vals=$(grep -h 'EVCOST  ' "$OUT"/raw/"${p}"_*.txt 2>/dev/null | awk '{printf " %s/%s%%,%s/%s%%", $4, $9, $17, $20}')
        [ -n "$vals" ] && echo "  $p:$vals"
    done
fi
