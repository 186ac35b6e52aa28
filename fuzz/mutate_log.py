#!/usr/bin/env python3
"""mutate_log.py - damage a large log many times and check every report.

Usage: mutate_log.py --coroscope BIN --log LOG --work DIR [--seed N]
                     [--flips N] [--overwrites N] [--truncations N]
                     [--resealed N] [--sanitized FUZZ_REPORT] [--timeout S]
                     [--keep DIR]

Makes copies of LOG, each with one change drawn from a random.Random(seed):
  flips        one bit flipped at a random offset
  overwrites   one byte set to another random value at a random offset
  truncations  the file cut at a random offset
  resealed     one bit flipped inside a random chunk's payload, and that
               chunk's checksum computed again (XXH32 from libxxhash, as
               coroscope/log_checksum.h), so the change reaches the decoders
               and the model instead of the checksum
and runs `BIN report --format json` on each (and, with --sanitized, the
ASan + UBSan fuzz_report target on the same file). Each run must end in one
of:
  rejected  exit 2, one line `coroscope: error: FILE: offset N: ...`
  flagged   exit 0 and a warning that the log is damaged or incomplete
  same      exit 0, no warning, the JSON report equal to the original's
A crash (signal, other status, a sanitizer report), a hang (over --timeout
seconds), or a clean report whose figures differ from the original's
("other") fails. A resealed change cannot be seen, so its clean report may
differ; it must not crash or hang. Prints one line per kind and exits 1 on
any failure; failing inputs are copied to --keep.
"""
import argparse
import ctypes
import os
import random
import re
import shutil
import struct
import subprocess
import sys

ERROR = re.compile(r"^coroscope: error: .+: offset \d+: \S.*$")
WARNING = re.compile(r"^coroscope: warning: .+; figures from its complete chunks only$")
CHUNK_HEADER = struct.Struct("<IIQ")  # kind, checksum, payload_bytes
HEADER_SIZE_AT = 12


def xxh32():
    lib = ctypes.CDLL("libxxhash.so.0")
    lib.XXH32.restype = ctypes.c_uint32
    lib.XXH32.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32]
    return lambda data: lib.XXH32(data, len(data), 0)


def chunks(data):
    """(offset, kind, payload_bytes) of the log's chunks, by their lengths."""
    at = struct.unpack_from("<I", data, HEADER_SIZE_AT)[0]
    out = []
    while at + CHUNK_HEADER.size <= len(data):
        kind, _, n = CHUNK_HEADER.unpack_from(data, at)
        if at + CHUNK_HEADER.size + n > len(data):
            break
        out.append((at, kind, n))
        at += CHUNK_HEADER.size + n
    return out


def mutations(data, args):
    rng = random.Random(args.seed)
    size = len(data)
    for i in range(args.flips):
        at, bit = rng.randrange(size), rng.randrange(8)
        d = bytearray(data)
        d[at] ^= 1 << bit
        yield "flip", f"bit {bit} of byte {at}", bytes(d)
    for i in range(args.overwrites):
        at = rng.randrange(size)
        value = rng.choice([v for v in range(256) if v != data[at]])
        d = bytearray(data)
        d[at] = value
        yield "overwrite", f"byte {at} set to {value}", bytes(d)
    for i in range(args.truncations):
        at = rng.randrange(size)
        yield "truncation", f"cut at {at}", data[:at]
    if args.resealed:
        checksum = xxh32()
        table = [c for c in chunks(data) if c[2] > 0]
        for i in range(args.resealed):
            at, kind, n = rng.choice(table)
            byte, bit = rng.randrange(n), rng.randrange(8)
            d = bytearray(data)
            d[at + CHUNK_HEADER.size + byte] ^= 1 << bit
            struct.pack_into("<I", d, at + 4, 0)
            struct.pack_into("<I", d, at + 4,
                             checksum(bytes(d[at:at + CHUNK_HEADER.size + n])))
            yield "resealed", f"bit {bit} of payload byte {byte} of the kind-{kind} chunk at {at}", \
                bytes(d)


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return p


def judge(args, path, original, kind):
    p = run([args.coroscope, "report", "--format", "json", path], args.timeout)
    if p is None:
        return "hang", "report took over %d s" % args.timeout
    err = p.stderr.decode("utf-8", "replace").splitlines()
    if p.returncode < 0 or p.returncode not in (0, 2):
        return "crash", f"status {p.returncode}: {err[-3:]!r}"
    if p.returncode == 2:
        if len(err) == 1 and ERROR.match(err[0]):
            verdict = "rejected", ""
        else:
            return "crash", f"status 2 with stderr {err!r}"
    elif err:
        if len(err) == 1 and WARNING.match(err[0]):
            verdict = "flagged", ""
        else:
            return "crash", f"status 0 with stderr {err!r}"
    elif p.stdout == original or kind == "resealed":
        verdict = "same" if p.stdout == original else "unseen", ""
    else:
        return "other", "a clean report with other figures"
    if args.sanitized:
        s = run([args.sanitized, path], args.timeout * 4)
        if s is None:
            return "hang", "the sanitized target took over %d s" % (args.timeout * 4)
        if s.returncode != 0:
            tail = s.stderr.decode("utf-8", "replace").splitlines()
            found = [line for line in tail if "ERROR" in line or "runtime error" in line]
            return "crash", f"sanitized target status {s.returncode}: {(found or tail[-3:])!r}"
    return verdict


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--coroscope", required=True)
    p.add_argument("--log", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--seed", type=int, default=43)
    for kind in ("flips", "overwrites", "truncations", "resealed"):
        p.add_argument("--" + kind, type=int, default=0)
    p.add_argument("--sanitized")
    p.add_argument("--timeout", type=int, default=120)
    p.add_argument("--keep")
    args = p.parse_args()
    data = open(args.log, "rb").read()
    os.makedirs(args.work, exist_ok=True)
    # One name for every copy: the report names its log, and must be equal.
    path = os.path.join(args.work, "mutated.log")
    with open(path, "wb") as f:
        f.write(data)
    first = run([args.coroscope, "report", "--format", "json", path], args.timeout)
    if first is None or first.returncode != 0 or first.stderr:
        print(f"mutate_log: the original log does not report cleanly: {first and first.stderr!r}")
        return 1
    original = first.stdout
    tally, failures = {}, []
    for kind, what, content in mutations(data, args):
        with open(path, "wb") as f:
            f.write(content)
        verdict, why = judge(args, path, original, kind)
        tally.setdefault(kind, {}).setdefault(verdict, 0)
        tally[kind][verdict] += 1
        if verdict in ("crash", "hang", "other"):
            failures.append(f"{kind} {what}: {verdict}: {why}")
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                shutil.copy(path, os.path.join(args.keep, f"{kind}-{len(failures)}.log"))
    order = ("rejected", "flagged", "same", "unseen", "other", "crash", "hang")
    for kind, counts in tally.items():
        print(f"mutate_log: {kind}: {sum(counts.values())} runs: " +
              ", ".join(f"{counts.get(v, 0)} {v}" for v in order))
    for f in failures[:20]:
        print("mutate_log: FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
