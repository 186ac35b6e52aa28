//===- coroscope/log_checksum.h - The chunk checksum of the log format ----===//
//
// One definition for the runtime (which writes it) and the analyzer (which
// checks it): XXH32, seed 0 (xxHash, https://github.com/Cyan4973/xxHash,
// Debian's libxxhash-dev, used header-only so the runtime gains no shared
// library), over the 16-byte ChunkHeader with `checksum` set to 0, then the
// payload. Present when the FileHeader has kFlagChecksums. The FileHeader
// has one of its own (fileHeaderChecksum).
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_LOG_CHECKSUM_H
#define COROSCOPE_LOG_CHECKSUM_H

#include "coroscope/log_format.h"

#include <stddef.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace coroscope {
namespace log {

/// The checksum of one chunk, fed in pieces.
class ChunkChecksum {
public:
  void begin(const ChunkHeader &h) {
    ChunkHeader zeroed = h;
    zeroed.checksum = 0;
    XXH32_reset(&state_, 0);
    XXH32_update(&state_, &zeroed, sizeof zeroed);
  }
  void add(const void *data, size_t size) { XXH32_update(&state_, data, size); }
  uint32_t value() const { return XXH32_digest(&state_); }

private:
  XXH32_state_t state_;
};

/// The file header's checksum: XXH32, seed 0, over sizeof(FileHeader) bytes
/// with header_checksum set to 0.
inline uint32_t fileHeaderChecksum(const FileHeader &h) {
  FileHeader zeroed = h;
  zeroed.header_checksum = 0;
  return XXH32(&zeroed, sizeof zeroed, 0);
}

/// The End record's chain after a chunk with checksum `checksum`: XXH32,
/// seeded with the chain so far (0 at the file header), of the checksum's
/// 4 little-endian bytes. Order-dependent, so a swap shows as a splice does.
inline uint32_t chainChunk(uint32_t chain, uint32_t checksum) {
  return XXH32(&checksum, sizeof checksum, chain);
}

/// The checksum of a whole chunk in memory (header then payload).
inline uint32_t chunkChecksum(const void *chunk, size_t size) {
  ChunkChecksum c;
  c.begin(*static_cast<const ChunkHeader *>(chunk));
  c.add(static_cast<const char *>(chunk) + sizeof(ChunkHeader), size - sizeof(ChunkHeader));
  return c.value();
}

} // namespace log
} // namespace coroscope

#endif
