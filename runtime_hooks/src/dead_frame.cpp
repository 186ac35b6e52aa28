//===- dead_frame.cpp - Telling a destroyed frame's memory from its reuse -===//
//
// See dead_frame.h. The secret is random per process so that no program's
// data matches a cookie by accident (or on purpose); a forked child keeps
// its parent's, which is right: it keeps its memory too.
//
//===----------------------------------------------------------------------===//
#include "dead_frame.h"

#include "clock.h"

#include <pthread.h>
#include <sys/random.h>

namespace coroscope {
namespace rt {

namespace {
uint64_t gSecret[2];
pthread_once_t gSecretOnce = PTHREAD_ONCE_INIT;

void makeSecret() {
  if (getrandom(gSecret, sizeof gSecret, GRND_NONBLOCK) != ssize_t(sizeof gSecret)) {
    // No entropy yet (early boot): the clock and this library's address.
    gSecret[0] = monotonicNs() ^ reinterpret_cast<uintptr_t>(&gSecret);
    gSecret[1] = gSecret[0] * 0x9E3779B97F4A7C15ull + 1;
  }
}

inline uint64_t mix(uint64_t x) { // splitmix64's finalizer
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
} // namespace

uint64_t deadCookie(uint64_t frame) {
  pthread_once(&gSecretOnce, makeSecret);
  return mix(mix(frame ^ gSecret[0]) ^ gSecret[1]);
}

bool markDeadFrame(uint64_t frame, uint64_t bytes) {
  uint64_t off = deadCookieOffset(bytes);
  if (off == 0)
    return false;
  uint64_t cookie = deadCookie(frame);
  __builtin_memcpy(reinterpret_cast<void *>(frame + off), &cookie, sizeof cookie);
  return true;
}

} // namespace rt
} // namespace coroscope
