// CASE [good]: a `std::lock_guard` held until `co_return`, with no suspension in its scope
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <mutex>

std::mutex cache_mutex;
int cache_hits = 0;
Task<int> read_remote();

Task<int> refresh() {
  int fresh = co_await read_remote();
  std::lock_guard<std::mutex> lock(cache_mutex);
  cache_hits += fresh;
  co_return cache_hits;
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY-NOT: warning:
// CLANG-NOT: warning:
