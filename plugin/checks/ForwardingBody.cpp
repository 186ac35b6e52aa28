//===- ForwardingBody.cpp - A coroutine body that only forwards a task -----===//
//
// Forwarding `return g(args);` ends this frame before g's task runs. What
// lived in this frame (the by-value parameters) and the temporaries of the
// full-expression then die first, so an argument is safe only when every
// use of them in it is copied out: an lvalue-to-rvalue load, a copy or move
// construction (through std::move), a member read by `.` of a copied
// object. A reference, pointer, view or member call on one of them, and any
// temporary bound to a reference, could dangle: precision first, such a
// body is not reported.
//
//===----------------------------------------------------------------------===//
#include "ForwardingBody.h"

#include "CoroAst.h"

using namespace clang;

namespace coroscope {
namespace checks {
namespace {

// A parameter that lives in FD's frame (a copy of the caller's argument).
bool inFrame(const ValueDecl *D, const FunctionDecl *FD) {
  const auto *P = dyn_cast<ParmVarDecl>(D);
  return P && P->getDeclContext() == FD && !P->getType()->isReferenceType();
}

// E, evaluated into g's argument, can refer to nothing that dies with this
// frame or this full-expression. Copied: E's value is copied out here.
bool safe(const Expr *E, const FunctionDecl *FD, bool Copied) {
  if (!E)
    return true;
  if (isa<MaterializeTemporaryExpr>(E))
    return false;
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return safe(D->getExpr(), FD, Copied);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return Copied || !inFrame(DRE->getDecl(), FD);
  if (isa<ParenExpr, CXXBindTemporaryExpr, FullExpr>(E))
    return safe(cast<Expr>(*E->child_begin()), FD, Copied);
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    CastKind K = IC->getCastKind();
    if (K == CK_LValueToRValue)
      return safe(IC->getSubExpr(), FD, true);
    if (K == CK_NoOp || K == CK_DerivedToBase || K == CK_UncheckedDerivedToBase)
      return safe(IC->getSubExpr(), FD, Copied);
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() >= 1 && CE->getConstructor()->isCopyOrMoveConstructor())
    return safe(CE->getArg(0), FD, true) &&
           llvm::all_of(llvm::drop_begin(CE->arguments()),
                        [&](const Expr *A) { return safe(A, FD, false); });
  if (const Expr *Moved = movedOperand(E))
    return safe(Moved, FD, Copied);
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
    return safe(ME->getBase(), FD, Copied);
  // Anything else passes on what its operands refer to, not a copy.
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child); CE && !safe(CE, FD, false))
      return false;
  return true;
}

// An lvalue whose value cannot change between the call of a lazy coroutine
// and its start: its own by-value parameter (or a member of one), a const
// object, an enumerator.
bool stableValue(const Expr *E, const FunctionDecl *FD) {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E); IC && IC->getCastKind() == CK_NoOp)
    return stableValue(IC->getSubExpr(), FD);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !ME->isArrow() && stableValue(ME->getBase(), FD);
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return false;
  const ValueDecl *D = DRE->getDecl();
  if (isa<EnumConstantDecl>(D) || inFrame(D, FD))
    return true;
  const auto *VD = dyn_cast<VarDecl>(D);
  return VD && !VD->getType()->isReferenceType() && VD->getType().isConstQualified() &&
         !VD->getType().isVolatileQualified();
}

// E, an argument of g, gives the same value whether it is evaluated when a
// lazy coroutine starts (as written) or when it is called (forwarded): no
// side effect, no call, and every load reads a stable value. Addresses
// (`this`, a member or object passed by reference) do not change.
bool sameWhenever(const Expr *E, const FunctionDecl *FD) {
  if (!E)
    return true;
  if (isa<IntegerLiteral, FloatingLiteral, StringLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, CXXThisExpr, DeclRefExpr>(E))
    return true;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E); IC && IC->getCastKind() == CK_LValueToRValue)
    return stableValue(IC->getSubExpr(), FD);
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return sameWhenever(D->getExpr(), FD);
  if (const Expr *Moved = movedOperand(E))
    return stableValue(Moved, FD);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getConstructor()->isCopyOrMoveConstructor() && CE->getNumArgs() >= 1 &&
        !stableValue(stripImplicit(CE->getArg(0)), FD) && !sameWhenever(CE->getArg(0), FD))
      return false;
    return llvm::all_of(
        llvm::drop_begin(CE->arguments(), CE->getConstructor()->isCopyOrMoveConstructor()),
        [&](const Expr *A) { return sameWhenever(A, FD); });
  }
  // A std function that only builds a pointer or a view from its arguments
  // (`std::as_bytes(std::span{buf})`, `std::data(v)`): no state of its own.
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Call->getDirectCallee();
    QualType R = Call->getType();
    const CXXRecordDecl *RD = classOf(R);
    bool View =
        R->isPointerType() || (RD && RD->isInStdNamespace() && RD->getIdentifier() &&
                               (RD->getName() == "span" || RD->getName() == "basic_string_view"));
    if (!F || !F->isInStdNamespace() || isa<CXXMethodDecl>(F) || !View)
      return false;
    return llvm::all_of(Call->arguments(), [&](const Expr *A) { return sameWhenever(A, FD); });
  }
  if (isa<CXXNewExpr, CXXDeleteExpr, CXXThrowExpr, StmtExpr, LambdaExpr>(E))
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return false;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child); CE && !sameWhenever(CE, FD))
      return false;
  return true;
}

// A coroutine's body; in a template pattern, where Sema has not built the
// coroutine yet, one that contains co_await, co_yield or co_return.
class CoroutineKeyword : public BodyVisitor<CoroutineKeyword> {
public:
  bool Found = false;
  bool VisitCoreturnStmt(CoreturnStmt *) { return !(Found = true); }
  bool VisitCoawaitExpr(CoawaitExpr *) { return !(Found = true); }
  bool VisitDependentCoawaitExpr(DependentCoawaitExpr *) { return !(Found = true); }
  bool VisitCoyieldExpr(CoyieldExpr *) { return !(Found = true); }
};
bool isCoroutineBody(const Stmt *Body) {
  if (!Body || isa<CoroutineBodyStmt>(Body))
    return Body != nullptr;
  CoroutineKeyword K;
  K.TraverseStmt(const_cast<Stmt *>(Body));
  return K.Found;
}

// A by-value parameter whose destructor runs when the frame is destroyed,
// after the await: work this coroutine does after g has finished.
bool destroysAfter(const FunctionDecl *FD, ASTContext &Ctx) {
  return llvm::any_of(FD->parameters(), [&](const ParmVarDecl *P) {
    return !P->getType()->isReferenceType() && P->needsDestruction(Ctx);
  });
}

} // namespace

const CallExpr *forwardedCall(const FunctionDecl *FD, const CoroutineBodyStmt *CB, ASTContext &Ctx,
                              const CoawaitExpr **AwaitOut) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(CB ? CB->getBody() : nullptr);
  if (!Body || Body->size() == 0 || Body->size() > 2)
    return nullptr;
  const Expr *Operand = nullptr;
  if (const auto *Ret = dyn_cast<CoreturnStmt>(Body->body_front())) {
    if (Body->size() != 1 || Ret->isImplicit() || !Ret->getOperand())
      return nullptr;
    Operand = Ret->getOperand();
  } else {
    // `co_await g(args);`, then nothing or a bare `co_return;`.
    Operand = dyn_cast<Expr>(Body->body_front());
    if (Body->size() == 2) {
      const auto *Ret = dyn_cast<CoreturnStmt>(Body->body_back());
      if (!Ret || Ret->getOperand())
        return nullptr;
    }
  }
  const auto *Await = dyn_cast_or_null<CoawaitExpr>(stripImplicit(Operand));
  if (!Await || Await->isImplicit())
    return nullptr;
  const auto *Call = dyn_cast<CallExpr>(stripImplicit(Await->getOperand()));
  if (!Call || isa<CXXOperatorCallExpr>(Call) || isa<UserDefinedLiteral>(Call))
    return nullptr;
  const FunctionDecl *Callee = Call->getDirectCallee();
  QualType Awaited = Call->getCallReturnType(Ctx);
  QualType Own = FD->getReturnType();
  // The same task type: a hand-written awaiter (or any other awaitable) is
  // no task that could be returned in this coroutine's place.
  if (!Callee || Awaited->isReferenceType() ||
      !Ctx.hasSameUnqualifiedType(Awaited.getCanonicalType(), Own.getCanonicalType()))
    return nullptr;
  if (destroysAfter(FD, Ctx))
    return nullptr;
  // A callee seen to be a plain function does its work (or throws) when
  // called: forwarded, that happens at the call instead of at the await.
  // One whose body is not seen is taken for the coroutine it usually is.
  const FunctionDecl *CalleeDef = nullptr;
  const FunctionDecl *Written = Callee->getTemplateInstantiationPattern()
                                    ? Callee->getTemplateInstantiationPattern()
                                    : Callee;
  if ((Callee->hasBody(CalleeDef) || Written->hasBody(CalleeDef)) &&
      !isCoroutineBody(CalleeDef->getBody()))
    return nullptr;
  for (const Expr *Arg : Call->arguments())
    if (!safe(Arg, FD, false))
      return nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (!safe(MC->getImplicitObjectArgument(), FD, false))
      return nullptr; // `this` of g would point into this frame or a temporary
  // Lazy: the arguments as written are evaluated when it starts; forwarded,
  // when it is called. Only arguments that cannot tell the two apart.
  if (isLazyCoroutine(CB)) {
    for (const Expr *Arg : Call->arguments())
      if (!sameWhenever(Arg, FD))
        return nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      if (!sameWhenever(MC->getImplicitObjectArgument(), FD))
        return nullptr;
  }
  if (AwaitOut)
    *AwaitOut = Await;
  return Call;
}

} // namespace checks
} // namespace coroscope
