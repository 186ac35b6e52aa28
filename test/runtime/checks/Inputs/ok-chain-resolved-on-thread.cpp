// EXPECT: none
// Look-alike of suspended-forever / concurrent-resume: a detached request awaits a lazy read
// that parks for a disk-completion thread; the thread (started once the chain is suspended)
// completes it, the read returns to the request by symmetric transfer on that thread, and
// everything finishes before the join.
// Build: clang++-19 -std=c++20 -pthread -g ok-chain-resolved-on-thread.cpp
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

std::coroutine_handle<> g_disk_waiter;

struct DiskRead {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_disk_waiter = h; }
  int await_resume() noexcept { return 4096; }
};

Task<int> read_block(int lba) {
  int n = co_await DiskRead{};
  co_return n + lba;
}

std::atomic<int> g_result{0};

Detached serve_request(int lba) {
  g_result = co_await read_block(lba);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  serve_request(8);
  std::thread disk([] { g_disk_waiter.resume(); });
  disk.join();
  std::printf("main: %d (expected 4104)\n", g_result.load());
}
