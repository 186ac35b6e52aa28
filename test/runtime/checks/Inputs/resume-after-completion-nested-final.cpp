// EXPECT: resume-after-completion step line 66
// Fault: the final awaiter resumes the continuation with a nested resume() (no symmetric
// transfer), so the finished task is still inside its final await_suspend while the parent
// runs; the parent then resumes the finished task directly, as if it could step it again.
// Build: clang++-19 -std=c++20 -pthread -g resume-after-completion-nested-final.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Step {
  struct promise_type {
    int value = 0;
    std::coroutine_handle<> continuation;
    Step get_return_object() { return Step{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        if (h.promise().continuation) h.promise().continuation.resume();  // nested, not a transfer
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Step(Handle h) : h_(h) {}
  Step(Step&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Step() {
    if (h_) h_.destroy();
  }
  Handle h_;
};

struct Driver {  // a lazy void task driven by main
  struct promise_type {
    Driver get_return_object() { return Driver{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  ~Driver() { h.destroy(); }
};

struct RunStep {  // starts the step and waits for it
  Step::Handle step;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> c) noexcept {
    step.promise().continuation = c;
    step.resume();
  }
  int await_resume() noexcept { return step.promise().value; }
};

Step step(int i) { co_return i + 1; }

Driver run() {
  Step s = step(1);
  int v = co_await RunStep{s.h_};
  std::printf("run: step gave %d, stepping again\n", v);
  s.h_.promise().continuation = nullptr;
  s.h_.resume();  // FAULT: the step finished (it is parked in its final await_suspend below us)
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Driver d = run();
  d.h.resume();
  std::puts("main: done");
}
