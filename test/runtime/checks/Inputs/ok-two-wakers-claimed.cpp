// EXPECT: none
// Look-alike of resume-after-completion / use-after-destroy with two wakers: the waiter is
// registered with the reply source and the timer, but a shared "claimed" flag lets only the
// first waker resume it; the late timer sees the claim and does nothing.
// Build: clang++-19 -std=c++20 -pthread -g ok-two-wakers-claimed.cpp
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

struct Waiter {
  std::coroutine_handle<> h;
  bool claimed = false;
};
std::vector<Waiter*> g_reply_waiters, g_timers;

void wake(Waiter* w) {
  if (w->claimed) return;
  w->claimed = true;
  w->h.resume();
}

struct ReplyOrTimeout {
  Waiter* w;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    w->h = h;
    g_reply_waiters.push_back(w);
    g_timers.push_back(w);
  }
  void await_resume() noexcept {}
};

Detached wait_reply(Waiter* w) {
  co_await ReplyOrTimeout{w};
  std::puts("wait_reply: woken once");
}  // frees itself; the Waiter record outlives it

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Waiter record;
  wait_reply(&record);
  for (auto w : std::exchange(g_reply_waiters, {})) wake(w);
  for (auto w : std::exchange(g_timers, {})) wake(w);  // already claimed: no resume
  std::puts("main: done");
}
