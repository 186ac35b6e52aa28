// A lazy task: started by its first resume(), freed by its owner.
#pragma once
#include <coroutine>
#include <utility>

struct Task {
  struct promise_type {
    int value = 0;
    Task get_return_object() { return Task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() {}
  };
  explicit Task(std::coroutine_handle<promise_type> h) : h(h) {}
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() {
    if (h)
      h.destroy();
  }
  int run() {
    h.resume();
    return h.promise().value;
  }
  std::coroutine_handle<promise_type> h;
};
