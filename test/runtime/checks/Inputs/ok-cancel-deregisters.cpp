// EXPECT: none
// Look-alike of use-after-destroy / suspended-forever (cancellation done right): a task
// suspended at a co_await on an event is destroyed on purpose; the awaiter lives in the frame
// and its destructor removes the handle from the event, which fires later without it.
// Build: clang++-19 -std=c++20 -pthread -g ok-cancel-deregisters.cpp
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

struct Event {
  std::vector<std::coroutine_handle<>> waiters;
  void fire() {
    for (auto h : std::exchange(waiters, {})) h.resume();
  }
};

struct WaitFor {  // RAII registration
  Event& ev;
  std::coroutine_handle<> me;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    me = h;
    ev.waiters.push_back(h);
  }
  void await_resume() noexcept { me = {}; }
  ~WaitFor() {
    if (!me) return;
    for (auto it = ev.waiters.begin(); it != ev.waiters.end(); ++it)
      if (*it == me) {
        ev.waiters.erase(it);
        break;
      }
  }
};

Event g_tick;
int g_ticks = 0;

Task<int> ticker(const char* name) {
  for (;;) {
    co_await WaitFor{g_tick};
    ++g_ticks;
    std::printf("%s: tick\n", name);
  }
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> a = ticker("a");
  a.handle().resume();
  {
    Task<int> b = ticker("b");
    b.handle().resume();
    g_tick.fire();  // both tick
  }  // b cancelled while suspended in co_await: deregisters
  g_tick.fire();  // only a
  std::printf("main: ticks=%d (expected 3)\n", g_ticks);
}  // a cancelled too
