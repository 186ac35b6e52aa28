// CASE [good]: a capturing coroutine lambda kept in a local that outlives the await of its task
// NOTE: both warn at the lambda without following how long the closure lives
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
// COROSCOPE: {{.*}}lambda-stored-local.cpp:10:16: warning: lambda coroutine in 'scaled' uses its capture 'key' after suspending; {{.*}} [-Wcoroscope-capturing-lambda]
// COROSCOPE-NEXT: {{.*}}lambda-stored-local.cpp:11:5: note: the coroutine suspends here
// COROSCOPE-NEXT: {{.*}}lambda-stored-local.cpp:12:15: note: 'key' is read here, after the suspension
// TIDY: {{.*}}lambda-stored-local.cpp:10:16: warning: coroutine lambda may cause use-after-free, avoid captures or ensure {{.*}} [cppcoreguidelines-avoid-capturing-lambda-coroutines]
// CLANG-NOT: warning:
