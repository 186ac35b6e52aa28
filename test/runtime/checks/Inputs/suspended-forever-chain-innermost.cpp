// EXPECT: suspended-forever read_block line 45
// Fault: a detached request awaits a lazy read, which waits on a disk-completion event that
// never fires. At exit, the innermost frame of the stuck chain (read_block) is the one to
// report; its awaiter shows in the async backtrace.
// Build: clang++-19 -std=c++20 -pthread -g suspended-forever-chain-innermost.cpp
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
  co_await g_disk_done;  // FAULT: the completion never comes
  co_return lba;
}

Detached serve_request(int lba) {
  int v = co_await read_block(lba);
  std::printf("serve_request: %d\n", v);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  serve_request(8);
  std::puts("main: exiting");
}
