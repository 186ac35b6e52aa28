//===- state/clock.h - Event timestamps to nanoseconds -----------*- C++ -*-===//
//
// Logs written with kFlagTscTimestamps carry raw TSC ticks; the Clock chunks
// pair ticks with CLOCK_MONOTONIC so the analyzer can report nanoseconds. A
// linear fit between the first and the last sample absorbs the TSC frequency
// without trusting any nominal value; with fewer than two usable samples one
// tick is taken as one nanosecond (the documented fallback) rather than
// guessing a TSC frequency.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_STATE_CLOCK_H
#define COROSCOPE_ANALYZER_STATE_CLOCK_H

#include "coroscope/log_format.h"

#include <cstdint>
#include <vector>

namespace coroscope::analyzer {

class TimeConverter {
public:
  /// `tsc`: the header's kFlagTscTimestamps; `samples` in file order.
  TimeConverter(bool tsc, const std::vector<log::ClockSample> &samples);

  uint64_t toNs(uint64_t ts) const;
  bool converts() const { return tsc_; }
  /// Nanoseconds per tick used by toNs (1 when no fit was possible).
  long double slope() const { return slope_; }

private:
  bool tsc_;
  uint64_t ticks0_ = 0;
  uint64_t mono0_ = 0;
  long double slope_ = 1.0L;
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_STATE_CLOCK_H
