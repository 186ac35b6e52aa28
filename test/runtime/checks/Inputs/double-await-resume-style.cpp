// EXPECT: double-await parse_header line 58,57
// Fault: a task type without symmetric transfer (await_suspend calls resume(), the final
// awaiter resumes its continuation) is awaited a second time after it finished.
// Build: clang++-19 -std=c++20 -pthread -g double-await-resume-style.cpp
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
      bool await_ready() noexcept { return false; }
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

Task<int> parse_header() { co_return 200; }

Task<int> handle_request() {
  Task<int> header = parse_header();
  int status = co_await header;
  if (status == 200) status += co_await header;  // FAULT: awaits the finished task again
  co_return status;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = handle_request();
  top.handle().resume();
  std::printf("main: %d\n", top.handle().promise().value);
}
