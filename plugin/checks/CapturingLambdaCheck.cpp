//===- CapturingLambdaCheck.cpp - A lambda coroutine with captures --------===//
//
// A capture counts as used after suspension when a reference to the captured
// variable (or `this`, for a this-capture) comes after the first co_await or
// co_yield in source order, sits in a loop that suspends, or anywhere in a
// lazy coroutine. Captures read only before the first suspension are copied
// out in time and are not reported.
//
//===----------------------------------------------------------------------===//
#include "CapturingLambdaCheck.h"

#include "CoroAst.h"

using namespace clang;

namespace coroscope {
namespace checks {
namespace {

class CaptureUseFinder : public BodyVisitor<CaptureUseFinder> {
public:
  llvm::DenseSet<const ValueDecl *> Captured;
  bool CapturesThis = false;
  std::vector<std::pair<const Expr *, std::string>> Uses; // use, capture name

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (Captured.count(E->getDecl()))
      Uses.push_back({E, E->getDecl()->getNameAsString()});
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    if (CapturesThis)
      Uses.push_back({E, "this"});
    return true;
  }
};

} // namespace

void CapturingLambdaCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  const LambdaExpr *L = C.Lambda;
  if (!L || L->capture_size() == 0)
    return;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(C.FD);
      MD && MD->isExplicitObjectMemberFunction() &&
      !MD->getParamDecl(0)->getType()->isReferenceType())
    return; // `this auto self`: the closure is copied into the frame
  ASTContext &Ctx = R.context();
  Suspensions S(Ctx, C.Body->getBody());
  bool Lazy = isLazyCoroutine(C.Body);
  if (S.empty() && !Lazy)
    return;

  CaptureUseFinder F;
  for (const LambdaCapture &Cap : L->captures()) {
    if (Cap.capturesThis())
      F.CapturesThis = true;
    else if (Cap.capturesVariable())
      F.Captured.insert(Cap.getCapturedVar());
  }
  F.TraverseStmt(C.Body->getBody());
  const Expr *Use = nullptr;
  const Expr *Suspension = nullptr;
  std::string Capture;
  for (const auto &[E, Name] : F.Uses) {
    Suspension = S.suspendedBefore(E->getBeginLoc());
    if (Suspension || Lazy) {
      Use = E;
      Capture = Name;
      break;
    }
  }
  if (!Use)
    return;
  if (isUnderCoAwait(Ctx, L))
    return; // called and awaited in one full-expression: the closure outlives the await

  Finding W = R.warn(name(), L->getBeginLoc(),
                     "lambda coroutine in '" + functionName(C.FD) +
                         "' uses its capture '" + Capture +
                         "' after suspending; captures live in the lambda object, which can "
                         "be destroyed before the coroutine resumes (pass them as parameters)");
  if (!W)
    return;
  if (Suspension) {
    W.note(Suspension->getBeginLoc(), "the coroutine suspends here");
    W.note(Use->getBeginLoc(), "'" + Capture + "' is read here, after the suspension");
  } else {
    W.note(Use->getBeginLoc(), "'" + Capture +
                                   "' is read here; the coroutine starts suspended, so this "
                                   "runs after the lambda call has returned");
  }
}

} // namespace checks
} // namespace coroscope
