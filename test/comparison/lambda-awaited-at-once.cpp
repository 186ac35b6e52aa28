// CASE [good]: a capturing coroutine lambda called and awaited in one expression
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"

Task<int> fetch(int key);

Task<int> total(int a, int b) {
  // The closure is a temporary that lives until the co_await has resumed.
  int sum = co_await [&]() -> Task<int> {
    int x = co_await fetch(a);
    int y = co_await fetch(b);
    co_return x + y;
  }();
  co_return sum;
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}lambda-awaited-at-once.cpp:12:22: warning: coroutine lambda may cause use-after-free, avoid captures or ensure {{.*}} [cppcoreguidelines-avoid-capturing-lambda-coroutines]
// CLANG-NOT: warning:
