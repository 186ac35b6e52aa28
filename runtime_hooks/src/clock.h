//===- clock.h - The event timestamp: invariant TSC, else CLOCK_MONOTONIC -===//
//
// rdtsc costs a few nanoseconds where clock_gettime costs ~20, and events are
// converted to nanoseconds offline from Clock chunks (pairs of TSC and
// CLOCK_MONOTONIC samples), so no calibration runs at start-up.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_CLOCK_H
#define COROSCOPE_RUNTIME_CLOCK_H

#include <stdint.h>
#include <time.h>

namespace coroscope {
namespace rt {

/// True when the CPU has an invariant TSC (CPUID 0x80000007 EDX bit 8);
/// decided once by initClock().
extern bool gUseTsc;
void initClock();

inline uint64_t monotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}

inline uint64_t now() {
#if defined(__x86_64__)
  if (__builtin_expect(gUseTsc, 1))
    return __builtin_ia32_rdtsc();
#endif
  return monotonicNs();
}

} // namespace rt
} // namespace coroscope

#endif
