// EXPECT: none
// Look-alike of concurrent-resume / double-await: an awaiter whose await_suspend returns the
// awaiting coroutine's own handle when the result became available meanwhile (resume
// immediately by symmetric transfer), and a bool await_suspend that returns false.
// Build: clang++-19 -std=c++20 -pthread -g ok-transfer-to-self.cpp
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

int g_polls = 0;

struct PollReady {  // handle-returning: "already done" means continue ourselves
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) noexcept {
    ++g_polls;
    return h;
  }
  int await_resume() noexcept { return g_polls; }
};
struct MaybeSuspend {  // bool: false means do not suspend
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<>) noexcept { return false; }
  void await_resume() noexcept {}
};

Task<int> poller() {
  int s = 0;
  for (int i = 0; i < 3; ++i) {
    s += co_await PollReady{};
    co_await MaybeSuspend{};
  }
  co_return s;
}

Task<int> top_level() { co_return co_await poller() + co_await poller(); }

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = top_level();
  t.handle().resume();
  std::printf("main: %d (expected 21)\n", t.handle().promise().value);
}
