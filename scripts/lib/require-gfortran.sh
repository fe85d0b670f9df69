# shellcheck shell=bash
# Sourced by the scripts that compile Fortran programs (scripts/test.sh,
# scripts/demo.sh, scripts/bench_fortran.sh):
#
#     . scripts/lib/require-gfortran.sh
#     require_gfortran "for the Fortran test programs" || exit 1
#
# require_gfortran [PURPOSE]: returns 0 when gfortran is on PATH. When it
# is missing and we are root on a system with apt-get, installs it
# (apt-get install -y gfortran); otherwise says how to install it, on
# stderr, and returns 1.
require_gfortran() {
    local purpose=${1:-}
    command -v gfortran >/dev/null 2>&1 && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "gfortran not found: installing it with apt-get"
        apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gfortran >/dev/null &&
            command -v gfortran >/dev/null 2>&1 && return 0
        echo "apt-get install -y gfortran failed." >&2
        return 1
    fi
    echo "gfortran is required${purpose:+ $purpose}." >&2
    echo "Install it, e.g.: sudo apt-get install -y gfortran (Debian/Ubuntu)," >&2
    echo "or: sudo dnf install gcc-gfortran (Fedora)." >&2
    return 1
}
