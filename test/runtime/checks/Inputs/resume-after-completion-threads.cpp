// EXPECT: resume-after-completion compress_block line 24
// Fault across threads: a worker thread runs the task to completion; after the join, main
// resumes it once more to "collect" the result.
// Build: clang++-19 -std=c++20 -pthread -g resume-after-completion-threads.cpp
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
  job.handle().resume();  // FAULT: the worker already ran it to completion
  std::printf("main: %d\n", job.handle().promise().value);
}
