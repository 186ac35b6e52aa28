#!/usr/bin/env python3
"""check_threads.py STDERR REPORT.json

For every concurrent-resume finding the runtime printed on stderr, checks
that the threads it names agree with the report: the site's line (the
warning's suspend point, whose await_suspend touched its awaiter) carries the
finding's thread, the related line (the resume) its other_thread
(docs/checks.md#concurrent-resume). Exit 0 when they agree (and there was at
least one such finding), 1 otherwise.
"""
import json
import re
import sys


def main() -> int:
    text = open(sys.argv[1]).read()
    findings = [f for f in json.load(open(sys.argv[2])).get("findings", [])
                if f.get("check") == "concurrent-resume"]
    blocks = re.findall(r"==coroscope== \w+: concurrent-resume:.*?\n(?:  .*\n)+", text)
    if not blocks or not findings:
        print("check_threads: no concurrent-resume finding on stderr or in the report")
        return 1
    problems = 0
    for block in blocks:
        at = re.search(r"^  at \S+?:(\d+):\d+ .*\(thread (\d+)\)$", block, re.M)
        rel = re.search(r"^  \w+ at \S+ .*\(thread (\d+)\)$", block, re.M)
        if not at or not rel:
            continue
        line, site_thread, related_thread = int(at.group(1)), int(at.group(2)), int(rel.group(1))
        match = [f for f in findings if f.get("line") == line]
        if not match:
            print(f"check_threads: no report finding at line {line}")
            problems += 1
        elif not any(f["thread"] == site_thread and f["other_thread"] == related_thread
                     for f in match):
            f = match[0]
            print(f"check_threads: stderr says site on thread {site_thread}, resume on "
                  f"{related_thread}; the report says {f['thread']} and {f['other_thread']}")
            problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
