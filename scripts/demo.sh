#!/usr/bin/env bash
# Build libdaskr and run a demo: Robertson's kinetics as an index-1 DAE,
# integrated to t = 4e10 by a FORTRAN 77 program that calls DDASKR.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/require-gfortran.sh
require_gfortran "for the demo" || exit 1
cargo build --release
out=$(mktemp -d)
gfortran -O2 -std=legacy scripts/demo_robertson.f target/release/libdaskr.a -lm -lpthread -ldl -o "$out/demo"
"$out/demo"
rm -rf "$out"
