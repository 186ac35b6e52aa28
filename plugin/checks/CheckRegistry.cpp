//===- CheckRegistry.cpp - The list of compile-time checks ----------------===//
//
// Makes the checks of Checks.def, the one list: adding a check is its line
// there, its class and its header here. The names are documented in
// docs/checks.md, "Compile-time checks".
//
//===----------------------------------------------------------------------===//
#include "CheckRegistry.h"

#include "BlockingCallCheck.h"
#include "CapturingLambdaCheck.h"
#include "DiscardedTaskCheck.h"
#include "DoubleAwaitCheck.h"
#include "LockAcrossSuspendCheck.h"
#include "PassThroughCheck.h"
#include "ReferenceParameterCheck.h"
#include "TaskTypeHygieneCheck.h"

#include <type_traits>

namespace coroscope {
namespace checks {

template <class C> static std::unique_ptr<Check> create(const CheckOptions &Opts) {
  if constexpr (std::is_constructible_v<C, const CheckOptions &>)
    return std::make_unique<C>(Opts);
  else
    return std::make_unique<C>();
}

std::vector<std::unique_ptr<Check>> createChecks(const CheckOptions &Opts) {
  std::vector<std::unique_ptr<Check>> On;
#define COROSCOPE_CHECK(Class, Name, OptIn, Summary, Description, Anchor)                          \
  if (Opts.isOn(Name)) {                                                                           \
    On.push_back(create<Class>(Opts));                                                             \
    On.back()->CheckName = Name;                                                                   \
  }
#include "Checks.def"
  return On;
}

} // namespace checks
} // namespace coroscope
