//===- log/clock.cpp - Event timestamps to nanoseconds --------------------===//
//
// The fit is computed in long double: tick deltas of a long run exceed the 53
// bits a double represents exactly, and a rounding error there would make
// durations of neighbouring events jitter by a nanosecond. Reports give what
// that computation gives, also where TimeConverter::fast() stands in for it.
//
//===----------------------------------------------------------------------===//
#include "log/clock.h"

#include <cmath>

namespace coroscope::analyzer {

TimeConverter::TimeConverter(bool tsc, const std::vector<log::ClockSample> &samples) : tsc_(tsc) {
  if (!tsc_ || samples.empty())
    return;
  const log::ClockSample &first = samples.front();
  const log::ClockSample &last = samples.back();
  ticks0_ = first.ticks;
  mono0_ = first.monotonic_ns;
  if (samples.size() >= 2 && last.ticks != first.ticks) {
    long double dticks =
        static_cast<long double>(last.ticks) - static_cast<long double>(first.ticks);
    long double dns =
        static_cast<long double>(last.monotonic_ns) - static_cast<long double>(first.monotonic_ns);
    slope_ = dns / dticks;
  }
  // slope = mantissa * 2^(exp - 64) with a 64-bit mantissa: exact, as a
  // long double has 64 mantissa bits. fast() takes slopes below 1 (TSCs
  // faster than 1 GHz), where exp <= 0.
  int exp = 0;
  long double m = std::frexp(slope_, &exp);
  if (slope_ > 0 && exp <= 0 && exp > -64 && mono0_ < (uint64_t(1) << 58)) {
    mantissa_ = static_cast<uint64_t>(std::ldexp(m, 64));
    r_ = unsigned(-exp);
    fast_ = true;
  }
}

uint64_t TimeConverter::exact(uint64_t ts) const {
  long double delta = static_cast<long double>(ts) - static_cast<long double>(ticks0_);
  long double ns = static_cast<long double>(mono0_) + delta * slope_;
  // Events before a sample that maps to before time zero clamp to zero rather
  // than wrap around: only differences matter to the report. Clock samples
  // of a damaged log can map past 2^64 ns; those clamp too, since converting
  // a larger value to uint64_t is undefined.
  if (ns <= 0)
    return 0;
  if (ns + 0.5L >= 0x1p64L)
    return UINT64_MAX;
  return static_cast<uint64_t>(ns + 0.5L);
}

} // namespace coroscope::analyzer
