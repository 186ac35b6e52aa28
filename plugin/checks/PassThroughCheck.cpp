//===- PassThroughCheck.cpp - A coroutine that only forwards a task -------===//
//
// Only the user-written body (CoroutineBodyStmt::getBody()) is looked at;
// the promise, the initial and final suspends and the return object are
// Sema's. The shape, and why forwarding must be provably safe before it is
// reported, is ForwardingBody.h's: the run-time advice uses the same test.
//
//===----------------------------------------------------------------------===//
#include "PassThroughCheck.h"

#include "CoroAst.h"
#include "ForwardingBody.h"

using namespace clang;

namespace coroscope {
namespace checks {

void PassThroughCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  const CoawaitExpr *Await = nullptr;
  const CallExpr *Call = forwardedCall(C.FD, C.Body, R.context(), &Await);
  if (!Call)
    return;
  // Where the coroutine's one statement starts: `co_return` or `co_await`.
  SourceLocation At = cast<CompoundStmt>(C.Body->getBody())->body_front()->getBeginLoc();
  std::string F = Call->getDirectCallee()->getNameAsString();
  R.warn(name(), At,
         coroutineName(C.FD) + " only forwards the task of '" + F +
             "' and costs a coroutine frame per call; return " + F +
             "(...) instead of "
             "co_return co_await " +
             F + "(...) where the arguments outlive the call");
}

} // namespace checks
} // namespace coroscope
