// CASE [bad]: a lazy coroutine reads its `const&` parameter before its first `co_await`, which is already too late
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <string>

std::string make_key(int id);
Task<> store(std::string key);

Task<> remember(const std::string &key) { // BAD
  std::string copy = key; // runs at the first resume, after the caller's statement ended
  co_await store(std::move(copy));
}

Task<> on_login(int id) {
  Task<> t = remember(make_key(id)); // BAD: the string dies here
  co_await std::move(t);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}ref-param-lazy-before-suspend.cpp:18:23: warning: coroutine 'remember' gets a temporary for its reference parameter {{.*}} [-Wcoroscope-reference-parameter]
// COROSCOPE-NEXT: {{.*}}ref-param-lazy-before-suspend.cpp:12:36: note: parameter 'key' of 'remember' declared here; take {{.*}}
// COROSCOPE-NEXT: {{.*}}ref-param-lazy-before-suspend.cpp:13:22: note: 'key' is read here; 'remember' starts suspended, {{.*}}
// TIDY: {{.*}}ref-param-lazy-before-suspend.cpp:12:17: warning: coroutine parameters should not be references [cppcoreguidelines-avoid-reference-coroutine-parameters]
// CLANG-NOT: warning:
