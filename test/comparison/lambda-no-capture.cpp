// CASE [good]: a coroutine lambda without captures, its inputs passed as parameters
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <functional>
#include <memory>

Task<> flush(std::shared_ptr<int> buffer);
void post(std::function<Task<>(std::shared_ptr<int>)> job, std::shared_ptr<int> arg);

void schedule(std::shared_ptr<int> buffer) {
  post([](std::shared_ptr<int> b) -> Task<> {
    co_await Reschedule{};
    co_await flush(b);
  }, std::move(buffer));
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY-NOT: warning:
// CLANG-NOT: warning:
