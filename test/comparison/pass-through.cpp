// CASE [bad]: a coroutine that only does `co_return co_await` of a call returning its own type
// NOTE: a cost (one frame and one suspension per call), not a fault
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"

struct User {
  int id;
};

struct Database {
  Task<User> fetch_user(int id);
};

Database db;

Task<User> load_user(int id) {
  co_return co_await db.fetch_user(id); // BAD: a frame and a suspension for nothing
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}pass-through.cpp:20:3: warning: the coroutine 'load_user' only forwards the task of 'fetch_user' and {{.*}} [-Wcoroscope-pass-through]
// TIDY-NOT: warning:
// CLANG-NOT: warning:
