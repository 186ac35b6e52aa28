//===- profile.cpp - Profile mode: the report's figures kept in the process -===//
//
// See profile.h. Counters are plain per-thread words written by their owner
// with relaxed atomics, read the same way by a snapshot on another thread.
// Per-frame state lives in a lock-free table keyed by frame address, one
// cache line per frame (the frame itself cannot grow: that would change
// the bytes the program allocates), claimed with a CAS like the checks'
// frame registry; a frame whose address finds no slot there (about 2^20
// alive at once) gets an entry in a locked overflow map instead. A frame's
// hooks are ordered by the program's own hand-off of its handle, so its
// entry needs no lock.
//
//===----------------------------------------------------------------------===//
#include "profile.h"

#include "clock.h"
#include "crash.h"
#include "frame_table.h"
#include "log_writer.h"
#include "module_counters.h"
#include "options.h"
#include "sites.h"

#include <atomic>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <utility>

namespace coroscope {
namespace rt {

namespace {
void *mapZeroed(size_t bytes) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

constexpr uint64_t kSlots = uint64_t(1) << profile_detail::kFrameBits;
pthread_once_t gFramesOnce = PTHREAD_ONCE_INIT;
std::atomic<uint64_t> gUntracked{0};
} // namespace

namespace profile_detail {

// The first event of a thread, or an image registered since: the old block
// is left mapped, a snapshot may be reading it.
__attribute__((noinline)) uint64_t *growCounters(ThreadState *t, uint32_t id) {
  uint32_t cap = t->pub.counters_cap ? t->pub.counters_cap : 64;
  uint32_t limit = siteIdLimit();
  while (cap <= id || cap < limit)
    cap *= 2;
  auto *fresh = static_cast<ProfileCounters *>(mapZeroed(size_t(cap) * sizeof(ProfileCounters)));
  if (!fresh)
    return nullptr;
  if (t->pub.counters)
    memcpy(fresh, counterBlock(t), size_t(t->pub.counters_cap) * sizeof(ProfileCounters));
  __atomic_store_n(&t->pub.counters, &fresh->v[0], __ATOMIC_RELEASE);
  __atomic_store_n(&t->pub.counters_cap, cap, __ATOMIC_RELEASE);
  return fresh[id].v;
}

std::atomic<ProfileFrame *> gFramesTable{nullptr};

__attribute__((noinline)) ProfileFrame *mapFrames() {
  pthread_once(&gFramesOnce, [] {
    gFramesTable.store(static_cast<ProfileFrame *>(mapZeroed(kSlots * sizeof(ProfileFrame))),
                       std::memory_order_release);
  });
  return gFramesTable.load(std::memory_order_acquire);
}

/// The table, mapped if it is not yet.
ProfileFrame *framesTable() {
  ProfileFrame *tab = gFramesTable.load(std::memory_order_acquire);
  return tab ? tab : mapFrames();
}

// --- Overflow map -------------------------------------------------------
// Open addressing from frame address to an entry in slabs that never move
// (a hook keeps its pointer without the lock), grown under the lock. Keys
// stay once added, as the table's do; their entries are reused.

std::atomic<uint64_t> gOverflowed{0};

namespace {
struct OverflowSlot {
  uint64_t key;
  ProfileFrame *state;
};
pthread_mutex_t gOverflowLock = PTHREAD_MUTEX_INITIALIZER;
OverflowSlot *gOverflowIndex = nullptr;
uint64_t gOverflowCap = 0, gOverflowSize = 0; // slots, keys
ProfileFrame *gSlab = nullptr;
uint64_t gSlabLeft = 0;
constexpr uint64_t kSlabEntries = 4096;

OverflowSlot *overflowSlot(OverflowSlot *index, uint64_t cap, uint64_t frame) {
  for (uint64_t i = ((frame >> 4) * 0x9E3779B97F4A7C15ull) & (cap - 1);; i = (i + 1) & (cap - 1))
    if (index[i].key == frame || index[i].key == 0)
      return &index[i];
}

// Caller holds gOverflowLock.
bool growOverflow() {
  uint64_t cap = gOverflowCap ? gOverflowCap * 2 : 65536;
  auto *fresh = static_cast<OverflowSlot *>(mapZeroed(cap * sizeof(OverflowSlot)));
  if (!fresh)
    return false;
  for (uint64_t i = 0; i < gOverflowCap; ++i)
    if (gOverflowIndex[i].key)
      *overflowSlot(fresh, cap, gOverflowIndex[i].key) = gOverflowIndex[i];
  if (gOverflowIndex)
    munmap(gOverflowIndex, gOverflowCap * sizeof(OverflowSlot));
  gOverflowIndex = fresh;
  gOverflowCap = cap;
  return true;
}
} // namespace

ProfileFrame *findOverflow(uint64_t frame) {
  pthread_mutex_lock(&gOverflowLock);
  ProfileFrame *f = nullptr;
  if (gOverflowIndex) {
    OverflowSlot *slot = overflowSlot(gOverflowIndex, gOverflowCap, frame);
    f = slot->key == frame ? slot->state : nullptr;
  }
  pthread_mutex_unlock(&gOverflowLock);
  return f;
}

namespace {
ProfileFrame *claimOverflow(uint64_t frame) {
  pthread_mutex_lock(&gOverflowLock);
  ProfileFrame *f = nullptr;
  if ((gOverflowSize + 1) * 2 <= gOverflowCap || growOverflow()) {
    OverflowSlot *slot = overflowSlot(gOverflowIndex, gOverflowCap, frame);
    if (slot->key == frame) {
      f = slot->state;
    } else {
      if (!gSlabLeft) {
        gSlab = static_cast<ProfileFrame *>(mapZeroed(kSlabEntries * sizeof(ProfileFrame)));
        gSlabLeft = gSlab ? kSlabEntries : 0;
      }
      if (gSlabLeft) {
        f = gSlab++;
        --gSlabLeft;
        f->key.store(frame, std::memory_order_relaxed);
        *slot = {frame, f};
        ++gOverflowSize;
        gOverflowed.store(1, std::memory_order_relaxed);
      }
    }
  }
  pthread_mutex_unlock(&gOverflowLock);
  return f;
}
} // namespace

ProfileFrame *claimState(uint64_t frame) {
  ProfileFrame *tab = framesTable();
  if (!tab || !frame)
    return nullptr;
  ProfileFrame *f = frame_table::claim(
      tab, kFrameBits, frame,
      [](const ProfileFrame &x) { return !(x.flags.load(std::memory_order_relaxed) & kFrameLive); },
      [](ProfileFrame *) {});
  if (!f)
    f = claimOverflow(frame);
  if (!f)
    gUntracked.fetch_add(1, std::memory_order_relaxed);
  return f;
}

} // namespace profile_detail

using namespace profile_detail;

namespace {

// --- Sampled times ----------------------------------------------------------

// Log-linear buckets: values below 8 ns each their own, larger ones 8 per
// power of two, read back as the bucket's middle (within 1/16 of the value):
// at most 496 buckets, so a function's entries in a snapshot stay bounded
// however many distinct times its sampled frames take.
constexpr unsigned kSubBits = 3;
constexpr uint32_t kLinear = 1u << kSubBits;
constexpr uint32_t kBuckets = kLinear + (64 - kSubBits) * kLinear;

inline uint32_t bucketOf(uint64_t v) {
  if (v < kLinear)
    return uint32_t(v);
  unsigned top = 63 - unsigned(__builtin_clzll(v)); // >= kSubBits
  uint32_t sub = uint32_t((v >> (top - kSubBits)) & (kLinear - 1));
  return kLinear + (top - kSubBits) * kLinear + sub;
}
inline uint64_t bucketValue(uint32_t b) {
  if (b < kLinear)
    return b;
  uint32_t i = b - kLinear;
  unsigned top = kSubBits + i / kLinear;
  uint64_t width = uint64_t(1) << (top - kSubBits);
  return (uint64_t(1) << top) + (i % kLinear) * width + width / 2;
}

struct TimeSample {
  uint64_t frames;
  uint64_t busy_total, suspended_total;
  uint64_t busy[kBuckets];
  uint64_t suspended[kBuckets];
};

// By function site id; grown under gSampleLock (old arrays stay mapped).
TimeSample **gSamples = nullptr;
uint32_t gSamplesCap = 0;
std::atomic<bool> gSampleLock{false};

bool lockSamples(bool from_signal) {
  for (int spins = 0; gSampleLock.exchange(true, std::memory_order_acquire); ++spins) {
    if (from_signal && spins > 1000)
      return false;
    if (spins > 64) {
      struct timespec ts = {0, 1000};
      nanosleep(&ts, nullptr);
    }
  }
  return true;
}
void unlockSamples() { gSampleLock.store(false, std::memory_order_release); }

void recordSample(const Site *fn, uint64_t busy, uint64_t suspended) {
  uint32_t id = fn ? fn->id : 0;
  lockSamples(false);
  if (id >= gSamplesCap) {
    uint32_t cap = gSamplesCap ? gSamplesCap : 64;
    while (cap <= id)
      cap *= 2;
    auto **fresh = static_cast<TimeSample **>(mapZeroed(size_t(cap) * sizeof(TimeSample *)));
    if (!fresh) {
      unlockSamples();
      return;
    }
    if (gSamples)
      memcpy(fresh, gSamples, size_t(gSamplesCap) * sizeof(TimeSample *));
    gSamples = fresh;
    gSamplesCap = cap;
  }
  TimeSample *s = gSamples[id];
  if (!s)
    s = gSamples[id] = static_cast<TimeSample *>(mapZeroed(sizeof(TimeSample)));
  if (s) {
    ++s->frames;
    s->busy_total += busy;
    s->suspended_total += suspended;
    ++s->busy[bucketOf(busy)];
    ++s->suspended[bucketOf(suspended)];
  }
  unlockSamples();
}
} // namespace

namespace profile_detail {

/// The live entry of `frame`, or null.
ProfileFrame *findState(uint64_t frame) {
  ProfileFrame *tab = gFramesTable.load(std::memory_order_acquire);
  if (!tab || !frame)
    return nullptr;
  ProfileFrame *f = frame_table::find(tab, kFrameBits, frame);
  // An address with an entry in the table (a tombstone too) always claims
  // that one: only addresses without one can be in the overflow map.
  if (!f && gOverflowed.load(std::memory_order_relaxed) != 0)
    f = findOverflow(frame);
  return f && (f->flags.load(std::memory_order_relaxed) & kFrameLive) ? f : nullptr;
}

/// A sampled frame's life ends at `at` (now() ticks): completed, freed, or
/// its address reused. It is no longer timed.
void closeSample(ProfileFrame *f, uint64_t at) {
  uint64_t frame = f->key.load(std::memory_order_relaxed);
  uint64_t suspended = f->suspended_ns;
  if (f->open_site && at > f->open_ns)
    suspended += at - f->open_ns;
  uint64_t life = at > f->begin_ns ? at - f->begin_ns : 0;
  if (suspended > life)
    suspended = life;
  f->flags.store(0, std::memory_order_release);
  uint64_t expected = frame;
  __atomic_compare_exchange_n(&sampledSlot(frame), &expected, 0, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  recordSample(f->fn, life - suspended, suspended);
}

} // namespace profile_detail

// --- The inline counting's calls into the runtime --------------------------

// A thread's open suspensions beyond its table (a chain of synchronous
// awaits deeper than that, e.g. 100,000 nested symmetric transfers): open
// addressing by frame address in memory that doubles, entries whose
// activation has ended dropped when it grows.
namespace {
struct SpillMap {
  uint64_t cap;  ///< slots, a power of two
  uint64_t used; ///< slots not empty (tombstones included)
  __coroscope_open_suspension e[1];
};
constexpr uint64_t kTombstone = 1; // frame addresses are aligned: never 1

size_t spillBytes(uint64_t cap) {
  return offsetof(SpillMap, e) + size_t(cap) * sizeof(__coroscope_open_suspension);
}
uint64_t spillHash(uint64_t frame) { return (frame >> 4) * 0x9E3779B97F4A7C15ull; }

__coroscope_open_suspension *spillFind(SpillMap *m, uint64_t frame, bool for_insert) {
  __coroscope_open_suspension *reuse = nullptr;
  for (uint64_t i = spillHash(frame) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    __coroscope_open_suspension &o = m->e[i];
    if (o.frame == frame)
      return &o;
    if (o.frame == kTombstone && !reuse)
      reuse = &o;
    if (o.frame == 0)
      return for_insert ? (reuse ? reuse : &o) : nullptr;
  }
}
} // namespace

void releaseOpen(__coroscope_thread *t) {
  if (auto *m = static_cast<SpillMap *>(t->spill))
    munmap(m, spillBytes(m->cap));
  t->spill = nullptr;
  t->spilled = 0;
}

extern "C" {

__attribute__((
    visibility("default"))) uint64_t __coroscope_sampled_frames[__coroscope_sampled_slots] = {};

__attribute__((visibility("default"), noinline)) uint64_t *
__coroscope_profile_grow(__coroscope_thread *pub, uint32_t id) {
  auto *t =
      reinterpret_cast<ThreadState *>(reinterpret_cast<char *>(pub) - offsetof(ThreadState, pub));
  return growCounters(t, id);
}

__attribute__((visibility("default"), noinline)) bool
__coroscope_profile_spill(__coroscope_thread *t, uint64_t frame, uint64_t serial,
                          const __coroscope_site *site, uint32_t depth, uint32_t flags) {
  auto *m = static_cast<SpillMap *>(t->spill);
  if (!m || (m->used + 1) * 2 > m->cap) {
    uint64_t live = 0;
    if (m)
      for (uint64_t i = 0; i < m->cap; ++i)
        live += m->e[i].frame > kTombstone && counting::live(t, m->e[i]);
    uint64_t cap = 1024;
    while (cap < 4 * (live + 1))
      cap *= 2;
    auto *fresh = static_cast<SpillMap *>(mapZeroed(spillBytes(cap)));
    if (!fresh)
      return false;
    fresh->cap = cap;
    uint64_t kept = 0;
    if (m)
      for (uint64_t i = 0; i < m->cap; ++i)
        if (m->e[i].frame > kTombstone && counting::live(t, m->e[i])) {
          *spillFind(fresh, m->e[i].frame, true) = m->e[i];
          ++kept;
        }
    fresh->used = kept;
    releaseOpen(t);
    t->spill = m = fresh;
    t->spilled = kept;
  }
  __coroscope_open_suspension *o = spillFind(m, frame, true);
  if (o->frame != frame) {
    if (o->frame == 0)
      ++m->used;
    ++t->spilled;
  }
  *o = {frame, serial, site, depth, flags};
  return true;
}

__attribute__((visibility("default"), noinline)) int64_t
__coroscope_profile_unspill(__coroscope_thread *t, uint64_t frame, const __coroscope_site *site) {
  auto *m = static_cast<SpillMap *>(t->spill);
  __coroscope_open_suspension *o = m ? spillFind(m, frame, false) : nullptr;
  if (!o)
    return -1;
  o->frame = kTombstone;
  --t->spilled;
  return counting::live(t, *o) && o->site == site ? int64_t(o->flags) : -1;
}

__attribute__((visibility("default"), noinline)) void
__coroscope_profile_sample(uint32_t event, const __coroscope_site *site, uint64_t frame) {
  uint64_t at = now();
  if (event == kSampleBegin) {
    // A sampled frame takes the slot of its hash only when that is free:
    // the inline code asks the table about no other frame.
    uint64_t expected = 0;
    if (__atomic_load_n(&sampledSlot(frame), __ATOMIC_RELAXED) != 0)
      return;
    ProfileFrame *f = claimState(frame);
    if (!f)
      return;
    if (f->flags.load(std::memory_order_relaxed) & kFrameLive)
      closeSample(f, at); // its address was reused without a free
    if (!__atomic_compare_exchange_n(&sampledSlot(frame), &expected, frame, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
      return;
    f->fn = site;
    f->open_site = nullptr;
    f->suspended_ns = 0;
    f->open_ns = 0;
    f->begin_ns = at;
    f->flags.store(kFrameLive, std::memory_order_release);
    return;
  }
  ProfileFrame *f = findState(frame);
  if (!f)
    return;
  switch (event) {
  case kSampleSuspend:
    if (f->open_site && at > f->open_ns) // a resume went missing
      f->suspended_ns += at - f->open_ns;
    f->open_ns = at;
    f->open_site = site;
    break;
  case kSampleResume:
    if (f->open_site && at > f->open_ns)
      f->suspended_ns += at - f->open_ns;
    f->open_site = nullptr;
    break;
  case kSampleCancel:
    if (f->open_site == site)
      f->open_site = nullptr; // await_suspend returned false: it never suspended
    break;
  default: // completed or freed
    closeSample(f, at);
    break;
  }
}

} // extern "C"

// --- Snapshot -------------------------------------------------------------

namespace {

// now() ticks to ns, from the clock pair taken at start-up and the one
// taken for this snapshot.
uint64_t gStartTicks = 0, gStartNs = 0;
double gNsPerTick = 1;
uint64_t toNs(uint64_t ticks) { return uint64_t(double(ticks) * gNsPerTick + 0.5); }
void calibrate() {
  uint64_t ticks = now(), ns = monotonicNs();
  gNsPerTick = gUseTsc && ticks > gStartTicks && ns > gStartNs
                   ? double(ns - gStartNs) / double(ticks - gStartTicks)
                   : 1.0;
}

struct Buffer {
  uint8_t *data = nullptr;
  size_t size = 0, cap = 0;
  bool put(const void *p, size_t n) {
    if (size + n > cap)
      return false;
    memcpy(data + size, p, n);
    size += n;
    return true;
  }
};

// Every thread's slot for `id`, summed: counts add, min and max combine.
// A thread's counts are in its block and in its modules' arrays
// (module_counters.h).
void sumSite(uint32_t id, bool function, uint64_t out[16]) {
  memset(out, 0, 16 * sizeof(uint64_t));
  bool heap_seen = false, elided_seen = false;
  auto add = [&](const uint64_t *c) {
    if (!function) {
      for (int i = 0; i < kSuspendCounters; ++i)
        out[i] += get(c[i]);
      return;
    }
    for (int i : {kCalls, kHeapFrames, kHeapBytes, kElidedFrames, kElidedBytes, kCompleted, kSync,
                  kSyncScheduled, kFrees})
      out[i] += get(c[i]);
    // A part's min and max count only where it has frames of that kind.
    auto range = [&](int frames, int min, int max, bool &seen) {
      if (!get(c[frames]))
        return;
      uint64_t least = ~get(c[min]); // kept inverted (profile_counting.h)
      if (!seen || least < out[min])
        out[min] = least;
      if (get(c[max]) > out[max])
        out[max] = get(c[max]);
      seen = true;
    };
    range(kHeapFrames, kHeapMin, kHeapMax, heap_seen);
    range(kElidedFrames, kElidedMin, kElidedMax, elided_seen);
  };
  forEachThread([&](ThreadState *t) {
    forEachModuleSlots(t, id, add);
    // The cap first: a grown one is stored after its block (growCounters),
    // so the block read after it is at least that large.
    uint32_t cap = __atomic_load_n(&t->pub.counters_cap, __ATOMIC_ACQUIRE);
    auto *block =
        reinterpret_cast<ProfileCounters *>(__atomic_load_n(&t->pub.counters, __ATOMIC_ACQUIRE));
    if (block && id < cap)
      add(block[id].v);
  });
}

// A forked child's frames alive at the fork, by function site id (a
// grandchild's include its parent's): their calls are in an ancestor's
// profile, their frees in this one's.
uint64_t *gInherited = nullptr;
uint32_t gInheritedCap = 0;
uint64_t inheritedFrames(uint32_t id) { return id < gInheritedCap ? gInherited[id] : 0; }

uint32_t countBuckets(const uint64_t *b) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < kBuckets; ++i)
    n += b[i] != 0;
  return n;
}

/// The ProfileFunction field of each FunctionCounter, in counter order.
using PF = log::ProfileFunction;
constexpr uint64_t PF::*kFunctionFields[kFunctionCounters] = {
    &PF::calls,      &PF::heap_frames,   &PF::heap_bytes,       &PF::heap_min,
    &PF::heap_max,   &PF::elided_frames, &PF::elided_bytes,     &PF::elided_min,
    &PF::elided_max, &PF::completed,     &PF::sync_completions, &PF::sync_scheduled_starts,
    &PF::frees};

// Serialises the chunk into `buf` (or only measures it when buf.data is
// null, counting into buf.size), marking in `ran` (by id below ran_limit) the
// sites it writes records of. Holds the sample lock.
void serialise(Buffer &buf, bool measure, uint32_t *functions, uint32_t *sites, uint8_t *ran,
               uint32_t ran_limit) {
  uint64_t sums[16];
  uint32_t nf = 0, ns = 0;
  auto put = [&](const void *p, size_t n) {
    if (measure)
      buf.size += n;
    else
      buf.put(p, n);
  };
  // Functions first, then suspend sites: two walks over the tables.
  // Ids and kinds only: an unloaded image's descriptors are gone.
  uint32_t limit = siteIdLimit();
  for (int pass = 0; pass < 2; ++pass)
    for (uint32_t id = 1; id < limit; ++id) {
      int kind = siteKind(id);
      bool function = kind == log::kSiteFunction;
      bool suspend = kind >= log::kSiteInitial && kind <= log::kSiteFinal;
      if ((pass == 0 && !function) || (pass == 1 && !suspend))
        continue;
      sumSite(id, function, sums);
      if (function) {
        // A forked child's copies complete and are freed without a call.
        uint64_t inherited = inheritedFrames(id);
        if (!sums[kCalls] && !sums[kFrees] && !sums[kCompleted] && !inherited)
          continue;
        const TimeSample *ts = id < gSamplesCap ? gSamples[id] : nullptr;
        uint32_t busy_n = ts ? countBuckets(ts->busy) : 0;
        uint32_t susp_n = ts ? countBuckets(ts->suspended) : 0;
        size_t bytes =
            sizeof(log::ProfileFunction) + (busy_n + susp_n) * sizeof(log::ProfileBucket);
        if (!measure && buf.size + bytes > buf.cap)
          continue; // first seen after the measuring walk: next snapshot
        log::ProfileFunction p{};
        p.site = id;
        p.busy_buckets = uint16_t(busy_n);
        p.suspended_buckets = uint16_t(susp_n);
        for (int i = 0; i < kFunctionCounters; ++i)
          p.*kFunctionFields[i] = sums[i];
        p.inherited = inherited;
        p.sampled = ts ? ts->frames : 0;
        p.busy_total_ns = ts ? toNs(ts->busy_total) : 0;
        p.suspended_total_ns = ts ? toNs(ts->suspended_total) : 0;
        put(&p, sizeof p);
        if (ran && id < ran_limit)
          ran[id] = 1;
        // Exactly the announced number of entries, even if a crash handler
        // that could not take the sample lock sees a histogram change.
        if (ts)
          for (auto [h, n] :
               {std::pair<const uint64_t *, uint32_t>{ts->busy, busy_n}, {ts->suspended, susp_n}})
            for (uint32_t b = 0; n > 0; ++b) {
              log::ProfileBucket e{0, 0};
              if (b < kBuckets && !h[b])
                continue;
              if (b < kBuckets)
                e = {toNs(bucketValue(b)), h[b]};
              put(&e, sizeof e);
              --n;
            }
        ++nf;
      } else {
        // A forked child's copy suspended at the fork waits without a suspend.
        if (!sums[kReady] && !sums[kSuspend] && !sums[kWaits])
          continue;
        if (!measure && buf.size + sizeof(log::ProfileSite) > buf.cap)
          continue;
        log::ProfileSite p{id, 0, sums[kReady], sums[kSuspend], sums[kCancel], sums[kWaits]};
        put(&p, sizeof p);
        if (ran && id < ran_limit)
          ran[id] = 1;
        ++ns;
      }
    }
  *functions = nf;
  *sites = ns;
}

} // namespace

namespace {
// Frames whose times could not be kept and suspensions no thread's list had
// room for.
uint64_t untracked() {
  uint64_t n = gUntracked.load(std::memory_order_relaxed);
  forEachThread([&](ThreadState *t) { n += __atomic_load_n(&t->pub.untracked, __ATOMIC_RELAXED); });
  return n;
}
} // namespace

void writeProfileLocked() {
  if (gOptions.mode != Mode::Profile)
    return;
  int saved = errno;
  bool locked = lockSamples(/*from_signal=*/true);
  // Counters only grow, so the measuring walk bounds the writing walk's
  // records; a count the writing walk adds past the measure is dropped.
  calibrate();
  Buffer measure;
  uint32_t nf = 0, ns = 0;
  serialise(measure, /*measure=*/true, &nf, &ns, nullptr, 0);
  // A process that ran no coroutine writes nothing (its file is not even
  // created): what it would say is that it had no figures.
  bool lazy = sitesAtSnapshot();
  if (lazy && nf == 0 && ns == 0 && !logStartedLocked()) {
    if (locked)
      unlockSamples();
    errno = saved;
    return;
  }
  size_t cap = sizeof(log::ChunkHeader) + sizeof(log::ProfileHeader) + measure.size;
  size_t map = (cap + 4095) & ~size_t(4095);
  uint32_t limit = siteIdLimit();
  size_t marks_map = lazy ? (size_t(limit) + 4095) & ~size_t(4095) : 0;
  auto *marks = lazy ? static_cast<uint8_t *>(mapZeroed(marks_map)) : nullptr;
  Buffer buf;
  buf.data = static_cast<uint8_t *>(mapZeroed(map));
  if (buf.data) {
    buf.cap = cap;
    buf.size = sizeof(log::ChunkHeader) + sizeof(log::ProfileHeader);
    serialise(buf, /*measure=*/false, &nf, &ns, marks, limit);
    uint32_t threads = threadsAttached();
    log::ProfileHeader h{
        COROSCOPE_PROFILE_VERSION, nf,          ns,       threads,      gOptions.sample_first,
        gOptions.sample_every,     untracked(), gStartNs, monotonicNs()};
    log::ChunkHeader ch{log::kChunkProfile, 0, buf.size - sizeof ch};
    memcpy(buf.data, &ch, sizeof ch);
    memcpy(buf.data + sizeof ch, &h, sizeof h);
    // The names of the sites this snapshot counts, copied from the
    // descriptors now (registration copied none), in a Sites chunk that
    // is replaced with the Profile chunk it serves.
    char *sites = nullptr;
    size_t sites_size = 0, sites_map = 0;
    if (marks) {
      if (!crashing())
        forgetUnloadedSites(); // a dlclose'd image's descriptors are gone
      sites_size = profileSitesChunk(marks, limit, nullptr, 0);
      sites_map = (sites_size + 4095) & ~size_t(4095);
      sites = sites_size ? static_cast<char *>(mapZeroed(sites_map)) : nullptr;
      if (!sites || profileSitesChunk(marks, limit, sites, sites_size) != sites_size)
        sites_size = 0;
    }
    writeReplaceableChunkLocked(buf.data, buf.size, sites, sites_size);
    if (sites)
      munmap(sites, sites_map);
    munmap(buf.data, map);
  }
  if (marks)
    munmap(marks, marks_map);
  if (locked)
    unlockSamples();
  errno = saved;
}

void initProfile() {
  if (gOptions.mode != Mode::Profile)
    return;
  static pthread_once_t clock_once = PTHREAD_ONCE_INIT;
  pthread_once(&clock_once, [] {
    initClock();
    gStartTicks = now();
    gStartNs = monotonicNs();
  });
}

namespace {
// Before the counters go: each function's frames alive at the fork.
void keepInherited() {
  uint32_t limit = siteIdLimit();
  auto *fresh = static_cast<uint64_t *>(mapZeroed(size_t(limit) * sizeof(uint64_t)));
  if (fresh) {
    uint64_t sums[16];
    for (uint32_t id = 1; id < limit; ++id) {
      if (siteKind(id) != log::kSiteFunction)
        continue;
      sumSite(id, /*function=*/true, sums);
      uint64_t alive = inheritedFrames(id) + sums[kCalls];
      fresh[id] = alive > sums[kFrees] ? alive - sums[kFrees] : 0;
    }
  }
  if (gInherited)
    munmap(gInherited, size_t(gInheritedCap) * sizeof(uint64_t));
  gInherited = fresh;
  gInheritedCap = fresh ? limit : 0;
}
} // namespace

void resetProfileAfterFork() {
  keepInherited(); // reads the module arrays too: before they are cleared
  resetModuleCountersAfterFork();
  forEachThread([](ThreadState *t) {
    if (t->pub.counters)
      memset(t->pub.counters, 0, size_t(t->pub.counters_cap) * sizeof(ProfileCounters));
    __coroscope_thread &c = t->pub;
    // The forking thread goes on in the child inside the activations it had
    // entered, so it keeps them: their exits must still end the suspensions
    // made under them in the child (else a later resumption from outside
    // them looks synchronous), and restore the frame that called them. Its
    // open suspensions from before the fork go: their frames' resumption in
    // the child is a wait, as the child's trace log counts it (no activation
    // of the child's log ran across the suspension). Other threads' blocks
    // have no thread in the child.
    uint32_t kept = t == tState ? c.act_depth : 0;
    for (uint32_t i = 0; i < kept; ++i) {
      if (c.acts[i].caller_frame) // running at the fork: may have waited before it
        c.acts[i].caller_flags = (c.acts[i].caller_flags & ~uint32_t(__coroscope_run_sampled)) |
                                 uint32_t(__coroscope_run_body_waited);
    }
    c.act_depth = kept;
    if (!kept) {
      c.act_overflow = 0;
      c.cur_serial = 0;
    }
    // No await_suspend of the child's is in flight (act_entered counts the
    // child's activations only, as the trace log's replay does).
    c.act_entered = c.act_await_depth = 0;
    memset(c.open, 0, sizeof c.open);
    releaseOpen(&c);
    if (c.running_frame)
      c.running_flags = (c.running_flags & ~uint32_t(__coroscope_run_sampled)) |
                        uint32_t(__coroscope_run_body_waited);
  });
  // The child's run time starts at the fork, as its trace log's does (its
  // first event); 0 stays 0 (no site registered: no run time at all).
  if (gStartNs) {
    gStartTicks = now();
    gStartNs = monotonicNs();
  }
  memset(__coroscope_sampled_frames, 0, sizeof __coroscope_sampled_frames);
  if (ProfileFrame *tab =
          gFramesTable.load(std::memory_order_relaxed)) // zero pages again without touching them
    mmap(tab, kSlots * sizeof(ProfileFrame), PROT_READ | PROT_WRITE,
         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  for (uint32_t i = 0; i < gSamplesCap; ++i)
    if (gSamples[i])
      memset(gSamples[i], 0, sizeof(TimeSample));
  gSampleLock.store(false);
  // The child's only thread may have forked while another held the lock;
  // the parent's live frames are not the child's.
  pthread_mutex_init(&gOverflowLock, nullptr);
  for (uint64_t i = 0; i < gOverflowCap; ++i)
    if (gOverflowIndex[i].state)
      gOverflowIndex[i].state->flags.store(0, std::memory_order_relaxed);
}

} // namespace rt
} // namespace coroscope
