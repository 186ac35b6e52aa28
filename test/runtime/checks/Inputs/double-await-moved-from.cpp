// EXPECT: double-await consumer line 59
// Fault: the task was moved into `kept`, and the moved-from (empty) task is awaited. The
// awaiter guards its promise write against a null handle, then transfers into it anyway.
// Build: clang++-19 -std=c++20 -pthread -g double-await-moved-from.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <class T>
class Task {
 public:
  struct promise_type {
    T value{};
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
    void return_value(T v) { value = std::move(v); }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Task(Handle h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Task() {
    if (h_) h_.destroy();
  }
  auto operator co_await() & noexcept {
    struct Awaiter {
      Handle h;
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
        if (h) h.promise().continuation = c;  // "no crash on empty tasks"
        return h;
      }
      T await_resume() noexcept { return h ? h.promise().value : T{}; }
    };
    return Awaiter{h_};
  }
  Handle handle() const { return h_; }

 private:
  Handle h_;
};

Task<int> compute() { co_return 5; }

Task<int> consumer() {
  Task<int> original = compute();
  Task<int> kept = std::move(original);
  int a = co_await kept;
  int b = co_await original;  // FAULT: awaits the moved-from, empty task
  co_return a + b;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = consumer();
  top.handle().resume();
  std::printf("main: %d\n", top.handle().promise().value);
}
