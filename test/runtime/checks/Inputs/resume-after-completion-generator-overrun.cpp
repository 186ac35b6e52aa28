// EXPECT: resume-after-completion three_ids line 29
// Fault: a consumer pulls a fixed number of items with raw resume() calls, without checking
// done(); the generator yields three values, so the fifth resume() hits the finished frame.
// Build: clang++-19 -std=c++20 -pthread -g resume-after-completion-generator-overrun.cpp
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
    h.resume();  // FAULT: the 5th call resumes the generator at its final suspend point
    sum += h.promise().current;
  }
  std::printf("main: sum=%d\n", sum);
}
