// EXPECT: none
// Look-alike of concurrent-resume / double-await: an awaiter whose await_suspend returns the
// awaiting coroutine's own handle when the result became available meanwhile (resume
// immediately by symmetric transfer), and a bool await_suspend that returns false.
// Build: clang++-19 -std=c++20 -pthread -g ok-transfer-to-self.cpp
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

int g_polls = 0;

struct PollReady {  // handle-returning: "already done" means continue ourselves
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) noexcept {
    ++g_polls;
    return h;
  }
  int await_resume() noexcept { return g_polls; }
};
struct MaybeSuspend {  // bool: false means do not suspend
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<>) noexcept { return false; }
  void await_resume() noexcept {}
};

Task<int> poller() {
  int s = 0;
  for (int i = 0; i < 3; ++i) {
    s += co_await PollReady{};
    co_await MaybeSuspend{};
  }
  co_return s;
}

Task<int> top_level() { co_return co_await poller() + co_await poller(); }

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = top_level();
  t.handle().resume();
  std::printf("main: %d (expected 21)\n", t.handle().promise().value);
}
