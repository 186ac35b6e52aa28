// CASE [good]: a temporary bound to a `const&` parameter of a call awaited in the same expression
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/bound_task.h"
#include <cstddef>
#include <string>

std::string load_file(const char *path);

BoundTask<std::size_t> count_lines(const std::string &text) {
  co_await Reschedule{};
  std::size_t n = 0;
  for (char c : text)
    n += c == '\n';
  co_return n;
}

BoundTask<std::size_t> report() {
  // The temporary lives until the end of the full-expression, after the await.
  std::size_t n = co_await count_lines(load_file("a.txt"));
  co_return n;
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}ref-param-awaited-at-once.cpp:12:36: warning: coroutine parameters should not be references [cppcoreguidelines-avoid-reference-coroutine-parameters]
// CLANG-NOT: warning:
