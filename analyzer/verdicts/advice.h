//===- verdicts/advice.h - Verdicts on what coroutines cost -----*- C++ -*-===//
//
// The .NET rule behind this project: return ValueTask when a method usually
// completes synchronously, keep Task when it really waits, and do not pay a
// layer for a pass-through await. advise() reaches the C++ form of those
// verdicts from the figures of a Report, per function and per call site, as
// findings of severity advice that carry the figures and the thresholds
// they were compared with (docs/checks.md, "Advice").
//
// One function gets at most one verdict about its frames, the most specific
// one: deep-chain (it is one level of a chain, which the chain's verdict
// names), then halo-missed (the frame could be elided), then pass-through,
// then hot-sync or always-waits.
// large-frame is about the frame's size and stands beside any of them.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_VERDICTS_ADVICE_H
#define COROSCOPE_ANALYZER_VERDICTS_ADVICE_H

#include "model/stats.h"

#include <string>
#include <vector>

namespace coroscope::analyzer {

/// Defaults in docs/checks.md; each can be set with --threshold KEY=VALUE.
struct AdviceOptions {
  double hot_sync_min_calls = 1000;
  double hot_sync_min_sync_percent = 90;
  double hot_sync_min_heap_percent = 90;
  double always_waits_min_calls = 1000;
  double always_waits_min_wait_percent = 90;
  double halo_missed_min_frames = 100;
  double pass_through_min_calls = 100;
  double pass_through_min_forwarding_percent = 100;
  double deep_chain_max_depth = 16;
  double large_frame_max_bytes = 4096; ///< clippy's large_futures default is 16 KiB
};

/// The --threshold keys, in the order of AdviceOptions.
const std::vector<std::string> &thresholdKeys();

/// Applies "KEY=VALUE". Throws std::invalid_argument naming the problem
/// (unknown key, a value that is not a non-negative number).
void setThreshold(AdviceOptions &opts, const std::string &assignment);

/// The advice for every function of `report`.
std::vector<Finding> advise(const Report &report, const AdviceOptions &opts);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_VERDICTS_ADVICE_H
