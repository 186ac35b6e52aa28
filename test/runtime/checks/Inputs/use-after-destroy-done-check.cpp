// EXPECT: use-after-destroy make_report line 43,29
// Fault: a non-owning view keeps the raw handle after the owner destroyed the frame, and
// asks it done() to decide whether to read the result.
// Build: clang++-19 -std=c++20 -pthread -g use-after-destroy-done-check.cpp
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

struct Report {
  struct promise_type {
    int pages = 0;
    Report get_return_object() { return Report{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { pages = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Report(std::coroutine_handle<promise_type> h) : h(h) {}
  Report(Report&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Report() {
    if (h) h.destroy();
  }
};

Report make_report() { co_return 12; }

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::coroutine_handle<Report::promise_type> view;
  {
    Report r = make_report();
    r.h.resume();
    view = r.h;
  }  // ~Report destroys the frame
  if (view.done())  // FAULT: done() on a destroyed frame
    std::puts("main: report finished");
}
