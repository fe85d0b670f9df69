#!/usr/bin/env bash
# Build libdaskr and run a demo: Robertson's kinetics as an index-1 DAE,
# integrated to t = 4e10 by a FORTRAN 77 program that calls DDASKR.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v gfortran >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gfortran >/dev/null
    else
        echo "gfortran is required: sudo apt-get install -y gfortran" >&2
        exit 1
    fi
fi
cargo build --release
out=$(mktemp -d)
gfortran -O2 -std=legacy scripts/demo_robertson.f target/release/libdaskr.a -lm -lpthread -ldl -o "$out/demo"
"$out/demo"
rm -rf "$out"
