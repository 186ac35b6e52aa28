// EXPECT: none
// Look-alike of deep-chain.cpp: the same layers, 16 levels under each
// top-level call, which is as deep as a chain may go without advice. (The
// top level's frames stay on the heap: 999 calls keep it under hot-sync's
// 1,000.)
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.summary %t.stdout | FileCheck %s
// CHECK: function handle_request(long, int) calls=999
// CHECK: function Task<long> layer<0>(long, int) calls=999
// CHECK: truth: top_level_calls=999 max_depth=16 frames_per_top_level_call=17.00 calls_over_threshold=0
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
  co_return co_await layer<15>(x, stop);
}

int main() {
  const int calls = 999, stops[] = {0, 0, 0};  // all 16 levels below the top
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
