// EXPECT: none
// Look-alike of always-waits.cpp: the same sensor, but every other read is
// answered from the last sample without waiting: 50 % waits are no verdict
// either way (and 50 % synchronous calls no hot-sync).
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function read_sensor(int) calls=2000 heap=0 elided=2000 heap_bytes=0 completed=2000 sync=1000 awaits=1000 suspends=1000 waits=1000
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

static long g_reads = 0, g_waits = 0;
static Task<int> read_sensor(int i) {  // a direct call awaited at once: its frame is elided
  ++g_reads;
  if (i % 2) {
    ++g_waits;
    co_await Park{};
  }
  co_return i % 7;
}

Task<long> poll(int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) total += co_await read_sensor(i);
  co_return total;
}

int main() {
  Task<long> top = poll(2000);
  top.h.resume();
  run_loop();
  std::printf("truth: calls=%ld wait_percent=%g heap_frames=%ld total=%ld\n", g_reads,
              100.0 * double(g_waits) / double(g_reads), g_frames, top.h.promise().value);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s
