//===- profile.h - Profile mode: the report's figures kept in the process -===//
//
// COROSCOPE_MODE=profile. Instead of logging every event, each hook does the
// counting of profile_counting.h on its thread's counter block (indexed by
// site id, so no lock and no shared cache line); with run-time checks off
// the plugin inlines that same code, so the hooks are not called at all.
// Times are read only for sampled frames: every frame of a function up to
// gOptions.sample_first per thread, then one in gOptions.sample_every;
// their clock reads and histograms are here. A snapshot of the sums is
// written as one Profile chunk (log_format.h) at exit, on a crash signal, on
// __coroscope_flush() and every COROSCOPE_INTERVAL seconds.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_PROFILE_H
#define COROSCOPE_RUNTIME_PROFILE_H

#include "clock.h"
#include "frame_table.h"
#include "options.h"
#include "profile_counting.h"
#include "thread_state.h"

#include <atomic>
#include <stdint.h>

namespace coroscope {
namespace rt {

using Site = __coroscope_site;

/// A site's counters in one thread: FunctionCounters for function sites,
/// SuspendCounters for suspend sites (profile_counting.h).
struct ProfileCounters {
  uint64_t v[__coroscope_site_counters];
};
static_assert(sizeof(ProfileCounters) == __coroscope_site_counters * sizeof(uint64_t));

inline ProfileCounters *counterBlock(const ThreadState *t) {
  return reinterpret_cast<ProfileCounters *>(t->pub.counters);
}

namespace profile_detail {

using namespace counting;

/// A sampled frame's times, found by its address in a lock-free table (one
/// cache line per frame, claimed with a CAS like the checks' frame
/// registry; a locked overflow map past about 2^20 at once). Only sampled
/// frames have an entry: the counting itself keeps nothing per frame.
enum ProfileFrameFlag : uint32_t {
  kFrameLive = 1,
};

struct alignas(64) ProfileFrame {
  std::atomic<uint64_t> key; ///< frame address; 0 = never used
  std::atomic<uint32_t> flags;
  uint32_t reserved;
  const Site *fn;
  const Site *open_site; ///< the suspension not yet resumed, or null
  // In now() ticks (the TSC where it is invariant: a third of
  // clock_gettime's cost); converted to ns when written.
  uint64_t begin_ns;     ///< at frame_begin
  uint64_t open_ns;      ///< when the open suspension began
  uint64_t suspended_ns; ///< closed suspensions so far
  uint64_t reserved2;
};
static_assert(sizeof(ProfileFrame) == 64, "one cache line per frame");

constexpr unsigned kFrameBits = 20;

} // namespace profile_detail

/// Unmaps `t`'s map of open suspensions beyond its table (a block's
/// attach, a fork's child).
void releaseOpen(__coroscope_thread *t);

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
