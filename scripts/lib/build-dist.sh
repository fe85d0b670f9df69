# shellcheck shell=bash
# Sourced by scripts/install.sh and scripts/test.sh: builds the libraries
# that are shipped, libdaskr.a and libdaskr.so, with Cargo's profile
# `dist` (the release settings with fat link-time optimisation, see
# Cargo.toml) into <target>/dist/.
#
#     . scripts/lib/build-dist.sh
#     build_dist || exit 1     # sets dist_dir and native_libs
#
# Why `cargo rustc --crate-type staticlib,cdylib`: Cargo applies `lto`
# only to a build whose crate types exclude rlib, and the package's rlib
# (for Rust users and the tests) stays with `cargo build --release`.
#
# Why `-C no-vectorize-slp`: link-time optimisation runs LLVM once over
# the whole library at the root crate's opt-level 3, the single-precision
# core (SDASKR) included, which Cargo.toml keeps at opt-level 2 for its own
# compile: at 3 LLVM's SLP vectorizer packs pairs of f32 divisions into
# 4-lane registers whose unused lanes divide 0 by 0 and raise the
# invalid-operation flag that SDASKR never raises (found by the Fortran
# programs built with -ffpe-trap=invalid against this build). The results
# are the same bits either way; the double-precision core loses under 1 %
# of instructions on most benchmarks (2.4 % on the ring modulator driven
# one step per call, in its constant-dimension dense solve). With the
# vectorizer on (and SDASKR's norms summed one pass per norm so that it
# stays free of those flags) the double-precision core executes 1-5 %
# fewer instructions but takes more time on the band path (the transistor
# amplifier one step per call 0.95x -> 1.03x the original): it stays off.
#
# `--print native-static-libs` asks rustc for the system libraries that a
# program linking the static archive needs; Cargo replays the note when
# the build is fresh. native_libs gets them as rustc prints them.
build_dist() {
    local cargo=${CARGO:-cargo} notes target
    target=$("$cargo" metadata --format-version 1 --no-deps |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
    [ -n "$target" ] || { echo "build_dist: cannot find Cargo's target directory" >&2; return 1; }
    dist_dir=$target/dist
    notes=$(mktemp)
    if ! "$cargo" rustc --profile dist --lib --crate-type staticlib,cdylib \
        -- -C no-vectorize-slp --print native-static-libs >"$notes" 2>&1; then
        cat "$notes" >&2
        rm -f "$notes"
        echo "build_dist: cargo rustc --profile dist failed" >&2
        return 1
    fi
    native_libs=$(sed -n 's/^note: native-static-libs: //p' "$notes" | tail -n 1)
    if [ -z "$native_libs" ]; then
        cat "$notes" >&2
        rm -f "$notes"
        echo "build_dist: rustc printed no native-static-libs" >&2
        return 1
    fi
    rm -f "$notes"
    local f
    for f in libdaskr.a libdaskr.so; do
        [ -f "$dist_dir/$f" ] || { echo "build_dist: $dist_dir/$f was not built" >&2; return 1; }
    done
}
