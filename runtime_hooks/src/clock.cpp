//===- clock.cpp - Choosing the event clock -------------------------------===//
//
// rdtsc is only a clock when the TSC is invariant (constant rate across
// frequency changes and sleep states); CPUID says so.
//
//===----------------------------------------------------------------------===//
#include "clock.h"

namespace coroscope {
namespace rt {

bool gUseTsc = false;

void initClock() {
  static bool done = false;
  if (done)
    return;
  done = true;
#if defined(__x86_64__)
  unsigned a, b, c, d;
  __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000000u), "c"(0));
  if (a >= 0x80000007u) {
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000007u), "c"(0));
    gUseTsc = (d >> 8) & 1;
  }
#endif
}

} // namespace rt
} // namespace coroscope
