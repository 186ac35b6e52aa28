// EXPECT: concurrent-resume build_index line 78,85
// Fault: a task already started on a worker thread is also co_awaited on main; the awaiter
// transfers into the frame while the worker is still running it.
// Build: clang++-19 -std=c++20 -pthread -g concurrent-resume-transfer-into-running.cpp
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

std::atomic<bool> g_entered{false}, g_release{false};

Task<int> build_index() {
  g_entered = true;
  while (!g_release.load()) std::this_thread::yield();
  co_return 3;
}

Task<int> query(Task<int>& index) {
  int n = co_await index;  // FAULT: index is running on the worker
  co_return n;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> index = build_index();
  std::thread worker([h = index.handle()] { h.resume(); });
  while (!g_entered.load()) std::this_thread::yield();
  Task<int> q = query(index);
  q.handle().resume();
  g_release = true;
  worker.join();
}
