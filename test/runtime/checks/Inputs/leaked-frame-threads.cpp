// EXPECT: leaked-frame hash_part line 40
// Fault across threads: worker threads each create and run a task; the task wrapper used
// there has no destructor, so each worker leaves its finished frame behind.
// Build: clang++-19 -std=c++20 -pthread -g leaked-frame-threads.cpp
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

struct Part {
  struct promise_type {
    unsigned value = 0;
    Part get_return_object() { return Part{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(unsigned v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;  // BUG: never destroyed
};

Part hash_part(unsigned seed) {
  unsigned x = seed;
  for (int i = 0; i < 100; ++i) x = x * 1664525u + 1013904223u;
  co_return x;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::atomic<unsigned> acc{0};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < 4; ++t)
    pool.emplace_back([&acc, t] {
      Part p = hash_part(t);  // FAULT: this frame outlives the thread and the program
      p.h.resume();
      acc += p.h.promise().value;
    });
  for (auto& th : pool) th.join();
  std::printf("main: %u\n", acc.load());
}
