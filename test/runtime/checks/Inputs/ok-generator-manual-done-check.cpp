// EXPECT: none
// Look-alike of resume-after-completion: a generator pulled by raw resume() calls that checks
// done() after each one and stops at the end; the owner destroys the finished frame.
// Build: clang++-19 -std=c++20 -pthread -g ok-generator-manual-done-check.cpp
#include <atomic>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <thread>
#include <utility>
#include <vector>
#include "../../../Inputs/generator.h"  // Generator<T>: move-only, pulled by its consumer, destroyed by its owner

Generator<int> three_ids() {
  co_yield 101;
  co_yield 102;
  co_yield 103;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Generator<int> ids = three_ids();
  auto h = ids.handle();
  int sum = 0;
  for (int i = 0; i < 5; ++i) {
    h.resume();
    if (h.done()) break;
    sum += h.promise().current;
  }
  std::printf("main: sum=%d (expected 306)\n", sum);
}
