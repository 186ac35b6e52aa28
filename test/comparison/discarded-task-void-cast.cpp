// CASE [bad]: a lazy `[[nodiscard]]` task discarded with a cast to `void`
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"

Task<> audit(int id);

Task<> handle_request(int id) {
  (void)audit(id); // BAD: meant as fire-and-forget, but a lazy task never runs
  co_return;
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}discarded-task-void-cast.cpp:11:9: warning: the lazy task returned by 'audit' is cast to void; it is destroyed {{.*}} [-Wcoroscope-discarded-task]
// COROSCOPE-NEXT: {{.*}}task.h:30:25: note: 'Task<>' starts suspended: its promise's {{.*}}
// TIDY-NOT: warning:
// CLANG-NOT: warning:
