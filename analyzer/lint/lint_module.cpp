//===- lint/lint_module.cpp - Entry point of libcoroscope_lint.so ---------===//
//
// The module's side of lint_module.h: runLint() and friends behind the table,
// with exceptions turned into an error string, since the caller is another
// binary that looked us up with dlsym.
//
//===----------------------------------------------------------------------===//
#include "lint/lint_module.h"

#include <cstring>
#include <exception>

#ifndef COROSCOPE_VERSION
#error "COROSCOPE_VERSION must be defined (analyzer/CMakeLists.txt)"
#endif

namespace coroscope::analyzer::lint {
namespace {

bool run(const LintOptions &opts, LintResult &result, std::string &error) {
  try {
    result = runLint(opts);
    return true;
  } catch (const std::exception &e) {
    error = e.what();
  } catch (...) {
    error = "lint failed with an unknown exception";
  }
  return false;
}

const LintModule kModule{run, lintRules, cmakeSourceDir};

} // namespace
} // namespace coroscope::analyzer::lint

extern "C" __attribute__((visibility("default"))) const coroscope::analyzer::lint::LintModule *
coroscope_lint_module(const char *version, unsigned revision) {
  using namespace coroscope::analyzer::lint;
  if (!version || std::strcmp(version, COROSCOPE_VERSION) != 0 || revision != kLintModuleRevision)
    return nullptr;
  return &kModule;
}
