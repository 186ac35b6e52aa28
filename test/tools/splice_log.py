#!/usr/bin/env python3
"""Damage one chunk of a coroscope log the way the chunk-length checks cannot
skip past: splice_log.py MODE LOG K OUT

  insert-text  writes a line of program text before chunk K (a program that
               prints into the stdout its log goes to)
  flip-length  flips bit 3 of chunk K's payload length

Prints the `"unreadable_bytes": N` line the report's JSON should hold.
"""
import struct
import sys


def chunks(data):
    at = struct.unpack_from("<I", data, 12)[0]
    out = []
    while at + 16 <= len(data):
        size = struct.unpack_from("<Q", data, at + 8)[0]
        out.append((at, 16 + size))
        at += 16 + size
    return out


def main():
    mode, path, k, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    data = bytearray(open(path, "rb").read())
    at, size = chunks(data)[k]
    if mode == "insert-text":
        text = b"hello from the program's own printf\n"
        data[at:at] = text
        lost = len(text)
    elif mode == "flip-length":
        data[at + 8] ^= 8
        lost = size
    else:
        sys.exit(f"splice_log: unknown mode {mode}")
    open(out, "wb").write(data)
    print(f'"unreadable_bytes": {lost},')


if __name__ == "__main__":
    main()
