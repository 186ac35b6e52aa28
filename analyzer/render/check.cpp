//===- render/check.cpp - What `coroscope check` prints -------------------===//
//
// The coroscope-findings/1 document (docs/report-format.md) or the findings
// as text, each with the budget's verdict when --budget is given. `lint`
// writes the same schema for compile-time findings (render/lint.cpp).
//
//===----------------------------------------------------------------------===//
#include "log/json_file.h"
#include "render/findings.h"
#include "render/render.h"

#include <sstream>

namespace coroscope::analyzer {

std::string renderCheck(const std::string &format, const std::vector<std::string> &logs,
                        const Report &report, const std::vector<Finding> &findings, size_t advice,
                        bool advice_listed, const BudgetResult *budget,
                        const std::string &budget_path) {
  std::ostringstream os;
  if (format == "json") {
    nlohmann::ordered_json j;
    j["schema"] = kFindingsSchema;
    j["logs"] = logs;
    j["findings"] = findingsJson(findings);
    if (budget) { // appended: coroscope-findings/1 only ever gains keys
      j["budget_violations"] = budgetViolationsJson(*budget);
      j["budget_unmatched"] = budget->unmatched;
    }
    j["log_status"] = logStatusJson(report.logs, report.log_ends);
    j["advice_count"] = advice; // appended, as the budget's keys
    os << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    return os.str();
  }
  if (findings.empty()) {
    os << "no findings\n";
  } else {
    renderFindingsText(findings, os);
    os << "\n"
       << findings.size() << (findings.size() == 1 ? " finding" : " findings") << " ("
       << findingsTally(findings) << ")\n";
  }
  // Advice is not judged by default: say that it is there all the same.
  if (advice && !advice_listed)
    os << advice << (advice == 1 ? " advice item, which does" : " advice items, which do")
       << " not fail check: coroscope report LOG... shows " << (advice == 1 ? "it" : "them")
       << "\n";
  if (budget)
    renderBudgetText(*budget, budget_path, os);
  return os.str();
}

} // namespace coroscope::analyzer
