// More frames alive at once than profile mode's lock-free frame table holds
// (2^20 slots): the rest go to its overflow map, so every count stays exact.
// Before, frames beyond the table were untracked and their completions and
// waits silently lost (completed 1,048,576 of 1,100,000). 1,100,000
// generators are created, then each is stepped twice (two waits at its
// yield) and to its end.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_MODE=profile COROSCOPE_CHECKS=0 COROSCOPE_OUT=p.log %t | FileCheck %s --check-prefix=TRUTH
// RUN: %coroscope report --strict --format json -o p.json p.log
// RUN: %python -c "import json; f = json.load(open('p.json'))['functions'][0]; print(*[f[k] for k in ('calls', 'completed', 'sync_completions', 'waits')], *[s['kind'] + '=' + str(s['waits']) for s in f['sites']])" | FileCheck %s
// RUN: %coroscope dump p.log | FileCheck %s --check-prefix=DUMP
// TRUTH: calls=1100000 yields=2200000 completed=1100000
// CHECK: 1100000 1100000 0 2200000 initial=1100000 yield=2200000 final=0
// DUMP: untracked=0
#include "../Inputs/generator.h"

#include <cstdio>
#include <vector>

Generator<int> gen(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
}

int main() {
  constexpr long kFrames = 1100000;
  std::vector<Generator<int>> frames;
  frames.reserve(kFrames);
  for (long i = 0; i < kFrames; ++i)
    frames.push_back(gen(2));
  long yields = 0, completed = 0;
  for (int step = 0; step < 2; ++step)
    for (Generator<int> &g : frames) {
      g.handle().resume();
      yields += !g.handle().done();
    }
  for (Generator<int> &g : frames) {
    g.handle().resume();
    completed += g.handle().done();
  }
  std::printf("calls=%ld yields=%ld completed=%ld\n", kFrames, yields, completed);
}
