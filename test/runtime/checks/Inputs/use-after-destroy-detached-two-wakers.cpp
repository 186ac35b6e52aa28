// EXPECT: use-after-destroy on_message line 47,39
// Fault: a detached (self-destroying) coroutine waits on "message or shutdown" by registering
// with both sources. The message wakes it, it finishes and frees its own frame; the shutdown
// broadcast then resumes the freed frame.
// Build: clang++-19 -std=c++20 -pthread -g use-after-destroy-detached-two-wakers.cpp
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

std::vector<std::coroutine_handle<>> g_messages, g_shutdown;

struct MessageOrShutdown {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    g_messages.push_back(h);
    g_shutdown.push_back(h);  // never deregistered
  }
  void await_resume() noexcept {}
};

Detached on_message(int channel) {
  co_await MessageOrShutdown{};
  std::printf("on_message(%d): handled\n", channel);
}  // falls off the end: the frame frees itself

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  on_message(3);
  for (auto h : std::exchange(g_messages, {})) h.resume();
  for (auto h : std::exchange(g_shutdown, {})) h.resume();  // FAULT: frame already freed itself
}
