//===- task.h - The task type most comparison cases use --------------------===//
//
// A lazy, move-only task awaited as an rvalue (the shape of cppcoro's and
// folly's), [[nodiscard]] as a task type should be, so that coroscope's opt-in
// task-type-hygiene stays quiet unless a case is about the type. Cases that
// need another kind of type (no [[nodiscard]], coro_lifetimebound, eager)
// declare their own.
//
//===----------------------------------------------------------------------===//
#pragma once
#include <coroutine>
#include <exception>
#include <utility>

template <class T> struct TaskResult {
  T value{};
  void return_value(T v) { value = std::move(v); }
  T take() { return std::move(value); }
};
template <> struct TaskResult<void> {
  void return_void() {}
  void take() {}
};

template <class T = void> class [[nodiscard]] Task {
public:
  struct promise_type : TaskResult<T> {
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
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;

  explicit Task(Handle h) : h_(h) {}
  Task(Task &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  Task(const Task &) = delete;
  ~Task() {
    if (h_)
      h_.destroy();
  }

  auto operator co_await() && noexcept {
    struct Awaiter {
      Handle h;
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> awaiting) noexcept {
        h.promise().continuation = awaiting;
        return h;
      }
      T await_resume() { return h.promise().take(); }
    };
    return Awaiter{h_};
  }

private:
  Handle h_;
};

// Suspends and is resumed later by an event loop (declared, never run here).
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h);
  void await_resume() noexcept {}
};
