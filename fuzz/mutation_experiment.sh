#!/usr/bin/env bash
#===- fuzz/mutation_experiment.sh - Issue 43's damage experiment, in full --===#
#
# Usage: fuzz/mutation_experiment.sh BUILD WORKDIR [JOBS]
#
# Builds test/fuzz/Inputs/big_log.cpp with BUILD's plugin (clang 19), runs it
# for JOBS jobs (default 13000: a log of at least 10 MB, four threads) and
# gives fuzz/mutate_log.py 300 one-bit flips, 300 one-byte overwrites, 100
# truncations and 300 resealed payload flips of that log (seed 43), each
# through `coroscope report --format json` and the ASan + UBSan fuzz_report
# target. docs/reliability.md ("Damage at full size") has its figures.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
build=$(cd "$1" && pwd)
work=$2
jobs=${3:-13000}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
clang++-19 -std=c++20 -O1 -pthread -fplugin="$build/lib/CoroScope-19.so" \
  "$root/test/fuzz/Inputs/big_log.cpp" -o "$work/big_log" \
  -L"$build/lib" -Wl,-rpath,"$build/lib" -lcoroscope_rt
rm -f "$work/big.log"
COROSCOPE_OUT="$work/big.log" "$work/big_log" "$jobs"
size=$(stat -c %s "$work/big.log")
echo "mutation_experiment: $work/big.log: $size bytes"
[ "$size" -ge $((10 << 20)) ] || { echo "mutation_experiment: log under 10 MiB" >&2; exit 1; }
exec python3 "$root/fuzz/mutate_log.py" --coroscope "$build/bin/coroscope" \
  --sanitized "$build/fuzz/bin/fuzz_report" --log "$work/big.log" --work "$work/runs" \
  --keep "$work/failed" --seed 43 --flips 300 --overwrites 300 --truncations 100 --resealed 300
