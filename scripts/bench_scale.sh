#!/usr/bin/env bash
# DSL48E at scale with one and two threads: benches/fortran/bench_dsl_scale.f,
# one case per process under /usr/bin/time (peak resident memory), with
# DASKR_THREADS = 1 and 2 alternating, ROUNDS rounds (README "At
# scale").
#
#   scripts/bench_scale.sh [ROUNDS] [CASE...]
#
#   ROUNDS  rounds per thread count (default 3)
#   CASE    case names of bench_dsl_scale.f (default: HEAT316 HEAT3D32;
#           HEAT1000 and HEAT3D47 take a minute or more each)
#
# Environment: LIBDASKR (the archive to link; default the shipped build,
# target/dist/libdaskr.a, built first by scripts/lib/build-dist.sh),
# BENCH_OUT (default target/bench-scale).
#
# Prints per case and thread count every round's wall time, processor
# time (all threads) and peak memory, their medians, and whether the two
# thread counts printed the same solution digits (they must: the sparse
# LU gives the same bits on any number of threads). Exit status 1 if not.
# Run it on an otherwise idle machine: the second thread can only pay
# when a processor is free.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
shift $(( $# < 1 ? $# : 1 ))
CASES=("$@")
[ ${#CASES[@]} -gt 0 ] || CASES=(HEAT316 HEAT3D32)
OUT=${BENCH_OUT:-target/bench-scale}

. scripts/lib/require-gfortran.sh
require_gfortran "for the benchmark program" || exit 1
[ -x /usr/bin/time ] || { echo "bench_scale.sh: needs /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
if [ -z "${LIBDASKR:-}" ]; then
    . scripts/lib/build-dist.sh
    build_dist
    LIBDASKR=$dist_dir/libdaskr.a
fi
mkdir -p "$OUT"
gfortran -O2 benches/fortran/bench_dsl_scale.f -o "$OUT/bench_dsl_scale" "$LIBDASKR" -lm -lpthread -ldl

# run CASE THREADS ROUND: one process; its table line and solution line
# go to $OUT/CASE-tTHREADS-rROUND.txt, /usr/bin/time's figures after them.
run() {
    local f=$OUT/$1-t$2-r$3.txt
    DASKR_THREADS=$2 /usr/bin/time -f "TIME %e %U %S %M" "$OUT/bench_dsl_scale" "$1" >"$f" 2>&1
}

status=0
printf '%-10s %7s %s\n' CASE THREADS "WALL(S) / CPU(S) / PEAK(MB) per round; medians"
for c in "${CASES[@]}"; do
    for r in $(seq 1 "$ROUNDS"); do
        run "$c" 1 "$r"
        run "$c" 2 "$r"
    done
    for t in 1 2; do
        awk -v c="$c" -v t="$t" '
            /^TIME/ { n++; w[n] = $2; u[n] = $3 + $4; m[n] = $5 / 1024
                      line = line sprintf(" %.2f/%.2f/%.0f", $2, $3 + $4, $5 / 1024) }
            function med(a, n,   i, j, x) {
                for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
                return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
            }
            END { printf "%-10s %7d %s; median %.2f s / %.2f s / %.0f MB\n", c, t, line, med(w, n), med(u, n), med(m, n) }
        ' $(for r in $(seq 1 "$ROUNDS"); do echo "$OUT/$c-t$t-r$r.txt"; done)
    done
    # The solution digits of every run, whatever the thread count.
    if [ "$(cat "$OUT/$c"-t*-r*.txt | grep 'U(END)' | sort -u | wc -l)" -ne 1 ]; then
        echo "$c: the runs printed different solutions:" >&2
        grep -H 'U(END)' "$OUT/$c"-t*-r*.txt >&2
        status=1
    else
        echo "$c: every run printed the same solution ($(grep -h 'U(END)' "$OUT/$c-t1-r1.txt" | sed 's/^ *//'))"
    fi
done
exit $status
