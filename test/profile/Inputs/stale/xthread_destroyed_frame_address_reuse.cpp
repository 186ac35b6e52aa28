// Found by an adversarial tester (issue 39); before frame_free dropped a
// destroyed frame's open suspension:
// profile f(): co_await site waits 0, sync 1; trace and truth: waits 1, sync 0. Parked frame destroyed on thread A inside one resume(); a new frame at its address parks at the same co_await on thread B and is resumed on A
#include <coroutine>
#include <deque>
#include <vector>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <thread>

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
  auto F = e2.w.back(); e2.w.clear(); F.destroy();   // cancel F, parked at f's co_await under this resume()
  std::thread b([] {                                   // another thread makes a new f() frame at F's address
    next_addr = at(0, 10);
    auto fp = f();
    fp.h.resume();                                     // it parks at the same co_await, on thread b
  });
  b.join();
  e2.set(); co_await Yield{};                          // resumed here: truth a wait
  e1a.set(); e1b.set(); co_await Yield{};
}
int main() {
  pool = (char *)aligned_alloc(1 << 20, 4 << 20);
  next_addr = at(0, 10); ready.push_back(f().h);
  next_addr = at(2, 100); ready.push_back(t().h);
  auto h = next(); h.resume();
  std::printf("truth: f calls 2 completed 1 sync 0, f co_await site waits 1\n"); if(0)std::printf(" f calls 2 completed 1 waits 2 (F start, F' at park) + F' start wait; sync 0\n");
}
