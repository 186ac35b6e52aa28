// EXPECT: double-await fetch_page line 26
// Fault: a retry loop co_awaits the same single-consumption task on every iteration; the
// first await runs it to completion, the second transfers into the finished frame.
// Build: clang++-19 -std=c++20 -pthread -g double-await-loop-reawait.cpp
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

Task<int> fetch_page(int n) {
  std::printf("fetch_page(%d)\n", n);
  co_return n * 10;
}

Task<int> crawl() {
  Task<int> page = fetch_page(3);
  int total = 0;
  for (int attempt = 0; attempt < 2; ++attempt) {
    total += co_await page;  // FAULT: second iteration awaits the finished task again
  }
  co_return total;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = crawl();
  top.handle().resume();
  std::printf("main: total=%d\n", top.handle().promise().value);
}
