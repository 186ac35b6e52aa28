#!/usr/bin/env python3
"""header_damage.py - change bytes of a log's FileHeader.

Usage: header_damage.py LOG OUT OFFSET=VALUE... [--reseal]

Writes LOG to OUT with each byte at OFFSET set to VALUE (decimal or 0x
hex). --reseal then computes the header checksum again (XXH32 from
libxxhash, as coroscope/log_checksum.h), as a writer of another format
version would: the change is then no damage.
"""
import ctypes
import struct
import sys

CHECKSUM_AT, HEADER_BYTES = 104, 112  # FileHeader::header_checksum, sizeof


def main():
    args = [a for a in sys.argv[1:] if a != "--reseal"]
    if len(args) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    data = bytearray(open(args[0], "rb").read())
    for change in args[2:]:
        offset, value = (int(x, 0) for x in change.split("="))
        data[offset] = value
    if "--reseal" in sys.argv:
        lib = ctypes.CDLL("libxxhash.so.0")
        lib.XXH32.restype = ctypes.c_uint32
        lib.XXH32.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32]
        header = bytearray(data[:HEADER_BYTES])
        struct.pack_into("<I", header, CHECKSUM_AT, 0)
        struct.pack_into("<I", data, CHECKSUM_AT, lib.XXH32(bytes(header), HEADER_BYTES, 0))
    open(args[1], "wb").write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
