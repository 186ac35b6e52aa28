// EXPECT: always-waits submit line 72
// Look-alike of hot-sync.cpp (concurrencpp's submit, async_simple's via): a coroutine whose
// body never waits, but whose initial suspend point posts the frame to a worker thread. Each
// call waits for the worker to pick it up: no ready-value fast path can answer it, so it is
// always-waits advice, never hot-sync. Run with `same-thread`, the loop runs on the calling
// thread after the calls (a single-threaded event loop, as asio's io_context or a GUI loop; a
// new user's reproducer): the frame is still picked up later, from no await.
// RUN: %run_case -O2 %s %t
// RUN: %coroscope report %t.log | FileCheck %s --implicit-check-not='[hot-sync]'
// RUN: %run_case -O2 %s %t.same same-thread
// RUN: %coroscope report %t.same.log | FileCheck %s --implicit-check-not='[hot-sync]'
// CHECK: advice: [always-waits] 'submit()' waited in 100 % of its 2000 calls
#include <condition_variable>
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

// One worker thread runs whatever is posted to it.
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

int main(int argc, char** argv) {
  constexpr int kCalls = 2000;
  std::vector<Job> jobs;
  for (int i = 0; i < kCalls; ++i) jobs.push_back(submit(i));
  if (argc > 1 && std::string_view(argv[1]) == "same-thread") {
    g_worker.run(kCalls);
  } else {
    std::thread t([] { g_worker.run(kCalls); });
    t.join();
  }
  long sum = 0;
  for (Job& j : jobs) sum += j.h.promise().value;
  std::printf("sum=%ld\n", sum);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: %coroscope report %t.p.log | FileCheck %s --implicit-check-not='[hot-sync]'
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p.same same-thread
// RUN: %coroscope report %t.p.same.log | FileCheck %s --implicit-check-not='[hot-sync]'
