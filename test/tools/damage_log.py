#!/usr/bin/env python3
"""damage_log.py - a damaged log reports its intact chunks, marked.

Usage: damage_log.py COROSCOPE LOG WORKDIR

Cuts LOG at every chunk boundary and in the middle of every chunk (and of
every chunk header), as a killed writer or a full disk leaves it, and runs
`COROSCOPE report --format json` and `report --strict` on each cut. Each must:
exit 0 with exactly one warning line (2 with --strict); say "incomplete" in
log_status with the exact unreadable byte count and offset (0 at a boundary);
and report exactly the events of the whole chunks before the cut (the
PackedEvents counts read from the file here). The whole log must report
"complete" with no warning.

Then flips one bit in each chunk, in its kind and in the middle of its
payload: the report must skip exactly that chunk (log_status: bad_chunks 1,
its bytes at its offset; events: all but its own), exit 0 with one warning,
2 with --strict.

Then splices: each PackedEvents chunk twice in a row, each left out, and
the whole body after the header twice (as chunks appended or spliced in from
another copy, or cut out, leave a log whose chunks all check): the report
must exit 0 with one warning naming both counts (log_status: events_read
against the End's events_written), 2 with --strict.

Then leaves out, doubles and swaps whole chunks of every kind (Sites, Clock,
Finding, ... and PackedEvents swapped), which keep the event count: the
report must say its chunks are not the ones its End lists (log_status
chunks_mismatch), exit 0 with one warning, 2 with --strict.

Then flips one bit in each field of the file header (with the header
checksum, no single flip may go unnoticed, not even one that clears the
checksum flags): the report must fail with `coroscope: error: LOG: offset N:`
and print nothing on stdout. Prints one summary line.
"""
import json
import os
import struct
import subprocess
import sys

PACKED_EVENTS, END = 7, 9
# (offset, bit mask) of one flip per FileHeader field (log_format.h):
# magic, version, header_size, pid, flags kFlagChecksums, flags
# kFlagHeaderChecksum, start_unix_ns, host, header_checksum, reserved.
HEADER_FLIPS = [(0, 0x01), (8, 0x01), (12, 0x40), (16, 0x01), (24, 0x04), (24, 0x08),
                (32, 0x01), (40, 0x01), (104, 0x01), (108, 0x01)]


def chunks(data):
    """(offset, kind, total bytes, events) of every chunk."""
    header_size = struct.unpack_from("<I", data, 12)[0]
    at, out = header_size, []
    while at < len(data):
        kind, _, payload = struct.unpack_from("<IIQ", data, at)
        events = struct.unpack_from("<Q", data, at + 24)[0] if kind == PACKED_EVENTS else 0
        out.append((at, kind, 16 + payload, events))
        at += 16 + payload
    return header_size, out


def report(coroscope, path, *extra):
    run = subprocess.run([coroscope, "report", "--format", "json", *extra, path],
                         capture_output=True)
    err = run.stderr.decode().splitlines()
    return run.returncode, err, json.loads(run.stdout) if run.stdout else None


def main():
    coroscope, log, workdir = sys.argv[1:]
    data = open(log, "rb").read()
    header_size, table = chunks(data)
    os.makedirs(workdir, exist_ok=True)
    problems, cuts = [], []
    events_before = 0
    for at, kind, size, events in table:
        # A boundary (nothing unreadable), inside the chunk header, inside
        # the payload.
        cuts.append((at, at, events_before))
        cuts.append((at + 7, at, events_before))
        if size > 17:
            cuts.append((at + size // 2 + 8, at, events_before))
        events_before += events
    rc, err, whole = report(coroscope, log)
    status = whole["log_status"][0] if whole else None
    if rc or err or not status or status["status"] != "complete":
        problems.append(f"whole log: status {rc}, stderr {err}, log_status {status}")
    if table[-1][1] != END:
        problems.append("whole log: last chunk is not an End chunk")
    path = os.path.join(workdir, "cut.log")
    for length, chunk_at, events in cuts:
        with open(path, "wb") as f:
            f.write(data[:length])
        rc, err, rep = report(coroscope, path)
        what = f"cut at {length}"
        if rc != 0 or len(err) != 1 or "warning" not in err[0]:
            problems.append(f"{what}: status {rc}, stderr {err}")
            continue
        st = rep["log_status"][0]
        want_bytes = length - chunk_at
        if st["status"] != "incomplete" or st["unreadable_bytes"] != want_bytes or \
                (want_bytes and st["unreadable_offset"] != chunk_at):
            problems.append(f"{what}: log_status {st}, want {want_bytes} bytes at {chunk_at}")
        if rep["totals"]["events"] != events:
            problems.append(f"{what}: {rep['totals']['events']} events, want {events}")
        if report(coroscope, path, "--strict")[0] != 2:
            problems.append(f"{what}: --strict did not exit 2")
    total = sum(c[3] for c in table)
    flips = 0
    for at, kind, size, events in table:
        for bit_at in (at, at + 16 + (size - 16) // 2):
            if bit_at >= at + size:
                continue
            flips += 1
            damaged = bytearray(data)
            damaged[bit_at] ^= 0x10
            with open(path, "wb") as f:
                f.write(damaged)
            rc, err, rep = report(coroscope, path)
            what = f"bit flipped at {bit_at} (chunk at {at}, kind {kind})"
            if rc != 0 or len(err) != 1 or "bad checksum" not in err[0]:
                problems.append(f"{what}: status {rc}, stderr {err}")
                continue
            st = rep["log_status"][0]
            if st["bad_chunks"] != 1 or st["unreadable_bytes"] != size or \
                    st["unreadable_offset"] != at:
                problems.append(f"{what}: log_status {st}")
            if rep["totals"]["events"] != total - events:
                problems.append(f"{what}: {rep['totals']['events']} events, want {total - events}")
            if report(coroscope, path, "--strict")[0] != 2:
                problems.append(f"{what}: --strict did not exit 2")
    splices = [(f"chunk at {at} twice", data[:at + size] + data[at:], total + events)
               for at, kind, size, events in table if kind == PACKED_EVENTS]
    splices += [(f"chunk at {at} left out", data[:at] + data[at + size:], total - events)
                for at, kind, size, events in table if kind == PACKED_EVENTS]
    splices.append(("body twice", data + data[header_size:], 2 * total))
    for what, spliced, read in splices:
        with open(path, "wb") as f:
            f.write(spliced)
        rc, err, rep = report(coroscope, path)
        want = f"{read} event records read where its end record counts {total}"
        if rc != 0 or len(err) != 1 or want not in err[0]:
            problems.append(f"{what}: status {rc}, stderr {err}, want {want!r}")
            continue
        st = rep["log_status"][0]
        if st["events_read"] != read or st["events_written"] != total:
            problems.append(f"{what}: log_status {st}")
        if report(coroscope, path, "--strict")[0] != 2:
            problems.append(f"{what}: --strict did not exit 2")
    # Whole chunks of any kind left out, twice, or two swapped: event
    # counts cannot tell, the End's chain of chunk checksums must.
    body = [(at, kind, size) for at, kind, size, _ in table if kind != END]
    moves = [(f"chunk at {at} (kind {kind}) left out", data[:at] + data[at + size:])
             for at, kind, size in body if kind != PACKED_EVENTS]
    moves += [(f"chunk at {at} (kind {kind}) twice", data[:at + size] + data[at:])
              for at, kind, size in body if kind != PACKED_EVENTS]
    moves += [(f"chunks at {a[0]} and {b[0]} swapped",
               data[:a[0]] + data[b[0]:b[0] + b[2]] + data[a[0]:a[0] + a[2]] + data[b[0] + b[2]:])
              for a, b in zip(body, body[1:]) if data[a[0]:a[0] + a[2]] != data[b[0]:b[0] + b[2]]]
    for what, moved in moves:
        with open(path, "wb") as f:
            f.write(moved)
        rc, err, rep = report(coroscope, path)
        want = "its chunks are not the ones its end record lists"
        if rc != 0 or len(err) != 1 or want not in err[0]:
            problems.append(f"{what}: status {rc}, stderr {err}, want {want!r}")
            continue
        if not rep["log_status"][0]["chunks_mismatch"]:
            problems.append(f"{what}: log_status {rep['log_status'][0]}")
        if report(coroscope, path, "--strict")[0] != 2:
            problems.append(f"{what}: --strict did not exit 2")
    splices += moves
    for bit_at, mask in HEADER_FLIPS:
        if bit_at >= header_size:
            continue
        flips += 1
        damaged = bytearray(data)
        damaged[bit_at] ^= mask
        with open(path, "wb") as f:
            f.write(damaged)
        run = subprocess.run([coroscope, "report", path], capture_output=True)
        err = run.stderr.decode()
        if run.returncode == 0 or run.stdout or \
                not err.startswith(f"coroscope: error: {path}: offset "):
            problems.append(f"header bit {mask:#x} flipped at {bit_at}: status "
                            f"{run.returncode}, stderr {err!r}, stdout {len(run.stdout)} bytes")
    for p in problems[:20]:
        print("damage_log: " + p)
    print(f"damage_log: {len(cuts)} cuts, {flips} flipped bits and {len(splices)} splices in "
          f"{len(table)} chunks, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
