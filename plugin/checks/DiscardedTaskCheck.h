//===- DiscardedTaskCheck.h - A lazy task created and dropped -------------===//
//
// A call returning a lazy task (its promise's initial_suspend() never
// completes synchronously) used as a statement or cast to void: the task is
// destroyed unstarted and the callee's body never runs.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_DISCARDEDTASKCHECK_H
#define COROSCOPE_PLUGIN_CHECKS_DISCARDEDTASKCHECK_H

#include "Check.h"

namespace coroscope {
namespace checks {

/// Flags `f();` and `(void)f();` where f returns a lazy task. Calls Clang
/// already warns about ([[nodiscard]] on the type or function, without a void
/// cast) are left to Clang. See docs/checks.md#discarded-task.
class DiscardedTaskCheck : public Check {
public:
  void checkFunctionBody(const clang::FunctionDecl *FD, const clang::Stmt *Body,
                         Reporter &R) override;
};

} // namespace checks
} // namespace coroscope

#endif
