// EXPECT: pass-through load_user line 22
// Pattern: a layer whose coroutine only forwards, `co_return co_await
// fetch_row(id);`: each of its 1,000 calls creates a frame and suspends once
// only to hand fetch_row's result over, where a plain function returning
// fetch_row(id) would do. (Elided at -O2, so no heap bytes per call.)
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.stdout %t.summary | FileCheck %s --implicit-check-not=finding
// CHECK: truth: calls=[[#CALLS:]] heap_frames=0 result=1000000
// CHECK: finding advice pass-through load_user(int) 22:0 calls=[[#CALLS]] forwarding_calls=[[#CALLS]] heap_bytes_per_call=0
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
  long result = load_all(1000).run();
  std::printf("truth: calls=1000 heap_frames=%ld result=%ld\n", g_frames, result);
}
