// EXPECT: double-await fetch_page line 78
// Fault: a retry loop co_awaits the same single-consumption task on every iteration; the
// first await runs it to completion, the second transfers into the finished frame.
// Build: clang++-19 -std=c++20 -pthread -g double-await-loop-reawait.cpp
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

Task<int> fetch_page(int n) {
  std::printf("fetch_page(%d)\n", n);
  co_return n * 10;
}

Task<int> crawl() {
  Task<int> page = fetch_page(3);
  int total = 0;
  for (int attempt = 0; attempt < 2; ++attempt) {
    total += co_await page;  // FAULT: second iteration awaits the finished task again
  }
  co_return total;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = crawl();
  top.handle().resume();
  std::printf("main: total=%d\n", top.handle().promise().value);
}
