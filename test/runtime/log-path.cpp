// Where the log goes: coroscope.<pid>.log in the working directory by
// default, COROSCOPE_OUT with %p replaced by the pid otherwise; a forked
// child writes a log of its own with the same site tables.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && env -u COROSCOPE_OUT %t > pid.txt
// RUN: test -f coroscope.$(cat pid.txt).log
// RUN: %coroscope report coroscope.$(cat pid.txt).log | FileCheck %s --check-prefix=PARENT
// RUN: rm -rf %t.dir2 && mkdir %t.dir2 && env COROSCOPE_OUT=%t.dir2/run-%%p.log %t > %t.dir2/pid.txt
// RUN: ls %t.dir2 | FileCheck %s --check-prefix=FILES
// RUN: %coroscope report %t.dir2/run-$(cat %t.dir2/pid.txt).log | FileCheck %s --check-prefix=PARENT
// RUN: %coroscope report $(ls %t.dir2/run-*.log | grep -v run-$(cat %t.dir2/pid.txt).log) | FileCheck %s --check-prefix=CHILD
#include <coroutine>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

struct task {
  struct promise_type {
    task get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

task parent_work() { co_return; }
task child_work() { co_return; }

int main() {
  std::printf("%d\n", int(getpid()));
  std::fflush(stdout);
  parent_work().h.destroy();
  pid_t pid = fork();
  if (pid == 0) {
    child_work().h.destroy();
    child_work().h.destroy();
    return 0;
  }
  waitpid(pid, nullptr, 0);
  return 0;
}

// FILES: pid.txt
// FILES-NEXT: run-{{[0-9]+}}.log
// FILES-NEXT: run-{{[0-9]+}}.log
// PARENT: parent_work()
// PARENT-NOT: child_work()
// CHILD-NOT: parent_work()
// CHILD: child_work()
