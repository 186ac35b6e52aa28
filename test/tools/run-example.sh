#!/usr/bin/env bash
# run-example.sh CLANGXX PLUGIN LIBDIR COROSCOPE PYTHON OPT SRC OUT [ARGS...]
#
# The end-to-end check for one example at one optimization level:
#  1. build SRC plainly and with coroscope (the flags a user adds);
#  2. run both: the outputs, ground-truth lines included, must be identical,
#     so instrumentation changed neither behaviour nor the frames allocated;
#  3. analyze the log; the report must equal the program's own ground truth
#     (check_truth.py);
#  4. run it again in profile mode (COROSCOPE_MODE=profile): the same
#     output, a profile file of at most 64 KiB, a report equal to the
#     ground truth and to the trace report in every count
#     (profile_check.py equal); then once more with COROSCOPE_CHECKS=0,
#     where the pass's inline fast paths count: the same again;
#  5. print the trace report as report_summary.py lines for FileCheck.
set -euo pipefail
cxx=$1 plugin=$2 lib=$3 coroscope=$4 python=$5 opt=$6 src=$7 out=$8
shift 8
here=$(cd "$(dirname "$0")" && pwd)
$cxx $opt "$src" -o "$out.plain"
$cxx $opt -fplugin="$plugin" "$src" -o "$out.inst" -L"$lib" -Wl,-rpath,"$lib" -lcoroscope_rt
"$out.plain" "$@" > "$out.plain.txt"
rm -f "$out.log"
COROSCOPE_OUT="$out.log" "$out.inst" "$@" > "$out.inst.txt"
if ! diff -u "$out.plain.txt" "$out.inst.txt" >&2; then
  echo "run-example: instrumented output differs from the plain build" >&2
  exit 1
fi
"$coroscope" report --format json -o "$out.json" "$out.log"
"$python" "$here/check_truth.py" "$out.inst.txt" "$out.json" >&2
rm -f "$out.profile.log"
COROSCOPE_MODE=profile COROSCOPE_OUT="$out.profile.log" "$out.inst" "$@" > "$out.profile.txt"
if ! diff -u "$out.plain.txt" "$out.profile.txt" >&2; then
  echo "run-example: profile-mode output differs from the plain build" >&2
  exit 1
fi
size=$(stat -c %s "$out.profile.log")
if [ "$size" -gt 65536 ]; then
  echo "run-example: the profile file has $size bytes, more than 64 KiB" >&2
  exit 1
fi
"$coroscope" report --format json -o "$out.profile.json" "$out.profile.log"
"$python" "$here/check_truth.py" "$out.profile.txt" "$out.profile.json" >&2
"$python" "$here/profile_check.py" equal "$out.json" "$out.profile.json" >&2
# With the checks off the pass's inline fast paths count (plugin/HookFastPath.h).
rm -f "$out.fast.log"
COROSCOPE_MODE=profile COROSCOPE_CHECKS=0 COROSCOPE_OUT="$out.fast.log" "$out.inst" "$@" > "$out.fast.txt"
if ! diff -u "$out.plain.txt" "$out.fast.txt" >&2; then
  echo "run-example: profile-mode output with the checks off differs from the plain build" >&2
  exit 1
fi
"$coroscope" report --format json -o "$out.fast.json" "$out.fast.log"
"$python" "$here/check_truth.py" "$out.fast.txt" "$out.fast.json" >&2
"$python" "$here/profile_check.py" equal "$out.json" "$out.fast.json" >&2
"$python" "$here/report_summary.py" "$out.json"
