// EXPECT: none
// Look-alike of never-started: generators created and dropped without pulling a value (a
// generator is pulled by its consumer: an unpulled one is not lost work), including one that
// would co_yield only after an inner loop.
// Build: clang++-19 -std=c++20 -pthread -g ok-generator-never-pulled.cpp
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

Generator<int> range(int a, int b) {
  for (int i = a; i < b; ++i) co_yield i;
}

Generator<int> evens_after(int n) {
  int i = n;
  while (i % 2) ++i;
  for (;; i += 2) co_yield i;
}

int main(int argc, char**) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Generator<int> unused = range(0, 10);
  if (argc > 5) {
    for (int v : unused) std::printf("%d\n", v);
  }
  { auto g = evens_after(7); }
  std::puts("main: done");
}
