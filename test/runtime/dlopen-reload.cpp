// A coroutine library loaded with dlopen, unloaded, loaded again (often at
// the same address), then a fork: every call is counted under its name, and
// the child does not touch the unloaded library's site table.
// RUN: %clang_coroscope -O1 -fPIC -shared -DLIBRARY %s -o %t.so
// RUN: %clang_coroscope -O1 %s -o %t -ldl
// RUN: rm -rf %t.d && mkdir %t.d && env COROSCOPE_OUT=%t.d/log.%%p %t %t.so | FileCheck %s --check-prefix=OUT
// RUN: ls %t.d | count 2
// RUN: %coroscope report --format json -o %t.json %t.d/log.*
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
// Profile mode: the library's code counts inline into its own thread-locals;
// each dlclose folds them into the thread's block before they go.
// RUN: rm -rf %t.p && mkdir %t.p && env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.p/log.%%p %t %t.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.p.json %t.p/log.*
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s
#include "../Inputs/kit.h"
#include <cstdio>

#ifdef LIBRARY
eager lib_leaf(int) { co_return; }
eager lib_fn(int x) {
  lib_leaf(x);
  co_return;
}
extern "C" int run_lib(int n) {
  for (int i = 0; i < n; ++i)
    lib_fn(i);
  return n;
}
#else
#include <dlfcn.h>
#include <initializer_list>
#include <sys/wait.h>
#include <unistd.h>

int main(int, char **argv) {
  int total = 0;
  for (int n : {5, 8}) {
    void *h = dlopen(argv[1], RTLD_NOW);
    auto run = reinterpret_cast<int (*)(int)>(dlsym(h, "run_lib"));
    total += run(n);
    dlclose(h);
  }
  pid_t child = fork();
  if (child == 0)
    return 0;
  int status = 0;
  waitpid(child, &status, 0);
  std::printf("calls=%d child=%s\n", total, WIFEXITED(status) && WEXITSTATUS(status) == 0 ? "ok" : "failed");
}
#endif
// OUT: calls=13 child=ok
// CHECK-DAG: function lib_fn(int) calls=13
// CHECK-DAG: function lib_leaf(int) calls=13
// CHECK-NOT: unknown
