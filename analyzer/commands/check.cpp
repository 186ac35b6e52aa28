//===- commands/check.cpp - `coroscope check`: findings as a CI gate -----===//
//
// The command line of `check`; what it judges is checkLogs
// (commands/check_logs.cpp).
//
//===----------------------------------------------------------------------===//
#include "commands/cli.h"
#include "commands/commands.h"
#include "verdicts/budget.h"

#include <memory>
#include <optional>

namespace coroscope::analyzer {

namespace {

struct CheckCommandOptions {
  std::vector<std::string> logs;
  std::string format = "text";
  std::string output;
  std::string fail_on = "error";
  AdviceOptions advice;
  std::string budget;  ///< "": no budget
  unsigned jobs = 0;   ///< logs analyzed in parallel; 0: one per hardware thread
  bool strict = false; ///< an incomplete log fails the run (exit 2)
};

int runCheck(const CheckCommandOptions &opt) {
  uint8_t threshold = severityNamed(opt.fail_on);
  std::optional<Budget> budget;
  if (!opt.budget.empty())
    budget = readBudget(opt.budget);
  bool repeated = false;
  CheckResult result = checkLogs(logsReadOnce(opt.logs, repeated), opt.format, threshold,
                                 opt.advice, budget ? &*budget : nullptr, opt.jobs);
  std::vector<std::string> inputs = opt.logs;
  if (!opt.budget.empty())
    inputs.push_back(opt.budget);
  if (!writeOutput(opt.output, result.output, inputs))
    return kExitInput;
  bool incomplete = warnIncomplete(result.logs, result.log_ends);
  if ((incomplete || repeated) && opt.strict)
    return kExitInput;
  return result.failed ? kExitFindings : kExitOk;
}

} // namespace

Command addCheckCommand(CLI::App &app) {
  auto opt = std::make_shared<CheckCommandOptions>();
  CLI::App *check =
      app.add_subcommand("check", "Print the run-time check findings of logs; exit 1 if any "
                                  "reaches --fail-on");
  check->add_option("logs", opt->logs, "coroscope log files")->required();
  addFailOnOption(check, opt->fail_on,
                  "Fail on findings of this severity or higher (advice: also "
                  "replay the events to derive the advice)");
  addThresholdOption(check, opt->advice);
  check
      ->add_option("--budget", opt->budget,
                   "Fail (exit 1) when a function exceeds its budget "
                   "(docs/checks.md#budgets); replays the events")
      ->type_name("BUDGET.json");
  check->add_option("--format", opt->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  check->add_option("-o,--output", opt->output, "Write the findings to FILE instead of stdout");
  check->add_flag("--strict", opt->strict,
                  "Exit 2 when a log is incomplete (no closing record, or a chunk cut short)");
  check
      ->add_option("-j,--jobs", opt->jobs, "Logs analyzed in parallel (0: one per hardware thread)")
      ->transform(wholeNumber<unsigned>())
      ->capture_default_str();
  return {check, [opt] { return runCheck(*opt); }};
}

} // namespace coroscope::analyzer
