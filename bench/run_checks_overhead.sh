#!/usr/bin/env bash
#===- bench/run_checks_overhead.sh - Cost of coroscope's run-time checks --===#
# Builds bench/chain_bench.cpp at -O2 plainly and with coroscope, then times
# it side by side: plain, instrumented with checks off (COROSCOPE_CHECKS=0),
# instrumented with checks on. Prints a Markdown table with ratios to plain.
# Run after scripts/build.sh: bash bench/run_checks_overhead.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cs="$root/build/bin/coroscope"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
src="$root/bench/chain_bench.cpp"
clang++-19 -std=c++20 -O2 "$src" -o "$out/plain"
clang++-19 -std=c++20 -O2 $("$cs" flags --compile) "$src" -o "$out/inst" $("$cs" flags --link)
time_of() { # prints ns/call
  "$@" | sed -E 's/ ns\/call.*//'
}
echo "| workload | plain ns/call | coroscope, checks off | ratio | coroscope, checks on | ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for w in "completed 20 20000" "suspending 20 20000" "completed 1 200000" "suspending 1 200000"; do
  set -- $w
  p=$(time_of "$out/plain" "$@")
  off=$(COROSCOPE_CHECKS=0 COROSCOPE_OUT="$out/off.log" time_of "$out/inst" "$@")
  on=$(COROSCOPE_OUT="$out/on.log" time_of "$out/inst" "$@")
  awk -v w="$1 depth $2" -v p="$p" -v off="$off" -v on="$on" \
    'BEGIN { printf "| %s | %.1f | %.1f | %.2fx | %.1f | %.2fx |\n", w, p, off, off / p, on, on / p }'
done
