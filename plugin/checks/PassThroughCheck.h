//===- PassThroughCheck.h - A coroutine that only forwards a task ---------===//
//
// A coroutine whose body is nothing but `co_return co_await f(...);`, where
// f returns the coroutine's own return type: it allocates a frame and adds a
// suspension per call only to hand over f's result. A plain function
// returning f(...) does the same, where the arguments outlive the call.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_PASSTHROUGHCHECK_H
#define COROSCOPE_PLUGIN_CHECKS_PASSTHROUGHCHECK_H

#include "Check.h"

namespace coroscope {
namespace checks {

/// See docs/checks.md#pass-through.
class PassThroughCheck : public Check {
public:
  void checkCoroutine(const Coroutine &C, Reporter &R) override;
};

} // namespace checks
} // namespace coroscope

#endif
