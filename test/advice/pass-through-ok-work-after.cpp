// EXPECT: none
// Look-alike of pass-through.cpp: the layer awaits one row and then does
// work with it, here starting an audit record (a second frame), so it cannot
// be replaced by returning fetch_row's task.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK-DAG: function load_user(int) calls=1000 heap=0 elided=1000 heap_bytes=0 completed=1000 sync=1000 awaits=1000 suspends=1000 waits=0
// CHECK-DAG: function audit(int) calls=1000
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

// A fire-and-forget audit record: it runs at once and frees its own frame.
static long g_audited = 0;
struct Detached {
  struct promise_type {
    Detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};
static Detached audit(int id) {
  g_audited += id;
  co_return;
}

static Task<int> fetch_row(int id) { co_return id * 2 + 1; }  // the storage layer

static Task<int> load_user(int id) {
  int row = co_await fetch_row(id);
  audit(id);
  co_return row;
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
