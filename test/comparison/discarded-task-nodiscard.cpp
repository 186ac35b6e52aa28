// CASE [bad]: a lazy task discarded, its type is `[[nodiscard]]`
// NOTE: coroscope leaves a discarded call that Clang already reports to Clang
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"

Task<> save(int id);

Task<> handle_request(int id) {
  save(id); // BAD: never runs
  co_return;
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY-NOT: warning:
// CLANG-19: {{.*}}discarded-task-nodiscard.cpp:12:3: warning: ignoring return value of function declared with 'nodiscard' attribute [-Wunused-result]
// CLANG-22: {{.*}}discarded-task-nodiscard.cpp:12:3: warning: ignoring return value of type 'Task<>' declared with 'nodiscard' attribute [-Wunused-value]
