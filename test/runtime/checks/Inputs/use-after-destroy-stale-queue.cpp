// EXPECT: use-after-destroy poll_sensor line 53,33
// Fault: cancellation destroys a task suspended on the run queue but leaves its queue entry;
// the scheduler later resumes the destroyed frame.
// Build: clang++-19 -std=c++20 -pthread -g use-after-destroy-stale-queue.cpp
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

std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};

struct Job {  // lazy, owning
  struct promise_type {
    Job get_return_object() { return Job{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  void cancel() {
    h.destroy();  // the frame is suspended on the run queue
    h = {};
  }
};

Job poll_sensor(int id) {
  for (int i = 0;; ++i) {
    std::printf("poll_sensor(%d): sample %d\n", id, i);
    co_await Reschedule{};
  }
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Job j = poll_sensor(4);
  j.h.resume();  // takes one sample, queues itself
  j.cancel();    // BUG: the queue entry stays
  while (!g_ready.empty()) {
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();  // FAULT: resumes the destroyed frame
  }
}
