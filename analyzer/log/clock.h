//===- log/clock.h - Event timestamps to nanoseconds ------------*- C++ -*-===//
//
// Logs written with kFlagTscTimestamps carry raw TSC ticks; the Clock chunks
// pair ticks with CLOCK_MONOTONIC so the analyzer can report nanoseconds. A
// linear fit between the first and the last sample absorbs the TSC frequency
// without trusting any nominal value; with fewer than two usable samples one
// tick is taken as one nanosecond (the documented fallback) rather than
// guessing a TSC frequency.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_LOG_CLOCK_H
#define COROSCOPE_ANALYZER_LOG_CLOCK_H

#include "coroscope/log_format.h"

#include <cstdint>
#include <vector>

namespace coroscope::analyzer {

class TimeConverter {
public:
  /// `tsc`: the header's kFlagTscTimestamps; `samples` in file order.
  TimeConverter(bool tsc, const std::vector<log::ClockSample> &samples);

  /// round(mono0 + (ts - ticks0) * slope), computed in long double: the
  /// rounding of that computation is part of the result. fast() gives the
  /// same for nearly all timestamps without the x87.
  uint64_t toNs(uint64_t ts) const {
    if (!tsc_)
      return ts;
    uint64_t ns;
    return fast(ts, ns) ? ns : exact(ts);
  }
  bool converts() const { return tsc_; }
  /// Nanoseconds per tick used by toNs (1 when no fit was possible).
  long double slope() const { return slope_; }
  /// The long double computation itself.
  uint64_t exact(uint64_t ts) const;

  /// The integer path of toNs: false (use exact()) where it cannot decide.
  /// The slope is S * 2^-(64 + r) exactly (S its 64-bit mantissa), so the
  /// true value v = mono0 + (ts - ticks0) * S / 2^(64 + r) is one 64x64-bit
  /// multiplication away. The long double computation rounds three times,
  /// each by at most half an ulp of a value below 2^(bits(v) + 1); unless
  /// v + 1/2 lies within 2^(bits(v) - 61) of an integer, it therefore ends
  /// on the same side of it, and floor(v + 1/2) is its result.
  bool fast(uint64_t ts, uint64_t &ns) const {
    if (!fast_ || ts < ticks0_)
      return false;
    unsigned __int128 prod = (unsigned __int128)(ts - ticks0_) * mantissa_;
    uint64_t hi = uint64_t(prod >> 64), lo = uint64_t(prod);
    // The whole part, and the fraction's first 64 bits (the true fraction
    // is up to one unit of 2^-64 more).
    uint64_t whole = r_ ? hi >> r_ : hi;
    uint64_t frac = r_ ? (hi << (64 - r_)) | (lo >> r_) : lo;
    if (whole >= (uint64_t(1) << 58))
      return false;
    uint64_t v = mono0_ + whole; // < 2^59: mono0_ < 2^58 (fast_)
    unsigned bits = 64 - unsigned(__builtin_clzll(v | 1));
    uint64_t slack = uint64_t(1) << (bits + 3); // 2^(bits - 61) in 2^-64 units
    const uint64_t half = uint64_t(1) << 63;
    if (frac < half - slack - 1) {
      ns = v;
      return true;
    }
    if (frac > half + slack) {
      ns = v + 1;
      return true;
    }
    return false;
  }

private:
  bool tsc_;
  uint64_t ticks0_ = 0;
  uint64_t mono0_ = 0;
  long double slope_ = 1.0L;
  bool fast_ = false; ///< mantissa_ and r_ describe slope_
  uint64_t mantissa_ = 0;
  unsigned r_ = 0;
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_LOG_CLOCK_H
