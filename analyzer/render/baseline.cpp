//===- render/baseline.cpp - Ratio columns against a baseline report ------===//
//
// The pieces of `report --baseline` that every format shares: the four
// ratio cells of a function, the figures of a function gone since the
// baseline, and their JSON objects. The layouts place them; the wording
// lives here once so text, markdown and JSON agree.
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include "verdicts/baseline.h"

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;

std::string ratioCell(const std::optional<double> &r) { return r ? fixed(*r, 2) + "x" : "-"; }

Json ratioJson(const std::optional<double> &r) { return r ? Json(*r) : Json(nullptr); }

/// The old figures, in the order of the ratios.
void addOldFigures(Json &j, const CompareFigures &f) {
  j["calls"] = f.calls;
  j["heap_bytes_per_call"] = perCall(f.heap_bytes, f.calls);
  j["elided_bytes_per_call"] = perCall(f.elided_bytes, f.calls);
  j["sync_percent"] =
      f.kinds_known ? Json(percent(f.sync_completions, f.completed)) : Json(nullptr);
  j["busy_ns_mean"] = f.kinds_known ? Json(f.busy_ns_mean) : Json(nullptr);
}

} // namespace

const std::vector<std::string> &baselineColumns() {
  static const std::vector<std::string> columns = {
      "calls_ratio", "bytes/call_ratio", "elided_B/call_ratio", "sync_ratio", "busy_ratio"};
  return columns;
}

std::vector<std::string> baselineCells(const BaselineComparison &c, const FunctionStats &fn) {
  const BaselineMatch *m = c.find(&fn);
  if (!m)
    return std::vector<std::string>(baselineColumns().size(), "new");
  const BaselineRatios &r = m->ratios;
  return {ratioCell(r.calls), ratioCell(r.heap_bytes_per_call), ratioCell(r.elided_bytes_per_call),
          r.withheld ? "?" : ratioCell(r.sync), r.withheld ? "?" : ratioCell(r.busy)};
}

std::string baselineMoved(const BaselineComparison &c, const FunctionStats &fn) {
  const BaselineMatch *m = c.find(&fn);
  if (!m || !m->by_name)
    return "";
  const BaselineFunction &old = c.baseline.functions[m->old];
  return "baseline: " + location(old.file, old.line);
}

std::string baselineGoneFigures(const BaselineFunction &old) {
  const CompareFigures &f = old.figures;
  return "calls " + std::to_string(f.calls) + ", heap_B/call " +
         fixed(perCall(f.heap_bytes, f.calls), 2) + ", sync " +
         (f.kinds_known ? fixed(percent(f.sync_completions, f.completed), 1) + "%" : "?") +
         ", busy_mean " + (f.kinds_known ? std::to_string(f.busy_ns_mean) : "?");
}

Json baselineFunctionJson(const BaselineComparison &c, const FunctionStats &fn) {
  const BaselineMatch *m = c.find(&fn);
  if (!m)
    return nullptr; // new since the baseline
  const BaselineFunction &old = c.baseline.functions[m->old];
  Json j;
  j["match"] = m->by_name ? "name" : "exact";
  j["file"] = old.file;
  j["line"] = old.line;
  addOldFigures(j, old.figures);
  j["calls_ratio"] = ratioJson(m->ratios.calls);
  j["heap_bytes_per_call_ratio"] = ratioJson(m->ratios.heap_bytes_per_call);
  j["elided_bytes_per_call_ratio"] = ratioJson(m->ratios.elided_bytes_per_call);
  j["sync_ratio"] = ratioJson(m->ratios.sync);
  j["busy_ratio"] = ratioJson(m->ratios.busy);
  return j;
}

Json baselineJson(const BaselineComparison &c) {
  Json j;
  j["file"] = c.baseline.path;
  j["gone"] = Json::array();
  for (size_t i : c.gone) {
    const BaselineFunction &old = c.baseline.functions[i];
    Json g;
    g["function"] = old.function;
    g["file"] = old.file;
    g["line"] = old.line;
    addOldFigures(g, old.figures);
    j["gone"].push_back(std::move(g));
  }
  return j;
}

} // namespace coroscope::analyzer
