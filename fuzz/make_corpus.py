#!/usr/bin/env python3
"""make_corpus.py - the seed corpus of the fuzz targets (fuzz/).

Usage: make_corpus.py --src ROOT --out DIR [--clangxx CXX --plugin SO --lib DIR
                      --coroscope BIN]

Writes one directory per corpus under DIR, each file named by its content's
SHA-1 (as libFuzzer names its own):
  log/      the examples' logs (trace mode, -O0 and -O2, small arguments; each
            also without checksums, test/tools/log_header.py) and
            the mklog descriptions of test/analyzer/Inputs, malformed ones too
            (not those with placeholders for sed)
  profile/  the examples' logs in profile mode (Profile chunks)
  json/     the JSON inputs written by test/ (printf '...' > X.json, and the
            .json sections of split-file tests) and the examples' reports in
            JSON: seeds for the baseline, budget and .coroscope.json targets
Without --clangxx only the mklog logs and the JSON inputs of test/ are made.
Then DIR/stamp is written.
"""
import argparse
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "tools"))
from log_header import base_header  # noqa: E402

# Small runs keep the seeds small: libFuzzer mutates whole inputs.
EXAMPLES = [
    ("await_vs_return", []),
    ("price_cache_task", []),
    ("price_cache_value_task", []),
    ("chains", ["completed", "3", "4"]),
    ("chains", ["suspending", "3", "4"]),
    ("chains", ["locals", "4"]),
    ("chains", ["stream", "4"]),
]
PRINTF_JSON = re.compile(r"printf '(\{[^']*|\[[^']*)' > \S+\.json")
SPLIT_JSON = re.compile(r"^#--- (?!cdb)\S+\.json\n(.*?)(?=^#--- |\Z)", re.M | re.S)


def put(corpus, data):
    os.makedirs(corpus, exist_ok=True)
    with open(os.path.join(corpus, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def json_inputs(src):
    """The JSON texts the lit tests feed to coroscope and the plugin."""
    for test in sorted(glob.glob(os.path.join(src, "test", "**", "*.test"), recursive=True)):
        text = open(test, encoding="utf-8").read()
        for m in PRINTF_JSON.finditer(text):
            yield m.group(1).encode()
        for m in SPLIT_JSON.finditer(text):
            yield m.group(1).encode()


def mklog_logs(src, work):
    inputs = os.path.join(src, "test", "analyzer", "Inputs")
    mklog = os.path.join(src, "test", "tools", "mklog.py")
    for desc in sorted(glob.glob(os.path.join(inputs, "*.txt"))):
        out = os.path.join(work, "mklog.log")
        # A few descriptions are templates the tests fill in with sed.
        if subprocess.run([sys.executable, mklog, desc, "-o", out],
                          stderr=subprocess.DEVNULL).returncode == 0:
            yield open(out, "rb").read()


def example_logs(args, work):
    """(trace log, profile log, JSON report) of each example run."""
    for opt in ("-O0", "-O2"):
        built = set()
        for n, (name, argv) in enumerate(EXAMPLES):
            exe = os.path.join(work, name + opt)
            if name not in built:
                subprocess.run([args.clangxx, "-std=c++20", "-pthread", opt,
                                "-fplugin=" + args.plugin,
                                os.path.join(args.src, "examples", name + ".cpp"), "-o", exe,
                                "-L" + args.lib, "-Wl,-rpath," + args.lib, "-lcoroscope_rt"],
                               check=True)
                built.add(name)
            logs = []
            for mode in ("trace", "profile"):
                log = os.path.join(work, f"{n}{opt}.{mode}.log")
                env = dict(os.environ, COROSCOPE_OUT=log, COROSCOPE_MODE=mode)
                subprocess.run([exe] + argv, env=env, check=True, stdout=subprocess.DEVNULL)
                logs.append(log)
            report = subprocess.run([args.coroscope, "report", "--format", "json", logs[0]],
                                    check=True, capture_output=True).stdout
            yield open(logs[0], "rb").read(), open(logs[1], "rb").read(), report


def without_checksums(data):
    """The log with the 32-byte header and no checksums: a mutation of a
    checksummed chunk only meets the checksum, so these seeds are the ones
    whose mutations reach the chunk readers."""
    header, header_size = base_header(data)
    return header + data[header_size:]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--src", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--clangxx")
    p.add_argument("--plugin")
    p.add_argument("--lib")
    p.add_argument("--coroscope")
    args = p.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    log, profile, js = (os.path.join(args.out, d) for d in ("log", "profile", "json"))
    with tempfile.TemporaryDirectory() as work:
        for data in mklog_logs(args.src, work):
            put(log, data)
        for data in json_inputs(args.src):
            put(js, data)
        if args.clangxx:
            for trace, prof, report in example_logs(args, work):
                for data in (trace, without_checksums(trace)):
                    put(log, data)
                for data in (prof, without_checksums(prof)):
                    put(profile, data)
                put(js, report)
    counts = {d: len(os.listdir(os.path.join(args.out, d)))
              for d in ("log", "profile", "json") if os.path.isdir(os.path.join(args.out, d))}
    with open(os.path.join(args.out, "stamp"), "w") as f:
        f.write(" ".join(f"{d}={n}" for d, n in counts.items()) + "\n")
    print("make_corpus: " + ", ".join(f"{n} {d}" for d, n in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
