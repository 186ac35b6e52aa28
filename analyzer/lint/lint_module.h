//===- lint/lint_module.h - Interface of libcoroscope_lint-*.so -*- C++ -*-===//
//
// Only `coroscope lint` needs libclang-cpp and libLLVM, which cost every
// command 0.3 s and 68 MB to load. So lint_tool.cpp and the checks are a
// module, lib/libcoroscope_lint-<major>.so (one per LLVM major) next to the
// executable's bin/, that the executable dlopen()s for `lint` alone
// (commands/lint_loader.cpp). This header is
// the whole interface and both sides include it: one extern "C" entry point,
// found with dlsym, returning a table of functions over the plain structs of
// lint_tool.h. Module and executable are built together (one compiler, one
// standard library), so those structs may cross; the entry point refuses a
// caller of another version or interface revision.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_LINT_LINT_MODULE_H
#define COROSCOPE_ANALYZER_LINT_LINT_MODULE_H

#include "lint/lint_tool.h"

namespace coroscope::analyzer::lint {

/// Bumped whenever LintModule or the structs of lint_tool.h change.
inline constexpr unsigned kLintModuleRevision = 1;
inline constexpr const char *kLintModuleEntry = "coroscope_lint_module";

/// No exception crosses the boundary: run() reports what runLint() would
/// throw (LintInputError) in `error` and returns false.
struct LintModule {
  bool (*run)(const LintOptions &opts, LintResult &result, std::string &error);
  std::vector<RuleInfo> (*rules)();
  std::string (*cmake_source_dir)(const std::string &build_dir);
};

} // namespace coroscope::analyzer::lint

extern "C" {
/// The module's table, or null when `version` (COROSCOPE_VERSION) or
/// `revision` (kLintModuleRevision) differ from the module's own.
using coroscope_lint_module_fn = const coroscope::analyzer::lint::LintModule *(const char *version,
                                                                               unsigned revision);
coroscope_lint_module_fn coroscope_lint_module;
}

#endif // COROSCOPE_ANALYZER_LINT_LINT_MODULE_H
