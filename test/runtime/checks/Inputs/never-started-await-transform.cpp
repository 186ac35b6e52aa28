// EXPECT: never-started refresh_cache line 65
// Fault: the task type has no operator co_await of its own; a coroutine awaits it through its
// promise's await_transform (as sender-based libraries do). One call's task is dropped unawaited.
// Build: clang++-19 -std=c++20 -pthread -g never-started-await-transform.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

class Job {
 public:
  struct promise_type;
  using Handle = std::coroutine_handle<promise_type>;
  // Awaiting a Job is spelled by the awaiting coroutine's promise, not by Job.
  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept;
    void await_resume() noexcept {}
  };
  struct promise_type {
    std::coroutine_handle<> continuation = std::noop_coroutine();
    Job get_return_object() { return Job{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(Handle h) noexcept { return h.promise().continuation; }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
    Awaiter await_transform(Job&& j) noexcept { return Awaiter{j.h_}; }
  };
  explicit Job(Handle h) : h_(h) {}
  Job(Job&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Job() {
    if (h_) h_.destroy();
  }
  Handle handle() const { return h_; }

 private:
  Handle h_;
};

std::coroutine_handle<> Job::Awaiter::await_suspend(std::coroutine_handle<> c) noexcept {
  h.promise().continuation = c;
  return h;
}

int g_refreshed = 0;
Job refresh_cache(int key) {
  g_refreshed += key;
  co_return;
}

int g_requests = 0;
Job handle_request(int key) {
  co_await refresh_cache(key);
  ++g_requests;
}

Job handle_batch() {
  co_await handle_request(1);
  refresh_cache(2);  // FAULT: the task is made and dropped; the refresh never runs
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Job j = handle_batch();
  j.handle().resume();
  std::printf("main: refreshed=%d\n", g_refreshed);
}
