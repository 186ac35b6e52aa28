// CASE [bad]: a project's own `scoped_lockable` guard (thread-safety attributes, as `absl::MutexLock`) held across a `co_await`
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"

class __attribute__((capability("mutex"))) Mutex {
public:
  void lock() __attribute__((acquire_capability()));
  void unlock() __attribute__((release_capability()));
};

class __attribute__((scoped_lockable)) MutexLock {
public:
  explicit MutexLock(Mutex &m) __attribute__((acquire_capability(m))) : m_(m) { m_.lock(); }
  ~MutexLock() __attribute__((release_capability())) { m_.unlock(); }

private:
  Mutex &m_;
};

Mutex cache_mutex;
int cache_hits = 0;
Task<> write_back();

Task<> update_cache() {
  MutexLock lock(cache_mutex); // BAD
  ++cache_hits;
  co_await write_back(); // BAD: suspends with the mutex locked
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}lock-scoped-lockable.cpp:30:3: warning: coroutine 'update_cache' suspends while holding 'lock' ('MutexLock'); {{.*}} [-Wcoroscope-lock-across-suspend]
// COROSCOPE-NEXT: {{.*}}lock-scoped-lockable.cpp:28:13: note: 'lock' locked here; release it before the suspension (end its scope, or unlock() a std::unique_lock)
// TIDY: {{.*}}lock-scoped-lockable.cpp:28:13: warning: 'lock' holds a lock across a suspension point of coroutine and could {{.*}} [misc-coroutine-hostile-raii]
// TIDY: {{.*}}lock-scoped-lockable.cpp:30:3: note: suspension point is here
// CLANG-NOT: warning:
