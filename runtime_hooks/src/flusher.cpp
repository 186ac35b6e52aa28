//===- flusher.cpp - The periodic writer thread ---------------------------===//
#include "flusher.h"

#include "coroscope/hooks.h"
#include "options.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

namespace {
bool gStarted = false; // written under gStartLock, read without it
pthread_mutex_t gStartLock = PTHREAD_MUTEX_INITIALIZER;

uint64_t periodMs() {
  return gOptions.mode == Mode::Profile ? uint64_t(gOptions.interval_s) * 1000 : gOptions.flush_ms;
}

// Whether a thread of the process other than this one is still running
// (not a zombie: a main thread that called pthread_exit stays one until the
// last thread ends). False when /proc cannot tell.
bool othersAlive() {
  DIR *dir = opendir("/proc/self/task");
  if (!dir)
    return false;
  pid_t self = pid_t(syscall(SYS_gettid));
  bool alive = false;
  while (struct dirent *e = readdir(dir)) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9' || atoi(e->d_name) == self)
      continue;
    char path[300], stat[512];
    snprintf(path, sizeof path, "/proc/self/task/%s/stat", e->d_name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      continue; // it has just ended
    ssize_t n = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (n <= 0)
      continue;
    stat[n] = 0;
    const char *paren = strrchr(stat, ')'); // the name may hold ')' or ' '
    if (paren && paren[1] == ' ' && paren[2] != 'Z' && paren[2] != 'X') {
      alive = true;
      break;
    }
  }
  closedir(dir);
  return alive;
}

void *flusherMain(void *) {
  uint64_t ms = periodMs();
  for (;;) {
    struct timespec ts = {time_t(ms / 1000), long(ms % 1000) * 1000000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
    // A detached thread still keeps the process alive: when the program's
    // last thread has ended (main called pthread_exit) this one ends too,
    // and glibc exits the process (status 0) as it would have.
    if (!othersAlive())
      return nullptr;
    __coroscope_flush(); // after the exit's End record this writes nothing
  }
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
