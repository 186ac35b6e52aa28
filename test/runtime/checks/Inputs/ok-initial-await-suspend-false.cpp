// EXPECT: none
// Look-alike of never-started: a task whose initial awaiter decides at run time whether to
// start inline (await_suspend returns false) or to be posted to a queue; the inline ones run
// their whole body in the call and free themselves (final_suspend is suspend_never).
// Build: clang++-19 -std=c++20 -pthread -g ok-initial-await-suspend-false.cpp
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

std::deque<std::coroutine_handle<>> g_posted;
bool g_inline_allowed = true;

struct Spawned {
  struct promise_type {
    struct Start {
      bool await_ready() noexcept { return false; }
      bool await_suspend(std::coroutine_handle<> h) {
        if (g_inline_allowed) return false;  // run now, in the caller
        g_posted.push_back(h);
        return true;
      }
      void await_resume() noexcept {}
    };
    Spawned get_return_object() noexcept { return {}; }
    Start initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

int g_handled = 0;

Spawned handle_event(int id) {
  g_handled += id;
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  handle_event(1);  // inline
  g_inline_allowed = false;
  handle_event(2);  // posted
  while (!g_posted.empty()) {
    auto h = g_posted.front();
    g_posted.pop_front();
    h.resume();
  }
  std::printf("main: handled=%d (expected 3)\n", g_handled);
}
