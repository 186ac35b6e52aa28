// EXPECT: none
// Look-alike of never-started / double-await: a when_all helper starts two lazy tasks through
// small detached drivers, resumes the awaiting parent when the last one finishes, and the
// owner destroys both finished frames. Each task is started once and awaited once.
// Build: clang++-19 -std=c++20 -pthread -g ok-when-all-started-both.cpp
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
#include "../../../Inputs/task.h"  // Task<T>: lazy, single-consumer, returns to its awaiter by symmetric transfer
// An eager fire-and-forget coroutine: owns its frame, which frees itself when the body ends.
struct Detached {
  struct promise_type {
    Detached get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};
// A single-threaded run queue.
std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
void drain() {
  while (!g_ready.empty()) {
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

struct Join {
  int pending;
  std::coroutine_handle<> parent;
};

Detached drive(Task<int>& t, int& out, Join& j) {
  out = co_await t;
  if (--j.pending == 0) j.parent.resume();
}

struct WhenAll {
  Task<int>& a;
  Task<int>& b;
  int ra = 0, rb = 0;
  Join j{2, {}};
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> parent) {
    j.parent = parent;
    drive(a, ra, j);
    drive(b, rb, j);
  }
  int await_resume() noexcept { return ra + rb; }
};

Task<int> price(int cents) {
  co_await Reschedule{};
  co_return cents;
}

Task<int> basket() {
  Task<int> apples = price(120), pears = price(80);
  co_return co_await WhenAll{apples, pears};
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = basket();
  t.handle().resume();
  drain();
  std::printf("main: %d (expected 200)\n", t.handle().promise().value);
}
