//===- hooks.cpp - The __coroscope_* C ABI --------------------------------===//
//
// Glue between instrumented code and the runtime: each hook appends its
// event (thread_state.h) and, unless COROSCOPE_CHECKS=0, runs its check
// (checks.h). Runtime set-up happens on the first site registration (module
// constructors, before main) or the first event of a thread; the exit work
// runs from an ELF destructor, after the program's static destructors.
//
//===----------------------------------------------------------------------===//
#include "coroscope/hooks.h"

#include "checks.h"
#include "clock.h"
#include "crash.h"
#include "findings.h"
#include "log_writer.h"
#include "options.h"
#include "sites.h"
#include "thread_state.h"

#define COROSCOPE_RT_API extern "C" __attribute__((visibility("default")))

using namespace coroscope;
using namespace coroscope::rt;

namespace {

inline uint64_t addr(const void *p) { return reinterpret_cast<uintptr_t>(p); }

void setUp() { initThreadSupport(); }

__attribute__((destructor)) void atExit() {
  if (crashing())
    return;
  flushAllThreads(/*from_signal=*/false);
  exitScan();
  flushAllThreads(/*from_signal=*/false);
  writerLock();
  writeClockLocked();
  writerUnlock();
}

} // namespace

#define HOOK_PROLOGUE                                                                              \
  ThreadState *t = currentThread();                                                                \
  if (__builtin_expect(!t, 0))                                                                     \
    return;

COROSCOPE_RT_API void __coroscope_sites_init(__coroscope_site *start, __coroscope_site *stop) {
  setUp();
  registerSites(start, stop);
}

COROSCOPE_RT_API void __coroscope_coroutine_call(const __coroscope_site *call) {
  if (!gOptions.checks)
    return;
  HOOK_PROLOGUE
  onCoroutineCall(t, call);
}

COROSCOPE_RT_API void __coroscope_frame_alloc(const __coroscope_site *fn, void *mem,
                                              uint64_t bytes) {
  HOOK_PROLOGUE
  emit(t, log::kEvFrameAlloc, 0, fn, false, bytes, mem);
  if (gOptions.checks)
    onFrameAlloc(t, addr(mem), bytes);
}

COROSCOPE_RT_API void __coroscope_frame_begin(const __coroscope_site *fn, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvFrameBegin, 0, fn, true, now(), frame);
  if (gOptions.checks)
    onFrameBegin(t, fn, addr(frame));
}

COROSCOPE_RT_API void __coroscope_ramp_return(const __coroscope_site *fn, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvRampReturn, 0, fn, false, 0, frame);
}

COROSCOPE_RT_API void __coroscope_await_ready(const __coroscope_site *site, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvAwaitReady, 0, site, false, 0, frame);
  if (gOptions.checks)
    onAwaitReady(t, site, addr(frame));
}

COROSCOPE_RT_API void __coroscope_await_suspend(const __coroscope_site *site, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvAwaitSuspend, 0, site, true, now(), frame);
  if (site && site->kind == log::kSiteFinal)
    t->final_frame = reinterpret_cast<uintptr_t>(frame);
  if (gOptions.checks)
    onAwaitSuspend(t, site, addr(frame));
}

COROSCOPE_RT_API void __coroscope_await_return(const __coroscope_site *site, void *frame) {
  if (!gOptions.checks)
    return;
  HOOK_PROLOGUE
  onAwaitReturn(t, site, addr(frame));
}

COROSCOPE_RT_API void __coroscope_await_transfer(const __coroscope_site *site, void *frame,
                                                 void *target) {
  if (!gOptions.checks)
    return;
  HOOK_PROLOGUE
  onAwaitTransfer(t, site, addr(frame), addr(target));
}

COROSCOPE_RT_API void __coroscope_await_cancel(const __coroscope_site *site, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvAwaitCancel, 0, site, false, 0, frame);
  if (gOptions.checks)
    onAwaitCancel(t, site, addr(frame));
}

COROSCOPE_RT_API void __coroscope_frame_resume(const __coroscope_site *site, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvFrameResume, 0, site, true, now(), frame);
  if (gOptions.checks)
    onFrameResume(t, site, addr(frame));
}

COROSCOPE_RT_API void __coroscope_frame_free(const __coroscope_site *fn, void *frame, void *mem) {
  HOOK_PROLOGUE
  // A frame's end is its final suspend point; the time it is freed matters
  // only for frames destroyed before they got there (cancellation).
  bool finished = t->final_frame == reinterpret_cast<uintptr_t>(frame);
  if (finished)
    t->final_frame = 0; // the address may come back as another frame
  emit(t, log::kEvFrameFree, mem ? log::kEvFlagHeap : 0, fn, !finished, finished ? 0 : now(),
       frame);
  if (gOptions.checks)
    onFrameFree(t, fn, addr(frame), mem != nullptr);
}

COROSCOPE_RT_API void __coroscope_handle_resume_enter(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvResumeEnter, 0, call, false, 0, frame);
  onResumeEnter(t, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_handle_resume_exit(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvResumeExit, 0, call, false, 0, frame);
  onResumeExit(t, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_frame_unwind(const __coroscope_site *, void *frame) {
  HOOK_PROLOGUE
  if (gOptions.checks)
    onFrameUnwind(t, addr(frame));
  // The exception unwinds out of the innermost resume() of this thread: a
  // resumed activation is entered by a resume() or by symmetric transfers
  // from one (an exception out of a transfer made in a ramp terminates).
  uint32_t depth = t->resume_depth;
  if (depth == 0)
    return; // resumed by code built without coroscope
  const __coroscope_site *call = nullptr;
  uint64_t resumed = addr(frame);
  if (depth - 1 < kMaxNesting) {
    call = t->nesting[depth - 1].call;
    resumed = t->nesting[depth - 1].frame;
  }
  emit(t, log::kEvResumeExit, 0, call, false, 0, reinterpret_cast<void *>(resumed));
  onResumeExit(t, call, resumed);
}

COROSCOPE_RT_API void __coroscope_handle_destroy_enter(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvDestroyEnter, 0, call, false, 0, frame);
  onDestroyEnter(t, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_handle_destroy_exit(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvDestroyExit, 0, call, false, 0, frame);
  onDestroyExit(t, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_handle_done(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  emit(t, log::kEvDone, 0, call, false, 0, frame);
  onDone(t, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_flush(void) { flushAllThreads(/*from_signal=*/false); }

COROSCOPE_RT_API void __coroscope_dump_frames(int fd) { writeLiveFrames(fd, /*from_signal=*/true); }
