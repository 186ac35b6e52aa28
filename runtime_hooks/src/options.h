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

struct Options {
  bool checks = true;             ///< COROSCOPE_CHECKS=0 turns run-time checks off
  OnError on_error = OnError::Abort; ///< COROSCOPE_ON_ERROR=abort|log|continue
  uint32_t nested_depth = 256;    ///< COROSCOPE_NESTED_RESUME_DEPTH
  int dump_signal = 0;            ///< COROSCOPE_DUMP_SIGNAL (number or name), 0 = none
  bool handle_signals = true;     ///< COROSCOPE_HANDLE_SIGNALS=0: no crash handlers
};

/// The settings; initOptions() must have run.
extern Options gOptions;
void initOptions();

} // namespace rt
} // namespace coroscope

#endif
