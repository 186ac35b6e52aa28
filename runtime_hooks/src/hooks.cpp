//===- hooks.cpp - The __coroscope_* hooks and per-thread event buffers ----===//
//
// Hot path: a hook reads the thread's buffer pointer from initial-exec TLS,
// fills one 24-byte record and bumps the count with a release store (so the
// exit flush on another thread sees whole records). No lock, no allocation,
// no system call, except when the buffer is full.
//
// A thread buffer is allocated on the thread's first event and registered in
// a global list. It is flushed when full, when the thread exits (pthread key
// destructor; TLS itself stays trivially destructible), at process exit
// (an ELF destructor, which runs after C++ static destructors) and by
// __coroscope_flush(). Buffers of exited threads are reused by new threads.
//
//===----------------------------------------------------------------------===//
#include "coroscope/hooks.h"

#include "clock.h"
#include "log_writer.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <new>
#include <type_traits>
#include <unistd.h>

#define COROSCOPE_RT_API extern "C" __attribute__((visibility("default")))
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

namespace coroscope {
namespace rt {

bool gUseTsc = false;

void initClock() {
  static bool done = false;
  if (done)
    return;
  done = true;
#if defined(__x86_64__)
  unsigned a, b, c, d;
  __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000000u), "c"(0));
  if (a >= 0x80000007u) {
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000007u), "c"(0));
    gUseTsc = (d >> 8) & 1;
  }
#endif
}

namespace {

constexpr uint32_t kCapacity = 16384; // records per thread buffer (384 KiB)

struct alignas(64) ThreadBuffer {
  uint32_t count;     // records filled; written by the owner with release
  uint32_t thread;    // 1-based thread number in this log
  uint32_t os_tid;
  bool in_use;        // owned by a live thread
  ThreadBuffer *next; // global list, never unlinked
  log::EventRecord records[kCapacity];
};
static_assert(std::is_trivially_destructible_v<ThreadBuffer>, "lives in raw memory");

ThreadBuffer *gBuffers = nullptr; // guarded by the writer lock
uint32_t gNextThread = 0;         // guarded by the writer lock
pthread_key_t gExitKey;
pthread_once_t gOnce = PTHREAD_ONCE_INIT;

__thread ThreadBuffer *tBuffer __attribute__((tls_model("initial-exec"))) = nullptr;

// Registered site tables, so a forked child can write them into its own log.
struct SiteRange {
  __coroscope_site *start, *stop;
};
constexpr int kMaxRanges = 1024;
SiteRange gRanges[kMaxRanges];
int gNumRanges = 0;
uint32_t gNextSiteId = 0;

void flushLocked(ThreadBuffer *b) {
  uint32_t n = __atomic_load_n(&b->count, __ATOMIC_ACQUIRE);
  if (n == 0)
    return;
  writeEventsLocked(b->thread, b->os_tid, b->records, n);
  writeClockLocked();
  __atomic_store_n(&b->count, 0, __ATOMIC_RELEASE);
}

void onThreadExit(void *p) {
  auto *b = static_cast<ThreadBuffer *>(p);
  writerLock();
  flushLocked(b);
  b->in_use = false;
  writerUnlock();
  tBuffer = nullptr;
}

void flushAll() {
  writerLock();
  for (ThreadBuffer *b = gBuffers; b; b = b->next)
    flushLocked(b);
  writerUnlock();
}

void afterForkChild() {
  // The parent flushes what it buffered; the child starts a log of its own
  // with the same site tables and only its own thread.
  writerLock();
  resetAfterForkLocked();
  for (ThreadBuffer *b = gBuffers; b; b = b->next)
    if (b != tBuffer) {
      __atomic_store_n(&b->count, 0, __ATOMIC_RELEASE);
      b->in_use = false;
    }
  if (tBuffer) {
    tBuffer->count = 0;
    tBuffer->os_tid = uint32_t(syscall(SYS_gettid));
  }
  for (int i = 0; i < gNumRanges; ++i)
    writeSitesLocked(gRanges[i].start, gRanges[i].stop);
  writerUnlock();
}

void initOnce() {
  pthread_key_create(&gExitKey, onThreadExit);
  pthread_atfork([] { writerLock(); }, [] { writerUnlock(); },
                 [] {
                   // The lock was taken in prepare; release it first.
                   writerUnlock();
                   afterForkChild();
                 });
}

__attribute__((noinline)) ThreadBuffer *attachThread() {
  pthread_once(&gOnce, initOnce);
  writerLock();
  ThreadBuffer *b = gBuffers;
  while (b && b->in_use)
    b = b->next;
  if (!b) {
    void *mem = mmap(nullptr, sizeof(ThreadBuffer), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) {
      writerUnlock();
      return nullptr;
    }
    b = new (mem) ThreadBuffer;
    b->next = gBuffers;
    gBuffers = b;
  }
  b->count = 0;
  b->in_use = true;
  b->thread = ++gNextThread;
  b->os_tid = uint32_t(syscall(SYS_gettid));
  writerUnlock();
  pthread_setspecific(gExitKey, b);
  tBuffer = b;
  return b;
}

__attribute__((noinline)) void flushFull(ThreadBuffer *b) {
  writerLock();
  flushLocked(b);
  writerUnlock();
}

inline void emit(uint8_t kind, uint8_t flags, const __coroscope_site *site, uint64_t ts,
                 const void *frame) {
  ThreadBuffer *b = tBuffer;
  if (UNLIKELY(!b)) {
    b = attachThread();
    if (!b)
      return;
  }
  uint32_t n = b->count;
  log::EventRecord &r = b->records[n];
  r.kind = kind;
  r.flags = flags;
  r.reserved = 0;
  r.site = site ? site->id : 0;
  r.ts = ts;
  r.frame = reinterpret_cast<uintptr_t>(frame);
  __atomic_store_n(&b->count, n + 1, __ATOMIC_RELEASE);
  if (UNLIKELY(n + 1 == kCapacity))
    flushFull(b);
}

__attribute__((destructor)) void flushAtExit() { flushAll(); }

} // namespace
} // namespace rt
} // namespace coroscope

using namespace coroscope;
using namespace coroscope::rt;

COROSCOPE_RT_API void __coroscope_sites_init(__coroscope_site *start, __coroscope_site *stop) {
  if (!start || start == stop)
    return;
  writerLock();
  for (int i = 0; i < gNumRanges; ++i)
    if (gRanges[i].start == start) {
      writerUnlock();
      return;
    }
  for (__coroscope_site *s = start; s != stop; ++s)
    s->id = ++gNextSiteId;
  if (gNumRanges < kMaxRanges)
    gRanges[gNumRanges++] = {start, stop};
  writeSitesLocked(start, stop);
  writerUnlock();
}

COROSCOPE_RT_API void __coroscope_frame_alloc(const __coroscope_site *fn, void *mem,
                                              uint64_t bytes) {
  emit(log::kEvFrameAlloc, 0, fn, bytes, mem);
}
COROSCOPE_RT_API void __coroscope_frame_begin(const __coroscope_site *fn, void *frame) {
  emit(log::kEvFrameBegin, 0, fn, now(), frame);
}
COROSCOPE_RT_API void __coroscope_ramp_return(const __coroscope_site *fn, void *frame) {
  emit(log::kEvRampReturn, 0, fn, now(), frame);
}
COROSCOPE_RT_API void __coroscope_await_ready(const __coroscope_site *site, void *frame) {
  emit(log::kEvAwaitReady, 0, site, now(), frame);
}
COROSCOPE_RT_API void __coroscope_await_suspend(const __coroscope_site *site, void *frame) {
  emit(log::kEvAwaitSuspend, 0, site, now(), frame);
}
COROSCOPE_RT_API void __coroscope_await_cancel(const __coroscope_site *site, void *frame) {
  emit(log::kEvAwaitCancel, 0, site, now(), frame);
}
COROSCOPE_RT_API void __coroscope_frame_resume(const __coroscope_site *site, void *frame) {
  emit(log::kEvFrameResume, 0, site, now(), frame);
}
COROSCOPE_RT_API void __coroscope_frame_free(const __coroscope_site *fn, void *frame, void *mem) {
  emit(log::kEvFrameFree, mem ? log::kEvFlagHeap : 0, fn, now(), frame);
}
COROSCOPE_RT_API void __coroscope_handle_resume_enter(const __coroscope_site *call, void *frame) {
  emit(log::kEvResumeEnter, 0, call, now(), frame);
}
COROSCOPE_RT_API void __coroscope_handle_resume_exit(const __coroscope_site *call, void *frame) {
  emit(log::kEvResumeExit, 0, call, now(), frame);
}
COROSCOPE_RT_API void __coroscope_handle_destroy_enter(const __coroscope_site *call, void *frame) {
  emit(log::kEvDestroyEnter, 0, call, now(), frame);
}
COROSCOPE_RT_API void __coroscope_handle_destroy_exit(const __coroscope_site *call, void *frame) {
  emit(log::kEvDestroyExit, 0, call, now(), frame);
}
COROSCOPE_RT_API void __coroscope_handle_done(const __coroscope_site *call, void *frame) {
  emit(log::kEvDone, 0, call, now(), frame);
}
COROSCOPE_RT_API void __coroscope_flush(void) { flushAll(); }
