//===- crash.h - Crash signals, the live-frame dump signal ----------------===//
//
// A coroutine fault often ends in SIGSEGV a moment after coroscope saw it;
// the log must still be complete. Crash handlers flush every thread's buffer
// and write a live-frame snapshot, then hand the signal on (the previous
// handler, or the default action). Each thread gets an alternate signal
// stack, so a stack overflow from nested resume() calls is handled too.
// SIGTERM and SIGINT flush too. _exit() and SIGKILL cannot be seen: call
// __coroscope_flush() before _exit (a forked child, say).
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_CRASH_H
#define COROSCOPE_RUNTIME_CRASH_H

namespace coroscope {
namespace rt {

/// Installs the crash handlers and the dump signal (COROSCOPE_DUMP_SIGNAL)
/// once; a no-op with COROSCOPE_HANDLE_SIGNALS=0.
void installSignalHandlers();

/// Gives the calling thread an alternate signal stack (once per thread).
void onThreadAttached();

/// True while a crash handler runs: exit-time work must not run again.
bool crashing();

} // namespace rt
} // namespace coroscope

#endif
