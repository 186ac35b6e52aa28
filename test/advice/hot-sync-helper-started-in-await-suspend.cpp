// EXPECT: hot-sync runner line 55
// A hand-written awaiter whose await_suspend creates a lazy helper coroutine
// and returns its handle (TooManyCooks' tiny_mutex::run_loop): the helper
// starts at once, on demand, inside that await_suspend, and never waits. Its
// own initial suspend (while it is being created) must not be taken for the
// await in flight: an earlier analyzer called it scheduled (always-waits).
// RUN: %run_case -O2 %s %t
// RUN: %coroscope report %t.log | FileCheck %s --implicit-check-not='[always-waits]'
// CHECK: advice: [hot-sync] 'runner()' completed without waiting in 100 % of its 2000 calls
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Helper {
  struct promise_type {
    std::coroutine_handle<> waiter;
    Helper get_return_object() { return Helper{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    auto final_suspend() noexcept {
      struct Back {
        bool await_ready() noexcept { return false; }
        std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
          std::coroutine_handle<> w = h.promise().waiter;
          h.destroy();
          return w;
        }
        void await_resume() noexcept {}
      };
      return Back{};
    }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  std::coroutine_handle<promise_type> release() { return std::exchange(h, {}); }
};

struct Task {
  struct promise_type {
    Task get_return_object() { return Task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  explicit Task(std::coroutine_handle<promise_type> h) : h(h) {}
  ~Task() { if (h) h.destroy(); }
};

long g_work = 0;

__attribute__((noinline)) Helper runner() { // never waits; a heap frame
  ++g_work;
  co_return;
}

struct RunInline {
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) {
    std::coroutine_handle<Helper::promise_type> r = runner().release();
    r.promise().waiter = h;
    return r;
  }
  void await_resume() noexcept {}
};

Task client(int n) {
  for (int i = 0; i < n; ++i)
    co_await RunInline{};
}

int main() {
  { Task t = client(2000); }
  std::printf("work=%ld\n", g_work);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: %coroscope report %t.p.log | FileCheck %s --implicit-check-not='[always-waits]'
