// EXPECT: none
// Look-alike of never-started / double-await: a lazy task is moved out of a temporary and out of
// a named variable; the moved-from wrappers are destroyed empty, and the final owner is
// awaited once.
// Build: clang++-19 -std=c++20 -pthread -g ok-moved-from-destroyed.cpp
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

Task<int> compute(int x) { co_return x + 1; }

Task<int> pass_through(Task<int> t) {  // by value: moved in
  co_return co_await t;
}

Task<int> top_level() {
  Task<int> a = compute(1);
  Task<int> b = std::move(a);
  int v = co_await pass_through(std::move(b));
  co_return v;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = top_level();
  t.handle().resume();
  std::printf("main: %d (expected 2)\n", t.handle().promise().value);
}
