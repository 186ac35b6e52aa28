// Exceptions that leave a resumed coroutine without leaving the innermost
// instrumented resume(): frame_unwind must end no resume() level here, or
// the runtime takes the still-running outer coroutine for suspended (a
// false wait at its next await, "sync" lost). Found by review:
//   ramp:    an eager coroutine's ramp transfers to a lazy task that throws;
//            the exception comes back into the ramp's caller, which catches;
//   plain:   a resumer built without coroscope resumes the thrower and
//            catches (no resume() hooks around that call);
//   destroy: a destructor in the frame throws during destroy(): it ends
//            that destroy(), not the resume() around it.
// Each outer coroutine then awaits inline_resume 3 times, which resumes it
// inline from await_suspend: 3 suspensions, 0 waits.
// RUN: %clangxx -O1 -c %S/Inputs/resume-quietly.cpp -o %t.plain.o
// RUN: %clang_coroscope -O0 %s %t.plain.o -o %t0
// RUN: rm -f %t0.log && env COROSCOPE_OUT=%t0.log %t0 | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t0.json %t0.log
// RUN: %python %S/../tools/report_summary.py %t0.json | FileCheck %s
// RUN: %coroscope dump %t0.log | grep -oE '(resume|destroy)_(enter|exit)' | sort | uniq -c | FileCheck %s --check-prefix=DUMP
// RUN: %clang_coroscope -O2 %s %t.plain.o -o %t2
// RUN: rm -f %t2.log && env COROSCOPE_OUT=%t2.log %t2 | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t2.json %t2.log
// RUN: %python %S/../tools/report_summary.py %t2.json | FileCheck %s
// RUN: %coroscope dump %t2.log | grep -oE '(resume|destroy)_(enter|exit)' | sort | uniq -c | FileCheck %s --check-prefix=DUMP
#include "Inputs/rethrowing.h"
#include <coroutine>
#include <cstdio>
#include <stdexcept>
#include <utility>


struct eager {
  struct promise_type {
    eager get_return_object() { return eager{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { throw; }
  };
  std::coroutine_handle<promise_type> h;
  ~eager() { if (h) h.destroy(); }
};

struct inline_resume { // resumes the awaiting coroutine from await_suspend
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { h.resume(); }
  void await_resume() noexcept {}
};

rethrowing thrower() {
  throw std::runtime_error("thrower");
  co_return;
}

// The thrower's exception leaves this ramp (the frame stays suspended at
// its co_await and is leaked by design: no eager object was made).
eager starter(rethrowing *t) { co_await *t; }

rethrowing via_ramp(int &caught) {
  rethrowing t = thrower();
  try {
    eager e = starter(&t);
  } catch (const std::runtime_error &) {
    ++caught;
  }
  for (int i = 0; i < 3; ++i)
    co_await inline_resume{};
}

void resume_quietly(std::coroutine_handle<>); // Inputs/resume-quietly.cpp

rethrowing via_plain_resumer(int &caught) {
  rethrowing t = thrower();
  resume_quietly(t.h);
  caught += t.h.done();
  for (int i = 0; i < 3; ++i)
    co_await inline_resume{};
}

struct bomb {
  ~bomb() noexcept(false) { throw std::runtime_error("bomb"); }
};
rethrowing holds_bomb() {
  bomb b;
  co_await std::suspend_always{};
}

rethrowing via_destroy(int &caught) {
  rethrowing t = holds_bomb();
  t.h.resume(); // parks with the bomb alive
  try {
    std::exchange(t.h, {}).destroy();
  } catch (const std::runtime_error &) {
    ++caught;
  }
  for (int i = 0; i < 3; ++i)
    co_await inline_resume{};
}

int main() {
  int caught = 0;
  {
    rethrowing a = via_ramp(caught);
    a.h.resume();
    rethrowing b = via_plain_resumer(caught);
    b.h.resume();
    rethrowing c = via_destroy(caught);
    c.h.resume();
    std::printf("caught=%d done=%d%d%d\n", caught, a.h.done(), b.h.done(), c.h.done());
  }
}
// OUT: caught=3 done=111

// CHECK-DAG: function via_ramp(int&) calls=1 {{.*}} completed=1 sync=1 awaits=3 suspends=3 waits=0
// CHECK-DAG: function via_plain_resumer(int&) calls=1 {{.*}} completed=1 sync=1 awaits=3 suspends=3 waits=0
// CHECK-DAG: function via_destroy(int&) calls=1 {{.*}} completed=1 sync=1 awaits=3 suspends=3 waits=0

// Every resume() and destroy() call that began ended once.
// DUMP: {{^ *}}6 destroy_enter
// DUMP-NEXT: {{^ *}}6 destroy_exit
// DUMP-NEXT: {{^ *}}13 resume_enter
// DUMP-NEXT: {{^ *}}13 resume_exit
