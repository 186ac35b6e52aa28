// EXPECT: none
// Look-alike of case 25 with the frames kept: fan-out, then gather. All 500
// requests are started before the first is awaited and freed together after
// the last, so no frame lives within one await of its caller and none could
// be elided into it (they really are on the heap: a vector owns them).
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.summary %t.stdout | FileCheck %s
// CHECK: function square(int) calls=500 heap=500 elided=0 heap_bytes={{[1-9][0-9]*}} completed=500 sync=500
// CHECK: truth: frames=500 result=41541750
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>
#include <vector>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

Task<long> square(int x) { co_return static_cast<long>(x) * x; }

Task<long> gather(int n) {
  std::vector<Task<long>> pending;
  for (int i = 0; i < n; ++i) pending.push_back(square(i));
  long s = 0;
  for (Task<long>& t : pending) s += co_await std::move(t);
  co_return s;  // the frames are freed here, with the vector
}

int main() {
  Task<long> top = gather(500);
  long top_frames = g_frames;  // the driver's own frame
  long result = top.run();
  std::printf("truth: frames=%ld result=%ld\n", g_frames - top_frames, result);
}
