// A program whose own crash handler returns survives the signal: the
// runtime's handler (chained before it) writes `ended by signal N`, and
// then goes on, so the log holds the calls after it and ends with the exit
// (it stopped at the signal: 1,000 of 2,500 calls, `ended by signal 11` in
// profile mode, `incomplete` in trace mode).
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: env COROSCOPE_OUT=%t.trace.log %t
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.profile.log %t
// RUN: %coroscope report --strict %t.trace.log | FileCheck %s
// RUN: %coroscope report --strict %t.profile.log | FileCheck %s
// CHECK: functions: 1, calls: 2500,
// CHECK: Logs:
// CHECK-NEXT: complete (exit status 0)
#include "../Inputs/kit.h"

#include <csignal>

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

// Installed before the runtime's (from .preinit_array), so it chains to it.
void survive(int) {}
void installEarly() {
  struct sigaction sa = {};
  sa.sa_handler = survive;
  sigaction(SIGSEGV, &sa, nullptr);
}
__attribute__((section(".preinit_array"), used)) void (*gEarly)() = installEarly;

void run(int n) {
  for (int i = 0; i < n; ++i) {
    lazy<int> t = work(i);
    t.h.resume();
  }
}

int main() {
  run(1000);
  raise(SIGSEGV);
  run(1500);
}
