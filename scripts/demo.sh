#!/usr/bin/env bash
#===- scripts/demo.sh - The main job on the bundled price-cache example ---===#
# Installs and builds coroscope, compiles examples/price_cache_task.cpp with
# the plugin exactly as a user would (the flags come from `coroscope flags`),
# runs it and prints the analyzer's report.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh"
cs="$root/build/bin/coroscope"
out="$root/build/demo"
mkdir -p "$out"
clang++-19 -std=c++20 -O2 $("$cs" flags --compile --compiler clang++-19) "$root/examples/price_cache_task.cpp" \
  -o "$out/price_cache_task" $("$cs" flags --link)
COROSCOPE_OUT="$out/price_cache_task.%p.log" "$out/price_cache_task"
"$cs" report "$out"/price_cache_task.*.log
rm -f "$out"/price_cache_task.*.log
