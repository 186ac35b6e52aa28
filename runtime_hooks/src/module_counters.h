//===- module_counters.h - Profile counts kept in the modules' own arrays --===//
//
// The inline counting counts into a thread-local array of the instrumented
// module (coroscope/hooks.h,
// __coroscope_profile_module), so an event costs no thread-block or site-id
// look-up. Each thread's first count into a module's array tells the
// runtime where that thread's array is; a profile reads the arrays with the
// thread blocks, and a thread's exit folds them into its block (the arrays
// die with the thread); a shared library's unload folds every thread's
// arrays of it into the unloading thread's block (they die with the image).
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_MODULE_COUNTERS_H
#define COROSCOPE_RUNTIME_MODULE_COUNTERS_H

#include "coroscope/hooks.h"
#include "thread_state.h"

#include <stdint.h>

namespace coroscope {
namespace rt {

/// A module's array as one thread counts into it.
struct ModuleCounters {
  /// The module's site table (with count 0 it may stand for a module
  /// without one); null with `state` for the entry of an unloaded image.
  const __coroscope_site *sites;
  const uint32_t *offset; ///< each site's first slot (shared by all threads)
  uint32_t count;         ///< sites in the table
  uint64_t *slots;        ///< this thread's array; null for a module without counters
  /// This thread's module state byte (coroscope/hooks.h); null: the entry is free.
  uint8_t *state;
};

/// Calls fn(const uint64_t *counters) with t's module slots for site `id`
/// in each of its modules' arrays that has them, as laid out in a counter
/// block (profile_counting.h). Caller holds the writer lock, or is a
/// signal handler that could not get it.
template <class Fn> void forEachModuleSlots(const ThreadState *t, uint32_t id, Fn &&fn) {
  uint32_t n = __atomic_load_n(&t->module_count, __ATOMIC_ACQUIRE);
  for (uint32_t m = 0; m < n; ++m) {
    const ModuleCounters &mc = t->modules[m];
    if (!mc.count)
      continue;
    uint32_t first = mc.sites[0].id;
    if (id < first || id - first >= mc.count)
      continue;
    uint32_t i = id - first;
    if (mc.sites[i].id == id && __coroscope_site_slots(mc.sites[i].kind))
      fn(mc.slots + mc.offset[i]);
  }
}

/// The owner's exit: adds its module arrays into its block, forgets them
/// and sets their modules' state bytes to 0 (the inline code then calls the
/// hooks, which attach the thread anew). Caller holds the writer lock.
void foldModuleCountersLocked(ThreadState *t);

/// After fork(), in the child: the calling thread's arrays count from zero;
/// the other threads' are gone with their threads.
void resetModuleCountersAfterFork();

/// An image with site descriptors in [start, stop) was loaded (again): its
/// tables, unloaded before at these addresses, may register. Caller holds
/// the writer lock.
void forgetUnloadedTablesInLocked(const __coroscope_site *start, const __coroscope_site *stop);

} // namespace rt
} // namespace coroscope

#endif
