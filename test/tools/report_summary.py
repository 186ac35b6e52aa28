#!/usr/bin/env python3
"""report_summary.py REPORT.json

Prints a coroscope JSON report as stable one-line-per-record text for
FileCheck, independent of the text renderer's column layout:

  function <name> calls=N heap=N elided=N heap_bytes=N completed=N sync=N awaits=N suspends=N waits=N elided_bytes=N frame_bytes_max=N
    site <kind> <line>:<column> reached=N suspended=N waits=N awaiter=<type>
  finding <severity> <check> <function> <line>:<column> [<figure>=<value> ...]
"""
import json
import sys


def main() -> int:
    with open(sys.argv[1]) as f:
        report = json.load(f)
    if report.get("schema") != "coroscope-report/1":
        print(f"report_summary: unexpected schema {report.get('schema')!r}", file=sys.stderr)
        return 2
    for fn in report["functions"]:
        print(f"function {fn['function']} calls={fn['calls']} heap={fn['heap_frames']} "
              f"elided={fn['elided_frames']} heap_bytes={fn['heap_bytes']} "
              f"completed={fn['completed']} sync={fn['sync_completions']} "
              f"awaits={fn['awaits']} suspends={fn['suspends']} waits={fn['waits']} "
              f"elided_bytes={fn['elided_bytes']} frame_bytes_max={fn['frame_bytes_max']}")
        for s in fn["sites"]:
            print(f"  site {s['kind']} {s['line']}:{s['column']} reached={s['reached']} "
                  f"suspended={s['suspended']} waits={s['waits']} awaiter={s['awaiter']}")
    for x in report.get("findings", []):
        figures = "".join(f" {k}={v}" for k, v in (x.get("figures") or {}).items())
        print(f"finding {x['severity']} {x['check']} {x['function']} "
              f"{x['line']}:{x['column']}{figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
