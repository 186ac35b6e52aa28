#!/usr/bin/env python3
"""trace_check.py - checks a `coroscope export --format chrome-trace` file.

  trace_check.py schema TRACE.json
      Validates it against test/tools/trace_event.schema.json, and that every
      flow start (s) has exactly one end (f) with its id, not earlier.
      Prints "valid: X slices, F flows (W wait, S suspend, T transfer,
      N creation), C counters, I findings" (instant events).
  trace_check.py transfers TRACE.json
      Every "transfer" flow starts where a slice of its thread ends (the
      awaiting frame's) and ends no earlier. Prints "transfers: N, from the
      end of a slice".
  trace_check.py slices TRACE.json REPORT.json
      Per function of the report: "<function> slices=N resumes=R calls=C
      busy=<equal|differs: trace T, report B>", where N is the trace's
      slices of it, R the resumes the report implies (each non-final site's
      suspended count; every frame of the inputs ends) and the trace's
      slice durations (in ns) must add up to the report's busy_ns total.
Exit status 1 on a difference.
"""
import collections
import json
import os
import sys


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    with open(path) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    if cmd == "schema":
        import jsonschema
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "trace_event.schema.json")) as f:
            schema = json.load(f)
        jsonschema.validate(trace, schema)
        starts, ends = {}, collections.Counter()
        for e in events:
            if e["ph"] == "s":
                if e["id"] in starts:
                    print(f"flow id {e['id']} started twice")
                    return 1
                starts[e["id"]] = e["ts"]
        for e in events:
            if e["ph"] == "f":
                ends[e["id"]] += 1
                if e["id"] not in starts or e["ts"] < starts[e["id"]]:
                    print(f"flow id {e['id']} ends without a start before it")
                    return 1
        if set(starts) != set(ends) or any(n != 1 for n in ends.values()):
            print("flows without an end, or with several")
            return 1
        n = collections.Counter(e["ph"] for e in events)
        cats = collections.Counter(e["cat"] for e in events if e["ph"] == "s")
        print(f"valid: {n['X']} slices, {n['s']} flows ({cats['wait']} wait, "
              f"{cats['suspend']} suspend, {cats['transfer']} transfer, {cats['creation']} creation), "
              f"{n['C']} counters, "
              f"{n['i']} findings")
        return 0
    if cmd == "transfers":
        ends = {(e["tid"], round((e["ts"] + e["dur"]) * 1000)) for e in events if e["ph"] == "X"}
        starts = {e["id"]: e for e in events if e["ph"] == "s" and e["cat"] == "transfer"}
        finishes = {e["id"]: e for e in events if e["ph"] == "f" and e["cat"] == "transfer"}
        bad = [i for i, e in starts.items()
               if (e["tid"], round(e["ts"] * 1000)) not in ends or finishes[i]["ts"] < e["ts"]]
        for i in bad[:5]:
            print(f"transfer flow {i} does not start at the end of a slice")
        if not bad:
            print(f"transfers: {len(starts)}, from the end of a slice")
        return 1 if bad else 0
    with open(sys.argv[3]) as f:
        report = json.load(f)
    slices, busy = collections.Counter(), collections.Counter()
    for e in events:
        if e["ph"] == "X":
            slices[e["name"]] += 1
            busy[e["name"]] += round(e["dur"] * 1000)
    bad = False
    for fn in report["functions"]:
        name = fn["function"]
        resumes = sum(s["suspended"] for s in fn["sites"] if s["kind"] != "final")
        total = fn["busy_ns"]["total"]
        same = "equal" if busy[name] == total else f"differs: trace {busy[name]}, report {total}"
        bad |= busy[name] != total
        print(f"{name} slices={slices[name]} resumes={resumes} calls={fn['calls']} busy={same}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
