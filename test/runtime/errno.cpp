// The runtime's system calls (a log write failing with ENOSPC here) must not
// change errno under the program.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: env COROSCOPE_OUT=/dev/full %t 2>/dev/null | FileCheck %s
#include "../Inputs/kit.h"
#include <cerrno>
#include <cstdio>

__attribute__((noinline)) eager work() { co_return; }

int main() {
  errno = 0;
  for (int i = 0; i < 100000; ++i) // enough events to flush several times
    work();
  std::printf("errno=%d\n", errno);
}
// CHECK: errno=0
