// Found by an adversarial tester (issue 39); before frame_free dropped a
// destroyed frame's open suspension:
// profile f(): co_await site waits 0, sync 1; trace and truth: waits 1, sync 0. One thread, no spill: destroyed parked frame's stale slot entry (probe 1) outlives the new frame's own entry (probe 0, overwritten) at the same address
#include <coroutine>
#include <deque>
#include <vector>
#include <cstdio>
#include <cstdlib>
#include <cstdint>

#include "scheduler.h"

struct Task {
  struct promise_type {
    static void *operator new(size_t n) { if (n > 4096) abort(); return (void *)next_addr; }
    static void operator delete(void *) {}
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

Event e1a, e1b, e2;
int f_waits_truth = 0;
Task g(Event &e) { co_await Park{e}; }
Task f() { co_await Park{e2}; std::puts("f resumed"); }
Task t() {
  // cancel the parked F (its open suspension is in slot 11: slot 10 was G1's)
  auto F = e2.w.back(); e2.w.clear(); F.destroy();
  e1a.set(); co_await Yield{};            // G1 runs to its end: slot 10 free
  next_addr = at(0, 10);                  // F' at F's address
  auto fp = f();
  fp.h.resume();                          // F' parks at the same site under this nested resume()
  next_addr = at(2, 10);                  // another frame hashing to slot 10 takes the stale slot
  auto g5 = g(e1b);
  e2.set(); co_await Yield{};             // F' resumed: truth a wait (its resume() ended)
  f_waits_truth++;
  e1b.set(); co_await Yield{};
  g5.h.destroy();
}
int main() {
  pool = (char *)aligned_alloc(1 << 20, 4 << 20);
  next_addr = at(1, 10); ready.push_back(g(e1a).h);
  next_addr = at(0, 10); ready.push_back(f().h);
  next_addr = at(2, 100); ready.push_back(t().h);
  auto h = next(); h.resume();
  std::printf("truth: f calls 2 completed 1 sync 0, f co_await site waits 1\n"); if(0)std::printf(" f calls 2 completed 1 waits 2 (F start, F' at park) + F' start wait; sync 0\n");
}
