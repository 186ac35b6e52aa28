// EXPECT: concurrent-resume pump line 34
// Fault (same thread, re-entrant): a coroutine registers its own handle as a data callback
// while it is still running, then flushes pending notifications; the callback list already
// holds its own handle, so it resumes itself from inside its body.
// Build: clang++-19 -std=c++20 -pthread -g concurrent-resume-reentrant-self.cpp
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

std::vector<std::coroutine_handle<>> g_callbacks;
bool g_data_pending = true;

struct ThisCoro {  // yields the current handle without suspending
  std::coroutine_handle<> self;
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) noexcept {
    self = h;
    return false;
  }
  std::coroutine_handle<> await_resume() noexcept { return self; }
};

void flush_notifications() {
  if (!g_data_pending) return;
  g_data_pending = false;
  for (auto h : std::exchange(g_callbacks, {}))
    h.resume();  // FAULT: resumes the coroutine that called us, which is still running
}

struct Pump {
  struct promise_type {
    Pump get_return_object() { return Pump{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

Pump pump() {
  auto self = co_await ThisCoro{};
  g_callbacks.push_back(self);  // "wake me when data arrives"
  flush_notifications();
  co_await std::suspend_always{};
  std::puts("pump: woke up");
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Pump p = pump();
  p.h.destroy();
}
