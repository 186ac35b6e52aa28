// EXPECT: none
// Look-alike of double-destroy with self-destroying sessions: each session removes itself
// from the shutdown registry before it finishes (RAII guard in the frame), so shutdown only
// destroys sessions still suspended, and each of them exactly once.
// Build: clang++-19 -std=c++20 -pthread -g ok-detached-registry-deregister.cpp
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

std::vector<std::coroutine_handle<>> g_sessions;
std::vector<std::coroutine_handle<>> g_inbox;

struct Registration {
  std::coroutine_handle<> h;
  ~Registration() { std::erase(g_sessions, h); }
};
struct ThisCoro {
  std::coroutine_handle<> self;
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) noexcept {
    self = h;
    return false;
  }
  std::coroutine_handle<> await_resume() noexcept { return self; }
};
struct Receive {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_inbox.push_back(h); }
  void await_resume() noexcept {}
};

Detached session(int id) {
  Registration reg{co_await ThisCoro{}};
  g_sessions.push_back(reg.h);
  co_await Receive{};
  std::printf("session(%d): got a message, closing\n", id);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  session(1);
  session(2);
  auto first = g_inbox.front();
  g_inbox.erase(g_inbox.begin());
  first.resume();  // session 1 finishes, deregisters, frees itself
  auto left = std::exchange(g_sessions, {});
  g_inbox.clear();
  for (auto h : left) h.destroy();  // session 2, suspended: cancelled (its guard erases nothing)
  std::printf("main: cancelled %zu session(s) (expected 1)\n", left.size());
}
