#!/usr/bin/env bash
# Consumer tests of an INSTALLED libdaskr: only files under <prefix> are
# used (plus the consumer programs in packaging/consumer/).
#
#     bash scripts/install.sh /tmp/p && bash scripts/consumer-test.sh /tmp/p
#
# The same FORTRAN 77 and C program (packaging/consumer/decay.f, decay.c;
# y' = -y, checked against exp(-t), plus one message that must keep its
# place in the output) and a Fortran 90 program that USEs the installed
# module are built
#   (a) by a plain Makefile, -L<prefix>/lib -ldaskr -Wl,-rpath,<prefix>/lib
#   (b) by the same Makefile against libdaskr.a with the documented flags
#   (c) by CMake, find_package(daskr CONFIG REQUIRED), both targets, from
#       the prefix and from a moved copy of it (relocatable config)
#   (d) with pkg-config --cflags --libs daskr (and --static)
#   (e) the F90 program in (a)-(d)
#   (f) gfortran -static decay.f libdaskr.a, and cc -static
#   (h) the installed FMU simulator bin/daskr-fmi on the bouncing ball of
#       examples/fmu, built by examples/fmu/build.sh (6 impacts by t = 3)
#   (g) the README's fully static pkg-config line,
#       gfortran -static decay.f $(pkg-config --static --libs daskr), and
#       the same with cc -static; `file` and `ldd` must call them static
# and every binary is run with LD_LIBRARY_PATH unset, its standard output
# sent to a file and checked. Also checked: the installed files (SONAME,
# symlinks, no path of the source or build tree, pkg-config/CMake/README
# link lines equal), the NEEDED entries of the binaries.
# Ends with "consumer: N passed, M failed"; exit status 1 if M > 0.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: bash scripts/consumer-test.sh <prefix>" >&2; exit 2; }
case "$1" in
    /*) prefix=${1%/} ;;
    *) prefix=$(cd "$1" && pwd -P) ;;
esac
repo=$(cd "$(dirname "$0")/.." && pwd -P)
consumer=$repo/packaging/consumer
unset LD_LIBRARY_PATH

# Tools: gfortran, cmake, pkg-config, make and file are installed with
# apt-get when missing and we are root (gfortran by the helper that
# scripts/test.sh uses too).
. "$repo/scripts/lib/require-gfortran.sh"
require_gfortran "for the consumer tests" || exit 1
need=""
command -v cmake >/dev/null 2>&1 || need="$need cmake"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v make >/dev/null 2>&1 || need="$need make"
command -v file >/dev/null 2>&1 || need="$need file"
if [ -n "$need" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing$need with apt-get"
        apt-get update -qq
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null
    else
        echo "consumer-test.sh needs:$need (e.g. sudo apt-get install -y$need)" >&2
        exit 1
    fi
fi
for tool in cc gfortran readelf nm ldd; do
    command -v "$tool" >/dev/null 2>&1 || { echo "consumer-test.sh needs $tool" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }

# check_output NAME FILE [unordered]: the verdict of one run of decay.*.
# Complete output: 10 result lines, the counters, the message (two lines:
# the DASKR-- text and "In above message"), the markers, PASS DECAY last.
# The message must sit between MESSAGE-BEFORE and MESSAGE-AFTER unless
# "unordered" (fully static Fortran links, see README).
check_output() {
    local name=$1 file=$2 mode=${3:-ordered} why=""
    local last
    last=$(awk 'NF { l = $0 } END { sub(/^ +/, "", l); print l }' "$file")
    [ "$(grep -c '^ T = ' "$file")" = 10 ] || why="not 10 result lines"
    grep -q '^ STEPS' "$file" || why="no STEPS line"
    grep -q 'DASKR--  NEQ (=I1) must be positive' "$file" || why="message text missing"
    grep -q 'In above message,  I1 = *0$' "$file" || why="message value line missing"
    grep -q '^ IDID FOR NEQ = 0: *-33$' "$file" || why="IDID -33 line missing"
    if [ "$mode" = ordered ]; then
        awk '/MESSAGE-BEFORE/ { b = NR } /DASKR--/ { m = NR } /In above message/ { v = NR }
             /MESSAGE-AFTER/ { a = NR }
             END { exit !(b && b < m && m < v && v < a && a == v + 1 && m == b + 1) }' "$file" ||
            why="message not between MESSAGE-BEFORE and MESSAGE-AFTER"
    fi
    [ "$last" = "PASS DECAY" ] || why="last line is '$last'"
    if [ -z "$why" ]; then pass "$name"; else fail "$name" "$why (output: $file)"; cat "$file"; fi
}

# run NAME EXE [unordered]: runs EXE with stdout and stderr in files.
run() {
    local name=$1 exe=$2 mode=${3:-ordered} rc=0
    local out=$work/out/$name.txt
    mkdir -p "$work/out"
    (cd "$work" && env -u LD_LIBRARY_PATH "$exe" >"$out" 2>"$out.err" </dev/null) || rc=$?
    if [ "$rc" != 0 ]; then
        fail "$name" "exit status $rc"
        cat "$out" "$out.err"
        return
    fi
    if [ -s "$out.err" ]; then
        fail "$name" "wrote to stderr: $(head -n 3 "$out.err")"
        return
    fi
    check_output "$name" "$out" "$mode"
}

# needed EXE: the NEEDED entries of a binary, one a line.
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }

# expect_needed NAME EXE shared|static: linked to libdaskr.so.<major> by
# its SONAME, or not at all.
expect_needed() {
    local name=$1 exe=$2 kind=$3 libs
    libs=$(needed "$exe" | grep daskr || true)
    if [ "$kind" = shared ]; then
        [ "$libs" = "$so_name" ] && pass "$name: NEEDED $so_name" ||
            fail "$name" "NEEDED daskr entries are '$libs', expected $so_name"
    else
        [ -z "$libs" ] && pass "$name: no libdaskr.so NEEDED" ||
            fail "$name" "static build needs '$libs'"
    fi
}

# expect_static NAME EXE: a fully static executable, by three witnesses:
# file(1), ldd(1) and the absence of NEEDED entries.
expect_static() {
    local name=$1 exe=$2 what lddout
    what=$(file -b "$exe")
    lddout=$(ldd "$exe" 2>&1 || true)
    case "$what" in
        *"statically linked"* | *"static-pie linked"*) ;;
        *) fail "$name" "file says: $what"; return ;;
    esac
    case "$lddout" in
        *"not a dynamic executable"* | *"statically linked"*) ;;
        *) fail "$name" "ldd says: $(echo "$lddout" | head -n 3 | tr '\n' ' ')"; return ;;
    esac
    if [ -n "$(needed "$exe")" ]; then
        fail "$name" "NEEDED: $(needed "$exe" | tr '\n' ' ')"
        return
    fi
    pass "$name: statically linked (file, ldd, no NEEDED)"
}

echo "== installed files ($prefix)"
pc=$prefix/lib/pkgconfig/daskr.pc
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
unset PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR
version=$(pkg-config --modversion daskr)
major=${version%%.*}
so_name=libdaskr.so.$major
# What scripts/install.sh installs (the prefix may hold other software).
daskr_files=(include/daskr.h include/daskr.f90 lib/daskr lib/libdaskr.a
    lib/libdaskr.so "lib/$so_name" "lib/libdaskr.so.$version" lib/pkgconfig/daskr.pc lib/cmake/daskr
    share/doc/daskr bin/daskr-fmi)
for f in bin/daskr-fmi include/daskr.h include/daskr.f90 lib/daskr/finclude/daskr.mod \
    lib/libdaskr.a "lib/libdaskr.so.$version" lib/cmake/daskr/daskrConfig.cmake \
    lib/cmake/daskr/daskrConfigVersion.cmake share/doc/daskr/LICENSE-MIT share/doc/daskr/LICENSE-APACHE; do
    [ -f "$prefix/$f" ] && pass "installed $f" || fail "installed $f" "missing"
done
[ "$(readlink "$prefix/lib/libdaskr.so")" = "$so_name" ] &&
    [ "$(readlink "$prefix/lib/$so_name")" = "libdaskr.so.$version" ] &&
    pass "symlinks libdaskr.so -> $so_name -> libdaskr.so.$version" ||
    fail "symlinks" "$(ls -l "$prefix"/lib/libdaskr.so*)"
soname=$(readelf -d "$prefix/lib/libdaskr.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "$so_name" ] && pass "SONAME $soname" || fail "SONAME" "'$soname', expected $so_name"
vh=$(sed -n 's/^#define DASKR_VERSION_STRING "\(.*\)"/\1/p' "$prefix/include/daskr.h")
[ "$vh" = "$version" ] && pass "daskr.h says version $vh" || fail "daskr.h version" "'$vh' vs pkg-config $version"
[ "$(pkg-config --variable=fmoddir daskr)" = "$prefix/lib/daskr/finclude" ] &&
    pass "pkg-config fmoddir" || fail "pkg-config fmoddir" "$(pkg-config --variable=fmoddir daskr)"

# No installed file may name the source or the build tree.
leak_paths=("$repo")
[ -n "${CARGO_TARGET_DIR:-}" ] && leak_paths+=("$CARGO_TARGET_DIR")
leaks=""
for p in "${leak_paths[@]}"; do
    leaks="$leaks$(cd "$prefix" && grep -rlF -- "$p" "${daskr_files[@]}" || true)"
done
[ -z "$leaks" ] && pass "no installed file names the source or build tree" ||
    fail "path leak" "$leaks"

# One link line: README == daskr.pc Libs.private == CMake static target.
pc_private=$(sed -n 's/^Libs.private: *//p' "$pc")
readme_line=$(sed -n 's/^DASKR_STATIC_LIBS = //p' "$prefix/share/doc/daskr/README.md" | head -n 1)
make_line=$(sed -n 's/^DASKR_STATIC_LIBS = //p' "$consumer/Makefile")
cmake_line=$(sed -n 's/^set(DASKR_STATIC_LINK_LIBRARIES "\(.*\)")/\1/p' "$prefix/lib/cmake/daskr/daskrConfig.cmake" | tr ';' ' ')
if [ "$pc_private" = "$readme_line" ] && [ "$pc_private" = "$make_line" ] && [ "$pc_private" = "$cmake_line" ]; then
    pass "one static link line: $pc_private"
else
    fail "static link line" "pc '$pc_private', README '$readme_line', Makefile '$make_line', CMake '$cmake_line'"
fi

# Every pthread function that the Fortran runtime (and the unwinder) of
# this compiler references weakly is referenced strongly by libdaskr.a
# (csrc/static_threads.h), so that gfortran -static links work.
weak=$(for a in libgfortran.a libgcc_eh.a; do
    f=$(gfortran -print-file-name=$a)
    [ -f "$f" ] && nm "$f" 2>/dev/null | awk '$1 == "w" && $2 ~ /^pthread_/ { print $2 }'
done | sort -u)
strong=$(nm "$prefix/lib/libdaskr.a" 2>/dev/null | awk '$1 == "U" && $2 ~ /^pthread_/ { print $2 }' | sort -u)
missing=$(comm -23 <(echo "$weak") <(echo "$strong") | tr '\n' ' ')
[ -z "${missing// /}" ] && pass "libdaskr.a references the $(echo "$weak" | wc -w) weak pthread symbols of libgfortran/libgcc_eh" ||
    fail "static pthread references" "not referenced by libdaskr.a: $missing"

echo "== (a), (b), (e), (f): plain Makefile"
mk=$work/make
mkdir -p "$mk"
if make -s -C "$mk" -f "$consumer/Makefile" PREFIX="$prefix" EXPECT_VERSION="$version" all >"$work/make.log" 2>&1; then
    pass "make all"
else
    fail "make all" "build failed"; cat "$work/make.log"
fi
for kind in shared static; do
    for p in decay_c decay_f decay90; do
        if [ -x "$mk/${p}_$kind" ]; then
            run "make ${p}_$kind" "$mk/${p}_$kind"
            expect_needed "make ${p}_$kind" "$mk/${p}_$kind" "$kind"
        else
            fail "make ${p}_$kind" "not built"
        fi
    done
done
# Size contract (README "Binary size"): a legacy program linked statically
# against libdaskr.a, without special link flags, is under 2 MiB stripped.
if [ -x "$mk/decay_f_static" ] && command -v strip >/dev/null; then
    strip -o "$work/decay_f_static.stripped" "$mk/decay_f_static"
    bytes=$(stat -c %s "$work/decay_f_static.stripped")
    if [ "$bytes" -lt 2097152 ]; then
        pass "decay_f_static stripped: $bytes bytes (< 2 MiB)"
    else
        fail "decay_f_static size" "$bytes bytes stripped, the contract is < 2 MiB (2097152 bytes)"
    fi
fi
if [ -x "$mk/decay_fstatic" ]; then
    # Fully static: libgfortran's messages hooks are not linked, so the
    # message goes through C's stdout and may leave its place (README).
    run "gfortran -static decay.f libdaskr.a" "$mk/decay_fstatic" unordered
    [ -z "$(needed "$mk/decay_fstatic")" ] && pass "decay_fstatic is fully static" ||
        fail "decay_fstatic" "NEEDED: $(needed "$mk/decay_fstatic" | tr '\n' ' ')"
else
    fail "gfortran -static decay.f libdaskr.a" "not built"
fi
if cc -static -O2 -std=c99 -Wall -Wextra -pedantic -Werror -DEXPECT_VERSION="\"$version\"" \
    -I"$prefix/include" "$consumer/decay.c" -o "$work/decay_cstatic" "$prefix/lib/libdaskr.a" -lm \
    >"$work/cstatic.log" 2>&1; then
    run "cc -static decay.c libdaskr.a -lm" "$work/decay_cstatic"
else
    fail "cc -static decay.c libdaskr.a -lm" "build failed"; cat "$work/cstatic.log"
fi

echo "== (c): CMake find_package(daskr CONFIG REQUIRED)"
# From the prefix, and from a copy moved elsewhere (the config must be
# relocatable).
moved=$work/moved-prefix
mkdir -p "$moved"
(cd "$prefix" && cp -a --parents "${daskr_files[@]}" "$moved/")
for where in prefix moved; do
    if [ "$where" = prefix ]; then root=$prefix; else root=$moved; fi
    b=$work/cmake-$where
    if cmake -S "$consumer" -B "$b" -DCMAKE_PREFIX_PATH="$root" -DCMAKE_BUILD_TYPE=Release >"$b.log" 2>&1 &&
        cmake --build "$b" >>"$b.log" 2>&1; then
        pass "cmake configure+build ($where)"
    else
        fail "cmake configure+build ($where)" "see below"; cat "$b.log"; continue
    fi
    grep -q "daskr $version: $root/lib/cmake/daskr" "$b.log" && pass "cmake found daskr $version in $where" ||
        fail "cmake ($where)" "daskr_DIR is not $root/lib/cmake/daskr"
    for kind in shared static; do
        for p in decay_c decay_f decay90; do
            run "cmake[$where] ${p}_$kind" "$b/${p}_$kind"
            expect_needed "cmake[$where] ${p}_$kind" "$b/${p}_$kind" "$kind"
        done
    done
    rp=$(readelf -d "$b/decay_c_shared" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]/\1/p')
    [ "$rp" = "$root/lib" ] && pass "cmake[$where] run path $rp" || fail "cmake[$where] run path" "'$rp'"
done
rm -rf "$moved"

echo "== (d): pkg-config"
pk=$work/pkgconfig
mkdir -p "$pk"
libdir=$(pkg-config --variable=libdir daskr)
fmoddir=$(pkg-config --variable=fmoddir daskr)
cflags=$(pkg-config --cflags daskr)
libs=$(pkg-config --libs daskr)
static_libs=$(pkg-config --static --libs daskr)
# --static lists the system libraries; -l:libdaskr.a makes GNU ld take the
# archive although libdaskr.so sits beside it.
archive_libs=$(echo "$static_libs" | sed 's/-ldaskr\b/-l:libdaskr.a/')
rpath="-Wl,-rpath,$libdir"
pk_build() { # NAME COMMAND...: build one program
    local name=$1; shift
    if "$@" >"$pk/$name.log" 2>&1; then return 0; fi
    fail "pkg-config $name" "build failed: $*"; cat "$pk/$name.log"; return 1
}
# shellcheck disable=SC2086
{
    pk_build c_shared cc -O2 -std=c99 -Wall -Wextra -pedantic -Werror -DEXPECT_VERSION="\"$version\"" \
        $cflags "$consumer/decay.c" -o "$pk/decay_c_shared" $libs $rpath -lm &&
        run "pkg-config decay_c_shared" "$pk/decay_c_shared" &&
        expect_needed "pkg-config decay_c_shared" "$pk/decay_c_shared" shared
    pk_build c_pcstatic cc -O2 -std=c99 -Wall -Wextra -pedantic -Werror -DEXPECT_VERSION="\"$version\"" \
        $cflags "$consumer/decay.c" -o "$pk/decay_c_pcstatic" $static_libs $rpath &&
        run "pkg-config --static decay_c (libdaskr.so chosen by ld)" "$pk/decay_c_pcstatic"
    pk_build c_static cc -O2 -std=c99 -Wall -Wextra -pedantic -Werror -DEXPECT_VERSION="\"$version\"" \
        $cflags "$consumer/decay.c" -o "$pk/decay_c_static" $archive_libs &&
        run "pkg-config --static decay_c (libdaskr.a)" "$pk/decay_c_static" &&
        expect_needed "pkg-config --static decay_c" "$pk/decay_c_static" static
    pk_build f_shared gfortran -O2 -std=legacy "$consumer/decay.f" -o "$pk/decay_f_shared" $libs $rpath &&
        run "pkg-config decay_f_shared" "$pk/decay_f_shared" &&
        expect_needed "pkg-config decay_f_shared" "$pk/decay_f_shared" shared
    pk_build f_static gfortran -O2 -std=legacy "$consumer/decay.f" -o "$pk/decay_f_static" $archive_libs &&
        run "pkg-config --static decay_f (libdaskr.a)" "$pk/decay_f_static" &&
        expect_needed "pkg-config --static decay_f" "$pk/decay_f_static" static
    pk_build f90_shared gfortran -O2 -std=f2008 -Wall -Wno-unused-dummy-argument -Werror -I"$fmoddir" \
        "$consumer/decay90.f90" -J "$pk" -o "$pk/decay90_shared" $libs $rpath &&
        run "pkg-config decay90_shared" "$pk/decay90_shared" &&
        expect_needed "pkg-config decay90_shared" "$pk/decay90_shared" shared
} || true

echo "== (g): fully static programs with \$(pkg-config --static --libs daskr)"
# The README's line, as written: under -static the linker takes
# libdaskr.a for -ldaskr, and Libs.private must hold nothing that has no
# archive (-lgcc_s has none: install.sh leaves it out). The Fortran
# message may leave its place in static Fortran programs (README), hence
# "unordered".
# shellcheck disable=SC2086
{
    pk_build f_fullstatic gfortran -static "$consumer/decay.f" -o "$pk/decay_f_fullstatic" \
        $(pkg-config --static --libs daskr) &&
        run "gfortran -static decay.f \$(pkg-config --static --libs daskr)" "$pk/decay_f_fullstatic" unordered &&
        expect_static "pkg-config gfortran -static decay.f" "$pk/decay_f_fullstatic"
    pk_build c_fullstatic cc -static -O2 -std=c99 -Wall -Wextra -pedantic -Werror -DEXPECT_VERSION="\"$version\"" \
        "$consumer/decay.c" -o "$pk/decay_c_fullstatic" $(pkg-config --cflags daskr) $(pkg-config --static --libs daskr) &&
        run "cc -static decay.c \$(pkg-config --static --libs daskr)" "$pk/decay_c_fullstatic" &&
        expect_static "pkg-config cc -static decay.c" "$pk/decay_c_fullstatic"
} || true

echo "== (h): the installed daskr-fmi on an FMU built from examples/fmu"
# The bouncing ball's six impacts before t = 3 are six pairs of rows with
# the same time stamp; the summary line says so too.
fm=$work/fmu
mkdir -p "$fm"
if [ -x "$prefix/bin/daskr-fmi" ] && bash "$repo/examples/fmu/build.sh" bouncing_ball "$fm" >"$fm/build.log" 2>&1; then
    if (cd "$fm" && "$prefix/bin/daskr-fmi" simulate bouncing_ball.fmu --output ball.csv) >"$fm/run.log" 2>&1 &&
        [ "$(awk -F, 'NR > 2 && $1 == prev { n++ } { prev = $1 } END { print n + 0 }' "$fm/ball.csv")" = 6 ] &&
        grep -q '6 events' "$fm/run.log"; then
        pass "daskr-fmi simulate bouncing_ball.fmu: 6 impacts"
    else
        fail "daskr-fmi simulate bouncing_ball.fmu" "$(cat "$fm/run.log")"
    fi
else
    fail "daskr-fmi" "not installed, or the example FMU did not build: $(cat "$fm/build.log" 2>/dev/null)"
fi

echo "consumer: $passed passed, $failed failed"
[ "$failed" = 0 ]
