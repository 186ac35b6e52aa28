//===- commands/lint_loader.h - Finding the lint module at run time -*- C++ -*-===//
//
// The executable's side of lint/lint_module.h: the module is loaded on first
// use only, so commands other than `lint` never map libclang-cpp.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_COMMANDS_LINT_LOADER_H
#define COROSCOPE_ANALYZER_COMMANDS_LINT_LOADER_H

#include "lint/lint_module.h"

namespace coroscope::analyzer {

/// `lint --compiler`: load the module of this compiler's Clang major (as
/// `flags --compile` finds its plugin), or fail saying which compilers have
/// one. Without it: the major of $CXX when it is a Clang with a module, else
/// the newest module there is. Takes effect when the module is first
/// needed, so it must be called before (commands/lint.cpp: on parse).
void setLintCompiler(const std::string &compiler);

/// The module in PREFIX/lib (PREFIX as in installPrefix(), the layout
/// `coroscope flags` relies on), loaded once. Throws std::runtime_error
/// saying why when it is missing, cannot be loaded or is of another build.
const lint::LintModule &lintModule();

/// The check names of the module, or {} when it cannot be loaded (then
/// `lint` itself reports why).
std::vector<std::string> lintCheckNamesIfLoadable();

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_COMMANDS_LINT_LOADER_H
