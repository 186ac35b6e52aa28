#pragma once
#include <coroutine>
#include <exception>
#include <utility>
#include <cstdio>
#include <atomic>
// A plain lazy task with symmetric transfer, the way tutorials write it.
template <class T = void> struct task;
struct promise_base {
  std::coroutine_handle<> cont;
  std::exception_ptr ex;
  std::suspend_always initial_suspend() noexcept { return {}; }
  struct final_awaiter {
    bool await_ready() noexcept { return false; }
    template <class P> std::coroutine_handle<> await_suspend(std::coroutine_handle<P> h) noexcept {
      auto c = h.promise().cont;
      return c ? c : std::noop_coroutine();
    }
    void await_resume() noexcept {}
  };
  final_awaiter final_suspend() noexcept { return {}; }
  void unhandled_exception() { ex = std::current_exception(); }
};
template <class T> struct task {
  struct promise_type : promise_base {
    T value{};
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    void return_value(T v) { value = std::move(v); }
  };
  std::coroutine_handle<promise_type> h;
  explicit task(std::coroutine_handle<promise_type> h) : h(h) {}
  task(task &&o) : h(std::exchange(o.h, {})) {}
  ~task() { if (h) h.destroy(); }
  bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) { h.promise().cont = c; return h; }
  T await_resume() { if (h.promise().ex) std::rethrow_exception(h.promise().ex); return std::move(h.promise().value); }
};
template <> struct task<void> {
  struct promise_type : promise_base {
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    void return_void() {}
  };
  std::coroutine_handle<promise_type> h;
  explicit task(std::coroutine_handle<promise_type> h) : h(h) {}
  task(task &&o) : h(std::exchange(o.h, {})) {}
  ~task() { if (h) h.destroy(); }
  bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) { h.promise().cont = c; return h; }
  void await_resume() { if (h.promise().ex) std::rethrow_exception(h.promise().ex); }
};
// run a task to completion from main (no event loop needed if everything is sync)
template <class T> void start(task<T> &t) { t.h.resume(); }
