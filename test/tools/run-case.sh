#!/usr/bin/env bash
# run-case.sh CLANGXX PLUGIN LIBDIR COROSCOPE PYTHON OPT SRC OUT [ARGS...]
#
# Builds a fault case with coroscope (and -g, as the cases say), runs it with
# the default COROSCOPE_ON_ERROR=abort (a case may abort or crash: that is
# its fault, not the test's), and checks the log against the case's
# `// EXPECT:` line with check_expect.py.
set -euo pipefail
cxx=$1 plugin=$2 lib=$3 coroscope=$4 python=$5 opt=$6 src=$7 out=$8
shift 8
here=$(cd "$(dirname "$0")" && pwd)
$cxx $opt -g -fplugin="$plugin" "$src" -o "$out" -L"$lib" -Wl,-rpath,"$lib" -lcoroscope_rt
rm -f "$out.log"
set +e
COROSCOPE_OUT="$out.log" timeout 60 "$out" "$@" > "$out.stdout" 2> "$out.stderr"
rc=$?
set -e
echo "run-case: $(basename "$src") $opt exited with $rc" >&2
"$coroscope" report --format json -o "$out.json" "$out.log"
"$python" "$here/check_expect.py" "$src" "$out.json" "$out.stderr"
