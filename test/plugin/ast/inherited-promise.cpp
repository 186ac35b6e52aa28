// A promise that inherits initial_suspend() from a base class, as cppcoro's
// and examples/common/task.h's do, makes the task lazy all the same: the
// checks that need "lazy" (discarded-task, double-await, task-type-hygiene)
// once missed it.
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-enable=task-type-hygiene -fsyntax-only -Xclang -verify %s
#include <coroutine>
#include <exception>

struct PromiseBase {
  std::suspend_always initial_suspend() noexcept { return {}; } // expected-note 2 {{'Task' starts suspended}}
  std::suspend_always final_suspend() noexcept { return {}; }
  void unhandled_exception() { std::terminate(); }
};

// expected-warning@+1 {{coroutines return 'Task' as a lazy task, but it is not [[nodiscard]]}}
struct Task {
  struct promise_type : PromiseBase {
    Task get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    void return_value(int) {}
  };
  std::coroutine_handle<promise_type> h;
  struct Awaiter {
    std::coroutine_handle<promise_type> h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return h; }
    int await_resume() noexcept { return 0; }
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h}; }
};

Task load();

Task twice() { // expected-note {{'twice' returns 'Task', a lazy task, here}}
  Task t = load();
  int a = co_await t; // expected-note {{first awaited here}}
  int b = co_await t; // expected-warning {{'t' (the task returned by 'load') is awaited a second time in 'twice'}}
  load();             // expected-warning {{the lazy task returned by 'load' is discarded}} expected-note {{co_await it to run it as part of 'twice'}}
  (void)load();       // expected-warning {{the lazy task returned by 'load' is cast to void}}
  co_return a + b;
}
