#!/usr/bin/env bash
# Run the whole test suite: formatting and lint checks, Rust unit tests,
# the header check, the legacy Fortran / C programs compiled and linked
# against libdaskr, and
# the packaging tests (install into a temporary prefix, then programs
# built with Make, CMake and pkg-config against the installed files;
# `cargo package --workspace` and a build of the packaged crates).
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/require-gfortran.sh
require_gfortran "for the Fortran test programs" || exit 1
# The workspace's daskr-fmi (crates/fmi) runs bindgen through the fmi crate.
. scripts/lib/require-libclang.sh
require_libclang "to build daskr-fmi (crates/fmi)" || exit 1

# Hygiene first: formatting and lints are part of the suite.
cargo fmt --all -- --check
cargo clippy --release --workspace --all-targets --features daskr/internals -- -D warnings
# The crate as a Rust-only dependency sees it (no C interface).
cargo clippy --release -p daskr --no-default-features --all-targets -- -D warnings
cargo build --release
log=$(mktemp)
stage=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$stage"' EXIT
cargo test --release --workspace 2>&1 | tee "$log"

# The Fortran programs once more, compiled with floating-point traps (and
# link-time optimisation of the program): the library must never raise
# an invalid-operation, division-by-zero or overflow exception itself.
echo "== Fortran programs with -ffpe-trap=invalid,zero,overflow -flto"
DASKR_TEST_FFLAGS="-ffpe-trap=invalid,zero,overflow -flto" \
    cargo test --release --test legacy -- fortran hygiene 2>&1 | tee -a "$log"
# And against the libraries that scripts/install.sh ships, built with
# link-time optimisation (scripts/lib/build-dist.sh), which optimises the
# whole library again in one piece.
echo "== Fortran programs with -ffpe-trap=invalid,zero,overflow against the shipped (LTO) libraries"
. scripts/lib/build-dist.sh
build_dist
DASKR_TEST_LIBDIR=$dist_dir DASKR_TEST_FFLAGS="-ffpe-trap=invalid,zero,overflow" \
    cargo test --release --test legacy -- fortran hygiene 2>&1 | tee -a "$log"

# The Rust examples check their own answers (they panic on a wrong one).
echo "== Rust examples"
for ex in examples/*.rs; do
    name=$(basename "$ex" .rs)
    if cargo run --release --quiet --example "$name" >/dev/null 2>&1; then
        echo "ok   example $name" | tee -a "$log"
    else
        echo "FAIL example $name" | tee -a "$log"
    fi
done

# Documentation builds without warnings.
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace --quiet

# Packaging: install into a temporary prefix and build and run programs
# against the installed files only (scripts/consumer-test.sh); a staged
# install (DESTDIR) must put the same files under DESTDIR.
echo "== install and consumer tests"
if ! bash scripts/install.sh "$stage/prefix" >"$stage/install.log" 2>&1; then
    cat "$stage/install.log"
    echo "scripts/install.sh failed" >&2
    exit 1
fi
tail -n 3 "$stage/install.log"
DESTDIR=$stage/destdir bash scripts/install.sh /opt/daskr >"$stage/install.log" 2>&1 ||
    { cat "$stage/install.log"; echo "scripts/install.sh with DESTDIR failed" >&2; exit 1; }
consumer_rc=0
bash scripts/consumer-test.sh "$stage/prefix" 2>&1 | tee -a "$log" || consumer_rc=$?
if [ "$consumer_rc" != 0 ] && ! grep -q '^consumer: ' "$log"; then
    echo "consumer: 0 passed, 1 failed (consumer-test.sh stopped with status $consumer_rc)" | tee -a "$log"
fi
if [ "$(cd "$stage/prefix" && find . | sort)" = "$(cd "$stage/destdir/opt/daskr" && find . | sort)" ] &&
    grep -qx 'prefix=/opt/daskr' "$stage/destdir/opt/daskr/lib/pkgconfig/daskr.pc"; then
    echo "ok   DESTDIR install" | tee -a "$log"
else
    echo "FAIL DESTDIR install: files or prefix differ" | tee -a "$log"
fi

# The published crates: `cargo package --workspace` builds each from its
# package, and a release build of the packaged crates alone must export
# what the repository build exports (scripts/package-test.sh).
echo "== cargo package"
package_rc=0
bash scripts/package-test.sh 2>&1 | tee -a "$log" || package_rc=$?
if [ "$package_rc" != 0 ] && ! grep -q '^FAIL   package: ' "$log"; then
    echo "FAIL   package: package-test.sh stopped with status $package_rc" | tee -a "$log"
fi

# One closing line for the whole suite (cargo prints one per test binary,
# the consumer tests one more; each "ok"/"FAIL" line after them counts).
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;?$/) p += $i; if ($(i+1) ~ /^failed;?$/) f += $i } }
     /^consumer: [0-9]+ passed, [0-9]+ failed/ { p += $2; f += $4 }
     /^ok   DESTDIR install$/ { p++ } /^FAIL DESTDIR install/ { f++ }
     /^ok   example / { p++ } /^FAIL example / { f++ }
     /^ok   package: / { p++ } /^FAIL   package: / { f++ }
     END { printf "%d passed, %d failed\n", p, f; exit (f > 0) }' "$log"
