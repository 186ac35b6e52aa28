//===- model/live_frames.h - Frames alive at the end of a log ---*- C++ -*-===//
//
// The last LiveFrames chunk of a log is the state of the process when it
// ended (or crashed): every frame not destroyed, with the frame awaiting it.
// A hang is easiest to read as chains (this task waits for that one, which
// waits for ...), so the frames are arranged into chains by following the
// awaiter links: a frame that some other live frame reports as its awaiter
// is shown inside that chain instead of again on its own, and identical
// chains are counted instead of repeated.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_LIVE_FRAMES_H
#define COROSCOPE_ANALYZER_MODEL_LIVE_FRAMES_H

#include "model/findings.h"
#include "model/site_ref.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace coroscope::analyzer {

/// Entries in one live frame's `backtrace`: a frame per level of a deep
/// recursion would make the backtraces of all frames quadratic in its depth.
/// The chains (printed once per head) are not limited.
constexpr size_t kLiveBacktraceLimit = 16;

struct LiveFrameView {
  SourceRef where;       ///< the frame's function, position of its current site
  uint8_t state = 0;     ///< log::FrameState
  uint8_t site_kind = 0; ///< of its current site; 0xff if unknown
  uint64_t frame = 0;
  uint64_t awaiter = 0;      ///< 0 if none
  bool awaiter_live = false; ///< the awaiter is among the live frames
  bool heap = false;
  uint64_t bytes = 0; ///< frame size, heap or elided; 0 if unknown (elided, older logs)
  std::optional<SourceRef> creation;
  /// This frame, then its awaiter, its awaiter's awaiter ... as long as they
  /// are live frames (a cycle stops at the first repetition), at most
  /// kLiveBacktraceLimit of them.
  std::vector<AsyncFrame> backtrace;
  /// Live awaiters beyond the limit, left out of `backtrace`.
  uint64_t backtrace_more = 0;
  /// Chain heads only (LiveFrames::chains): indices into LiveFrames::frames
  /// of the frame, its awaiter, ... all of them.
  std::vector<size_t> chain;
  /// Not the awaiter of any other live frame: a chain starts here.
  bool root = true;
};

/// Chains that look the same (same functions, sites, states, sizes and
/// creation sites all along, only the addresses differ) are printed once:
/// a thousand leaked frames of one call site make one line, not a thousand.
struct ChainGroup {
  size_t head = 0;  ///< index of the first such chain's head
  size_t count = 0; ///< chains in the group
};

struct LiveFrames {
  std::string log;
  std::vector<LiveFrameView> frames; ///< in snapshot order
  /// Chains to print, by their heads: the roots, then one frame of each
  /// awaiter cycle (which has no root); in order of first appearance.
  std::vector<ChainGroup> chains;
};

/// The frames of the last LiveFrames chunk of `index`; nullopt when the log
/// has no such chunk.
std::optional<LiveFrames> collectLiveFrames(const LogIndex &index);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_LIVE_FRAMES_H
