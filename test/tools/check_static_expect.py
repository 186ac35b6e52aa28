#!/usr/bin/env python3
"""check_static_expect.py CASE.cpp DIAGNOSTICS.txt

Checks the plugin's compile-time diagnostics (clang's stderr) against the
case's first `// EXPECT:` line (../shared/cases/README.md):

  // EXPECT: <check> <function> line <N>[,<N>...]
      a `warning:` (or `error:`) ending in `[-Wcoroscope-<check>]` whose line,
      or the line of one of the notes that follow it, is one of the N, and
      whose text or notes name <function> in quotes ('load'): every
      coroscope message names the function it is about;
  // EXPECT: none
      no coroscope diagnostic at all.

Exit 0 when the diagnostics match, 1 with one line per problem otherwise.
"""
import re
import sys

DIAG = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): (?P<kind>warning|error|note): (?P<msg>.*)$")
CHECK = re.compile(r"\[(?:-Werror,)?-Wcoroscope-(?P<check>[a-z-]+)\]$")


def parse_expect(path):
    with open(path, encoding="utf-8") as f:
        for text in f:
            m = re.match(r"\s*//\s*EXPECT:\s*(.*)$", text)
            if not m:
                continue
            spec = m.group(1).strip()
            if spec == "none":
                return None
            m = re.match(r"(?P<check>[\w-]+)\s+(?P<func>\S+)\s+line\s+(?P<lines>[\d,\s]+)$", spec)
            if not m:
                sys.exit(f"{path}: cannot parse EXPECT line: {spec!r}")
            lines = {int(n) for n in m.group("lines").replace(" ", "").split(",") if n}
            return m.group("check"), m.group("func"), lines
    sys.exit(f"{path}: no // EXPECT: line")


def parse_findings(path):
    """Each coroscope warning with its notes: (check, [(line, msg)...])."""
    findings = []
    current = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for text in f:
            m = DIAG.match(text.rstrip("\n"))
            if not m:
                continue
            kind, msg, line = m.group("kind"), m.group("msg"), int(m.group("line"))
            if kind == "note":
                if current is not None:
                    current[1].append((line, msg))
                continue
            c = CHECK.search(msg)
            current = (c.group("check"), [(line, msg)]) if c else None
            if current:
                findings.append(current)
    return findings


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    case, diags = sys.argv[1], sys.argv[2]
    expect = parse_expect(case)
    findings = parse_findings(diags)
    if expect is None:
        for check, sites in findings:
            print(f"unexpected finding: {check} at line {sites[0][0]}: {sites[0][1]}")
        return 1 if findings else 0
    check, func, lines = expect
    for got, sites in findings:
        if got != check:
            continue
        if not any(line in lines for line, _ in sites):
            continue
        if any(f"'{func}'" in msg for _, msg in sites):
            return 0
    print(f"missing: {check} about '{func}' at one of lines {sorted(lines)}; got:")
    for got, sites in findings:
        print(f"  {got}: " + "; ".join(f"{line}: {msg}" for line, msg in sites))
    return 1


if __name__ == "__main__":
    sys.exit(main())
