#!/usr/bin/env bash
# run-case.sh CLANGXX PLUGIN LIBDIR COROSCOPE PYTHON OPT SRC OUT [ARGS...]
#
# Builds a fault case with coroscope (and -g, as the cases say), runs it with
# the default COROSCOPE_ON_ERROR=abort (a case may abort or crash: that is
# its fault, not the test's), and checks the log against the case's
# `// EXPECT:` line with check_expect.py. An advice case that exits 0 runs
# twice more, in profile mode with and without the checks: each report's
# counts must equal the trace log's (profile_check.py equal), as for the
# coverage matrix and the examples.
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
if [ "$rc" -eq 0 ] && [ "${COROSCOPE_MODE:-trace}" != profile ] &&
  "$python" "$here/check_expect.py" --advice-case "$src"; then
  for mode in profile fast; do
    checks=1
    [ "$mode" = fast ] && checks=0
    rm -f "$out.$mode.log"
    COROSCOPE_MODE=profile COROSCOPE_CHECKS=$checks COROSCOPE_OUT="$out.$mode.log" timeout 60 \
      "$out" "$@" > "$out.$mode.stdout" 2> "$out.$mode.stderr"
    "$coroscope" report --format json -o "$out.$mode.json" "$out.$mode.log"
    "$python" "$here/profile_check.py" equal "$out.json" "$out.$mode.json" >&2
  done
fi
