// Minimal coroutine types for the IR tests: one of each shape the pass must
// handle, with no library behind them.
#pragma once
#include <coroutine>
#include <exception>
#include <utility>

// Lazy task: suspends at its initial suspend point, symmetric transfer in and out.
template <class T> struct lazy {
  struct promise_type {
    T value{};
    std::coroutine_handle<> cont = std::noop_coroutine();
    lazy get_return_object() { return lazy{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct final_awaiter {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().cont;
      }
      void await_resume() noexcept {}
    };
    final_awaiter final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { throw; }
  };
  std::coroutine_handle<promise_type> h;
  explicit lazy(std::coroutine_handle<promise_type> h) : h(h) {}
  lazy(lazy &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~lazy() { if (h) h.destroy(); }
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h.promise().cont = c;
    return h;
  }
  T await_resume() { return h.promise().value; }
};

// Eager task: runs at once, never suspends at its initial or final point.
struct eager {
  struct promise_type {
    eager get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

struct void_awaiter {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  void await_resume() noexcept {}
};
struct bool_awaiter {
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<>) noexcept { return false; }
  void await_resume() noexcept {}
};

template <class T> struct generator {
  struct promise_type {
    T current{};
    generator get_return_object() {
      return generator{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v) noexcept { current = v; return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit generator(std::coroutine_handle<promise_type> h) : h(h) {}
  ~generator() { if (h) h.destroy(); }
  bool next() { h.resume(); return !h.done(); }
};
