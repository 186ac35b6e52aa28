// EXPECT: none
// Look-alike of double-await (YACLib's async mutex): a hand-off's await_suspend queues the
// handing coroutine and transfers into a waiter parked mid-body at its own co_await. The
// transfer gives the waiter what it waited for; nobody awaits it, however often it is handed to.
// Build: clang++-19 -std=c++20 -pthread -g ok-handoff-transfer-to-parked.cpp
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>

std::deque<std::coroutine_handle<>> g_queue;  // the scheduler's run queue
std::coroutine_handle<> g_parked;             // a one-slot waiter list
int g_handoffs = 0;

struct Park {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) noexcept { g_parked = h; }
  void await_resume() noexcept {}
};
std::coroutine_handle<> g_elsewhere;  // what the first hand-off's coroutine waits for next
struct WaitElsewhere {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) noexcept { g_elsewhere = h; }
  void await_resume() noexcept {}
};
struct HandOff {
  bool await_ready() noexcept { return !g_parked; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) noexcept {
    g_queue.push_back(h);  // the handing coroutine runs again later
    std::coroutine_handle<> next = g_parked;
    g_parked = {};
    ++g_handoffs;
    return next;
  }
  void await_resume() noexcept {}
};

struct Eager {
  struct promise_type {
    Eager get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

Eager waiter(int rounds) {
  for (int i = 0; i < rounds; ++i) co_await Park{};  // parks again after every hand-off
}
Eager hand_then_park() {
  co_await HandOff{};
  co_await WaitElsewhere{};  // suspended when the next hand-off comes
}
Eager hand() { co_await HandOff{}; }

int main() {
  waiter(2);         // B parks
  hand_then_park();  // A hands off to B; B parks again; A is queued
  while (!g_queue.empty()) {
    std::coroutine_handle<> h = g_queue.front();
    g_queue.pop_front();
    h.resume();      // A runs on and parks
  }
  hand();            // C hands off to B: B was handed to by A before, and A is suspended
  while (!g_queue.empty()) {
    std::coroutine_handle<> h = g_queue.front();
    g_queue.pop_front();
    h.resume();
  }
  g_elsewhere.resume();  // A finishes
  std::printf("handoffs=%d\n", g_handoffs);
  return g_handoffs == 2 ? 0 : 1;
}
