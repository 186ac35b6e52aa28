// EXPECT: none
// Look-alike of never-started / double-await: a when_all helper starts two lazy tasks through
// small detached drivers, resumes the awaiting parent when the last one finishes, and the
// owner destroys both finished frames. Each task is started once and awaited once.
// Build: clang++-19 -std=c++20 -pthread -g ok-when-all-started-both.cpp
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
// An eager fire-and-forget coroutine: owns its frame, which frees itself when the body ends.
struct Detached {
  struct promise_type {
    Detached get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};
// A single-threaded run queue.
std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
void drain() {
  while (!g_ready.empty()) {
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

struct Join {
  int pending;
  std::coroutine_handle<> parent;
};

Detached drive(Task<int>& t, int& out, Join& j) {
  out = co_await t;
  if (--j.pending == 0) j.parent.resume();
}

struct WhenAll {
  Task<int>& a;
  Task<int>& b;
  int ra = 0, rb = 0;
  Join j{2, {}};
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> parent) {
    j.parent = parent;
    drive(a, ra, j);
    drive(b, rb, j);
  }
  int await_resume() noexcept { return ra + rb; }
};

Task<int> price(int cents) {
  co_await Reschedule{};
  co_return cents;
}

Task<int> basket() {
  Task<int> apples = price(120), pears = price(80);
  co_return co_await WhenAll{apples, pears};
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = basket();
  t.handle().resume();
  drain();
  std::printf("main: %d (expected 200)\n", t.handle().promise().value);
}
