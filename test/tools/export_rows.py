#!/usr/bin/env python3
"""export_rows.py - checks `coroscope export` rows against the JSON report.

  export_rows.py summary ROWS.jsonl KEY...
      One line per row: "log=<file name> pid=<pid> host=<ok|other|empty>"
      and KEY=value for each KEY (host is ok when it is this machine's name).
  export_rows.py same ROWS.jsonl ROWS.csv
      The CSV holds the same rows and cells as the JSON lines (a CSV cell is
      the JSON value's text: strings as they are, null empty, arrays and
      numbers as JSON). Prints "same: N rows, C columns".
  export_rows.py report ROWS.jsonl TABLE LOG=REPORT.json...
      Each log's rows are the rows of its own `coroscope report --format
      json` (objects flattened with "_", sites keyed by their function):
      prints "report: N rows".
Exit status 1 with one line per difference otherwise.
"""
import csv
import json
import os
import socket
import sys


def rows_of(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def flatten(prefix, value, out):
    for k, v in value.items():
        key = f"{prefix}_{k}" if prefix else k
        if isinstance(v, dict):
            flatten(key, v, out)
        else:
            out[key] = v
    return out


def cell(v):
    if v is None:
        return ""
    if isinstance(v, str):
        return v
    return json.dumps(v, separators=(",", ":"))


def main():
    cmd = sys.argv[1]
    rows = rows_of(sys.argv[2])
    problems = []
    if cmd == "summary":
        for r in rows:
            host = "empty" if not r["host"] else "ok" if r["host"] == socket.gethostname() else "other"
            extra = " ".join(f"{k}={r.get(k)}" for k in sys.argv[3:])
            print(f"log={os.path.basename(r['log_file'])} pid={r['pid']} host={host} {extra}")
        return 0
    if cmd == "same":
        with open(sys.argv[3], newline="") as f:
            table = list(csv.DictReader(f))
        columns = list(table[0].keys()) if table else []
        if len(table) != len(rows):
            problems.append(f"{len(table)} CSV rows, {len(rows)} JSON lines")
        for i, (c, j) in enumerate(zip(table, rows)):
            for k in columns:
                want = cell(j.get(k))
                if c[k] != want:
                    problems.append(f"row {i} {k}: csv {c[k]!r}, jsonl {want!r}")
        if not problems:
            print(f"same: {len(rows)} rows, {len(columns)} columns")
    elif cmd == "report":
        table = sys.argv[3]
        want = []
        for arg in sys.argv[4:]:
            log, path = arg.split("=", 1)
            with open(path) as f:
                rep = json.load(f)
            for fn in rep["functions"]:
                base = {"pid": None, "host": None, "log_file": log}
                if table == "functions":
                    body = {k: v for k, v in fn.items() if k not in ("sites", "baseline")}
                    want.append(flatten("", body, dict(base)))
                else:
                    for s in fn["sites"]:
                        row = dict(base, function=fn["function"], function_file=fn["file"],
                                   function_line=fn["line"])
                        want.append(flatten("", s, row))
        if len(want) != len(rows):
            problems.append(f"{len(rows)} rows, the reports have {len(want)}")
        for i, (w, r) in enumerate(zip(want, rows)):
            for k, v in w.items():
                if k in ("pid", "host"):
                    continue
                if r.get(k) != v:
                    problems.append(f"row {i} {k}: export {r.get(k)!r}, report {v!r}")
            extra = set(r) - set(w)
            if extra:
                problems.append(f"row {i}: columns the report lacks: {sorted(extra)}")
        if not problems:
            print(f"report: {len(rows)} rows")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
