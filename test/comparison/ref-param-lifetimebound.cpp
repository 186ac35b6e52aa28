// CASE [bad]: a temporary bound to a `const&` parameter of a `coro_lifetimebound` task type, read after the first suspension
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/bound_task.h"
#include <cstddef>
#include <string>

std::string load_file(const char *path);

BoundTask<std::size_t> count_lines(const std::string &text) { // BAD
  co_await Reschedule{};
  std::size_t n = 0;
  for (char c : text)
    n += c == '\n';
  co_return n;
}

BoundTask<std::size_t> report() {
  BoundTask<std::size_t> pending = count_lines(load_file("a.txt")); // BAD: the string dies here
  co_return co_await std::move(pending);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}ref-param-lifetimebound.cpp:21:48: warning: coroutine 'count_lines' gets a temporary for its reference parameter {{.*}} [-Wcoroscope-reference-parameter]
// COROSCOPE-NEXT: {{.*}}ref-param-lifetimebound.cpp:12:55: note: parameter 'text' of 'count_lines' declared here; {{.*}}
// COROSCOPE-NEXT: {{.*}}ref-param-lifetimebound.cpp:15:17: note: 'text' is read here, after the coroutine has {{.*}}
// TIDY: {{.*}}ref-param-lifetimebound.cpp:12:36: warning: coroutine parameters should not be references [cppcoreguidelines-avoid-reference-coroutine-parameters]
// CLANG: {{.*}}ref-param-lifetimebound.cpp:21:48: warning: temporary whose address is used as value of local variable 'pending' {{.*}} [-Wdangling]
