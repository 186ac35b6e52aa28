//===- profile.h - Profile mode: the report's figures kept in the process -===//
//
// COROSCOPE_MODE=profile. Instead of logging every event, each hook adds to
// the counters of its site in the calling thread's counter block (indexed by
// site id, so no lock and no shared cache line) and keeps the little
// per-frame state that the counts of docs/report-format.md need: the
// carrier of the frame's open suspension (was its resume a wait?), whether it
// waited in its body (a synchronous completion?), whether it was started by a
// scheduler. Times are read only for sampled frames: every frame of a
// function up to gOptions.sample_first per thread, then one in
// gOptions.sample_every. A snapshot of the sums is written as one Profile
// chunk (log_format.h) at exit, on a crash signal, on __coroscope_flush()
// and every COROSCOPE_INTERVAL seconds.
//
// The definitions are the analyzer's (analyzer/model/model.cpp): a
// suspension is a wait unless the frame is resumed on the same thread while
// the activation (ramp, resume() or destroy() call) that was running when it
// suspended is still on that thread's stack.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_PROFILE_H
#define COROSCOPE_RUNTIME_PROFILE_H

#include "clock.h"
#include "frame_table.h"
#include "options.h"
#include "thread_state.h"

#include <atomic>
#include <stdint.h>

namespace coroscope {
namespace rt {

using Site = __coroscope_site;

// The hot path is inline here, as the trace mode's emit() is in
// thread_state.h: each hook in profile mode is one call into the runtime,
// not two. The rest (profile.cpp) is the slow path.

/// A site's counters in one thread: FunctionCounters for function sites,
/// SuspendCounters for suspend sites.
struct ProfileCounters {
  uint64_t v[__coroscope_site_counters];
};
static_assert(sizeof(ProfileCounters) == __coroscope_site_counters * sizeof(uint64_t));

inline ProfileCounters *counterBlock(const ThreadState *t) {
  return reinterpret_cast<ProfileCounters *>(t->pub.counters);
}

namespace profile_detail {

enum FunctionCounter {
  kCalls,
  kHeapFrames,
  kHeapBytes,
  kHeapMin,
  kHeapMax,
  kElidedFrames,
  kElidedBytes,
  kElidedMin,
  kElidedMax,
  kCompleted,
  kSync,
  kSyncScheduled,
  kFrees,
  kFunctionCounters
};
enum SuspendCounter { kReady, kSuspend, kCancel, kWaits, kSuspendCounters };
static_assert(int(kFunctionCounters) <= int(__coroscope_site_counters), "fits a slot");
static_assert(int(kReady) == int(__coroscope_counter_ready),
              "the pass's inline await_ready counts it");

inline uint64_t get(const uint64_t &c) { return __atomic_load_n(&c, __ATOMIC_RELAXED); }
inline void set(uint64_t &c, uint64_t v) { __atomic_store_n(&c, v, __ATOMIC_RELAXED); }
inline void add(uint64_t &c, uint64_t n = 1) { set(c, get(c) + n); }

/// The thread's block does not reach `id` yet: grows it (slow path).
uint64_t *growCounters(ThreadState *t, uint32_t id);

inline uint64_t *counters(ThreadState *t, const Site *site) {
  uint32_t id = site ? site->id : 0;
  if (__builtin_expect(id < t->pub.counters_cap, 1))
    return counterBlock(t)[id].v;
  return growCounters(t, id);
}

// --- Per-frame state ------------------------------------------------------

enum ProfileFrameFlag : uint32_t {
  kFrameLive = 1,
  kFrameCompleted = 2,
  kFrameBodyWaited = 4,
  kFrameScheduledStart = 8,
  kFrameSampled = 16,
};

struct alignas(64) ProfileFrame {
  std::atomic<uint64_t> key; ///< frame address; 0 = never used
  std::atomic<uint32_t> flags;
  uint32_t creator_thread;
  const Site *fn;
  const Site *open_site; ///< the suspension not yet resumed, or null
  uint64_t carrier;      ///< its activation: thread << 40 | id, 0 for none
  // Sampled frames only, in now() ticks (the TSC where it is invariant:
  // a third of clock_gettime's cost, which would otherwise be most of a
  // short frame's measured busy time); converted to ns when written.
  uint64_t begin_ns;     ///< at frame_begin
  uint64_t open_ns;      ///< when the open suspension began
  uint64_t suspended_ns; ///< closed suspensions so far
};
static_assert(sizeof(ProfileFrame) == 64, "one cache line per frame");

constexpr unsigned kFrameBits = 20;
/// 2^kFrameBits entries, mapped on first use (under pthread_once) and read
/// without a lock: atomic, or that read races with the store (TSan).
extern std::atomic<ProfileFrame *> gFrames;
ProfileFrame *mapFrames();

/// The table, mapped if it is not yet.
inline ProfileFrame *framesTable() {
  ProfileFrame *tab = gFrames.load(std::memory_order_acquire);
  return __builtin_expect(tab != nullptr, 1) ? tab : mapFrames();
}

/// Frames whose address found no slot in the table (more than about 2^20
/// alive at once): their entries in a locked overflow map. Non-zero once
/// any frame went there.
extern std::atomic<uint64_t> gOverflowed;
/// `frame`'s overflow entry, or null (slow path).
ProfileFrame *findOverflow(uint64_t frame);

/// The live entry of `frame`, or null.
inline ProfileFrame *findState(uint64_t frame) {
  ProfileFrame *tab = framesTable();
  if (!tab || !frame)
    return nullptr;
  ProfileFrame *f = frame_table::find(tab, kFrameBits, frame);
  // An address with an entry in the table (a tombstone too) always claims
  // that one: only addresses without one can be in the overflow map.
  if (!f && __builtin_expect(gOverflowed.load(std::memory_order_relaxed) != 0, 0))
    f = findOverflow(frame);
  return f && (f->flags.load(std::memory_order_relaxed) & kFrameLive) ? f : nullptr;
}
/// The entry of `frame`, live or a tombstone of it, or a new one: in the
/// table, or in the overflow map when the table is full around its home
/// slot. Null only when memory for the map cannot be mapped (then counted
/// as untracked).
ProfileFrame *claimState(uint64_t frame);
/// A sampled frame's life ends at `at` (now() ticks): completed, freed, or
/// its address reused.
void closeSample(ProfileFrame *f, uint64_t at);

// --- Activations --------------------------------------------------------

inline uint64_t carrierOf(const ThreadState *t, uint64_t id) {
  return (uint64_t(t->thread) << 40) | id;
}

inline bool onStack(const ThreadState *t, uint64_t carrier) {
  if (!carrier || (carrier >> 40) != t->thread)
    return false;
  uint64_t id = carrier & ((uint64_t(1) << 40) - 1);
  for (uint32_t i = t->act_depth; i-- > 0;) {
    if (t->acts[i].id == id)
      return true;
    if (t->acts[i].id < id) // ids grow towards the top
      return false;
  }
  return false;
}

inline void push(ThreadState *t, uint64_t frame) {
  uint64_t id = ++t->act_next;
  ++t->act_entered;
  if (t->act_overflow || t->act_depth == kMaxNesting) {
    ++t->act_overflow;
    return;
  }
  t->acts[t->act_depth++] = {id, frame};
}

inline void complete(ThreadState *t, ProfileFrame *f) {
  uint32_t flags = f->flags.load(std::memory_order_relaxed);
  f->flags.store(flags | kFrameCompleted, std::memory_order_relaxed);
  if (uint64_t *c = counters(t, f->fn)) {
    add(c[kCompleted]);
    if (!(flags & kFrameBodyWaited)) {
      add(c[kSync]);
      if (flags & kFrameScheduledStart)
        add(c[kSyncScheduled]);
    }
  }
  if (flags & kFrameSampled)
    closeSample(f, now());
}

inline bool inBody(const Site *s) {
  return s && (s->kind == log::kSiteAwait || s->kind == log::kSiteYield);
}

inline void minMax(uint64_t *c, int min, int max, uint64_t bytes, bool first) {
  if (first || bytes < get(c[min]))
    set(c[min], bytes);
  if (bytes > get(c[max]))
    set(c[max], bytes);
}

// The hooks' profile-mode work; `heap` for frame_begin: the frame came from
// the frame_alloc before it.

inline void profileFrameAlloc(ThreadState *t, const Site *, void *mem, uint64_t bytes) {
  t->pub.pending_alloc_mem = reinterpret_cast<uintptr_t>(mem);
  t->pub.pending_alloc_bytes = bytes;
}

inline void profileFrameBegin(ThreadState *t, const Site *fn, uint64_t frame, uint64_t bytes,
                              bool heap) {
  uint64_t *c = counters(t, fn);
  uint64_t calls = 0;
  if (c) {
    calls = get(c[kCalls]) + 1;
    set(c[kCalls], calls);
    if (heap) {
      uint64_t n = get(c[kHeapFrames]);
      set(c[kHeapFrames], n + 1);
      add(c[kHeapBytes], t->pub.pending_alloc_bytes);
      minMax(c, kHeapMin, kHeapMax, t->pub.pending_alloc_bytes, n == 0);
    } else {
      uint64_t n = get(c[kElidedFrames]);
      set(c[kElidedFrames], n + 1);
      add(c[kElidedBytes], bytes);
      minMax(c, kElidedMin, kElidedMax, bytes, n == 0);
    }
  }
  push(t, frame);
  ProfileFrame *f = claimState(frame);
  if (!f)
    return;
  uint32_t old = f->flags.load(std::memory_order_relaxed);
  if ((old & (kFrameLive | kFrameSampled)) == (kFrameLive | kFrameSampled))
    closeSample(f, now()); // its address was reused without a free
  bool sampled = calls <= gOptions.sample_first || calls % gOptions.sample_every == 0;
  f->creator_thread = t->thread;
  f->fn = fn;
  f->open_site = nullptr;
  f->carrier = 0;
  f->suspended_ns = 0;
  f->open_ns = 0;
  f->begin_ns = sampled ? now() : 0;
  f->flags.store(uint32_t(kFrameLive) | (sampled ? uint32_t(kFrameSampled) : 0u),
                 std::memory_order_release);
}

inline void profileActivationEnter(ThreadState *t, uint64_t frame) { push(t, frame); }

inline void profileActivationExit(ThreadState *t, uint64_t frame) {
  if (t->act_overflow) {
    --t->act_overflow;
  } else {
    // Through to the matching record: those above it lost their exit (an
    // exception unwound through them), as the analyzer reads it.
    for (uint32_t i = t->act_depth; i-- > 0;)
      if (t->acts[i].frame == frame) {
        t->act_depth = i;
        break;
      }
  }
  if (t->act_entered)
    --t->act_entered;
  if (t->act_entered + 1 < t->act_await_depth)
    t->act_await_depth = 0; // the call that ran that await_suspend has returned
}

inline void profileAwaitReady(ThreadState *t, const Site *site, uint64_t frame) {
  if (uint64_t *c = counters(t, site))
    add(c[kReady]);
  if (site && site->kind == log::kSiteFinal)
    if (ProfileFrame *f = findState(frame);
        f && !(f->flags.load(std::memory_order_relaxed) & kFrameCompleted))
      complete(t, f);
}

inline void profileAwaitSuspend(ThreadState *t, const Site *site, uint64_t frame) {
  if (uint64_t *c = counters(t, site))
    add(c[kSuspend]);
  bool initial = site && site->kind == log::kSiteInitial;
  if (!initial)
    t->act_await_depth = t->act_entered + 1;
  ProfileFrame *f = findState(frame);
  if (!f)
    return;
  uint32_t flags = f->flags.load(std::memory_order_relaxed);
  if (flags & kFrameCompleted)
    return;
  if (site && site->kind == log::kSiteFinal) {
    complete(t, f);
    return;
  }
  if (flags & kFrameSampled) {
    uint64_t at = now();
    if (f->open_site && at > f->open_ns) // a resume went missing
      f->suspended_ns += at - f->open_ns;
    f->open_ns = at;
  }
  f->open_site = site;
  f->carrier = t->act_depth ? carrierOf(t, t->acts[t->act_depth - 1].id) : 0;
}

inline void profileAwaitCancel(ThreadState *t, const Site *site, uint64_t frame) {
  if (uint64_t *c = counters(t, site))
    add(c[kCancel]);
  if (!(site && site->kind == log::kSiteInitial))
    t->act_await_depth = 0;
  ProfileFrame *f = findState(frame);
  if (f && !(f->flags.load(std::memory_order_relaxed) & kFrameCompleted) && f->open_site == site)
    f->open_site = nullptr; // await_suspend returned false: it never suspended
}

inline void profileFrameResume(ThreadState *t, const Site *, uint64_t frame) {
  ProfileFrame *f = findState(frame);
  if (!f)
    return;
  uint32_t flags = f->flags.load(std::memory_order_relaxed);
  const Site *s = f->open_site;
  if ((flags & kFrameCompleted) || !s)
    return;
  if (flags & kFrameSampled) {
    uint64_t at = now();
    if (at > f->open_ns)
      f->suspended_ns += at - f->open_ns;
  }
  if (!onStack(t, f->carrier)) {
    if (uint64_t *c = counters(t, s))
      add(c[kWaits]);
    if (inBody(s))
      flags |= kFrameBodyWaited;
    else if (s->kind == log::kSiteInitial &&
             (t->thread != f->creator_thread || t->act_await_depth == 0))
      flags |= kFrameScheduledStart;
    f->flags.store(flags, std::memory_order_relaxed);
  }
  f->open_site = nullptr;
}

inline void profileFrameFree(ThreadState *t, const Site *fn, uint64_t frame) {
  if (uint64_t *c = counters(t, fn))
    add(c[kFrees]);
  ProfileFrame *f = findState(frame);
  if (!f)
    return;
  uint32_t flags = f->flags.load(std::memory_order_relaxed);
  if (flags & kFrameSampled)
    closeSample(f, now());
  f->flags.store(0, std::memory_order_release);
}

} // namespace profile_detail

using profile_detail::profileActivationEnter;
using profile_detail::profileActivationExit;
using profile_detail::profileAwaitCancel;
using profile_detail::profileAwaitReady;
using profile_detail::profileAwaitSuspend;
using profile_detail::profileFrameAlloc;
using profile_detail::profileFrameBegin;
using profile_detail::profileFrameFree;
using profile_detail::profileFrameResume;

/// Writes the Profile chunk of the sums so far (replacing the previous one
/// when nothing was written after it). Caller holds the writer lock, or
/// failed to get it in a signal handler. Allocates nothing with malloc.
void writeProfileLocked();

/// Takes the clock pair sampled times are converted with; once. (The
/// COROSCOPE_INTERVAL snapshots are flusher.h's.)
void initProfile();

/// After fork(), in the child: its profile starts from zero.
void resetProfileAfterFork();

} // namespace rt
} // namespace coroscope

#endif
