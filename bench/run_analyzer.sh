#!/usr/bin/env bash
#===- bench/run_analyzer.sh - Analyzer throughput, memory and -j speed-up --===#
# Writes one large log (examples/chains.cpp, depth-20 chains completing at
# once, checks off so only the log costs) and times `coroscope report` on it:
# events per second on one core, peak resident memory, and two copies of the
# log analyzed with -j 1 and -j 2. Never part of a pass/fail test.
#
# Usage: bash bench/run_analyzer.sh [REPS]   (default 260000: ~60 M events, ~450 MB)
# Environment: CS=build dir of the coroscope to measure (default: build/),
#              TMPDIR for the logs (they are deleted at exit).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CS:-$root/build}
cs="$build/bin/coroscope"
reps=${1:-260000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

clang++-19 -std=c++20 -O2 $("$cs" flags --compile --compiler clang++-19) "$root/examples/chains.cpp" \
  -o "$out/chains" $("$cs" flags --link)
COROSCOPE_CHECKS=0 COROSCOPE_OUT="$out/a.log" "$out/chains" completed 20 "$reps" > /dev/null
cp "$out/a.log" "$out/b.log"
events=$("$cs" report --format json "$out/a.log" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["totals"]["events"])')
bytes=$(stat -c %s "$out/a.log")

# Best of 3 wall times; GNU time's %M is the peak RSS in KiB.
best() {
  local b=""
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$out/t" "$@" > /dev/null
    read -r s kb < "$out/t"
    if [ -z "$b" ] || awk -v s="$s" -v b="${b% *}" 'BEGIN { exit !(s < b) }'; then b="$s $kb"; fi
  done
  echo "$b"
}
read -r one rss < <(best "$cs" report --format json "$out/a.log")
read -r j1 _ < <(best "$cs" report -j 1 --format json "$out/a.log" "$out/b.log")
read -r j2 _ < <(best "$cs" report -j 2 --format json "$out/a.log" "$out/b.log")
awk -v e="$events" -v b="$bytes" -v one="$one" -v rss="$rss" -v j1="$j1" -v j2="$j2" 'BEGIN {
  printf "| log | events | bytes/event | report s | M events/s | peak RSS MiB | 2 logs -j 1 s | -j 2 s | speed-up |\n"
  printf "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
  printf "| chains completed 20 | %d | %.2f | %.2f | %.1f | %.0f | %.2f | %.2f | %.2fx |\n",
         e, b / e, one, e / one / 1e6, rss / 1024, j1, j2, j1 / j2 }'
