// CASE [bad]: a `const&` parameter whose default argument is a temporary, read after the first suspension
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
// COROSCOPE: {{.*}}ref-param-default-argument.cpp:16:25: warning: coroutine 'log_line' gets a temporary from the default argument of its reference parameter 'prefix', which dies at the end of this full-expression, but reads 'prefix' after it has suspended [-Wcoroscope-reference-parameter]
// COROSCOPE-NEXT: {{.*}}ref-param-default-argument.cpp:10:58: note: parameter 'prefix' of 'log_line' declared here; take it by value to keep a copy in the coroutine frame
// COROSCOPE-NEXT: {{.*}}ref-param-default-argument.cpp:12:13: note: 'prefix' is read here, after the coroutine has suspended
// TIDY: {{.*}}ref-param-default-argument.cpp:10:39: warning: coroutine parameters should not be references [cppcoreguidelines-avoid-reference-coroutine-parameters]
// CLANG-NOT: warning:
