//===- crash.cpp - Crash signals, the live-frame dump signal --------------===//
//
// See crash.h. The handlers only call async-signal-safe functions (write,
// sigaction, raise) plus the runtime's own lock-free reads; the writer lock
// is only tried, because the crashing thread may hold it.
//
//===----------------------------------------------------------------------===//
#include "crash.h"

#include "findings.h"
#include "options.h"
#include "thread_state.h"

#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

namespace {

constexpr int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
struct sigaction gPrevious[sizeof(kCrashSignals) / sizeof(int)];
volatile sig_atomic_t gCrashing = 0;
bool gInstalled = false;
constexpr size_t kAltStack = 64 * 1024;

int indexOf(int sig) {
  for (size_t i = 0; i < sizeof(kCrashSignals) / sizeof(int); ++i)
    if (kCrashSignals[i] == sig)
      return int(i);
  return -1;
}

void onCrash(int sig, siginfo_t *info, void *uctx) {
  bool first = !gCrashing;
  if (first) {
    gCrashing = 1;
    flushAllThreads(/*from_signal=*/true);
    writeLiveFrames(/*fd=*/-1, /*from_signal=*/true);
    endLog(log::kEndSignal, sig, /*from_signal=*/true);
  }
  // Hand the signal on: the previous handler if there was one, else the
  // default action once we return (the fault re-executes, or raise()). A
  // program whose handler returns survives it: the runtime goes on, and
  // the End of its exit follows this one.
  int i = indexOf(sig);
  const struct sigaction &prev = gPrevious[i];
  if ((prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction) {
    prev.sa_sigaction(sig, info, uctx);
    if (first)
      gCrashing = 0;
    return;
  }
  if (!(prev.sa_flags & SA_SIGINFO) && prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN &&
      prev.sa_handler != nullptr) {
    prev.sa_handler(sig);
    if (first)
      gCrashing = 0;
    return;
  }
  signal(sig, SIG_DFL);
  if (info && info->si_code <= 0) // sent by kill()/raise()/abort(): send again
    raise(sig);
}

void onDump(int) { writeLiveFrames(STDERR_FILENO, /*from_signal=*/true); }

// SIGTERM and SIGINT end most services: write what is buffered, then let
// the signal do what it would have done.
constexpr int kStopSignals[] = {SIGTERM, SIGINT};
struct sigaction gPreviousStop[sizeof(kStopSignals) / sizeof(int)];

void onStop(int sig, siginfo_t *info, void *uctx) {
  flushAllThreads(/*from_signal=*/true);
  // If the program's own handler lets it go on, what it writes next makes
  // this record no longer the last, and a later end writes another.
  endLog(log::kEndSignal, sig, /*from_signal=*/true);
  for (size_t i = 0; i < sizeof(kStopSignals) / sizeof(int); ++i) {
    if (kStopSignals[i] != sig)
      continue;
    const struct sigaction &prev = gPreviousStop[i];
    if ((prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction) {
      prev.sa_sigaction(sig, info, uctx);
      return;
    }
    if (prev.sa_handler == SIG_IGN)
      return;
    if (prev.sa_handler != SIG_DFL && prev.sa_handler) {
      prev.sa_handler(sig);
      return;
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

} // namespace

bool crashing() { return gCrashing != 0; }

void onThreadAttached() {
  if (!gOptions.handle_signals)
    return;
  stack_t current;
  if (sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE))
    return; // the program set one up itself
  void *mem = mmap(nullptr, kAltStack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED)
    return;
  stack_t ss = {};
  ss.ss_sp = mem;
  ss.ss_size = kAltStack;
  sigaltstack(&ss, nullptr);
}

void installSignalHandlers() {
  if (gInstalled)
    return;
  gInstalled = true;
  if (!gOptions.handle_signals)
    return;
  auto install = [](int sig, void (*handler)(int, siginfo_t *, void *), int flags,
                    struct sigaction *previous) {
    struct sigaction sa = {};
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | flags;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, previous);
  };
  for (size_t i = 0; i < sizeof(kCrashSignals) / sizeof(int); ++i)
    install(kCrashSignals[i], onCrash, SA_NODEFER, &gPrevious[i]);
  for (size_t i = 0; i < sizeof(kStopSignals) / sizeof(int); ++i) {
    install(kStopSignals[i], onStop, SA_RESTART, &gPreviousStop[i]);
    if (gPreviousStop[i].sa_handler == SIG_IGN && !(gPreviousStop[i].sa_flags & SA_SIGINFO))
      sigaction(kStopSignals[i], &gPreviousStop[i], nullptr); // keep "ignored" as it was
  }
  if (gOptions.dump_signal > 0) {
    struct sigaction sa = {};
    sa.sa_handler = onDump;
    sa.sa_flags = SA_RESTART | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(gOptions.dump_signal, &sa, nullptr);
  }
}

} // namespace rt
} // namespace coroscope
