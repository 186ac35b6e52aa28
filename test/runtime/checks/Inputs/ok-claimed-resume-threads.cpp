// EXPECT: none
// Look-alike of concurrent-resume: two threads (a completion and a timeout) race to wake the
// same waiter; an atomic exchange on a shared flag lets exactly one of them resume it, after
// the waiter is fully suspended.
// Build: clang++-19 -std=c++20 -pthread -g ok-claimed-resume-threads.cpp
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

struct WaitState {
  std::coroutine_handle<> h;
  std::atomic<bool> claimed{false};
  std::atomic<int> winners{0};
};

struct Park {
  WaitState& s;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { s.h = h; }
  void await_resume() noexcept {}
};

Detached wait_io(WaitState& s) {
  co_await Park{s};
  s.winners += 1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  WaitState s;
  wait_io(s);  // suspended when this returns
  std::atomic<int> ready{0};
  auto waker = [&] {
    ready += 1;
    while (ready.load() < 2) std::this_thread::yield();  // start together
    if (!s.claimed.exchange(true)) s.h.resume();
  };
  std::thread a(waker), b(waker);
  a.join();
  b.join();
  std::printf("main: woken %d time(s) (expected 1)\n", s.winners.load());
}
