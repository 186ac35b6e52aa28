//===- render/chrome_trace.h - Trace Event Format timeline -------*- C++ -*-===//
//
// `coroscope export --format chrome-trace`: the Trace Event Format (JSON
// object form) that ui.perfetto.dev, chrome://tracing and speedscope open.
// Written while the log is replayed, never held whole in memory: each log is
// a process (pid: the log's process id), each of its threads a track.
//
//   X  one complete slice per activation of a frame: from its ramp or a
//      resume to the suspension the report confirms (or its completion),
//      named by the function; args: function, file, line, site (where the
//      activation began: "ramp" or the suspend point it resumed from)
//   s/f a flow from each suspension to the resume that ends it (cat
//      "wait" or "suspend", as the report counts waits), one from a frame
//      to the frame its await_suspend resumed by symmetric transfer (cat
//      "transfer"), and one from a creating frame to each frame it created
//      (cat "creation")
//   C  "heap frame bytes": bytes of heap frames alive
//   i  each run-time check finding, at the time the runtime found it, on
//      its thread (args: check, severity, message, function, location, count)
//   M  process and thread names
//
// Timestamps are microseconds with three decimals: nanoseconds, exact.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_RENDER_CHROME_TRACE_H
#define COROSCOPE_ANALYZER_RENDER_CHROME_TRACE_H

#include "model/activation_slices.h"
#include "model/findings.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <regex>
#include <string>
#include <unordered_map>

namespace coroscope::analyzer {

struct TraceWindow {
  uint64_t from = 0; ///< ns on the log's clock
  uint64_t to = std::numeric_limits<uint64_t>::max();
  /// from/to count from each log's start (its first timed event), as the
  /// report's run time does; exportChromeTrace makes them absolute per log.
  bool from_relative = false, to_relative = false;
  std::optional<std::regex> function; ///< slices and flows of matching functions only
};

/// What the logs of one trace share.
struct TraceState {
  bool first_event = true;
  uint64_t next_flow = 1; ///< flow ids are unique in the whole trace
};

/// Writes one log's events into a trace that the caller opens with
/// beginTrace() and closes with endTrace(): a slice per activation
/// (model/activation_slices.h).
class ChromeTraceWriter : public ActivationSlicer {
public:
  ChromeTraceWriter(std::ostream &os, const TraceWindow &window, TraceState &state, uint64_t pid,
                    const std::string &process_name);

  void begin(uint64_t frame, const FunctionStats &fn, uint32_t thread, uint64_t time,
             uint64_t creator) override;
  void transfer(uint64_t from, uint64_t to, uint32_t thread, uint64_t time) override;
  void heap(int64_t delta, uint64_t time) override;
  /// A run-time check finding found at `time` (ns on the log's clock).
  void finding(const Finding &f, uint64_t time);

  static void beginTrace(std::ostream &os);
  static void endTrace(std::ostream &os);

private:
  bool shown(const FunctionStats &fn);
  void slice(uint64_t frame, const Running &r, uint64_t end) override;
  void suspended(uint64_t frame, const Running &r, uint64_t until,
                 std::optional<Resume> resume) override;
  void flow(const char *cat, uint64_t id, uint32_t from_thread, uint64_t from_time,
            uint32_t to_thread, uint64_t to_time, const std::string &name);
  void thread(uint32_t tid);
  void metadata(const char *what, std::optional<uint32_t> tid, const std::string &name);
  void event(const std::string &json);

  std::ostream &os_;
  const TraceWindow &window_;
  uint64_t pid_;
  TraceState &state_;
  std::unordered_map<const FunctionStats *, bool> shown_;
  std::unordered_map<uint32_t, bool> threads_;
  int64_t heap_live_ = 0;
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_RENDER_CHROME_TRACE_H
