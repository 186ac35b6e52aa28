// A frame suspended when the process forks is resumed in both processes:
// its wait there is the child's (and the parent's), and so is its
// completion. The child's profile dropped the site's row, since the child
// never reached that co_await itself (its reached and suspended are the
// parent's), and with it the wait.
// RUN: %clang_coroscope -O2 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_OUT=t.%%p.log %t > /dev/null
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p.%%p.log %t > /dev/null
// RUN: %coroscope report --format json -o t.json t.*.log
// RUN: %coroscope report --format json -o p.json p.*.log
// RUN: %python %S/../../tools/profile_check.py equal t.json p.json
// RUN: %python %S/../../tools/report_summary.py t.json | FileCheck %s
// RUN: %python %S/../../tools/report_summary.py p.json | FileCheck %s
// CHECK: function waiter() calls=1 {{.*}} completed=2 sync=0 awaits=1 suspends=1 waits=2
// CHECK: site await 29:3 reached=1 suspended=1 waits=2
#include "../../Inputs/task.h"
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

std::coroutine_handle<> parked;
struct park {
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> h) { parked = h; }
  void await_resume() {}
};
Task<int> waiter() {
  co_await park{};
  co_return 1;
}
int main() {
  auto t = waiter();
  t.h.resume();
  pid_t p = fork();
  parked.resume();
  if (p)
    waitpid(p, nullptr, 0);
  std::printf("pid %d done %d\n", getpid(), (int)t.h.done());
}
