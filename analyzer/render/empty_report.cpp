//===- render/empty_report.cpp - Why a report has nothing to show ----------===//
//
// A log of a program built without the plugin is valid and empty; a bare
// "no coroutine calls recorded" leaves the user guessing, so every format
// says which of the two causes it was, in the same words.
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include <algorithm>

namespace coroscope::analyzer {

std::string emptyReason(const Summary &s) {
  // The runtime writes a LiveFrames chunk at exit, empty or not.
  bool live = std::any_of(s.live.begin(), s.live.end(),
                          [](const LiveFrames &l) { return !l.frames.empty(); });
  // A crashed-process finding is about the log's end, which the reason
  // below explains as well: it does not make the report less empty.
  bool findings = std::any_of(s.findings.begin(), s.findings.end(),
                              [](const Finding &f) { return f.check != kFindingCrashedProcess; });
  if (!s.functions.empty() || findings || live)
    return "";
  if (s.sites == 0)
    return "no instrumented coroutine in the program: it was not compiled with the "
           "coroscope plugin (-fplugin=.../CoroScope-N.so for Clang N, see coroscope flags "
           "--compile), "
           "or it has no coroutines";
  // Events a process never wrote (killed, _exit, a failed write) look like
  // events it never had: say which logs could hold the difference.
  if (std::any_of(s.log_ends.begin(), s.log_ends.end(),
                  [](const LogEnd &e) { return e.incomplete(); }))
    return "the program has instrumented coroutines, but no event of theirs is in the logs, "
           "and a log is incomplete: its process may have run them and ended (killed, "
           "_exit, a failed write) before writing their events";
  return "the program has instrumented coroutines but ran none of them";
}

} // namespace coroscope::analyzer
