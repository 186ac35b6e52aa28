// EXPECT: large-frame read_block line 65
// llvm #57638's shape: a coroutine with a 64 KiB buffer that lives across a
// suspend point, awaited at once by its caller, so clang 19 elides (HALO)
// every frame into the caller's frame at -O2: no allocation, and 64 KiB more
// of the caller's stack per level. large-frame must see the elided frames,
// with their exact size (what llvm.coro.size lowers to: the program reads it
// with __builtin_coro_size()), and word it as a stack-size verdict; at -O0
// the same frames are heap frames and get the heap verdict. The caller's
// frame holds the elided one, so it is large too (elided into main at -O2).
// RUN: %run_case -O2 %s %t.o2
// RUN: %python %S/../tools/report_summary.py %t.o2.json > %t.o2.summary
// RUN: cat %t.o2.stdout %t.o2.summary | FileCheck %s --check-prefix=O2 --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.o2.log | FileCheck %s --check-prefix=O2-TEXT -DFILE=%s
// RUN: %run_case -O0 %s %t.o0
// RUN: %python %S/../tools/report_summary.py %t.o0.json > %t.o0.summary
// RUN: cat %t.o0.stdout %t.o0.summary | FileCheck %s --check-prefix=O0 --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.o0.log | FileCheck %s --check-prefix=O0-TEXT -DFILE=%s
//
// O2: truth: calls=10 heap_frames=0 block_bytes=[[#BLOCK:]] outer_bytes=[[#OUTER:]] total=2949120
// O2: function read_block(int) calls=10 heap=0 elided=10 heap_bytes=0 {{.*}} elided_bytes=[[#mul(BLOCK,10)]] frame_bytes_max=[[#BLOCK]]
// O2: function checksum(int) calls=1 heap=0 elided=1 heap_bytes=0 {{.*}} elided_bytes=[[#OUTER]] frame_bytes_max=[[#OUTER]]
// O2: finding advice large-frame read_block(int) 65:0 frame_bytes=[[#BLOCK]] heap_frames=0 elided_frames=10 calls=10
// O2: finding advice large-frame checksum(int) 75:0 frame_bytes=[[#OUTER]] heap_frames=0 elided_frames=1 calls=1
// O2-TEXT: [[FILE]]:65: advice: [large-frame] frames of 'read_block()' take {{[0-9]+}} bytes (above 4096), each elided into its caller's stack frame; the largest locals that live across a suspend point: 'buf' (65536 bytes, across line 70)
// O2-TEXT-NEXT: [[FILE]]:68:{{[0-9]+}}: note: 'buf' (char[65536], 65536 bytes) lives across the suspend point at line 70
// O2-TEXT: suggestion: the whole frame lands in the caller's stack frame on every call (HALO)
// O2-TEXT: [[FILE]]:75: advice: [large-frame] frames of 'checksum()' take {{[0-9]+}} bytes (above 4096), each elided into its caller's stack frame; no local of 64 bytes or more
// O2-TEXT: suggestion: the whole frame lands in the caller's stack frame on every call (HALO), so nested calls or a small thread stack can overflow
//
// O0: truth: calls=10 heap_frames=11 block_bytes=[[#BLOCK:]] outer_bytes=[[#OUTER:]] total=2949120
// O0: function read_block(int) calls=10 heap=10 elided=0 heap_bytes=[[#mul(BLOCK,10)]] {{.*}} elided_bytes=0 frame_bytes_max=[[#BLOCK]]
// O0: function checksum(int) calls=1 heap=1 elided=0 heap_bytes={{[0-9]+}} {{.*}} elided_bytes=0 frame_bytes_max=[[#OUTER]]
// O0: finding advice large-frame read_block(int) 65:0 frame_bytes=[[#BLOCK]] heap_frames=10 calls=10
// O0-TEXT: [[FILE]]:65: advice: [large-frame] frames of 'read_block()' take [[#]] bytes (above 4096); the largest locals
// O0-TEXT: suggestion: the whole frame is allocated on every call: move large buffers
#include <cstring>
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
static Task<long> read_block(int n) {  // awaited at once by its caller: HALO applies
  ++g_calls;
  g_block_bytes = __builtin_coro_size();
  char buf[65536];
  std::memset(buf, n, sizeof buf);
  co_await Park{};  // buf lives across this suspend point
  long s = 0;
  for (char c : buf) s += c;
  co_return s;
}
Task<long> checksum(int n) {
  g_outer_bytes = __builtin_coro_size();
  long total = 0;
  for (int i = 0; i < n; ++i) total += co_await read_block(i);
  co_return total;
}

int main() {
  Task<long> top = checksum(10);
  top.h.resume();
  run_loop();
  std::printf("truth: calls=%ld heap_frames=%ld block_bytes=%lu outer_bytes=%lu total=%ld\n", g_calls,
              g_frames, g_block_bytes, g_outer_bytes, top.h.promise().value);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p.o2
// RUN: %python %S/../tools/report_summary.py %t.p.o2.json > %t.p.o2.summary
// RUN: cat %t.p.o2.stdout %t.p.o2.summary | FileCheck %s --check-prefix=O2 --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.p.o2.log | FileCheck %s --check-prefix=O2-TEXT -DFILE=%s
// RUN: env COROSCOPE_MODE=profile %run_case -O0 %s %t.p.o0
// RUN: %python %S/../tools/report_summary.py %t.p.o0.json > %t.p.o0.summary
// RUN: cat %t.p.o0.stdout %t.p.o0.summary | FileCheck %s --check-prefix=O0 --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.p.o0.log | FileCheck %s --check-prefix=O0-TEXT -DFILE=%s
