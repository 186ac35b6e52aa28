// EXPECT: none
// Look-alike of double-await on a moved-from task: tasks are moved into a vector and into
// other variables, and only the current owners are awaited, each once; the moved-from
// wrappers are empty and destroy nothing.
// Build: clang++-19 -std=c++20 -pthread -g ok-moved-task-awaited.cpp
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

Task<int> part(int i) { co_return i; }

Task<int> assemble() {
  Task<int> first = part(1);
  Task<int> owner = std::move(first);  // `first` is now empty
  int sum = co_await owner;
  std::vector<Task<int>> rest;
  for (int i = 2; i <= 4; ++i) {
    Task<int> t = part(i);
    rest.push_back(std::move(t));
  }
  Task<int> moved_again = std::move(rest[1]);
  for (auto& t : rest)
    if (t.handle()) sum += co_await t;
  sum += co_await moved_again;
  co_return sum;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = assemble();
  top.handle().resume();
  std::printf("main: %d (expected 10)\n", top.handle().promise().value);
}
