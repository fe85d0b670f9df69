#!/usr/bin/env bash
# Packaging test: `cargo package --workspace` (which builds each packaged
# crate from its tarball), then a release build of the packaged crates
# alone (extracted, the path dependencies replaced by the packaged
# versions) whose shared library must export exactly the symbols of the
# repository build. Prints "ok   package: ..." / "FAIL   package: ..."
# lines, which scripts/test.sh counts.
#
# Usage: bash scripts/package-test.sh  (after `cargo build --release`)
set -euo pipefail
cd "$(dirname "$0")/.."

fail=0
report() { # status, text
    echo "$1   package: $2"
    if [ "$1" = FAIL ]; then fail=1; fi
}

rm -rf target/package
if cargo package --workspace --allow-dirty --quiet >target/package.log 2>&1; then
    report ok "cargo package --workspace (each crate built from its package)"
else
    tail -n 30 target/package.log
    report FAIL "cargo package --workspace"
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
members=()
patches=()
for crate in target/package/*.crate; do
    tar -xzf "$crate" -C "$work"
    dir=$(basename "$crate" .crate)
    name=${dir%-*}
    members+=("\"$dir\"")
    patches+=("$name = { path = \"$dir\" }")
done
{
    echo "[workspace]"
    echo "members = [$(IFS=,; echo "${members[*]}")]"
    echo "resolver = \"2\""
    echo "[patch.crates-io]"
    printf '%s\n' "${patches[@]}"
    # The repository's release profile, as the packaged crates would be
    # built by a user's workspace that copies it.
    awk '/^\[/ { keep = ($0 ~ /^\[profile\./) } keep && !/^#/' Cargo.toml
} >"$work/Cargo.toml"
cp Cargo.lock "$work/Cargo.lock"

if (cd "$work" && CARGO_TARGET_DIR="$work/target" cargo build --release --offline -p daskr --quiet) >"$work/build.log" 2>&1; then
    report ok "release build of the packaged crates"
else
    tail -n 30 "$work/build.log"
    report FAIL "release build of the packaged crates"
    exit 1
fi

exports() { nm -D --defined-only "$1" | awk '{print $3}' | sort; }
if diff <(exports target/release/libdaskr.so) <(exports "$work/target/release/libdaskr.so") >"$work/exports.diff"; then
    report ok "packaged libdaskr.so exports the repository build's $(exports target/release/libdaskr.so | wc -l) symbols"
else
    cat "$work/exports.diff"
    report FAIL "packaged libdaskr.so exports differ from the repository build's"
fi
# The archive's C and Fortran routines (Rust's own mangled names carry
# a hash of where each crate came from, so they differ).
exports_a() { nm --defined-only "$1" 2>/dev/null | awk '$2 ~ /^[TWV]$/ && $3 !~ /^_(ZN|R)/ {print $3}' | sort -u; }
if diff <(exports_a target/release/libdaskr.a) <(exports_a "$work/target/release/libdaskr.a") >"$work/archive.diff"; then
    report ok "packaged libdaskr.a defines the repository build's $(exports_a target/release/libdaskr.a | wc -l) routines"
else
    head -n 40 "$work/archive.diff"
    report FAIL "packaged libdaskr.a symbols differ from the repository build's"
fi
exit $fail
