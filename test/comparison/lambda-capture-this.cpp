// CASE [bad]: a coroutine lambda capturing `this`, handed to an executor, reads a member after suspending
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <functional>
void spawn(Task<> task); // runs it detached
void post(std::function<Task<>()> job) { spawn(job()); } // the job dies on return

class Session {
public:
  void start() {
    post([this]() -> Task<> { // BAD
      co_await Reschedule{};
      ++requests_;
    });
  }

private:
  int requests_ = 0;
};

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}lambda-capture-this.cpp:14:10: warning: lambda coroutine in 'start' uses its capture 'this' after suspending; {{.*}} [-Wcoroscope-capturing-lambda]
// COROSCOPE-NEXT: {{.*}}lambda-capture-this.cpp:15:7: note: the coroutine suspends here
// COROSCOPE-NEXT: {{.*}}lambda-capture-this.cpp:16:9: note: 'this' is read here, after the suspension
// TIDY: {{.*}}lambda-capture-this.cpp:14:10: warning: coroutine lambda may cause use-after-free, avoid captures or ensure {{.*}} [cppcoreguidelines-avoid-capturing-lambda-coroutines]
// CLANG-NOT: warning:
