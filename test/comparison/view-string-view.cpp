// CASE [bad]: a temporary `std::string` passed as a `std::string_view` parameter read after a suspension
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <cstddef>
#include <string>
#include <string_view>

std::string read_body();

Task<std::size_t> count_words(std::string_view text) { // BAD
  co_await Reschedule{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    n += text[i] == ' ';
  co_return n + 1;
}

Task<std::size_t> handle() {
  Task<std::size_t> t = count_words(read_body()); // BAD: the string dies here
  co_return co_await std::move(t);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}view-string-view.cpp:22:37: warning: coroutine 'count_words' gets a temporary for its view parameter {{.*}} [-Wcoroscope-reference-parameter]
// COROSCOPE-NEXT: {{.*}}view-string-view.cpp:13:48: note: parameter 'text' of 'count_words' declared here; {{.*}}
// COROSCOPE-NEXT: {{.*}}view-string-view.cpp:16:31: note: 'text' is read here, after the coroutine has {{.*}}
// TIDY-NOT: warning:
// CLANG-NOT: warning:
