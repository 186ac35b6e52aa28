// fork() inside a coroutine, then an await that completes at once (by
// symmetric transfer in and out) in both processes. Truth, per process:
// quick() completes without waiting; forking() is resumed inside the same
// resume() call it suspended in, the one the fork was made in: no wait.
// The child's trace log does not see that resume() begin, and its report
// counted the await as a wait.
// RUN: %clang_coroscope -O2 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_OUT=t.%%p.log %t > /dev/null
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p.%%p.log %t > /dev/null
// RUN: %coroscope report --format json -o t.json t.*.log
// RUN: %coroscope report --format json -o p.json p.*.log
// RUN: %python %S/../../tools/profile_check.py equal t.json p.json
// RUN: %python %S/../../tools/report_summary.py t.json | FileCheck %s
// RUN: %python %S/../../tools/report_summary.py p.json | FileCheck %s
// CHECK: function quick() calls=2 {{.*}} completed=2 sync=2 awaits=0 suspends=0 waits=0
// CHECK: function forking() calls=1 {{.*}} completed=2 sync=1 awaits=2 suspends=2 waits=0
#include "../../Inputs/task.h"
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

Task<int> quick() { co_return 2; }
Task<int> forking() {
  pid_t p = fork();
  int s = co_await quick();
  if (p)
    waitpid(p, nullptr, 0);
  co_return s;
}
int main() {
  auto t = forking();
  t.h.resume();
  std::printf("pid %d done %d\n", getpid(), (int)t.h.done());
}
