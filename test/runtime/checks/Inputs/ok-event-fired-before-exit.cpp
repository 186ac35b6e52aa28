// EXPECT: none
// Look-alike of suspended-forever: detached waiters park on a config event and a one-shot
// signal; both fire before main returns (the signal remembers a notify with no waiter yet),
// so every frame finishes and frees itself.
// Build: clang++-19 -std=c++20 -pthread -g ok-event-fired-before-exit.cpp
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
// A single-threaded manual-reset event.
struct Event {
  std::vector<std::coroutine_handle<>> waiters;
  bool is_set = false;
  bool await_ready() const noexcept { return is_set; }
  void await_suspend(std::coroutine_handle<> h) { waiters.push_back(h); }
  void await_resume() const noexcept {}
  void set() {
    is_set = true;
    auto w = std::move(waiters);
    waiters.clear();
    for (auto h : w) h.resume();
  }
};

struct Signal {  // remembers a notify() that came before the wait
  std::coroutine_handle<> waiter;
  bool notified = false;
  bool await_ready() noexcept { return notified; }
  void await_suspend(std::coroutine_handle<> h) { waiter = h; }
  void await_resume() noexcept {}
  void notify() {
    notified = true;
    if (auto w = std::exchange(waiter, {})) w.resume();
  }
};

Event g_config_loaded;
Signal g_data_ready;
int g_done = 0;

Detached wait_for_config() {
  co_await g_config_loaded;
  ++g_done;
}
Detached consume() {
  co_await g_data_ready;
  ++g_done;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  wait_for_config();
  g_data_ready.notify();  // before the consumer waits: remembered
  consume();
  g_config_loaded.set();
  std::printf("main: %d done (expected 2)\n", g_done);
}
