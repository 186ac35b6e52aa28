#!/usr/bin/env python3
"""profile_check.py - compares coroscope JSON reports across modes and merges.

  profile_check.py equal TRACE.json PROFILE.json
      Every count of every function (calls, heap/elided frames and bytes,
      frame sizes, completed, sync_completions, awaits, suspends, waits,
      frames not destroyed) and every site's reached, suspended and waits
      must be the same in both reports. Prints "equal: F functions, S sites".
  profile_check.py sum MERGED.json PART.json...
      MERGED's counts must be the sum of the parts' (min/max combined), as
      `coroscope report PART...` must give. Prints "sum: F functions".
  profile_check.py pad IN OUT
      Copies a profile file with 16 zero bytes added inside the payload of
      its last Profile chunk (a layout the reader must reject).
  profile_check.py run-until-ready SECONDS CMD...
      Runs CMD, waits for a line "ready" on its stdout, lets it run SECONDS
      more, then kills it with SIGKILL (a server that never exits).
Exit status 1 with one line per difference otherwise.
"""
import json
import os
import signal
import subprocess
import sys
import time

COUNTS = ["calls", "heap_frames", "elided_frames", "heap_bytes", "elided_bytes", "completed",
          "sync_completions", "awaits", "suspends", "waits"]
SITE_COUNTS = ["reached", "suspended", "waits"]


def load(path):
    with open(path) as f:
        return json.load(f)


def functions(report):
    return {(f["function"], f["file"], f["line"]): f for f in report["functions"]}


def sites(fn):
    return {(s["kind"], s["file"], s["line"], s["column"]): s for s in fn["sites"]}


def equal(trace, profile, counts=COUNTS + ["frame_bytes_min", "frame_bytes_max"],
          site_counts=SITE_COUNTS, totals=True):
    """The differences between the two reports in `counts` per function,
    `site_counts` per site and, with `totals`, frames_not_destroyed."""
    problems, nsites = [], 0
    t, p = functions(trace), functions(profile)
    for key in sorted(set(t) | set(p)):
        a, b = t.get(key), p.get(key)
        if a is None or b is None:
            problems.append(f"{key[0]}: only in the {'profile' if a is None else 'trace'} report")
            continue
        for k in counts:
            if a[k] != b[k]:
                problems.append(f"{k} of {key[0]}: trace {a[k]}, profile {b[k]}")
        sa, sb = sites(a), sites(b)
        for sk in sorted(set(sa) | set(sb)):
            x, y = sa.get(sk), sb.get(sk)
            nsites += 1
            if x is None or y is None:
                problems.append(f"site {sk} of {key[0]}: only in one report")
                continue
            for k in site_counts:
                if x[k] != y[k]:
                    problems.append(f"{k} of site {sk} of {key[0]}: trace {x[k]}, profile {y[k]}")
    nd = (trace["totals"]["frames_not_destroyed"], profile["totals"]["frames_not_destroyed"])
    if totals and nd[0] != nd[1]:
        problems.append(f"frames_not_destroyed: trace {nd[0]}, profile {nd[1]}")
    return problems, f"equal: {len(t)} functions, {nsites} sites"


def summed(merged, parts):
    problems = []
    m = functions(merged)
    want = {}
    for part in parts:
        for key, f in functions(part).items():
            w = want.setdefault(key, {k: 0 for k in COUNTS} | {"min": None, "max": 0})
            for k in COUNTS:
                w[k] += f[k]
            if f["frame_bytes_max"]:
                w["min"] = f["frame_bytes_min"] if w["min"] is None else min(w["min"], f["frame_bytes_min"])
                w["max"] = max(w["max"], f["frame_bytes_max"])
    if set(m) != set(want):
        problems.append(f"functions differ: merged {sorted(m)}, parts {sorted(want)}")
    for key in sorted(set(m) & set(want)):
        for k in COUNTS:
            if m[key][k] != want[key][k]:
                problems.append(f"{k} of {key[0]}: merged {m[key][k]}, parts sum {want[key][k]}")
        if (m[key]["frame_bytes_min"], m[key]["frame_bytes_max"]) != (want[key]["min"] or 0, want[key]["max"]):
            problems.append(f"frame bytes of {key[0]} differ")
    return problems, f"sum: {len(m)} functions"


def run_until_ready(seconds, cmd):
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    for line in p.stdout:
        if line.strip() == "ready":
            break
        if time.time() > deadline:
            break
    time.sleep(seconds)
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
    return 0


def pad(src, dst):
    import struct
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from log_header import base_header
    data = bytearray(open(src, "rb").read())
    header, header_size = base_header(data)
    at, last = header_size, None
    while at + 16 <= len(data):
        kind, _, size = struct.unpack_from("<IIQ", data, at)
        if kind == 8:
            last = at
        at += 16 + size
    if last is None:
        print("no Profile chunk", file=sys.stderr)
        return 1
    kind, res, size = struct.unpack_from("<IIQ", data, last)
    struct.pack_into("<IIQ", data, last, kind, res, size + 16)
    end = last + 16 + size
    data[end:end] = bytes(16)
    # Its checksum no longer holds: a header without checksums, so the
    # reader judges the padded chunk's structure instead of skipping it.
    data[:header_size] = header
    open(dst, "wb").write(data)
    return 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "pad":
        return pad(sys.argv[2], sys.argv[3])
    if len(sys.argv) >= 4 and sys.argv[1] == "run-until-ready":
        return run_until_ready(float(sys.argv[2]), sys.argv[3:])
    if len(sys.argv) == 4 and sys.argv[1] == "equal":
        problems, ok = equal(load(sys.argv[2]), load(sys.argv[3]))
    elif len(sys.argv) >= 4 and sys.argv[1] == "sum":
        problems, ok = summed(load(sys.argv[2]), [load(p) for p in sys.argv[3:]])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    if problems:
        return 1
    print(ok)
    return 0


if __name__ == "__main__":
    sys.exit(main())
