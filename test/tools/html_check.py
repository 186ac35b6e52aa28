#!/usr/bin/env python3
"""html_check.py - checks a `coroscope report --format html` page.

  html_check.py PAGE.html REPORT.json [--dom] [--order KEY asc|desc]
      PAGE is the file itself, or with --dom what `chromium --headless
      --dump-dom` made of it (after its script ran). Checks, against the
      JSON report of the same logs: one function-table row per function,
      its name and counts; one site row per suspend site whose share bar
      says "did not suspend", "suspended, resumed ..." and "waited" with the
      report's figures; one article per finding with its check; nothing
      loaded from outside (no src, link, url(), @import or http(s)); one
      article per frame alive at the end (the first 1,000). --order: the rows are the report's
      functions sorted by KEY (as the page's script sorts on #sort=KEY).
      Prints one line per part; exit 1 with one line per difference.
"""
import html.parser
import json
import re
import sys


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.rows, self.sites, self.findings = [], [], [], []
        self.scripts, self.external, self.filter_hidden, self.live = 0, [], None, 0
        self.cur, self.text = None, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "src" in a:
            self.external.append(f"{tag} src={a['src']}")
        if (a.get("href") or "").startswith(("http:", "https:", "//")):
            self.external.append(f"{tag} href={a['href']}")
        if tag == "link":
            self.external.append("link")
        if tag == "script":
            self.scripts += 1
        if tag == "input" and a.get("id") == "filter":
            self.filter_hidden = "hidden" in a
        if tag == "tr" and (a.get("id") or "").startswith("fn-"):
            self.cur = {"kind": "fn", "name": a.get("data-name"), "cells": []}
        if tag == "tr" and (a.get("id") or "").startswith("site-"):
            self.cur = {"kind": "site", "id": a["id"], "cells": [], "bars": {}}
        if tag == "td" and self.cur is not None:
            self.text = []
        if tag == "span" and self.cur is not None and self.cur["kind"] == "site" and "title" in a:
            label, _, n = a["title"].rpartition(": ")
            self.cur["bars"][label] = int(n)
        if tag == "article" and "finding" in (a.get("class") or ""):
            self.findings.append(a.get("data-check"))
        if tag == "article" and a.get("class") == "live":
            self.live += 1
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag == "td" and self.cur is not None:
            self.cur["cells"].append("".join(self.text).strip())
        if tag == "tr" and self.cur is not None:
            (self.rows if self.cur["kind"] == "fn" else self.sites).append(self.cur)
            self.cur = None
        if self.stack:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def main():
    page_path, report_path = sys.argv[1], sys.argv[2]
    dom = "--dom" in sys.argv[3:]
    with open(page_path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    with open(report_path) as f:
        report = json.load(f)
    p = Page()
    p.feed(text)
    problems = []
    fns = report["functions"]
    if "--order" in sys.argv:
        key, way = sys.argv[sys.argv.index("--order") + 1:][:2]
        fns = sorted(fns, key=lambda f: f[key], reverse=way == "desc")
    if [r["name"] for r in p.rows] != [f["function"] for f in fns]:
        problems.append(f"function rows {[r['name'] for r in p.rows]} != {[f['function'] for f in fns]}")
    for r, f in zip(p.rows, fns):
        # name cell first, then calls, heap, elided
        want = [str(f["calls"]), str(f["heap_frames"]), str(f["elided_frames"])]
        if r["cells"][1:4] != want:
            problems.append(f"{f['function']}: cells {r['cells'][1:4]} != {want}")
    sites = [s for f in report["functions"] for s in f["sites"]]
    if p.live != min(len(report["live_frames"]), 1000):
        problems.append(f"{p.live} live frames, the report has {len(report['live_frames'])}")
    if len(p.sites) != len(sites):
        problems.append(f"{len(p.sites)} site rows, the report has {len(sites)}")
    for row, s in zip(p.sites, sites):
        want = {"did not suspend": s["reached"] - s["suspended"],
                "suspended, resumed in the same activation": s["suspended"] - s["waits"],
                "waited": s["waits"]}
        want = {k: v for k, v in want.items() if v}
        if row["bars"] != want:
            problems.append(f"{row['id']}: bar {row['bars']} != {want}")
    checks = [f["check"] for f in report["findings"]]
    if p.findings != checks:
        problems.append(f"findings {p.findings} != {checks}")
    if re.search(r"url\(|@import|https?://", text):
        problems.append("a url(), @import or http(s) reference")
    problems += [f"external: {e}" for e in p.external]
    if p.scripts != 1:
        problems.append(f"{p.scripts} script elements, not 1")
    if dom and p.filter_hidden is not False:
        problems.append("the filter is still hidden: the script did not run")
    for x in problems:
        print(x)
    if not problems:
        print(f"functions: {len(p.rows)} rows, equal")
        print(f"sites: {len(p.sites)} bars, equal")
        print(f"findings: {len(p.findings)}, equal")
        print(f"live frames: {p.live}, equal")
        print("external: none")
        if dom:
            print("script: ran")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
