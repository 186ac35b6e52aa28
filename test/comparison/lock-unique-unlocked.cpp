// CASE [good]: a `std::unique_lock` unlocked before the `co_await`
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <mutex>

std::mutex cache_mutex;
int cache_hits = 0;
Task<> write_back();

Task<> update_cache() {
  std::unique_lock<std::mutex> lock(cache_mutex);
  ++cache_hits;
  lock.unlock();
  co_await write_back();
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}lock-unique-unlocked.cpp:17:3: warning: coroutine suspended with lock 'lock' held [cppcoreguidelines-no-suspend-with-lock]
// CLANG-NOT: warning:
