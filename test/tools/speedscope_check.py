#!/usr/bin/env python3
"""speedscope_check.py - loads a Trace Event Format file in speedscope.

  speedscope_check.py SPEEDSCOPE_RELEASE_DIR TRACE.json REPORT.json CHROMIUM...

Serves the speedscope release (npm package speedscope, dist/release) and
TRACE from 127.0.0.1 on a free port (speedscope fetches the profile, which
file:// pages may not), opens it in CHROMIUM (the rest of the command line,
e.g. headless chromium with its flags) in speedscope's sandwich view and
reads the rendered DOM: speedscope's toolbar must be there (it is only
after a profile loaded), and every function of REPORT must be listed.
Prints "speedscope: loaded, N of N functions listed"; exit 1 otherwise.
"""
import functools
import html
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading


def main():
    release, trace, report_path = sys.argv[1:4]
    chromium = sys.argv[4:]
    with open(report_path) as f:
        names = [fn["function"] for fn in json.load(f)["functions"]]
    with tempfile.TemporaryDirectory() as root:
        os.symlink(os.path.abspath(release), os.path.join(root, "speedscope"))
        shutil.copy(trace, os.path.join(root, "trace.json"))
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=root)
        handler.log_message = lambda *args: None
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        url = (f"{base}/speedscope/index.html#profileURL={base}/trace.json"
               "&title=coroscope-trace&view=sandwich")
        dom = subprocess.run(chromium + [f"--user-data-dir={root}/profile",
                                         "--virtual-time-budget=10000", "--dump-dom", url],
                             capture_output=True, text=True, timeout=150).stdout
        server.shutdown()
    text = html.unescape(dom)
    problems = []
    if "Time Order" not in text or "coroscope-trace" not in text:
        problems.append("speedscope did not load the trace (no toolbar)")
    listed = [n for n in names if n in text]
    if len(listed) != len(names):
        problems.append(f"not listed: {sorted(set(names) - set(listed))}")
    for p in problems:
        print(p)
    if not problems:
        print(f"speedscope: loaded, {len(listed)} of {len(names)} functions listed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
