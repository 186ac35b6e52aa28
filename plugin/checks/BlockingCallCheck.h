//===- BlockingCallCheck.h - A blocking call inside a coroutine -----------===//
//
// A coroutine body calls a function that blocks the thread (sleeping,
// waiting on a future, joining a thread, locking a mutex): the thread that
// runs the coroutine stalls, and every coroutine scheduled on it with it.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_BLOCKINGCALLCHECK_H
#define COROSCOPE_PLUGIN_CHECKS_BLOCKINGCALLCHECK_H

#include "Check.h"
#include "CheckOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"

namespace coroscope {
namespace checks {

/// Flags calls, written in a coroutine's own body (not in a lambda or local
/// class inside it), to a built-in list of blocking std functions and to the
/// qualified names given with -fplugin-arg-coroscope-blocking=.
/// See docs/checks.md#blocking-call.
class BlockingCallCheck : public Check {
public:
  explicit BlockingCallCheck(llvm::ArrayRef<std::string> Extra = {});
  explicit BlockingCallCheck(const CheckOptions &Opts) : BlockingCallCheck(Opts.Blocking) {}
  void checkCoroutine(const Coroutine &C, Reporter &R) override;

private:
  llvm::StringSet<> Blocking; // qualified names, no template arguments
};

} // namespace checks
} // namespace coroscope

#endif
