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

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Cargo treats a registry crate as immutable: it would reuse what it built
# and unpacked of a same-named, same-versioned package in an earlier run.
# So the packages are built in a target directory of their own, and this
# workspace's crates unpacked by earlier runs (under $CARGO_HOME/registry/src/
# <hash of the temporary registry>/) are removed first.
crates=$(cargo metadata --no-deps --format-version 1 |
    python3 -c 'import json,sys; print(" ".join(p["name"] + "-" + p["version"] for p in json.load(sys.stdin)["packages"]))')
for dir in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
    for crate in $crates; do
        rm -rf "${dir}${crate}"
    done
done
packaged=$work/package-target
if CARGO_TARGET_DIR=$packaged cargo package --workspace --allow-dirty --quiet >"$work/package.log" 2>&1; then
    report ok "cargo package --workspace (each crate built from its package)"
else
    tail -n 30 "$work/package.log"
    report FAIL "cargo package --workspace"
    exit 1
fi

members=()
patches=()
mkdir "$work/src"
for crate in "$packaged"/package/*.crate; do
    tar -xzf "$crate" -C "$work/src"
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
} >"$work/src/Cargo.toml"
cp Cargo.lock "$work/src/Cargo.lock"

if (cd "$work/src" && CARGO_TARGET_DIR="$work/target" cargo build --release --offline -p daskr --quiet) >"$work/build.log" 2>&1; then
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
