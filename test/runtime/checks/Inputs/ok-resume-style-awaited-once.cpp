// EXPECT: none
// Look-alike of double-await / resume-after-completion with a resume()-based task type
// (await_suspend calls resume(), the final awaiter resumes the continuation from inside its
// await_suspend): each child is awaited once, a few at a time, so nesting stays shallow.
// Build: clang++-19 -std=c++20 -pthread -g ok-resume-style-awaited-once.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <class T>
class Task {
 public:
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation;
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        if (h.promise().continuation) h.promise().continuation.resume();
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
  auto operator co_await() & noexcept {
    struct Awaiter {
      Handle h;
      bool await_ready() noexcept { return h.done(); }
      void await_suspend(std::coroutine_handle<> c) noexcept {
        h.promise().continuation = c;
        h.resume();
      }
      T await_resume() noexcept { return h.promise().value; }
    };
    return Awaiter{h_};
  }
  Handle handle() const { return h_; }

 private:
  Handle h_;
};

Task<int> parse_header(int i) { co_return 200 + i; }

Task<int> handle_request() {
  int sum = 0;
  for (int i = 0; i < 5; ++i) {
    Task<int> header = parse_header(i);
    sum += co_await header;
    sum += co_await header;  // finished: await_ready() is true, nothing is resumed
  }
  co_return sum;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = handle_request();
  top.handle().resume();
  std::printf("main: %d (expected 2020)\n", top.handle().promise().value);
}
