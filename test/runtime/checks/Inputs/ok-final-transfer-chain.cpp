// EXPECT: none
// Look-alike of resume-after-completion / nested-resume: a 2000-deep recursive chain of
// tasks, each starting its child and returning to its parent by symmetric transfer, so the
// thread stack does not grow and every frame is resumed only while suspended.
// Build: clang++-19 -std=c++20 -pthread -g ok-final-transfer-chain.cpp
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

Task<int> depth(int n) {
  if (n == 0) co_return 0;
  int below = co_await depth(n - 1);
  co_return below + 1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = depth(2000);
  t.handle().resume();
  std::printf("main: %d (expected 2000)\n", t.handle().promise().value);
}
