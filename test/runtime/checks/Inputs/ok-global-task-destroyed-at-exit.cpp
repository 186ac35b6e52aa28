// EXPECT: none
// Look-alike of leaked-frame / suspended-forever: long-lived frames (a background generator
// parked at co_yield and a finished task) are owned by globals whose destructors run after
// main returns, before coroscope's exit scan; nothing is left behind.
// Build: clang++-19 -std=c++20 -pthread -g ok-global-task-destroyed-at-exit.cpp
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
#include "../../../Inputs/generator.h"  // Generator<T>: move-only, pulled by its consumer, destroyed by its owner

Generator<int> id_source() {
  for (int i = 1;; ++i) co_yield i;
}
Task<int> load_settings() { co_return 3; }

struct Globals {
  Generator<int> ids = id_source();
  Task<int> settings = load_settings();
};
Globals g_globals;  // destroyed by a static destructor at exit

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  int first = *g_globals.ids.begin();
  g_globals.settings.handle().resume();
  std::printf("main: id=%d settings=%d\n", first, g_globals.settings.handle().promise().value);
}
