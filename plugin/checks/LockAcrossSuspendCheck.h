//===- LockAcrossSuspendCheck.h - A lock held across a suspension ---------===//
//
// A std::mutex held across co_await is held by a suspended coroutine: other
// threads block (or deadlock, if the resumer needs the same mutex), and the
// coroutine may resume on another thread, which then unlocks a mutex it does
// not own - undefined behaviour.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_LOCKACROSSSUSPENDCHECK_H
#define COROSCOPE_PLUGIN_CHECKS_LOCKACROSSSUSPENDCHECK_H

#include "Check.h"
#include "CheckOptions.h"

#include <string>
#include <vector>

namespace coroscope {
namespace checks {

/// Flags a co_await/co_yield in the scope of a std::lock_guard,
/// std::scoped_lock, std::unique_lock or std::shared_lock local, or one of a
/// class marked scoped_lockable (Clang's thread-safety attributes), declared
/// before it, unless a unique/shared lock was unlocked (or released, or
/// moved from) on every path in between, or was constructed with
/// std::defer_lock and not locked since. See docs/checks.md#lock-across-suspend.
class LockAcrossSuspendCheck : public Check {
public:
  /// Extra: more lock types, qualified names without template arguments
  /// (config file "lock_types"); unlock()/lock() on them is followed too.
  explicit LockAcrossSuspendCheck(std::vector<std::string> Extra = {}) : Extra(std::move(Extra)) {}
  explicit LockAcrossSuspendCheck(const CheckOptions &Opts) : LockAcrossSuspendCheck(Opts.Locks) {}
  void checkCoroutine(const Coroutine &C, Reporter &R) override;

private:
  std::vector<std::string> Extra;
};

} // namespace checks
} // namespace coroscope

#endif
