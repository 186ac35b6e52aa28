#!/usr/bin/env python3
"""Check a coroscope report against an example program's own ground truth.

Usage: check_truth.py PROGRAM_OUTPUT REPORT_JSON

PROGRAM_OUTPUT holds the example's stdout, whose lines
    truth function=<name> calls=N awaits=N ...
    truth total heap_frames=N heap_bytes=N
were counted by the example itself (examples/common/truth.h). Every key on a
function line must equal the same key of the report function with that
unqualified name (several report entries with one name, e.g. template
instantiations, are summed); the total line must equal the sums of
heap_frames and heap_bytes over all report functions.

Prints one `MISMATCH function key expected actual` line per difference and
exits 1, or prints `truth-check: N functions, M values OK` and exits 0.
Exits 2 on unusable input.
"""
import json
import re
import sys

TRUTH_LINE = re.compile(r"^truth (function=(\S+)|total)((?: \w+=\d+)+)\s*$")


def fail(message):
    print("check_truth: " + message, file=sys.stderr)
    sys.exit(2)


def unqualified_name(name):
    """'task<int> ns::get_price(int)' -> 'get_price'; 'ns::foo<int>(int)' -> 'foo'."""
    s = name.replace("(anonymous namespace)", "")
    previous = None
    while previous != s:  # drop template argument lists, innermost first
        previous = s
        s = re.sub(r"<[^<>]*>", "", s)
    words = s.split("(", 1)[0].split()
    if not words:
        return ""
    return words[-1].rsplit("::", 1)[-1].lstrip("*&")


def read_truth(path):
    functions, total = {}, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = TRUTH_LINE.match(line.strip())
            if not m:
                continue
            values = {k: int(v) for k, v in
                      (kv.split("=") for kv in m.group(3).split())}
            if m.group(2) is None:
                if total is not None:
                    fail("more than one truth total line")
                total = values
            elif m.group(2) in functions:
                fail("duplicate truth line for " + m.group(2))
            else:
                functions[m.group(2)] = values
    if not functions and total is None:
        fail("no truth lines in " + path)
    return functions, total


def read_report(path):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    if report.get("schema") != "coroscope-report/1":
        fail("unexpected schema %r" % report.get("schema"))
    return report.get("functions", [])


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        truth_functions, truth_total = read_truth(argv[1])
        report_functions = read_report(argv[2])
    except (OSError, ValueError, AttributeError) as e:
        fail(str(e))

    by_name = {}
    for entry in report_functions:
        by_name.setdefault(unqualified_name(str(entry.get("function", ""))),
                           []).append(entry)

    def summed(entries, key):
        if not entries or any(not isinstance(e.get(key), int) for e in entries):
            return "missing"
        return sum(e[key] for e in entries)

    mismatches, checked = [], 0
    for name, expected in truth_functions.items():
        entries = by_name.get(name, [])
        for key, want in expected.items():
            got = summed(entries, key)
            checked += 1
            if got != want:
                mismatches.append((name, key, want, got))
    if truth_total is not None:
        for key, want in truth_total.items():
            got = summed(report_functions, key) if report_functions else 0
            checked += 1
            if got != want:
                mismatches.append(("total", key, want, got))

    for name, key, want, got in mismatches:
        print("MISMATCH %s %s %s %s" % (name, key, want, got))
    if mismatches:
        return 1
    print("truth-check: %d functions, %d values OK"
          % (len(truth_functions), checked))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
