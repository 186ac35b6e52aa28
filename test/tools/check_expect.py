#!/usr/bin/env python3
"""check_expect.py CASE.cpp REPORT.json [STDERR]
check_expect.py --advice-case CASE.cpp

Checks a coroscope report against the case's first `// EXPECT:` line
(../shared/cases/README.md):

  // EXPECT: <check> <function> line <N>[,<N>...]
      a finding of <check> about <function> (its unqualified name) whose
      sites include one of the lines: the offending operation, a related
      site, the creation site, the async backtrace or the native stack;
  // EXPECT: none
      no finding at all, warnings included, and no coroscope report on stderr.

Advice (hot-sync, deep-chain, ...) is judged only for advice cases: a case
whose EXPECT names an advice, one in an `advice/` directory, or any case when
the environment has COROSCOPE_EXPECT_ADVICE=1 (a shared advice case whose
copy lives elsewhere). A run-time
case is about misuse; a deep chain or a frequently waiting function in it is
true advice, not a fault, and the advice cases cover that advice.

Exit 0 when the report matches, 1 with one line per problem otherwise.
With --advice-case: exit 0 when CASE is an advice case, 1 when it is not.
"""
import json
import os
import re
import sys

ADVICE = {"hot-sync", "always-waits", "halo-missed", "pass-through", "deep-chain", "large-frame"}


def unqualified(name: str) -> str:
    """'task<int> ns::Foo<int>::bar(int) const' -> 'bar'."""
    depth = 0
    cut = len(name)
    for i, ch in enumerate(name):  # the parameter list: first '(' outside <>
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            cut = i
            break
    head = name[:cut]
    depth = 0
    out = []
    for ch in head:  # drop template arguments
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    head = "".join(out).strip()
    head = head.split(" ")[-1]
    return head.split("::")[-1]


def lines_of(finding: dict) -> set:
    lines = {finding.get("line")}
    for key in ("related", "backtrace", "stack"):
        for item in finding.get(key) or []:
            lines.add(item.get("line"))
    creation = finding.get("creation")
    if isinstance(creation, dict):
        lines.add(creation.get("line"))
    return {l for l in lines if isinstance(l, int) and l > 0}


def expect_line(case: str):
    """The case's first EXPECT text, or None."""
    with open(case) as f:
        for line in f:
            m = re.match(r"\s*//\s*EXPECT:\s*(.*)", line)
            if m:
                return m.group(1).strip()
    return None


def is_advice_case(case: str, expect: str) -> bool:
    return "/advice/" in os.path.abspath(case) or \
        os.environ.get("COROSCOPE_EXPECT_ADVICE") == "1" or \
        (expect.split() or [""])[0] in ADVICE


def main() -> int:
    if sys.argv[1] == "--advice-case":
        return 0 if is_advice_case(sys.argv[2], expect_line(sys.argv[2]) or "") else 1
    case, report_path = sys.argv[1], sys.argv[2]
    stderr = open(sys.argv[3]).read() if len(sys.argv) > 3 else ""
    expect = expect_line(case)
    if expect is None:
        print(f"check_expect: {case}: no EXPECT line")
        return 2
    with open(report_path) as f:
        findings = json.load(f).get("findings", [])
    if not is_advice_case(case, expect):
        findings = [x for x in findings if x.get("severity") != "advice"]
    summary = "; ".join(f"{x.get('check')} {x.get('function')} line {x.get('line')}"
                        for x in findings) or "no findings"
    if expect == "none":
        problems = []
        if findings:
            problems.append(f"expected no finding, got: {summary}")
        if "==coroscope==" in stderr:
            problems.append("expected no coroscope report on stderr")
        for p in problems:
            print(f"check_expect: {case}: {p}")
        return 1 if problems else 0
    m = re.match(r"(\S+)\s+(\S+)\s+line\s+([\d,]+)", expect)
    if not m:
        print(f"check_expect: {case}: cannot parse EXPECT: {expect}")
        return 2
    check, function = m.group(1), m.group(2)
    want = {int(n) for n in m.group(3).split(",")}
    for x in findings:
        if x.get("check") == check and unqualified(x.get("function", "")) == function \
                and lines_of(x) & want:
            if x.get("severity") == "error" and check not in stderr:
                print(f"check_expect: {case}: {check} not reported on stderr")
                return 1
            print(f"check_expect: {case}: found {check} {function} at line(s) "
                  f"{sorted(lines_of(x) & want)}")
            return 0
    print(f"check_expect: {case}: expected {expect}; got: {summary}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
