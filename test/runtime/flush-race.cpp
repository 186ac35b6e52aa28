// __coroscope_flush() from one thread while another appends events: no event
// lost, none written twice (a flush never rewinds another thread's buffer).
// RUN: %clang_coroscope -O2 %s -o %t
// RUN: rm -f %t.log && env COROSCOPE_OUT=%t.log %t
// RUN: %coroscope report --format json -o %t.json %t.log
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
#include "../Inputs/kit.h"
#include "coroscope/hooks.h"
#include <thread>

__attribute__((noinline)) eager work() { co_return; }

int main() {
  std::thread t([] {
    for (int i = 0; i < 1000000; ++i)
      work();
  });
  for (int i = 0; i < 2000; ++i)
    __coroscope_flush();
  t.join();
}
// CHECK: function work() calls=1000000 {{.*}} completed=1000000 sync=1000000
