// EXPECT: none
// Look-alike of case 13 (the same task, whose awaiter destroys the frame in
// await_resume): a recursive sum over a binary tree, each frame created and
// destroyed within one await of its parent. A frame cannot be elided into a
// frame of its own function, so there is no halo-missed. The 511 calls (510
// on the heap: main elides the root's) of depth 8 are under hot-sync's 1,000
// calls and deep-chain's 16 levels.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.summary %t.stdout | FileCheck %s
// CHECK: function tree_sum(int) calls=511 heap=510 elided=1 heap_bytes={{[1-9][0-9]*}} completed=511 sync=511
// CHECK: truth: frames=510 result=511
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

static long g_frames = 0, g_frame_bytes = 0;  // heap frames, as the program counts them

template <class T>
struct Task {
  struct promise_type {
    T value{};
    std::coroutine_handle<> next = std::noop_coroutine();
    static void* operator new(std::size_t n) { ++g_frames; g_frame_bytes += long(n); return ::operator new(n); }
    static void operator delete(void* p) { ::operator delete(p); }
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept { return h.promise().next; }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  Handle h;
  explicit Task(Handle h) : h(h) {}
  Task(Task&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() { if (h) h.destroy(); }
  auto operator co_await() && noexcept {
    struct Awaiter {
      Handle h;
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept { h.promise().next = c; return h; }
      T await_resume() noexcept {  // case 13's destroy path: defeats HALO
        T v = h.promise().value;
        h.destroy();
        return v;
      }
    };
    return Awaiter{std::exchange(h, {})};
  }
  T run() { h.resume(); return h.promise().value; }  // for a task that completes without waiting
};

Task<long> tree_sum(int depth) {
  if (depth == 0) co_return 1;
  long left = co_await tree_sum(depth - 1);
  long right = co_await tree_sum(depth - 1);
  co_return left + right + 1;
}

int main() {
  long result = tree_sum(8).run();
  std::printf("truth: frames=%ld result=%ld\n", g_frames, result);
}
