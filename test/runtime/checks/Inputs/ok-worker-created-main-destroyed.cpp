// EXPECT: none
// Look-alike of leaked-frame across threads: tasks created and run on worker threads are handed
// back to main, which destroys them after the joins.
// Build: clang++-19 -std=c++20 -pthread -g ok-worker-created-main-destroyed.cpp
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

Task<unsigned> hash_part(unsigned seed) {
  unsigned x = seed;
  for (int i = 0; i < 100; ++i) x = x * 1664525u + 1013904223u;
  co_return x;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::vector<Task<unsigned>> results(4);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < 4; ++t)
    pool.emplace_back([&results, t] {
      Task<unsigned> p = hash_part(t);
      p.handle().resume();
      results[t] = std::move(p);
    });
  for (auto& th : pool) th.join();
  unsigned acc = 0;
  for (auto& r : results) acc += r.handle().promise().value;
  std::printf("main: %u\n", acc);
}  // results destroyed here, on main
