//===- frame_registry.h - What the runtime knows about each live frame ----===//
//
// A lock-free open-addressing table keyed by frame address, one cache line
// per frame. The run-time checks consult it before each operation on a frame
// (one hash look-up per hook), and the exit scan and live-frame dumps read
// it. Destroyed frames stay as tombstones, so a later resume() or destroy()
// of the same handle is recognised, until the slot is needed again: a new
// frame at the same address resets its entry, and a new address takes over
// a tombstone once the probe sequence grows long. A destroyed frame whose
// memory something else took (dead_frame.h) is forgotten: its entry stays a
// tombstone that look-ups and scans skip.
//
// Concurrency: `key` is claimed with a CAS and never cleared; `word` (state,
// site, thread) changes with CAS where two threads may race (resuming a
// frame), and the other fields are written by the thread that owns the
// frame's transition, before it publishes `word` with release.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_FRAME_REGISTRY_H
#define COROSCOPE_RUNTIME_FRAME_REGISTRY_H

#include "coroscope/log_format.h"

#include <atomic>
#include <stdint.h>

namespace coroscope {
namespace rt {

/// state (8 bits) | thread (24 bits) | site (32 bits).
inline uint64_t packWord(uint8_t state, uint32_t thread, uint32_t site) {
  return uint64_t(state) | (uint64_t(thread & 0xffffff) << 8) | (uint64_t(site) << 32);
}
inline uint8_t wordState(uint64_t w) { return uint8_t(w); }
inline uint32_t wordThread(uint64_t w) { return uint32_t(w >> 8) & 0xffffff; }
inline uint32_t wordSite(uint64_t w) { return uint32_t(w >> 32); }

/// The state of a forgotten entry: runtime-only (never in a log), beyond
/// log::FrameState's values.
constexpr uint8_t kFrameForgotten = 0xff;

/// A frame that counts as alive (exit scan, live-frame dumps): not
/// destroyed, not forgotten, and not a slot whose key was just claimed.
inline bool liveState(uint8_t s) { return s >= log::kFrameRunning && s < log::kFrameDestroyed; }
/// An entry a new key may take over.
inline bool tombstoneState(uint8_t s) { return s == log::kFrameDestroyed || s == kFrameForgotten; }

enum FrameFlag : uint32_t {
  kFlagStarted = 1,       ///< resumed at least once after its initial suspend
  kFlagAtInitial = 2,     ///< suspended at its initial suspend point
  kFlagHeap = 4,          ///< came from operator new
  kFlagSelfDestroyed = 8, ///< freed without destroy() (flowed off its final suspend)
  kFlagReported = 16,     ///< a fatal finding was reported for this frame
  kFlagCompleted = 32,    ///< reached its final suspend point
  kFlagDeadCookie = 64,   ///< freed with a cookie in its bytes (dead_frame.h)
};

struct alignas(64) FrameEntry {
  std::atomic<uint64_t> key; ///< frame address; 0 = never used
  std::atomic<uint64_t> word;
  uint32_t fn_site;
  uint32_t creation_site;
  uint32_t first_await_site; ///< where another frame first awaited this one
  uint32_t destroy_site;     ///< the destroy() call, or the last suspend site
  uint32_t destroy_thread;
  std::atomic<uint32_t> flags;
  uint64_t awaiter; ///< the frame awaiting this one, 0 if none known
  uint32_t bytes;   ///< frame size, heap or elided (kFlagHeap tells which), saturated
  /// A co_await that ran this frame parked mid-body while its first awaiter
  /// still waited: a hand-off, or a second await if this frame's final
  /// suspend point then resumes it (checks.cpp, noteMidBodyRun()).
  uint32_t second_await_site;
  uint64_t destroy_fn; ///< the frame's destroy-function pointer when it was freed
};
static_assert(sizeof(FrameEntry) == 64, "one cache line per frame");

/// The entry of `frame`, or null when it was never seen, evicted or
/// forgotten.
FrameEntry *findFrame(uint64_t frame);
/// The entry of `frame`, created (or taken over from a tombstone) if needed;
/// null only when the table is full around its home slot (then counted).
FrameEntry *insertFrame(uint64_t frame);

/// Frames that could not be tracked (their checks are skipped).
uint64_t untrackedFrames();

/// Calls fn(entry) for every used entry. Safe while other threads run.
template <class Fn> void forEachFrame(Fn &&fn);

// Implementation detail for forEachFrame: the table in pages of 64 slots
// (4 KiB), and which pages ever held a key, so a scan (at exit, on a dump)
// reads only those instead of faulting in the whole table.
constexpr uint32_t kSlotsPerPage = 64;
FrameEntry *registryPage(uint32_t page); ///< null if the page was never used
uint32_t registryPages();

template <class Fn> void forEachFrame(Fn &&fn) {
  for (uint32_t p = 0, n = registryPages(); p < n; ++p)
    if (FrameEntry *e = registryPage(p))
      for (uint32_t i = 0; i < kSlotsPerPage; ++i)
        if (e[i].key.load(std::memory_order_acquire) != 0)
          fn(e[i]);
}

} // namespace rt
} // namespace coroscope

#endif
