#!/usr/bin/env python3
"""bench_allocs.py PLAIN.json INSTRUMENTED.json

Prints, per benchmark of two Google Benchmark JSON runs of bench/coro_bench
(the plain and the instrumented build), its allocations and bytes per op in
the plain build and whether the instrumented build allocated exactly the same,
one line each for FileCheck:

  <name> allocs_per_op=N bytes_per_op=N instrumented=same
  <name> allocs_per_op=N bytes_per_op=N instrumented=differs allocs_per_op=N bytes_per_op=N

Exit 1 when a benchmark ran in one build only.
"""
import json
import sys


def per_op(path):
    with open(path) as f:
        benchmarks = json.load(f)["benchmarks"]
    # --fixed_iterations names a run NAME/iterations:N.
    return {b["name"].split("/")[0]: (b["allocs_per_op"], b["bytes_per_op"]) for b in benchmarks}


def text(allocs, nbytes):
    # Exact counts over a fixed number of ops; a fraction would be a stray
    # allocation, shown as is.
    return f"allocs_per_op={allocs:g} bytes_per_op={nbytes:g}"


def main() -> int:
    plain, inst = per_op(sys.argv[1]), per_op(sys.argv[2])
    for name, counts in plain.items():
        if name not in inst:
            print(f"bench_allocs: {name} did not run instrumented", file=sys.stderr)
            return 1
        same = "same" if inst[name] == counts else "differs " + text(*inst[name])
        print(f"{name} {text(*counts)} instrumented={same}")
    missing = set(inst) - set(plain)
    if missing:
        print(f"bench_allocs: {sorted(missing)} did not run plain", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
