//===- commands/check_logs.cpp - `coroscope check`: findings as a gate ----===//
//
// Meant for CI: run the tests with the runtime's checks enabled, then
// `coroscope check` over the logs fails the job when any finding reaches the
// chosen severity. It replays the events as `report` does even when only the
// runtime's findings are judged: a gate must not pass a log whose events are
// corrupt (exit 2), and advice (--fail-on advice) and budgets (--budget) need
// the statistics anyway.
//
//===----------------------------------------------------------------------===//
#include "commands/commands.h"

#include "log/log_reader.h"
#include "model/findings.h"
#include "model/log_jobs.h"
#include "model/model.h"
#include "render/findings.h"
#include "render/render.h"

#include <optional>
#include <sstream>

namespace coroscope::analyzer {

CheckResult checkLogs(const std::vector<std::string> &logs, const std::string &format,
                      uint8_t fail_on, const AdviceOptions &advice, const Budget *budget,
                      unsigned jobs) {
  std::vector<Finding> findings;
  std::optional<BudgetResult> judged;
  Report report = analyzeLogs(logs, jobs);
  if (fail_on == log::kSeverityAdvice)
    for (Finding &f : advise(report, advice))
      report.findings.add(std::move(f));
  findings = report.findings.sorted();
  if (budget)
    judged = checkBudget(*budget, report, findings);
  CheckResult result;
  result.logs = report.logs;
  result.log_ends = report.log_ends;
  for (const Finding &f : findings)
    if (f.severity >= fail_on)
      result.failed = true;
  // A budget fails the run whatever --fail-on says: it is its own gate.
  if (judged && !judged->violations.empty())
    result.failed = true;

  std::ostringstream os;
  if (format == "json") {
    nlohmann::ordered_json j;
    j["schema"] = "coroscope-findings/1";
    j["logs"] = logs;
    j["findings"] = findingsJson(findings);
    if (judged) { // appended: coroscope-findings/1 only ever gains keys
      j["budget_violations"] = budgetViolationsJson(*judged);
      j["budget_unmatched"] = judged->unmatched;
    }
    j["log_status"] = nlohmann::ordered_json::array();
    for (size_t i = 0; i < report.logs.size() && i < report.log_ends.size(); ++i)
      j["log_status"].push_back(logStatusJson(report.logs[i], report.log_ends[i]));
    using Json = nlohmann::ordered_json;
    os << j.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  } else if (findings.empty()) {
    os << "no findings\n";
  } else {
    renderFindingsText(findings, os);
    os << "\n"
       << findings.size() << (findings.size() == 1 ? " finding" : " findings") << " ("
       << findingsTally(findings) << ")\n";
  }
  if (judged && format != "json")
    renderBudgetText(*judged, budget->path, os);
  result.output = os.str();
  return result;
}

} // namespace coroscope::analyzer
