// EXPECT: none
// Look-alike of use-after-destroy / never-started / suspended-forever (cancellation): a parent
// awaits a child that is suspended on the run queue; the parent is destroyed on purpose, which
// destroys the child it owns; the queue drops the cancelled entry before draining.
// Build: clang++-19 -std=c++20 -pthread -g ok-cancel-parent-with-child.cpp
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

std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};

Task<int> slow_child() {
  co_await Reschedule{};
  co_return 1;
}

Task<int> parent() {
  Task<int> c = slow_child();
  int v = co_await c;
  co_return v + 1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::coroutine_handle<> queued;
  {
    Task<int> p = parent();
    p.handle().resume();  // parent starts child; child queues itself
    queued = g_ready.back();
  }  // cancel: parent destroyed while suspended in co_await; its child goes with it
  std::erase(g_ready, queued);  // the scheduler forgets the cancelled entry
  std::printf("main: %zu queued (expected 0)\n", g_ready.size());
}
