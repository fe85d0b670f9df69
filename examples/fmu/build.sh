#!/usr/bin/env bash
# Build one of the example FMUs from its C source:
#
#     bash examples/fmu/build.sh bouncing_ball [OUTDIR]    -> OUTDIR/bouncing_ball.fmu
#
# The FMU is a zip archive with modelDescription.xml and the shared library
# binaries/linux64/<name>.so (cc -shared -fPIC), made with Python's zipfile
# module. Environment: CC (default cc).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: bash examples/fmu/build.sh NAME [OUTDIR]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
name=$1
out=$(mkdir -p "${2:-.}" && cd "${2:-.}" && pwd)
[ -f "$here/$name/model.c" ] || { echo "build.sh: no model $here/$name/model.c" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/binaries/linux64"
"${CC:-cc}" -shared -fPIC -O2 -Wall -Wextra -I"$here/include" "$here/$name/model.c" -o "$work/binaries/linux64/$name.so" -lm
cp "$here/$name/modelDescription.xml" "$work/"
rm -f "$out/$name.fmu"
(cd "$work" && python3 -m zipfile -c "$out/$name.fmu" modelDescription.xml binaries)
echo "$out/$name.fmu"
