// EXPECT: none
// Look-alike of hot-sync.cpp: the same 97.5 %-synchronous lookup, 100,000
// calls, but a direct call in the same translation unit awaited at once, so
// clang 19 elides every frame into the caller's: no allocation to save.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function price(int) calls=100000 heap=0 elided=100000 heap_bytes=0 completed=100000 sync=97500 awaits=2500 suspends=2500 waits=2500
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

// The event loop: a parked frame waits here until main runs the loop.
static std::deque<std::coroutine_handle<>> g_ready;
struct Park {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
static void run_loop() {
  while (!g_ready.empty()) {
    std::coroutine_handle<> h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

static long g_calls = 0, g_hits = 0;
static Task<int> price(int id) {  // a direct call awaited at once: HALO applies
  ++g_calls;
  if (id % 40 != 0) { ++g_hits; co_return id * 3; }
  co_await Park{};
  co_return id * 3;
}

Task<long> lookups(int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) total += co_await price(i);
  co_return total;
}

int main() {
  Task<long> top = lookups(100000);
  long top_frames = g_frames, top_bytes = g_frame_bytes;  // the driver's own frame
  top.h.resume();
  run_loop();
  long frames = g_frames - top_frames, bytes = g_frame_bytes - top_bytes;
  std::printf("truth: calls=%ld sync_percent=%g heap_percent=%g frame_bytes=%ld total=%ld\n", g_calls,
              100.0 * double(g_hits) / double(g_calls), 100.0 * double(frames) / double(g_calls),
              frames ? bytes / frames : 0, top.h.promise().value);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s
