// EXPECT: none
// Look-alike of double-await on a moved-from task: tasks are moved into a vector and into
// other variables, and only the current owners are awaited, each once; the moved-from
// wrappers are empty and destroy nothing.
// Build: clang++-19 -std=c++20 -pthread -g ok-moved-task-awaited.cpp
#include <atomic>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <thread>
#include <utility>
#include <vector>
// A lazy, single-consumer task: starts when awaited, returns to its awaiter by symmetric transfer.
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

  Task() = default;
  explicit Task(Handle h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  Task& operator=(Task&& o) noexcept {
    if (this != &o) {
      if (h_) h_.destroy();
      h_ = std::exchange(o.h_, {});
    }
    return *this;
  }
  Task(const Task&) = delete;
  ~Task() {
    if (h_) h_.destroy();
  }

  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
      h.promise().continuation = c;
      return h;
    }
    T await_resume() noexcept { return h.promise().value; }
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h_}; }
  Awaiter operator co_await() && noexcept { return Awaiter{h_}; }
  Handle handle() const { return h_; }

 private:
  Handle h_{};
};

Task<int> part(int i) { co_return i; }

Task<int> assemble() {
  Task<int> first = part(1);
  Task<int> owner = std::move(first);  // `first` is now empty
  int sum = co_await owner;
  std::vector<Task<int>> rest;
  for (int i = 2; i <= 4; ++i) {
    Task<int> t = part(i);
    rest.push_back(std::move(t));
  }
  Task<int> moved_again = std::move(rest[1]);
  for (auto& t : rest)
    if (t.handle()) sum += co_await t;
  sum += co_await moved_again;
  co_return sum;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = assemble();
  top.handle().resume();
  std::printf("main: %d (expected 10)\n", top.handle().promise().value);
}
