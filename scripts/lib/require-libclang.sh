# shellcheck shell=bash
# Sourced by the scripts that build daskr-fmi (scripts/test.sh,
# scripts/install.sh):
#
#     . scripts/lib/require-libclang.sh
#     require_libclang "to build daskr-fmi" || exit 1
#
# daskr-fmi imports FMUs with the `fmi` crate, whose fmi-sys generates its
# FMI 2.0 bindings with bindgen at build time; bindgen loads libclang and
# needs clang's own headers (stddef.h). The library crates do not need it.
#
# require_libclang [PURPOSE]: returns 0 when libclang is found (LIBCLANG_PATH,
# llvm-config, or a libclang*.so in the usual library directories). When it
# is missing and we are root on a system with apt-get, installs it
# (apt-get install -y libclang-dev); otherwise says how to install it, on
# stderr, and returns 1.
# libclang itself in directory $1: libclang.so[.N] or libclang-N.so[.N]
# (not libclang-cpp, clang's C++ library, which some systems carry without
# libclang and which bindgen cannot use).
libclang_in() {
    compgen -G "$1/libclang.so*" >/dev/null || compgen -G "$1/libclang-[0-9]*.so*" >/dev/null
}

have_libclang() {
    local d
    if [ -n "${LIBCLANG_PATH:-}" ]; then
        libclang_in "$LIBCLANG_PATH" && return 0
    fi
    if command -v llvm-config >/dev/null 2>&1; then
        d=$(llvm-config --libdir 2>/dev/null) && libclang_in "$d" && return 0
    fi
    for d in /usr/lib/llvm-*/lib /usr/lib64/llvm*/lib /usr/lib /usr/lib64 /usr/lib/*-linux-gnu /usr/local/lib; do
        libclang_in "$d" && return 0
    done
    return 1
}

require_libclang() {
    local purpose=${1:-}
    have_libclang && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "libclang not found: installing it with apt-get (libclang-dev)"
        apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libclang-dev >/dev/null &&
            have_libclang && return 0
        echo "apt-get install -y libclang-dev failed." >&2
        return 1
    fi
    echo "libclang is required${purpose:+ $purpose} (bindgen, through the fmi crate)." >&2
    echo "Install it, e.g.: sudo apt-get install -y libclang-dev (Debian/Ubuntu)," >&2
    echo "or: sudo dnf install clang-devel (Fedora); or set LIBCLANG_PATH." >&2
    return 1
}
