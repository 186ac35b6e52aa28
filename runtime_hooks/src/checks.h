//===- checks.h - The frame state machine behind the run-time checks ------===//
//
// Each hook moves its frame through running -> suspending -> suspended (or
// final) -> running ... -> destroyed in the frame registry, and checks the
// operation against the state it finds before the operation happens:
// resume() of a destroyed frame is reported while the frame's memory is
// still untouched. docs/checks.md describes every check.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_CHECKS_H
#define COROSCOPE_RUNTIME_CHECKS_H

#include "thread_state.h"

#include <stdint.h>

namespace coroscope {
namespace rt {

using Site = __coroscope_site;

void onCoroutineCall(ThreadState *t, const Site *call);
/// `heap`: the frame came from frame_alloc; `bytes`: its size either way.
void onFrameBegin(ThreadState *t, const Site *fn, uint64_t frame, bool heap, uint64_t bytes);
void onAwaitReady(ThreadState *t, const Site *site, uint64_t frame);
void onAwaitSuspend(ThreadState *t, const Site *site, uint64_t frame, uint64_t awaiter);
void onAwaiterTouch(ThreadState *t);
void onAwaitReturn(ThreadState *t, const Site *site, uint64_t frame);
void onAwaitTransfer(ThreadState *t, const Site *site, uint64_t frame, uint64_t target);
void onAwaitCancel(ThreadState *t, const Site *site, uint64_t frame);
void onFrameResume(ThreadState *t, const Site *site, uint64_t frame);
void onFrameFree(ThreadState *t, const Site *fn, uint64_t frame, bool heap);
void onResumeEnter(ThreadState *t, const Site *call, uint64_t frame);
void onResumeExit(ThreadState *t, const Site *call, uint64_t frame);
void onFrameUnwind(ThreadState *t, uint64_t frame);
void onDestroyEnter(ThreadState *t, const Site *call, uint64_t frame);
void onDestroyExit(ThreadState *t, const Site *call, uint64_t frame);
void onDone(ThreadState *t, const Site *call, uint64_t frame);

} // namespace rt
} // namespace coroscope

#endif
