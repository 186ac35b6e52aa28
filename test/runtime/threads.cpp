// Eight threads each make 100,000 coroutine calls at once; the log must lose
// no event (buffers fill and flush concurrently many times over).
// RUN: %clang_coroscope -O0 %s -o %t
// RUN: rm -f %t.log && env COROSCOPE_OUT=%t.log %t
// RUN: %coroscope report %t.log --format json -o %t.json
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// RUN: %coroscope report %t.log | FileCheck %s --check-prefix=EVENTS
#include <coroutine>
#include <thread>
#include <vector>

struct task {
  struct promise_type {
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

task work(int i) {
  if (i % 4 == 0)
    co_await std::suspend_always{};
  co_return;
}

int main() {
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([] {
      for (int i = 0; i < 100000; ++i) {
        task k = work(i);
        while (!k.h.done())
          k.h.resume();
        k.h.destroy();
      }
    });
  for (auto &t : threads)
    t.join();
}

// Per call: one frame, the lazy start is a wait, every 4th call also waits at
// the co_await (its resume() returns to the loop first).
// CHECK: function work(int) calls=800000 heap=800000 elided=0 heap_bytes={{[0-9]+}} completed=800000 sync=600000 awaits=200000 suspends=200000 waits=200000
// CHECK-NEXT: site initial 23:6 reached=800000 suspended=800000 waits=800000
// CHECK-NEXT: site await 25:5 reached=200000 suspended=200000 waits=200000
// CHECK-NEXT: site final 23:6 reached=800000 suspended=800000 waits=0
// CHECK-NOT: function

// Events per call: alloc, begin, initial suspend, ramp return, destroy
// enter/exit, free, final suspend (8), plus per resume() round (resume
// enter/exit, frame resume, done) and one last done(): 13 for the 600,000
// calls that run in one round, 18 (one more round, one await suspend) for the
// 200,000 that wait: 7,800,000 + 3,600,000.
// EVENTS: coroscope report: 1 log, 11400000 events, 8 threads
