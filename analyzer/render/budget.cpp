//===- render/budget.cpp - Budget violations, text and JSON ---------------===//
//
// A violation prints like a finding, one compiler-style line, so CI log
// parsers that jump to `file:line:` take it as well:
//   a.cpp:10: budget: [heap-bytes-per-call] get_price(int): 184 bytes per call, budget 64
//
//===----------------------------------------------------------------------===//
#include "render/findings.h"

#include "render/render.h"

#include <algorithm>

namespace coroscope::analyzer {

namespace {

/// "heap_bytes_per_call" -> "heap-bytes-per-call", as check names are spelt.
std::string budgetCheckName(const std::string &key) {
  std::string s = key;
  std::replace(s.begin(), s.end(), '_', '-');
  return s;
}

std::string budgetMessage(const BudgetViolation &v) {
  std::string value = figureText(v.value), limit = figureText(v.limit);
  std::string what;
  if (v.key == "calls")
    what = value + " calls";
  else if (v.key == "heap_frames")
    what = value + " heap frames";
  else if (v.key == "heap_bytes_per_call")
    what = value + " bytes per call";
  else if (v.key == "frames_per_top_level_call")
    what = value + " frames per top-level call";
  else if (v.key == "busy_ns_mean")
    what = "busy " + value + " ns per frame (mean)";
  else if (v.key == "busy_ns_p50")
    what = "busy " + value + " ns per frame (p50)";
  else if (v.key == "busy_ns_p99")
    what = "busy " + value + " ns per frame (p99)";
  else if (v.key == "sync_percent_min")
    return value + "% of completed calls synchronous, budget at least " + limit + "%" +
           (v.entry == "default" ? " (default)" : "");
  else // never_started
    return value + (v.value == 1 ? " frame" : " frames") + " never started, budget 0";
  return what + ", budget " + limit + (v.entry == "default" ? " (default)" : "");
}

} // namespace

void renderBudgetText(const BudgetResult &r, const std::string &path, std::ostream &os) {
  os << "\n";
  for (const BudgetViolation &v : r.violations) {
    const SourceRef &w = v.where;
    os << (w.column ? location(w.file, w.line, w.column) : location(w.file, w.line))
       << ": budget: [" << budgetCheckName(v.key) << "] " << withoutReturnType(w.function) << ": "
       << budgetMessage(v) << "\n";
  }
  for (const std::string &name : r.unmatched)
    os << path << ": warning: budget for \"" << name << "\" matches no function of the logs\n";
  if (!r.violations.empty() || !r.unmatched.empty())
    os << "\n";
  size_t n = r.violations.size();
  os << (n ? std::to_string(n) : std::string("no")) << " budget violation" << (n == 1 ? "" : "s")
     << " (" << r.functions_checked << (r.functions_checked == 1 ? " function" : " functions")
     << " checked against " << path << ")\n";
}

nlohmann::ordered_json budgetViolationsJson(const BudgetResult &r) {
  using Json = nlohmann::ordered_json;
  auto number = [](double v) { return wholeUint64(v) ? Json(static_cast<uint64_t>(v)) : Json(v); };
  Json list = Json::array();
  for (const BudgetViolation &v : r.violations) {
    Json j;
    j["check"] = budgetCheckName(v.key);
    j["key"] = v.key;
    j["function"] = v.where.function;
    j["file"] = v.where.file;
    j["line"] = v.where.line;
    j["column"] = v.where.column;
    j["value"] = number(v.value);
    j["limit"] = number(v.limit);
    j["entry"] = v.entry;
    j["message"] = budgetMessage(v);
    list.push_back(std::move(j));
  }
  return list;
}

} // namespace coroscope::analyzer
