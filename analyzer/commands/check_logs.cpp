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

namespace coroscope::analyzer {

CheckResult checkLogs(const std::vector<std::string> &logs, const std::string &format,
                      uint8_t fail_on, const AdviceOptions &advice, const Budget *budget,
                      unsigned jobs) {
  std::vector<Finding> findings;
  std::optional<BudgetResult> judged;
  Report report = analyzeLogs(logs, jobs);
  // Derived at every --fail-on: the text counts what it does not list.
  std::vector<Finding> derived = advise(report, advice);
  size_t advice_count = derived.size();
  bool advice_listed = fail_on == log::kSeverityAdvice;
  if (advice_listed)
    for (Finding &f : derived)
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

  result.output = renderCheck(format, logs, report, findings, advice_count, advice_listed,
                              judged ? &*judged : nullptr, budget ? budget->path : std::string());
  return result;
}

} // namespace coroscope::analyzer
