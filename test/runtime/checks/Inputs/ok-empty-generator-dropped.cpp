// EXPECT: none
// Look-alike of never-started: a generator type whose function has no co_yield at all (an
// "empty range" stub that only co_returns) is created and dropped without being pulled, like
// any other unpulled generator.
// Build: clang++-19 -std=c++20 -pthread -g ok-empty-generator-dropped.cpp
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

Generator<int> no_results() { co_return; }

Generator<int> results_for(int query) {
  for (int i = 0; i < query; ++i) co_yield i;
}

int main(int argc, char**) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  {
    Generator<int> r = argc > 5 ? results_for(argc) : no_results();  // not consumed
  }
  int n = 0;
  for (int v : no_results()) n += v;  // consumed: empty
  std::printf("main: %d (expected 0)\n", n);
}
