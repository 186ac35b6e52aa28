// CASE [bad]: `std::future::get` in a coroutine blocks its thread
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <future>

std::future<int> start_query(int id);
Task<> publish(int rows);

Task<> refresh(int id) {
  std::future<int> rows = start_query(id);
  co_await publish(rows.get()); // BAD
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}blocking-future-get.cpp:14:25: warning: 'std::future::get' blocks the thread inside the coroutine 'refresh'; {{.*}} [-Wcoroscope-blocking-call]
// TIDY-NOT: warning:
// CLANG-NOT: warning:
