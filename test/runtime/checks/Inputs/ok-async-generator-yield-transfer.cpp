// EXPECT: none
// Look-alike of double-await: an async generator whose co_yield hands its
// value back by symmetric transfer into the consumer (cppcoro's
// async_generator does this). The consumer is a lazy task awaited by its
// parent; the transfer from the co_yield resumes it where it awaits the
// generator, and is no await of it by the generator.
// Build: clang++-19 -std=c++20 -pthread -g ok-async-generator-yield-transfer.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Task {
  struct promise_type {
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
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Task(Handle h) : h(h) {}
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() {
    if (h) h.destroy();
  }
  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
      h.promise().continuation = c;
      return h;
    }
    void await_resume() noexcept {}
  };
  Awaiter operator co_await() && noexcept { return {h}; }
  Handle h;
};

// Each next() transfers into the producer; each co_yield (and the end)
// transfers back into the consumer.
struct AsyncGen {
  struct promise_type {
    std::coroutine_handle<> consumer;
    const int *value = nullptr;
    AsyncGen get_return_object() { return AsyncGen{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct YieldOp {
      std::coroutine_handle<> consumer;
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return consumer; }
      void await_resume() noexcept {}
    };
    YieldOp yield_value(const int &v) noexcept {
      value = &v;
      return {consumer};
    }
    YieldOp final_suspend() noexcept {
      value = nullptr;
      return {consumer};
    }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit AsyncGen(Handle h) : h(h) {}
  ~AsyncGen() { h.destroy(); }
  struct Next {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
      h.promise().consumer = c;
      return h;
    }
    bool await_resume() noexcept { return h.promise().value != nullptr; }
  };
  Next next() { return {h}; }
  int value() const { return *h.promise().value; }
  Handle h;
};

AsyncGen numbers(int n) {
  for (int i = 1; i <= n; ++i) co_yield i;
}

int g_sum = 0;

Task consume() {
  AsyncGen g = numbers(3);
  while (co_await g.next()) g_sum += g.value();
}

Task parent() { co_await consume(); }

int main() {
  Task p = parent();
  p.h.resume();
  std::printf("main: sum %d, done %d\n", g_sum, p.h.done());
}
