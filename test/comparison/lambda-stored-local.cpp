// CASE [good]: a capturing coroutine lambda kept in a local that outlives the await of its task
// NOTE: every task made from the named closure is awaited while the closure lives
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"

Task<int> scaled(int key) {
  auto twice = [key]() -> Task<int> {
    co_await Reschedule{};
    co_return key * 2;
  };
  Task<int> t = twice(); // the closure 'twice' lives until scaled() returns
  co_return co_await std::move(t);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}lambda-stored-local.cpp:10:16: warning: coroutine lambda may cause use-after-free, avoid captures or ensure {{.*}} [cppcoreguidelines-avoid-capturing-lambda-coroutines]
// CLANG-NOT: warning:
