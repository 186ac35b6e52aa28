// Profile mode counts every thread that ran instrumented coroutine code, as
// trace mode does, also when threads come and go one after another (the
// runtime reuses an exited thread's block; counting blocks gave 2 here).
// RUN: %clang_coroscope -O1 %s -o %t -pthread
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_OUT=trace.log %t
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=profile.log %t
// RUN: %coroscope report trace.log | FileCheck %s
// RUN: %coroscope report profile.log | FileCheck %s
// CHECK: coroscope report: 1 log, {{[0-9]+}} events, 41 threads
// CHECK: functions: 1, calls: 200,
#include "../Inputs/kit.h"

#include <thread>
#include <vector>

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main() {
  // 20 rounds: a thread creates 10 frames, a second resumes them, main
  // destroys them: 41 threads.
  for (int round = 0; round < 20; ++round) {
    std::vector<lazy<int>> frames;
    std::thread([&] {
      for (int i = 0; i < 10; ++i)
        frames.push_back(work(i));
    }).join();
    std::thread([&] {
      for (lazy<int> &t : frames)
        t.h.resume();
    }).join();
  }
}
