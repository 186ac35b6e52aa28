//===- options.h - Runtime settings from the environment -------------------===//
//
// Read once, at the first hook or site registration, before any thread but
// the first can call in. Every variable is documented in README.md.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_OPTIONS_H
#define COROSCOPE_RUNTIME_OPTIONS_H

#include <stdint.h>

namespace coroscope {
namespace rt {

enum class OnError { Abort, Log, Continue };
/// trace: every event goes to the log; profile: figures are accumulated in
/// the process and written as one Profile chunk (docs/usage.md).
enum class Mode { Trace, Profile };

struct Options {
  bool checks = true;                ///< COROSCOPE_CHECKS (0/off/false/no: checks off)
  OnError on_error = OnError::Abort; ///< COROSCOPE_ON_ERROR=abort|log|continue
  uint32_t nested_depth = 256;       ///< COROSCOPE_NESTED_RESUME_DEPTH
  int dump_signal = 0;               ///< COROSCOPE_DUMP_SIGNAL (number or name), 0 = none
  bool handle_signals = true;        ///< COROSCOPE_HANDLE_SIGNALS (off: no crash handlers)
  Mode mode = Mode::Trace;           ///< COROSCOPE_MODE=trace|profile
  uint32_t interval_s = 0; ///< COROSCOPE_INTERVAL: profile snapshot period, 0 = at exit only
  uint32_t flush_ms =
      1000; ///< COROSCOPE_FLUSH_MS: trace mode's write period, 0 = when buffers fill
  uint32_t sample_every = 64; ///< COROSCOPE_SAMPLE: time 1 frame in N past the first ones
  uint32_t sample_first = 16; ///< frames of a function timed per thread before sampling starts
};

/// The settings; initOptions() must have run.
extern Options gOptions;
void initOptions();

} // namespace rt
} // namespace coroscope

#endif
