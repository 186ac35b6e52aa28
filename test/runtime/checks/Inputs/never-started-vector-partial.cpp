// EXPECT: never-started upload_part line 24
// Fault: a batch of lazy uploads is built up front, the loop stops at the first failure, and
// the remaining tasks are destroyed with the vector without ever running.
// Build: clang++-19 -std=c++20 -pthread -g never-started-vector-partial.cpp
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

Task<int> upload_part(int i) {
  std::printf("upload_part(%d)\n", i);
  co_return i == 1 ? -1 : 0;  // part 1 fails
}

Task<int> upload_all(int parts) {
  std::vector<Task<int>> batch;
  for (int i = 0; i < parts; ++i) batch.push_back(upload_part(i));
  for (auto& t : batch)
    if (co_await t != 0) co_return -1;  // FAULT: parts 2.. are dropped unstarted
  co_return 0;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> top = upload_all(4);
  top.handle().resume();
  std::printf("main: %d\n", top.handle().promise().value);
}
