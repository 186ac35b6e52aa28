//===- bound_task.h - A task type with Clang's coroutine lifetime attributes ===//
//
// [[clang::coro_return_type]] and [[clang::coro_lifetimebound]] make Clang
// treat every reference argument of a coroutine returning this type as
// lifetimebound: a temporary bound to one is -Wdangling, unless the call is
// co_awaited at once.
//
//===----------------------------------------------------------------------===//
#pragma once
#include <coroutine>
#include <exception>
#include <utility>

template <class T>
class [[nodiscard, clang::coro_return_type, clang::coro_lifetimebound]] BoundTask {
public:
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation = std::noop_coroutine();
    BoundTask get_return_object() { return BoundTask{Handle::from_promise(*this)}; }
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

  explicit BoundTask(Handle h) : h_(h) {}
  BoundTask(BoundTask &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  BoundTask(const BoundTask &) = delete;
  ~BoundTask() {
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
      T await_resume() { return std::move(h.promise().value); }
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
