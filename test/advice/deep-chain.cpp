// EXPECT: deep-chain handle_request line 55
// Pattern: layered request handling as one coroutine per layer: 20 distinct
// levels under each top-level call, each paying a frame, a resume and a
// transfer back. The calls stop at three depths (20, 16 and 11 levels): only
// a third goes deeper than 16, and the figures must say so exactly.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.stdout %t.summary | FileCheck %s --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.log | FileCheck %s --check-prefix=TEXT
// CHECK: truth: top_level_calls=[[#CALLS:]] max_depth=[[#DEPTH:]] frames_per_top_level_call=[[PER:[0-9.]+]] calls_over_threshold=[[#OVER:]] total=669996
// CHECK: finding advice deep-chain handle_request(long, int) 55:{{[0-9]+}} top_level_calls=[[#CALLS]] max_depth=[[#DEPTH]] frames_per_top_level_call=[[PER]] calls_over_threshold=[[#OVER]]
// TEXT: advice: [deep-chain] top-level calls of 'handle_request()' created chains up to 20 coroutine levels deep (16.7 frames per top-level call on average; 333 of 999 calls went deeper than 16): handle_request() → layer<19>() → layer<18>() → layer<17>() → layer<16>() → layer<15>() → layer<14>() → layer<13>() → layer<12>() → layer<11>() → layer<10>() → layer<9>() → layer<8>() → layer<7>() → layer<6>() → layer<5>() → layer<4>() → layer<3>() → layer<2>() → layer<1>() → layer<0>(){{$}}
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

// Each level checks the request's deadline first: ready unless it passed (it
// never does here). So no level is a bare pass-through.
struct Deadline {
  bool await_ready() noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  void await_resume() noexcept {}
};

// The program's own count of the levels it runs.
static int g_level = 0, g_deepest = 0;
static long g_frames_run = 0;
struct Level {
  Level() {
    if (g_level > g_deepest) g_deepest = g_level;
    ++g_level;
    ++g_frames_run;
  }
  ~Level() { --g_level; }
};

// One distinct function per level (a template per depth): not recursion.
template <int D>
Task<long> layer(long x, int stop) {
  Level level;
  co_await Deadline{};
  if constexpr (D > 0)
    if (D != stop) co_return co_await layer<D - 1>(x + D, stop);
  co_return x;
}

Task<long> handle_request(long x, int stop) {  // the top level
  Level level;
  co_await Deadline{};
  co_return co_await layer<19>(x, stop);
}

int main() {
  const int calls = 999, stops[] = {0, 4, 9};  // chains of 20, 16 and 11 levels below the top
  long total = 0;
  int max_depth = 0, deeper = 0;
  for (int i = 0; i < calls; ++i) {
    g_deepest = 0;
    total += handle_request(i, stops[i % 3]).run();
    if (g_deepest > max_depth) max_depth = g_deepest;
    if (g_deepest > 16) ++deeper;
  }
  std::printf("truth: top_level_calls=%d max_depth=%d frames_per_top_level_call=%.2f calls_over_threshold=%d total=%ld\n",
              calls, max_depth, double(g_frames_run) / calls, deeper, total);
}
