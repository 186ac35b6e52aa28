//===- render/lint.h - lint findings as JSON and SARIF ----------*- C++ -*-===//
#ifndef COROSCOPE_ANALYZER_RENDER_LINT_H
#define COROSCOPE_ANALYZER_RENDER_LINT_H

#include "lint/lint_module.h"

#include <string>
#include <vector>

namespace coroscope::analyzer {

/// `lint --format json`: a coroscope-findings/1 document.
std::string renderLintJson(const std::vector<lint::LintFinding> &findings);
/// `lint --format sarif`: SARIF 2.1.0; file URIs relative to `root` (the
/// CMake source directory, "" when unknown) when inside it.
std::string renderLintSarif(const std::vector<lint::RuleInfo> &rules,
                            const std::vector<lint::LintFinding> &findings,
                            const std::string &root);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_RENDER_LINT_H
