#!/usr/bin/env bash
# Run the whole test suite: formatting and lint checks, Rust unit tests,
# the header check, and the legacy Fortran / C programs compiled and
# linked against libdaskr.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v gfortran >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "gfortran not found: installing it with apt-get"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gfortran >/dev/null
    else
        echo "gfortran is required for the Fortran test programs." >&2
        echo "Install it, e.g.: sudo apt-get install -y gfortran" >&2
        exit 1
    fi
fi

# Hygiene first: formatting and lints are part of the suite.
cargo fmt --all -- --check
cargo clippy --release --workspace --all-targets -- -D warnings
cargo build --release
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo test --release --workspace 2>&1 | tee "$log"
# One closing line for the whole suite (cargo prints one per test binary).
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;?$/) p += $i; if ($(i+1) ~ /^failed;?$/) f += $i } }
     END { printf "%d passed, %d failed\n", p, f; exit (f > 0) }' "$log"
