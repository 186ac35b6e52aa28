//===- task.h - A lazy task for the lint tests -----------------------------===//
//
// Awaitable only as an rvalue, so the checks treat it as single-consumption;
// lazy (initial_suspend is suspend_always), so dropping one loses its work.
//
//===----------------------------------------------------------------------===//
#pragma once
#include <coroutine>
#include <exception>
#include <utility>

template <class T = void> struct Task {
  struct promise_type {
    Task get_return_object() { return Task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  explicit Task(std::coroutine_handle<promise_type> h) : h(h) {}
  ~Task() { if (h) h.destroy(); }
  struct Awaiter {
    std::coroutine_handle<promise_type> h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return h; }
    void await_resume() noexcept {}
  };
  Awaiter operator co_await() && noexcept { return Awaiter{h}; }
};
