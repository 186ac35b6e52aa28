// EXPECT: always-waits read_sensor line 36
// Pattern: the .NET "keep Task" case. Every read of the sensor parks on the
// event loop until the device answers, so every call really waits: a
// frameless synchronous fast path would never be taken.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.stdout %t.summary | FileCheck %s --implicit-check-not=finding
// CHECK: truth: calls=[[#CALLS:]] wait_percent=[[#PCT:]] heap_frames=0 total=5995
// CHECK: finding advice always-waits read_sensor(int) 36:0 calls=[[#CALLS]] wait_percent=[[#PCT]] heap_bytes_per_call=0
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
  ++g_waits;
  co_await Park{};  // the device answers later
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
// RUN: %python %S/../tools/report_summary.py %t.p.json > %t.p.summary
// RUN: cat %t.p.stdout %t.p.summary | FileCheck %s --implicit-check-not=finding
