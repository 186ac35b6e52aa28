// EXPECT: concurrent-resume offload line 45,39
// Warning: await_suspend hands the handle to a new thread, which resumes the frame while
// await_suspend is still running (it waits until the resumed body has started), and then
// writes its awaiter, which lives in the frame that the other thread is running: a data race
// (ok-handoff-no-touch.cpp is the same hand-off without the write: silent).
// Build: clang++-19 -std=c++20 -pthread -g concurrent-resume-await-suspend-race.cpp
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

std::atomic<bool> g_body_resumed{false}, g_ramp_returned{false};
std::thread g_worker;

struct OffloadAwaiter {
  bool waited = false;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    g_worker = std::thread([h] {
      h.resume();
    });
    while (!g_body_resumed.load()) std::this_thread::yield();  // resumed meanwhile
    waited = true;  // FAULT: writes the awaiter in a frame another thread runs
  }
  void await_resume() noexcept {}
};

Detached offload() {
  co_await OffloadAwaiter{};
  g_body_resumed = true;
  while (!g_ramp_returned.load()) std::this_thread::yield();  // keep the frame alive until then
  std::puts("offload: ran on the worker");
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  offload();
  g_ramp_returned = true;
  g_worker.join();
}
