// EXPECT: none
// Look-alike of concurrent-resume (re-entrant): an awaiter's fast path resumes the awaiting
// coroutine inline from its own await_suspend, on the same thread, and touches nothing after.
// Legal: the frame is suspended when await_suspend runs.
// Build: clang++-19 -std=c++20 -pthread -g ok-resume-inline-in-await-suspend.cpp
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

int g_available = 3;
std::vector<std::coroutine_handle<>> g_waiting;

struct Acquire {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    if (g_available > 0) {
      --g_available;
      h.resume();  // fast path: continue inline
      return;      // `this` may be gone: touch nothing
    }
    g_waiting.push_back(h);
  }
  void await_resume() noexcept {}
};

int g_done = 0;

Detached worker(int id) {
  co_await Acquire{};
  std::printf("worker(%d): got a token\n", id);
  ++g_done;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 5; ++i) worker(i);
  for (auto h : std::exchange(g_waiting, {})) h.resume();  // tokens returned later
  std::printf("main: %d workers done (expected 5)\n", g_done);
}
