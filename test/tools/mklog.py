#!/usr/bin/env python3
"""mklog.py - write a coroscope binary log from a small text description.

Usage: mklog.py DESCRIPTION.txt -o OUT.log

Lets the analyzer tests state exactly which events happened, in which order,
on which thread, without compiling and running a coroutine program. The
layout written is docs/log-format.md (include/coroscope/
log_format.h), version 1, little-endian.

Syntax: one directive per line; `#` starts a comment; words are split like a
shell (put names with spaces in "double quotes"); numbers are decimal or 0x
hex. Chunks are written in the order the lines appear.

  header [tsc] [pid=N] [version=N] [magic=N] [header_size=N] [flags=N]
        Optional; if present it must be the first directive. `tsc` sets
        kFlagTscTimestamps. Defaults: pid=1, version=1, no flags.
  clock TICKS NS
        A Clock chunk: TSC ticks and CLOCK_MONOTONIC ns at the same moment.
  site ID function NAME FILE LINE [COLUMN]
  site ID resume-call|destroy-call|done-call|coroutine-call NAME FILE LINE [COLUMN]
        (call sites: NAME is the calling function)
  site ID initial|await|yield|final|frame-local|forwarding-body FUNCTION_ID FILE LINE COLUMN [AWAITER]
        A site entry. Consecutive `site` lines share one Sites chunk.
        Trailing overrides: build=N (BuildFlags), function_id=N (a
        coroutine call site's callee); for corrupt-input tests kind=N name_len=N
        file_len=N awaiter_len=N (the strings written stay the same).
  thread N [os_tid=N] [count=N]
        Starts a new Events chunk for thread N; the `ev`/`alloc` lines after
        it go into it. Repeat `thread N` to write a further chunk of the same
        thread (a buffer flush). count= overrides the header's record count.
  packed N [os_tid=N] [count=N] [base_ts=N] [base_frame=N] [base_other=N]
         [padding=HEX]
        Starts a PackedEvents chunk for thread N instead: the same `ev` and
        `alloc` lines, encoded as packed records (test/tools/packed.py) from
        the base values (default 0), then zero padding to a multiple of 8
        (padding= writes these bytes instead, "-" for none).
  alloc FUNCTION_ID FRAME BYTES
        kEvFrameAlloc (its ts field holds BYTES).
  elided FUNCTION_ID FRAME BYTES
        kEvFrameElided: the next begin of FRAME is an elided frame of BYTES.
  ev TS KIND SITE FRAME [heap|FLAGS]   KIND: begin ramp ready suspend cancel
                                        resume free
  ev TS KIND FRAME                     KIND: enter exit denter dexit done
        (resume()/destroy() enter and exit, done()); site is 0.
  ev TS raw KIND SITE FRAME [FLAGS]    any numeric event kind.
        The long names printed by `coroscope dump` (frame_begin, ramp_return,
        await_ready, await_suspend, await_cancel, frame_resume, frame_free,
        resume_enter, resume_exit, destroy_enter, destroy_exit) work too.
        In a packed chunk TS `-` writes a record without a timestamp.
  record HEX
        Raw bytes appended to the records of the current chunk (a malformed
        packed record).
  finding CHECK SEVERITY STATE FRAME FUNCTION_SITE SITE [related=N]
          [creation=N] [thread=N] [other_thread=N] [count=N] [bytes=N] [ts=N]
        A Finding chunk. CHECK is a check name (double-await, ...) or number,
        SEVERITY advice|warning|error or a number, STATE running|suspending|
        suspended|final|destroyed or a number. Defaults: thread=1, count=1.
        Overrides for corrupt-input tests: backtrace_len=N pc_count=N.
  bt FRAME FUNCTION_SITE SITE
        Appends a BacktraceEntry to the last finding (innermost first).
  pc ADDR...
        Appends native return addresses to the last finding.
  live [count=N]
        Starts a LiveFrames chunk; count= overrides the header's count.
  frame FRAME FUNCTION_SITE SITE STATE [heap] [awaiter=A] [creation=N] [bytes=N]
        A LiveFrame of the last `live` chunk.
  modules [count=N]
        Starts a Modules chunk; count= overrides the header's count.
  module PATH START END [bias=N] [path_len=N]
        A ModuleEntry of the last `modules` chunk (path_len= overrides the
        length field; the path written stays the same).
  chunk KIND HEX
        A raw chunk of numeric KIND with the hex bytes HEX as payload ("-" for
        an empty payload).
  bytes HEX
        Raw bytes at this point of the file (then no automatic End chunk).
  end exit|signal CODE [unknown] [written=N] [unwritten=N]
        The End chunk (the closing record) here; written= defaults to the
        record count of the event chunks before it. Without any `end` line one
        is appended after everything else (exit, status 0, known), as the
        runtime ends every log it closes; `noend` leaves it out (an
        incomplete log).
  noend
  truncate N
        Cut the finished file to N bytes (negative N: drop -N bytes at the
        end; then no automatic End chunk).

Example:
  site 1 function "task<int> get(int)" a.cpp 10
  site 2 await 1 a.cpp 12 7 "std::suspend_always"
  thread 1
  alloc 1 0x1000 64
  ev 100 begin 1 0x1000
  ev 110 ramp 1 0x1000
  ev 200 free 1 0x1000 heap
"""
import argparse
import os
import re
import shlex
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import packed  # noqa: E402

MAGIC = 0x45504F4353524F43
CHUNK_CLOCK, CHUNK_SITES, CHUNK_EVENTS = 1, 2, 3
CHUNK_FINDING, CHUNK_LIVE, CHUNK_MODULES = 4, 5, 6
CHUNK_PACKED_EVENTS = 7
CHUNK_END = 9
SITE_KINDS = {"function": 0, "initial": 1, "await": 2, "yield": 3, "final": 4,
              "resume-call": 5, "destroy-call": 6, "done-call": 7,
              "coroutine-call": 8, "frame-local": 9, "forwarding-body": 10}
NAMED_SITE_KINDS = ("function", "resume-call", "destroy-call", "done-call",
                    "coroutine-call")
CHECKS = {"double-await": 1, "resume-after-completion": 2,
          "use-after-destroy": 3, "double-destroy": 4, "concurrent-resume": 5,
          "leaked-frame": 6, "nested-resume": 7, "never-started": 8,
          "suspended-forever": 9}
SEVERITIES = {"advice": 0, "warning": 1, "error": 2}
STATES = {"running": 1, "suspending": 2, "suspended": 3, "final": 4,
          "destroyed": 5}
SITE_EVENTS = {  # events with a site and a frame
    "begin": 2, "frame_begin": 2,
    "ramp": 3, "ramp_return": 3,
    "ready": 4, "await_ready": 4,
    "suspend": 5, "await_suspend": 5,
    "cancel": 6, "await_cancel": 6,
    "resume": 7, "frame_resume": 7,
    "free": 8, "frame_free": 8,
}
HANDLE_EVENTS = {  # events with only a frame
    "enter": 9, "resume_enter": 9,
    "exit": 10, "resume_exit": 10,
    "denter": 11, "destroy_enter": 11,
    "dexit": 12, "destroy_exit": 12,
    "done": 13,
}
OVERRIDE = re.compile(r"^[a-z_]+=(0x[0-9a-fA-F]+|-?[0-9]+)$")
EV_ALLOC = 1
EV_ELIDED = 14
FLAG_HEAP = 1


class DescriptionError(Exception):
    pass


def num(text):
    try:
        return int(text, 0)
    except ValueError:
        raise DescriptionError(f"not a number: {text!r}")


def named(text, table, what):
    if text in table:
        return table[text]
    if re.match(r"^(0x[0-9a-fA-F]+|[0-9]+)$", text):
        return num(text)
    raise DescriptionError(f"unknown {what} {text!r}")


def split_overrides(words):
    """Separates trailing key=value words from positional ones."""
    positional, overrides = [], {}
    for w in words:
        if OVERRIDE.match(w):
            key, value = w.split("=", 1)
            overrides[key] = num(value)
        else:
            positional.append(w)
    return positional, overrides


class Log:
    def __init__(self):
        self.header = dict(magic=MAGIC, version=1, header_size=32, pid=1, flags=0)
        self.header_given = False
        # ("raw", bytes) | ("sites", [bytes]) | ("events" | "finding" |
        # "live" | "modules", dict)
        self.items = []
        self.truncate = None

    # -- directives --------------------------------------------------------
    def do_header(self, args):
        if self.items or self.header_given:
            raise DescriptionError("header must be the first directive")
        self.header_given = True
        pos, over = split_overrides(args)
        for word in pos:
            if word != "tsc":
                raise DescriptionError(f"unknown header word {word!r}")
            self.header["flags"] |= 1
        for key, value in over.items():
            if key not in self.header:
                raise DescriptionError(f"unknown header field {key!r}")
            self.header[key] = value

    def do_clock(self, args):
        if len(args) != 2:
            raise DescriptionError("clock TICKS NS")
        self.raw_chunk(CHUNK_CLOCK, struct.pack("<QQ", num(args[0]), num(args[1])))

    def do_site(self, args):
        pos, over = split_overrides(args)
        if len(pos) < 5:
            raise DescriptionError("site ID KIND ... (see the syntax)")
        site_id, kind = num(pos[0]), pos[1]
        if kind not in SITE_KINDS:
            raise DescriptionError(f"unknown site kind {kind!r}")
        if kind in NAMED_SITE_KINDS:
            if len(pos) not in (5, 6):
                raise DescriptionError(f"site ID {kind} NAME FILE LINE [COLUMN]")
            function_id, name, file, line = 0, pos[2], pos[3], num(pos[4])
            column = num(pos[5]) if len(pos) == 6 else 0
            awaiter = ""
        else:
            if len(pos) not in (6, 7):
                raise DescriptionError(
                    "site ID KIND FUNCTION_ID FILE LINE COLUMN [AWAITER]")
            function_id, file, line, column = num(pos[2]), pos[3], num(pos[4]), num(pos[5])
            awaiter = pos[6] if len(pos) == 7 else ""
            name = ""
        strings = [s.encode("utf-8") for s in (name, file, awaiter)]
        lens = [over.get("name_len", len(strings[0])),
                over.get("file_len", len(strings[1])),
                over.get("awaiter_len", len(strings[2]))]
        function_id = over.get("function_id", function_id)
        entry = struct.pack("<IBB2xIIIHHHH", site_id, over.get("kind", SITE_KINDS[kind]),
                            over.get("build", 0), function_id, line, column, *lens, 0)
        entry += b"".join(strings)
        entry += b"\0" * (-len(entry) % 8)
        if not self.items or self.items[-1][0] != "sites":
            self.items.append(("sites", []))
        self.items[-1][1].append(entry)

    def do_thread(self, args):
        pos, over = split_overrides(args)
        if len(pos) != 1:
            raise DescriptionError("thread N [os_tid=N] [count=N]")
        thread = num(pos[0])
        self.items.append(("events", dict(thread=thread,
                                          os_tid=over.get("os_tid", 1000 + thread),
                                          count=over.get("count"), records=[],
                                          packed=False)))

    def do_packed(self, args):
        pad = None
        words = []
        for w in args:
            if w.startswith("padding="):
                pad = hexbytes(w[len("padding="):])
            else:
                words.append(w)
        pos, over = split_overrides(words)
        if len(pos) != 1:
            raise DescriptionError(
                "packed N [os_tid=N] [count=N] [base_ts=N] [base_frame=N] "
                "[base_other=N] [padding=HEX]")
        for key in over:
            if key not in ("os_tid", "count", "base_ts", "base_frame", "base_other"):
                raise DescriptionError(f"unknown packed field {key!r}")
        thread = num(pos[0])
        self.items.append(("events", dict(
            thread=thread, os_tid=over.get("os_tid", 1000 + thread),
            count=over.get("count"), records=[], packed=True, padding=pad,
            base=(over.get("base_ts", 0), over.get("base_frame", 0),
                  over.get("base_other", 0)))))

    def events(self):
        if not self.items or self.items[-1][0] != "events":
            raise DescriptionError("event outside a `thread` or `packed` chunk")
        return self.items[-1][1]["records"]

    def packed_chunk(self):
        return self.items[-1][1]["packed"]

    def do_alloc(self, args):
        if len(args) != 3:
            raise DescriptionError("alloc FUNCTION_ID FRAME BYTES")
        self.events().append((EV_ALLOC, 0, num(args[0]), num(args[2]), num(args[1])))

    def do_elided(self, args):
        if len(args) != 3:
            raise DescriptionError("elided FUNCTION_ID FRAME BYTES")
        self.events().append((EV_ELIDED, 0, num(args[0]), num(args[2]), num(args[1])))

    def do_ev(self, args):
        if len(args) < 3:
            raise DescriptionError("ev TS KIND ...")
        kind, rest = args[1], args[2:]
        self.events()  # in a chunk at all
        if args[0] == "-":
            if not self.packed_chunk():
                raise DescriptionError("TS `-` (no timestamp) is for packed chunks")
            ts = None
        else:
            ts = num(args[0])
        if kind == "raw":
            if len(rest) not in (3, 4):
                raise DescriptionError("ev TS raw KIND SITE FRAME [FLAGS]")
            flags = num(rest[3]) if len(rest) == 4 else 0
            rec = (num(rest[0]), flags, num(rest[1]), ts, num(rest[2]))
        elif kind in SITE_EVENTS:
            if len(rest) not in (2, 3):
                raise DescriptionError(f"ev TS {kind} SITE FRAME [heap|FLAGS]")
            flags = 0
            if len(rest) == 3:
                flags = FLAG_HEAP if rest[2] == "heap" else num(rest[2])
            rec = (SITE_EVENTS[kind], flags, num(rest[0]), ts, num(rest[1]))
        elif kind in HANDLE_EVENTS:
            if len(rest) != 1:
                raise DescriptionError(f"ev TS {kind} FRAME")
            rec = (HANDLE_EVENTS[kind], 0, 0, ts, num(rest[0]))
        else:
            raise DescriptionError(f"unknown event kind {kind!r}")
        self.events().append(rec)

    def do_record(self, args):
        if len(args) != 1:
            raise DescriptionError("record HEX")
        self.events().append(hexbytes(args[0]))

    def do_finding(self, args):
        pos, over = split_overrides(args)
        if len(pos) != 6:
            raise DescriptionError(
                "finding CHECK SEVERITY STATE FRAME FUNCTION_SITE SITE [key=N...]")
        known = {"related", "creation", "thread", "other_thread", "count",
                 "bytes", "ts", "backtrace_len", "pc_count"}
        for key in over:
            if key not in known:
                raise DescriptionError(f"unknown finding field {key!r}")
        self.items.append(("finding", dict(
            check=named(pos[0], CHECKS, "check"),
            severity=named(pos[1], SEVERITIES, "severity"),
            state=named(pos[2], STATES, "state"),
            frame=num(pos[3]), function=num(pos[4]), site=num(pos[5]),
            over=over, backtrace=[], pcs=[])))

    def last(self, kind, directive):
        if not self.items or self.items[-1][0] != kind:
            raise DescriptionError(f"`{directive}` outside a `{kind}` chunk")
        return self.items[-1][1]

    def do_bt(self, args):
        if len(args) != 3:
            raise DescriptionError("bt FRAME FUNCTION_SITE SITE")
        self.last("finding", "bt")["backtrace"].append(
            struct.pack("<QII", num(args[0]), num(args[1]), num(args[2])))

    def do_pc(self, args):
        if not args:
            raise DescriptionError("pc ADDR...")
        self.last("finding", "pc")["pcs"].extend(num(a) for a in args)

    def do_live(self, args):
        pos, over = split_overrides(args)
        if pos:
            raise DescriptionError("live [count=N]")
        self.items.append(("live", dict(count=over.get("count"), frames=[])))

    def do_frame(self, args):
        pos, over = split_overrides(args)
        heap = "heap" in pos
        pos = [p for p in pos if p != "heap"]
        if len(pos) != 4:
            raise DescriptionError(
                "frame FRAME FUNCTION_SITE SITE STATE [heap] [awaiter=A] "
                "[creation=N] [bytes=N]")
        self.last("live", "frame")["frames"].append(struct.pack(
            "<QQIIIBBHQ", num(pos[0]), over.get("awaiter", 0), num(pos[1]),
            num(pos[2]), over.get("creation", 0), named(pos[3], STATES, "state"),
            1 if heap else 0, 0, over.get("bytes", 0)))

    def do_modules(self, args):
        pos, over = split_overrides(args)
        if pos:
            raise DescriptionError("modules [count=N]")
        self.items.append(("modules", dict(count=over.get("count"), entries=[])))

    def do_module(self, args):
        pos, over = split_overrides(args)
        if len(pos) != 3:
            raise DescriptionError("module PATH START END [bias=N] [path_len=N]")
        path = pos[0].encode("utf-8")
        entry = struct.pack("<QQQII", over.get("bias", 0), num(pos[1]), num(pos[2]),
                            over.get("path_len", len(path)), 0) + path
        entry += b"\0" * (-len(entry) % 8)
        self.last("modules", "module")["entries"].append(entry)

    def do_chunk(self, args):
        if len(args) != 2:
            raise DescriptionError("chunk KIND HEX")
        self.raw_chunk(num(args[0]), hexbytes(args[1]))

    def do_bytes(self, args):
        if len(args) != 1:
            raise DescriptionError("bytes HEX")
        self.items.append(("raw", hexbytes(args[0])))
        self.ended = True  # damage: no closing record after it

    def do_end(self, args):
        if len(args) < 2 or args[0] not in ("exit", "signal"):
            raise DescriptionError("end exit|signal CODE [unknown] [written=N] [unwritten=N]")
        opts = dict(a.split("=", 1) for a in args[2:] if "=" in a)
        flags = 0 if "unknown" in args[2:] or args[0] == "signal" else 1
        # As the runtime counts: the records of the event chunks before it.
        written = opts["written"] if "written" in opts else str(self.event_count())
        payload = struct.pack("<IiIIQQQ", 1 if args[0] == "exit" else 2, num(args[1]), flags, 0,
                              num(written), num(opts.get("unwritten", "0")), 0)
        self.raw_chunk(CHUNK_END, payload)
        self.ended = True

    def event_count(self):
        n = 0
        for kind, item in self.items:
            if kind == "events":
                n += len(item["records"]) if item["count"] is None else item["count"]
        return n

    def do_noend(self, args):
        self.ended = True

    def do_truncate(self, args):
        if len(args) != 1:
            raise DescriptionError("truncate N")
        self.truncate = num(args[0])
        self.ended = True  # a cut file has no closing record

    # -- output ------------------------------------------------------------
    def raw_chunk(self, kind, payload):
        self.items.append(("raw", struct.pack("<IIQ", kind, 0, len(payload)) + payload))

    def serialize(self):
        h = self.header
        out = bytearray(struct.pack("<QIIQQ", h["magic"], h["version"],
                                    h["header_size"], h["pid"], h["flags"]))
        # A larger header_size means reserved tail bytes the reader must skip.
        if h["header_size"] > 32:
            out += b"\0" * (h["header_size"] - 32)
        if not getattr(self, "ended", False):
            self.do_end(["exit", "0"])
        for kind, item in self.items:
            if kind == "raw":
                out += item
            elif kind == "sites":
                payload = struct.pack("<II", len(item), 0) + b"".join(item)
                out += struct.pack("<IIQ", CHUNK_SITES, 0, len(payload)) + payload
            elif kind == "finding":
                o = item["over"]
                payload = struct.pack(
                    "<BBBBHHIIIIIIIIQQQ", item["check"], item["severity"],
                    item["state"], 0, o.get("backtrace_len", len(item["backtrace"])),
                    o.get("pc_count", len(item["pcs"])), o.get("thread", 1),
                    o.get("other_thread", 0), item["function"], item["site"],
                    o.get("related", 0), o.get("creation", 0), o.get("count", 1), 0,
                    item["frame"], o.get("bytes", 0), o.get("ts", 0))
                payload += b"".join(item["backtrace"])
                payload += b"".join(struct.pack("<Q", pc) for pc in item["pcs"])
                out += struct.pack("<IIQ", CHUNK_FINDING, 0, len(payload)) + payload
            elif kind in ("live", "modules"):
                entries = item["frames" if kind == "live" else "entries"]
                count = item["count"]
                if count is None:
                    count = len(entries)
                payload = struct.pack("<II", count, 0) + b"".join(entries)
                chunk = CHUNK_LIVE if kind == "live" else CHUNK_MODULES
                out += struct.pack("<IIQ", chunk, 0, len(payload)) + payload
            elif not item["packed"]:
                count = item["count"]
                if count is None:
                    count = len(item["records"])
                payload = struct.pack("<IIQ", item["thread"], item["os_tid"], count)
                payload += b"".join(r if isinstance(r, bytes) else record(*r)
                                    for r in item["records"])
                out += struct.pack("<IIQ", CHUNK_EVENTS, 0, len(payload)) + payload
            else:
                count = item["count"]
                if count is None:
                    count = len(item["records"])
                base = item["base"]
                payload = packed.HEADER.pack(item["thread"], item["os_tid"], count, *base)
                cursor = packed.Cursor(*base)
                for r in item["records"]:
                    if isinstance(r, bytes):
                        payload += r
                        continue
                    kind, flags, site, ts, frame = r
                    payload += packed.encode(cursor, kind, flags, site, ts is not None,
                                             ts or 0, frame)
                pad = item["padding"]
                payload += packed.padding(len(payload)) if pad is None else pad
                out += struct.pack("<IIQ", CHUNK_PACKED_EVENTS, 0, len(payload)) + payload
        if self.truncate is not None:
            out = out[:self.truncate] if self.truncate >= 0 else out[:len(out) + self.truncate]
        return bytes(out)


def record(kind, flags, site, ts, frame):
    return struct.pack("<BBHIQQ", kind, flags, 0, site, ts, frame)


def hexbytes(text):
    if text == "-":
        return b""
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise DescriptionError(f"bad hex bytes {text!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("description")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    log = Log()
    with open(args.description, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            try:
                words = shlex.split(line, comments=True)
                if not words:
                    continue
                handler = getattr(log, "do_" + words[0], None)
                if handler is None:
                    raise DescriptionError(f"unknown directive {words[0]!r}")
                handler(words[1:])
            except (DescriptionError, ValueError, struct.error) as e:
                print(f"mklog.py: {args.description}:{lineno}: {e}", file=sys.stderr)
                return 1
    with open(args.output, "wb") as f:
        f.write(log.serialize())
    return 0


if __name__ == "__main__":
    sys.exit(main())
