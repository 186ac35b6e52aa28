//===- frame_registry.cpp - What the runtime knows about each live frame --===//
//
// 2^20 slots (64 MiB of address space, touched lazily by the kernel): more
// live frames than any program here keeps, and tombstones are recycled.
//
//===----------------------------------------------------------------------===//
#include "frame_registry.h"

#include <pthread.h>
#include <sys/mman.h>

namespace coroscope {
namespace rt {

namespace {
constexpr uint64_t kSlots = uint64_t(1) << 20;
constexpr uint64_t kMask = kSlots - 1;
// Beyond this many probes an insert takes over the first tombstone it saw.
constexpr uint64_t kReuseAfter = 8;
constexpr uint64_t kMaxProbe = 4096;

FrameEntry *gTable = nullptr;
pthread_once_t gTableOnce = PTHREAD_ONCE_INIT;

void allocTable() {
  void *mem = mmap(nullptr, kSlots * sizeof(FrameEntry), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  gTable = mem == MAP_FAILED ? nullptr : static_cast<FrameEntry *>(mem);
}

inline FrameEntry *table() {
  if (__builtin_expect(gTable == nullptr, 0))
    pthread_once(&gTableOnce, allocTable);
  return gTable;
}

inline uint64_t slotOf(uint64_t frame) {
  // Frames are at least 8-byte aligned; mix the bits that vary.
  return ((frame >> 4) * 0x9E3779B97F4A7C15ull) >> (64 - 20);
}
} // namespace

FrameEntry *findFrame(uint64_t frame) {
  FrameEntry *t = table();
  if (!t || frame == 0)
    return nullptr;
  for (uint64_t i = slotOf(frame), n = 0; n < kMaxProbe; i = (i + 1) & kMask, ++n) {
    uint64_t k = t[i].key.load(std::memory_order_acquire);
    if (k == frame)
      return &t[i];
    if (k == 0)
      return nullptr;
  }
  return nullptr;
}

FrameEntry *insertFrame(uint64_t frame) {
  FrameEntry *t = table();
  if (!t || frame == 0)
    return nullptr;
  FrameEntry *tomb = nullptr;
  uint64_t tomb_key = 0;
  uint64_t i = slotOf(frame), n = 0;
  while (n < kMaxProbe) {
    uint64_t k = t[i].key.load(std::memory_order_acquire);
    if (k == frame)
      return &t[i];
    if (k == 0) {
      // Lookups stop at the first empty slot, so a key goes there or into a
      // tombstone before it, never past it.
      FrameEntry *target = (tomb && n > kReuseAfter) ? tomb : &t[i];
      uint64_t expected = target == tomb ? tomb_key : 0;
      if (target->key.compare_exchange_strong(expected, frame, std::memory_order_acq_rel))
        return target;
      if (expected == frame)
        return target;
      if (target == tomb)
        tomb = nullptr;
      continue; // another thread took it: look at slot i again
    }
    if (!tomb && wordState(t[i].word.load(std::memory_order_relaxed)) == log::kFrameDestroyed) {
      tomb = &t[i];
      tomb_key = k;
    }
    i = (i + 1) & kMask;
    ++n;
  }
  if (tomb && tomb->key.compare_exchange_strong(tomb_key, frame, std::memory_order_acq_rel))
    return tomb;
  return nullptr;
}

FrameEntry *registryBegin() { return gTable; }
FrameEntry *registryEnd() { return gTable ? gTable + kSlots : nullptr; }

} // namespace rt
} // namespace coroscope
