//===- CheckRunner.h - The AST consumer that runs the checks --------------===//
//
// CoroScopePlugin.cpp returns this consumer from its AST action; it runs
// before code generation (AddBeforeMainAction) and does not change the AST,
// so the IR instrumentation sees the same code with or without the checks.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_CHECKRUNNER_H
#define COROSCOPE_PLUGIN_CHECKS_CHECKRUNNER_H

#include "clang/AST/ASTConsumer.h"
#include "llvm/ADT/StringSet.h"

#include <memory>

namespace coroscope {
namespace checks {

struct CheckOptions {
  llvm::StringSet<> Disabled; // check names
  bool Werror = false;        // report findings as errors
};

std::unique_ptr<clang::ASTConsumer> createCheckConsumer(const CheckOptions &Opts);

} // namespace checks
} // namespace coroscope

#endif
