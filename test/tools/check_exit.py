#!/usr/bin/env python3
"""check_exit.py - run a command on each of several files, check its status.

Usage: check_exit.py --status N COMMAND... -- FILE...

Runs `COMMAND... FILE` for every FILE and fails unless each run exits with
status N. For N == 2 (bad input) the run must also print exactly one line on
stderr, `coroscope: error: FILE: ...`. `not` only proves "nonzero"; the analyzer
promises exactly 2 for bad input, which this checks.
"""
import subprocess
import sys


def main():
    args = sys.argv[1:]
    if len(args) < 4 or args[0] != "--status" or "--" not in args:
        print(__doc__, file=sys.stderr)
        return 2
    status = int(args[1])
    split = args.index("--")
    command, files = args[2:split], args[split + 1:]
    failures = 0
    for path in files:
        run = subprocess.run(command + [path], capture_output=True)
        err = run.stderr.decode("utf-8", "replace").splitlines()
        problem = None
        if run.returncode != status:
            problem = f"exit status {run.returncode}, expected {status}"
        elif status == 2 and (len(err) != 1 or
                              not err[0].startswith(f"coroscope: error: {path}:")):
            problem = f"stderr is not one error line naming the file: {err!r}"
        if problem:
            failures += 1
            print(f"check_exit: {path}: {problem}")
    if failures:
        return 1
    print(f"check_exit: {len(files)} runs OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
