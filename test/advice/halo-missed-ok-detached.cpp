// EXPECT: none
// Look-alike of the halo-missed cases: an accept loop spawns a detached
// handler per connection (a direct call) and waits for the next connection;
// each handler waits once and frees itself, while its creator is still in
// that one await. Its life was not the creator's to bound (it frees itself,
// nobody awaits it), so no frame could have been elided into the loop's.
// The analyzer once called these halo-missed; 500 handlers are under
// always-waits' 1,000 calls.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.summary %t.stdout | FileCheck %s
// CHECK: function handle(int) calls=500 heap=500 elided=0 heap_bytes={{[1-9][0-9]*}} completed=500 sync=0
// CHECK: truth: frames=500 served=124750
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

// A detached task: it starts at once and frees its own frame when done.
struct Detached {
  struct promise_type {
    static void* operator new(std::size_t n) { ++g_frames; g_frame_bytes += long(n); return ::operator new(n); }
    static void operator delete(void* p) { ::operator delete(p); }
    Detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

static long g_served = 0;
static Detached handle(int conn) {
  co_await Park{};  // read the request
  g_served += conn;
}

Task<long> serve(int connections) {
  for (int i = 0; i < connections; ++i) {
    handle(i);        // spawn; not awaited
    co_await Park{};  // accept the next connection
  }
  co_return g_served;
}

int main() {
  Task<long> top = serve(500);
  long top_frames = g_frames;  // the accept loop's own frame
  top.h.resume();
  run_loop();
  std::printf("truth: frames=%ld served=%ld\n", g_frames - top_frames, top.h.promise().value);
}
