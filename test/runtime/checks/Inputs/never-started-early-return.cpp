// EXPECT: never-started write_audit_log line 25
// Fault: the audit task is created before a validation early-return; on that path the task
// is dropped without ever being awaited, so the audit entry is never written.
// Build: clang++-19 -std=c++20 -pthread -g never-started-early-return.cpp
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

int g_audit_entries = 0;

Task<int> write_audit_log(int user) {
  ++g_audit_entries;
  co_return user;
}

Task<int> delete_account(int user) {
  Task<int> audit = write_audit_log(user);  // FAULT: not awaited on the early-return path
  if (user < 0) co_return -1;
  co_await audit;
  co_return 0;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> t = delete_account(-5);
  t.handle().resume();
  std::printf("main: result=%d audit entries=%d\n", t.handle().promise().value, g_audit_entries);
}
