// EXPECT: none
// Look-alike of case 25 where the task's destructor hands the frame to a
// cleanup thread and waits for it: each frame still dies within one await,
// but another thread's code destroys it, and HALO needs the creator to
// destroy the frame itself (the hand-off is why none is elided here).
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.summary %t.stdout | FileCheck %s
// CHECK: function square(int) calls=500 heap=500 elided=0 heap_bytes={{[1-9][0-9]*}} completed=500 sync=500
// CHECK: truth: frames=500 result=41541750
#include <condition_variable>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <mutex>
#include <new>
#include <thread>
#include <utility>

// Frames are destroyed by a cleanup thread; the task's owner waits until
// it is done, so only the thread differs from case 25.
struct Reaper {
  std::mutex m;
  std::condition_variable cv;
  std::coroutine_handle<> doomed;
  bool stop = false;
  std::thread worker{[this] {
    std::unique_lock<std::mutex> lock(m);
    for (;;) {
      cv.wait(lock, [this] { return doomed || stop; });
      if (!doomed) return;
      doomed.destroy();
      doomed = {};
      cv.notify_all();
    }
  }};
  void destroy(std::coroutine_handle<> h) {
    std::unique_lock<std::mutex> lock(m);
    doomed = h;
    cv.notify_all();
    cv.wait(lock, [this] { return !doomed; });
  }
  ~Reaper() {
    { std::lock_guard<std::mutex> lock(m); stop = true; }
    cv.notify_all();
    worker.join();
  }
};
Reaper* g_reaper;

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
  ~Task() { if (h) g_reaper->destroy(h); }  // on the cleanup thread
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
  for (int i = 0; i < n; ++i) s += co_await square(i);
  co_return s;
}

int main() {
  Reaper reaper;
  g_reaper = &reaper;
  long frames, result;
  {
    Task<long> top = sum_squares(500);
    long top_frames = g_frames;  // the driver's own frame
    result = top.run();
    frames = g_frames - top_frames;
  }
  std::printf("truth: frames=%ld result=%ld\n", frames, result);
}
