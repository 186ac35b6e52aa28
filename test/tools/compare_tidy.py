#!/usr/bin/env python3
"""compare_tidy.py [options]

Runs coroscope's compile-time checks, clang-tidy 19's four coroutine checks and
Clang 19's own warnings over every case of test/comparison/ and prints the
Markdown table of docs/checks.md ("Compared with clang-tidy 19 and Clang's own
diagnostics"):

  python3 test/tools/compare_tidy.py                          # print the table
  python3 test/tools/compare_tidy.py --update docs/checks.md  # rewrite it there
  python3 test/tools/compare_tidy.py --extract docs/checks.md # the table in the doc

A case is either
  * a .cpp file whose first line is `// CASE [bad]: <description>` or
    `// CASE [good]: <description>`; in a bad case, the lines where a finding
    belongs end in a `// BAD` comment; or
  * a .test file that runs one of the shared cases in place: `# CASE:
    <description>` and `# DEFINE: %{case} = %S/<path>`; bad or good, and the
    lines, come from the shared case's `// EXPECT:` line.
Either may add `NOTE: <text>` (appended to the verdict), and a .cpp case
`// DEFINE: %{tidy_config} = <yaml>`, which its RUN line and this script pass
to clang-tidy as --config.

A tool *finds* a bad case when one of its warnings is on one of its lines.
In a good case every warning is a false positive, except coroscope's
task-type-hygiene, which is advice about a type, not about the code.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES = os.path.join(ROOT, "test", "comparison")
BEGIN = "<!-- compare_tidy.py: begin -->"
END = "<!-- compare_tidy.py: end -->"

TIDY_CHECKS = [
    "cppcoreguidelines-avoid-capturing-lambda-coroutines",
    "cppcoreguidelines-avoid-reference-coroutine-parameters",
    "cppcoreguidelines-no-suspend-with-lock",
    "misc-coroutine-hostile-raii",
]
TIDY_CXXFLAGS = ["-std=c++20", "-fno-caret-diagnostics"]
ADVICE = {"task-type-hygiene"}


# The three commands; test/comparison/lit.local.cfg builds its RUN lines from these.
def coroscope_cmd(clangxx, plugin):
    return [clangxx, "-std=c++20", "-fsyntax-only", "-fno-caret-diagnostics", f"-fplugin={plugin}",
            "-fplugin-arg-coroscope-enable=task-type-hygiene"]


def clang_cmd(clangxx):
    return [clangxx, "-std=c++20", "-fsyntax-only", "-fno-caret-diagnostics", "-Wall", "-Wextra"]


def tidy_cmd(clang_tidy):
    return [clang_tidy, "--quiet", "--checks=" + ",".join(["-*"] + TIDY_CHECKS)]


DIAG = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<kind>warning|error|fatal error): "
                  r"(?P<msg>.*?)(?: \[(?P<name>[^\]]+)\])?$")


class Case:
    def __init__(self, path):
        self.path = path  # the case file in test/comparison
        self.source = path  # what the tools compile
        self.note = ""
        self.tidy_config = None
        if path.endswith(".cpp"):
            self._read_cpp()
        else:
            self._read_test()

    def _read_cpp(self):
        with open(self.path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        m = re.match(r"// CASE \[(bad|good)\]: (.+)$", lines[0] if lines else "")
        if not m:
            sys.exit(f"{self.path}:1: expected `// CASE [bad|good]: <description>`")
        self.bad, self.description = m.group(1) == "bad", m.group(2).strip()
        self.bad_lines = {n for n, text in enumerate(lines, 1) if re.search(r"//\s*BAD\b", text)}
        for text in lines:
            if m := re.match(r"// NOTE: (.+)$", text):
                self.note = m.group(1).strip()
            if m := re.match(r"// DEFINE: %\{tidy_config\} = (.+)$", text):
                self.tidy_config = m.group(1).strip()
        if self.bad != bool(self.bad_lines):
            sys.exit(f"{self.path}: a [bad] case needs `// BAD` lines and a [good] case has none")

    def _read_test(self):
        with open(self.path, encoding="utf-8") as f:
            text = f.read()
        desc = re.search(r"^# CASE: (.+)$", text, re.M)
        define = re.search(r"^# DEFINE: %\{case\} = %S/(\S+)$", text, re.M)
        if not desc or not define:
            sys.exit(f"{self.path}: expected `# CASE: ...` and `# DEFINE: %{{case}} = %S/...`")
        self.description = desc.group(1).strip()
        if note := re.search(r"^# NOTE: (.+)$", text, re.M):
            self.note = note.group(1).strip()
        self.source = os.path.normpath(os.path.join(os.path.dirname(self.path), define.group(1)))
        with open(self.source, encoding="utf-8") as f:
            expect = re.search(r"^// EXPECT: (.+)$", f.read(), re.M)
        if not expect:
            sys.exit(f"{self.source}: no // EXPECT: line")
        if expect.group(1).strip() == "none":
            self.bad, self.bad_lines = False, set()
        else:
            m = re.match(r"[\w-]+ \S+ line ([\d, ]+)$", expect.group(1).strip())
            if not m:
                sys.exit(f"{self.source}: cannot parse its EXPECT line")
            self.bad = True
            self.bad_lines = {int(n) for n in m.group(1).replace(" ", "").split(",") if n}


def run(cmd):
    """[(name, file, line)] of every warning the command prints; any error stops the script."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found = []
    for text in p.stdout.splitlines():
        m = DIAG.match(text)
        if m and m.group("kind") != "warning":
            p.returncode = p.returncode or 1
        elif m:
            found.append((m.group("name") or "", os.path.realpath(m.group("file")), int(m.group("line"))))
    if p.returncode != 0:
        sys.exit(f"compare_tidy.py: {shlex.join(cmd)} failed ({p.returncode}):\n{p.stdout}")
    return found


def measure(case, args):
    src = case.source
    # Clang's own warnings in this output are the Clang column's, from its own run.
    found = run(coroscope_cmd(args.clangxx, args.plugin) + [src])
    coroscope = [(n[len("-Wcoroscope-"):], f, l) for n, f, l in found if n.startswith("-Wcoroscope-")]
    config = [f"--config={case.tidy_config}"] if case.tidy_config else []
    tidy = run(tidy_cmd(args.clang_tidy) + config + [src, "--"] + TIDY_CXXFLAGS)
    clang = run(clang_cmd(args.clangxx) + [src])
    return coroscope, tidy, clang


def on_target(case, found):
    """The warnings that count: on a bad case's lines; in a good case all but advice."""
    src = os.path.realpath(case.source)
    if case.bad:
        return [w for w in found if w[1] == src and w[2] in case.bad_lines]
    return [w for w in found if w[0] not in ADVICE]


def cell(case, found):
    if not found:
        return "—"
    src = os.path.realpath(case.source)
    hits = set(on_target(case, found))
    groups = {}  # name -> {where: count}, in the order of the output
    for w in found:
        name, path, line = w
        where = f"L{line}" if path == src else f"{os.path.basename(path)}:{line}"
        sites = groups.setdefault(name, {})
        sites[where] = sites.get(where, 0) + 1
    parts = []
    for name, sites in groups.items():
        text = f"`{name}` " + ", ".join(w + (f" ×{n}" if n > 1 else "") for w, n in sites.items())
        if case.bad and not any(w in hits for w in found if w[0] == name):
            text += " (not this fault)"
        elif not case.bad and name in ADVICE:
            text += " (advice on the type)"
        parts.append(text)
    return "; ".join(parts)


def verdict(case, coroscope, tidy, clang):
    c, t, k = (bool(on_target(case, found)) for found in (coroscope, tidy, clang))
    if case.bad:
        if c:
            return "agrees" if t or k else "only coroscope"
        if t or k:
            return "only " + " and ".join(n for n, hit in (("clang-tidy", t), ("Clang", k)) if hit)
        return "none finds it"
    if not (c or t or k):
        return "agrees (no finding)"
    if not c:
        return "coroscope more precise"
    return "false positive in both" if t or k else "coroscope false positive"


def cases():
    names = sorted(n for n in os.listdir(CASES)
                   if n.endswith(".cpp") or (n.endswith(".test") and n != "table.test"))
    return [Case(os.path.join(CASES, n)) for n in names]


def table(args):
    docs = os.path.join(ROOT, "docs")
    rows = ["| case | coroscope | clang-tidy 19 | Clang 19 | verdict |",
            "| --- | --- | --- | --- | --- |"]
    counts = {}
    for case in cases():
        coroscope, tidy, clang = measure(case, args)
        link = f"[{os.path.basename(case.source)}]({os.path.relpath(case.source, docs)})"
        kind = "bad" if case.bad else "good"
        v = verdict(case, coroscope, tidy, clang)
        counts[v] = counts.get(v, 0) + 1
        rows.append(f"| {kind}: {case.description} ({link}) | {cell(case, coroscope)} | "
                    f"{cell(case, tidy)} | {cell(case, clang)} | {v}{': ' + case.note if case.note else ''} |")
    total = sum(counts.values())
    summary = ", ".join(f"{v} {n}" for v, n in sorted(counts.items(), key=lambda i: (-i[1], i[0])))
    return "\n".join(rows) + f"\n\n{total} cases: {summary}.\n"


def doc_table(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"{path}: no {BEGIN} ... {END} block")
    head, rest = text.split(BEGIN, 1)
    body, tail = rest.split(END, 1)
    return head, body.strip("\n") + "\n", tail


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clangxx", default="clang++-19")
    ap.add_argument("--clang-tidy", default="clang-tidy-19")
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib", "CoroScope.so"))
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--update", metavar="DOC", help="replace the table between the markers in DOC")
    mode.add_argument("--extract", metavar="DOC", help="print the table between the markers in DOC")
    args = ap.parse_args()
    if args.extract:
        sys.stdout.write(doc_table(args.extract)[1])
        return 0
    out = table(args)
    if args.update:
        head, _, tail = doc_table(args.update)
        with open(args.update, "w", encoding="utf-8") as f:
            f.write(f"{head}{BEGIN}\n{out}{END}{tail}")
    else:
        sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
