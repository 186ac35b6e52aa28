//===- thread_state.cpp - Per-thread event buffer and check context -------===//
//
// See thread_state.h. The hot path (emit) is a TLS load, a 24-byte store and
// a release store of the count; everything else is the slow path.
//
//===----------------------------------------------------------------------===//
#include "thread_state.h"

#include "crash.h"
#include "log_writer.h"
#include "options.h"
#include "sites.h"

#include <errno.h>
#include <new>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

namespace {

ThreadState *gThreads = nullptr; // guarded by the writer lock
uint32_t gNextThread = 0;        // guarded by the writer lock
pthread_key_t gExitKey;
pthread_once_t gOnce = PTHREAD_ONCE_INIT;

__thread ThreadState *tState __attribute__((tls_model("initial-exec"))) = nullptr;

// Writes what `t` appended since the last flush. Only the owner rewinds
// the buffer (`owner`), so a flush from another thread never races with an
// append into the same slots.
void flushLocked(ThreadState *t, bool owner) {
  uint32_t n = __atomic_load_n(&t->count, __ATOMIC_ACQUIRE);
  if (n > t->flushed) {
    writeEventsLocked(t->thread, t->os_tid, t->records + t->flushed, n - t->flushed);
    writeClockLocked();
    t->flushed = n;
  }
  if (owner) {
    t->flushed = 0;
    __atomic_store_n(&t->count, 0, __ATOMIC_RELEASE);
  }
}

void onThreadExit(void *p) {
  auto *t = static_cast<ThreadState *>(p);
  int saved = errno;
  writerLock();
  flushLocked(t, /*owner=*/true);
  t->in_use = false;
  writerUnlock();
  tState = nullptr;
  errno = saved;
}

void afterForkChild() {
  // The parent flushes what it buffered; the child starts a log of its own
  // with only its own thread.
  writerLock();
  resetAfterForkLocked();
  for (ThreadState *t = gThreads; t; t = t->next)
    if (t != tState) {
      __atomic_store_n(&t->count, 0, __ATOMIC_RELEASE);
      t->flushed = 0;
      t->in_use = false;
    }
  if (tState) {
    tState->count = 0;
    tState->flushed = 0;
    tState->os_tid = uint32_t(syscall(SYS_gettid));
  }
  writeAllSitesLocked();
  writerUnlock();
}

void initOnce() {
  pthread_key_create(&gExitKey, onThreadExit);
  pthread_atfork([] { writerLock(); }, [] { writerUnlock(); },
                 [] {
                   writerUnlock(); // taken in prepare
                   afterForkChild();
                 });
}

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
    gThreads = t;
  }
  ThreadState *next = t->next;
  memset(static_cast<void *>(t), 0, offsetof(ThreadState, nesting));
  t->next = next;
  t->in_use = true;
  t->thread = ++gNextThread;
  t->os_tid = uint32_t(syscall(SYS_gettid));
  writerUnlock();
  pthread_setspecific(gExitKey, t);
  tState = t;
  onThreadAttached();
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

} // namespace

ThreadState *currentThread() {
  ThreadState *t = tState;
  return __builtin_expect(t != nullptr, 1) ? t : attachThread();
}

void emit(ThreadState *t, uint8_t kind, uint8_t flags, const __coroscope_site *site, uint64_t ts,
          const void *frame) {
  uint32_t n = t->count;
  log::EventRecord &r = t->records[n];
  r.kind = kind;
  r.flags = flags;
  r.reserved = 0;
  r.site = site ? site->id : 0;
  r.ts = ts;
  r.frame = reinterpret_cast<uintptr_t>(frame);
  __atomic_store_n(&t->count, n + 1, __ATOMIC_RELEASE);
  if (__builtin_expect(n + 1 == kCapacity, 0))
    flushFull(t);
}

void flushAllThreads(bool from_signal) {
  int saved = errno;
  bool locked = from_signal ? writerTryLockFor(1000) : (writerLock(), true);
  for (ThreadState *t = gThreads; t; t = t->next)
    flushLocked(t, /*owner=*/false);
  if (locked)
    writerUnlock();
  errno = saved;
}

void initThreadSupport() {
  initOptions();
  installSignalHandlers();
  pthread_once(&gOnce, initOnce);
}

} // namespace rt
} // namespace coroscope
