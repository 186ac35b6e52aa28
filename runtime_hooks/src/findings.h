//===- findings.h - Reporting what the run-time checks find ---------------===//
//
// A finding is written to the log the moment it is detected (a Finding
// chunk: the check, the sites, the frame's async backtrace and the native
// return addresses), so it survives the crash that often follows; then,
// per COROSCOPE_ON_ERROR, a short report goes to stderr and a fatal finding
// aborts. At exit the frame registry is scanned for leaked frames and frames
// suspended forever, and a LiveFrames snapshot is written.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_FINDINGS_H
#define COROSCOPE_RUNTIME_FINDINGS_H

#include "coroscope/log_format.h"
#include "frame_registry.h"
#include "thread_state.h"

#include <stdint.h>

namespace coroscope {
namespace rt {

/// What a run-time check detected, handed to report(), which makes it a
/// finding: a Finding chunk in the log and a report on stderr.
struct Detection {
  log::CheckKind check;
  log::Severity severity;
  bool fatal;              ///< undefined behaviour follows: abort by default
  uint64_t frame;          ///< the frame concerned (0: none)
  const FrameEntry *entry; ///< its registry entry, may be null
  uint32_t site;           ///< the offending operation
  uint32_t related_site;   ///< the related earlier operation, 0 if none
  uint32_t other_thread = 0;
  const char *what;         ///< what happened, for stderr ("resume() of a destroyed frame")
  const char *related_what; ///< the related site's role ("destroyed")
};

/// Records `f` (log, stderr) and aborts when it is fatal and
/// COROSCOPE_ON_ERROR=abort.
void report(ThreadState *t, const Detection &f);

/// Writes every live frame with its async backtrace as text to `fd` (if
/// >= 0) and a LiveFrames chunk to the log.
void writeLiveFrames(int fd, bool from_signal);

/// At process exit: leaked-frame and suspended-forever findings, then the
/// final LiveFrames snapshot.
void exitScan();

} // namespace rt
} // namespace coroscope

#endif
