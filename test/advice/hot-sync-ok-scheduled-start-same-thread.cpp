// EXPECT: always-waits submit line 67
// hot-sync-ok-scheduled-start.cpp with the event loop on the calling thread (a new user's
// reproducer: a single-threaded loop, as asio's io_context or a GUI loop runs): the initial
// suspend point posts the frame, and the loop resumes it later, from no await. Each call waits
// for the loop, whatever thread it runs on: always-waits advice, never hot-sync.
// RUN: %run_case -O2 %s %t
// RUN: %coroscope report %t.log | FileCheck %s --implicit-check-not='[hot-sync]'
// CHECK: advice: [always-waits] 'submit()' waited in 100 % of its 2000 calls
#include <condition_variable>
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

// One loop runs whatever is posted to it.
class Worker {
 public:
  void post(std::coroutine_handle<> h) {
    std::lock_guard<std::mutex> l(m_);
    q_.push_back(h);
    cv_.notify_one();
  }
  void run(int n) {
    for (int i = 0; i < n; ++i) {
      std::unique_lock<std::mutex> l(m_);
      cv_.wait(l, [&] { return !q_.empty(); });
      std::coroutine_handle<> h = q_.front();
      q_.pop_front();
      l.unlock();
      h.resume();
    }
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::coroutine_handle<>> q_;
};
Worker g_worker;

struct Job {
  struct promise_type {
    int value = 0;
    Job get_return_object() { return Job{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    auto initial_suspend() noexcept {
      struct Post {
        bool await_ready() noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h) { g_worker.post(h); }
        void await_resume() noexcept {}
      };
      return Post{};
    }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  Job(Job&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Job() { if (h) h.destroy(); }
  explicit Job(std::coroutine_handle<promise_type> h) : h(h) {}
};

Job submit(int x) { co_return x * 2; }

int main() {
  constexpr int kCalls = 2000;
  std::vector<Job> jobs;
  for (int i = 0; i < kCalls; ++i) jobs.push_back(submit(i));
  g_worker.run(kCalls); // the same thread, later
  long sum = 0;
  for (Job& j : jobs) sum += j.h.promise().value;
  std::printf("sum=%ld\n", sum);
}
