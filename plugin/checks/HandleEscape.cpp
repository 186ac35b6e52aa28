//===- HandleEscape.cpp - Who else gets a new coroutine's handle ----------===//
//
// See HandleEscape.h. Template members are read in their pattern, where
// calls and types are still dependent, so callees are matched by name and
// `coroutine_handle` by its template's name.
//
//===----------------------------------------------------------------------===//
#include "HandleEscape.h"

#include "CoroAst.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace coroscope {
namespace checks {
namespace {

bool isHandleType(QualType T) {
  if (T.isNull())
    return false;
  T = T.getNonReferenceType();
  if (const auto *TS = T->getAs<TemplateSpecializationType>())
    if (const TemplateDecl *TD = TS->getTemplateName().getAsTemplateDecl())
      if (TD->getIdentifier() && TD->getName() == "coroutine_handle")
        return true;
  const CXXRecordDecl *RD = classOf(T);
  return RD && RD->getIdentifier() && RD->getName() == "coroutine_handle";
}

// The body that was written: a template member's pattern, else FD's own.
const FunctionDecl *writtenDefinition(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const FunctionDecl *Def = nullptr;
  return FD->hasBody(Def) ? Def : nullptr;
}

StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD->getIdentifier() ? FD->getName() : StringRef();
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  DeclarationName N;
  if (const auto *U = dyn_cast<OverloadExpr>(Callee)) // unresolved lookup or member
    N = U->getName();
  else if (const auto *D = dyn_cast<DependentScopeDeclRefExpr>(Callee))
    N = D->getDeclName();
  else if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    N = M->getMember();
  else if (const auto *M = dyn_cast<MemberExpr>(Callee))
    N = M->getMemberDecl()->getDeclName();
  return N.isIdentifier() ? N.getAsIdentifierInfo()->getName() : StringRef();
}

// The object of a member call `x.f()`, or null.
const Expr *memberBase(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<MemberExpr>(Callee))
    return M->getBase();
  if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    return M->isImplicitAccess() ? nullptr : M->getBase();
  if (const auto *M = dyn_cast<UnresolvedMemberExpr>(Callee))
    return M->isImplicitAccess() ? nullptr : M->getBase();
  return nullptr;
}

// Calls that only name the handle or the promise again.
bool isTransparent(StringRef Name) {
  return Name == "from_promise" || Name == "move" || Name == "forward" || Name == "addressof" ||
         Name == "from_address";
}

class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  bool Escapes = false;

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && carriesHandle(VD->getInit()))
      Carriers.insert(VD);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    StringRef Name = calleeName(Call);
    if (isTransparent(Name))
      return true;
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
    if (Op && Op->isAssignmentOp() && Call->getNumArgs() == 2)
      return store(Call->getArg(0), Call->getArg(1));
    for (const Expr *Arg : Call->arguments())
      if (carriesHandle(Arg))
        return escape();
    // h.resume() in the ramp starts the body there and then.
    if (Name == "resume" && carriesHandle(memberBase(Call)))
      return escape();
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    return B->isAssignmentOp() ? store(B->getLHS(), B->getRHS()) : true;
  }
  bool TraverseLambdaExpr(LambdaExpr *L) { // the closure's body runs later, elsewhere
    for (Expr *Init : L->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    return true;
  }

  // E names the new coroutine: `this`, the handle, anything built from them.
  bool carriesHandle(const Expr *E) const {
    for (int Depth = 0; E && Depth < 16; ++Depth) {
      E = stripImplicit(E);
      if (const Expr *Moved = movedOperand(E)) {
        E = Moved;
        continue;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(E)) {
        E = U->getSubExpr();
        continue;
      }
      break;
    }
    if (!E)
      return false;
    if (isa<CXXThisExpr>(E))
      return true;
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return Carriers.contains(D->getDecl());
    if (const auto *Conv = dyn_cast<CXXMemberCallExpr>(E)) // coroutine_handle<P> -> <>
      if (isa_and_nonnull<CXXConversionDecl>(Conv->getMethodDecl()))
        return carriesHandle(Conv->getImplicitObjectArgument());
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      StringRef Name = calleeName(Call);
      if (Name == "from_promise")
        return true;
      if (Name == "address")
        return carriesHandle(memberBase(Call));
      if (isTransparent(Name))
        return llvm::any_of(Call->arguments(), [&](const Expr *A) { return carriesHandle(A); });
      return false;
    }
    if (const auto *L = dyn_cast<LambdaExpr>(E))
      return llvm::any_of(L->captures(), [&](const LambdaCapture &C) {
        return C.capturesThis() || (C.capturesVariable() && Carriers.contains(C.getCapturedVar()));
      }) || llvm::any_of(L->capture_inits(), [&](const Expr *I) { return I && carriesHandle(I); });
    auto AnyOf = [&](auto Range) {
      return llvm::any_of(Range, [&](const Expr *A) { return carriesHandle(A); });
    };
    if (const auto *C = dyn_cast<CXXConstructExpr>(E))
      return AnyOf(C->arguments());
    if (const auto *C = dyn_cast<CXXUnresolvedConstructExpr>(E))
      return AnyOf(C->arguments());
    if (const auto *C = dyn_cast<InitListExpr>(E))
      return AnyOf(C->inits());
    if (const auto *C = dyn_cast<ParenListExpr>(E))
      return AnyOf(const_cast<ParenListExpr *>(C)->exprs());
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      return carriesHandle(C->getSubExpr());
    return false;
  }

private:
  llvm::SmallPtrSet<const ValueDecl *, 8> Carriers;

  bool escape() {
    Escapes = true;
    return false; // one is enough
  }
  // Into a local it is still ours; into a member, a global or through a
  // pointer it is someone else's.
  bool store(const Expr *To, const Expr *Value) {
    if (!carriesHandle(Value))
      return true;
    if (const auto *D = dyn_cast<DeclRefExpr>(stripImplicit(To)))
      if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()); VD && VD->hasLocalStorage()) {
        Carriers.insert(VD);
        return true;
      }
    return escape();
  }
};

bool keepsHandle(QualType T, unsigned Depth, llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen) {
  if (T.isNull() || Depth > 5)
    return false;
  T = T.getNonReferenceType();
  if (isHandleType(T))
    return true;
  if (const auto *PT = T->getAs<PointerType>()) {
    const CXXRecordDecl *P = classOf(PT->getPointeeType());
    // A pointer to a promise (a class with initial_suspend, own or inherited).
    return P && P->hasDefinition() &&
           llvm::any_of(P->getDefinition()->methods(), [](const CXXMethodDecl *M) {
             return M->getIdentifier() && M->getName() == "initial_suspend";
           });
  }
  const CXXRecordDecl *RD = classOf(T);
  if (!RD || !RD->hasDefinition() || !Seen.insert(RD->getCanonicalDecl()).second)
    return false;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type && keepsHandle(A.getAsType(), Depth + 1, Seen))
        return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (keepsHandle(B.getType(), Depth + 1, Seen))
      return true;
  for (const FieldDecl *F : RD->fields())
    if (keepsHandle(F->getType(), Depth + 1, Seen))
      return true;
  return false;
}

} // namespace

bool handleEscapes(const FunctionDecl *FD) {
  const FunctionDecl *Def = writtenDefinition(FD);
  if (!Def)
    return false;
  EscapeFinder F;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *I : Ctor->inits())
      if (I->isWritten() && I->getInit())
        F.TraverseStmt(I->getInit());
  if (!F.Escapes)
    F.TraverseStmt(Def->getBody());
  return F.Escapes;
}

bool parksHandle(const FunctionDecl *AwaitSuspend) {
  const FunctionDecl *Def = writtenDefinition(AwaitSuspend);
  if (!Def || !Def->getReturnType()->isVoidType())
    return false;
  for (const ParmVarDecl *P : Def->parameters())
    if (P->isReferenced())
      return false;
  return true;
}

bool taskKeepsHandle(const CXXRecordDecl *Task) {
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
  return Task && Task->hasDefinition() &&
         keepsHandle(QualType(Task->getTypeForDecl(), 0), 0, Seen);
}

} // namespace checks
} // namespace coroscope
