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
