"""packed.py - the packed event record of a PackedEvents chunk, in Python.

A port of encodePacked and decodePacked in
include/coroscope/log_format.h (docs/log-format.md,
"PackedEvents Chunk") for the test tools that write logs: mklog.py and
pack_log.py. Keep it in step with the header.
"""
import struct

EV_FRAME_ALLOC = 1
EV_FRAME_ELIDED = 14
BYTE_EVENTS = (EV_FRAME_ALLOC, EV_FRAME_ELIDED)  # value is a byte count, not a time
FLAG_HEAP = 1
NONE, DELTA32, ABS64, OTHER_FRAME = 0, 1, 2, 3
SITE_ESCAPE = 0x3FFFFF
HEADER = struct.Struct("<IIQQQQ")  # PackedEventsHeader, 40 bytes
MASK64 = (1 << 64) - 1


class Cursor:
    """The encoder state: the previous timestamp, the previous record's
    frame and the frame that one replaced."""

    def __init__(self, ts=0, frame=0, other_frame=0):
        self.ts, self.frame, self.other_frame = ts, frame, other_frame


def encode(c, kind, flags, site, timed, value, frame):
    """One record as bytes; updates the cursor `c` like encodePacked."""
    head = (kind & 31) | ((flags & FLAG_HEAP) << 9)
    tail = b""
    if site >= SITE_ESCAPE:
        head |= SITE_ESCAPE << 10
        tail += struct.pack("<I", site)
    else:
        head |= site << 10
    if kind in BYTE_EVENTS:
        if value <= 0xFFFFFFFF:
            head |= DELTA32 << 5
            tail += struct.pack("<I", value)
        else:
            head |= ABS64 << 5
            tail += struct.pack("<Q", value)
    elif timed:
        delta = value - c.ts
        if 0 <= delta <= 0xFFFFFFFF:
            head |= DELTA32 << 5
            tail += struct.pack("<I", delta)
        else:
            head |= ABS64 << 5
            tail += struct.pack("<Q", value)
        c.ts = value
    if frame != c.frame:
        delta = (frame - c.frame) & MASK64
        if delta >= 1 << 63:
            delta -= 1 << 64
        if frame == c.other_frame:
            head |= OTHER_FRAME << 7
        elif -(1 << 31) <= delta < (1 << 31):
            head |= DELTA32 << 7
            tail += struct.pack("<i", delta)
        else:
            head |= ABS64 << 7
            tail += struct.pack("<Q", frame)
        c.other_frame = c.frame
        c.frame = frame
    return struct.pack("<I", head) + tail


def decode(data, at, c):
    """Decodes the record at data[at:]: returns (size, kind, flags, site, ts,
    frame), ts being the byte count for kEvFrameAlloc and kEvFrameElided, or None when the
    record is truncated or its value mode invalid."""
    if len(data) - at < 4:
        return None
    head = struct.unpack_from("<I", data, at)[0]
    value_mode, frame_mode = (head >> 5) & 3, (head >> 7) & 3
    if value_mode == 3:
        return None
    site = head >> 10
    sizes = {NONE: 0, DELTA32: 4, ABS64: 8, OTHER_FRAME: 0}
    need = 4 + (4 if site == SITE_ESCAPE else 0) + sizes[value_mode] + sizes[frame_mode]
    if len(data) - at < need:
        return None
    n = at + 4
    if site == SITE_ESCAPE:
        site = struct.unpack_from("<I", data, n)[0]
        n += 4
    kind, flags = head & 31, (head >> 9) & 1
    value = c.ts
    if value_mode == DELTA32:
        value = struct.unpack_from("<I", data, n)[0]
        n += 4
    elif value_mode == ABS64:
        value = struct.unpack_from("<Q", data, n)[0]
        n += 8
    if kind in BYTE_EVENTS:
        ts = 0 if value_mode == NONE else value
    else:
        if value_mode == DELTA32:
            value = (value + c.ts) & MASK64
        c.ts = value
        ts = value
    if frame_mode != NONE:
        previous = c.frame
        if frame_mode == DELTA32:
            c.frame = (c.frame + struct.unpack_from("<i", data, n)[0]) & MASK64
            n += 4
        elif frame_mode == ABS64:
            c.frame = struct.unpack_from("<Q", data, n)[0]
            n += 8
        else:
            c.frame = c.other_frame
        c.other_frame = previous
    return n - at, kind, flags, site, ts, c.frame


def padding(n):
    """Zero bytes that bring `n` payload bytes to a multiple of 8."""
    return b"\0" * (-n % 8)
