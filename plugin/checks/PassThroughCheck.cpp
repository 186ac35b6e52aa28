//===- PassThroughCheck.cpp - A coroutine that only forwards a task -------===//
//
// Only the user-written body (CoroutineBodyStmt::getBody()) is looked at;
// the promise, the initial and final suspends and the return object are
// Sema's. Returning f(...) directly changes lifetimes: the arguments are then
// no longer kept in this coroutine's frame. So a call that binds a temporary
// or one of this coroutine's by-value parameters to a reference parameter of
// f is not reported: returning f(...) would leave f's lazy task holding a
// reference to an object that dies when the call returns.
//
//===----------------------------------------------------------------------===//
#include "PassThroughCheck.h"

#include "CoroAst.h"

using namespace clang;

namespace coroscope {
namespace checks {

// The argument dies at the end of the call: a temporary, or a by-value
// parameter of the forwarding coroutine (it lives in that frame only).
static bool diesWithCall(const Expr *Arg, const FunctionDecl *Coro) {
  for (const Expr *E = Arg; E;) {
    if (isa<MaterializeTemporaryExpr>(E) || isa<CXXBindTemporaryExpr>(E))
      return true;
    const Expr *Next = E->IgnoreImpCasts()->IgnoreParens();
    if (const auto *FE = dyn_cast<FullExpr>(Next))
      Next = FE->getSubExpr();
    if (Next == E)
      break;
    E = Next;
  }
  const Expr *E = stripImplicit(Arg);
  if (const Expr *Moved = movedOperand(E))
    E = Moved;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
      return P->getDeclContext() == Coro && !P->getType()->isReferenceType();
  return false;
}

void PassThroughCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(C.Body->getBody());
  if (!Body || Body->size() != 1)
    return;
  const auto *Ret = dyn_cast<CoreturnStmt>(Body->body_front());
  if (!Ret || Ret->isImplicit() || !Ret->getOperand())
    return;
  const auto *Await = dyn_cast<CoawaitExpr>(stripImplicit(Ret->getOperand()));
  if (!Await || Await->isImplicit())
    return;
  const auto *Call = dyn_cast<CallExpr>(stripImplicit(Await->getOperand()));
  if (!Call || isa<CXXOperatorCallExpr>(Call) || isa<UserDefinedLiteral>(Call))
    return;
  const FunctionDecl *Callee = Call->getDirectCallee();
  ASTContext &Ctx = R.context();
  QualType Awaited = Call->getCallReturnType(Ctx);
  QualType Own = C.FD->getReturnType();
  if (!Callee || Awaited->isReferenceType() ||
      !Ctx.hasSameUnqualifiedType(Awaited.getCanonicalType(), Own.getCanonicalType()))
    return;
  unsigned N = std::min<unsigned>(Call->getNumArgs(), Callee->getNumParams());
  for (unsigned I = 0; I < N; ++I) {
    QualType PT = Callee->getParamDecl(I)->getType();
    if (PT->isReferenceType() && diesWithCall(Call->getArg(I), C.FD))
      return;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const Expr *Obj = MC->getImplicitObjectArgument();
        Obj && !Obj->getType()->isPointerType() && diesWithCall(Obj, C.FD))
      return; // a by-value parameter or temporary bound to `this`
  std::string F = Callee->getNameAsString();
  R.warn(name(), Ret->getBeginLoc(),
         coroutineName(C.FD) + " only forwards the task of '" + F +
             "' and costs a coroutine frame per call; return " + F + "(...) instead of "
             "co_return co_await " + F + "(...) where the arguments outlive the call");
}

} // namespace checks
} // namespace coroscope
