// EXPECT: none
// Look-alike of the halo-missed cases: a task that frees its own frame at
// final suspend (the final awaiter hands the value and the continuation over,
// then destroys the frame). Clang 19 inlines square's whole body into the
// caller's resume, where that destroy becomes the caller's, and elides every
// frame: nothing to advise.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function square(int) calls=10000 heap=0 elided=10000 heap_bytes=0 completed=10000 sync=10000
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
    T* out = nullptr;
    std::coroutine_handle<> next = std::noop_coroutine();
    static void* operator new(std::size_t n) { ++g_frames; g_frame_bytes += long(n); return ::operator new(n); }
    static void operator delete(void* p) { ::operator delete(p); }
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        std::coroutine_handle<> next = h.promise().next;
        h.destroy();  // the frame frees itself: no destroy() in the caller
        return next;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { *out = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  Handle h;
  explicit Task(Handle h) : h(h) {}
  Task(Task&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() { if (h) h.destroy(); }  // only a task never awaited
  auto operator co_await() && noexcept {
    struct Awaiter {
      Handle h;
      T value{};
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
        h.promise().next = c;
        h.promise().out = &value;
        return h;
      }
      T await_resume() noexcept { return value; }
    };
    return Awaiter{std::exchange(h, {})};
  }
  T run() {  // for a task that completes without waiting (and then frees itself)
    T v{};
    h.promise().out = &v;
    std::exchange(h, {}).resume();
    return v;
  }
};

Task<long> square(int x) { co_return static_cast<long>(x) * x; }

Task<long> sum_squares(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) s += co_await square(i);  // a heap frame per call
  co_return s;
}

int main() {
  Task<long> top = sum_squares(10000);
  long top_frames = g_frames, top_bytes = g_frame_bytes;  // the driver's own frame
  long result = top.run();
  std::printf("truth: frames=%ld bytes=%ld calls=10000 result=%ld\n", g_frames - top_frames,
              g_frame_bytes - top_bytes, result);
}
