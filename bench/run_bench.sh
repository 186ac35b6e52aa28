#!/usr/bin/env bash
#===- bench/run_bench.sh - Every benchmark in every variant, side by side -===#
# Builds bench/coro_bench.cpp with clang++-19 -std=c++20 -O2 in seven builds
# run as eleven variants, and bench/hook_bench.cpp against the static and the
# shared runtime, all into one temp dir; runs them interleaved (every variant
# of one benchmark back to back, one process each, round after round, the
# variant order rotated per round) so machine noise hits all alike; prints
# Markdown tables (bench/bench_table.py). Run after scripts/build.sh:
#
#   bash bench/run_bench.sh [--quick] [--filter REGEX] [--rounds N] [--keep DIR]
#
#   --quick         1 round, short runs: a smoke run, not figures to quote
#   --filter REGEX  only the benchmarks (of either binary) whose name matches
#   --rounds N      rounds of the timed runs (default 5)
#   --keep DIR      copy the raw JSON results to DIR
#   CS=BUILD_DIR    the coroscope build to measure (default: this checkout's build/)
#
# Variants: plain; coroscope (default settings: event log and run-time
# checks); coroscope with COROSCOPE_CHECKS=0 (event log only), also with
# COROSCOPE_FLUSH_MS=0 (no periodic flush: what the flush thread costs); ASan
# (-fsanitize=address); XRay (-fxray-instrument
# -fxray-instruction-threshold=1, FDR mode, see bench/xray_fdr_session.cpp);
# -finstrument-functions with empty hooks (bench/empty_cyg_hooks.cpp);
# coroscope in profile mode (COROSCOPE_MODE=profile: its default, the checks
# off and the counting inline; and with COROSCOPE_CHECKS=1);
# the instrumented build against hooks that do nothing
# (bench/empty_coroscope_hooks.cpp: the floor of calling the runtime);
# clang's PGO counters (-fprofile-instr-generate: exact block counts, the
# counting floor any user can compare with).
# Every variant runs with its tool's defaults: inherited COROSCOPE_*, ASAN_*
# and XRAY_* settings are dropped.
#
# The timed coroscope runs write their full log (GBs per second of run; each
# is deleted after its run). Events per op and log bytes per event come from
# one more coroscope run per benchmark of a fixed number of ops, whose log
# `coroscope report --format json` reads (totals.events).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bench=$root/bench

invocation="bash bench/run_bench.sh$(printf " %q" "$@")"
[ -z "${CS:-}" ] || invocation="CS=$CS $invocation"
rounds=5 min_time=0.5 hook_min_time=0.2 filter=. keep=""
counted_events=1000000 # events per benchmark in the event-counting runs
usage() { sed -n '/^#   bash/,/^#   CS=/p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case $1 in
    --quick) rounds=1 min_time=0.05 hook_min_time=0.02 counted_events=100000 ;;
    --filter) filter=${2:?--filter needs a regex}; shift ;;
    --rounds) rounds=${2:?--rounds needs a number}; shift ;;
    --keep) keep=${2:?--keep needs a directory}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run_bench: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

cs_build=$(cd "${CS:-$root/build}" 2>/dev/null && pwd) || {
  echo "run_bench: no build directory ${CS:-$root/build} (run scripts/build.sh or set CS)" >&2
  exit 2
}
cs=$cs_build/bin/coroscope
for need in "$cs" "$cs_build/lib/libcoroscope_rt.a" "$cs_build/lib/libcoroscope_rt.so" \
            /usr/include/benchmark/benchmark.h; do
  [ -e "$need" ] || { echo "run_bench: missing $need (scripts/build.sh installs and builds it)" >&2; exit 2; }
done
command -v clang++-19 >/dev/null || { echo "run_bench: clang++-19 not found" >&2; exit 2; }

unset COROSCOPE_MODE COROSCOPE_SAMPLE COROSCOPE_INTERVAL LLVM_PROFILE_FILE
unset COROSCOPE_OUT COROSCOPE_CHECKS COROSCOPE_ON_ERROR COROSCOPE_NESTED_RESUME_DEPTH \
      COROSCOPE_DUMP_SIGNAL COROSCOPE_HANDLE_SIGNALS ASAN_OPTIONS XRAY_OPTIONS XRAY_FDR_OPTIONS \
      XRAY_BASIC_OPTIONS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/coroscope-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
res=$tmp/results
mkdir -p "$res/coro" "$res/events" "$res/hook" "$tmp/xray"
start=$(date +%s)
note() { echo "run_bench: $*" >&2; }

# 1. Build. ------------------------------------------------------------------
cxx=(clang++-19 -std=c++20 -O2)
link=(-lbenchmark -pthread)
src=$bench/coro_bench.cpp
note "building into $tmp"
"${cxx[@]}" "$src" -o "$tmp/plain" "${link[@]}"
# shellcheck disable=SC2046 # the flags are several words
"${cxx[@]}" $("$cs" flags --compile --compiler "${cxx[0]}") -c "$src" -o "$tmp/coroscope.o"
# shellcheck disable=SC2046
"${cxx[@]}" "$tmp/coroscope.o" -o "$tmp/coroscope" $("$cs" flags --link) "${link[@]}"
"${cxx[@]}" -fPIC -shared -I"$cs_build/include" "$bench/empty_coroscope_hooks.cpp" \
  -o "$tmp/libempty_coroscope_hooks.so"
"${cxx[@]}" "$tmp/coroscope.o" -o "$tmp/coroscope-empty-hooks" -L"$tmp" -Wl,-rpath,"$tmp" \
  -lempty_coroscope_hooks "${link[@]}"
mkdir -p "$tmp/fast"
"${cxx[@]}" -fPIC -shared -DEMPTY_HOOKS_FAST_PATHS -I"$cs_build/include" \
  "$bench/empty_coroscope_hooks.cpp" -o "$tmp/fast/libempty_coroscope_hooks.so"
"${cxx[@]}" "$tmp/coroscope.o" -o "$tmp/coroscope-empty-fast" -L"$tmp/fast" \
  -Wl,-rpath,"$tmp/fast" -lempty_coroscope_hooks "${link[@]}"
"${cxx[@]}" -fsanitize=address "$src" -o "$tmp/asan" "${link[@]}"
"${cxx[@]}" -fxray-instrument -fxray-instruction-threshold=1 "$src" "$bench/xray_fdr_session.cpp" \
  -o "$tmp/xray-fdr" "${link[@]}"
"${cxx[@]}" -c "$bench/empty_cyg_hooks.cpp" -o "$tmp/empty_cyg_hooks.o"
"${cxx[@]}" -c "$bench/libstdcxx_instances.cpp" -o "$tmp/libstdcxx_instances.o"
"${cxx[@]}" -finstrument-functions "$src" "$tmp/empty_cyg_hooks.o" "$tmp/libstdcxx_instances.o" \
  -o "$tmp/cyg-empty" "${link[@]}"
"${cxx[@]}" -fprofile-instr-generate "$src" -o "$tmp/pgo-counters" "${link[@]}"
"${cxx[@]}" -I"$cs_build/include" "$bench/hook_bench.cpp" "$cs_build/lib/libcoroscope_rt.a" \
  -o "$tmp/hook-static" "${link[@]}"
"${cxx[@]}" -I"$cs_build/include" "$bench/hook_bench.cpp" -L"$cs_build/lib" \
  -Wl,-rpath,"$cs_build/lib" -lcoroscope_rt -o "$tmp/hook-shared" "${link[@]}"

list() { "$1" --benchmark_list_tests=true --benchmark_filter="$filter" | sed 's,/.*,,'; }
mapfile -t coro_benchmarks < <(list "$tmp/plain")
mapfile -t hook_benchmarks < <(list "$tmp/hook-static")
if [ ${#coro_benchmarks[@]} -eq 0 ] && [ ${#hook_benchmarks[@]} -eq 0 ]; then
  echo "run_bench: no benchmark matches '$filter'" >&2
  exit 2
fi

# 2. Run. --------------------------------------------------------------------
# run VARIANT BENCHMARK OUT [ARGS...]: one process, one benchmark, JSON to OUT.
run() {
  local variant=$1 name=$2 out=$3
  shift 3
  local args=(--benchmark_filter="^$name(/|\$)" --benchmark_format=json "$@")
  local status=0
  case $variant in
    plain | asan | cyg-empty | coroscope-empty-hooks | coroscope-empty-fast) "$tmp/$variant" "${args[@]}" ;;
    pgo-counters) LLVM_PROFILE_FILE=$tmp/run.profraw "$tmp/pgo-counters" "${args[@]}" ;;
    coroscope-profile) COROSCOPE_MODE=profile COROSCOPE_CHECKS=1 COROSCOPE_OUT=$tmp/run.log \
      "$tmp/coroscope" "${args[@]}" ;;
    coroscope-profile-nochecks) COROSCOPE_MODE=profile COROSCOPE_OUT=$tmp/run.log \
                                "$tmp/coroscope" "${args[@]}" ;;
    coroscope) COROSCOPE_OUT=$tmp/run.log "$tmp/coroscope" "${args[@]}" ;;
    coroscope-nochecks) COROSCOPE_CHECKS=0 COROSCOPE_OUT=$tmp/run.log "$tmp/coroscope" "${args[@]}" ;;
    coroscope-noflush) COROSCOPE_CHECKS=0 COROSCOPE_FLUSH_MS=0 COROSCOPE_OUT=$tmp/run.log \
                       "$tmp/coroscope" "${args[@]}" ;;
    xray-fdr) XRAY_OPTIONS="patch_premain=true xray_mode=xray-fdr xray_logfile_base=$tmp/xray/xray-log." \
              "$tmp/xray-fdr" "${args[@]}" ;;
  esac >"$out" 2>"$tmp/run.err" || status=$?
  if [ $status -ne 0 ]; then
    echo "run_bench: $variant $name failed (exit $status):" >&2
    cat "$tmp/run.err" >&2
    exit 1
  fi
  if [ "$variant" = pgo-counters ] && [ ! -s "$tmp/run.profraw" ]; then
    echo "run_bench: the PGO-counters build wrote no profile: counting was not on" >&2
    exit 1
  fi
  case $variant in
    coroscope-profile*) # proof that profile mode was on: a profile file
      "$cs" dump "$tmp/run.log" >"$tmp/run.dump"
      if ! grep -q '^chunk .* profile ' "$tmp/run.dump"; then
        echo "run_bench: $variant wrote no Profile chunk" >&2
        exit 1
      fi ;;
  esac
  rm -f "$tmp/run.log" "$tmp/run.profraw"
  if [ "$variant" = xray-fdr ]; then
    # Proof that tracing was on: FDR mode wrote its log at the end.
    if ! find "$tmp/xray" -name 'xray-log.*' -size +0 | grep -q .; then
      echo "run_bench: XRay wrote no log: tracing was not on" >&2
      cat "$tmp/run.err" >&2
      exit 1
    fi
    rm -f "$tmp/xray"/xray-log.*
  fi
}

variants=(plain pgo-counters coroscope-empty-hooks coroscope-empty-fast coroscope-profile coroscope-profile-nochecks coroscope
          coroscope-nochecks coroscope-noflush asan xray-fdr cyg-empty)
for ((r = 1; r <= rounds; r++)); do
  for name in "${coro_benchmarks[@]}"; do
    note "round $r/$rounds: $name"
    for ((i = 0; i < ${#variants[@]}; i++)); do
      v=${variants[$(((i + r - 1) % ${#variants[@]}))]}
      mkdir -p "$res/coro/$v"
      run "$v" "$name" "$res/coro/$v/$name.$r.json" --benchmark_min_time="$min_time"
    done
  done
  if [ ${#hook_benchmarks[@]} -gt 0 ]; then
    note "round $r/$rounds: hook_bench"
    hook_filter="^($(IFS='|'; echo "${hook_benchmarks[*]}"))(/|\$)"
    for lib in static shared; do
      for checks in 1 0; do
        mkdir -p "$res/hook/$lib-checks$checks"
        COROSCOPE_CHECKS=$checks COROSCOPE_OUT=$tmp/hook.log "$tmp/hook-$lib" \
          --benchmark_filter="$hook_filter" --benchmark_min_time="$hook_min_time" \
          --benchmark_format=json >"$res/hook/$lib-checks$checks/$r.json"
        rm -f "$tmp/hook.log"
      done
    done
  fi
done

# 3. Count events: a fixed number of ops, the whole log analysed. -----------
# count NAME BINARY: runs NAME for a fixed number of ops, enough for about
# $counted_events events (a first run of 10 ops tells how many), so the log's
# fixed part (header, site tables) does not weigh in bytes per event; writes
# NAME.bench.json, NAME.report.json, NAME.log_bytes.
count() {
  local name=$1 binary=$2 ops=10 log=$tmp/count.log pass events
  for pass in probe final; do
    rm -f "$log"
    COROSCOPE_OUT=$log "$binary" --benchmark_filter="^$name(/|\$)" --fixed_iterations="$ops" \
      --benchmark_format=json >"$res/events/$name.bench.json"
    "$cs" report --format json -o "$res/events/$name.report.json" "$log"
    stat -c %s "$log" >"$res/events/$name.log_bytes"
    rm -f "$log"
    [ $pass = probe ] || break
    events=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["totals"]["events"])' \
      "$res/events/$name.report.json")
    ops=$(((counted_events * 10 + events - 1) / (events > 0 ? events : 1)))
    [ "$ops" -ge 10 ] || ops=10
  done
}
note "counting events"
for name in "${coro_benchmarks[@]}"; do
  count "$name" "$tmp/coroscope"
done
if printf '%s\n' "${hook_benchmarks[@]}" | grep -qx TaskFrameMix; then
  count TaskFrameMix "$tmp/hook-static"
fi

# 4. Report. -----------------------------------------------------------------
[ -z "$keep" ] || { mkdir -p "$keep" && cp -r "$res/." "$keep/"; }
echo "Measured $(date -u +%Y-%m-%d) on $(lscpu | sed -n 's/^Model name: *//p') ($(nproc) cores), $(clang++-19 --version | head -1)."
echo "Command: \`$invocation\` ($rounds round(s), --benchmark_min_time=$min_time, hook_bench $hook_min_time; coroscope build $cs_build)."
echo
python3 "$bench/bench_table.py" "$res"
echo
echo "run_bench.sh took $(($(date +%s) - start)) s."
