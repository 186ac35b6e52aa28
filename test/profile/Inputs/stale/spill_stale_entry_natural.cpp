// Found by an adversarial tester (issue 39); before frame_free dropped a
// destroyed frame's open suspension:
// profile f(): co_await waits 291, sync 9 (clang-19 -O2; 297/3 at -O0); trace and truth: waits 300, sync 0. Plain malloc, one thread: symmetric-transfer scheduler, cancelled parked frames, new frames at the freed addresses parked under nested resume()
#include <coroutine>
#include <deque>
#include <vector>
#include <cstdio>
#include <cstdlib>
#include <cstdint>

#include "scheduler.h"

struct Task {
  struct promise_type {
        Task get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() { return {}; }
    struct Fin { bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept { h.destroy(); return next(); }
      void await_resume() noexcept {} };
    Fin final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { abort(); }
  };
  std::coroutine_handle<promise_type> h;
};

Event e1, e2;
int nested_parks = 0;
Task g(Event &e) { co_await Park{e}; }
Task f() { co_await Park{e2}; }
Task t() {
  // cancel every parked f (each parked under the scheduler's one resume())
  for (auto h : e2.w) h.destroy();
  e2.w.clear();
  // new f frames (malloc hands back the freed addresses), each started by a nested resume()
  for (int i = 0; i < 300; ++i) { auto n = f(); n.h.resume(); ++nested_parks; }
  // more frames park under the scheduler's resume(): they take stale slots
  for (int i = 0; i < 300; ++i) ready.push_back(g(e1).h);
  co_await Yield{};
  e2.set(); co_await Yield{};   // every new f is resumed: each a wait (its resume() has returned)
  e1.set(); co_await Yield{};
}
int main() {
  for (int i = 0; i < 300; ++i) ready.push_back(g(e1).h);
  for (int i = 0; i < 300; ++i) ready.push_back(f().h);
  ready.push_back(t().h);
  auto h = next(); h.resume();
  std::printf("truth: f calls 600 completed 300 sync 0; f co_await waits %d\n", nested_parks);
}
