//===- fuzz/budget_fuzzer.cpp - Fuzz target: `check --budget BUDGET.json` -===//
//
// The budget's bytes as `check --budget` takes them: read and validated,
// judged against a report (one without functions: every "functions" entry
// is then unmatched) and rendered as text and JSON. A JsonInputError is the
// answer to bad input; any other exception escaping is a bug.
//
//===----------------------------------------------------------------------===//
#include "json_input.h"

#include "render/findings.h"
#include "verdicts/budget.h"

#include <sstream>

using namespace coroscope::analyzer;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return coroscope::fuzz::withJsonInput(data, size, [](const std::string &path) {
    Budget budget = readBudget(path);
    BudgetResult result = checkBudget(budget, Report{}, {});
    std::ostringstream out;
    renderBudgetText(result, budget.path, out);
    out << budgetViolationsJson(result).dump();
  });
}
