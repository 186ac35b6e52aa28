// EXPECT: leaked-frame prefetch line 36
// Fault: lazy tasks are queued for "later" in a list of raw handles that is never drained
// nor destroyed: the frames are created, never started and never freed.
// Build: clang++-19 -std=c++20 -pthread -g leaked-frame-never-started.cpp
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

struct Lazy {
  struct promise_type {
    Lazy get_return_object() { return Lazy{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

std::vector<std::coroutine_handle<>> g_later;

Lazy prefetch(int page) {
  std::printf("prefetch(%d)\n", page);
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int p = 0; p < 3; ++p) g_later.push_back(prefetch(p).h);  // FAULT: never run, never freed
  std::printf("main: %zu prefetches queued\n", g_later.size());
}
