//===- HandleEscape.cpp - Who else gets a new coroutine's handle ----------===//
//
// See HandleEscape.h. Template members are read in their pattern, where
// calls and types are still dependent, so callees are matched by name and
// `coroutine_handle` by its template's name.
//
//===----------------------------------------------------------------------===//
#include "HandleEscape.h"

#include "CoroAst.h"
#include "compat/ClangCompat.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace coroscope {
namespace checks {
namespace {

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
  return N.getAsIdentifierInfo() ? N.getAsIdentifierInfo()->getName() : StringRef();
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

// Declared in namespace std or a namespace or class inside it.
bool inStd(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

// Calls that only name the handle or the promise again.
bool isTransparent(StringRef Name) {
  return Name == "from_promise" || Name == "move" || Name == "forward" || Name == "addressof" ||
         Name == "from_address";
}

// Whether a member call is on the object whose body is being read (`f()`,
// `this->f()`), as opposed to another object's (`queue.push(...)`).
bool onOwnObject(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    return M->isImplicitAccess() || isa<CXXThisExpr>(stripImplicit(M->getBase()));
  if (const auto *M = dyn_cast<UnresolvedMemberExpr>(Callee))
    return M->isImplicitAccess() || isa<CXXThisExpr>(stripImplicit(M->getBase()));
  const Expr *Base = memberBase(Call);
  return Base && isa<CXXThisExpr>(stripImplicit(Base));
}

// Reads one body. `this` names the new coroutine's promise only while the
// body is the promise's own (ThisIsPromise); stores into the members of the
// object being read are kept in (OwnMembersKeep) for the promise, its
// members and the object a constructor builds, not for another object whose
// method was called.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  bool Escapes = false;

  EscapeFinder(const CXXRecordDecl *Owner, bool ThisIsPromise, bool OwnMembersKeep, unsigned Depth)
      : Owner(Owner), ThisIsPromise(ThisIsPromise), OwnMembersKeep(OwnMembersKeep), Depth(Depth) {}

  void carries(const ValueDecl *D) { Carriers.insert(D); }
  void builds(const Expr *Init) { LocalInits.insert(stripImplicit(Init)); }

  bool VisitReturnStmt(ReturnStmt *R) {
    if (const Expr *V = R->getRetValue())
      Returned = stripImplicit(V);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && carriesHandle(VD->getInit())) {
      Carriers.insert(VD);
      LocalInits.insert(stripImplicit(VD->getInit()));
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    StringRef Name = calleeName(Call);
    if (isTransparent(Name))
      return true;
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
    if (Op && Op->isAssignmentOp() && Call->getNumArgs() == 2)
      return store(Call->getArg(0), Call->getArg(1));
    if (Op && Op->getOperator() == OO_LessLess)
      return true; // streaming the address into a log
    // h.resume() in the ramp starts the body there and then.
    if (Name == "resume" && carriesHandle(memberBase(Call)))
      return escape();
    std::vector<bool> Carrying;
    bool Any = false;
    for (const Expr *Arg : Call->arguments())
      Any |= Carrying.emplace_back(carriesHandle(Arg));
    bool Own = onOwnObject(Call);
    if (!Any && !(Own && ThisIsPromise))
      return true;
    if (Call == Returned && Any)
      return true; // a factory building the task that is returned
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee && Own && Owner && !Name.empty())
      Callee = findMember(Owner, Name);
    if (Callee && Callee->isVariadic()) { // printf("%p", this): nothing keeps it
      unsigned Fixed = Callee->getNumParams();
      bool OnlyVarargs = true;
      for (unsigned I = 0; I < Fixed && I < Carrying.size(); ++I)
        OnlyVarargs &= !Carrying[I];
      if (OnlyVarargs && !(Own && ThisIsPromise))
        return true;
    }
    if (!Any && Own && !Callee)
      return true; // a helper of the promise not found: nothing passed
    if (!Callee || inStd(Callee))
      return escape(); // into a container, a std::function, ...
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee); MD && !MD->isStatic() && !Own)
      return follow(Callee, Carrying, /*ThisIsPromise=*/false, /*OwnMembersKeep=*/false);
    return follow(Callee, Carrying, Own && ThisIsPromise, Own && OwnMembersKeep);
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    std::vector<bool> Carrying;
    bool Any = false;
    for (const Expr *Arg : C->arguments())
      Any |= Carrying.emplace_back(carriesHandle(Arg));
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (!Any || !Ctor || inStd(Ctor) || !Ctor->isUserProvided())
      return true; // what it builds carries the handle on; its uses are read
    return follow(Ctor, Carrying, false, true);
  }
  // In a template, a construction of a dependent type cannot be followed
  // into its constructor: only the returned object or a local may be built.
  bool VisitCXXUnresolvedConstructExpr(CXXUnresolvedConstructExpr *C) {
    return unresolvedBuild(C, C->arguments());
  }
  bool VisitParenListExpr(ParenListExpr *C) { return unresolvedBuild(C, C->exprs()); }
  bool VisitInitListExpr(InitListExpr *C) {
    return C->isTypeDependent() ? unresolvedBuild(C, C->inits()) : true;
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
      return ThisIsPromise;
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return Carriers.contains(D->getDecl());
    if (const auto *Conv = dyn_cast<CXXMemberCallExpr>(E)) // coroutine_handle<P> -> <>
      if (isa_and_nonnull<CXXConversionDecl>(Conv->getMethodDecl()))
        return carriesHandle(Conv->getImplicitObjectArgument());
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      StringRef Name = calleeName(Call);
      if (Name == "address")
        return carriesHandle(memberBase(Call));
      if (isTransparent(Name))
        return llvm::any_of(Call->arguments(), [&](const Expr *A) { return carriesHandle(A); });
      return false;
    }
    if (const auto *L = dyn_cast<LambdaExpr>(E))
      return llvm::any_of(L->captures(),
                          [&](const LambdaCapture &C) {
                            return (C.capturesThis() && ThisIsPromise) ||
                                   (C.capturesVariable() && Carriers.contains(C.getCapturedVar()));
                          }) ||
             llvm::any_of(L->capture_inits(), [&](const Expr *I) { return I && carriesHandle(I); });
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
  const CXXRecordDecl *Owner;
  bool ThisIsPromise, OwnMembersKeep;
  unsigned Depth;
  const Expr *Returned = nullptr;
  llvm::SmallPtrSet<const Expr *, 4> LocalInits;
  llvm::SmallPtrSet<const ValueDecl *, 8> Carriers;

  bool escape() {
    Escapes = true;
    return false; // one is enough
  }
  // Reads the callee's body with the parameters that received the handle.
  bool follow(const FunctionDecl *Callee, const std::vector<bool> &Carrying, bool CalleeThis,
              bool CalleeKeeps);
  template <class Range> bool unresolvedBuild(const Expr *E, Range Args) {
    if (E == Returned || LocalInits.contains(E)) {
      for (const Expr *A : Args) // `T{...}` may hold its braces as a list of its own
        if (isa<InitListExpr, ParenListExpr>(stripImplicit(A)))
          LocalInits.insert(stripImplicit(A));
      return true;
    }
    for (const Expr *A : Args)
      if (carriesHandle(A))
        return escape();
    return true;
  }
  // Into a local, or a member of the promise or of the object being built,
  // it is still ours; into a global, another object or through a pointer it
  // is someone else's.
  bool store(const Expr *To, const Expr *Value) {
    if (!carriesHandle(Value))
      return true;
    To = stripImplicit(To);
    if (const auto *D = dyn_cast<DeclRefExpr>(To))
      if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()); VD && VD->hasLocalStorage()) {
        Carriers.insert(VD);
        return true;
      }
    if (OwnMembersKeep) {
      if (const auto *M = dyn_cast<MemberExpr>(To);
          M && isa<CXXThisExpr>(stripImplicit(M->getBase())))
        return true;
      if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(To);
          M && (M->isImplicitAccess() || isa<CXXThisExpr>(stripImplicit(M->getBase()))))
        return true;
    }
    return escape();
  }
  static const FunctionDecl *findMember(const CXXRecordDecl *RD, StringRef Name) {
    for (const NamedDecl *ND : RD->lookup(&RD->getASTContext().Idents.get(Name)))
      if (const FunctionDecl *FD = ND->getAsFunction())
        return FD;
    return nullptr;
  }
};

// Reads FD's written body and, for a constructor, its member initializers.
bool bodyEscapes(const FunctionDecl *FD, const std::vector<bool> &Carrying, bool ThisIsPromise,
                 bool OwnMembersKeep, unsigned Depth) {
  const FunctionDecl *Def = writtenDefinition(FD);
  if (!Def)
    return !ThisIsPromise || llvm::is_contained(Carrying, true); // unseen: it may keep it
  if (Depth > 4)
    return true;
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  EscapeFinder F(MD ? MD->getParent() : nullptr, ThisIsPromise, OwnMembersKeep, Depth);
  for (unsigned I = 0; I < Carrying.size() && I < Def->getNumParams(); ++I)
    if (Carrying[I])
      F.carries(Def->getParamDecl(I));
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *I : Ctor->inits())
      if (I->isWritten() && I->getInit() && !F.Escapes) {
        if (I->isAnyMemberInitializer() && OwnMembersKeep)
          F.builds(I->getInit()); // the member is the object's own
        F.TraverseStmt(I->getInit());
      }
  if (!F.Escapes)
    F.TraverseStmt(Def->getBody());
  return F.Escapes;
}

bool EscapeFinder::follow(const FunctionDecl *Callee, const std::vector<bool> &Carrying,
                          bool CalleeThis, bool CalleeKeeps) {
  if (bodyEscapes(Callee, Carrying, CalleeThis, CalleeKeeps, Depth + 1))
    return escape();
  return true;
}

bool keepsHandle(QualType T, unsigned Depth, llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen) {
  if (T.isNull() || Depth > 5)
    return false;
  T = T.getNonReferenceType();
  if (isCoroutineHandleType(T))
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
  if (!FD || !writtenDefinition(FD))
    return false;
  return bodyEscapes(FD, {}, /*ThisIsPromise=*/true, /*OwnMembersKeep=*/true, 0);
}

bool promiseInitEscapes(const CXXRecordDecl *Promise) {
  if (const CXXRecordDecl *Pattern = Promise->getTemplateInstantiationPattern())
    Promise = Pattern;
  const CXXRecordDecl *Def = Promise->getDefinition();
  if (!Def)
    return false;
  for (const CXXConstructorDecl *Ctor : Def->ctors())
    if (handleEscapes(Ctor))
      return true;
  EscapeFinder F(Def, /*ThisIsPromise=*/true, /*OwnMembersKeep=*/true, 0);
  for (const FieldDecl *Field : Def->fields())
    if (Field->hasInClassInitializer() && Field->getInClassInitializer() && !F.Escapes)
      F.TraverseStmt(Field->getInClassInitializer());
  if (F.Escapes)
    return true;
  for (const CXXBaseSpecifier &B : Def->bases()) // a base's constructor runs too
    if (const CXXRecordDecl *Base = classOf(B.getType()))
      if (promiseInitEscapes(Base))
        return true;
  return false;
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
  return Task && Task->hasDefinition() && keepsHandle(compat::recordType(*Task), 0, Seen);
}

} // namespace checks
} // namespace coroscope
