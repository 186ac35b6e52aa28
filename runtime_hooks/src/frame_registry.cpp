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
// Beyond this many probes an insert takes over the first tombstone it saw;
// no key is ever placed further than kMaxProbe from its home slot, so every
// look-up (also of frames never seen, like noop_coroutine()) stops there,
// however many tombstones a long run leaves.
constexpr uint64_t kReuseAfter = 8;
constexpr uint64_t kMaxProbe = 64;

FrameEntry *gTable = nullptr;
std::atomic<uint64_t> gUntracked{0};
constexpr uint64_t kPages = kSlots / kSlotsPerPage;
std::atomic<uint64_t> gUsedPages[kPages / 64]; // one bit per page

// Called when a slot gets its first key (a new slot, not a tombstone):
// rare, so one relaxed read before the atomic or.
void markUsed(const FrameEntry *slot) {
  uint64_t page = uint64_t(slot - gTable) / kSlotsPerPage;
  uint64_t bit = uint64_t(1) << (page % 64);
  std::atomic<uint64_t> &word = gUsedPages[page / 64];
  if (!(word.load(std::memory_order_relaxed) & bit))
    word.fetch_or(bit, std::memory_order_release);
}
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
      return wordState(t[i].word.load(std::memory_order_acquire)) == kFrameForgotten ? nullptr
                                                                                     : &t[i];
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
    // A new key goes into the first empty slot, or into a tombstone before
    // it once the chain is long: earlier in the chain than any stale copy
    // of the same key, so look-ups find the new entry first.
    if (k == 0 || (tomb && n > kReuseAfter)) {
      FrameEntry *target = k == 0 && !(tomb && n > kReuseAfter) ? &t[i] : tomb;
      uint64_t expected = target == tomb ? tomb_key : 0;
      if (target->key.compare_exchange_strong(expected, frame, std::memory_order_acq_rel)) {
        if (target != tomb)
          markUsed(target);
        return target;
      }
      if (expected == frame)
        return target;
      if (target == tomb)
        tomb = nullptr;
      continue; // another thread took it: look at slot i again
    }
    if (!tomb && tombstoneState(wordState(t[i].word.load(std::memory_order_relaxed)))) {
      tomb = &t[i];
      tomb_key = k;
    }
    i = (i + 1) & kMask;
    ++n;
  }
  if (tomb && tomb->key.compare_exchange_strong(tomb_key, frame, std::memory_order_acq_rel))
    return tomb;
  gUntracked.fetch_add(1, std::memory_order_relaxed);
  return nullptr;
}

uint64_t untrackedFrames() { return gUntracked.load(std::memory_order_relaxed); }

FrameEntry *registryPage(uint32_t page) {
  if (!gTable || page >= kPages)
    return nullptr;
  uint64_t bits = gUsedPages[page / 64].load(std::memory_order_acquire);
  return (bits >> (page % 64)) & 1 ? gTable + uint64_t(page) * kSlotsPerPage : nullptr;
}

uint32_t registryPages() { return uint32_t(kPages); }

} // namespace rt
} // namespace coroscope
