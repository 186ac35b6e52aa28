// EXPECT: suspended-forever migrate line 49
// Fault across threads: the coroutine hops to a worker thread's queue, but the worker was
// already told to stop and exits without draining: the frame is never resumed.
// Build: clang++-19 -std=c++20 -pthread -g suspended-forever-threads-dropped.cpp
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

struct WorkerQueue {
  std::vector<std::coroutine_handle<>> items;
  std::atomic<bool> stop{false};
  void run() {
    while (!stop.load()) {  // BUG: exits without draining the queue
      if (!items.empty()) {
        auto h = items.back();
        items.pop_back();
        h.resume();
      }
    }
  }
};

WorkerQueue g_worker;

struct HopToWorker {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_worker.items.push_back(h); }
  void await_resume() noexcept {}
};

Detached migrate(int id) {
  co_await HopToWorker{};  // FAULT: the worker never runs this
  std::printf("migrate(%d): on the worker\n", id);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  migrate(1);
  g_worker.stop = true;
  std::thread t([] { g_worker.run(); });
  t.join();
  std::puts("main: exiting");
}
