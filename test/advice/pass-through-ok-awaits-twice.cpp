// EXPECT: none
// Look-alike of pass-through.cpp: the layer awaits a permit from a rate
// limiter before it awaits the row. It creates one frame and forwards its
// result, but its own await needs a coroutine: not a pass-through.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function load_user(int) calls=1000 heap=0 elided=1000 heap_bytes=0 completed=1000 sync=1000 awaits=2000 suspends=1000 waits=0
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

// A rate limiter's permit: ready while tokens are free, as here.
struct Permit {
  bool await_ready() noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  void await_resume() noexcept {}
};

static Task<int> fetch_row(int id) { co_return id * 2 + 1; }  // the storage layer

static Task<int> load_user(int id) {
  co_await Permit{};
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
