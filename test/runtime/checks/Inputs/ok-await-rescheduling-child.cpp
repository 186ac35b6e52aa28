// EXPECT: none
// Look-alike of double-await / resume-after-completion: a child task suspends on the run queue
// several times and is resumed from there each time; it is awaited once.
// Build: clang++-19 -std=c++20 -pthread -g ok-await-rescheduling-child.cpp
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

Task<int> slow_sum(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i) {
    co_await Reschedule{};
    s += i;
  }
  co_return s;
}

Task<int> top_level() {
  int a = co_await slow_sum(4);
  int b = co_await slow_sum(3);
  co_return a + b;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = top_level();
  t.handle().resume();
  drain();
  std::printf("main: %d (expected 16) done=%d\n", t.handle().promise().value, t.handle().done());
}
