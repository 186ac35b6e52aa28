// EXPECT: none
// Look-alike of hot-sync.cpp: the same 97.5 %-synchronous virtual lookup
// with a heap frame per call, called 999 times: under the 1,000 calls from
// which the frames are worth a fast path.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function CachedPrices::price(int) calls=999 heap=999 elided=0 heap_bytes={{[1-9][0-9]*}} completed=999 sync=974 awaits=25 suspends=25 waits=25
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
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

// The event loop: a parked frame waits here until main runs the loop.
static std::deque<std::coroutine_handle<>> g_ready;
struct Park {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
static void run_loop() {
  while (!g_ready.empty()) {
    std::coroutine_handle<> h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

struct PriceService {
  virtual Task<int> price(int id) = 0;
  virtual ~PriceService() = default;
};

static long g_calls = 0, g_hits = 0;
struct CachedPrices : PriceService {
  Task<int> price(int id) override {  // virtual: no build can inline it, so no HALO
    ++g_calls;
    if (id % 40 != 0) { ++g_hits; co_return id * 3; }  // a cache hit completes at once
    co_await Park{};  // a miss waits for the backend
    co_return id * 3;
  }
};

Task<long> lookups(PriceService& service, int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) total += co_await service.price(i);
  co_return total;
}

int main() {
  CachedPrices service;
  Task<long> top = lookups(service, 999);
  long top_frames = g_frames, top_bytes = g_frame_bytes;  // the driver's own frame
  top.h.resume();
  run_loop();
  long frames = g_frames - top_frames, bytes = g_frame_bytes - top_bytes;
  std::printf("truth: calls=%ld sync_percent=%g heap_percent=%g frame_bytes=%ld total=%ld\n", g_calls,
              100.0 * double(g_hits) / double(g_calls), 100.0 * double(frames) / double(g_calls),
              frames ? bytes / frames : 0, top.h.promise().value);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s
