// EXPECT: none
// Look-alike of never-started: an eager task (initial_suspend is suspend_never) runs its body
// in the call; dropping its result afterwards destroys a frame that did run.
// Build: clang++-19 -std=c++20 -pthread -g ok-eager-task-dropped.cpp
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

struct Eager {
  struct promise_type {
    Eager get_return_object() { return Eager{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Eager(std::coroutine_handle<promise_type> h) : h(h) {}
  Eager(Eager&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Eager() {
    if (h) h.destroy();
  }
};

int g_flushed = 0;

Eager flush(int n) {
  g_flushed += n;
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  flush(2);  // result dropped: the body already ran
  { Eager e = flush(3); }
  std::printf("main: flushed=%d (expected 5)\n", g_flushed);
}
