//===- profile_inline.cpp - Profile counting as the plugin inlines it -----===//
//
// Not part of the runtime library: plugin/CMakeLists.txt compiles this file
// with the clang of each plugin's major to LLVM bitcode and embeds it in the
// plugin, whose HookFastPathPass (plugin/ProfileInline.cpp) links these
// functions into an instrumented module and inlines them in place of the
// hook calls. Each one is profile_counting.h's work for its hook when the
// thread is attached in profile mode without run-time checks, and the hook
// call otherwise (trace mode, checks on, a thread's first event). `kind` and
// `fn` (a suspend point's SiteKind and function site) are constants the pass
// reads from the site table, so the tests on them fold away.
//
//===----------------------------------------------------------------------===//
// Counters are the module's own (coroscope/hooks.h), not the thread block's.
#define COROSCOPE_MODULE_COUNTERS
#include "profile_counting.h"

using namespace coroscope;
using namespace coroscope::counting;

// The module's state byte, thread pointer and registration: the pass puts
// loads of the module's thread-locals and a call of its registration
// function in place of __coroscope_module_state(), __coroscope_module_thread()
// and __coroscope_module_attach() (coroscope/hooks.h, "module state").

namespace {
/// The thread is attached in profile mode without run-time checks, as far
/// as this module knows: one compare of its state byte, and on a thread's
/// first event in the module the registration.
inline bool inlineOn() {
  uint8_t s = __coroscope_module_state();
  if (__builtin_expect(s == __coroscope_module_inline, 1))
    return true;
  if (s != 0)
    return false;
  __coroscope_module_attach();
  return __coroscope_module_state() == __coroscope_module_inline;
}
/// The thread's block, as the module's registration kept it: never null
/// while the module's byte says inline.
inline Thread *thread() {
  Thread *t = __coroscope_module_thread();
  __builtin_assume(t != nullptr);
  return t;
}
inline uint64_t addr(const void *p) { return reinterpret_cast<uintptr_t>(p); }
} // namespace

#define COROSCOPE_INLINE extern "C" __attribute__((always_inline)) void

COROSCOPE_INLINE __coroscope_inline_frame_begin(const Site *fn, void *frame, uint64_t bytes) {
  if (inlineOn())
    frameBegin(thread(), fn, addr(frame), bytes);
  else
    __coroscope_frame_begin(fn, frame, bytes);
}

COROSCOPE_INLINE __coroscope_inline_ramp_return(const Site *fn, void *frame) {
  if (inlineOn())
    rampReturn(thread(), addr(frame));
  else
    __coroscope_ramp_return(fn, frame);
}

COROSCOPE_INLINE __coroscope_inline_await_ready(const Site *site, void *frame, uint8_t kind,
                                                const Site *fn) {
  if (inlineOn())
    awaitReady(thread(), site, kind, fn, addr(frame));
  else
    __coroscope_await_ready(site, frame);
}

COROSCOPE_INLINE __coroscope_inline_await_suspend(const Site *site, void *frame, void *awaiter,
                                                  uint8_t kind, const Site *fn) {
  if (inlineOn())
    awaitSuspend(thread(), site, kind, fn, addr(frame));
  else
    __coroscope_await_suspend(site, frame, awaiter);
}

COROSCOPE_INLINE __coroscope_inline_await_cancel(const Site *site, void *frame, uint8_t kind,
                                                 const Site *) {
  if (inlineOn())
    awaitCancel(thread(), site, kind, addr(frame));
  else
    __coroscope_await_cancel(site, frame);
}

COROSCOPE_INLINE __coroscope_inline_frame_resume(const Site *site, void *frame, uint8_t kind,
                                                 const Site *) {
  if (inlineOn())
    frameResume(thread(), site, kind, addr(frame));
  else
    __coroscope_frame_resume(site, frame);
}

COROSCOPE_INLINE __coroscope_inline_frame_free(const Site *fn, void *frame, void *mem) {
  if (inlineOn())
    frameFree(thread(), fn, addr(frame));
  else
    __coroscope_frame_free(fn, frame, mem);
}

// resume() and destroy() of a handle: an activation on the calling thread.
#define COROSCOPE_ACTIVATION_HOOK(name, work)                                                      \
  COROSCOPE_INLINE __coroscope_inline_##name(const Site *call, void *frame) {                      \
    if (inlineOn())                                                                                \
      work(thread(), addr(frame));                                                                 \
    else                                                                                           \
      __coroscope_##name(call, frame);                                                             \
  }
COROSCOPE_ACTIVATION_HOOK(handle_resume_enter, activationEnter)
COROSCOPE_ACTIVATION_HOOK(handle_resume_exit, activationExit)
COROSCOPE_ACTIVATION_HOOK(handle_destroy_enter, activationEnter)
COROSCOPE_ACTIVATION_HOOK(handle_destroy_exit, activationExit)
