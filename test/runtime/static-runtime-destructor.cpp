// A program's own ELF destructor (`__attribute__((destructor))`) that runs
// coroutines after main: with the static runtime linked into the executable
// the runtime's destructor ran first and ended the log, so those 20 calls
// were lost in both modes (10 of 30 counted); the shared runtime's
// destructor runs after the executable's anyway.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %clangxx -std=c++20 -O2 -fplugin=%coroscope_plugin %s -o %t.d/static $(%coroscope flags --link-static)
// RUN: %clang_coroscope -O2 %s -o %t.d/shared
// RUN: env COROSCOPE_OUT=%t.d/s.log %t.d/static | FileCheck %s --check-prefix=TRUTH
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.d/sp.log %t.d/static | FileCheck %s --check-prefix=TRUTH
// RUN: env COROSCOPE_OUT=%t.d/d.log %t.d/shared | FileCheck %s --check-prefix=TRUTH
// TRUTH: truth calls=30
// RUN: %coroscope report %t.d/s.log | FileCheck %s
// RUN: %coroscope report %t.d/sp.log | FileCheck %s
// RUN: %coroscope report %t.d/d.log | FileCheck %s
// CHECK: functions: 1, calls: 30,
// CHECK: complete (exit status 0)
#include "../Inputs/generator.h"
#include <cstdio>
static int calls = 0;
Generator<int> gen(int n) { ++calls; for (int i = 0; i < n; ++i) co_yield i; }
static int run(int k) {
  int s = 0;
  for (int j = 0; j < k; ++j)
    s += drain(gen(3));
  return s;
}
__attribute__((destructor)) static void atEnd() {
  run(20);
  std::printf("truth calls=%d\n", calls);
}
int main() { return run(10) == 30 ? 0 : 1; }
