// CASE [bad]: a task awaited after it was moved into another owner
// NOTE: clang-tidy's `bugprone-use-after-move`, not a coroutine check, finds it too
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
// RUN: %clang_tidy --quiet '--checks=-*,bugprone-use-after-move' %s -- -std=c++20 2>&1 | FileCheck %s --check-prefix=MOVE
#include "Inputs/task.h"
#include <vector>

Task<int> fetch(int key);

class Prefetcher {
public:
  Task<int> lookup(int key) {
    Task<int> t = fetch(key);
    pending_.push_back(std::move(t)); // meant to keep a copy for later
    co_return co_await std::move(t); // BAD: t is empty now
  }

private:
  std::vector<Task<int>> pending_;
};

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}await-after-move.cpp:18:15: warning: 't' (the task returned by 'fetch') is awaited after it was moved from [-Wcoroscope-double-await]
// COROSCOPE-NEXT: {{.*}}await-after-move.cpp:17:24: note: 't' moved from here
// TIDY-NOT: warning:
// CLANG-NOT: warning:
// MOVE: {{.*}}await-after-move.cpp:18:34: warning: 't' used after it was moved [bugprone-use-after-move]
// MOVE: {{.*}}await-after-move.cpp:17:14: note: move occurred here
