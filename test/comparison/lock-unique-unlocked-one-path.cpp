// CASE [bad]: a `std::unique_lock` unlocked before the `co_await` on one path only
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <mutex>

std::mutex cache_mutex;
int cache_hits = 0;
Task<> write_back();

Task<> update_cache(bool flush) {
  std::unique_lock<std::mutex> lock(cache_mutex); // BAD
  ++cache_hits;
  if (flush)
    lock.unlock();
  co_await write_back(); // BAD: still locked when flush is false
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}lock-unique-unlocked-one-path.cpp:18:3: warning: coroutine 'update_cache' suspends while holding 'lock' ('std::unique_lock<std::mutex>'); {{.*}} [-Wcoroscope-lock-across-suspend]
// COROSCOPE-NEXT: {{.*}}lock-unique-unlocked-one-path.cpp:14:32: note: 'lock' locked here; release it before the suspension (end its scope, or unlock() a std::unique_lock)
// TIDY: {{.*}}lock-unique-unlocked-one-path.cpp:18:3: warning: coroutine suspended with lock 'lock' held [cppcoreguidelines-no-suspend-with-lock]
// CLANG-NOT: warning:
