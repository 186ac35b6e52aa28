// EXPECT: suspended-forever watch_updates line 74
// Fault: a detached watcher first awaits a lazy snapshot task (whose wrapper has no
// destructor, so the finished frame stays at its final suspend point), then waits on an
// update event that never fires. The watcher awaits nothing live any more: it is stuck on
// the event, and must be reported even though a leftover frame still names it as awaiter.
// Build: clang++-19 -std=c++20 -pthread -g suspended-forever-after-leaked-child.cpp
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

struct Snapshot {
  struct promise_type {
    int value = 0;
    std::coroutine_handle<> continuation;
    Snapshot get_return_object() { return Snapshot{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;  // no destructor: leaks
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h.promise().continuation = c;
    return h;
  }
  int await_resume() noexcept { return h.promise().value; }
};

Event g_updates;

Snapshot take_snapshot() { co_return 5; }

Detached watch_updates() {
  int base = co_await take_snapshot();
  co_await g_updates;  // FAULT: no update ever comes
  std::printf("watch_updates: %d\n", base);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  watch_updates();
  std::puts("main: exiting");
}
