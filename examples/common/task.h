//===- task.h - A lazy, move-only task<T> and sync_wait -===//
//
// The C++ counterpart of .NET's Task<T> as the benchmarks use it: every call
// of a task-returning coroutine creates a frame (on the heap unless clang
// elides it). The task is lazy, so awaiting it always suspends the awaiting
// coroutine and symmetric-transfers into the child; when the child finishes,
// its final awaiter transfers straight back. A child that completes without
// parking on the event loop therefore completes synchronously, without control
// ever leaving the chain of frames.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_EXAMPLES_TASK_H
#define COROSCOPE_EXAMPLES_TASK_H

#include "event_loop.h"

#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <utility>

namespace coroscope_example {

template <class T = void> class task;

namespace detail {

struct task_promise_base {
  std::coroutine_handle<> continuation;

  std::suspend_always initial_suspend() const noexcept { return {}; }

  struct final_awaiter {
    bool await_ready() const noexcept { return false; }
    template <class Promise>
    std::coroutine_handle<>
    await_suspend(std::coroutine_handle<Promise> self) const noexcept {
      // Without an awaiter (top level under sync_wait) the frame stays
      // suspended here and resume() returns to the caller.
      if (std::coroutine_handle<> next = self.promise().continuation)
        return next;
      return std::noop_coroutine();
    }
    void await_resume() const noexcept {}
  };
  final_awaiter final_suspend() const noexcept { return {}; }

  // The examples never throw; failing loudly keeps the promise (and so the
  // frame sizes being measured) free of an exception_ptr.
  void unhandled_exception() const noexcept { std::terminate(); }
};

template <class T> struct task_promise : task_promise_base {
  std::optional<T> value;

  task<T> get_return_object() noexcept;
  template <class U> void return_value(U &&v) {
    value.emplace(std::forward<U>(v));
  }
  T take() { return std::move(*value); }
};

template <> struct task_promise<void> : task_promise_base {
  task<void> get_return_object() noexcept;
  void return_void() const noexcept {}
  void take() const noexcept {}
};

} // namespace detail

template <class T> class [[nodiscard]] task {
public:
  using promise_type = detail::task_promise<T>;
  using handle_type = std::coroutine_handle<promise_type>;

  task() noexcept = default;
  explicit task(handle_type h) noexcept : h_(h) {}
  task(task &&other) noexcept : h_(std::exchange(other.h_, {})) {}
  task &operator=(task &&other) noexcept {
    if (this != &other) {
      if (h_)
        h_.destroy();
      h_ = std::exchange(other.h_, {});
    }
    return *this;
  }
  task(const task &) = delete;
  task &operator=(const task &) = delete;
  ~task() {
    if (h_)
      h_.destroy();
  }

  struct awaiter {
    handle_type child;
    // Lazy: the child has not started, so the parent always suspends.
    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<>
    await_suspend(std::coroutine_handle<> parent) const noexcept {
      child.promise().continuation = parent;
      return child;
    }
    T await_resume() const { return child.promise().take(); }
  };
  awaiter operator co_await() const noexcept { return awaiter{h_}; }

  handle_type handle() const noexcept { return h_; }

private:
  handle_type h_;
};

namespace detail {
template <class T> task<T> task_promise<T>::get_return_object() noexcept {
  return task<T>(std::coroutine_handle<task_promise<T>>::from_promise(*this));
}
inline task<void> task_promise<void>::get_return_object() noexcept {
  return task<void>(
      std::coroutine_handle<task_promise<void>>::from_promise(*this));
}
} // namespace detail

/// Starts `t` with resume(), then turns the event loop until it has finished.
/// Plays the role of the benchmark harness awaiting the top-level Task.
template <class T> T sync_wait(task<T> t, event_loop &loop = default_loop()) {
  auto h = t.handle();
  h.resume();
  loop.run();
  if (!h.done()) {
    std::fputs("sync_wait: task still suspended with an empty loop\n",
               stderr);
    std::abort();
  }
  return h.promise().take();
}

} // namespace coroscope_example

#endif // COROSCOPE_EXAMPLES_TASK_H
