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
