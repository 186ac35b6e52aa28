//===- dead_frame.h - Telling a destroyed frame's memory from its reuse ---===//
//
// When a frame is freed the runtime writes a cookie (16 bytes derived from a
// per-process secret and the frame's address) into the frame's own bytes,
// just before operator delete gets them. An operation that later meets the
// destroyed frame reads the cookie back: still there, the memory is still
// the dead frame's (a dangling handle); gone, something was allocated there
// since, and the handle names that new object, whatever its slots hold.
// This works with any allocator, since it never asks the allocator.
//
// Where: clear of what allocators write into a freed chunk (glibc: tcache
// next/key or fd/bk at 0..15, fd_nextsize/bk_nextsize of large chunks at
// 16..31, and the next chunk's prev_size: at or past offset 32 for a
// request of 32 bytes or more, at or past 48 for 48 or more), and only
// inside the frame's known size: a promise's allocator may keep its own
// data right after it.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_DEAD_FRAME_H
#define COROSCOPE_RUNTIME_DEAD_FRAME_H

#include <stdint.h>

namespace coroscope {
namespace rt {

constexpr uint64_t kDeadCookieBytes = 16;

/// Offset of the cookie in a frame of `bytes` bytes; 0 when the frame is too
/// small to hold one where no allocator writes (below 32 bytes).
inline uint64_t deadCookieOffset(uint64_t bytes) {
  return bytes >= 48 ? 32 : bytes >= 32 ? 16 : 0;
}

/// The cookie of the frame at `frame`.
void deadCookie(uint64_t frame, uint64_t out[2]);

/// Writes the cookie into the frame being freed, [frame, frame + bytes);
/// false when the frame is too small (or its size unknown: 0).
bool markDeadFrame(uint64_t frame, uint64_t bytes);

} // namespace rt
} // namespace coroscope

#endif
