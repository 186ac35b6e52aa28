"""log_header.py - the FileHeader as tools that rewrite chunks need it.

A tool that changes a chunk cannot give it a checksum (XXH32 is not in
Python's standard library), so it writes the log with the original 32-byte
header (docs/log-format.md, "FileHeader"): no host, start or header
checksum, and the checksum flags cleared, so the reader checks neither.
"""
import struct

BASE_HEADER_BYTES = 32
FLAG_CHECKSUMS, FLAG_HEADER_CHECKSUM = 4, 8  # log_format.h FileFlag


def base_header(data):
    """(the 32-byte header without checksum flags, offset of the first chunk)."""
    header = bytearray(data[:BASE_HEADER_BYTES])
    header_size = struct.unpack_from("<I", header, 12)[0]
    flags = struct.unpack_from("<Q", header, 24)[0]
    struct.pack_into("<I", header, 12, BASE_HEADER_BYTES)
    struct.pack_into("<Q", header, 24, flags & ~(FLAG_CHECKSUMS | FLAG_HEADER_CHECKSUM))
    return bytes(header), header_size
