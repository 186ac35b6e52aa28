// EXPECT: none
// Look-alike of nested-resume: the resume()-based task type of the nested-resume faults, but
// every child first suspends on the run queue, so each resume() returns before the next one
// starts and the nesting stays at two or three levels over 5000 children.
// Build: clang++-19 -std=c++20 -pthread -g ok-resume-style-async-children.cpp
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <utility>

std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};

struct Task {
  struct promise_type {
    int value = 0;
    std::coroutine_handle<> continuation;
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        if (h.promise().continuation) h.promise().continuation.resume();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Task(Handle h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Task() {
    if (h_) h_.destroy();
  }
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> c) noexcept {
    h_.promise().continuation = c;
    h_.resume();
  }
  int await_resume() noexcept { return h_.promise().value; }
  Handle h_;
};

Task io_read(int i) {
  co_await Reschedule{};  // completes later, from the run queue
  co_return i & 1;
}

Task count_odd(int n) {
  int odd = 0;
  for (int i = 0; i < n; ++i) odd += co_await io_read(i);
  co_return odd;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task t = count_odd(5000);
  t.h_.resume();
  while (!g_ready.empty()) {
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
  std::printf("main: %d (expected 2500)\n", t.h_.promise().value);
}
