//===- flusher.cpp - The periodic writer thread ---------------------------===//
#include "flusher.h"

#include "coroscope/hooks.h"
#include "options.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>

namespace coroscope {
namespace rt {

namespace {
bool gStarted = false; // written under gStartLock, read without it
pthread_mutex_t gStartLock = PTHREAD_MUTEX_INITIALIZER;

uint64_t periodMs() {
  return gOptions.mode == Mode::Profile ? uint64_t(gOptions.interval_s) * 1000
                                        : gOptions.flush_ms;
}

void *flusherMain(void *) {
  uint64_t ms = periodMs();
  for (;;) {
    struct timespec ts = {time_t(ms / 1000), long(ms % 1000) * 1000000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
    __coroscope_flush(); // after the exit's End record this writes nothing
  }
  return nullptr;
}
} // namespace

void startFlusher() {
  if (__atomic_load_n(&gStarted, __ATOMIC_ACQUIRE) || periodMs() == 0)
    return;
  pthread_mutex_lock(&gStartLock);
  if (!__atomic_load_n(&gStarted, __ATOMIC_RELAXED)) {
    __atomic_store_n(&gStarted, true, __ATOMIC_RELEASE);
    // All signals blocked in the new thread: a process-directed signal the
    // program blocks in its own threads to sigwait() for must not be
    // delivered here instead.
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    pthread_t th;
    if (pthread_create(&th, &attr, flusherMain, nullptr) == 0)
      pthread_setname_np(th, "coroscope-flush");
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }
  pthread_mutex_unlock(&gStartLock);
}

void forgetFlusherAfterFork() {
  __atomic_store_n(&gStarted, false, __ATOMIC_RELAXED); // one thread in the child
  pthread_mutex_init(&gStartLock, nullptr);
}

} // namespace rt
} // namespace coroscope
