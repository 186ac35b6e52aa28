// A lazy task that rethrows what escapes its body (unhandled_exception()
// throws), with symmetric transfer in and out: the exception tests' task.
#pragma once
#include <coroutine>
#include <utility>

struct rethrowing {
  struct promise_type {
    std::coroutine_handle<> cont;
    rethrowing get_return_object() {
      return rethrowing{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct final_awaiter {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().cont ? h.promise().cont : std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    final_awaiter final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { throw; }
  };
  std::coroutine_handle<promise_type> h;
  explicit rethrowing(std::coroutine_handle<promise_type> h) : h(h) {}
  rethrowing(rethrowing &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~rethrowing() { if (h) h.destroy(); }
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h.promise().cont = c;
    return h;
  }
  void await_resume() {}
};
