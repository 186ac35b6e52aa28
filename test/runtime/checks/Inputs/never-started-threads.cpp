// EXPECT: never-started index_document line 27
// Fault across threads: jobs are handed to a worker thread through a queue; the worker is
// told to stop before it drains the queue, and destroys the pending jobs unstarted.
// Build: clang++-19 -std=c++20 -pthread -g never-started-threads.cpp
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

std::atomic<int> g_indexed{0};

Task<int> index_document(int id) {
  g_indexed += 1;
  co_return id;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::vector<Task<int>> queue;
  for (int i = 0; i < 3; ++i) queue.push_back(index_document(i));
  std::atomic<bool> stop{true};  // shutdown requested before the worker got to run anything
  std::thread worker([&] {
    while (!stop.load() && !queue.empty()) {
      queue.back().handle().resume();
      queue.pop_back();
    }
    queue.clear();  // FAULT: destroys the jobs that never ran
  });
  worker.join();
  std::printf("main: indexed=%d\n", g_indexed.load());
}
