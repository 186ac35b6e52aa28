// EXPECT: none
// Look-alike of pass-through.cpp: the layer awaits one row and computes with
// it before returning, so returning fetch_row's task would not do. At run
// time that computation leaves no trace: the events are those of
// pass-through.cpp. The plugin records which bodies only forward a task
// (forwarding-body sites), and this one does more.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function load_user(int) calls=1000 {{.*}} completed=1000
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

static Task<int> fetch_row(int id) { co_return id * 2 + 1; }  // the storage layer

static Task<int> load_user(int id) {
  int row = co_await fetch_row(id);
  co_return row * 2;  // work after the await, invisible at run time
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
