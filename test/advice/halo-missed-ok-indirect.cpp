// EXPECT: none
// Look-alike of case 13 (the same task, whose awaiter destroys the frame in
// await_resume): the callee comes from a table of handlers, so the call is
// indirect. Its ramp cannot be inlined, so no build could elide its frames:
// there is no halo-missed; 250 calls of each are under hot-sync's 1,000.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.summary %t.stdout | FileCheck %s
// CHECK-DAG: function square(int) calls=250 heap=250 elided=0 heap_bytes={{[1-9][0-9]*}} completed=250 sync=250
// CHECK-DAG: function cube(int) calls=250 heap=250 elided=0 heap_bytes={{[1-9][0-9]*}} completed=250 sync=250
// CHECK: truth: frames=500 result=7833146000
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

Task<long> square(int x) { co_return static_cast<long>(x) * x; }
Task<long> cube(int x) { co_return static_cast<long>(x) * x * x; }

// Not const: the optimizer may not assume which handler a slot holds.
Task<long> (*g_handlers[2])(int) = {square, cube};

Task<long> apply_all(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) s += co_await g_handlers[i % 2](i);
  co_return s;
}

int main() {
  Task<long> top = apply_all(500);
  long result = top.run();
  std::printf("truth: frames=%ld result=%ld\n", g_frames, result);
}
