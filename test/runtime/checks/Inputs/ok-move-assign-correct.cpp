// EXPECT: none
// Look-alike of double-destroy: a task wrapper with a correct move assignment (destroys its
// own frame, takes the other's, empties the source), swap and self-move-assignment.
// Build: clang++-19 -std=c++20 -pthread -g ok-move-assign-correct.cpp
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

Task<int> render_frame(int n) { co_return n; }

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> current = render_frame(1);
  current.handle().resume();
  for (int i = 2; i <= 4; ++i) {
    Task<int> next = render_frame(i);
    current = std::move(next);  // destroys the previous frame, `next` becomes empty
    current.handle().resume();
  }
  Task<int> other = render_frame(5);
  std::swap(current, other);  // via move construction and move assignment
  Task<int>& alias = current;
  current = std::move(alias);  // self-move: no-op
  current.handle().resume();
  std::printf("main: %d and %d (expected 5 and 4)\n", current.handle().promise().value,
              other.handle().promise().value);
}
