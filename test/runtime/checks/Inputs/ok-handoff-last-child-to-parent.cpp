// EXPECT: none
// Look-alike of double-await (kelcoro's when_all): a lazy parent task, started by its
// caller's co_await, parks mid-body while the await_suspend of that await starts one job per
// child. The last job to finish transfers into the parent from a co_await of its own (an
// awaiter that destroys the job and returns the parent). The transfer hands the parent what it
// waited for; the caller, still awaiting the parent, is resumed by the parent's final suspend
// point as usual. Only the parent's caller ever awaits the parent.
// Build: clang++-19 -std=c++20 -pthread -g ok-handoff-last-child-to-parent.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <class T> struct Task {  // lazy; final suspend transfers to the awaiter
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
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  Handle h;
  explicit Task(Handle h) : h(h) {}
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() { if (h) h.destroy(); }
  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
      h.promise().continuation = c;
      return h;
    }
    T await_resume() noexcept { return h.promise().value; }
  };
  Awaiter operator co_await() && noexcept { return Awaiter{h}; }
};

struct Job {  // eager and self-destroying
  struct promise_type {
    Job get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// Destroys the awaiting job and runs `to` in its place. `to` is read before the destroy: the
// awaiter lives in the frame being destroyed (at -O0 always; ASan: heap-use-after-free).
struct DestroyAndTransferTo {
  std::coroutine_handle<> to;
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) noexcept {
    std::coroutine_handle<> next = to;
    self.destroy();
    return next;
  }
  void await_resume() noexcept {}
};

// Suspends and calls f(handle) inside await_suspend.
template <class F> struct SuspendAnd {
  F f;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { f(h); }
  void await_resume() noexcept {}
};
template <class F> SuspendAnd<F> suspend_and(F f) { return {f}; }

Task<int> child(int x) { co_return x; }

Job job_for(Task<int> &t, std::coroutine_handle<> parent, int &out, int &left) {
  out = co_await std::move(t);
  if (--left == 0) co_await DestroyAndTransferTo{parent};
}

Task<int> when_both(Task<int> a, Task<int> b) {
  int left = 2, ra = 0, rb = 0;
  co_await suspend_and([&](std::coroutine_handle<> self) {
    job_for(a, self, ra, left);
    job_for(b, self, rb, left);
  });
  co_return ra + rb;
}

Task<int> caller(int i) { co_return 1 + co_await when_both(child(i), child(1)); }

int main() {
  long sum = 0;
  for (int i = 0; i < 100; ++i) {
    Task<int> t = caller(i);
    t.h.resume();  // runs to completion: nothing here waits for real
    sum += t.h.promise().value;
  }
  std::printf("sum=%ld\n", sum);
  return sum == 5150 ? 0 : 1;
}
