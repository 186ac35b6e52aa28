// EXPECT: hot-sync fetch_impl line 26
// Look-alike of pass-through.cpp: the layer awaits a library's hand-written
// awaiter, which wraps an internal helper coroutine that fetches the row. In
// the run the layer created one frame (the helper's) that lived exactly
// across its one await, as a pass-through's inner call does; but the layer
// never called a coroutine, and there is no task it could return instead:
// the awaited thing is no task. (The helper itself, allocated on the heap
// for every call and never waiting, is true hot-sync advice.)
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s --implicit-check-not=pass-through
// CHECK-DAG: function load_user(int) calls=1000 {{.*}} completed=1000
// CHECK-DAG: function lib::detail::fetch_impl(int) calls=1000
// CHECK-DAG: finding advice hot-sync lib::detail::fetch_impl(int) 26:0 calls=1000
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

namespace lib {
namespace detail {
// The library's internal helper coroutine.
inline Task<int> fetch_impl(int id) { co_return id * 2 + 1; }
}  // namespace detail

// Hand-written: it owns the helper's task and resumes it from await_suspend.
struct FetchAwaiter {
  Task<int> helper;
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    helper.h.promise().next = c;
    return helper.h;
  }
  int await_resume() noexcept { return helper.h.promise().value; }
};
// A plain function: the helper's frame is created here, inside the library.
inline FetchAwaiter fetch_row(int id) { return FetchAwaiter{detail::fetch_impl(id)}; }
}  // namespace lib

static Task<int> load_user(int id) {
  co_return co_await lib::fetch_row(id);
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
