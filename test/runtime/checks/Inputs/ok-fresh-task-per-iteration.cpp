// EXPECT: none
// Look-alike of double-await with natural address reuse: a new child per loop iteration,
// each awaited once and destroyed at the end of the full-expression; the allocator (or
// CoroElide at -O2) hands the next child the same address.
// Build: clang++-19 -std=c++20 -pthread -g ok-fresh-task-per-iteration.cpp
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
#include "../../../Inputs/task.h"  // Task<T>: lazy, single-consumer, returns to its awaiter by symmetric transfer

Task<int> digit(int i) { co_return i % 10; }

Task<long> digits_sum(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) s += co_await digit(i);
  co_return s;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<long> t = digits_sum(10000);
  t.handle().resume();
  std::printf("main: %ld (expected 45000)\n", t.handle().promise().value);
}
