// Profile mode's table of open suspensions (profile_counting.h) and module
// counters (module_counters.h): a synchronous chain deeper than a thread's
// 256 slots spills into the runtime's map and every level still completes
// without a wait; a generator and its consumer take turns in the same
// slots; threads that exit before the profile is written have their
// module counters folded into their blocks. Counts equal trace mode's and
// the program's truth, at -O2 and -O0.
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: %clang_coroscope -O2 %s -o o2 -pthread
// RUN: %clang_coroscope -O0 %s -o o0 -pthread
// RUN: env COROSCOPE_OUT=trace2.log ./o2 && env COROSCOPE_MODE=profile COROSCOPE_OUT=prof2.log ./o2
// RUN: env COROSCOPE_OUT=trace0.log ./o0 && env COROSCOPE_MODE=profile COROSCOPE_OUT=prof0.log ./o0
// RUN: for f in trace2 prof2 trace0 prof0; do %coroscope report --format json -o $f.json $f.log; done
// RUN: %python %S/../tools/profile_check.py equal trace2.json prof2.json | FileCheck %s --check-prefix=EQUAL
// RUN: %python %S/../tools/profile_check.py equal trace0.json prof0.json | FileCheck %s --check-prefix=EQUAL
// RUN: %python %S/../tools/report_summary.py prof2.json | FileCheck %s
// RUN: %python %S/../tools/report_summary.py prof0.json | FileCheck %s
// EQUAL: equal: 2 functions, 6 sites
// 3 chains of 601 frames on main, 4 of 301 on threads that exit first.
// CHECK-DAG: function chain(int) calls=3007 {{.*}} completed=3007 sync=3007 awaits=3000 suspends=3000 waits=0
// CHECK-DAG: function numbers(int) calls=1 {{.*}} completed=1 sync=0 awaits=1000 suspends=1000 waits=1000
#include "../Inputs/kit.h"

#include <thread>
#include <vector>

__attribute__((noinline)) lazy<int> chain(int n) {
  co_return n == 0 ? 0 : 1 + co_await chain(n - 1);
}

generator<int> numbers(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
}

int run(lazy<int> t) {
  t.h.resume();
  return t.h.promise().value;
}

int main() {
  long sum = 0;
  for (int r = 0; r < 3; ++r)
    sum += run(chain(600));
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([] { run(chain(300)); });
  for (std::thread &t : threads)
    t.join();
  generator<int> g = numbers(1000);
  long items = 0;
  while (g.next())
    items += g.h.promise().current;
  return sum == 1800 && items == 499500 ? 0 : 1;
}
