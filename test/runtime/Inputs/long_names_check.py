"""Checks for long-names.cpp: the cut name in the report and on stderr."""
import json
import sys

MARK = "\u2026"
report = json.load(open(sys.argv[1], encoding="utf-8"))
names = [f["function"] for f in report["functions"] if "longNamed" in f["function"]]
name = names[0]
print(f"log name: {len(name.encode())} bytes, ends with the marker: {name.endswith(MARK)},"
      f" starts like the name: {name.startswith('Task longNamed<std::integer_sequence<int, 0, 1, 2, 3,')}")
with open(sys.argv[2], "rb") as f:
    lines = [l for l in f.read().split(b"\n") if b"longNamed" in l]
line = max(lines, key=len).decode()
print(f"stderr line: {len((line + chr(10)).encode())} bytes, ends with the marker: {line.endswith(MARK)}")
