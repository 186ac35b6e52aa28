//===- frame_registry.cpp - What the runtime knows about each live frame --===//
//
// 2^20 slots (64 MiB of address space, touched lazily by the kernel): more
// live frames than any program here keeps, and tombstones are recycled.
//
//===----------------------------------------------------------------------===//
#include "frame_registry.h"

#include "frame_table.h"

#include <pthread.h>
#include <sys/mman.h>

namespace coroscope {
namespace rt {

namespace {
constexpr unsigned kBits = 20;
constexpr uint64_t kSlots = uint64_t(1) << kBits;

// Published by allocTable under pthread_once and read without it: an atomic,
// or the unlocked check in table() races with that store (TSan reports it).
std::atomic<FrameEntry *> gTable{nullptr};
std::atomic<uint64_t> gUntracked{0};
constexpr uint64_t kPages = kSlots / kSlotsPerPage;
std::atomic<uint64_t> gUsedPages[kPages / 64]; // one bit per page

// Called when a slot gets its first key (a new slot, not a tombstone):
// rare, so one relaxed read before the atomic or.
void markUsed(const FrameEntry *slot) {
  uint64_t page = uint64_t(slot - gTable.load(std::memory_order_relaxed)) / kSlotsPerPage;
  uint64_t bit = uint64_t(1) << (page % 64);
  std::atomic<uint64_t> &word = gUsedPages[page / 64];
  if (!(word.load(std::memory_order_relaxed) & bit))
    word.fetch_or(bit, std::memory_order_release);
}
pthread_once_t gTableOnce = PTHREAD_ONCE_INIT;

void allocTable() {
  void *mem = mmap(nullptr, kSlots * sizeof(FrameEntry), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  gTable.store(mem == MAP_FAILED ? nullptr : static_cast<FrameEntry *>(mem),
               std::memory_order_release);
}

inline FrameEntry *table() {
  FrameEntry *t = gTable.load(std::memory_order_acquire);
  if (__builtin_expect(t == nullptr, 0)) {
    pthread_once(&gTableOnce, allocTable);
    t = gTable.load(std::memory_order_acquire);
  }
  return t;
}
} // namespace

FrameEntry *findFrame(uint64_t frame) {
  FrameEntry *t = table();
  if (!t || frame == 0)
    return nullptr;
  FrameEntry *e = frame_table::find(t, kBits, frame);
  return e && wordState(e->word.load(std::memory_order_acquire)) != kFrameForgotten ? e : nullptr;
}

FrameEntry *insertFrame(uint64_t frame) {
  FrameEntry *t = table();
  if (!t || frame == 0)
    return nullptr;
  FrameEntry *e = frame_table::claim(
      t, kBits, frame,
      [](const FrameEntry &x) {
        return tombstoneState(wordState(x.word.load(std::memory_order_relaxed)));
      },
      markUsed);
  if (!e)
    gUntracked.fetch_add(1, std::memory_order_relaxed);
  return e;
}

uint64_t untrackedFrames() { return gUntracked.load(std::memory_order_relaxed); }

FrameEntry *registryPage(uint32_t page) {
  FrameEntry *t = gTable.load(std::memory_order_acquire);
  if (!t || page >= kPages)
    return nullptr;
  uint64_t bits = gUsedPages[page / 64].load(std::memory_order_acquire);
  return (bits >> (page % 64)) & 1 ? t + uint64_t(page) * kSlotsPerPage : nullptr;
}

uint32_t registryPages() { return uint32_t(kPages); }

} // namespace rt
} // namespace coroscope
