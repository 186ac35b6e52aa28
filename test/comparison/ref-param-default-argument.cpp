// CASE [bad]: a `const&` parameter whose default argument is a temporary, read after the first suspension
// NOTE: coroscope false negative: it does not see a temporary made by a default argument
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <cstddef>
#include <string>

Task<std::size_t> log_line(int level, const std::string &prefix = "app") { // BAD
  co_await Reschedule{};
  co_return prefix.size() + static_cast<std::size_t>(level);
}

Task<std::size_t> run() {
  Task<std::size_t> t = log_line(1); // BAD: the default "app" string dies here
  co_return co_await std::move(t);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}ref-param-default-argument.cpp:11:39: warning: coroutine parameters should not be references [cppcoreguidelines-avoid-reference-coroutine-parameters]
// CLANG-NOT: warning:
