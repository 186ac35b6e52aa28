//===- chain_bench.cpp - Coroutine chains timed in-process ----------------===//
//
// The seed's CompletedDepth20 and SuspendingDepth20 in one program: a lazy
// task calling itself to depth N, either completing synchronously or
// suspending once at the bottom on a run queue. Prints ns per top-level call
// (median of 5 rounds), so one binary can be timed plain, instrumented with
// checks and without (COROSCOPE_CHECKS=0). Never part of a pass/fail test.
//
// USAGE: chain_bench completed|suspending DEPTH CALLS
//
//===----------------------------------------------------------------------===//
#include "../examples/common/event_loop.h"
#include "../examples/common/task.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace coroscope_example;

static task<int> completed(int n) { co_return n == 0 ? 0 : 1 + co_await completed(n - 1); }

static task<int> suspending(int n) {
  if (n == 0) {
    co_await default_loop().sleep_io();
    co_return 0;
  }
  co_return 1 + co_await suspending(n - 1);
}

static task<long> drive(bool suspend, int depth, int calls) {
  long sum = 0;
  for (int i = 0; i < calls; ++i)
    sum += suspend ? co_await suspending(depth) : co_await completed(depth);
  co_return sum;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s completed|suspending DEPTH CALLS\n", argv[0]);
    return 2;
  }
  bool suspend = std::strcmp(argv[1], "suspending") == 0;
  int depth = std::atoi(argv[2]), calls = std::atoi(argv[3]);
  std::vector<double> rounds;
  long sum = 0;
  for (int r = 0; r < 5; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    sum += sync_wait(drive(suspend, depth, calls));
    auto t1 = std::chrono::steady_clock::now();
    rounds.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / calls);
  }
  std::sort(rounds.begin(), rounds.end());
  std::printf("%.1f ns/call (sum %ld)\n", rounds[2], sum);
}
