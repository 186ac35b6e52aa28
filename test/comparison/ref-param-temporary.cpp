// CASE [bad]: a temporary bound to a `const&` parameter read after the first suspension
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <cstddef>
#include <string>

std::string load_file(const char *path);

Task<std::size_t> count_lines(const std::string &text) { // BAD
  co_await Reschedule{};
  std::size_t n = 0;
  for (char c : text)
    n += c == '\n';
  co_return n;
}

Task<std::size_t> report() {
  Task<std::size_t> pending = count_lines(load_file("a.txt")); // BAD: the string dies here
  co_return co_await std::move(pending);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}ref-param-temporary.cpp:21:43: warning: coroutine 'count_lines' gets a temporary for its reference parameter {{.*}} [-Wcoroscope-reference-parameter]
// COROSCOPE-NEXT: {{.*}}ref-param-temporary.cpp:12:50: note: parameter 'text' of 'count_lines' declared here; {{.*}}
// COROSCOPE-NEXT: {{.*}}ref-param-temporary.cpp:15:17: note: 'text' is read here, after the coroutine has {{.*}}
// TIDY: {{.*}}ref-param-temporary.cpp:12:31: warning: coroutine parameters should not be references [cppcoreguidelines-avoid-reference-coroutine-parameters]
// CLANG-NOT: warning:
