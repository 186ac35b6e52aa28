// CASE [bad]: a `std::lock_guard` held across a `co_await`
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
  std::lock_guard<std::mutex> lock(cache_mutex); // BAD
  ++cache_hits;
  co_await write_back(); // BAD: suspends with the mutex locked
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}lock-guard-across-await.cpp:16:3: warning: coroutine 'update_cache' suspends while holding 'lock' {{.*}} [-Wcoroscope-lock-across-suspend]
// COROSCOPE-NEXT: {{.*}}lock-guard-across-await.cpp:14:31: note: 'lock' locked here; release it before the {{.*}}
// TIDY: {{.*}}lock-guard-across-await.cpp:14:31: warning: 'lock' persists across a suspension point of coroutine [misc-coroutine-hostile-raii]
// TIDY: {{.*}}lock-guard-across-await.cpp:16:3: note: suspension point is here
// TIDY: {{.*}}lock-guard-across-await.cpp:16:3: warning: coroutine suspended with lock 'lock' held [cppcoreguidelines-no-suspend-with-lock]
// CLANG-NOT: warning:
