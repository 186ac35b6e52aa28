// EXPECT: none
// Look-alike of suspended-forever / use-after-destroy (cancellation of detached coroutines):
// long-running detached loops parked on a timer list are cancelled at shutdown by destroying
// their frames, after the timer list is cleared; their locals' destructors run normally.
// Build: clang++-19 -std=c++20 -pthread -g ok-cancel-detached-stop.cpp
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

std::vector<std::coroutine_handle<>> g_timers;
int g_live_guards = 0;

struct Guard {
  Guard() { ++g_live_guards; }
  ~Guard() { --g_live_guards; }
};
struct Tick {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_timers.push_back(h); }
  void await_resume() noexcept {}
};

Detached heartbeat(int id) {
  Guard g;
  for (int beat = 0;; ++beat) {
    co_await Tick{};
    std::printf("heartbeat(%d): %d\n", id, beat);
  }
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  heartbeat(1);
  heartbeat(2);
  for (auto h : std::exchange(g_timers, {})) h.resume();  // one beat each
  for (auto h : std::exchange(g_timers, {})) h.destroy();  // shutdown: cancel both
  std::printf("main: %d guards alive (expected 0)\n", g_live_guards);
}
