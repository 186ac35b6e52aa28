// An exception from await_suspend resumes the coroutine at once: that await
// did not suspend, and the time the handler runs is busy time.
// RUN: %clang_coroscope -O0 %s -o %t
// RUN: rm -f %t.log && env COROSCOPE_OUT=%t.log %t | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.json %t.log
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// RUN: %clang_coroscope -O2 %s -o %t2
// RUN: rm -f %t2.log && env COROSCOPE_OUT=%t2.log %t2 | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t2.json %t2.log
// RUN: %python %S/../tools/report_summary.py %t2.json | FileCheck %s
#include "../Inputs/kit.h"
#include <cstdio>
#include <stdexcept>

struct throwing_awaiter {
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<>) { throw std::runtime_error("no"); }
  void await_resume() {}
};

lazy<int> f() {
  try {
    co_await throwing_awaiter{};
  } catch (const std::exception &e) {
    std::printf("caught %s\n", e.what());
  }
  co_return 2;
}

int main() {
  lazy<int> t = f();
  t.h.resume();
  std::printf("done=%d value=%d\n", t.h.done(), t.h.promise().value);
}
// OUT: caught no
// OUT-NEXT: done=1 value=2
// CHECK: function f() calls=1 {{.*}} completed=1 sync=1 awaits=1 suspends=0 waits=0
// CHECK: site await {{[0-9]+}}:5 reached=1 suspended=0 waits=0
