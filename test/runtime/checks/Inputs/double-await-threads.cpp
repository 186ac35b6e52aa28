// EXPECT: double-await load_profile line 24,20
// Fault across threads: a worker thread's coroutine awaits the shared single-consumer task to
// completion; after the join, a coroutine on a second thread awaits the same task again.
// Build: clang++-19 -std=c++20 -pthread -g double-await-threads.cpp
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

Task<int> load_profile() { co_return 7; }

Task<int> render(Task<int>& profile) {
  co_return co_await profile;
}

Task<int> audit(Task<int>& profile) {
  int v = co_await profile;  // FAULT: the profile task already completed on the other thread
  co_return v + 1;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> profile = load_profile();
  Task<int> a = render(profile);
  Task<int> b = audit(profile);
  std::thread t1([&] { a.handle().resume(); });
  t1.join();
  std::thread t2([&] { b.handle().resume(); });
  t2.join();
  std::printf("main: %d %d\n", a.handle().promise().value, b.handle().promise().value);
}
