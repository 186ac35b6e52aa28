// A child forked only to exec another program (how system()-like spawning
// is written by hand) leaves no log: the child's log is created at its first
// write, and an exec comes before any. The parent's log is complete, so
// --strict passes; a child that runs coroutines keeps its own full log.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env COROSCOPE_OUT=%t.d/run.%%p.log %t
// RUN: ls %t.d | count 2
// RUN: %coroscope report --strict --format json -o %t.json %t.d/run.*.log
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// CHECK: function leaf(int) calls=105 heap=105
#include "../Inputs/kit.h"

#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) lazy<int> leaf(int x) { co_return x + 1; }

void run(int n) {
  for (int i = 0; i < n; ++i) {
    lazy<int> t = leaf(i);
    t.h.resume();
  }
}

int main() {
  run(100);
  for (int i = 0; i < 3; ++i) {
    pid_t p = fork();
    if (p == 0) {
      execl("/bin/true", "true", (char *)nullptr);
      _exit(127);
    }
    waitpid(p, nullptr, 0);
  }
  pid_t p = fork();
  if (p == 0) {
    run(5);
    return 0;
  }
  waitpid(p, nullptr, 0);
}
