// A library's code that runs after its module's unload destructor (a DT_FINI
// function: glibc calls it after .fini_array, so after coroscope.module.unload).
// In profile mode a thread that had registered with the module then counts
// through the hooks, and one that had not (here the main thread: the code
// ran on a worker before) registers no entry: such an entry outlived the
// image, and the profile's snapshot at exit read its gone site table
// (SIGSEGV, no profile). Twice, so that the second dlopen (often at the
// same address) registers again.
// RUN: %clang_coroscope -O1 -fPIC -shared -DLIBRARY %s -o %t.so -Wl,-fini=lib_fini
// RUN: %clang_coroscope -O1 %s -o %t -ldl -pthread
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.d/p.log %t %t.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.p.json %t.d/p.log
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s
// RUN: env COROSCOPE_OUT=%t.d/t.log %t %t.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.t.json %t.d/t.log
// RUN: %python %S/../tools/report_summary.py %t.t.json | FileCheck %s
#include "../Inputs/kit.h"
#include <cstdio>

#ifdef LIBRARY
int *calls;
lazy<int> step(int x) {
  ++*calls;
  co_return x;
}
eager run_once(int *sum) {
  *sum += co_await step(1);
  co_return;
}
extern "C" int run(int *c) {
  calls = c;
  int sum = 0;
  run_once(&sum);
  return sum;
}
extern "C" void lib_fini() {
  int sum = 0;
  run_once(&sum);
}
#else
#include "../Inputs/open_library.h"
#include <thread>

int main(int, char **argv) {
  int calls = 0;
  for (int i = 0; i < 2; ++i) {
    void *h = openLibrary(argv[1]);
    auto run = librarySymbol<int (*)(int *)>(h, "run");
    std::thread([&] { run(&calls); }).join();
    dlclose(h); // lib_fini runs here, on the main thread
  }
  std::printf("calls=%d\n", calls);
}
#endif
// OUT: calls=4
// CHECK-DAG: function run_once(int*) calls=4 {{.*}} completed=4
// CHECK-DAG: function step(int) calls=4 {{.*}} completed=4
