// The run-time check programs' task (test/runtime/checks/Inputs): lazy,
// single-consumer, started when awaited, back to its awaiter by symmetric
// transfer; movable and move-assignable, awaitable as an lvalue or an
// rvalue. The programs name it in no expectation; a program whose point is a
// task of its own keeps its own. (The advice tests' Task in
// test/Inputs/task.h has another interface: a public handle, run(), frame
// counting in its promise.)
#ifndef COROSCOPE_TEST_CHECKS_TASK_H
#define COROSCOPE_TEST_CHECKS_TASK_H
#include <coroutine>
#include <exception>
#include <utility>

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
#endif
