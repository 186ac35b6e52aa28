// EXPECT: none
// Look-alike of never-started (cancellation): lazy tasks that were started and are suspended
// in their body (at a co_await on the run queue) are destroyed on purpose before finishing.
// Build: clang++-19 -std=c++20 -pthread -g ok-cancel-started-lazy.cpp
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

std::vector<std::coroutine_handle<>> g_timers;
struct Sleep {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_timers.push_back(h); }
  void await_resume() noexcept {}
};

Task<int> retry_with_backoff(int attempts) {
  for (int i = 0; i < attempts; ++i) co_await Sleep{};
  co_return attempts;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::vector<Task<int>> ops;
  for (int i = 0; i < 3; ++i) {
    ops.push_back(retry_with_backoff(5));
    ops.back().handle().resume();  // started; now sleeping
  }
  g_timers.clear();  // timers cancelled
  ops.clear();       // operations cancelled: frames destroyed while suspended in co_await
  std::puts("main: all cancelled");
}
