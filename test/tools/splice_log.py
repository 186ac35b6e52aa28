#!/usr/bin/env python3
"""Damage one chunk of a coroscope log the way the chunk-length checks cannot
skip past: splice_log.py MODE LOG K OUT

  insert-text  writes a line of program text before chunk K (a program that
               prints into the stdout its log goes to)
  flip-length  flips bit 3 of chunk K's payload length
  flip-sites   flips a bit in the middle of the first Sites chunk's payload
               (K is ignored): the definitions of its sites are lost
  flip-double  flips a bit in the first chunk's payload and writes chunk K
               twice: a bad chunk must not hide records spliced in
  flip-drop    flips a bit in the first chunk's payload and leaves chunk K
               out: a bad chunk must not hide a chunk cut out
  text-drop    writes program text before chunk 1 and leaves chunk K out
  double       writes chunk K twice

Prints the `"unreadable_bytes": N` line the report's JSON should hold.
"""
import struct
import sys


SITES = 2


def chunks(data):
    """(offset, total bytes, kind) of every chunk."""
    at = struct.unpack_from("<I", data, 12)[0]
    out = []
    while at + 16 <= len(data):
        kind, _, size = struct.unpack_from("<IIQ", data, at)
        out.append((at, 16 + size, kind))
        at += 16 + size
    return out


def main():
    mode, path, k, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    data = bytearray(open(path, "rb").read())
    if mode == "flip-sites":
        k = next(i for i, c in enumerate(chunks(data)) if c[2] == SITES)
    at, size, _ = chunks(data)[k]
    if mode == "insert-text":
        text = b"hello from the program's own printf\n"
        data[at:at] = text
        lost = len(text)
    elif mode == "flip-length":
        data[at + 8] ^= 8
        lost = size
    elif mode == "flip-double":
        first_at, first_size, _ = chunks(data)[0]
        data[at:at] = data[at:at + size]
        data[first_at + 16 + (first_size - 16) // 2] ^= 0x10
        lost = first_size
    elif mode in ("flip-drop", "text-drop"):
        del data[at:at + size]
        first_at, first_size, _ = chunks(data)[0]
        if mode == "flip-drop":
            data[first_at + 16 + (first_size - 16) // 2] ^= 0x10
            lost = first_size
        else:
            text = b"hello from the program's own printf\n"
            second = chunks(data)[1][0]
            data[second:second] = text
            lost = len(text)
    elif mode == "double":
        data[at:at] = data[at:at + size]
        lost = 0
    elif mode == "flip-sites":
        data[at + 16 + (size - 16) // 2] ^= 0x10
        lost = size
    else:
        sys.exit(f"splice_log: unknown mode {mode}")
    open(out, "wb").write(data)
    print(f'"unreadable_bytes": {lost},')


if __name__ == "__main__":
    main()
