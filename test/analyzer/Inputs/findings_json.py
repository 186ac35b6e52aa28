#!/usr/bin/env python3
"""findings_json.py - summarize the findings of a coroscope JSON file.

Usage: findings_json.py FILE [KEY]

Loads FILE (a coroscope-report/1 or coroscope-findings/1 document), checks
that every object in FILE[KEY] (default "findings") has the same keys in the
same order, and prints them once (`keys: ...`), then one line per finding
with its essentials, then `end`. Lets lit tests assert on findings with one
FileCheck line each instead of a hundred lines of JSON.
"""
import json
import sys


def main():
    path = sys.argv[1]
    key = sys.argv[2] if len(sys.argv) > 2 else "findings"
    doc = json.load(open(path, encoding="utf-8"))
    items = doc[key]
    keys = None
    for f in items:
        if keys is None:
            keys = list(f.keys())
            print("keys: " + " ".join(keys))
        elif list(f.keys()) != keys:
            print(f"findings_json: keys differ: {list(f.keys())}")
            return 1
        roles = ",".join(r["role"] for r in f["related"])
        print(f'{f["severity"]} {f["check"]} {f["function"]} '
              f'{f["file"]}:{f["line"]}:{f["column"]} roles={roles} '
              f'count={f["count"]} bytes={f["bytes"]} thread={f["thread"]} '
              f'other={f["other_thread"]} frame={f["frame"]} '
              f'backtrace={len(f["backtrace"])} stack={len(f["stack"])}')
    print("end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
