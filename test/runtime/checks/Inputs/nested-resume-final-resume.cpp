// EXPECT: nested-resume total_size line 48
// Fault: the awaiter starts the child by symmetric transfer, but the final awaiter resumes
// the continuation with a nested resume(); each synchronously completing child in the loop
// nests the parent one level deeper.
// Build: clang++-19 -std=c++20 -pthread -g nested-resume-final-resume.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <class T>
struct Task {
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation;
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        if (h.promise().continuation) h.promise().continuation.resume();  // nested
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Task(Handle h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Task() {
    if (h_) h_.destroy();
  }
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h_.promise().continuation = c;
    return h_;
  }
  T await_resume() noexcept { return h_.promise().value; }
  Handle h_;
};

Task<long> file_size(int i) { co_return 100 + i; }

Task<long> total_size(int n) {
  long sum = 0;
  for (int i = 0; i < n; ++i) sum += co_await file_size(i);  // FAULT: stack grows per child
  co_return sum;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<long> t = total_size(3000);
  t.h_.resume();
  std::printf("main: %ld\n", t.h_.promise().value);
}
