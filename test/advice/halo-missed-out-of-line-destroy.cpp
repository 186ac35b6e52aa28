// EXPECT: halo-missed square line 63
// Pattern: case 25's loop (the task's destructor frees the frame at the end
// of the full-expression), but the destructor calls an out-of-line release
// function: CoroElide must see the destroy() in the caller to elide, so
// every frame, though it lives within one await, goes to the heap.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.stdout %t.summary | FileCheck %s --implicit-check-not=finding
// CHECK: truth: frames=[[#FRAMES:]] bytes=[[#BYTES:]] calls=[[#CALLS:]] result=333283335000
// CHECK: finding advice halo-missed square(int) 63:{{[0-9]+}} frames=[[#FRAMES]] bytes=[[#BYTES]] calls=[[#CALLS]]
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

// Defined in the task library's .cpp in real code: the optimizer cannot see
// the destroy() inside.
__attribute__((noinline)) void release(std::coroutine_handle<> h) { h.destroy(); }

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
  ~Task() { if (h) release(h); }  // out of line, as a library's task type may have it
  auto operator co_await() && noexcept {  // an awaiter of its own: see halo-missed-task-awaiter.cpp
    struct Awaiter {
      Handle h;
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept { h.promise().next = c; return h; }
      T await_resume() noexcept { return h.promise().value; }
    };
    return Awaiter{h};
  }
  T run() { h.resume(); return h.promise().value; }  // for a task that completes without waiting
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
