// EXPECT: none
// Look-alike of leaked-frame / suspended-forever: detached coroutines await owned lazy tasks
// that wait on an event; the event fires before main returns, every task finishes, the
// detached frames free themselves and the owners destroy the tasks.
// Build: clang++-19 -std=c++20 -pthread -g ok-detached-nested-complete.cpp
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
#include "../../../Inputs/task.h"  // Task<T>: lazy, single-consumer, returns to its awaiter by symmetric transfer
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

Event g_disk_done;

Task<int> read_block(int lba) {
  co_await g_disk_done;
  co_return lba;
}

int g_sum = 0;

Detached serve_request(int lba) {
  int v = co_await read_block(lba);
  int w = co_await read_block(lba + 1);  // event already set: ready path
  g_sum += v + w;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  serve_request(8);
  serve_request(20);
  g_disk_done.set();
  std::printf("main: %d (expected 58)\n", g_sum);
}
