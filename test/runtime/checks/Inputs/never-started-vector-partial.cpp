// EXPECT: never-started upload_part line 76
// Fault: a batch of lazy uploads is built up front, the loop stops at the first failure, and
// the remaining tasks are destroyed with the vector without ever running.
// Build: clang++-19 -std=c++20 -pthread -g never-started-vector-partial.cpp
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

Task<int> upload_part(int i) {
  std::printf("upload_part(%d)\n", i);
  co_return i == 1 ? -1 : 0;  // part 1 fails
}

Task<int> upload_all(int parts) {
  std::vector<Task<int>> batch;
  for (int i = 0; i < parts; ++i) batch.push_back(upload_part(i));
  for (auto& t : batch)
    if (co_await t != 0) co_return -1;  // FAULT: parts 2.. are dropped unstarted
  co_return 0;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = upload_all(4);
  top.handle().resume();
  std::printf("main: %d\n", top.handle().promise().value);
}
