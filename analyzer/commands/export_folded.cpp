//===- commands/export_folded.cpp - `export --format folded` -------------===//
//
// Replays each log as `report` does, with an AsyncStacks sink
// (model/async_stacks.h), on up to `jobs` threads; each log's stacks become
// text while its report (which owns the function names) lives, and the
// logs' lines are merged in command-line order. A profile file has counts
// but no events: it has no stacks.
//
//===----------------------------------------------------------------------===//
#include "commands/commands.h"

#include "model/log_jobs.h"
#include "model/model.h"
#include "render/render.h"

#include <map>
#include <optional>
#include <sstream>

namespace coroscope::analyzer {

FoldedStacks exportFolded(const std::vector<std::string> &logs, AsyncView view, unsigned jobs) {
  requireTraceLogs(logs, "no async stacks (a trace log is needed)");
  std::vector<std::optional<std::map<std::string, uint64_t>>> parts(logs.size());
  std::vector<LogEnd> ends(logs.size());
  std::map<std::string, uint64_t> all;
  forEachLog(
      logs.size(), jobs,
      [&](size_t i, const StopQuery &stop) {
        Report report;
        AsyncStacks stacks;
        analyzeLog(logs[i], report, stop, &stacks);
        std::map<std::string, uint64_t> lines;
        for (const AsyncStack &s : stacks.stacks(view))
          lines[foldedStack(s)] += s.ns;
        parts[i] = std::move(lines);
        ends[i] = report.log_ends.empty() ? LogEnd{} : report.log_ends.front();
      },
      [&](size_t i) {
        for (const auto &[stack, ns] : *parts[i])
          all[stack] += ns;
        parts[i].reset();
      });
  std::ostringstream os;
  writeFolded(all, os);
  return {os.str(), std::move(ends)};
}

} // namespace coroscope::analyzer
