// CASE [bad]: a temporary `std::vector` passed as a `std::span` parameter read after a suspension
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <span>
#include <vector>

std::vector<int> read_samples();

Task<long> sum(std::span<const int> samples) { // BAD
  co_await Reschedule{};
  long s = 0;
  for (int v : samples)
    s += v;
  co_return s;
}

Task<long> handle() {
  Task<long> t = sum(read_samples()); // BAD: the vector dies here
  co_return co_await std::move(t);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}view-span.cpp:21:22: warning: coroutine 'sum' gets a temporary for its view parameter 'samples', {{.*}} [-Wcoroscope-reference-parameter]
// COROSCOPE-NEXT: {{.*}}view-span.cpp:12:37: note: parameter 'samples' of 'sum' declared here; take {{.*}}
// COROSCOPE-NEXT: {{.*}}view-span.cpp:15:16: note: 'samples' is read here, after the coroutine has {{.*}}
// TIDY-NOT: warning:
// CLANG-NOT: warning:
