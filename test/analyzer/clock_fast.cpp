// TimeConverter::toNs takes a fast integer path for most timestamps; it must
// give exactly what the long double computation (exact()) gives, for TSC
// rates seen in practice and odd ones, timestamps near the clock samples and
// far from them, and values that end exactly or nearly on .5 ns.
// RUN: %clangxx -O2 -I%S/../../analyzer -I%S/../../include %S/../../analyzer/log/clock.cpp %s -o %t
// RUN: %t | FileCheck %s
// The fast path covers slopes below 1 ns per tick (TSCs above 1 GHz); for
// the two real-world rates it decides every timestamp after the sample.
// CHECK: clock 0: fast path 100%
// CHECK: clock 1: fast path 100%
// CHECK: mismatches 0
#include "log/clock.h"

#include <cstdio>
#include <random>
#include <vector>

using coroscope::analyzer::TimeConverter;
using coroscope::log::ClockSample;

int main() {
  std::mt19937_64 rng(42);
  // (ticks0, ns0, ticks1, ns1): 3.4, 2.1 and 1 GHz TSCs, a slope of exactly
  // 1/2 (every odd tick delta ends on .5 ns), 1/3, a slow clock, a large
  // monotonic time (months of uptime), a single sample (slope 1).
  std::vector<std::vector<ClockSample>> clocks = {
      {{123456789012345ull, 5000000000000ull}, {123456789012345ull + 34000000000ull, 5000000000000ull + 10000000000ull}},
      {{1000, 77}, {1000 + 21000000007ull, 77 + 10000000003ull}},
      {{0, 0}, {1000000000, 1000000000}},
      {{1000, 5000}, {3000, 6000}},
      {{7, 100}, {3000000007ull, 1000000100ull}},
      {{500, 1}, {1000500, 999999999999ull}},
      {{99999999999ull, 31536000000000000ull}, {99999999999ull + 3000000000ull, 31536000000000000ull + 1000000001ull}},
      {{4000, 9000}},
  };
  uint64_t mismatches = 0;
  for (size_t k = 0; k < clocks.size(); ++k) {
    const auto &samples = clocks[k];
    uint64_t after = 0, fast = 0;
    TimeConverter c(true, samples);
    uint64_t t0 = samples.front().ticks;
    for (int i = 0; i < 2000000; ++i) {
      uint64_t ts;
      switch (i % 4) {
      case 0: ts = t0 + rng() % 1000; break;                // near the sample
      case 1: ts = t0 + rng() % 100000000000ull; break;     // within a long run
      case 2: ts = t0 + (rng() % 2000000) * 2 + 1; break;   // odd deltas
      default: ts = t0 - 1000 + rng() % 3000; break;        // also before it
      }
      uint64_t got = c.toNs(ts), want = c.exact(ts);
      after += ts >= t0 && ts - t0 < (uint64_t(1) << 62);
      if (got != want && mismatches++ < 10)
        std::printf("mismatch: ts %llu: %llu, long double %llu\n", (unsigned long long)ts,
                    (unsigned long long)got, (unsigned long long)want);
      uint64_t ns;
      if (c.fast(ts, ns))
        ++fast;
    }
    std::printf("clock %zu: fast path %llu%%\n", k,
                (unsigned long long)(100 * fast / after));
  }
  std::printf("mismatches %llu\n", (unsigned long long)mismatches);
  return mismatches != 0;
}
