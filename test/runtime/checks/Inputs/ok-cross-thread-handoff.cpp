// EXPECT: none
// Look-alike of concurrent-resume: await_suspend publishes the handle; the worker resumes it
// only after main's call into the coroutine has returned (so after await_suspend finished).
// The coroutine continues and finishes on the worker, freeing itself there.
// Build: clang++-19 -std=c++20 -pthread -g ok-cross-thread-handoff.cpp
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

std::atomic<void*> g_slot{nullptr};
std::atomic<bool> g_go{false};

struct HandOff {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_slot.store(h.address()); }
  void await_resume() noexcept {}
};

Detached job() {
  std::puts("job: on main");
  co_await HandOff{};
  std::puts("job: on the worker");
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::thread worker([] {
    while (!g_go.load()) std::this_thread::yield();
    std::coroutine_handle<>::from_address(g_slot.load()).resume();
  });
  job();  // returns once the coroutine is suspended
  g_go = true;
  worker.join();
}
