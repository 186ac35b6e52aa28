// A pre-fork server: fork() before any coroutine ran. Parent and child must
// write separate logs, each with only its own worker().
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env COROSCOPE_OUT=%t.d/log.%%p %t
// RUN: ls %t.d | count 2
// RUN: for f in %t.d/log.*; do %coroscope report --format json -o $f.json $f && %python %S/../tools/report_summary.py $f.json; done | FileCheck %s
#include "../Inputs/kit.h"
#include "coroscope/hooks.h"
#include <sys/wait.h>
#include <unistd.h>

std::coroutine_handle<> parked;
struct park {
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> h) { parked = h; }
  void await_resume() {}
};
lazy<int> worker(int x) {
  co_await park{};
  co_return x;
}

int main() {
  pid_t child = fork();
  {
    lazy<int> t = worker(1);
    t.h.resume();
    __coroscope_flush();
    usleep(child == 0 ? 100000 : 50000); // interleave the two processes' flushes
    parked.resume();
  }
  if (child == 0)
    return 0;
  waitpid(child, nullptr, 0);
}
// CHECK: function worker(int) calls=1 {{.*}} completed=1 sync=0 awaits=1 suspends=1 waits=1
// CHECK: function worker(int) calls=1 {{.*}} completed=1 sync=0 awaits=1 suspends=1 waits=1
