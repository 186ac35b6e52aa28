//===- DoubleAwaitCheck.h - A single-consumption task awaited twice -------===//
//
// The compile-time half of the run-time double-await check: the same
// variable awaited twice with no assignment in between, or awaited after it
// was moved from.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_DOUBLEAWAITCHECK_H
#define COROSCOPE_PLUGIN_CHECKS_DOUBLEAWAITCHECK_H

#include "Check.h"
#include "CheckOptions.h"

#include <string>
#include <vector>

namespace coroscope {
namespace checks {

/// Flags `co_await t` where `t` was already awaited (and its type can be
/// awaited only once) or was moved from, on a path with no assignment to `t`
/// in between. See docs/checks.md#double-await-compile-time.
/// Task types named in the config file (docs/checks.md#configuration):
/// qualified names without template arguments.
struct ConsumptionTypes {
  std::vector<std::string> Single; // awaited once, like the built-in list
  std::vector<std::string> Multi;  // awaited by many, like cppcoro::shared_task
};

class DoubleAwaitCheck : public Check {
public:
  explicit DoubleAwaitCheck(ConsumptionTypes Types = {}) : Types(std::move(Types)) {}
  explicit DoubleAwaitCheck(const CheckOptions &Opts)
      : DoubleAwaitCheck(ConsumptionTypes{Opts.SingleConsumption, Opts.MultiConsumption}) {}
  void checkCoroutine(const Coroutine &C, Reporter &R) override;

private:
  ConsumptionTypes Types;
};

/// Whether a task of type RD may be awaited only once (see docs/checks.md).
/// Awaiter is the awaiter type a co_await of it produced, when known;
/// LvalueAwait says that co_await named the task itself (not std::move(t)).
bool isSingleConsumption(const clang::CXXRecordDecl *RD, clang::QualType Awaiter,
                         const ConsumptionTypes &Types = {}, bool LvalueAwait = false);

} // namespace checks
} // namespace coroscope

#endif
