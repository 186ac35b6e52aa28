//===- module_counters.cpp - Profile counts kept in the modules' own arrays ===//
//
// See module_counters.h. Registration is each thread's first count into a
// module, so it may take the writer lock and map memory; nothing here runs
// on a counting path.
//
//===----------------------------------------------------------------------===//
#include "module_counters.h"

#include "log_writer.h"
#include "options.h"
#include "profile.h"

#include <string.h>
#include <sys/mman.h>

namespace coroscope {
namespace rt {

namespace {

void *mapZeroed(size_t bytes) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

/// A site table's slot offsets, computed once for all threads; never freed
/// (a snapshot may read them from a signal handler).
struct TableOffsets {
  const __coroscope_site *sites;
  TableOffsets *next;
  uint32_t offset[1]; // count of them
};
TableOffsets *gTables = nullptr; // under the writer lock

const uint32_t *offsetsLocked(const __coroscope_site *sites, uint32_t count) {
  for (TableOffsets *t = gTables; t; t = t->next)
    if (t->sites == sites)
      return t->offset;
  auto *t = static_cast<TableOffsets *>(
      mapZeroed(offsetof(TableOffsets, offset) + size_t(count ? count : 1) * sizeof(uint32_t)));
  if (!t)
    return nullptr;
  t->sites = sites;
  uint32_t total = 0;
  for (uint32_t i = 0; i < count; ++i) {
    t->offset[i] = total;
    total += __coroscope_site_slots(sites[i].kind);
  }
  t->next = gTables;
  gTables = t;
  return t->offset;
}

/// An entry more for t->modules; the old array stays mapped (a snapshot
/// without the lock may be reading it).
bool reserveLocked(ThreadState *t) {
  if (t->module_count < t->module_cap)
    return true;
  uint32_t cap = t->module_cap ? 2 * t->module_cap : 16;
  auto *fresh = static_cast<ModuleCounters *>(mapZeroed(size_t(cap) * sizeof(ModuleCounters)));
  if (!fresh)
    return false;
  if (t->modules)
    memcpy(fresh, t->modules, size_t(t->module_count) * sizeof(ModuleCounters));
  __atomic_store_n(&t->modules, fresh, __ATOMIC_RELEASE);
  t->module_cap = cap;
  return true;
}

uint64_t load(const uint64_t &c) { return __atomic_load_n(&c, __ATOMIC_RELAXED); }

/// Tables whose module's destructor unloaded them (__coroscope_profile_module_unload)
/// and that no image loaded since holds: their module's code may still run
/// (an exit handler after the destructor), but its registrations keep no
/// entry, which would outlive the image. Under the writer lock.
const void **gUnloaded = nullptr;
uint32_t gUnloadedCount = 0, gUnloadedCap = 0;

bool unloadedLocked(const void *table) {
  for (uint32_t i = 0; i < gUnloadedCount; ++i)
    if (gUnloaded[i] == table)
      return true;
  return false;
}

/// False if no memory could be had for it.
bool markUnloadedLocked(const void *table) {
  if (unloadedLocked(table))
    return true;
  if (gUnloadedCount == gUnloadedCap) {
    uint32_t cap = gUnloadedCap ? 2 * gUnloadedCap : 64;
    auto *fresh = static_cast<const void **>(mapZeroed(size_t(cap) * sizeof(void *)));
    if (!fresh)
      return false;
    if (gUnloaded) {
      memcpy(fresh, gUnloaded, size_t(gUnloadedCount) * sizeof(void *));
      munmap(gUnloaded, size_t(gUnloadedCap) * sizeof(void *));
    }
    gUnloaded = fresh;
    gUnloadedCap = cap;
  }
  gUnloaded[gUnloadedCount++] = table;
  return true;
}

void clearSlots(const ModuleCounters &mc) {
  if (!mc.count)
    return;
  uint32_t last = mc.count - 1;
  memset(mc.slots, 0,
         size_t(mc.offset[last] + __coroscope_site_slots(mc.sites[last].kind)) * sizeof(uint64_t));
}

/// Adds mc's counts into `into`'s block and zeroes them.
void foldInto(ThreadState *into, const ModuleCounters &mc) {
  using namespace counting;
  for (uint32_t i = 0; i < mc.count; ++i) {
    uint32_t n = __coroscope_site_slots(mc.sites[i].kind);
    const uint64_t *from = mc.slots + mc.offset[i];
    bool any = false;
    for (uint32_t k = 0; k < n && !any; ++k)
      any = from[k] != 0;
    if (!any)
      continue;
    uint64_t *to = counters(&into->pub, &mc.sites[i]);
    if (!to)
      continue;
    for (uint32_t k = 0; k < n; ++k) {
      if (n == 16 && k == kSampleCountdown)
        continue; // the array's own sampling state
      bool extreme = n == 16 && (k == kHeapMin || k == kHeapMax || k == kElidedMin ||
                                 k == kElidedMax); // min kept inverted: both take the larger
      uint64_t v =
          extreme ? (from[k] > load(to[k]) ? from[k] : load(to[k])) : load(to[k]) + from[k];
      __atomic_store_n(&to[k], v, __ATOMIC_RELAXED);
    }
  }
  clearSlots(mc);
}

} // namespace

void foldModuleCountersLocked(ThreadState *t) {
  for (uint32_t m = 0; m < t->module_count; ++m) {
    const ModuleCounters &mc = t->modules[m];
    // 0: a later event on this thread registers it again (no byte: its
    // image was unloaded).
    if (mc.state)
      *mc.state = 0;
    foldInto(t, mc);
  }
  __atomic_store_n(&t->module_count, 0, __ATOMIC_RELEASE);
}

void forgetUnloadedTablesInLocked(const __coroscope_site *start, const __coroscope_site *stop) {
  for (uint32_t i = 0; i < gUnloadedCount;) {
    auto *t = static_cast<const __coroscope_site *>(gUnloaded[i]);
    if (t >= start && t < stop)
      gUnloaded[i] = gUnloaded[--gUnloadedCount];
    else
      ++i;
  }
}

void resetModuleCountersAfterFork() {
  forEachThread([](ThreadState *t) {
    if (t == tState)
      for (uint32_t m = 0; m < t->module_count; ++m)
        clearSlots(t->modules[m]);
    else
      t->module_count = 0;
  });
}

} // namespace rt
} // namespace coroscope

using namespace coroscope::rt;

extern "C" {

__attribute__((visibility("default"), noinline, cold)) uint8_t __coroscope_profile_module(
    const __coroscope_site *sites, uint32_t count, uint64_t *slots, uint8_t *state) {
  ThreadState *t = currentThread();
  if (!t)
    return 0; // asked again at the next event
  uint32_t fast = t->pub.fast;
  if (!sites || !slots || fast != __coroscope_fast_inline)
    count = 0; // only the byte to clear at exit: the hooks count
  writerLock();
  if (unloadedLocked(sites)) {
    // Its image is going away: the hooks count what still runs.
    writerUnlock();
    return uint8_t(__coroscope_module_attached);
  }
  // Kept once per array, or per byte for a module without one: the module
  // asks again after a failed registration of another of its tables.
  bool known = false;
  for (uint32_t m = 0; m < t->module_count && !known; ++m)
    known = count ? t->modules[m].slots == slots : t->modules[m].state == state;
  const uint32_t *offset = count ? offsetsLocked(sites, count) : nullptr;
  // An unloaded image's entry (no state byte) is taken again first.
  uint32_t dead = 0;
  while (dead < t->module_count && t->modules[dead].state)
    ++dead;
  bool kept = known || ((offset || !count) && (dead < t->module_count || reserveLocked(t)));
  if (kept && !known) {
    // A dead entry's count is 0 and a new one is past module_count: a
    // snapshot sees neither until its count (or module_count) is published.
    ModuleCounters &e = t->modules[dead];
    e.sites = sites; // with no counters, what stands for the module (its unload names it)
    e.offset = offset;
    e.slots = count ? slots : nullptr;
    e.state = state;
    __atomic_store_n(&e.count, count, __ATOMIC_RELEASE);
    if (dead == t->module_count)
      __atomic_store_n(&t->module_count, t->module_count + 1, __ATOMIC_RELEASE);
  }
  writerUnlock();
  // Not kept (no memory): attached but no fast path, so every event calls
  // its hook and nothing reads this byte at the thread's exit.
  return uint8_t(__coroscope_module_attached | (kept ? fast : 0u));
}

__attribute__((visibility("default"), noinline, cold)) __coroscope_thread *
__coroscope_profile_thread() {
  ThreadState *t = currentThread();
  return t ? &t->pub : nullptr;
}

__attribute__((visibility("default"), noinline, cold)) void
__coroscope_profile_module_unload(const __coroscope_site *sites) {
  // Only profile mode has counts to fold (elsewhere the entries keep a
  // byte alone): no thread is attached for them in trace mode, where that
  // would log at the process's end.
  ThreadState *into = gOptions.mode == Mode::Profile ? currentThread() : nullptr;
  writerLock();
  // Code of the module may still run after this (a DT_FINI function, a
  // destructor that runs later): on the threads registered so far it then
  // calls the hooks (the byte below), and on any other its registration
  // keeps no entry (unloadedLocked; a mark that finds no memory covers only
  // the former).
  (void)markUnloadedLocked(sites);
  forEachThread([&](ThreadState *t) {
    for (uint32_t m = 0; m < t->module_count; ++m) {
      ModuleCounters &mc = t->modules[m];
      if (!mc.state || mc.sites != sites)
        continue;
      if (into)
        foldInto(into, mc);
      *mc.state = uint8_t(__coroscope_module_attached);
      // Dead: the thread-locals it names and the table go with the image.
      __atomic_store_n(&mc.count, 0u, __ATOMIC_RELEASE);
      mc.sites = nullptr;
      mc.slots = nullptr;
      mc.state = nullptr;
    }
  });
  writerUnlock();
}

__attribute__((visibility("default"), noinline)) uint64_t *
__coroscope_module_counters_of(const __coroscope_site *site) {
  static __thread uint64_t sink[__coroscope_site_counters];
  ThreadState *t = currentThread();
  uint64_t *c = t ? coroscope::counting::counters(&t->pub, site) : nullptr;
  return c ? c : sink;
}

// What the state placeholders cost where the pass did not replace them
// (they are always replaced; profile_inline.cpp also links without it): a
// state with no fast path, so every event calls its hook.
__attribute__((visibility("default"), noinline)) uint8_t __coroscope_module_state() {
  return __coroscope_module_attached;
}
__attribute__((visibility("default"), noinline)) __coroscope_thread *__coroscope_module_thread() {
  return __coroscope_thread_state;
}
__attribute__((visibility("default"), noinline)) void __coroscope_module_attach() {}

} // extern "C"
