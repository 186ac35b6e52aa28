//===- CapturingLambdaCheck.h - A lambda coroutine with captures ----------===//
//
// A lambda's captures live in the closure object, not in the coroutine
// frame; a coroutine frame only holds a pointer to the closure (`this`).
// When the closure dies first (a temporary, a std::function a dispatcher
// destroys after the call), the resumed body reads freed captures.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_CAPTURINGLAMBDACHECK_H
#define COROSCOPE_PLUGIN_CHECKS_CAPTURINGLAMBDACHECK_H

#include "Check.h"

namespace coroscope {
namespace checks {

/// Flags a lambda coroutine that uses a capture after it has suspended (for
/// a lazy coroutine: anywhere), unless the lambda is called and awaited in
/// the same full-expression, takes `this` by value (C++23 `this auto`), or
/// its closure outlives every task made from it (a named local whose tasks
/// are all consumed while it lives, a copy in a coroutine frame).
/// See docs/checks.md#capturing-lambda.
class CapturingLambdaCheck : public Check {
public:
  void checkCoroutine(const Coroutine &C, Reporter &R) override;
};

} // namespace checks
} // namespace coroscope

#endif
