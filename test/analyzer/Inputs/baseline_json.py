#!/usr/bin/env python3
"""baseline_json.py - compare a report with --baseline against one without.

Usage: baseline_json.py PLAIN.json WITH_BASELINE.json

Fails unless WITH_BASELINE.json is PLAIN.json plus appended "baseline" keys
only (top level and each function; every other key, value and order the
same), then prints each function's "baseline" object and the top-level one,
one compact JSON line each, for FileCheck.
"""
import json
import sys


def appended_only(plain, extended, where):
    keys, ext_keys = list(plain), list(extended)
    if ext_keys != keys + ["baseline"]:
        sys.exit(f"baseline_json: {where}: keys {ext_keys}, expected {keys} + baseline")
    for k in keys:
        if k != "functions" and plain[k] != extended[k]:
            sys.exit(f"baseline_json: {where}.{k} differs")


def main():
    plain = json.load(open(sys.argv[1], encoding="utf-8"))
    extended = json.load(open(sys.argv[2], encoding="utf-8"))
    appended_only(plain, extended, "report")
    if len(plain["functions"]) != len(extended["functions"]):
        sys.exit("baseline_json: the function lists differ")
    for p, e in zip(plain["functions"], extended["functions"]):
        appended_only(p, e, p["function"])
        print(f'{e["function"]}: {json.dumps(e["baseline"])}')
    print(f'report: {json.dumps(extended["baseline"])}')
    return 0


if __name__ == "__main__":
    sys.exit(main())
