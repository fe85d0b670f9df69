#!/usr/bin/env bash
# Install libdaskr into a prefix, the way a packager does:
#
#     bash scripts/install.sh /usr/local
#     DESTDIR=/tmp/stage bash scripts/install.sh /usr     (staged install)
#
# Builds the libraries with link-time optimisation (Cargo profile `dist`,
# scripts/lib/build-dist.sh; a no-op when up to date), then installs under
# $DESTDIR<prefix>:
#
#   lib/libdaskr.a                      static archive
#   lib/libdaskr.so.X.Y.Z               shared library, SONAME libdaskr.so.X
#   lib/libdaskr.so.X -> libdaskr.so.X.Y.Z, lib/libdaskr.so -> libdaskr.so.X
#   include/daskr.h                     C header (the committed one, unchanged;
#                                       it defines DASKR_VERSION_MAJOR/MINOR/PATCH)
#   include/daskr.f90                   Fortran interface module, source
#   lib/daskr/finclude/daskr.mod        the module compiled by $FC (gfortran)
#   lib/pkgconfig/daskr.pc              pkg-config (variable fmoddir)
#   lib/cmake/daskr/daskrConfig.cmake   CMake targets daskr::daskr (shared)
#   lib/cmake/daskr/daskrConfigVersion.cmake     and daskr::daskr_static
#   share/doc/daskr/                    LICENSE-MIT, LICENSE-APACHE, README.md
#   bin/daskr-fmi                       the FMU simulator (crates/fmi); needs
#                                       libclang to build (skipped with a
#                                       note when absent)
#
# The link flags that a static link needs (Libs.private, the static CMake
# target) are asked from rustc (`--print native-static-libs`), not written
# here; only -lgcc_s is left out (see below). Nothing installed names the
# source or the build tree (checked at the end). Environment: DESTDIR, FC
# (Fortran compiler for the .mod; default gfortran, skipped with a note
# when absent), CARGO.
set -euo pipefail

usage() {
    echo "usage: [DESTDIR=dir] bash scripts/install.sh <prefix>   (prefix: an absolute path)" >&2
    exit 2
}
[ $# -eq 1 ] || usage
case "$1" in
    /*) ;;
    *) usage ;;
esac
prefix=${1%/}

cd "$(dirname "$0")/.."
src_dir=$(pwd -P)
cargo=${CARGO:-cargo}
fc=${FC:-gfortran}
destdir=${DESTDIR:-}
dest=$destdir$prefix

# --- Version, from Cargo.toml -------------------------------------------
version=$(sed -n '/^\[package\]/,/^\[/ s/^version *= *"\([^"]*\)".*/\1/p' Cargo.toml | head -n 1)
case "$version" in
    [0-9]*.[0-9]*.[0-9]*) ;;
    *) echo "install.sh: cannot read the version from Cargo.toml" >&2; exit 1 ;;
esac
IFS=. read -r v_major v_minor v_patch <<EOF
${version%%[-+]*}
EOF

target_dir=$("$cargo" metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
[ -n "$target_dir" ] || { echo "install.sh: cannot find Cargo's target directory" >&2; exit 1; }

# --- Build ---------------------------------------------------------------
# The shipped libraries: profile `dist` (release with link-time
# optimisation) into $target_dir/dist, with the system libraries that a
# program linking the static archive needs as rustc prints them
# (scripts/lib/build-dist.sh).
. scripts/lib/build-dist.sh
build_dist || { echo "install.sh: building the libraries failed" >&2; exit 1; }
rel=$dist_dir
# Without -lgcc_s. rustc names the shared unwinder for a dynamically linked
# program, but the compiler driver (gcc, gfortran, clang) links it by itself
# (--as-needed -lgcc_s), or libgcc_eh.a under -static / -static-libgcc,
# where an explicit -lgcc_s fails (there is no libgcc_s.a) or drags in the
# shared one. So one list serves dynamically linked programs and
# `gfortran -static prog.f $(pkg-config --static --libs daskr)` alike.
static_libs=""
for l in $native_libs; do
    [ "$l" = -lgcc_s ] || static_libs="$static_libs${static_libs:+ }$l"
done

# daskr-fmi, the FMU simulator of crates/fmi. Its fmi-sys dependency
# generates bindings with bindgen (libclang) into the build tree and its
# panic locations name them, so it is built in a target directory of its
# own with the source and build paths remapped: the installed program
# names neither (checked at the end). Skipped with a note without libclang.
. scripts/lib/require-libclang.sh
fmi_exe=""
if have_libclang; then
    tools_dir=$target_dir/install-tools
    CARGO_TARGET_DIR=$tools_dir \
        RUSTFLAGS="${RUSTFLAGS:-}${RUSTFLAGS:+ }--remap-path-prefix=$tools_dir=/build --remap-path-prefix=$src_dir=/daskr" \
        "$cargo" build --release -p daskr-fmi
    fmi_exe=$tools_dir/release/daskr-fmi
    [ -x "$fmi_exe" ] || { echo "install.sh: $fmi_exe was not built" >&2; exit 1; }
    fmi_note="installed"
else
    fmi_note="not built (libclang not found, see scripts/lib/require-libclang.sh)"
    echo "install.sh: note: libclang not found; daskr-fmi not installed" >&2
fi

# --- Layout --------------------------------------------------------------
libdir=$prefix/lib
includedir=$prefix/include
fmoddir=$libdir/daskr/finclude
docdir=$prefix/share/doc/daskr
cmakedir=$libdir/cmake/daskr
bindir=$prefix/bin
so_real=libdaskr.so.$v_major.$v_minor.$v_patch
so_name=libdaskr.so.$v_major

install -d "$destdir$libdir" "$destdir$includedir" "$destdir$fmoddir" \
    "$destdir$libdir/pkgconfig" "$destdir$cmakedir" "$destdir$docdir"

# Libraries.
install -m 644 "$rel/libdaskr.a" "$destdir$libdir/libdaskr.a"
install -m 755 "$rel/libdaskr.so" "$destdir$libdir/$so_real"
ln -sfn "$so_real" "$destdir$libdir/$so_name"
ln -sfn "$so_name" "$destdir$libdir/libdaskr.so"
if command -v readelf >/dev/null 2>&1; then
    got=$(readelf -d "$destdir$libdir/$so_real" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
    [ "$got" = "$so_name" ] || { echo "install.sh: SONAME of $so_real is '$got', expected $so_name" >&2; exit 1; }
fi

# The FMU simulator.
if [ -n "$fmi_exe" ]; then
    install -d "$destdir$bindir"
    install -m 755 "$fmi_exe" "$destdir$bindir/daskr-fmi"
fi

# Headers and the Fortran interface.
install -m 644 include/daskr.h "$destdir$includedir/daskr.h"
install -m 644 include/daskr.f90 "$destdir$includedir/daskr.f90"

# The module file belongs to one compiler (and version): it goes under lib/,
# apart from the portable headers. daskr.f90 defines interfaces only, so
# there is no object to install with it.
if command -v "$fc" >/dev/null 2>&1; then
    modtmp=$(mktemp -d)
    trap 'rm -rf "$modtmp"' EXIT
    (cd "$modtmp" && "$fc" -c "$src_dir/include/daskr.f90" -J "$modtmp" -o daskr_module.o)
    install -m 644 "$modtmp/daskr.mod" "$destdir$fmoddir/daskr.mod"
    fmod_note="compiled by $("$fc" --version | head -n 1)"
else
    fmod_note="not compiled ($fc not found): compile include/daskr.f90 yourself"
    echo "install.sh: note: $fc not found; daskr.mod not installed (daskr.f90 is)" >&2
fi

# pkg-config. Libs.private: the system libraries of a static link, as rustc
# printed them (without -lgcc_s, above).
cat >"$destdir$libdir/pkgconfig/daskr.pc" <<EOF
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include
fmoddir=\${libdir}/daskr/finclude

Name: daskr
Description: DASKR DAE solver, drop-in Rust replacement with DASKR's Fortran/C interface
Version: $version
Libs: -L\${libdir} -ldaskr
Libs.private: $static_libs
Cflags: -I\${includedir}
EOF

# CMake package. The prefix is computed from the file's own location, so
# the installed tree can be moved (or staged with DESTDIR).
cmake_libs=""
for l in $static_libs; do
    cmake_libs="$cmake_libs${cmake_libs:+;}$l"
done
cat >"$destdir$cmakedir/daskrConfig.cmake" <<EOF
# daskrConfig.cmake -- CMake package of libdaskr $version (written by
# scripts/install.sh). Relocatable: every path is derived from this file's
# location, <prefix>/lib/cmake/daskr.
#
#   find_package(daskr CONFIG REQUIRED)
#   target_link_libraries(prog PRIVATE daskr::daskr)          # libdaskr.so
#   target_link_libraries(prog PRIVATE daskr::daskr_static)   # libdaskr.a
#
# Both targets carry the include directory (daskr.h and,
# for Fortran sources the directory of daskr.mod). Variables: daskr_VERSION,
# DASKR_INCLUDE_DIR, DASKR_Fortran_MODULE_DIR, DASKR_STATIC_LINK_LIBRARIES.

get_filename_component(_daskr_prefix "\${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

set(daskr_VERSION "$version")
set(DASKR_INCLUDE_DIR "\${_daskr_prefix}/include")
set(DASKR_Fortran_MODULE_DIR "\${_daskr_prefix}/lib/daskr/finclude")
# System libraries of a static link (rustc --print native-static-libs,
# without -lgcc_s: the compiler driver links the unwinder by itself).
set(DASKR_STATIC_LINK_LIBRARIES "$cmake_libs")

set(_daskr_includes "\${DASKR_INCLUDE_DIR}"
    "\$<\$<COMPILE_LANGUAGE:Fortran>:\${DASKR_Fortran_MODULE_DIR}>")

if(NOT TARGET daskr::daskr)
  add_library(daskr::daskr SHARED IMPORTED)
  set_target_properties(daskr::daskr PROPERTIES
    IMPORTED_LOCATION "\${_daskr_prefix}/lib/$so_real"
    IMPORTED_SONAME "$so_name"
    INTERFACE_INCLUDE_DIRECTORIES "\${_daskr_includes}")
endif()

if(NOT TARGET daskr::daskr_static)
  add_library(daskr::daskr_static STATIC IMPORTED)
  set_target_properties(daskr::daskr_static PROPERTIES
    IMPORTED_LOCATION "\${_daskr_prefix}/lib/libdaskr.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "\${_daskr_includes}"
    INTERFACE_LINK_LIBRARIES "\${DASKR_STATIC_LINK_LIBRARIES}")
endif()

unset(_daskr_includes)
unset(_daskr_prefix)
set(daskr_FOUND TRUE)
EOF

cat >"$destdir$cmakedir/daskrConfigVersion.cmake" <<EOF
# daskrConfigVersion.cmake -- libdaskr $version. Compatible with a request
# for the same major version and an equal or older minor/patch (the rule of
# the SONAME libdaskr.so.<major>); 64-bit only.
set(PACKAGE_VERSION "$version")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(NOT PACKAGE_FIND_VERSION_MAJOR STREQUAL "$v_major")
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
if(NOT "\${CMAKE_SIZEOF_VOID_P}" STREQUAL "" AND NOT "\${CMAKE_SIZEOF_VOID_P}" STREQUAL "8")
  set(PACKAGE_VERSION "\${PACKAGE_VERSION} (64bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
EOF

# Licences and the README.
install -m 644 LICENSE-MIT LICENSE-APACHE README.md "$destdir$docdir/"

# --- Check: nothing installed names the source or the build tree ---------
leaks=""
for path in "$src_dir" "$target_dir"; do
    if hits=$(grep -rlF -- "$path" "$dest/lib/libdaskr.a" "$dest/lib/$so_real" \
        "$dest/include" "$dest/lib/daskr" "$dest/lib/pkgconfig" "$dest/lib/cmake/daskr" "$dest/share/doc/daskr" ${fmi_exe:+"$dest/bin"}); then
        leaks="$leaks$hits
"
    fi
done
if [ -n "$leaks" ]; then
    echo "install.sh: installed files name the source or build tree:" >&2
    printf '%s' "$leaks" >&2
    exit 1
fi

echo "installed libdaskr $version into $dest"
echo "  static link: -L$libdir -ldaskr (shared) or $libdir/libdaskr.a $static_libs"
echo "  daskr.mod: $fmod_note"
echo "  daskr-fmi: $fmi_note"
