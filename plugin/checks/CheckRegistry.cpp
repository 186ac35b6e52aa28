//===- CheckRegistry.cpp - The list of compile-time checks ----------------===//
//
// The one place that knows every check: adding a check is one header, one
// line in Names and one line in createChecks. The names are documented in
// docs/checks.md, "Compile-time checks".
//
//===----------------------------------------------------------------------===//
#include "CheckRegistry.h"

#include "CapturingLambdaCheck.h"
#include "DiscardedTaskCheck.h"
#include "DoubleAwaitCheck.h"
#include "LockAcrossSuspendCheck.h"
#include "ReferenceParameterCheck.h"

namespace coroscope {
namespace checks {

static const llvm::StringRef Names[] = {
    "double-await", "discarded-task", "reference-parameter", "capturing-lambda",
    "lock-across-suspend",
};

llvm::ArrayRef<llvm::StringRef> checkNames() { return Names; }

std::vector<std::unique_ptr<Check>> createChecks(const llvm::StringSet<> &Disabled) {
  std::vector<std::unique_ptr<Check>> All;
  All.push_back(std::make_unique<DoubleAwaitCheck>());
  All.push_back(std::make_unique<DiscardedTaskCheck>());
  All.push_back(std::make_unique<ReferenceParameterCheck>());
  All.push_back(std::make_unique<CapturingLambdaCheck>());
  All.push_back(std::make_unique<LockAcrossSuspendCheck>());
  std::vector<std::unique_ptr<Check>> Enabled;
  for (auto &C : All)
    if (!Disabled.contains(C->name()))
      Enabled.push_back(std::move(C));
  return Enabled;
}

} // namespace checks
} // namespace coroscope
