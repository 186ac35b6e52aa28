//===- sanitizers.cpp - Keeping the log whole under ASan, LSan, TSan, UBSan ===//
//
// See sanitizers.h. compiler-rt: sanitizer_termination.cpp (Die),
// lsan_common_linux.cpp (HandleLeaks), asan_posix.cpp and lsan_posix.cpp
// (InstallAtExitCheckLeaks), tsan_interceptors_posix.cpp (finalize).
//
//===----------------------------------------------------------------------===//
#include "sanitizers.h"

#include "crash.h"
#include "findings.h"
#include "process_end.h"
#include "thread_state.h"

extern "C" __attribute__((weak)) void __sanitizer_set_death_callback(void (*callback)(void));

namespace coroscope {
namespace rt {

namespace {

void onSanitizerDeath() {
  if (crashing())
    return; // our crash handler ended the log, then handed the signal on to the sanitizer
  if (exitStarted()) {
    // LSan's leak check or TSan's finalizer, from atexit: the exit work
    // (leaked frames included) would have run next.
    finishLogAtExit(log::kEndSanitizer);
    return;
  }
  // Mid-run, possibly from the sanitizer's signal handler and with the
  // writer lock held by the reporting thread: what a crash writes.
  flushAllThreads(/*from_signal=*/true);
  writeLiveFrames(/*fd=*/-1, /*from_signal=*/true);
  endLog(log::kEndSanitizer, 0, /*from_signal=*/true);
}

} // namespace

void installSanitizerHooks() {
  if (__sanitizer_set_death_callback)
    __sanitizer_set_death_callback(onSanitizerDeath);
}

} // namespace rt
} // namespace coroscope
