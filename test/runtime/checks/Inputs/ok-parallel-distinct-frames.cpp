// EXPECT: none
// Look-alike of concurrent-resume: two threads run two different frames of the same coroutine
// at the same time (each body waits until both are running), then each destroys its own frame.
// Build: clang++-19 -std=c++20 -pthread -g ok-parallel-distinct-frames.cpp
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

struct Job {
  struct promise_type {
    Job get_return_object() { return Job{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

std::atomic<int> g_running{0};

Job crunch(int id) {
  g_running += 1;
  while (g_running.load() < 2) std::this_thread::yield();  // both frames run concurrently
  co_await std::suspend_always{};
  std::printf("crunch(%d): second step\n", id);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::thread a([] {
    Job j = crunch(1);
    j.h.resume();
    j.h.resume();
    j.h.destroy();
  });
  std::thread b([] {
    Job j = crunch(2);
    j.h.resume();
    j.h.resume();
    j.h.destroy();
  });
  a.join();
  b.join();
}
