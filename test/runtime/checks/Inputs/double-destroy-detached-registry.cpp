// EXPECT: double-destroy session line 54
// Fault: a server keeps every session's handle for shutdown and destroys them all at the
// end; but sessions are fire-and-forget (final_suspend is suspend_never), and the one that
// already finished freed its own frame.
// Build: clang++-19 -std=c++20 -pthread -g double-destroy-detached-registry.cpp
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

std::vector<std::coroutine_handle<>> g_sessions;  // for shutdown
std::vector<std::coroutine_handle<>> g_inbox;

struct Register {
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) {
    g_sessions.push_back(h);
    return false;  // keep running
  }
  void await_resume() noexcept {}
};
struct Receive {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_inbox.push_back(h); }
  void await_resume() noexcept {}
};

struct Session {
  struct promise_type {
    Session get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

Session session(int id) {
  co_await Register{};
  co_await Receive{};
  std::printf("session(%d): got a message, closing\n", id);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  session(1);
  for (auto h : std::exchange(g_inbox, {})) h.resume();  // session 1 finishes and frees itself
  for (auto h : g_sessions) h.destroy();  // FAULT: destroys a frame that freed itself
}
