// EXPECT: resume-after-completion wait_reply line 40,30
// Fault: a coroutine waits for "reply or timeout" by registering its handle with both the
// reply source and a timer. The reply wakes it and it runs to completion; the timer is not
// cancelled and later resumes the finished frame.
// Build: clang++-19 -std=c++20 -pthread -g resume-after-completion-two-wakers.cpp
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

std::vector<std::coroutine_handle<>> g_reply_waiters, g_timers;

struct ReplyOrTimeout {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    g_reply_waiters.push_back(h);
    g_timers.push_back(h);  // never removed when the reply wins
  }
  void await_resume() noexcept {}
};

Task<int> wait_reply() {
  co_await ReplyOrTimeout{};
  co_return 1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = wait_reply();
  t.handle().resume();
  for (auto h : std::exchange(g_reply_waiters, {})) h.resume();  // reply arrives
  std::printf("main: done=%d\n", t.handle().done());
  for (auto h : std::exchange(g_timers, {})) h.resume();  // FAULT: stale timer fires
}
