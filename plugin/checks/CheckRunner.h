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

#include "clang/AST/ASTConsumer.h"
#include "Check.h"

#include "llvm/ADT/StringSet.h"

#include <memory>
#include <string>
#include <vector>

namespace coroscope {
namespace checks {

struct CheckOptions {
  llvm::StringSet<> Disabled; // check names
  llvm::StringSet<> Enabled;  // opt-in check names switched on (see isOptIn)
  /// Extra blocking functions for blocking-call, qualified ("ns::fn",
  /// "ns::Class::method"), from -fplugin-arg-coroscope-blocking=.
  std::vector<std::string> Blocking;
  bool Werror = false;        // report findings as errors
  FindingObserver Observer;   // see Check.h; empty in the plugin
};

std::unique_ptr<clang::ASTConsumer> createCheckConsumer(const CheckOptions &Opts);

} // namespace checks
} // namespace coroscope

#endif
