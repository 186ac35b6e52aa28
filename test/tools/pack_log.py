#!/usr/bin/env python3
"""pack_log.py - rewrite a log's event chunks as packed or as fixed records.

Usage: pack_log.py IN.log OUT.log [--untimed KIND,...]
       pack_log.py --unpack IN.log OUT.log

Every Events chunk (kind 3, 24-byte records) becomes one PackedEvents chunk
(kind 7) with the same records; with --unpack every PackedEvents chunk
becomes an Events chunk instead. All other chunks are copied as they are. A
thread's encoder state carries over from one of its chunks to the next, as in
the runtime, and each packed chunk's header holds the state it starts from.
Both logs therefore describe exactly the same events, and the analyzer must
report them alike, whichever form the runtime wrote. --untimed drops the
timestamps of the given event kinds (numbers or `coroscope dump` names), as a
writer may do for events whose time the analyzer does not need.
"""
import argparse
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import packed  # noqa: E402
from log_header import BASE_HEADER_BYTES, base_header  # noqa: E402

CHUNK = struct.Struct("<IIQ")
EVENTS_HEADER = struct.Struct("<IIQ")
RECORD = struct.Struct("<BBHIQQ")
EVENTS, PACKED_EVENTS = 3, 7
KINDS = {"frame_alloc": 1, "frame_begin": 2, "ramp_return": 3, "await_ready": 4,
         "await_suspend": 5, "await_cancel": 6, "frame_resume": 7,
         "frame_free": 8, "resume_enter": 9, "resume_exit": 10,
         "destroy_enter": 11, "destroy_exit": 12, "done": 13,
         "frame_elided": 14}


def pack(payload, cursors, untimed):
    thread, os_tid, count = EVENTS_HEADER.unpack_from(payload)
    c = cursors.setdefault(thread, packed.Cursor())
    base = (c.ts, c.frame, c.other_frame)
    records = bytearray()
    end = EVENTS_HEADER.size + RECORD.size * count
    for k, flags, _, site, ts, frame in RECORD.iter_unpack(payload[EVENTS_HEADER.size:end]):
        records += packed.encode(c, k, flags, site, k not in untimed, ts, frame)
    body = packed.HEADER.pack(thread, os_tid, count, *base) + records
    return PACKED_EVENTS, body + packed.padding(len(body))


def unpack(payload):
    thread, os_tid, count, ts, frame, other = packed.HEADER.unpack_from(payload)
    c = packed.Cursor(ts, frame, other)
    body = bytearray(EVENTS_HEADER.pack(thread, os_tid, count))
    at = packed.HEADER.size
    for _ in range(count):
        record = packed.decode(payload, at, c)
        if record is None:
            sys.exit(f"pack_log.py: bad packed record at payload offset {at}")
        size, kind, flags, site, ts, frame = record
        body += RECORD.pack(kind, flags, 0, site, ts, frame)
        at += size
    return EVENTS, bytes(body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--unpack", action="store_true",
                        help="write PackedEvents chunks as Events chunks")
    parser.add_argument("--untimed", default="",
                        help="comma-separated event kinds written without a timestamp")
    args = parser.parse_args()
    untimed = {KINDS[k] if k in KINDS else int(k, 0)
               for k in args.untimed.split(",") if k}
    cursors = {}
    with open(args.input, "rb") as src, open(args.output, "wb") as dst:
        # The chunks written here carry no checksum.
        header, header_size = base_header(src.read(BASE_HEADER_BYTES))
        src.seek(header_size)
        dst.write(header)
        while True:
            raw = src.read(CHUNK.size)
            if not raw:
                break
            if len(raw) < CHUNK.size:
                sys.exit("pack_log.py: truncated chunk header")
            kind, _, size = CHUNK.unpack(raw)
            payload = src.read(size)
            if kind == EVENTS and not args.unpack:
                kind, payload = pack(payload, cursors, untimed)
            elif kind == PACKED_EVENTS and args.unpack:
                kind, payload = unpack(payload)
            dst.write(CHUNK.pack(kind, 0, len(payload)) + payload)
    return 0


if __name__ == "__main__":
    sys.exit(main())
