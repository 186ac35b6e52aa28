// CASE [bad]: `c_str()` of a temporary passed as a `const char*` parameter read after a suspension
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <cstring>
#include <string>

std::string user_name(int id);

Task<int> name_length(const char *name) { // BAD
  co_await Reschedule{};
  co_return static_cast<int>(std::strlen(name));
}

Task<int> handle(int id) {
  Task<int> t = name_length(user_name(id).c_str()); // BAD: the string dies here
  co_return co_await std::move(t);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}pointer-c-str.cpp:18:29: warning: coroutine 'name_length' gets a temporary for its pointer parameter {{.*}} [-Wcoroscope-reference-parameter]
// COROSCOPE-NEXT: {{.*}}pointer-c-str.cpp:12:35: note: parameter 'name' of 'name_length' declared here; {{.*}}
// COROSCOPE-NEXT: {{.*}}pointer-c-str.cpp:14:42: note: 'name' is read here, after the coroutine has {{.*}}
// TIDY-NOT: warning:
// CLANG-NOT: warning:
