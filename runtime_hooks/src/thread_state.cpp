//===- thread_state.cpp - Per-thread event buffer and check context -------===//
//
// See thread_state.h. The hot path (emit, inline there) is a TLS load, a
// packed record of 4-24 bytes and a release store of the fill level;
// everything else is the slow path.
//
//===----------------------------------------------------------------------===//
#include "thread_state.h"

#include "clock.h"
#include "crash.h"
#include "flusher.h"
#include "log_writer.h"
#include "module_counters.h"
#include "options.h"
#include "process_end.h"
#include "profile.h"
#include "sanitizers.h"
#include "sites.h"

#include <atomic>
#include <errno.h>
#include <new>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

__thread ThreadState *tState __attribute__((tls_model("initial-exec"))) = nullptr;
// A braced extern "C": the one-declaration form also means `extern`, which
// an initialised definition contradicts (gcc warns).
extern "C" {
__attribute__((visibility("default"))) __thread __coroscope_thread *__coroscope_thread_state
    __attribute__((tls_model("initial-exec"))) = nullptr;
}

namespace {

ThreadState *gThreads = nullptr; // guarded by the writer lock
uint32_t gNextThread = 0;        // guarded by the writer lock
// Threads attached since the process (or, in a forked child, the fork)
// started: blocks are reused, so counting blocks undercounts.
std::atomic<uint32_t> gThreadsAttached{0};
pthread_key_t gExitKey;
pthread_once_t gOnce = PTHREAD_ONCE_INIT;

// Writes what `t` appended since the last flush. Only the owner rewinds
// the buffer (`owner`), so a flush from another thread never races with an
// append into the same bytes. Records are deltas from the one before, so a
// chunk starts from the decoder state at `flushed`, and decoding the bytes
// written gives the state the next chunk starts from.
void flushLocked(ThreadState *t, bool owner) {
  uint32_t n = __atomic_load_n(&t->used, __ATOMIC_ACQUIRE);
  if (n > t->flushed) {
    log::PackedCursor end = t->cursor;
    uint32_t count = t->records - t->flushed_records;
    if (!owner) { // the owner may be appending: count what was published
      end = t->flush_cursor;
      count = 0;
      log::EventRecord r;
      for (uint32_t at = t->flushed; at < n; ++count) {
        uint32_t len = log::decodePacked(t->buffer + at, n - at, end, r);
        if (len == 0)
          break; // cannot happen: the owner publishes whole records only
        at += len;
      }
    }
    writePackedEventsLocked(t->thread, t->os_tid, count, t->flush_cursor, t->buffer + t->flushed,
                            n - t->flushed);
    writeClockLocked();
    t->flushed = n;
    t->flushed_records += count;
    t->flush_cursor = end;
  }
  if (owner) {
    t->flushed = 0;
    t->flushed_records = 0;
    t->records = 0;
    __atomic_store_n(&t->used, 0, __ATOMIC_RELEASE);
  }
}

void onThreadExit(void *p) {
  auto *t = static_cast<ThreadState *>(p);
  int saved = errno;
  writerLock();
  flushLocked(t, /*owner=*/true);
  foldModuleCountersLocked(t);
  t->in_use = false;
  writerUnlock();
  tState = nullptr;
  __coroscope_thread_state = nullptr;
  errno = saved;
}

void afterForkChild() {
  // The parent flushes what it buffered; the child starts a log of its own
  // with only its own thread.
  writerLock();
  resetAfterForkLocked();
  for (ThreadState *t = gThreads; t; t = t->next)
    if (t != tState) {
      __atomic_store_n(&t->used, 0, __ATOMIC_RELEASE);
      t->flushed = 0;
      t->records = t->flushed_records = 0;
      t->flush_cursor = t->cursor;
      t->in_use = false;
    }
  if (tState) {
    tState->used = 0;
    tState->flushed = 0;
    tState->records = tState->flushed_records = 0;
    tState->flush_cursor = tState->cursor;
    tState->os_tid = uint32_t(syscall(SYS_gettid));
  }
  gThreadsAttached.store(tState ? 1 : 0, std::memory_order_relaxed);
  resetProfileAfterFork();
  forgetFlusherAfterFork();
  writerUnlock();
}

// The process's exit status: on_exit handlers run before the ELF
// destructors that write the log's end. exit(-1) ends a process with
// status 255 (its parent sees status & 0377), and so does its log.
int gExitStatus = 0;
bool gExitStatusKnown = false;
void onExit(int status, void *) {
  gExitStatus = status & 0377;
  gExitStatusKnown = true;
}

// quick_exit() runs no ELF destructor: its handlers are the process's last
// code, so the log ends there (status unknown: the handlers are not told).
void onQuickExit() { finishLogAtExit(log::kEndExit); }

void initOnce() {
  // Here, from the first site registration (the program's constructors), not
  // in the runtime's own constructor: that runs before the dynamic linker
  // registers its destructor pass, so the handler would run after the
  // destructor that writes the End record. A process that registers no site
  // (nothing compiled with the plugin) ends with "exit status unknown".
  on_exit(onExit, nullptr);
  at_quick_exit(onQuickExit);
  installSanitizerHooks();
  pthread_key_create(&gExitKey, onThreadExit);
  pthread_atfork([] { writerLock(); }, [] { writerUnlock(); },
                 [] {
                   writerUnlock(); // taken in prepare
                   afterForkChild();
                 });
}

} // namespace

__attribute__((noinline)) ThreadState *attachThread() {
  int saved = errno;
  initThreadSupport();
  writerLock();
  ThreadState *t = gThreads;
  while (t && t->in_use)
    t = t->next;
  if (!t) {
    void *mem = mmap(nullptr, sizeof(ThreadState), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) {
      writerUnlock();
      errno = saved;
      return nullptr;
    }
    t = new (mem) ThreadState;
    t->next = gThreads;
    __atomic_store_n(&gThreads, t, __ATOMIC_RELEASE);
  }
  // A reused block keeps its profile counters: they hold what its earlier
  // threads counted, which the process's totals still need.
  ThreadState *next = t->next;
  uint64_t *counters = t->pub.counters;
  uint32_t counters_cap = t->pub.counters_cap;
  uint64_t untracked = t->pub.untracked;
  ModuleCounters *modules = t->modules;
  uint32_t module_cap = t->module_cap;
  releaseOpen(&t->pub);
  memset(static_cast<void *>(t), 0, offsetof(ThreadState, nesting));
  t->next = next;
  t->modules = modules;
  t->module_cap = module_cap;
  t->pub.counters = counters;
  t->pub.counters_cap = counters_cap;
  t->pub.untracked = untracked;
  t->pub.sample_first = gOptions.sample_first;
  t->pub.sample_every = gOptions.sample_every;
  t->pub.fast = (gOptions.mode == Mode::Profile ? uint32_t(__coroscope_fast_profile) : 0u) |
                (gOptions.checks ? 0u : uint32_t(__coroscope_fast_no_checks));
  t->in_use = true;
  t->thread = ++gNextThread;
  gThreadsAttached.fetch_add(1, std::memory_order_relaxed);
  t->os_tid = uint32_t(syscall(SYS_gettid));
  // Records without a time of their own take the previous one: the first
  // chunk's base is a real reading, not 0, so none decodes to before the
  // thread existed.
  initClock(); // under the writer lock, like the log's opening
  t->cursor.ts = now();
  t->flush_cursor = t->cursor;
  writerUnlock();
  pthread_setspecific(gExitKey, t);
  tState = t;
  __coroscope_thread_state = &t->pub;
  onThreadAttached();
  startFlusher();
  errno = saved;
  return t;
}

__attribute__((noinline)) void flushFull(ThreadState *t) {
  int saved = errno; // the program must not see the runtime's system calls
  writerLock();
  flushLocked(t, /*owner=*/true);
  writerUnlock();
  errno = saved;
}

uint32_t threadsAttached() { return gThreadsAttached.load(std::memory_order_relaxed); }

ThreadState *firstThread() { return __atomic_load_n(&gThreads, __ATOMIC_ACQUIRE); }

void flushAllThreads(bool from_signal) {
  int saved = errno;
  bool locked = from_signal ? writerTryLockFor(1000) : (writerLock(), true);
  for (ThreadState *t = gThreads; t; t = t->next)
    flushLocked(t, /*owner=*/false);
  writeProfileLocked();
  if (locked)
    writerUnlock();
  errno = saved;
}

void endLog(uint32_t how, int code, bool from_signal) {
  int saved = errno;
  bool locked = from_signal ? writerTryLockFor(1000) : (writerLock(), true);
  uint64_t unwritten = 0;
  for (ThreadState *t = gThreads; t; t = t->next)
    if (t->in_use) // records is the owner's: a racy read is a fair count
      unwritten += __atomic_load_n(&t->records, __ATOMIC_RELAXED) - t->flushed_records;
  uint32_t flags = 0;
  if (how == log::kEndExit || how == log::kEndSanitizer) {
    code = gExitStatusKnown ? gExitStatus : 0;
    flags = gExitStatusKnown ? uint32_t(log::kEndStatusKnown) : 0u;
  }
  writeEndLocked(how, code, flags, unwritten);
  if (locked)
    writerUnlock();
  errno = saved;
}

bool exitStarted() { return gExitStatusKnown; }

void initThreadSupport() {
  initOptions();
  installSignalHandlers();
  pthread_once(&gOnce, initOnce);
  initProfile();
}

} // namespace rt
} // namespace coroscope
