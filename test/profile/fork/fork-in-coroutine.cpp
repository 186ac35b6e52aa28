// fork() inside a coroutine; the child (and the parent) go on awaiting.
// Truth, per process: leaf() 1 call (in each: the child's own), it waits
// once at `later`, so 0 sync completions; forking()'s await of leaf() is a
// wait (leaf waited, so forking is resumed from the main loop, not within
// the same activation), its call is the parent's. The child's profile
// counted leaf's wait as none: the resume() the fork was made in had lost
// its place on the thread's activation stack, so its end did not close the
// suspensions made under it.
// RUN: %clang_coroscope -O2 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_OUT=t.%%p.log %t > /dev/null
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p.%%p.log %t > /dev/null
// RUN: %coroscope report --format json -o t.json t.*.log
// RUN: %coroscope report --format json -o p.json p.*.log
// RUN: %python %S/../../tools/profile_check.py equal t.json p.json
// RUN: %python %S/../../tools/report_summary.py t.json | FileCheck %s
// RUN: %python %S/../../tools/report_summary.py p.json | FileCheck %s
// CHECK: function leaf() calls=2 {{.*}} completed=2 sync=0 awaits=2 suspends=2 waits=2
// CHECK: function forking() calls=1 {{.*}} completed=2 sync=0 awaits=2 suspends=2 waits=2
#include "../../Inputs/task.h"
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

std::vector<std::coroutine_handle<>> ready;
struct later {
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> h) { ready.push_back(h); }
  void await_resume() {}
};
Task<int> leaf() {
  co_await later{};
  co_return 1;
}
Task<int> forking() {
  pid_t p = fork();
  int s = co_await leaf();
  if (p)
    waitpid(p, nullptr, 0);
  co_return s;
}
int main() {
  auto t = forking();
  t.h.resume();
  while (!ready.empty()) {
    auto h = ready.back();
    ready.pop_back();
    h.resume();
  }
  std::printf("pid %d done %d\n", getpid(), (int)t.h.done());
}
