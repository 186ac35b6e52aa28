// COROSCOPE_OUT without %p: a forked child must not overwrite the parent's
// log; it writes <path>.<pid>.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env COROSCOPE_OUT=%t.d/run.log %t
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES
// RUN: %coroscope report --format json -o %t.p.json %t.d/run.log
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s --check-prefix=PARENT
// RUN: %coroscope report --format json -o %t.c.json %t.d/run.log.*
// RUN: %python %S/../tools/report_summary.py %t.c.json | FileCheck %s --check-prefix=CHILD
#include "../Inputs/kit.h"
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) eager work() { co_return; }

int main() {
  for (int i = 0; i < 10; ++i)
    work();
  pid_t child = fork();
  if (child == 0) {
    for (int i = 0; i < 5; ++i)
      work();
    return 0;
  }
  waitpid(child, nullptr, 0);
}
// FILES: run.log
// FILES-NEXT: run.log.{{[0-9]+}}
// PARENT: function work() calls=10
// CHILD: function work() calls=5
