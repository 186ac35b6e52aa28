// EXPECT: suspended-forever consume line 40
// Fault: a one-shot signal without a "set" flag: the notification fires before the consumer
// starts waiting, finds no waiter, and is lost; the consumer then waits forever.
// Build: clang++-19 -std=c++20 -pthread -g suspended-forever-lost-wakeup.cpp
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

struct Signal {  // BUG: no memory of a notify() without waiters
  std::coroutine_handle<> waiter;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { waiter = h; }
  void await_resume() noexcept {}
  void notify() {
    if (auto w = std::exchange(waiter, {})) w.resume();
  }
};

Signal g_data_ready;
int g_data = 0;

Detached consume() {
  co_await g_data_ready;  // FAULT: the notify already happened
  std::printf("consume: %d\n", g_data);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  g_data = 42;
  g_data_ready.notify();  // nobody is waiting yet
  consume();
  std::puts("main: exiting");
}
