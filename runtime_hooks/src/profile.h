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
// The definitions are the analyzer's (analyzer/state/model.cpp): a
// suspension is a wait unless the frame is resumed on the same thread while
// the activation (ramp, resume() or destroy() call) that was running when it
// suspended is still on that thread's stack.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_PROFILE_H
#define COROSCOPE_RUNTIME_PROFILE_H

#include "thread_state.h"

#include <stdint.h>

namespace coroscope {
namespace rt {

using Site = __coroscope_site;

void profileFrameAlloc(ThreadState *t, const Site *fn, void *mem, uint64_t bytes);
/// `heap`: the frame came from the frame_alloc before it.
void profileFrameBegin(ThreadState *t, const Site *fn, uint64_t frame, uint64_t bytes, bool heap);
/// The end of a ramp, resume() or destroy() activation of `frame`.
void profileActivationExit(ThreadState *t, uint64_t frame);
/// A resume() or destroy() call on `frame` starts an activation.
void profileActivationEnter(ThreadState *t, uint64_t frame);
void profileAwaitReady(ThreadState *t, const Site *site, uint64_t frame);
void profileAwaitSuspend(ThreadState *t, const Site *site, uint64_t frame);
void profileAwaitCancel(ThreadState *t, const Site *site, uint64_t frame);
void profileFrameResume(ThreadState *t, const Site *site, uint64_t frame);
void profileFrameFree(ThreadState *t, const Site *fn, uint64_t frame);

/// Writes the Profile chunk of the sums so far (replacing the previous one
/// when nothing was written after it). Caller holds the writer lock, or
/// failed to get it in a signal handler. Allocates nothing with malloc.
void writeProfileLocked();

/// Takes the clock pair sampled times are converted with and starts the
/// COROSCOPE_INTERVAL writer thread if one is asked for; once.
void initProfile();

/// After fork(), in the child: its profile starts from zero.
void resetProfileAfterFork();

} // namespace rt
} // namespace coroscope

#endif
