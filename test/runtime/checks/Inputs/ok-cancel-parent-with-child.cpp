// EXPECT: none
// Look-alike of use-after-destroy / never-started / suspended-forever (cancellation): a parent
// awaits a child that is suspended on the run queue; the parent is destroyed on purpose, which
// destroys the child it owns; the queue drops the cancelled entry before draining.
// Build: clang++-19 -std=c++20 -pthread -g ok-cancel-parent-with-child.cpp
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

std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};

Task<int> slow_child() {
  co_await Reschedule{};
  co_return 1;
}

Task<int> parent() {
  Task<int> c = slow_child();
  int v = co_await c;
  co_return v + 1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::coroutine_handle<> queued;
  {
    Task<int> p = parent();
    p.handle().resume();  // parent starts child; child queues itself
    queued = g_ready.back();
  }  // cancel: parent destroyed while suspended in co_await; its child goes with it
  std::erase(g_ready, queued);  // the scheduler forgets the cancelled entry
  std::printf("main: %zu queued (expected 0)\n", g_ready.size());
}
