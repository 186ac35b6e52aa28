#!/usr/bin/env python3
"""matrix.py - one program of the coverage matrix over build configurations.

Usage:
  matrix.py --clangxx CLANG++ --coroscope COROSCOPE --work DIR
            [--rows SET[,SET...]] [--lib SRC] [--dlopen SRC] [--extra FLAG]...
            [--std c++20] [--expect-finding CHECK]... [--allow-finding CHECK]...
            [--need-generator] [--timeout SECONDS]
            PROGRAM.cpp
  matrix.py --list-rows [--rows SET]

For each row (build configuration) it
  1. builds PROGRAM.cpp plainly and with coroscope (`coroscope flags
     --compile --compiler CLANG++`, and `--link` or `--link-static` for the
     runtime), with the
     row's flags; --lib SRC becomes a shared library linked to the program,
     --dlopen SRC one whose path is the program's only argument;
  2. runs both: same stdout, same exit status. The stdout holds the
     program's own ground truth (test/matrix/Inputs/mkit.h), heap frames
     included, so the instrumented build allocated exactly the frames the
     plain one did: the plugin changed no elision;
  3. runs `coroscope report --format json` on the log (trace mode, the
     default) and on the profile file of a second run with
     COROSCOPE_MODE=profile COROSCOPE_CHECKS=1 (same stdout and status
     again), and compares every
     `truth` line with the report, per function (file and line; template
     instantiations summed): calls, heap_frames, elided_frames, heap_bytes,
     awaits, suspends, waits, completed, sync_completions, and
     totals.frames_not_destroyed; every coroutine function of the report
     must have a truth line. Findings other than advice must be exactly
     those --expect-finding names (plus any --allow-finding ones). The
     profile report must also equal the trace report in what the truth
     lines do not cover: elided_bytes, frame_bytes_min/max and every
     site's reached and suspended counts. Unless the row expects a
     finding, a third run, COROSCOPE_MODE=profile (its default, the checks
     off: the pass's inline counting), must match the truth and the trace
     report the same way.
Each failing row prints `FAIL <program> <row>: ...` lines naming the count
that differed. Exits 1 if a row failed, 2 on bad usage.

Rows (--rows, comma-separated; a row appears once however often named):
  default   -O0, -O1, -O2, -O3 without -g, libstdc++, PIE, shared runtime
  pairwise  8 rows in which every pair of values of any two of the five
            dimensions (opt level, -g, standard library, PIE, runtime link)
            occurs: the orthogonal array L8(4^1 2^4)
  all       default + pairwise (11 distinct rows)
  asan      O1-g-libstdcxx-pie-shared-asan: built and run with
            -fsanitize=address (LeakSanitizer on, as by default)
  tsan      O1-g-libstdcxx-pie-shared-tsan: with -fsanitize=thread
  sanitizers  asan + tsan
  NAME      one row by name, e.g. O2-g-libcxx-nopie-static; a sixth part
            asan or tsan adds that sanitizer to any row
A sanitizer row builds the plain program with the sanitizer too, so both
runs end alike, and must give the same exact counts as a plain row; a
sanitizer's report fails the row unless the plain build has it as well.
"""
import argparse
import difflib
import itertools
import json
import os
import shlex
import subprocess
import sys
import time

import profile_check  # beside this script

OPT = ["O0", "O1", "O2", "O3"]
DEBUG = ["nog", "g"]
STDLIB = ["libstdcxx", "libcxx"]
PIE = ["pie", "nopie"]
RUNTIME = ["shared", "static"]
DIMENSIONS = [OPT, DEBUG, STDLIB, PIE, RUNTIME]
# An optional sixth part of a row; -O1 -g is what the sanitizers' docs advise.
SANITIZERS = {"asan": ["-fsanitize=address"],
              # The shared runtime: the static one defines the replaceable
              # operator new and delete forms mkit_main.h replaces too.
              "tsan": ["-fsanitize=thread", "-shared-libsan"]}
SANITIZER_BASE = ("O1", "g", "libstdcxx", "pie", "shared")


def row_name(row):
    return "-".join(row)


def row_sanitizer(row):
    return row[5] if len(row) == 6 else None


def default_rows():
    return [(o, "nog", "libstdcxx", "pie", "shared") for o in OPT]


def pairwise_rows():
    # L8: three bits x, y, z; the level is 2x+y, the two-valued dimensions
    # are z, x^z, y^z, x^y^z. Any two distinct nonzero linear forms over
    # GF(2)^3 take all four value pairs equally often, and each level (x, y
    # fixed) meets both values of every form containing z.
    rows = []
    for x, y, z in itertools.product((0, 1), repeat=3):
        rows.append((OPT[2 * x + y], DEBUG[z], STDLIB[x ^ z], PIE[y ^ z],
                     RUNTIME[x ^ y ^ z]))
    return rows


def check_pairwise(rows):
    """The covering property, checked on every run rather than trusted."""
    for (i, a), (j, b) in itertools.combinations(enumerate(DIMENSIONS), 2):
        seen = {(r[i], r[j]) for r in rows}
        for pair in itertools.product(a, b):
            if pair not in seen:
                raise SystemExit(f"matrix.py: pairwise rows miss {pair}")


def parse_rows(spec):
    rows = []
    for part in spec.split(","):
        if part == "default":
            rows += default_rows()
        elif part == "pairwise":
            rows += pairwise_rows()
        elif part == "all":
            rows += default_rows() + pairwise_rows()
        elif part in SANITIZERS:
            rows.append(SANITIZER_BASE + (part,))
        elif part == "sanitizers":
            rows += [SANITIZER_BASE + (san,) for san in SANITIZERS]
        else:
            row = tuple(part.split("-"))
            if (len(row) not in (5, 6) or any(v not in d for v, d in zip(row, DIMENSIONS))
                    or (len(row) == 6 and row[5] not in SANITIZERS)):
                raise SystemExit(f"matrix.py: bad row {part!r} (e.g. O2-g-libcxx-nopie-static)")
            rows.append(row)
    unique = []
    for r in rows:
        if r not in unique:
            unique.append(r)
    return unique


def row_flags(row, std):
    opt, debug, stdlib, pie = row[:4]
    flags = [f"-std={std}", f"-{opt}", "-pthread", "-Wno-unused-command-line-argument"]
    if debug == "g":
        flags.append("-g")
    if stdlib == "libcxx":
        flags.append("-stdlib=libc++")
    if row_sanitizer(row):
        flags += SANITIZERS[row_sanitizer(row)]
    return flags, (["-fPIE", "-pie"] if pie == "pie" else ["-fno-pie", "-no-pie"])


# ---- ground truth and report ------------------------------------------------

COUNT_KEYS = ["calls", "heap_frames", "heap_bytes", "awaits", "suspends", "waits",
              "completed", "sync_completions"]


def parse_truth(stdout):
    """{(file, line): {key: sum}}, names, and calls - destroyed over all
    lines (None if a line does not count destroyed frames)."""
    truth, names, destroyed, calls, all_destroyed = {}, {}, 0, 0, True
    for line in stdout.splitlines():
        if not line.startswith("truth "):
            continue
        head, _, name = line.partition(" function=")
        fields = dict(kv.split("=", 1) for kv in head.split()[1:])
        key = (fields.pop("file"), int(fields.pop("line")))
        all_destroyed = all_destroyed and "destroyed" in fields
        entry = truth.setdefault(key, {})
        for k, v in fields.items():
            if k == "destroyed":
                destroyed += int(v)
            else:
                entry[k] = entry.get(k, 0) + int(v)
        calls += int(fields.get("calls", 0))
        names.setdefault(key, []).append(name)
    return truth, names, (calls - destroyed) if all_destroyed else None


def compare(truth, names, not_destroyed, report, expect, allow):
    problems = []
    by_key = {}
    for fn in report["functions"]:
        key = (os.path.basename(fn["file"]), fn["line"])
        by_key.setdefault(key, []).append(fn)
    values = 0
    for key, want in sorted(truth.items()):
        label = f"{' | '.join(names[key])} ({key[0]}:{key[1]})"
        got_fns = by_key.pop(key, [])
        if not got_fns:
            problems.append(f"{label}: no such function in the report")
            continue
        checks = dict(want)
        if "heap_frames" in want and "calls" in want:
            checks["elided_frames"] = want["calls"] - want["heap_frames"]
        for k, v in checks.items():
            got = sum(f[k] for f in got_fns)
            values += 1
            if got != v:
                problems.append(f"{k} of {label}: truth {v}, report {got}")
    for key, fns in sorted(by_key.items()):
        for f in fns:
            problems.append(f"report has {f['function']} ({key[0]}:{key[1]}, "
                            f"{f['calls']} calls) without a truth line")
    if not_destroyed is not None:
        values += 1
        got = report["totals"]["frames_not_destroyed"]
        if got != not_destroyed:
            problems.append(f"frames_not_destroyed: truth {not_destroyed}, report {got}")
    found = {}
    for x in report.get("findings", []):
        if x["severity"] != "advice":
            found.setdefault(x["check"], []).append(x)
    for check in expect:
        if check not in found:
            problems.append(f"expected finding {check} missing")
    for check, xs in sorted(found.items()):
        if check not in expect and check not in allow:
            for x in xs:
                problems.append(f"unexpected finding {x['severity']} {check} in "
                                f"{x['function']} {x['file']}:{x['line']}: {x['message']}")
    return problems, values


# ---- building and running ------------------------------------------------------

class Failure(Exception):
    pass


def run(cmd, timeout, env=None, cwd=None):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              timeout=timeout, env=env, cwd=cwd)
    except subprocess.TimeoutExpired:
        raise Failure(f"timed out after {timeout}s: {shlex.join(cmd)}")


def compile_(cmd, timeout):
    r = run(cmd, timeout)
    if r.returncode != 0:
        raise Failure(f"build failed ({r.returncode}): {shlex.join(cmd)}\n{r.stderr.strip()}")


def coroscope_flags(coroscope, what, clangxx):
    r = subprocess.run([coroscope, "flags", what, "--compiler", clangxx],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"matrix.py: coroscope flags {what} failed: {r.stderr.strip()}")
    return shlex.split(r.stdout)


def has_generator(clangxx, std, stdlib_flags, work):
    probe = os.path.join(work, "generator-probe.cpp")
    with open(probe, "w") as f:
        f.write("#include <version>\n#ifndef __cpp_lib_generator\n#error no\n#endif\n")
    r = subprocess.run([clangxx, f"-std={std}", *stdlib_flags, "-fsyntax-only", probe],
                       capture_output=True)
    return r.returncode == 0


def sanitizer_runtime_dir(clangxx, san):
    r = subprocess.run([clangxx, f"-print-file-name=libclang_rt.{san}-x86_64.so"],
                       capture_output=True, text=True)
    return os.path.dirname(r.stdout.strip())


def sanitizer_summaries(stderr):
    """The one-line summaries a sanitizer prints per report (LSan: one for
    all its leaks, with the bytes and allocations)."""
    return sorted(line for line in stderr.splitlines()
                  if line.startswith("SUMMARY: ") and "Sanitizer" in line)


def sanitizer_differences(plain, other, label):
    want, got = sanitizer_summaries(plain.stderr), sanitizer_summaries(other.stderr)
    if want == got:
        return []
    return [f"sanitizer reports: plain {want}, {label} {got}\n    " +
            "\n    ".join(other.stderr.strip().splitlines()[:30])]


def build_and_run_row(args, row, compile_flags, link_shared, link_static):
    d = os.path.join(args.work, row_name(row))
    os.makedirs(d, exist_ok=True)
    common, exe_pie = row_flags(row, args.std)
    common += args.extra
    if row_sanitizer(row) == "tsan":
        common.append(f"-Wl,-rpath,{sanitizer_runtime_dir(args.clangxx, 'tsan')}")
    static = row[4] == "static"
    outputs = {}
    for variant in ("plain", "inst"):
        vd = os.path.join(d, variant)
        os.makedirs(vd, exist_ok=True)
        inst = variant == "inst"
        cflags = common + (compile_flags if inst else [])
        # Every image of an instrumented program names the runtime; with the
        # static runtime only the executable holds it (and exports it).
        lib_link = link_shared if inst and not static else []
        exe_link = (link_static if static else link_shared) if inst else []
        exe_extra = []
        if args.lib:
            lib = os.path.join(vd, "libshlib.so")
            compile_([args.clangxx, *cflags, "-fPIC", "-shared", args.lib, "-o", lib,
                      *lib_link], args.timeout)
            exe_extra += [lib, f"-Wl,-rpath,{vd}"]
        run_args = []
        if args.dlopen:
            plugin = os.path.join(vd, "plugin.so")
            compile_([args.clangxx, *cflags, "-fPIC", "-shared", args.dlopen, "-o", plugin,
                      *([os.path.join(vd, "libshlib.so")] if args.lib else []), *lib_link],
                     args.timeout)
            exe_extra.append("-ldl")
            run_args.append(plugin)
        exe = os.path.join(vd, "prog")
        compile_([args.clangxx, *cflags, *exe_pie, args.program, "-o", exe, *exe_extra,
                  *exe_link], args.timeout)
        env = dict(os.environ)
        log = os.path.join(vd, "coroscope.log")
        if inst:
            if os.path.exists(log):
                os.remove(log)
            env["COROSCOPE_OUT"] = log
        r = run([exe, *run_args], args.timeout, env=env, cwd=vd)
        outputs[variant] = r
    plain, inst = outputs["plain"], outputs["inst"]
    problems = []
    if plain.returncode != inst.returncode:
        problems.append(f"exit status: plain {plain.returncode}, instrumented {inst.returncode}")
    if plain.stdout != inst.stdout:
        diff = list(difflib.unified_diff(plain.stdout.splitlines(), inst.stdout.splitlines(),
                                         "plain", "instrumented", lineterm="", n=0))
        problems.append("stdout differs:\n    " + "\n    ".join(diff[:40]))
    if row_sanitizer(row):
        problems += sanitizer_differences(plain, inst, "instrumented")
    if problems:
        if inst.stderr.strip():
            problems.append("instrumented stderr:\n    " +
                            "\n    ".join(inst.stderr.strip().splitlines()[:20]))
        raise Failure("\n  ".join(problems))
    truth, names, not_destroyed = parse_truth(inst.stdout)
    if not truth:
        raise Failure("the program printed no truth lines")
    report_path = os.path.join(d, "report.json")
    r = run([args.coroscope, "report", "--format", "json", "-o", report_path,
             os.path.join(d, "inst", "coroscope.log")], args.timeout)
    if r.returncode != 0:
        raise Failure(f"coroscope report failed ({r.returncode}): {r.stderr.strip()}")
    with open(report_path) as f:
        report = json.load(f)
    problems, values = compare(truth, names, not_destroyed, report,
                               args.expect_finding, args.allow_finding)
    if problems:
        raise Failure("\n  ".join(problems))
    # Profile mode: the same binary, figures kept in the process.
    vd = os.path.join(d, "inst")
    exe = os.path.join(vd, "prog")
    run_args = [os.path.join(vd, "plugin.so")] if args.dlopen else []

    def profile_run(label, name, extra_env, expect, sanitizers):
        """Runs the binary again with COROSCOPE_MODE=profile and extra_env:
        the same stdout and status, the truth, and the trace report's counts."""
        plog = os.path.join(vd, name + ".log")
        if os.path.exists(plog):
            os.remove(plog)
        env = dict(os.environ, COROSCOPE_OUT=plog, COROSCOPE_MODE="profile", **extra_env)
        prof = run([exe, *run_args], args.timeout, env=env, cwd=vd)
        if prof.returncode != inst.returncode or prof.stdout != inst.stdout:
            raise Failure(f"{label}: exit status {prof.returncode} (trace {inst.returncode})"
                          f" or stdout differs; stderr: {prof.stderr.strip()[:2000]}")
        if sanitizers:
            problems = sanitizer_differences(plain, prof, label)
            if problems:
                raise Failure("\n  ".join(problems))
        ptruth, pnames, pnot_destroyed = parse_truth(prof.stdout)
        preport_path = os.path.join(d, name + "-report.json")
        r = run([args.coroscope, "report", "--format", "json", "-o", preport_path, plog],
                args.timeout)
        if r.returncode != 0:
            raise Failure(f"{label}: coroscope report failed ({r.returncode}): "
                          f"{r.stderr.strip()}")
        with open(preport_path) as f:
            preport = json.load(f)
        problems, pvalues = compare(ptruth, pnames, pnot_destroyed, preport, expect,
                                    args.allow_finding)
        problems += compare_modes(report, preport)
        if problems:
            raise Failure(f"{label}:\n  " + "\n  ".join(problems))
        return pvalues

    # Profile mode with the checks on: every hook is called, and the runtime
    # counts (profile mode's default is the checks off).
    pvalues = profile_run("profile mode", "profile", {"COROSCOPE_CHECKS": "1"},
                          args.expect_finding, row_sanitizer(row))
    # Profile mode with the checks off: the pass's inline counting
    # (plugin/HookFastPath.h, ProfileInline.h) in place of the hooks. A row
    # that expects a run-time finding needs the checks.
    if args.expect_finding:
        return len(truth), values + pvalues
    fvalues = profile_run("profile mode, checks off", "profile-nochecks", {}, [], False)
    return len(truth), values + pvalues + fvalues


def compare_modes(trace, profile):
    """What the truth lines do not cover, trace report == profile report.
    Site waits and the totals are left to the truth: a threaded program's
    two runs may differ there."""
    problems, _ = profile_check.equal(
        trace, profile, counts=["elided_bytes", "frame_bytes_min", "frame_bytes_max"],
        site_counts=["reached", "suspended"], totals=False)
    return problems


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("--clangxx")
    ap.add_argument("--coroscope")
    ap.add_argument("--work")
    ap.add_argument("--rows", default="all")
    ap.add_argument("--lib")
    ap.add_argument("--dlopen")
    ap.add_argument("--extra", action="append", default=[])
    ap.add_argument("--std", default="c++20")
    ap.add_argument("--expect-finding", action="append", default=[])
    ap.add_argument("--allow-finding", action="append", default=[])
    ap.add_argument("--need-generator", action="store_true",
                    help="skip rows whose standard library has no <generator>")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--list-rows", action="store_true")
    ap.add_argument("program", nargs="?")
    args = ap.parse_args()
    check_pairwise(pairwise_rows())
    rows = parse_rows(args.rows)
    if args.list_rows:
        for r in rows:
            print(row_name(r))
        return 0
    if not (args.clangxx and args.coroscope and args.work and args.program):
        ap.print_usage(sys.stderr)
        return 2
    os.makedirs(args.work, exist_ok=True)
    compile_flags = coroscope_flags(args.coroscope, "--compile", args.clangxx)
    link_shared = coroscope_flags(args.coroscope, "--link", args.clangxx)
    link_static = coroscope_flags(args.coroscope, "--link-static", args.clangxx)
    prog = os.path.splitext(os.path.basename(args.program))[0]
    failed, ran, start = 0, 0, time.monotonic()
    for row in rows:
        t0 = time.monotonic()
        if args.need_generator and not has_generator(
                args.clangxx, args.std, ["-stdlib=libc++"] if row[2] == "libcxx" else [],
                args.work):
            print(f"skip {prog} {row_name(row)}: no <generator> in this standard library")
            continue
        ran += 1
        try:
            functions, values = build_and_run_row(args, row, compile_flags,
                                                  link_shared, link_static)
            print(f"ok   {prog} {row_name(row)}: {functions} functions, {values} values "
                  f"({time.monotonic() - t0:.1f}s)")
        except Failure as e:
            failed += 1
            print(f"FAIL {prog} {row_name(row)}:\n  {e}")
        sys.stdout.flush()
    print(f"{prog}: {ran - failed}/{ran} rows ok in {time.monotonic() - start:.0f}s")
    if ran == 0:
        print(f"FAIL {prog}: no row ran")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
