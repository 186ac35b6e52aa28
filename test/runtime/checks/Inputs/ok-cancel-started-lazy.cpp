// EXPECT: none
// Look-alike of never-started (cancellation): lazy tasks that were started and are suspended
// in their body (at a co_await on the run queue) are destroyed on purpose before finishing.
// Build: clang++-19 -std=c++20 -pthread -g ok-cancel-started-lazy.cpp
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

std::vector<std::coroutine_handle<>> g_timers;
struct Sleep {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_timers.push_back(h); }
  void await_resume() noexcept {}
};

Task<int> retry_with_backoff(int attempts) {
  for (int i = 0; i < attempts; ++i) co_await Sleep{};
  co_return attempts;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::vector<Task<int>> ops;
  for (int i = 0; i < 3; ++i) {
    ops.push_back(retry_with_backoff(5));
    ops.back().handle().resume();  // started; now sleeping
  }
  g_timers.clear();  // timers cancelled
  ops.clear();       // operations cancelled: frames destroyed while suspended in co_await
  std::puts("main: all cancelled");
}
