// EXPECT: none
// Look-alike of never-started (libunifex's unhandled_done): every task's promise keeps a lazy
// helper coroutine made to run only if the task is cancelled. Its return object has no await
// interface and is never co_awaited; on the normal path its owner destroys it unstarted, by design.
// Build: clang++-19 -std=c++20 -pthread -g ok-standby-continuation-dropped.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

// Resumed by hand (on cancellation) or destroyed by its owner; cannot be co_awaited.
class Standby {
 public:
  struct promise_type {
    Standby get_return_object() { return Standby{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::terminate(); }
  };
  Standby() = default;
  Standby(Standby&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Standby() {
    if (h_) h_.destroy();
  }
  std::coroutine_handle<> handle() const { return h_; }

 private:
  explicit Standby(std::coroutine_handle<promise_type> h) : h_(h) {}
  std::coroutine_handle<promise_type> h_;
};

int g_cancelled = 0;
Standby on_cancel(int id) {
  ++g_cancelled;
  std::printf("task %d cancelled\n", id);
  co_return;
}

class Task {
 public:
  struct promise_type {
    Standby cancel_path = on_cancel(0);  // the helper frame, made eagerly
    std::coroutine_handle<> continuation = std::noop_coroutine();
    int value = 0;
    Task get_return_object() { return Task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  explicit Task(std::coroutine_handle<promise_type> h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Task() {
    if (h_) h_.destroy();
  }
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h_.promise().continuation = c;
    return h_;
  }
  int await_resume() noexcept { return h_.promise().value; }
  std::coroutine_handle<promise_type> handle() const { return h_; }

 private:
  std::coroutine_handle<promise_type> h_;
};

Task leaf(int x) { co_return x * 2; }
Task root() {
  int sum = 0;
  for (int i = 0; i < 3; ++i) sum += co_await leaf(i);
  co_return sum;
}

int main() {
  {
    Task t = root();
    t.handle().resume();
    std::printf("main: sum=%d\n", t.handle().promise().value);
  }
  std::printf("main: cancelled=%d\n", g_cancelled);
}
