// EXPECT: leaked-frame log_event line 35
// Fault: a fire-and-forget coroutine type whose final_suspend() returns suspend_always and
// whose return object owns nothing: every finished frame stays parked at its final suspend.
// Build: clang++-19 -std=c++20 -pthread -g leaked-frame-detached-final-suspend.cpp
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

struct FireAndForget {
  struct promise_type {
    FireAndForget get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }  // BUG: should not suspend
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

int g_events = 0;

FireAndForget log_event(int id) {
  g_events += id;
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 5; ++i) log_event(i);  // FAULT: five frames left at final suspend
  std::printf("main: %d\n", g_events);
}
