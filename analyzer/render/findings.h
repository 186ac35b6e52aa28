//===- render/findings.h - Findings and live frames, all formats *- C++ -*-===//
//
// Shared by `coroscope report`, which prints these sections below its
// function table, and `coroscope check`, which prints only the findings, so
// both commands show a finding in exactly the same words.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_RENDER_FINDINGS_H
#define COROSCOPE_ANALYZER_RENDER_FINDINGS_H

#include "model/findings.h"
#include "model/live_frames.h"
#include "model/stats.h"
#include "verdicts/budget.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <vector>

namespace coroscope::analyzer {

/// Compiler-style diagnostic blocks, one per finding, separated by blank
/// lines.
void renderFindingsText(const std::vector<Finding> &findings, std::ostream &os);
/// An advice figure as text: integers without decimals, else up to two.
std::string figureText(double v);
/// Figures or thresholds as " key value, key value" (figureText values).
std::string figuresText(const std::vector<Figure> &figures);
/// "E errors, W warnings, A advice".
std::string findingsTally(const std::vector<Finding> &findings);
/// One "Live frames at end of log" section per log that has live frames;
/// `name_logs` adds the log path to each heading.
void renderLiveFramesText(const std::vector<LiveFrames> &live, bool name_logs, std::ostream &os);

void renderFindingsMarkdown(const std::vector<Finding> &findings, std::ostream &os);
void renderLiveFramesMarkdown(const std::vector<LiveFrames> &live, bool name_logs,
                              std::ostream &os);

nlohmann::ordered_json findingsJson(const std::vector<Finding> &findings);
/// A compile-time finding of `coroscope lint` as the same object: `check`
/// and `severity` are names (compile-time checks have no log::CheckKind).
nlohmann::ordered_json lintFindingJson(const Finding &f, const std::string &check,
                                       const std::string &severity);
nlohmann::ordered_json liveFramesJson(const std::vector<LiveFrames> &live);

/// `check --budget` (render/budget.cpp): a blank line, one line per
/// violation, a note per budget entry that matched nothing, and the tally.
void renderBudgetText(const BudgetResult &result, const std::string &path, std::ostream &os);
/// The "budget_violations" array of `check --format json --budget`.
nlohmann::ordered_json budgetViolationsJson(const BudgetResult &result);

/// What `coroscope check` prints for `logs` (as given), read into `report`,
/// and their `findings`: format "json" is a coroscope-findings/1 document,
/// "text" the findings and their tally. Both add the budget's verdict when
/// `budget` (read from `budget_path`) is set. `advice` items of advice
/// were derived from the figures (docs/checks.md#advice); unless `findings`
/// holds them (`advice_listed`, --fail-on advice) the text says how many
/// and how to see them; the JSON always counts them (advice_count).
std::string renderCheck(const std::string &format, const std::vector<std::string> &logs,
                        const Report &report, const std::vector<Finding> &findings, size_t advice,
                        bool advice_listed, const BudgetResult *budget,
                        const std::string &budget_path);

/// How a frame in `state` relates to its site: "suspended at", "running at".
const char *stateAt(uint8_t state);
/// "0x1000".
std::string hexString(uint64_t value);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_RENDER_FINDINGS_H
