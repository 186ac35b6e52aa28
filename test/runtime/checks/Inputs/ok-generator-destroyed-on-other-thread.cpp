// EXPECT: none
// Look-alike of leaked-frame / concurrent-resume: a generator is pulled on main, then moved to
// a worker thread that pulls a few more values and destroys it when the wrapper goes out of
// scope there.
// Build: clang++-19 -std=c++20 -pthread -g ok-generator-destroyed-on-other-thread.cpp
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

Generator<int> squares() {
  for (int i = 0;; ++i) co_yield i * i;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Generator<int> g = squares();
  auto it = g.begin();
  int sum = *it;
  ++it;
  sum += *it;
  std::thread worker([g = std::move(g), &sum]() mutable {
    auto h = g.handle();
    for (int k = 0; k < 3; ++k) {
      h.resume();
      sum += h.promise().current;
    }
  });  // the lambda (and the generator it owns) is destroyed on the worker
  worker.join();
  std::printf("main: sum=%d (expected 30)\n", sum);
}
