//===- tasks.h - Minimal coroutine types for the AST check tests ----------===//
//
// Each type has the one property a check looks at, and nothing from a
// library: the checks must work on a project's own task types.
//
//===----------------------------------------------------------------------===//
#pragma once
#include <coroutine>
#include <exception>
#include <utility>

// Lazy, awaited as an rvalue only: the shape of folly/cppcoro/libcoro tasks.
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
  Task &operator=(Task &&o) noexcept { h = std::exchange(o.h, {}); return *this; }
  explicit Task(std::coroutine_handle<promise_type> h) : h(h) {}
  struct Awaiter {
    std::coroutine_handle<promise_type> h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return h; }
    void await_resume() noexcept {}
  };
  Awaiter operator co_await() && noexcept { return Awaiter{h}; }
};

// Lazy, awaited as an lvalue, with an awaiter that never checks done().
struct LTask {
  struct promise_type {
    LTask get_return_object() { return LTask{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int) {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit LTask(std::coroutine_handle<promise_type> h) : h(h) {}
  struct Awaiter {
    std::coroutine_handle<promise_type> h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return h; }
    int await_resume() noexcept { return 0; }
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h}; }
};

// Lazy and multi-consumer: its awaiter checks done() and caches the result.
struct SharedTask {
  struct promise_type {
    SharedTask get_return_object() { return SharedTask{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int) {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit SharedTask(std::coroutine_handle<promise_type> h) : h(h) {}
  struct Awaiter {
    std::coroutine_handle<promise_type> h;
    bool await_ready() noexcept { return h.done(); }
    void await_suspend(std::coroutine_handle<>) noexcept {}
    int await_resume() noexcept { return 0; }
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h}; }
};

// A task a user marks as single-consumption although nothing else tells.
struct [[clang::annotate("coroscope::single_consumption")]] MarkedTask {
  struct promise_type {
    MarkedTask get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  bool await_ready() noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  void await_resume() noexcept {}
};

// Eager and self-destroying: runs up to its first suspension inside the call.
struct Detached {
  struct promise_type {
    Detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// Lazy, with a hand-written never-ready initial awaiter.
struct Start {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  void await_resume() noexcept {}
};
struct CustomLazy {
  struct promise_type {
    CustomLazy get_return_object() { return {}; }
    Start initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// Lazy, but [[nodiscard]]: Clang's own -Wunused-result covers it.
struct [[nodiscard]] NodiscardTask {
  struct promise_type {
    NodiscardTask get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

struct Yield {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  void await_resume() noexcept {}
};
