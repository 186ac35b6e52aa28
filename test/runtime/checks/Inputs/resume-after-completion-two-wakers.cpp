// EXPECT: resume-after-completion wait_reply line 92,82
// Fault: a coroutine waits for "reply or timeout" by registering its handle with both the
// reply source and a timer. The reply wakes it and it runs to completion; the timer is not
// cancelled and later resumes the finished frame.
// Build: clang++-19 -std=c++20 -pthread -g resume-after-completion-two-wakers.cpp
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
// A lazy, single-consumer task: starts when awaited, returns to its awaiter by symmetric transfer.
template <class T>
class Task {
 public:
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation = std::noop_coroutine();
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = std::move(v); }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;

  Task() = default;
  explicit Task(Handle h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  Task& operator=(Task&& o) noexcept {
    if (this != &o) {
      if (h_) h_.destroy();
      h_ = std::exchange(o.h_, {});
    }
    return *this;
  }
  Task(const Task&) = delete;
  ~Task() {
    if (h_) h_.destroy();
  }

  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
      h.promise().continuation = c;
      return h;
    }
    T await_resume() noexcept { return h.promise().value; }
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h_}; }
  Awaiter operator co_await() && noexcept { return Awaiter{h_}; }
  Handle handle() const { return h_; }

 private:
  Handle h_{};
};

std::vector<std::coroutine_handle<>> g_reply_waiters, g_timers;

struct ReplyOrTimeout {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    g_reply_waiters.push_back(h);
    g_timers.push_back(h);  // never removed when the reply wins
  }
  void await_resume() noexcept {}
};

Task<int> wait_reply() {
  co_await ReplyOrTimeout{};
  co_return 1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = wait_reply();
  t.handle().resume();
  for (auto h : std::exchange(g_reply_waiters, {})) h.resume();  // reply arrives
  std::printf("main: done=%d\n", t.handle().done());
  for (auto h : std::exchange(g_timers, {})) h.resume();  // FAULT: stale timer fires
}
