// EXPECT: none
// Look-alike of pass-through.cpp: the layer only awaits parse_row, but it
// hands parse_row a std::string_view of its own by-value std::string, which
// lives in this frame: returning parse_row(text) would leave the view
// dangling once the layer's frame is gone. (The string's destructor also runs
// after the await.) The run looks like a pass-through; the body does not.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function load_user(std::{{.*}}string{{.*}}) calls=1000 {{.*}} completed=1000
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

static Task<int> parse_row(std::string_view text) { co_return int(text.size()); }  // the storage layer

static Task<int> load_user(std::string text) {  // owns the text parse_row reads
  co_return co_await parse_row(text);
}

Task<long> load_all(int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) total += co_await load_user(std::string(size_t(i % 7), 'x'));
  co_return total;
}

int main() {
  long result = load_all(1000).run();
  std::printf("truth: calls=1000 heap_frames=%ld result=%ld\n", g_frames, result);
}
