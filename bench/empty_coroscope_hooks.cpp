//===- empty_coroscope_hooks.cpp - coroscope's hooks, doing nothing -------===//
//
// Every hook of coroscope/hooks.h with an empty body, built as a shared
// library as the real runtime is (`coroscope flags --link`). run_bench.sh
// links the instrumented benchmark against it in its `coroscope-empty-hooks`
// variant: what that variant measures is the bare cost of the calls the pass
// places at each hook point (and of what they keep the optimiser from
// doing), the floor under any runtime reached through those calls, whatever
// it does inside. The declarations in hooks.h make a changed signature a
// compile error here, and a hook missing here a link error there.
//
//===----------------------------------------------------------------------===//
#include "coroscope/hooks.h"

#define EMPTY_HOOK extern "C" __attribute__((visibility("default"), noinline))

// The pass's inline fast paths and inline profile counting
// (plugin/HookFastPath.h, ProfileInline.h) read the thread's
// __coroscope_thread that a module's registration keeps
// (__coroscope_profile_thread). Null: every hook point costs its call, the floor of
// one call per hook point. With -DEMPTY_HOOKS_FAST_PATHS, every thread sees
// one block whose flags are profile mode's with the checks off and whose
// counters cover every site: the inline counting runs and calls nothing
// here, the cost of the inline code alone (the benchmarks run on one thread;
// nothing reads the counts).
#ifdef EMPTY_HOOKS_FAST_PATHS
static uint64_t gCounters[4096 * __coroscope_site_counters];
static __coroscope_thread gThread = {gCounters, 4096,
                                     __coroscope_fast_profile | __coroscope_fast_no_checks, 0, 0};
__attribute__((constructor)) static void initThread() {
  gThread.sample_first = 16;
  gThread.sample_every = 64;
}
#define THREAD_STATE (&gThread)
#else
#define THREAD_STATE nullptr
#endif
extern "C"
    __attribute__((visibility("default"))) __thread __coroscope_thread *__coroscope_thread_state
    __attribute__((tls_model("initial-exec"))) = THREAD_STATE;

EMPTY_HOOK void __coroscope_sites_init(__coroscope_site *, __coroscope_site *) {}
EMPTY_HOOK void __coroscope_coroutine_call(const __coroscope_site *) {}
EMPTY_HOOK void __coroscope_frame_alloc(const __coroscope_site *, void *, uint64_t) {}
EMPTY_HOOK void __coroscope_frame_begin(const __coroscope_site *, void *, uint64_t) {}
EMPTY_HOOK void __coroscope_ramp_return(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_await_ready(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_await_suspend(const __coroscope_site *, void *, void *) {}
EMPTY_HOOK void __coroscope_await_return(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_await_transfer(const __coroscope_site *, void *, void *) {}
EMPTY_HOOK void __coroscope_await_cancel(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_awaiter_touch(void) {}
EMPTY_HOOK void __coroscope_frame_resume(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_frame_unwind(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_frame_free(const __coroscope_site *, void *, void *) {}
EMPTY_HOOK void __coroscope_handle_resume_enter(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_handle_resume_exit(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_handle_destroy_enter(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_handle_destroy_exit(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_handle_done(const __coroscope_site *, void *) {}
EMPTY_HOOK void __coroscope_flush(void) {}
EMPTY_HOOK void __coroscope_dump_frames(int) {}

// What the inline profile counting calls (runtime_hooks/src/profile_counting.h).
extern "C" {
__attribute__((
    visibility("default"))) uint64_t __coroscope_sampled_frames[__coroscope_sampled_slots] = {};
EMPTY_HOOK uint64_t *__coroscope_profile_grow(__coroscope_thread *, uint32_t) { return nullptr; }
EMPTY_HOOK bool __coroscope_profile_spill(__coroscope_thread *, uint64_t, uint64_t,
                                          const __coroscope_site *, uint32_t, uint32_t) {
  return false;
}
EMPTY_HOOK int64_t __coroscope_profile_unspill(__coroscope_thread *, uint64_t,
                                               const __coroscope_site *) {
  return -1;
}
// A module's first event: with the block, attached for the inline code
// (which then counts into the module's own arrays, read by no one);
// without it, attached without a fast path, so every event calls its hook.
// Either way this is not called again.
EMPTY_HOOK uint8_t __coroscope_profile_module(const __coroscope_site *, uint32_t, uint64_t *,
                                              uint8_t *) {
  return THREAD_STATE ? uint8_t(__coroscope_module_inline) : uint8_t(__coroscope_module_attached);
}
EMPTY_HOOK __coroscope_thread *__coroscope_profile_thread(void) { return THREAD_STATE; }
EMPTY_HOOK void __coroscope_profile_module_unload(const __coroscope_site *) {}
EMPTY_HOOK uint64_t *__coroscope_module_counters_of(const __coroscope_site *) {
  static __thread uint64_t sink[__coroscope_site_counters];
  return sink;
}
EMPTY_HOOK void __coroscope_profile_sample(uint32_t, const __coroscope_site *, uint64_t) {}
}
