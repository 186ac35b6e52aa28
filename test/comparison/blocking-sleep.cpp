// CASE [bad]: `std::this_thread::sleep_for` in a coroutine blocks its thread
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <chrono>
#include <thread>

struct Device {
  bool ready() const;
  Task<int> read();
};

Task<int> poll(Device *d) {
  using namespace std::chrono_literals;
  while (!d->ready())
    std::this_thread::sleep_for(10ms); // BAD
  co_return co_await d->read();
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}blocking-sleep.cpp:18:5: warning: 'std::this_thread::sleep_for' blocks the thread inside the coroutine {{.*}} [-Wcoroscope-blocking-call]
// TIDY-NOT: warning:
// CLANG-NOT: warning:
