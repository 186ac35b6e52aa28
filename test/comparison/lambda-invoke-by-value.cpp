// CASE [good]: a capturing coroutine lambda passed by value to a coroutine that keeps the copy in its frame (libcoro's `coro::invoke`)
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"

// The functor is a by-value parameter: the frame of invoke() holds the
// closure the lambda's body reads its captures through.
template <class F> auto invoke(F f) -> decltype(f()) { co_return co_await f(); }

Task<int> scaled(int key) {
  auto twice = [key]() -> Task<int> {
    co_await Reschedule{};
    co_return key * 2;
  };
  return invoke(twice); // 'twice' dies on return; the copy in invoke's frame does not
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}lambda-invoke-by-value.cpp:13:16: warning: coroutine lambda may cause use-after-free, avoid captures or ensure {{.*}} [cppcoreguidelines-avoid-capturing-lambda-coroutines]
// CLANG-NOT: warning:
