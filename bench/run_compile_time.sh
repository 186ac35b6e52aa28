#!/usr/bin/env bash
#===- bench/run_compile_time.sh - Compile time with and without the plugin ===#
# Compiles each example (-O2 -c) five times plainly and five times with
# `coroscope flags --compile`, alternating, and prints the median wall time
# of each and their ratio as a Markdown table. Run after scripts/build.sh:
#   bash bench/run_compile_time.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cs="$root/build/bin/coroscope"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
TIMEFORMAT=%R
seconds() { # median wall seconds of 5 runs of "$@"
  for _ in 1 2 3 4 5; do
    { time "$@" >/dev/null 2>&1; } 2>&1
  done | sort -n | sed -n 3p
}
plugin=$("$cs" flags --compile --compiler clang++-19)
echo "| example | plain s | plugin s | ratio | checks only (instrument=0) | ratio | instrumentation only (checks=0) | ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for src in "$root"/examples/*.cpp; do
  cc=(clang++-19 -std=c++20 -O2 -c "$src" -o "$out/x.o")
  plain=$(seconds "${cc[@]}")
  with=$(seconds "${cc[@]}" $plugin)
  checks=$(seconds "${cc[@]}" $plugin -fplugin-arg-coroscope-instrument=0)
  inst=$(seconds "${cc[@]}" $plugin -fplugin-arg-coroscope-checks=0)
  awk -v n="$(basename "$src")" -v p="$plain" -v w="$with" -v c="$checks" -v i="$inst" \
    'BEGIN { printf "| %s | %.3f | %.3f | %.2fx | %.3f | %.2fx | %.3f | %.2fx |\n", n, p, w, w / p, c, c / p, i, i / p }'
done
