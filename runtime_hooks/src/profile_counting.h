//===- profile_counting.h - Profile mode's counts, one source for two users ===//
//
// What each hook does in profile mode, on the calling thread's
// __coroscope_thread (coroscope/hooks.h) alone: counter increments in the
// thread's block (by site id) and the little state that tells a wait from a
// synchronous resumption. The runtime's hooks call these functions; the
// plugin compiles this same header to LLVM bitcode (profile_inline.cpp,
// embedded in the plugin) and inlines it in place of the hook calls, so with
// COROSCOPE_MODE=profile and no run-time checks the common path is no call
// at all, as -fprofile-instr-generate's counters are none. Only a thread's
// first event in a module (its registration attaches it), a counter block that must
// grow, a sampled frame's clock reads and an open suspension not on top of
// the thread's list call into the runtime.
//
// The definitions are the analyzer's (analyzer/model/model.cpp): a
// suspension is a wait unless the frame is resumed on the same thread while
// the activation (ramp, resume() or destroy() call) that was running when it
// suspended is still on that thread's stack. So each thread keeps its stack
// of activations, each numbered with a serial never reused, and a small
// hash table of the suspensions made on it, each naming the activation it
// was made under by stack depth and serial: a resumption that finds its
// frame's entry here while that activation is still at that depth is no
// wait. Entries whose activation has ended are not removed, just no longer
// live, and are reused as free slots. The frame's own flags (did its body
// wait? was its start scheduled?) travel in its entry, and a wait sets them
// anew: after a wait at a co_await or co_yield only "its body waited"
// matters, after its initial suspension only how it started. Nothing is
// kept per frame, and the frame does not grow.
//
// One rule differs from trace mode's: a start (initial resumption) counts
// as scheduled when no await_suspend is running on the resuming thread; the
// creator's thread is not known here, so a lazy task created on one thread
// and started from an await_suspend on another counts as started by its
// awaiter (docs/usage.md, "Profile mode").
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_PROFILE_COUNTING_H
#define COROSCOPE_RUNTIME_PROFILE_COUNTING_H

#include "coroscope/hooks.h"
#include "coroscope/log_format.h"

#include <stdint.h>

extern "C" {
/// The thread's counter block does not reach `id`: grows it; null if no
/// memory could be had.
uint64_t *__coroscope_profile_grow(struct __coroscope_thread *t, uint32_t id);
/// `frame`'s few slots in t->open are live: keeps its open suspension in
/// the runtime's map instead; false if no memory could be had.
bool __coroscope_profile_spill(struct __coroscope_thread *t, uint64_t frame, uint64_t serial,
                               const struct __coroscope_site *site, uint32_t depth, uint32_t flags);
/// Takes `frame`'s open suspension out of the runtime's map: its flags when
/// its activation is still live and it was made at `site`, else -1.
int64_t __coroscope_profile_unspill(struct __coroscope_thread *t, uint64_t frame,
                                    const struct __coroscope_site *site);
/// A sampled frame's event (coroscope::counting::SampleEvent): its clock
/// reads and time histograms.
void __coroscope_profile_sample(uint32_t event, const struct __coroscope_site *site,
                                uint64_t frame);
}

namespace coroscope {
namespace counting {

// Each hook's work is a handful of instructions the inlined code must not
// call out of line for.
#define COROSCOPE_COUNTING inline __attribute__((always_inline))

using Site = __coroscope_site;
using Thread = __coroscope_thread;

enum FunctionCounter {
  kCalls,
  kHeapFrames,
  kHeapBytes,
  kHeapMin, ///< stored as ~min, so that 0 means none yet
  kHeapMax,
  kElidedFrames,
  kElidedBytes,
  kElidedMin, ///< stored as ~min
  kElidedMax,
  kCompleted,
  kSync,
  kSyncScheduled,
  kFrees,
  kFunctionCounters,
  kSampleCountdown = kFunctionCounters, ///< frames to go to the next sampled one
};
enum SuspendCounter { kReady, kSuspend, kCancel, kWaits, kSuspendCounters };
static_assert(int(kSampleCountdown) < int(__coroscope_site_counters), "fits a slot");
static_assert(int(kReady) == int(__coroscope_counter_ready),
              "the pass's inline await_ready counts it");

enum SampleEvent : uint32_t {
  kSampleBegin,
  kSampleSuspend,
  kSampleResume,
  kSampleCancel,
  kSampleComplete,
  kSampleFree,
};

/// What `fast` must hold for the inline counting to stand for a hook.
constexpr uint32_t kInlineNeeds = __coroscope_fast_inline;
static_assert(kInlineNeeds == (__coroscope_fast_profile | __coroscope_fast_no_checks));

COROSCOPE_COUNTING uint64_t get(const uint64_t &c) { return __atomic_load_n(&c, __ATOMIC_RELAXED); }
COROSCOPE_COUNTING void set(uint64_t &c, uint64_t v) { __atomic_store_n(&c, v, __ATOMIC_RELAXED); }
COROSCOPE_COUNTING void add(uint64_t &c, uint64_t n = 1) { set(c, get(c) + n); }

static_assert(int(kSampleCountdown) < 16 && int(kSuspendCounters) <= 4,
              "a site's counters fit its module slots (__coroscope_site_slots)");

#ifdef COROSCOPE_MODULE_COUNTERS
// The inline code's: the pass makes this the site's slots in its module's
// thread-local array (coroscope/hooks.h).
extern "C" uint64_t *__coroscope_module_counters_of(const Site *site)
    __attribute__((returns_nonnull, const));
COROSCOPE_COUNTING uint64_t *counters(Thread *, const Site *s) {
  return __coroscope_module_counters_of(s);
}
#else
// The hooks': the thread's block, by site id.
COROSCOPE_COUNTING uint64_t *counters(Thread *t, const Site *s) {
  uint32_t id = s ? s->id : 0;
  if (__builtin_expect(id < t->counters_cap, 1))
    return t->counters + uint64_t(id) * __coroscope_site_counters;
  return __coroscope_profile_grow(t, id);
}
#endif

COROSCOPE_COUNTING uint64_t &sampledSlot(uint64_t frame) {
  return __coroscope_sampled_frames[(frame >> 4 ^ frame >> 14) & (__coroscope_sampled_slots - 1)];
}
COROSCOPE_COUNTING bool isSampled(uint64_t frame) {
  return __builtin_expect(__atomic_load_n(&sampledSlot(frame), __ATOMIC_RELAXED) == frame, 0);
}

// --- Activations --------------------------------------------------------

/// An activation begins for `frame`; nothing runs in it yet.
COROSCOPE_COUNTING void enter(Thread *t, uint64_t frame) {
  ++t->act_entered;
  if (t->act_overflow || t->act_depth == __coroscope_max_activations) {
    ++t->act_overflow;
    t->cur_serial = 0;
  } else {
    __coroscope_activation &a = t->acts[t->act_depth++];
    a.frame = frame;
    a.serial = t->cur_serial = ++t->act_serial;
    a.caller_frame = t->running_frame;
    a.caller_flags = t->running_flags;
  }
  t->running_frame = 0;
  t->running_flags = 0;
}

/// The activation begun for `frame` ends: through to it, as the analyzer
/// reads it (those above it lost their exit to an exception).
COROSCOPE_COUNTING void exit(Thread *t, uint64_t frame) {
  if (t->act_overflow) {
    if (--t->act_overflow == 0)
      t->cur_serial = t->acts[t->act_depth - 1].serial;
  } else {
    for (uint32_t i = t->act_depth; i-- > 0;)
      if (t->acts[i].frame == frame) {
        const __coroscope_activation &a = t->acts[i];
        t->running_frame = a.caller_frame;
        t->running_flags = a.caller_flags;
        t->act_depth = i;
        t->cur_serial = i ? t->acts[i - 1].serial : 0;
        break;
      }
  }
  if (t->act_entered)
    --t->act_entered;
  if (t->act_entered + 1 < t->act_await_depth)
    t->act_await_depth = 0; // the call that ran that await_suspend has returned
}

// --- Open suspensions ---------------------------------------------------

COROSCOPE_COUNTING __coroscope_open_suspension &openSlot(Thread *t, uint64_t frame, uint32_t k) {
  return t->open[((frame >> 4 ^ frame >> 12) + k) & (__coroscope_open_slots - 1)];
}

/// The activation `o` was made under is still on the stack: the innermost
/// one (no load that waits for another), or one below it.
COROSCOPE_COUNTING bool live(const Thread *t, const __coroscope_open_suspension &o) {
  if (__builtin_expect(o.serial == t->cur_serial, 1))
    return o.serial != 0;
  return o.depth < t->act_depth && t->acts[o.depth].serial == o.serial;
}

/// `frame` suspends at `site` under the innermost activation (none kept:
/// its resumption will be a wait).
COROSCOPE_COUNTING void putOpen(Thread *t, uint64_t frame, const Site *site, uint32_t flags) {
  uint32_t depth =
      t->act_overflow || !t->act_depth ? uint32_t(__coroscope_max_activations) : t->act_depth - 1;
  uint64_t serial = depth < __coroscope_max_activations ? t->cur_serial : 0;
  // The first slot that is free, stale or the frame's own: then no entry
  // of the frame comes before its newest in probe order.
  __coroscope_open_suspension *put = nullptr;
  for (uint32_t k = 0; k < __coroscope_open_probes; ++k) {
    __coroscope_open_suspension &o = openSlot(t, frame, k);
    if (o.frame == frame || o.frame == 0 || !live(t, o)) {
      put = &o;
      break;
    }
  }
  if (__builtin_expect(put != nullptr, 1))
    *put = {frame, serial, site, depth, flags};
  else if (!__coroscope_profile_spill(t, frame, serial, site, depth, flags))
    ++t->untracked;
}

/// Takes `frame`'s open suspension as it resumes at `site`: its flags, or
/// -1 when the thread has none for it whose activation is live, or its
/// latest suspension was not this one (its resumption is then a wait).
COROSCOPE_COUNTING int64_t takeOpen(Thread *t, uint64_t frame, const Site *site) {
  for (uint32_t k = 0; k < __coroscope_open_probes; ++k) {
    __coroscope_open_suspension &o = openSlot(t, frame, k);
    if (o.frame == frame) {
      o.frame = 0;
      return live(t, o) && o.site == site ? int64_t(o.flags) : -1;
    }
  }
  if (__builtin_expect(t->spilled != 0, 0))
    return __coroscope_profile_unspill(t, frame, site);
  return -1;
}

COROSCOPE_COUNTING uint32_t runningFlags(const Thread *t, uint64_t frame) {
  return t->running_frame == frame ? t->running_flags : 0;
}

// --- The hooks ------------------------------------------------------------

COROSCOPE_COUNTING void complete(Thread *t, const Site *fn, uint64_t frame, uint32_t flags) {
  if (uint64_t *c = counters(t, fn)) {
    add(c[kCompleted]);
    if (!(flags & __coroscope_run_body_waited)) {
      add(c[kSync]);
      if (flags & __coroscope_run_scheduled)
        add(c[kSyncScheduled]);
    }
  }
  if (flags & __coroscope_run_sampled)
    __coroscope_profile_sample(kSampleComplete, fn, frame);
  t->running_frame = 0;
  t->running_flags = 0;
}

COROSCOPE_COUNTING void frameAlloc(Thread *t, uint64_t mem, uint64_t bytes) {
  t->pending_alloc_mem = mem;
  t->pending_alloc_bytes = bytes;
}

COROSCOPE_COUNTING void recordSize(uint64_t *c, int frames, int sum, int min, int max,
                                   uint64_t bytes) {
  add(c[frames]);
  add(c[sum], bytes);
  if (~bytes > get(c[min]))
    set(c[min], ~bytes);
  if (bytes > get(c[max]))
    set(c[max], bytes);
}

COROSCOPE_COUNTING void frameBegin(Thread *t, const Site *fn, uint64_t frame, uint64_t bytes) {
  bool heap = t->pending_alloc_mem == frame;
  t->pending_alloc_mem = 0;
  bool sampled = false;
  if (uint64_t *c = counters(t, fn)) {
    uint64_t calls = get(c[kCalls]) + 1;
    set(c[kCalls], calls);
    if (heap)
      recordSize(c, kHeapFrames, kHeapBytes, kHeapMin, kHeapMax, t->pending_alloc_bytes);
    else
      recordSize(c, kElidedFrames, kElidedBytes, kElidedMin, kElidedMax, bytes);
    if (calls <= t->sample_first) {
      sampled = true;
    } else {
      // Calls to go to the next multiple of sample_every, this one
      // included; the modulo only once per function and thread.
      uint64_t every = t->sample_every ? t->sample_every : 1;
      uint64_t left = get(c[kSampleCountdown]);
      if (!left)
        left = (every - calls % every) % every + 1;
      sampled = left == 1;
      set(c[kSampleCountdown], sampled ? every : left - 1);
    }
  }
  enter(t, frame);
  t->running_frame = frame;
  if (__builtin_expect(!sampled && isSampled(frame), 0))
    __coroscope_profile_sample(kSampleFree, fn, frame); // a timed frame's address, reused
  if (__builtin_expect(sampled, 0)) {
    __coroscope_profile_sample(kSampleBegin, fn, frame);
    if (isSampled(frame))
      t->running_flags = __coroscope_run_sampled;
  }
}

COROSCOPE_COUNTING void rampReturn(Thread *t, uint64_t frame) { exit(t, frame); }

COROSCOPE_COUNTING void awaitReady(Thread *t, const Site *site, uint8_t kind, const Site *fn,
                                   uint64_t frame) {
  if (uint64_t *c = counters(t, site))
    add(c[kReady]);
  if (kind == log::kSiteFinal)
    complete(t, fn, frame, runningFlags(t, frame));
}

COROSCOPE_COUNTING void awaitSuspend(Thread *t, const Site *site, uint8_t kind, const Site *fn,
                                     uint64_t frame) {
  if (uint64_t *c = counters(t, site))
    add(c[kSuspend]);
  if (kind != log::kSiteInitial)
    t->act_await_depth = t->act_entered + 1;
  uint32_t flags = runningFlags(t, frame);
  if (kind == log::kSiteFinal) {
    complete(t, fn, frame, flags);
    return;
  }
  if (flags & __coroscope_run_sampled)
    __coroscope_profile_sample(kSampleSuspend, site, frame);
  putOpen(t, frame, site, flags);
  t->running_frame = 0;
  t->running_flags = 0;
}

COROSCOPE_COUNTING void awaitCancel(Thread *t, const Site *site, uint8_t kind, uint64_t frame) {
  if (uint64_t *c = counters(t, site))
    add(c[kCancel]);
  if (kind != log::kSiteInitial)
    t->act_await_depth = 0;
  // await_suspend returned false: it never suspended, and runs on.
  int64_t flags = takeOpen(t, frame, site);
  t->running_frame = frame;
  t->running_flags = flags < 0 ? 0 : uint32_t(flags);
  if (t->running_flags & __coroscope_run_sampled)
    __coroscope_profile_sample(kSampleCancel, site, frame);
}

COROSCOPE_COUNTING void frameResume(Thread *t, const Site *site, uint8_t kind, uint64_t frame) {
  int64_t kept = takeOpen(t, frame, site);
  uint32_t flags;
  if (kept >= 0) {
    flags = uint32_t(kept);
  } else {
    if (uint64_t *c = counters(t, site))
      add(c[kWaits]);
    if (kind == log::kSiteAwait || kind == log::kSiteYield)
      flags = __coroscope_run_body_waited;
    else
      flags = kind == log::kSiteInitial && t->act_await_depth == 0 ? __coroscope_run_scheduled : 0;
    if (isSampled(frame))
      flags |= __coroscope_run_sampled;
  }
  t->running_frame = frame;
  t->running_flags = flags;
  if (flags & __coroscope_run_sampled)
    __coroscope_profile_sample(kSampleResume, site, frame);
}

COROSCOPE_COUNTING void frameFree(Thread *t, const Site *fn, uint64_t frame) {
  if (uint64_t *c = counters(t, fn))
    add(c[kFrees]);
  // A frame destroyed while parked leaves its open suspension: drop it
  // here, or a new frame at the same address would find it as its own.
  for (uint32_t k = 0; k < __coroscope_open_probes; ++k) {
    __coroscope_open_suspension &o = openSlot(t, frame, k);
    if (o.frame == frame)
      o.frame = 0;
  }
  if (__builtin_expect(t->spilled != 0, 0))
    (void)__coroscope_profile_unspill(t, frame, nullptr);
  if (isSampled(frame))
    __coroscope_profile_sample(kSampleFree, fn, frame);
  if (t->running_frame == frame) // destroyed from inside (a final awaiter's destroy())
    t->running_frame = 0;
}

COROSCOPE_COUNTING void activationEnter(Thread *t, uint64_t frame) { enter(t, frame); }
COROSCOPE_COUNTING void activationExit(Thread *t, uint64_t frame) { exit(t, frame); }

/// An exception leaves `frame` (frame_unwind): it ends the innermost
/// activation when that runs `frame` (resumed, or reached by symmetric
/// transfer) or destroys it.
COROSCOPE_COUNTING void frameUnwind(Thread *t, uint64_t frame) {
  if (!t->act_depth || t->act_overflow)
    return;
  uint64_t innermost = t->acts[t->act_depth - 1].frame;
  if (t->running_frame == frame || innermost == frame) // a resume() or a destroy() of it
    exit(t, innermost);
}

#undef COROSCOPE_COUNTING

} // namespace counting
} // namespace coroscope

#endif
