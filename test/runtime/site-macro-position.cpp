// Two suspend points spelled at one position (co_awaits of one macro
// expansion) are two site rows, each with its own awaiter and figures, also
// when their awaiters are of one type.
// RUN: %clang_coroscope -O0 %s -o %t
// RUN: env COROSCOPE_OUT=%t.log %t
// RUN: %coroscope report --format json -o %t.json %t.log
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
#include "../Inputs/kit.h"
#include <deque>

#define TWO(a, b) (co_await (a), co_await (b))
#define TWICE(a) (co_await (a), co_await (a))

std::deque<std::coroutine_handle<>> queue;
struct park {
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> h) { queue.push_back(h); }
  void await_resume() {}
};
struct ready_awaiter {
  bool await_ready() { return true; }
  void await_suspend(std::coroutine_handle<>) {}
  void await_resume() {}
};

lazy<int> f() {
  TWO(ready_awaiter{}, park{});
  TWICE(bool_awaiter{});
  co_return 1;
}

int main() {
  for (int i = 0; i < 2; ++i) {
    lazy<int> t = f();
    t.h.resume();
    while (!queue.empty()) {
      auto h = queue.front();
      queue.pop_front();
      h.resume();
    }
  }
}
// CHECK:      function f() calls=2 {{.*}} completed=2 sync=0 awaits=8 suspends=2 waits=2
// CHECK-NEXT:   site initial {{.*}} reached=2 suspended=2 waits=2
// CHECK-NEXT:   site await [[TWO:[0-9]+:[0-9]+]] reached=2 suspended=2 waits=2 awaiter=park
// CHECK-NEXT:   site await [[TWO]] reached=2 suspended=0 waits=0 awaiter=ready_awaiter
// CHECK-NEXT:   site await [[TWICE:[0-9]+:[0-9]+]] reached=2 suspended=0 waits=0 awaiter=bool_awaiter
// CHECK-NEXT:   site await [[TWICE]] reached=2 suspended=0 waits=0 awaiter=bool_awaiter
// CHECK-NEXT:   site final
