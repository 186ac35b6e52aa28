// A dlopen'ed library with an initial-exec thread-local of its own (as
// allocators and tracing libraries have) uses glibc's small reserve of
// static TLS for dlopen'ed libraries, for all its thread-locals. The
// module's inline counters (1,792 bytes for these 8 coroutines) made it fail
// to load ("cannot allocate memory in static TLS block"); such a module keeps
// its hook calls, so it loads and counts as the plain build does.
// RUN: %clang_coroscope -O2 -fPIC -shared -DLIBRARY %s -o %t.so
// RUN: readelf -lW %t.so | FileCheck %s --check-prefix=TLS
// TLS: TLS {{.*}} 0x000000 0x000004 R   0x4
// RUN: %clang_coroscope -O2 %s -o %t -ldl
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.d/p.log %t %t.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.p.json %t.d/p.log
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s
// RUN: env COROSCOPE_OUT=%t.d/t.log %t %t.so | FileCheck %s --check-prefix=OUT
#include "../Inputs/kit.h"
#include <cstdio>

#ifdef LIBRARY
__attribute__((tls_model("initial-exec"))) thread_local int hits;
#define CORO(n)                                                                                    \
  eager c##n() {                                                                                   \
    ++hits;                                                                                        \
    co_await std::suspend_never{};                                                                 \
    co_return;                                                                                     \
  }
CORO(0) CORO(1) CORO(2) CORO(3) CORO(4) CORO(5) CORO(6) CORO(7)
extern "C" int run() {
  c0(), c1(), c2(), c3(), c4(), c5(), c6(), c7();
  return hits;
}
#else
#include "../Inputs/open_library.h"

int main(int, char **argv) {
  void *h = openLibrary(argv[1]);
  std::printf("run=%d\n", librarySymbol<int (*)()>(h, "run")());
  dlclose(h);
}
#endif
// OUT: run=8
// CHECK-DAG: function c0() calls=1 {{.*}} completed=1
// CHECK-DAG: function c7() calls=1 {{.*}} completed=1
