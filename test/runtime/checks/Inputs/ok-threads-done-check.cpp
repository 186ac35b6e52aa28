// EXPECT: none
// Look-alike of resume-after-completion across threads: a worker runs the task to completion;
// after the join, main checks done() and reads the result instead of resuming again, then the
// owner destroys the frame on main.
// Build: clang++-19 -std=c++20 -pthread -g ok-threads-done-check.cpp
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

Task<int> compress_block(int n) { co_return n / 2; }

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> job = compress_block(64);
  std::thread worker([h = job.handle()] { h.resume(); });
  worker.join();
  if (!job.handle().done()) job.handle().resume();
  std::printf("main: %d (expected 32)\n", job.handle().promise().value);
}
