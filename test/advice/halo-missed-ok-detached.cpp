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

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

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
