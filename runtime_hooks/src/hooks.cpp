//===- hooks.cpp - The __coroscope_* C ABI --------------------------------===//
//
// Glue between instrumented code and the runtime: each hook appends its
// event (thread_state.h) and, unless COROSCOPE_CHECKS=0, runs its check
// (checks.h). Runtime set-up happens on the first site registration (module
// constructors, before main) or the first event of a thread; the exit work
// is process_end.h's.
//
//===----------------------------------------------------------------------===//
#include "coroscope/hooks.h"

#include "checks.h"
#include "clock.h"
#include "findings.h"
#include "options.h"
#include "process_end.h"
#include "profile.h"
#include "sites.h"
#include "thread_state.h"

#include <type_traits>

// Every hook the pass may call is declared in hooks.h with the parameters
// hooks.def gives it, the ones the pass builds its calls from.
namespace hook_params {
using SiteArray = __coroscope_site *;
using Site = const __coroscope_site *;
using Ptr = void *;
using U64 = uint64_t;
#define COROSCOPE_HOOK(Name, symbol, params)                                                       \
  static_assert(std::is_same_v<decltype(&symbol), void(*) params>,                                 \
                #symbol ": hooks.h and hooks.def disagree on its parameters");
#include "coroscope/hooks.def"
} // namespace hook_params

#define COROSCOPE_RT_API extern "C" __attribute__((visibility("default")))

using namespace coroscope;
using namespace coroscope::rt;

namespace {

// Profile mode keeps figures instead of events (profile.h); the run-time
// checks and the context they share run the same in both modes.
inline bool profiling() { return gOptions.mode == Mode::Profile; }

inline uint64_t addr(const void *p) { return reinterpret_cast<uintptr_t>(p); }
// The pass hands the inline counting these as constants.
inline uint8_t kindOf(const __coroscope_site *s) { return s ? s->kind : uint8_t(log::kSiteAwait); }
inline const __coroscope_site *functionOf(const __coroscope_site *s) {
  return s ? s->function : nullptr;
}

// A resume() or destroy() call of `frame` starting (kind kEvResumeEnter,
// kEvDestroyEnter) or ending (kEvResumeExit, kEvDestroyExit), from its hook
// or from an unwind: profile mode keeps the activation stack that busy time
// is charged to, trace mode logs the event, and the checks keep the nesting
// an unwind is matched against. `kind` is a constant at every call, so the
// tests fold away.
inline void activation(ThreadState *t, uint8_t kind, const __coroscope_site *call, uint64_t frame) {
  if (!profiling())
    emit(t, kind, 0, call, false, 0, reinterpret_cast<void *>(frame));
  else if (kind == log::kEvResumeEnter || kind == log::kEvDestroyEnter)
    counting::activationEnter(&t->pub, frame);
  else
    counting::activationExit(&t->pub, frame);
  if (kind == log::kEvResumeEnter)
    onResumeEnter(t, call, frame);
  else if (kind == log::kEvResumeExit)
    onResumeExit(t, call, frame);
  else if (kind == log::kEvDestroyEnter)
    onDestroyEnter(t, call, frame);
  else
    onDestroyExit(t, call, frame);
}

void setUp() { initThreadSupport(); }

// Here, not in process_end.cpp: this object is in every link of the static
// runtime, so the destructor is too. Priority 101, the first a program may
// use: destructors run from the largest priority down, unprioritized ones
// first, so in an executable linked with the static runtime the program's
// own ELF destructors, which may still run coroutines, run before the log
// ends (with the shared runtime the library's destructors run after the
// executable's anyway).
__attribute__((destructor(101))) void atExit() { finishLogAtExit(log::kEndExit); }

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
  if (profiling()) {
    counting::frameAlloc(&t->pub, addr(mem), bytes);
    return;
  }
  emit(t, log::kEvFrameAlloc, 0, fn, false, bytes, mem);
  t->pub.pending_alloc_mem = addr(mem); // frame_begin tells heap from elided by it
}

COROSCOPE_RT_API void __coroscope_frame_begin(const __coroscope_site *fn, void *frame,
                                              uint64_t bytes) {
  HOOK_PROLOGUE
  bool heap = t->pub.pending_alloc_mem == addr(frame);
  if (profiling()) {
    counting::frameBegin(&t->pub, fn, addr(frame), bytes);
  } else {
    t->pub.pending_alloc_mem = 0;
    // A heap frame's size came with its FrameAlloc; an elided one's comes
    // here, untimed, and only for it.
    if (!heap)
      emit(t, log::kEvFrameElided, 0, fn, false, bytes, frame);
    emit(t, log::kEvFrameBegin, 0, fn, true, now(), frame);
  }
  if (gOptions.checks)
    onFrameBegin(t, fn, addr(frame), heap, bytes);
}

COROSCOPE_RT_API void __coroscope_ramp_return(const __coroscope_site *fn, void *frame) {
  HOOK_PROLOGUE
  if (profiling())
    counting::rampReturn(&t->pub, addr(frame));
  else
    emit(t, log::kEvRampReturn, 0, fn, false, 0, frame);
}

COROSCOPE_RT_API void __coroscope_await_ready(const __coroscope_site *site, void *frame) {
  HOOK_PROLOGUE
  if (profiling())
    counting::awaitReady(&t->pub, site, kindOf(site), functionOf(site), addr(frame));
  else
    emit(t, log::kEvAwaitReady, 0, site, false, 0, frame);
  if (gOptions.checks)
    onAwaitReady(t, site, addr(frame));
}

COROSCOPE_RT_API void __coroscope_await_suspend(const __coroscope_site *site, void *frame,
                                                void *awaiter) {
  HOOK_PROLOGUE
  if (profiling())
    counting::awaitSuspend(&t->pub, site, kindOf(site), functionOf(site), addr(frame));
  else
    emit(t, log::kEvAwaitSuspend, 0, site, true, now(), frame);
  if (ThreadState::Nesting *n = t->innermostResume(); n && n->running == addr(frame))
    n->running_suspended = true;
  if (site && site->kind == log::kSiteFinal)
    t->final_frame = reinterpret_cast<uintptr_t>(frame);
  if (gOptions.checks)
    onAwaitSuspend(t, site, addr(frame), addr(awaiter));
}

COROSCOPE_RT_API void __coroscope_awaiter_touch(void) {
  // Called on every touch after a possible hand-off, in or out of a
  // coroutine: stay cheap when no watched await_suspend runs here.
  ThreadState *t = tState;
  if (!t || !t->await_in_frame || !gOptions.checks)
    return;
  onAwaiterTouch(t);
  // No tail call: report() skips exactly three frames (itself, the check,
  // this hook) to start the native stack at the touching await_suspend.
  asm volatile("" ::: "memory");
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
  if (profiling())
    counting::awaitCancel(&t->pub, site, kindOf(site), addr(frame));
  else
    emit(t, log::kEvAwaitCancel, 0, site, false, 0, frame);
  if (ThreadState::Nesting *n = t->innermostResume(); n && n->running == addr(frame))
    n->running_suspended = false;
  if (gOptions.checks)
    onAwaitCancel(t, site, addr(frame));
}

COROSCOPE_RT_API void __coroscope_frame_resume(const __coroscope_site *site, void *frame) {
  HOOK_PROLOGUE
  if (profiling())
    counting::frameResume(&t->pub, site, kindOf(site), addr(frame));
  else
    emit(t, log::kEvFrameResume, 0, site, true, now(), frame);
  // Only a frame that suspended hands the resume() level on (a symmetric
  // transfer); a running one resuming another did it without resume() hooks.
  if (ThreadState::Nesting *n = t->innermostResume(); n && n->running_suspended) {
    n->running = addr(frame);
    n->running_suspended = false;
  }
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
  if (profiling())
    counting::frameFree(&t->pub, fn, addr(frame));
  else
    emit(t, log::kEvFrameFree, mem ? log::kEvFlagHeap : 0, fn, !finished, finished ? 0 : now(),
         frame);
  if (gOptions.checks)
    onFrameFree(t, fn, addr(frame), mem != nullptr);
}

COROSCOPE_RT_API void __coroscope_handle_resume_enter(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  activation(t, log::kEvResumeEnter, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_handle_resume_exit(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  activation(t, log::kEvResumeExit, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_frame_unwind(const __coroscope_site *, void *frame) {
  HOOK_PROLOGUE
  uint64_t f = addr(frame);
  if (profiling() && !gOptions.checks) {
    // The inline counting keeps no resume() nesting of the checks' kind.
    counting::frameUnwind(&t->pub, f);
    return;
  }
  if (gOptions.checks)
    onFrameUnwind(t, f);
  // Out of a destroy clone: the exception leaves that destroy().
  if (t->destroy_depth && t->destroy_frame == f) {
    activation(t, log::kEvDestroyExit, t->destroy_call, f);
    return;
  }
  // Out of the frame the innermost resume() runs (the one it resumed, or one
  // that frame transferred to): the exception leaves that resume(). A frame
  // resumed otherwise (by code built without coroscope, or by a transfer
  // made in a ramp) hands the exception to code that may catch it.
  ThreadState::Nesting *n = t->innermostResume();
  if (!n || n->running != f || n->running_suspended)
    return;
  activation(t, log::kEvResumeExit, n->call, n->frame);
}

COROSCOPE_RT_API void __coroscope_handle_destroy_enter(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  activation(t, log::kEvDestroyEnter, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_handle_destroy_exit(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  activation(t, log::kEvDestroyExit, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_handle_done(const __coroscope_site *call, void *frame) {
  HOOK_PROLOGUE
  if (!profiling())
    emit(t, log::kEvDone, 0, call, false, 0, frame);
  onDone(t, call, addr(frame));
}

COROSCOPE_RT_API void __coroscope_flush(void) { flushAllThreads(/*from_signal=*/false); }

COROSCOPE_RT_API void __coroscope_dump_frames(int fd) { writeLiveFrames(fd, /*from_signal=*/true); }
