//===- control_epoch.h - Counts hand-backs of control to a loop or consumer -===//
//
// A coroutine "really waited" (the .NET sense: the await did not complete
// synchronously) exactly when, between its suspension and its resumption,
// control went back to whoever drives it: the event loop or a generator's
// consumer. The event loop and the generator bump this counter at those
// points; the ground-truth probes (truth.h) compare it across a suspension.
// Single-threaded by design, like the examples.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_EXAMPLES_CONTROL_EPOCH_H
#define COROSCOPE_EXAMPLES_CONTROL_EPOCH_H

#include <cstdint>

namespace coroscope_example {

inline std::uint64_t &control_epoch() noexcept {
  static std::uint64_t epoch;
  return epoch;
}

/// Call where a suspended coroutine hands control back to its driver.
inline void note_control_returned() noexcept { ++control_epoch(); }

} // namespace coroscope_example

#endif // COROSCOPE_EXAMPLES_CONTROL_EPOCH_H
