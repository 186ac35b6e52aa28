// fork() while frames are suspended: the child's copies of them complete and
// wait in the child, so the child's log counts their completions and waits,
// but not their calls, which are the parent's (a report of both logs counts
// each call once; both copies complete).
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env COROSCOPE_OUT=%t.d/log.%%p %t > %t.pids
// RUN: %coroscope report --format json -o %t.child.json %t.d/log.$(sed -n 2p %t.pids)
// RUN: %python %S/../tools/report_summary.py %t.child.json | FileCheck %s --check-prefix=CHILD
// RUN: %coroscope report --format json -o %t.parent.json %t.d/log.$(sed -n 1p %t.pids)
// RUN: %python %S/../tools/report_summary.py %t.parent.json | FileCheck %s --check-prefix=PARENT
// RUN: %coroscope report --format json -o %t.all.json %t.d/log.*
// RUN: %python %S/../tools/report_summary.py %t.all.json | FileCheck %s --check-prefix=ALL
// RUN: %coroscope dump %t.d/log.$(sed -n 2p %t.pids) | FileCheck %s --check-prefix=DUMP
#include "../Inputs/kit.h"
#include <cstdio>
#include <deque>
#include <sys/wait.h>
#include <unistd.h>

std::deque<std::coroutine_handle<>> queue;
struct park {
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> h) { queue.push_back(h); }
  void await_resume() {}
};
lazy<int> w(int i) {
  co_await park{};
  co_return i;
}
eager r(int n) {
  for (int i = 0; i < n; ++i)
    co_await w(i);
}
void drain() {
  while (!queue.empty()) {
    auto h = queue.front();
    queue.pop_front();
    h.resume();
  }
}

int main() {
  for (int i = 0; i < 3; ++i)
    r(2); // each suspended in w(0) at the fork
  std::printf("%d\n", int(getpid()));
  std::fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    drain();
    return 0;
  }
  std::printf("%d\n", int(child));
  waitpid(child, nullptr, 0);
  drain();
}
// CHILD-DAG: function r(int) calls=0 {{.*}} completed=3 sync=0 awaits=3 suspends=3 waits=6
// CHILD-DAG: function w(int) calls=3 {{.*}} completed=6 sync=0 awaits=3 suspends=3 waits=6
// PARENT-DAG: function r(int) calls=3 {{.*}} completed=3 sync=0 awaits=6 suspends=6 waits=6
// PARENT-DAG: function w(int) calls=6 {{.*}} completed=6 sync=0 awaits=6 suspends=6 waits=6
// ALL-DAG: function r(int) calls=3 {{.*}} completed=6 sync=0 awaits=9 suspends=9 waits=12
// ALL-DAG: function w(int) calls=9 {{.*}} completed=12 sync=0 awaits=9 suspends=9 waits=12
// DUMP: header {{.*}} forked-child
