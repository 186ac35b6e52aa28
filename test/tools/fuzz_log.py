#!/usr/bin/env python3
"""fuzz_log.py - feed truncated and corrupted copies of a log to coroscope.

Usage: fuzz_log.py COROSCOPE LOG WORKDIR

Writes every prefix of LOG (all lengths), and copies of LOG with one byte
inverted at every offset, into WORKDIR and runs `COROSCOPE report` (and
`dump` on the truncations) on each. Every run must end with status 0 (for
`report`, with at most one stderr line `coroscope: warning: FILE: ...` saying
the log is incomplete), or with status 2 and exactly one stderr line
`coroscope: error: FILE: offset N: ...`.
A signal (crash), any other status or a malformed message fails the check.
"""
import os
import re
import subprocess
import sys

ERROR = re.compile(r"^coroscope: error: .+: offset \d+: \S.*$")
WARNING = re.compile(r"^coroscope: warning: .+: (complete|ended by signal|incomplete)"
                     r".*; figures from its complete chunks only$")


def check(coroscope, sub, path, what):
    run = subprocess.run([coroscope, sub, path], capture_output=True)
    err = run.stderr.decode("utf-8", "replace").splitlines()
    if run.returncode == 0 and (not err or (len(err) == 1 and WARNING.match(err[0]))):
        return None
    if run.returncode == 2 and len(err) == 1 and ERROR.match(err[0]):
        return None
    return f"{sub} on {what}: status {run.returncode}, stderr {err!r}"


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    coroscope, log, workdir = sys.argv[1:]
    data = open(log, "rb").read()
    os.makedirs(workdir, exist_ok=True)
    path = os.path.join(workdir, "fuzz.log")
    problems, runs = [], 0
    cases = [(f"prefix of {n} bytes", data[:n], ("report", "dump"))
             for n in range(len(data))]
    for i in range(len(data)):
        flipped = bytearray(data)
        flipped[i] ^= 0xFF
        cases.append((f"byte {i} inverted", bytes(flipped), ("report",)))
    for what, content, subs in cases:
        with open(path, "wb") as f:
            f.write(content)
        for sub in subs:
            runs += 1
            problem = check(coroscope, sub, path, what)
            if problem:
                problems.append(problem)
    for p in problems[:20]:
        print("fuzz_log: " + p)
    if problems:
        print(f"fuzz_log: {len(problems)} of {runs} runs failed")
        return 1
    print(f"fuzz_log: {runs} runs OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
