// CASE [bad]: a temporary `std::string` passed as a `std::string_view` parameter of a `coro_lifetimebound` task type, read after a suspension
// NOTE: Clang's lifetimebound analysis covers reference parameters, not views
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/bound_task.h"
#include <cstddef>
#include <string>
#include <string_view>

std::string read_body();

BoundTask<std::size_t> count_words(std::string_view text) { // BAD
  co_await Reschedule{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    n += text[i] == ' ';
  co_return n + 1;
}

BoundTask<std::size_t> handle() {
  BoundTask<std::size_t> t = count_words(read_body()); // BAD: the string dies here
  co_return co_await std::move(t);
}


// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}view-string-view-lifetimebound.cpp:23:42: warning: coroutine 'count_words' gets a temporary for its view parameter {{.*}} [-Wcoroscope-reference-parameter]
// COROSCOPE-NEXT: {{.*}}view-string-view-lifetimebound.cpp:14:53: note: parameter 'text' of 'count_words' declared here; {{.*}}
// COROSCOPE-NEXT: {{.*}}view-string-view-lifetimebound.cpp:17:31: note: 'text' is read here, after the coroutine has {{.*}}
// TIDY-NOT: warning:
// CLANG-19-NOT: warning:
// Clang 22's -Wdangling-gsl sees the temporary die (not the read after the
// suspension):
// CLANG-22: {{.*}}view-string-view-lifetimebound.cpp:23:42: warning: object backing the pointer will be destroyed at the end of the full-expression [-Wdangling-gsl]
