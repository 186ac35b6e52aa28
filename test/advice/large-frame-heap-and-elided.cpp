// EXPECT: large-frame read_block line 53
// One function, both kinds of frame at -O2: read_block() awaited at once by
// checksum() is elided (HALO) into checksum's frame, and the same function
// started by main() and kept in a vector is on the heap. Each kind is
// counted with its own bytes (the same frame size, llvm.coro.size, which the
// program reads with __builtin_coro_size() and counts in operator new), and large-frame gives one verdict that names both.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.stdout %t.summary | FileCheck %s --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.log | FileCheck %s --check-prefix=TEXT -DFILE=%s
// RUN: %coroscope report %t.log | FileCheck %s --check-prefix=REPORT
// CHECK: truth: elided_calls=10 kept_calls=3 kept_heap_frames=3 block_bytes=[[#BLOCK:]] outer_bytes=[[#OUTER:]] kept_heap_bytes={{[0-9]+}}
// CHECK: function read_block(int) calls=13 heap=3 elided=10 heap_bytes=[[#mul(BLOCK,3)]] {{.*}} elided_bytes=[[#mul(BLOCK,10)]] frame_bytes_max=[[#BLOCK]]
// CHECK: function checksum(int) calls=1 heap=0 elided=1 heap_bytes=0 {{.*}} elided_bytes=[[#OUTER]] frame_bytes_max=[[#OUTER]]
// CHECK: finding advice large-frame read_block(int) 53:0 frame_bytes=[[#BLOCK]] heap_frames=3 elided_frames=10 calls=13
// CHECK: finding advice large-frame checksum(int) 63:0 frame_bytes=[[#OUTER]] heap_frames=0 elided_frames=1 calls=1
// TEXT: [[FILE]]:53: advice: [large-frame] frames of 'read_block()' take {{[0-9]+}} bytes (above 4096); 10 of 13 were elided into their caller's stack frame; the largest locals
// TEXT: suggestion: the whole frame is allocated on every call, or lands in the caller's stack frame where it is elided (HALO)
// REPORT: heap frames: 3 ({{[0-9]+}} bytes), elided frames: 11 ({{[0-9]+}} bytes)
// REPORT: calls heap elided frame_B heap_B heap_B/call elided_B elided_B/call completed
// REPORT: 13 3 10 [[#BLOCK2:]]
// REPORT-SAME: [[#mul(BLOCK2,3)]] [[#]].{{[0-9]+}} [[#mul(BLOCK2,10)]] [[#]].{{[0-9]+}} 13 {{.*}} read_block(int)
#include <cstring>
#include <vector>
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


static long g_calls = 0;
static unsigned long g_block_bytes = 0, g_outer_bytes = 0;  // llvm.coro.size of each frame
static Task<long> read_block(int n) {
  ++g_calls;
  g_block_bytes = __builtin_coro_size();
  char buf[65536];
  std::memset(buf, n, sizeof buf);
  co_await Park{};  // buf lives across this suspend point
  long s = 0;
  for (char c : buf) s += c;
  co_return s;
}
Task<long> checksum(int n) {  // awaits each block at once: HALO applies
  g_outer_bytes = __builtin_coro_size();
  long total = 0;
  for (int i = 0; i < n; ++i) total += co_await read_block(i);
  co_return total;
}

int main() {
  Task<long> top = checksum(10);
  top.h.resume();
  run_loop();
  long elided_calls = g_calls, before_frames = g_frames, before_bytes = g_frame_bytes;
  std::vector<Task<long>> kept;  // frames that outlive the call: on the heap
  for (int i = 0; i < 3; ++i) kept.push_back(read_block(i));
  for (Task<long>& t : kept) t.h.resume();
  run_loop();
  std::printf("truth: elided_calls=%ld kept_calls=%ld kept_heap_frames=%ld block_bytes=%lu outer_bytes=%lu kept_heap_bytes=%ld\n",
              elided_calls, g_calls - elided_calls, g_frames - before_frames, g_block_bytes, g_outer_bytes,
              g_frame_bytes - before_bytes);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: %python %S/../tools/report_summary.py %t.p.json > %t.p.summary
// RUN: cat %t.p.stdout %t.p.summary | FileCheck %s --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.p.log | FileCheck %s --check-prefix=TEXT -DFILE=%s
// RUN: %coroscope report %t.p.log | FileCheck %s --check-prefix=REPORT
