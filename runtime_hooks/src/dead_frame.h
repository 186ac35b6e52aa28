//===- dead_frame.h - Telling a destroyed frame's memory from its reuse ---===//
//
// When a frame is freed the runtime writes a cookie (8 bytes derived from a
// per-process secret and the frame's address) into the frame's own bytes,
// just before operator delete gets them. An operation that later meets the
// destroyed frame reads the cookie back: still there, the memory is still
// the dead frame's (a dangling handle); gone, something was allocated there
// since, and the handle names that new object, whatever its slots hold.
// This works with any allocator, since it never asks the allocator.
//
// Where: in the frame's last whole word. Not near the start: the promise
// follows the two function pointers, and a stale handle's await_suspend
// writes into it (the continuation) before the operation the check sees;
// allocators keep their free-list links there too (glibc: tcache next/key
// or fd/bk at 0..15, fd_nextsize/bk_nextsize at 16..31). Never past the
// frame's known size: a promise's allocator may keep data right after it.
// The one allocator write that can reach the last word is glibc's prev_size
// of the next chunk when the chunk goes to a bin other than tcache or a
// fastbin; then a real use-after-destroy goes unreported, never the reverse.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_DEAD_FRAME_H
#define COROSCOPE_RUNTIME_DEAD_FRAME_H

#include <stdint.h>

namespace coroscope {
namespace rt {

constexpr uint64_t kDeadCookieBytes = 8;

/// Offset of the cookie in a frame of `bytes` bytes (its last whole word);
/// 0 when that word would overlap the first 16 bytes (frames under 24
/// bytes) or the size is unknown (0).
inline uint64_t deadCookieOffset(uint64_t bytes) {
  uint64_t off = bytes >= kDeadCookieBytes ? (bytes - kDeadCookieBytes) & ~uint64_t(7) : 0;
  return off >= 16 ? off : 0;
}

/// The cookie of the frame at `frame`.
uint64_t deadCookie(uint64_t frame);

/// Writes the cookie into the frame being freed, [frame, frame + bytes);
/// false when the frame is too small (or its size unknown: 0).
bool markDeadFrame(uint64_t frame, uint64_t bytes);

} // namespace rt
} // namespace coroscope

#endif
