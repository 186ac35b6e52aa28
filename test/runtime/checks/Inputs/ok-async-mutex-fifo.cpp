// EXPECT: none
// Look-alike of double-await / nested-resume / resume-after-completion: an async mutex awaited
// by 500 detached coroutines; unlock hands the lock to the next waiter by pushing it on the
// run queue, so every waiter is resumed once, at constant stack depth.
// Build: clang++-19 -std=c++20 -pthread -g ok-async-mutex-fifo.cpp
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
// A single-threaded run queue.
std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
void drain() {
  while (!g_ready.empty()) {
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

struct AsyncMutex {
  bool locked = false;
  std::deque<std::coroutine_handle<>> waiters;
  struct Lock {
    AsyncMutex& m;
    bool await_ready() noexcept {
      if (m.locked) return false;
      m.locked = true;
      return true;
    }
    void await_suspend(std::coroutine_handle<> h) { m.waiters.push_back(h); }
    void await_resume() noexcept {}
  };
  Lock lock() { return {*this}; }
  void unlock() {
    if (waiters.empty()) {
      locked = false;
      return;
    }
    g_ready.push_back(waiters.front());  // ownership passes to the next waiter
    waiters.pop_front();
  }
};

AsyncMutex g_mutex;
long g_counter = 0;

Detached increment(int times) {
  for (int i = 0; i < times; ++i) {
    co_await g_mutex.lock();
    ++g_counter;
    co_await Reschedule{};  // hold the lock across a suspension
    g_mutex.unlock();
  }
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 500; ++i) increment(3);
  drain();
  std::printf("main: %ld (expected 1500)\n", g_counter);
}
