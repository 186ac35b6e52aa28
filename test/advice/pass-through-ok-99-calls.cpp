// EXPECT: none
// Look-alike of pass-through.cpp: the same forwarding layer, called 99 times,
// under the 100 calls from which its frames are worth removing.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function load_user(int) calls=99 heap=0 elided=99 heap_bytes=0 completed=99 sync=99 awaits=99 suspends=99 waits=0
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

static Task<int> fetch_row(int id) { co_return id * 2 + 1; }  // the storage layer

static Task<int> load_user(int id) {  // the repository layer only forwards
  co_return co_await fetch_row(id);
}

Task<long> load_all(int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) total += co_await load_user(i);
  co_return total;
}

int main() {
  long result = load_all(99).run();
  std::printf("truth: calls=99 heap_frames=%ld result=%ld\n", g_frames, result);
}
