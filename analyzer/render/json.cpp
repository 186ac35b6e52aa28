//===- render/json.cpp - Machine-readable report (coroscope-report/1) -----===//
//
// The schema is a contract with scripts and CI dashboards (see
// docs/report-format.md): keys keep their order and meaning within
// kReportSchema (log/json_file.h); any incompatible change bumps the schema string.
// ordered_json is used so the output is stable and diffable.
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include "log/json_file.h"
#include "log/log_reader.h"
#include "render/findings.h"
#include "verdicts/baseline.h"

#include <nlohmann/json.hpp>

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;

Json toJson(const Distribution &d) {
  Json j;
  j["mean"] = d.mean;
  j["p50"] = d.p50;
  j["p99"] = d.p99;
  j["total"] = d.total;
  j["samples"] = d.samples;
  return j;
}

Json toJson(const SiteStats &s) {
  Json j;
  j["kind"] = log::siteKindName(s.kind);
  j["file"] = s.file;
  j["line"] = s.line;
  j["column"] = s.column;
  j["awaiter"] = s.awaiter;
  j["reached"] = s.reached();
  j["suspended"] = s.suspended();
  j["waits"] = s.waits;
  return j;
}

Json toJson(const FunctionSummary &f, const BaselineComparison *baseline) {
  const FunctionStats &fn = *f.fn;
  Json j;
  j["function"] = fn.name;
  j["file"] = fn.file;
  j["line"] = fn.line;
  j["calls"] = fn.calls;
  j["heap_frames"] = fn.heap_frames;
  j["elided_frames"] = fn.elided_frames;
  j["frame_bytes"] = f.frame_bytes;
  j["frame_bytes_min"] = fn.frameBytesMin();
  j["frame_bytes_max"] = fn.frameBytesMax();
  j["heap_bytes"] = fn.heap_bytes;
  j["heap_bytes_per_call"] = f.heap_bytes_per_call;
  j["elided_bytes"] = fn.elided_bytes;
  j["elided_bytes_per_call"] = f.elided_bytes_per_call;
  // Withheld figures are null: a script reading them fails, not misleads.
  bool known = !figuresWithheld(fn);
  auto figure = [&](auto v) { return known ? Json(v) : Json(nullptr); };
  j["completed"] = figure(fn.completed);
  j["sync_completions"] = figure(fn.sync_completions);
  j["awaits"] = figure(f.awaits);
  j["suspends"] = figure(f.suspends);
  j["waits"] = figure(f.waits);
  j["busy_ns"] = known ? toJson(f.busy) : Json(nullptr);
  j["suspended_ns"] = known ? toJson(f.suspended) : Json(nullptr);
  j["sites"] = Json::array();
  for (const SiteStats *s : f.sites)
    j["sites"].push_back(toJson(*s));
  if (baseline) // appended: the keys before keep their order
    j["baseline"] = baselineFunctionJson(*baseline, fn);
  return j;
}

} // namespace

nlohmann::ordered_json reportJson(const Summary &s) {
  const Totals &t = s.totals;
  Json j;
  j["schema"] = kReportSchema;
  j["logs"] = s.logs;
  Json &tot = j["totals"];
  tot["functions"] = t.functions;
  tot["calls"] = t.calls;
  tot["heap_frames"] = t.heap_frames;
  tot["elided_frames"] = t.elided_frames;
  tot["heap_bytes"] = t.heap_bytes;
  tot["elided_bytes"] = t.elided_bytes;
  auto total = [&](uint64_t v) { return t.withheld ? Json(nullptr) : Json(v); };
  tot["completed"] = total(t.completed);
  tot["sync_completions"] = total(t.sync_completions);
  tot["awaits"] = total(t.awaits);
  tot["suspends"] = total(t.suspends);
  tot["waits"] = total(t.waits);
  tot["frames_not_destroyed"] = t.frames_not_destroyed;
  tot["busy_ns"] = total(t.busy_ns);
  tot["suspended_ns"] = total(t.suspended_ns);
  tot["events"] = t.events;
  tot["threads"] = t.threads;
  j["functions"] = Json::array();
  for (const FunctionSummary &f : s.functions)
    j["functions"].push_back(toJson(f, s.baseline.get()));
  j["findings"] = findingsJson(s.findings);
  j["live_frames"] = liveFramesJson(s.live);
  // Appended: coroscope-report/1 only ever gains keys.
  j["log_status"] = logStatusJson(s.logs, s.log_ends);
  // Appended, null unless the report is empty; `baseline` stays last, as
  // what --baseline adds to a report.
  std::string why = emptyReason(s);
  j["empty_reason"] = why.empty() ? Json(nullptr) : Json(why);
  j["withheld_note"] = t.withheld ? Json(withheldNote(t.withheld)) : Json(nullptr);
  if (s.baseline)
    j["baseline"] = baselineJson(*s.baseline);
  return j;
}

void renderJson(const Summary &s, std::ostream &os) {
  // Names and paths are arbitrary bytes; replace invalid UTF-8 instead of
  // throwing half-way through the output.
  os << reportJson(s).dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

} // namespace coroscope::analyzer
