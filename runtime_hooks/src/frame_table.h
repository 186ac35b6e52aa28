//===- frame_table.h - Lock-free open addressing keyed by frame address ---===//
//
// The probing rules shared by the checks' frame registry (frame_registry.h)
// and profile mode's frame state (profile.cpp): a key is claimed with a CAS
// and never cleared, so a look-up needs no lock; a freed entry stays as a
// tombstone that a new key may take over once its probe sequence grows
// long, earlier in the sequence than any stale copy of that key, so look-ups
// meet the new entry first. No key is placed further than kMaxProbe from
// its home slot, so every look-up (also of frames never seen, like
// noop_coroutine()) stops there however many tombstones a long run leaves.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_FRAME_TABLE_H
#define COROSCOPE_RUNTIME_FRAME_TABLE_H

#include <atomic>
#include <stdint.h>

namespace coroscope {
namespace rt {
namespace frame_table {

constexpr uint64_t kReuseAfter = 8;
constexpr uint64_t kMaxProbe = 64;

/// The home slot of `frame` in a table of 2^bits slots. Frames are at least
/// 8-byte aligned; the multiply mixes the bits that vary.
inline uint64_t home(uint64_t frame, unsigned bits) {
  return ((frame >> 4) * 0x9E3779B97F4A7C15ull) >> (64 - bits);
}

/// The entry whose key is `frame`, or null. `Entry::key` is a
/// std::atomic<uint64_t>; 0 marks a slot never used.
template <class Entry> Entry *find(Entry *table, unsigned bits, uint64_t frame) {
  uint64_t mask = (uint64_t(1) << bits) - 1;
  for (uint64_t i = home(frame, bits), n = 0; n < kMaxProbe; i = (i + 1) & mask, ++n) {
    uint64_t k = table[i].key.load(std::memory_order_acquire);
    if (k == frame)
      return &table[i];
    if (k == 0)
      return nullptr;
  }
  return nullptr;
}

/// The entry whose key is `frame` (whatever its state), else a new one: an
/// empty slot, or a tombstone (`isTombstone(entry)`) taken over.
/// `onFirstUse(entry)` runs when a never-used slot gets its key. Null when
/// the table is full around the home slot.
template <class Entry, class IsTombstone, class OnFirstUse>
Entry *claim(Entry *table, unsigned bits, uint64_t frame, IsTombstone isTombstone,
             OnFirstUse onFirstUse) {
  uint64_t mask = (uint64_t(1) << bits) - 1;
  Entry *tomb = nullptr;
  uint64_t tomb_key = 0;
  for (uint64_t i = home(frame, bits), n = 0; n < kMaxProbe;) {
    uint64_t k = table[i].key.load(std::memory_order_acquire);
    if (k == frame)
      return &table[i];
    if (k == 0 || (tomb && n > kReuseAfter)) {
      bool into_tomb = tomb && n > kReuseAfter;
      Entry *target = into_tomb ? tomb : &table[i];
      uint64_t expected = into_tomb ? tomb_key : 0;
      if (target->key.compare_exchange_strong(expected, frame, std::memory_order_acq_rel)) {
        if (!into_tomb)
          onFirstUse(target);
        return target;
      }
      if (expected == frame)
        return target;
      if (into_tomb)
        tomb = nullptr;
      continue; // another thread took it: look at slot i again
    }
    if (!tomb && isTombstone(table[i])) {
      tomb = &table[i];
      tomb_key = k;
    }
    i = (i + 1) & mask;
    ++n;
  }
  if (tomb && tomb->key.compare_exchange_strong(tomb_key, frame, std::memory_order_acq_rel))
    return tomb;
  return nullptr;
}

} // namespace frame_table
} // namespace rt
} // namespace coroscope

#endif
