// EXPECT: none
// Look-alike of use-after-destroy / double-destroy / concurrent-resume: detached coroutines
// hop to a worker thread (posted to its queue, which the worker drains only once main has
// finished posting), finish there and free their own frames; main joins the worker.
// Build: clang++-19 -std=c++20 -pthread -g ok-detached-threads.cpp
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

std::vector<std::coroutine_handle<>> g_posted;  // handed over before the worker starts
std::atomic<int> g_done{0};

struct HopToWorker {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_posted.push_back(h); }
  void await_resume() noexcept {}
};

Detached job(int id) {
  co_await HopToWorker{};
  std::printf("job(%d) on the worker\n", id);
  g_done += 1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 3; ++i) job(i);
  std::thread worker([] {
    for (auto h : std::exchange(g_posted, {})) h.resume();
  });
  worker.join();
  std::printf("main: %d jobs (expected 3)\n", g_done.load());
}
