// EXPECT: resume-after-completion connect line 30,27
// Fault: "retry" logic resumes a lazy task again when its result is bad, as if resume() ran
// the body anew; the frame is parked at its final suspend point.
// Build: clang++-19 -std=c++20 -pthread -g resume-after-completion-task-rerun.cpp
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

int g_attempts = 0;

Task<int> connect() {
  ++g_attempts;
  co_return g_attempts >= 2 ? 0 : -1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> c = connect();
  c.handle().resume();
  if (c.handle().promise().value != 0) {
    std::puts("main: connect failed, retrying");
    c.handle().resume();  // FAULT: resumes the finished task
  }
  std::printf("main: attempts=%d\n", g_attempts);
}
