//===- verdicts/budget.h - Per-function cost budgets for CI -----*- C++ -*-===//
//
// `coroscope check --budget budget.json` turns the report's figures into a
// gate: a function may allocate at most so many heap bytes per call, run at
// most so many frames per top-level call, must complete synchronously in at
// least so many percent of its calls, and so on. A budget is judged on the
// figures as the report prints them (rounded the same way), so a value the
// report shows as 64.00 passes a budget of 64. The file format is
// docs/checks.md, "Budgets".
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_VERDICTS_BUDGET_H
#define COROSCOPE_ANALYZER_VERDICTS_BUDGET_H

#include "model/findings.h"
#include "model/stats.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coroscope::analyzer {

/// Limit key -> limit; nullopt ("key": null) lifts a default's limit.
using BudgetLimits = std::map<std::string, std::optional<double>>;

struct BudgetEntry {
  BudgetLimits limits;
  std::optional<bool> never_started_fail; ///< overrides the top-level one
};

struct Budget {
  std::string path;
  /// Keyed as written: a full function name or an unqualified one.
  std::map<std::string, BudgetEntry> functions;
  BudgetLimits defaults;
  bool never_started_fail = false;
};

/// Reads and validates a budget file. Throws JsonInputError ("PATH: what")
/// naming the first unknown key or bad value.
Budget readBudget(const std::string &path);

struct BudgetViolation {
  std::string key;  ///< a limit key, or "never_started"
  SourceRef where;  ///< the function and its line; a never-started site
  double value = 0; ///< as the report shows it
  double limit = 0;
  std::string entry; ///< the "functions" key that set the limit, or "default"
};

struct BudgetResult {
  std::vector<BudgetViolation> violations; ///< by file, line, function, key
  size_t functions_checked = 0;            ///< functions that had at least one limit
  std::vector<std::string> unmatched;      ///< "functions" keys no function matched
};

/// Judges every function of `report`, and the never-started findings among
/// `findings`, against `budget`.
BudgetResult checkBudget(const Budget &budget, const Report &report,
                         const std::vector<Finding> &findings);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_VERDICTS_BUDGET_H
