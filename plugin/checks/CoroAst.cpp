//===- CoroAst.cpp - AST helpers shared by the coroutine checks -----------===//
//
// See CoroAst.h. The lazy-task test deliberately looks at declarations and
// bodies as written (the promise's initial_suspend() return type, an
// await_ready() that returns a literal false, template patterns rather than
// instantiations): it must give the same answer for a task type whether or
// not its members have been instantiated in this translation unit.
//
//===----------------------------------------------------------------------===//
#include "CoroAst.h"

#include "HandleEscape.h"

#include "coroscope/support/stable_sort.h"

#include "clang/AST/CXXInheritance.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace coroscope {
namespace checks {

const Expr *stripImplicit(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *O = dyn_cast<OpaqueValueExpr>(Next))
      Next = O->getSourceExpr();
    if (Next == E || !Next)
      return E;
    E = Next;
  }
  return E;
}

const Expr *movedOperand(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(stripImplicit(E));
  if (!Call || Call->getNumArgs() != 1)
    return nullptr;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier())
    return nullptr;
  StringRef Name = FD->getName();
  if (Name != "move" && Name != "forward")
    return nullptr;
  return stripImplicit(Call->getArg(0));
}

const CXXRecordDecl *classOf(QualType T) {
  if (T.isNull())
    return nullptr;
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (RD && RD->getDefinition())
    RD = RD->getDefinition();
  return RD;
}

bool isCoroutineHandleType(QualType T) {
  if (T.isNull())
    return false;
  T = T.getNonReferenceType();
  const TemplateDecl *TD = nullptr;
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl()))
    TD = Spec->getSpecializedTemplate();
  else if (const auto *TST = T->getAs<TemplateSpecializationType>())
    TD = TST->getTemplateName().getAsTemplateDecl(); // in a template's pattern
  return TD && TD->isInStdNamespace() && TD->getIdentifier() && TD->getName() == "coroutine_handle";
}

bool isStdIgnore(const Expr *E) {
  const auto *D = dyn_cast_or_null<DeclRefExpr>(E ? stripImplicit(E) : nullptr);
  return D && D->getDecl()->isInStdNamespace() && D->getDecl()->getIdentifier() &&
         D->getDecl()->getName() == "ignore";
}

bool returnsLiteralFalse(const FunctionDecl *Method) {
  if (!Method)
    return false;
  const FunctionDecl *Def = nullptr;
  if (!Method->hasBody(Def)) {
    if (const FunctionDecl *Pattern = Method->getTemplateInstantiationPattern())
      Pattern->hasBody(Def);
  }
  if (!Def)
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return false;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  if (!Ret || !Ret->getRetValue())
    return false;
  const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(stripImplicit(Ret->getRetValue()));
  return Lit && !Lit->getValue();
}

// Looks Name up in RD, or in the class it was instantiated from when RD is a
// member class nobody has needed complete yet.
static DeclContextLookupResult lookupIn(const CXXRecordDecl *RD, StringRef Name) {
  ASTContext &Ctx = RD->getASTContext();
  DeclarationName DN(&Ctx.Idents.get(Name));
  if (!RD->hasDefinition())
    if (const CXXRecordDecl *Pattern = RD->getInstantiatedFromMemberClass())
      RD = Pattern;
  if (RD->hasDefinition())
    RD = RD->getDefinition();
  return RD->lookup(DN);
}

// Members inherited from a base count too: promise types commonly get
// initial_suspend() from a shared base (cppcoro, examples/common/task.h).
static const FunctionDecl *findMethod(const CXXRecordDecl *RD, StringRef Name, unsigned Depth = 0) {
  for (const NamedDecl *ND : lookupIn(RD, Name)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(ND))
      return FD;
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(ND))
      return FT->getTemplatedDecl();
  }
  const CXXRecordDecl *Def = RD->getDefinition();
  if (!Def || Depth > 8)
    return nullptr;
  for (const CXXBaseSpecifier &B : Def->bases())
    if (const CXXRecordDecl *Base = classOf(B.getType()))
      if (const FunctionDecl *FD = findMethod(Base, Name, Depth + 1))
        return FD;
  return nullptr;
}

// Does an operator co_await taking P as its first parameter apply to RD?
static bool coAwaitParamFits(QualType P, const CXXRecordDecl *RD) {
  P = P.getNonReferenceType().getUnqualifiedType();
  if (P->getAs<TemplateTypeParmType>())
    return true;
  if (const CXXRecordDecl *C = classOf(P))
    return C->getCanonicalDecl() == RD->getCanonicalDecl();
  if (const auto *TS = P->getAs<TemplateSpecializationType>()) {
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
    const TemplateDecl *TD = TS->getTemplateName().getAsTemplateDecl();
    return Spec && TD &&
           TD->getCanonicalDecl() == Spec->getSpecializedTemplate()->getCanonicalDecl();
  }
  return false;
}

static bool declaresCoAwaitFor(const DeclContext *DC, DeclarationName Op, const CXXRecordDecl *RD) {
  for (const NamedDecl *ND : DC->lookup(Op)) {
    const FunctionDecl *FD = ND->getAsFunction();
    if (FD && FD->getNumParams() >= 1 && coAwaitParamFits(FD->getParamDecl(0)->getType(), RD))
      return true;
  }
  return false;
}

bool declaresAwaitInterface(const CXXRecordDecl *RD) {
  if (!RD)
    return false;
  if (findMethod(RD, "await_ready"))
    return true;
  ASTContext &Ctx = RD->getASTContext();
  DeclarationName Op = Ctx.DeclarationNames.getCXXOperatorName(OO_Coawait);
  const CXXRecordDecl *Def = RD->getDefinition();
  if (!Def)
    if (const CXXRecordDecl *Pattern = RD->getInstantiatedFromMemberClass())
      Def = Pattern->getDefinition();
  if (Def) {
    CXXBasePaths Paths;
    if (Def->lookupInBases(
            [&](const CXXBaseSpecifier *B, CXXBasePath &) {
              const CXXRecordDecl *Base = classOf(B->getType());
              return Base && Base->hasDefinition() && !Base->getDefinition()->lookup(Op).empty();
            },
            Paths) ||
        !Def->lookup(Op).empty())
      return true;
    // Hidden friends are found only by argument-dependent lookup.
    for (const FriendDecl *F : Def->friends())
      if (const auto *ND = F->getFriendDecl())
        if (const FunctionDecl *FD = ND->getAsFunction())
          if (FD->getOverloadedOperator() == OO_Coawait)
            return true;
  }
  for (const DeclContext *NS = RD->getDeclContext()->getEnclosingNamespaceContext();;
       NS = NS->getParent()->getEnclosingNamespaceContext()) {
    if (declaresCoAwaitFor(NS, Op, RD))
      return true;
    if (NS->isTranslationUnit())
      return false;
  }
}

static bool sameTemplate(const CXXRecordDecl *A, const CXXRecordDecl *B) {
  if (A->getCanonicalDecl() == B->getCanonicalDecl())
    return true;
  const auto *SA = dyn_cast<ClassTemplateSpecializationDecl>(A);
  const auto *SB = dyn_cast<ClassTemplateSpecializationDecl>(B);
  return SA && SB &&
         SA->getSpecializedTemplate()->getCanonicalDecl() ==
             SB->getSpecializedTemplate()->getCanonicalDecl();
}

static bool holdsTask(QualType T, const CXXRecordDecl *Task, unsigned Depth,
                      llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen) {
  if (T.isNull() || Depth > 5)
    return false;
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  if (const auto *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  const CXXRecordDecl *RD = classOf(T);
  if (!RD || !Seen.insert(RD->getCanonicalDecl()).second)
    return false;
  if ((Task && sameTemplate(RD, Task)) ||
      (RD->getIdentifier() && RD->getName() == "coroutine_handle"))
    return true;
  if (!lookupIn(RD, "promise_type").empty() || declaresAwaitInterface(RD))
    return true;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
    std::vector<TemplateArgument> Args(Spec->getTemplateArgs().asArray().begin(),
                                       Spec->getTemplateArgs().asArray().end());
    for (size_t I = 0; I < Args.size(); ++I) {
      if (Args[I].getKind() == TemplateArgument::Pack)
        Args.insert(Args.end(), Args[I].pack_begin(), Args[I].pack_end());
      else if (Args[I].getKind() == TemplateArgument::Type &&
               holdsTask(Args[I].getAsType(), Task, Depth + 1, Seen))
        return true;
    }
  }
  const CXXRecordDecl *Def = RD->getDefinition();
  if (!Def)
    return false;
  for (const CXXBaseSpecifier &B : Def->bases())
    if (holdsTask(B.getType(), Task, Depth + 1, Seen))
      return true;
  for (const FieldDecl *F : Def->fields())
    if (holdsTask(F->getType(), Task, Depth + 1, Seen))
      return true;
  return false;
}

bool mayHoldTask(QualType T, const CXXRecordDecl *Task) {
  llvm::SmallPtrSet<const CXXRecordDecl *, 16> Seen;
  return holdsTask(T, Task, 0, Seen);
}

static bool isStd(const CXXRecordDecl *RD, StringRef Name) {
  return RD && RD->isInStdNamespace() && RD->getIdentifier() && RD->getName() == Name;
}

const FunctionDecl *writtenDefinition(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const FunctionDecl *Def = nullptr;
  return FD->hasBody(Def) ? Def : nullptr;
}

bool bodyCalls(const CXXRecordDecl *RD, StringRef Method, StringRef Name) {
  const FunctionDecl *M = RD ? findMethod(RD, Method) : nullptr;
  const FunctionDecl *Def = writtenDefinition(M);
  if (!Def)
    return false;
  return anyStmt(Def->getBody(), [&](const Stmt *S) {
    DeclarationName N;
    if (const auto *ME = dyn_cast<MemberExpr>(S))
      N = ME->getMemberDecl()->getDeclName();
    else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(S))
      N = DM->getMember();
    else if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(S))
      N = UM->getMemberName();
    return N.getAsIdentifierInfo() && N.getAsIdentifierInfo()->getName() == Name;
  });
}

bool anyStmt(const Stmt *S, llvm::function_ref<bool(const Stmt *)> Pred) {
  if (!S)
    return false;
  if (Pred(S))
    return true;
  for (const Stmt *C : S->children())
    if (anyStmt(C, Pred))
      return true;
  return false;
}

bool isNeverReadyAwaiter(QualType T) {
  const CXXRecordDecl *RD = classOf(T);
  if (!RD)
    return false;
  if (isStd(RD, "suspend_always"))
    return true;
  return returnsLiteralFalse(findMethod(RD, "await_ready"));
}

static const CXXRecordDecl *promiseOf(const CXXRecordDecl *Task) {
  if (!Task)
    return nullptr;
  for (const NamedDecl *ND : lookupIn(Task, "promise_type")) {
    if (const auto *RD = dyn_cast<CXXRecordDecl>(ND))
      return RD;
    if (const auto *TD = dyn_cast<TypedefNameDecl>(ND))
      if (const CXXRecordDecl *RD = classOf(TD->getUnderlyingType()))
        return RD;
  }
  return nullptr;
}

bool yieldsValues(const CXXRecordDecl *Task) {
  const CXXRecordDecl *Promise = promiseOf(Task);
  return Promise && findMethod(Promise, "yield_value");
}

const FunctionDecl *lazyInitialSuspend(const CXXRecordDecl *Task) {
  const CXXRecordDecl *Promise = promiseOf(Task);
  if (!Promise)
    return nullptr;
  const FunctionDecl *Init = findMethod(Promise, "initial_suspend");
  if (!Init || !isNeverReadyAwaiter(Init->getReturnType()))
    return nullptr;
  // Parked at the start, but is the task the only one that can resume it?
  const CXXRecordDecl *Awaiter = classOf(Init->getReturnType());
  if (!isStd(Awaiter, "suspend_always") && !parksHandle(findMethod(Awaiter, "await_suspend")))
    return nullptr;
  if (handleEscapes(findMethod(Promise, "get_return_object")) || handleEscapes(Init) ||
      promiseInitEscapes(Promise))
    return nullptr;
  return Init;
}

bool isLazyCoroutine(const CoroutineBodyStmt *Body) {
  const auto *Init = dyn_cast_or_null<Expr>(Body->getInitSuspendStmt());
  if (!Init)
    return false;
  // The initial suspend is a co_await on initial_suspend()'s result.
  if (const auto *Await = dyn_cast<CoawaitExpr>(stripImplicit(Init)))
    return isNeverReadyAwaiter(Await->getCommonExpr()->getType());
  return false;
}

bool isBefore(const SourceManager &SM, SourceLocation A, SourceLocation B) {
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A), SM.getExpansionLoc(B));
}

bool contains(const SourceManager &SM, SourceRange R, SourceLocation L) {
  return !isBefore(SM, L, R.getBegin()) && !isBefore(SM, R.getEnd(), L);
}

namespace {
class SuspensionCollector : public BodyVisitor<SuspensionCollector> {
public:
  std::vector<const Expr *> Points;
  std::vector<const Stmt *> Loops;
  bool VisitCoawaitExpr(CoawaitExpr *E) {
    if (!E->isImplicit())
      Points.push_back(E);
    return true;
  }
  bool VisitCoyieldExpr(CoyieldExpr *E) {
    Points.push_back(E);
    return true;
  }
  bool VisitForStmt(ForStmt *S) { return addLoop(S); }
  bool VisitWhileStmt(WhileStmt *S) { return addLoop(S); }
  bool VisitDoStmt(DoStmt *S) { return addLoop(S); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return addLoop(S); }

private:
  bool addLoop(const Stmt *S) {
    Loops.push_back(S);
    return true;
  }
};
} // namespace

Suspensions::Suspensions(const ASTContext &Ctx, const Stmt *Body) : SM(Ctx.getSourceManager()) {
  SuspensionCollector C;
  C.TraverseStmt(const_cast<Stmt *>(Body));
  Points = std::move(C.Points);
  stableSort(Points, [&](const Expr *A, const Expr *B) {
    return isBefore(SM, A->getBeginLoc(), B->getBeginLoc());
  });
  for (const Stmt *L : C.Loops)
    for (const Expr *P : Points)
      if (contains(SM, L->getSourceRange(), P->getBeginLoc())) {
        Loops.push_back({L, P});
        break;
      }
}

const Expr *Suspensions::suspendedBefore(SourceLocation Loc) const {
  // A suspension happens once its operand has been evaluated: code after the
  // end of the co_await expression runs after it.
  for (const Expr *P : Points)
    if (isBefore(SM, P->getEndLoc(), Loc))
      return P;
  for (const auto &[Loop, P] : Loops)
    if (contains(SM, Loop->getSourceRange(), Loc))
      return P;
  return nullptr;
}

std::string functionName(const DeclContext *DC) {
  for (; DC; DC = DC->getParent()) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(DC))
      if (MD->getParent()->isLambda())
        continue;
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return FD->getNameAsString();
    if (const auto *RD = dyn_cast<CXXRecordDecl>(DC))
      if (RD->isLambda())
        continue;
    if (isa<TranslationUnitDecl>(DC) || isa<NamespaceDecl>(DC))
      break;
  }
  return "<global>";
}

std::string coroutineName(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return (MD && MD->getParent()->isLambda() ? "the lambda coroutine in '" : "the coroutine '") +
         functionName(FD) + "'";
}

std::vector<const Expr *> enclosingExprs(ASTContext &Ctx, const Expr *E, unsigned MaxDepth) {
  std::vector<const Expr *> Around;
  DynTypedNode N = DynTypedNode::create(*E);
  while (Around.size() < MaxDepth) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      break;
    N = Parents[0];
    const auto *P = N.get<Expr>();
    if (!P)
      break; // left the full-expression
    Around.push_back(P);
  }
  return Around;
}

bool isUnderCoAwait(ASTContext &Ctx, const Expr *E) {
  return llvm::any_of(enclosingExprs(Ctx, E, 64),
                      [](const Expr *P) { return isa<CoawaitExpr>(P) || isa<CoyieldExpr>(P); });
}

} // namespace checks
} // namespace coroscope
