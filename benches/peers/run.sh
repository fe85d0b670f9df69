#!/usr/bin/env bash
# The comparison of this crate's sparse LU with other sparse LU codes
# (README, "Against other sparse LUs"). Not part of the test suite; each
# peer runs only when it is installed:
#   KLU, UMFPACK  SuiteSparse's headers and libraries (Debian: libsuitesparse-dev)
#   SuperLU       SciPy (pip install scipy)
#   IDA + KLU     SUNDIALS with its KLU linear solver (Debian: libsundials-dev)
#
#   bash benches/peers/run.sh [REPS]
#
# Writes the matrices (Matrix Market) to $PEERS_OUT/matrices (default
# target/peers/matrices) with the crate's own times on them, runs the
# peers on the same files, then times the heat DAE integrations: DSL48E
# (benches/fortran/bench_dsl48e.f, HEAT100-DSL and HT100L-DSL) and IDA+KLU
# (benches/peers/ida_heat.c) on the same problem. BENCH_CPU=n pins every
# run to CPU n.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPS=${1:-11}
OUT=${PEERS_OUT:-target/peers}
mkdir -p "$OUT"
PIN=()
if [ -n "${BENCH_CPU:-}" ] && command -v taskset >/dev/null 2>&1; then
    PIN=(taskset -c "$BENCH_CPU")
fi
cargo build --release --quiet
cargo bench --quiet --features internals --bench sparse_bench --no-run
bench=$(ls -t target/release/deps/sparse_bench-* | grep -v '\.d$' | head -n 1)
"${PIN[@]}" "$bench" peers "$OUT/matrices"
echo
SS=/usr/include/suitesparse
if [ -f "$SS/klu.h" ] && [ -f "$SS/umfpack.h" ]; then
    cc -O2 benches/peers/peer_lu.c -I"$SS" -lklu -lumfpack -lm -o "$OUT/peer_lu"
    "${PIN[@]}" "$OUT/peer_lu" "$REPS" "$OUT"/matrices/*.mtx
else
    echo " (KLU, UMFPACK: SuiteSparse not installed)"
fi
echo
if python3 -c 'import scipy' 2>/dev/null; then
    "${PIN[@]}" python3 benches/peers/superlu.py "$REPS" "$OUT"/matrices/*.mtx
else
    echo " (SuperLU: SciPy not installed)"
fi
echo
if command -v gfortran >/dev/null 2>&1; then
    gfortran -O2 benches/fortran/bench_dsl48e.f -o "$OUT/bench_dsl48e" target/release/libdaskr.a -lm -lpthread -ldl
    "${PIN[@]}" "$OUT/bench_dsl48e" HEAT100-DSL REPS=5 | grep -E '^ (CASE|HEAT100-DSL)'
    "${PIN[@]}" "$OUT/bench_dsl48e" HT100L-DSL REPS=5 | grep -E '^ HT100L-DSL'
fi
if [ -f /usr/include/sunlinsol/sunlinsol_klu.h ]; then
    cc -O2 benches/peers/ida_heat.c -I"$SS" -lsundials_ida -lsundials_nvecserial \
        -lsundials_sunlinsolklu -lsundials_sunmatrixsparse -lklu -lm -o "$OUT/ida_heat"
    "${PIN[@]}" "$OUT/ida_heat" 100 1 5
    "${PIN[@]}" "$OUT/ida_heat" 100 10 5
else
    echo " (IDA+KLU: SUNDIALS not installed)"
fi
