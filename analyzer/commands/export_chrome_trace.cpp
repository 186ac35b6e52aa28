//===- commands/export_chrome_trace.cpp - `export --format chrome-trace` ---===//
//
// Replays each log as `report` does, with a ChromeTraceWriter told what the
// model sees (render/chrome_trace.h), so the trace streams out as the log is
// read. A profile file has counts but no events: it has no timeline
// (requireTraceLogs, which `export --format folded` shares).
//
//===----------------------------------------------------------------------===//
#include "commands/commands.h"

#include "log/clock.h"
#include "log/event_merge.h"
#include "log/log_reader.h"
#include "model/findings.h"
#include "model/model.h"
#include "render/chrome_trace.h"

#include <stdexcept>

namespace coroscope::analyzer {

namespace {
/// `window` with its relative times counted from the log's start: its first
/// timed event, where the report's run time starts too.
TraceWindow windowForLog(const TraceWindow &window, const LogIndex &index,
                         const TimeConverter &clock) {
  TraceWindow w = window;
  if (!window.from_relative && !window.to_relative)
    return w;
  uint64_t start = 0;
  EventMerger first(index, clock);
  while (const Event *e = first.next())
    if (e->timed && !log::eventCarriesBytes(e->kind)) {
      start = e->time;
      break;
    }
  auto from_start = [start](uint64_t ns) {
    uint64_t at;
    return __builtin_add_overflow(start, ns, &at) ? UINT64_MAX : at;
  };
  if (window.from_relative)
    w.from = from_start(window.from);
  if (window.to_relative)
    w.to = from_start(window.to);
  return w;
}
} // namespace

void requireTraceLogs(const std::vector<std::string> &logs, const std::string &lacks) {
  for (const std::string &path : logs) {
    LogIndex index(path);
    if (index.profile())
      throw std::runtime_error(path + ": a profile file (COROSCOPE_MODE=profile) has counts but " +
                               lacks + "; record one with COROSCOPE_MODE=trace");
  }
}

std::vector<LogEnd> exportChromeTrace(const std::vector<std::string> &logs,
                                      const TraceWindow &window, std::ostream &os) {
  // Every input is looked at before the first byte is written.
  requireTraceLogs(logs, "no timeline");
  TraceState state;
  std::vector<LogEnd> ends;
  ChromeTraceWriter::beginTrace(os);
  for (const std::string &path : logs) {
    LogIndex index(path);
    TimeConverter clock((index.header().flags & log::kFlagTscTimestamps) != 0,
                        index.clockSamples());
    EventMerger merger(index, clock);
    Report report;
    LogModel model(index, report);
    uint64_t pid = index.end().pid;
    TraceWindow log_window = windowForLog(window, index, clock);
    ChromeTraceWriter writer(os, log_window, state, pid,
                             path + " (pid " + std::to_string(pid) + ")");
    model.setTimeline(&writer);
    while (const Event *e = merger.next())
      model.process(*e);
    model.finish();
    FindingSet findings;
    collectFindings(index, findings);
    for (const Finding &f : findings.sorted())
      if (f.ts)
        writer.finding(f, clock.toNs(f.ts));
    ends.push_back(index.end());
  }
  ChromeTraceWriter::endTrace(os);
  return ends;
}

} // namespace coroscope::analyzer
