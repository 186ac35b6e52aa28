// EXPECT: resume-after-completion fetch_a line 58,57
// Fault: a round-robin scheduler whose finished tasks hand over to the next queued task by
// symmetric transfer from their final awaiter. A task was enqueued twice (woken twice); when
// its second entry comes up, another task's final awaiter transfers into the finished frame.
// Build: clang++-19 -std=c++20 -pthread -g resume-after-completion-stale-transfer.cpp
#include <atomic>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <thread>
#include <utility>
#include <vector>

std::deque<std::coroutine_handle<>> g_run_queue;

std::coroutine_handle<> next_or_noop() {
  if (g_run_queue.empty()) return std::noop_coroutine();
  auto h = g_run_queue.front();
  g_run_queue.pop_front();
  return h;
}

struct Fiber {  // lazy, owned; at the end it hands over to the next queued fiber
  struct promise_type {
    Fiber get_return_object() { return Fiber{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return next_or_noop(); }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Fiber(std::coroutine_handle<promise_type> h) : h(h) {}
  ~Fiber() { h.destroy(); }
};

Fiber fetch_a() {
  std::puts("fetch_a");
  co_return;
}
Fiber fetch_b() {
  std::puts("fetch_b");
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Fiber a = fetch_a(), b = fetch_b();
  g_run_queue.push_back(b.h);
  g_run_queue.push_back(a.h);  // BUG: `a` is woken a second time
  a.h.resume();  // a runs, then hands over to b; b hands over to a again
  std::puts("main: done");  // FAULT above: b's final awaiter transfers into the finished a
}
