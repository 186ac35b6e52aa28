// CASE [good]: a `std::unique_lock` constructed with `std::defer_lock` and locked after the `co_await`
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <mutex>

std::mutex cache_mutex;
int cache_hits = 0;
Task<int> read_remote();

Task<> refresh() {
  std::unique_lock<std::mutex> lock(cache_mutex, std::defer_lock);
  int fresh = co_await read_remote();
  lock.lock();
  cache_hits += fresh;
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}lock-unique-deferred.cpp:15:15: warning: coroutine suspended with lock 'lock' held [cppcoreguidelines-no-suspend-with-lock]
// CLANG-NOT: warning:
