//===- CheckRunner.h - The AST consumer that runs the checks --------------===//
//
// CoroScopePlugin.cpp returns this consumer from its AST action, and
// `coroscope lint` (analyzer/lint/) from its syntax-only one. In the plugin
// it runs before code generation (AddBeforeMainAction) and does not change the AST,
// so the IR instrumentation sees the same code with or without the checks.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_CHECKRUNNER_H
#define COROSCOPE_PLUGIN_CHECKS_CHECKRUNNER_H

#include "CheckOptions.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>

namespace coroscope {
namespace checks {

std::unique_ptr<clang::ASTConsumer> createCheckConsumer(const CheckOptions &Opts);

} // namespace checks
} // namespace coroscope

#endif
