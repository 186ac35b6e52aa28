// An exception that leaves a resumed coroutine (unhandled_exception()
// rethrows) ends the resume() it unwinds out of, seen from inside the
// coroutine (frame_unwind): no landing pad is added in the caller. Each
// resume_enter gets exactly one resume_exit, with the resume()'s own call
// site, and the frame counts as finished (destroying it is no finding):
// the innermost resume() when resume() calls nest (main resumes outer(),
// whose eager catcher() resumes the thrower and catches what escapes).
// RUN: %clang_coroscope -O0 %s -o %t
// RUN: rm -f %t.log && env COROSCOPE_OUT=%t.log %t | FileCheck %s --check-prefix=OUT
// RUN: %coroscope dump %t.log | FileCheck %s --check-prefix=DUMP
// RUN: %coroscope check %t.log | FileCheck %s --check-prefix=CHECK-FINDINGS
// RUN: %coroscope report --format json -o %t.json %t.log
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// RUN: %clang_coroscope -O2 %s -o %t2
// RUN: rm -f %t2.log && env COROSCOPE_OUT=%t2.log %t2 | FileCheck %s --check-prefix=OUT
// RUN: %coroscope dump %t2.log | FileCheck %s --check-prefix=DUMP
// RUN: %coroscope check %t2.log | FileCheck %s --check-prefix=CHECK-FINDINGS
// RUN: %coroscope report --format json -o %t2.json %t2.log
// RUN: %python %S/../tools/report_summary.py %t2.json | FileCheck %s
#include "Inputs/rethrowing.h"
#include <coroutine>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>


struct eager {
  struct promise_type {
    bool caught = false;
    eager get_return_object() { return eager{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit eager(std::coroutine_handle<promise_type> h) : h(h) {}
  ~eager() { h.destroy(); }
};

rethrowing thrower(int x) {
  if (x >= 0)
    throw std::runtime_error("boom");
  co_return;
}

struct get_promise {
  eager::promise_type *p;
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<eager::promise_type> h) noexcept {
    p = &h.promise();
    return false;
  }
  eager::promise_type &await_resume() noexcept { return *p; }
};

// Runs in its ramp, inside main's resume() of outer().
eager catcher() {
  eager::promise_type &self = co_await get_promise{};
  rethrowing t = thrower(2);
  try {
    t.h.resume();
  } catch (const std::runtime_error &) {
    self.caught = true;
  }
}

rethrowing outer() {
  eager e = catcher();
  std::printf("catcher caught: %d\n", e.h.promise().caught);
  co_return;
}

int main() {
  {
    rethrowing t = thrower(1);
    try {
      t.h.resume();
    } catch (const std::exception &e) {
      std::printf("main caught: %s\n", e.what());
    }
    std::printf("thrower done: %d\n", t.h.done());
  }
  {
    rethrowing o = outer();
    o.h.resume();
    std::printf("outer done: %d\n", o.h.done());
  }
}
// OUT: main caught: boom
// OUT-NEXT: thrower done: 1
// OUT-NEXT: catcher caught: 1
// OUT-NEXT: outer done: 1

// Three resume() calls, three exits, each with its own call site.
// DUMP-NOT: resume_{{enter|exit}}
// DUMP: resume_enter site=[[R1:[0-9]+]]
// DUMP-NOT: resume_{{enter|exit}}
// DUMP: resume_exit site=[[R1]]
// DUMP-NOT: resume_{{enter|exit}}
// DUMP: resume_enter site=[[R2:[0-9]+]]
// DUMP-NOT: resume_{{enter|exit}}
// DUMP: resume_enter site=[[R3:[0-9]+]]
// DUMP-NOT: resume_{{enter|exit}}
// DUMP: resume_exit site=[[R3]]
// DUMP-NOT: resume_{{enter|exit}}
// DUMP: resume_exit site=[[R2]]
// DUMP-NOT: resume_{{enter|exit}}

// CHECK-FINDINGS: no findings

// A frame that an exception left did not complete (it never reached its
// final suspend point through co_return).
// CHECK-DAG: function thrower(int) calls=2 {{.*}} completed=0
// CHECK-DAG: function catcher() calls=1 {{.*}} completed=1
// CHECK-DAG: function outer() calls=1 {{.*}} completed=1
