// Two coroutine libraries opened, both closed, then one opened again. With
// the run-time checks on (trace mode's default), registering the reopened
// library propagates generator flags over every known site table and read
// the closed one's, no longer mapped (SIGSEGV). It now skips the tables of
// unloaded images.
// RUN: %clang_coroscope -O1 -fPIC -shared -DLIBRARY %s -o %t.a.so
// RUN: %clang_coroscope -O1 -fPIC -shared -DLIBRARY -DOTHER %s -o %t.b.so
// RUN: %clang_coroscope -O1 %s -o %t -ldl
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env COROSCOPE_OUT=%t.d/t.log %t %t.a.so %t.b.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.t.json %t.d/t.log
// RUN: %python %S/../tools/report_summary.py %t.t.json | FileCheck %s
// RUN: env COROSCOPE_MODE=profile COROSCOPE_CHECKS=1 COROSCOPE_OUT=%t.d/p.log %t %t.a.so %t.b.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.p.json %t.d/p.log
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s
#include "../Inputs/kit.h"
#include <cstdio>

#ifdef LIBRARY
#ifdef OTHER
generator<int> gen_b(int n) {
#else
generator<int> gen_a(int n) {
#endif
  for (int i = 0; i < n; ++i)
    co_yield i;
}
extern "C" int run() {
  int s = 0;
#ifdef OTHER
  auto g = gen_b(3);
#else
  auto g = gen_a(3);
#endif
  while (g.next())
    s += g.h.promise().current;
  return s;
}
#else
#include "../Inputs/open_library.h"

static void *open(const char *path) {
  void *h = openLibrary(path);
  std::printf("run %d\n", librarySymbol<int (*)()>(h, "run")());
  return h;
}

int main(int, char **argv) {
  void *b = open(argv[2]), *a = open(argv[1]);
  dlclose(a);
  dlclose(b);
  dlclose(open(argv[2]));
  std::printf("done\n");
}
#endif
// OUT: run 3
// OUT-NEXT: run 3
// OUT-NEXT: run 3
// OUT-NEXT: done
// CHECK-DAG: function gen_a(int) calls=1
// CHECK-DAG: function gen_b(int) calls=2
