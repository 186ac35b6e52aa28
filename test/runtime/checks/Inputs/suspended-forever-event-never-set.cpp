// EXPECT: suspended-forever wait_for_config line 43
// Fault: a detached coroutine waits on a "config loaded" event that the program never sets
// (the loader path was removed); at exit it is still parked at that co_await.
// Build: clang++-19 -std=c++20 -pthread -g suspended-forever-event-never-set.cpp
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

Event g_config_loaded;

Detached wait_for_config(const char* who) {
  co_await g_config_loaded;  // FAULT: nobody ever sets the event
  std::printf("%s: config ready\n", who);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  wait_for_config("renderer");
  std::puts("main: exiting");
}
