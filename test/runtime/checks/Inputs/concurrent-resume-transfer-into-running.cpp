// EXPECT: concurrent-resume build_index line 26,33
// Fault: a task already started on a worker thread is also co_awaited on main; the awaiter
// transfers into the frame while the worker is still running it.
// Build: clang++-19 -std=c++20 -pthread -g concurrent-resume-transfer-into-running.cpp
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

std::atomic<bool> g_entered{false}, g_release{false};

Task<int> build_index() {
  g_entered = true;
  while (!g_release.load()) std::this_thread::yield();
  co_return 3;
}

Task<int> query(Task<int>& index) {
  int n = co_await index;  // FAULT: index is running on the worker
  co_return n;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> index = build_index();
  std::thread worker([h = index.handle()] { h.resume(); });
  while (!g_entered.load()) std::this_thread::yield();
  Task<int> q = query(index);
  q.handle().resume();
  g_release = true;
  worker.join();
}
