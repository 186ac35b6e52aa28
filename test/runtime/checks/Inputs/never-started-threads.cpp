// EXPECT: never-started index_document line 79
// Fault across threads: jobs are handed to a worker thread through a queue; the worker is
// told to stop before it drains the queue, and destroys the pending jobs unstarted.
// Build: clang++-19 -std=c++20 -pthread -g never-started-threads.cpp
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

std::atomic<int> g_indexed{0};

Task<int> index_document(int id) {
  g_indexed += 1;
  co_return id;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::vector<Task<int>> queue;
  for (int i = 0; i < 3; ++i) queue.push_back(index_document(i));
  std::atomic<bool> stop{true};  // shutdown requested before the worker got to run anything
  std::thread worker([&] {
    while (!stop.load() && !queue.empty()) {
      queue.back().handle().resume();
      queue.pop_back();
    }
    queue.clear();  // FAULT: destroys the jobs that never ran
  });
  worker.join();
  std::printf("main: indexed=%d\n", g_indexed.load());
}
