// EXPECT: none
// Look-alike of use-after-destroy: done() is asked while the frame is alive, the owner then
// destroys it and empties its handle, and later checks look at the empty handle only.
// Build: clang++-19 -std=c++20 -pthread -g ok-done-before-destroy.cpp
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
  void reset() {
    if (h) std::exchange(h, {}).destroy();
  }
  ~Report() { reset(); }
};

Report make_report() { co_return 12; }

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Report r = make_report();
  r.h.resume();
  int pages = r.h.done() ? r.h.promise().pages : -1;
  r.reset();
  if (!r.h) std::printf("main: %d pages, report released\n", pages);
}
