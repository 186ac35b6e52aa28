//===- LockAcrossSuspendCheck.cpp - A lock held across a suspension -------===//
//
// The scope of a lock is the rest of the block it is declared in; the
// suspensions inside that range (nested statements included, nested lambdas
// excluded) are candidates. A suspension is reported when the lock may be
// held there: some take (the declaration, unless std::defer_lock, or a
// lock()) comes before it on a path that can reach it, and no release
// (unlock(), release(), a move, a swap, an assignment to the guard) runs on
// every path between the two.
//
// Paths are read from the statement tree, not from a CFG: a release runs on
// every path when no conditional construct (if, switch, loop body, ?:, &&,
// ||, catch) lies between it and the innermost statement that also holds the
// take or the suspension. Jumps (break, return, goto) are not followed.
//
//===----------------------------------------------------------------------===//
#include "LockAcrossSuspendCheck.h"

#include "CoroAst.h"
#include "compat/ClangCompat.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace coroscope {
namespace checks {
namespace {

// A guard class marked with Clang's thread-safety attribute scoped_lockable
// (absl::MutexLock, a project's own): it holds a capability while it lives.
bool isScopedLockable(const CXXRecordDecl *RD) {
  if (RD->hasAttr<ScopedLockableAttr>())
    return true;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  return Spec && Spec->getSpecializedTemplate()->getTemplatedDecl()->hasAttr<ScopedLockableAttr>();
}

bool isLock(QualType T, ArrayRef<std::string> Extra) {
  const CXXRecordDecl *RD = classOf(T);
  if (!RD || !RD->getIdentifier())
    return false;
  if (RD->isInStdNamespace()) {
    StringRef N = RD->getName();
    if (N == "lock_guard" || N == "scoped_lock" || N == "unique_lock" || N == "shared_lock")
      return true;
  }
  if (isScopedLockable(RD))
    return true;
  return !Extra.empty() && llvm::is_contained(Extra, RD->getQualifiedNameAsString());
}

struct Lock {
  const VarDecl *Var;
  const Stmt *Decl;                       // its DeclStmt
  SourceLocation ScopeEnd;                // closing brace of its block, or end of its if/for
  bool Deferred;                          // constructed with std::defer_lock
  std::vector<const ValueDecl *> Mutexes; // what its constructor was given
};

// The variable or member an expression names, through &, * and implicit
// nodes: `m`, `this->m`, `&m`, `*pm` (the pointer's own declaration).
const ValueDecl *referent(const Expr *E) {
  for (E = stripImplicit(E); E;) {
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref)) {
      E = stripImplicit(U->getSubExpr());
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<ValueDecl>(DRE->getDecl()->getCanonicalDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return dyn_cast<ValueDecl>(ME->getMemberDecl()->getCanonicalDecl());
    return nullptr;
  }
  return nullptr;
}

// The value a variable starts with comes from a co_await: `auto lk = co_await
// m.coScopedLock();`, also through a copy or move of the awaited result.
bool initialisedByCoAwait(const VarDecl *V) {
  const Expr *E = stripImplicit(V->getInit());
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor())
    E = stripImplicit(CE->getArg(0));
  return isa_and_nonnull<CoawaitExpr>(E);
}

// The mutexes a guard was constructed on: its constructor's arguments that
// name a variable or member (the tags, defer_lock and adopt_lock, are
// temporaries and name nothing).
std::vector<const ValueDecl *> mutexesOf(const VarDecl *V) {
  std::vector<const ValueDecl *> Out;
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(stripImplicit(V->getInit())))
    for (const Expr *Arg : CE->arguments())
      if (const ValueDecl *D = referent(Arg))
        Out.push_back(D);
  return Out;
}

// The calls and constructions an awaited operand is built from: the call
// itself, the objects it is called on, a `.via(ex)`-style wrapper's object.
void spine(const Expr *E, std::vector<const Expr *> &Args) {
  E = stripImplicit(E);
  if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(E)) {
    llvm::append_range(Args, MC->arguments());
    spine(MC->getImplicitObjectArgument(), Args);
  } else if (const auto *C = dyn_cast_or_null<CallExpr>(E)) {
    llvm::append_range(Args, C->arguments());
  } else if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E)) {
    llvm::append_range(Args, CE->arguments());
  } else if (const auto *IL = dyn_cast_or_null<InitListExpr>(E)) {
    llvm::append_range(Args, IL->inits());
  } else if (const auto *FC = dyn_cast_or_null<CXXFunctionalCastExpr>(E)) {
    spine(FC->getSubExpr(), Args);
  }
}

// P is a co_await of a wait that is handed L itself or L's mutex: the
// awaitable releases the lock for as long as the coroutine is suspended
// there and takes it again before it resumes.
bool releasedDuring(const Expr *P, const Lock &L) {
  const auto *Await = dyn_cast<CoawaitExpr>(P);
  if (!Await)
    return false;
  std::vector<const Expr *> Args;
  spine(Await->getOperand(), Args);
  const ValueDecl *Guard = cast<ValueDecl>(L.Var->getCanonicalDecl());
  return llvm::any_of(Args, [&](const Expr *Arg) {
    const ValueDecl *D = referent(Arg);
    return D && (D == Guard || llvm::is_contained(L.Mutexes, D));
  });
}

// A call that releases (unlock/release/move) or takes (lock/try_lock) a lock.
struct Change {
  const VarDecl *Var;
  const Expr *Call;
  bool Takes;
  bool Tries; // takes it only when it returns true
};

// Locks in blocks, and the calls that release or take them again.
class LockFinder : public BodyVisitor<LockFinder> {
public:
  explicit LockFinder(ArrayRef<std::string> Extra) : Extra(Extra) {}
  std::vector<Lock> Locks;
  std::vector<Change> Changes;

  bool VisitCompoundStmt(CompoundStmt *S) {
    for (Stmt *Child : S->body())
      declares(Child, S->getRBracLoc());
    return true;
  }
  // `if (std::lock_guard g(m); ...)`, `for (std::lock_guard g(m); ...)`:
  // the guard lives to the end of the statement.
  bool VisitIfStmt(IfStmt *S) { return declares(S->getInit(), S->getEndLoc()), true; }
  bool VisitSwitchStmt(SwitchStmt *S) { return declares(S->getInit(), S->getEndLoc()), true; }
  bool VisitForStmt(ForStmt *S) { return declares(S->getInit(), S->getEndLoc()), true; }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) {
    return declares(S->getInit(), S->getEndLoc()), true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    if (const CXXMethodDecl *M = C->getMethodDecl();
        M && M->getIdentifier() && M->getName() == "swap")
      for (const Expr *Arg : C->arguments()) // `unique_lock().swap(lk)`
        if (const auto *A = dyn_cast<DeclRefExpr>(stripImplicit(Arg)))
          if (const auto *V = dyn_cast<VarDecl>(A->getDecl()))
            Changes.push_back({V, C, false, false});
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripImplicit(C->getImplicitObjectArgument()));
    const CXXMethodDecl *M = C->getMethodDecl();
    if (!DRE || !M || !M->getIdentifier())
      return true;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    // By name (the std guards), or by the thread-safety attributes that
    // scoped_lockable guards put on theirs (absl's ReleasableMutexLock::Release).
    StringRef N = M->getName();
    bool Tries = N == "try_lock" || compat::isTryAcquire(*M);
    // swap() may leave anything in it: taken as a release (precision first).
    if (N == "unlock" || N == "release" || N == "swap" || M->hasAttr<ReleaseCapabilityAttr>())
      Changes.push_back({V, C, false, false});
    else if (Tries || N == "lock" || M->hasAttr<AcquireCapabilityAttr>())
      Changes.push_back({V, C, true, Tries});
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(movedOperand(C)))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Changes.push_back({V, C, false, false});
    // `lk = {}`, `lk = std::move(other)`, `lk = unique_lock(m, defer_lock)`
    // end what lk held; std::swap(lk, other) may. Either is taken as a release
    // (a reassignment that takes a lock again is not followed).
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(C);
    const FunctionDecl *F = C->getDirectCallee();
    bool Swap = F && F->isInStdNamespace() && F->getIdentifier() && F->getName() == "swap";
    if ((Op && Op->isAssignmentOp()) || Swap)
      for (unsigned I = 0; I < C->getNumArgs() && I < 2; ++I)
        if (const auto *DRE = dyn_cast<DeclRefExpr>(stripImplicit(C->getArg(I))))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && (Swap || I == 0))
            Changes.push_back({V, C, false, false});
    return true;
  }

private:
  ArrayRef<std::string> Extra;
  void declares(Stmt *S, SourceLocation ScopeEnd) {
    if (auto *DS = dyn_cast_or_null<DeclStmt>(S))
      for (Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D);
            V && isLock(V->getType(), Extra) && !initialisedByCoAwait(V))
          if (!nonBlockingOnAsyncMutex(V) && !locksNothing(V))
            Locks.push_back({V, DS, ScopeEnd, isDeferred(V), mutexesOf(V)});
  }
  // Whether RD is an async mutex: it has a lock operation to co_await (a
  // method returning an awaitable or a task), unlike std::mutex.
  static bool isAsyncMutex(const CXXRecordDecl *RD) {
    if (!RD || !RD->hasDefinition())
      return false;
    for (const CXXMethodDecl *M : RD->getDefinition()->methods()) {
      const CXXRecordDecl *R = M->getIdentifier() ? classOf(M->getReturnType()) : nullptr;
      if (R && R != RD && mayHoldTask(M->getReturnType(), nullptr))
        return true;
    }
    return false;
  }
  // Whether V's constructor was given a std lock tag (`std::defer_lock`...)
  // of one of these class names.
  static bool constructedWith(const VarDecl *V, std::initializer_list<StringRef> Tags) {
    const auto *CE = dyn_cast_or_null<CXXConstructExpr>(stripImplicit(V->getInit()));
    if (!CE)
      return false;
    for (const Expr *Arg : CE->arguments())
      if (const CXXRecordDecl *RD = classOf(Arg->getType());
          RD && RD->getIdentifier() && llvm::is_contained(Tags, RD->getName()))
        return true;
    return false;
  }
  // A std guard that adopts an async mutex (locked before by a co_await of
  // its lock operation) or only tries it: no thread ever blocked for it, and
  // an async mutex is meant to be held across suspension.
  static bool nonBlockingOnAsyncMutex(const VarDecl *V) {
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(classOf(V->getType()));
    if (!Spec || !Spec->isInStdNamespace() ||
        !constructedWith(V, {"adopt_lock_t", "try_to_lock_t"}))
      return false;
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type && isAsyncMutex(classOf(A.getAsType())))
        return true;
    return false;
  }
  // `std::scoped_lock<> none;` holds no mutex.
  static bool locksNothing(const VarDecl *V) {
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(classOf(V->getType()));
    if (!Spec || !Spec->isInStdNamespace() || Spec->getName() != "scoped_lock")
      return false;
    const auto Args = Spec->getTemplateArgs().asArray();
    return Args.empty() || (Args.size() == 1 && Args[0].getKind() == TemplateArgument::Pack &&
                            Args[0].pack_size() == 0);
  }
  static bool isDeferred(const VarDecl *V) { return constructedWith(V, {"defer_lock_t"}); }
};

// Child, a direct child of N, runs on some paths through N only: an arm of
// an if, ?: or switch, the body of a loop that may run no time, the right of
// && or ||, a catch handler. An if's condition, a for's init, a do's body run
// whenever N does.
bool runsConditionally(const Stmt *N, const Stmt *Child) {
  if (const auto *If = dyn_cast<IfStmt>(N))
    return Child == If->getThen() || Child == If->getElse();
  if (const auto *Sw = dyn_cast<SwitchStmt>(N))
    return Child == Sw->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(N))
    return Child == W->getBody();
  if (const auto *F = dyn_cast<ForStmt>(N))
    return Child == F->getBody() || Child == F->getInc();
  if (const auto *R = dyn_cast<CXXForRangeStmt>(N))
    return Child == R->getBody() || Child == R->getInc() || Child == R->getLoopVarStmt();
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(N))
    return Child == CO->getTrueExpr() || Child == CO->getFalseExpr();
  if (const auto *B = dyn_cast<BinaryOperator>(N))
    return B->isLogicalOp() && Child == B->getRHS();
  return isa<CXXCatchStmt>(N);
}

// The statements around S, innermost first, up to the coroutine's body.
std::vector<const Stmt *> ancestors(ASTContext &Ctx, const Stmt *S, const Stmt *Body) {
  std::vector<const Stmt *> Chain{S};
  DynTypedNode N = DynTypedNode::create(*S);
  while (Chain.back() != Body && Chain.size() < 256) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      break;
    N = Parents[0];
    if (const auto *P = N.get<Stmt>())
      Chain.push_back(P); // a Decl between (an initializer's VarDecl) is skipped
    else if (!N.get<Decl>() || N.get<FunctionDecl>())
      break;
  }
  return Chain;
}

// Where a and b meet: the innermost statement holding both, and below it the
// child that holds each (a or b itself when it is that statement).
struct Meet {
  const Stmt *At = nullptr;
  const Stmt *AChild = nullptr, *BChild = nullptr;
  size_t ADepth = 0; // index of At in a's chain
};
Meet meet(const std::vector<const Stmt *> &A, const std::vector<const Stmt *> &B) {
  for (size_t I = 0; I < A.size(); ++I)
    for (size_t J = 0; J < B.size(); ++J)
      if (A[I] == B[J])
        return {A[I], I ? A[I - 1] : nullptr, J ? B[J - 1] : nullptr, I};
  return {};
}

// A release with chain R runs on every path from the take T to the
// suspension P: nothing conditional lies between it and the innermost
// statement it shares with T or with P, whichever is the nearer.
bool releasesOnEveryPath(const std::vector<const Stmt *> &R, const std::vector<const Stmt *> &T,
                         const std::vector<const Stmt *> &P) {
  Meet WithT = meet(R, T), WithP = meet(R, P);
  if (!WithT.At || !WithP.At)
    return false;
  size_t Up = std::min(WithT.ADepth, WithP.ADepth);
  for (size_t I = 1; I <= Up; ++I)
    if (runsConditionally(R[I], R[I - 1]))
      return false;
  return true;
}

// T and P sit in the two arms of one if or ?: (T cannot reach P).
bool exclusive(const std::vector<const Stmt *> &T, const std::vector<const Stmt *> &P) {
  Meet M = meet(T, P);
  return M.AChild && M.BChild && M.AChild != M.BChild &&
         (isa<IfStmt>(M.At) || isa<AbstractConditionalOperator>(M.At)) &&
         runsConditionally(M.At, M.AChild) && runsConditionally(M.At, M.BChild);
}

// Where a change happens: `if (l.try_lock()) { ... }` takes the lock in the
// then-arm only.
const Stmt *site(ASTContext &Ctx, const Change &Ch) {
  const Expr *Call = Ch.Call;
  if (!Ch.Tries)
    return Call;
  DynTypedNode N = DynTypedNode::create(*Call);
  for (const Stmt *Child = Call;;) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return Call;
    N = Parents[0];
    const auto *P = N.get<Stmt>();
    if (const auto *If = dyn_cast_or_null<IfStmt>(P))
      return If->getCond() == Child ? If->getThen() : Call;
    if (!P || !isa<ImplicitCastExpr, ParenExpr, ExprWithCleanups>(P))
      return Call;
    Child = P;
  }
}

} // namespace

void LockAcrossSuspendCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  ASTContext &Ctx = R.context();
  const SourceManager &SM = Ctx.getSourceManager();
  Suspensions S(Ctx, C.Body->getBody());
  if (S.empty())
    return;
  LockFinder F(Extra);
  F.TraverseStmt(C.Body->getBody());
  const Stmt *Body = C.Body->getBody();
  for (const Lock &L : F.Locks) {
    // The takes and releases of L, each with the statements around it.
    struct LockPoint {
      SourceLocation Loc;
      std::vector<const Stmt *> Chain;
    };
    std::vector<LockPoint> Takes, Releases;
    if (!L.Deferred)
      Takes.push_back({L.Var->getEndLoc(), ancestors(Ctx, L.Decl, Body)});
    for (const Change &Ch : F.Changes)
      if (Ch.Var == L.Var && isBefore(SM, L.Var->getEndLoc(), Ch.Call->getBeginLoc()))
        (Ch.Takes ? Takes : Releases)
            .push_back({Ch.Call->getBeginLoc(), ancestors(Ctx, site(Ctx, Ch), Body)});
    for (const Expr *P : S.points()) {
      if (!isBefore(SM, L.Var->getEndLoc(), P->getBeginLoc()) ||
          !isBefore(SM, P->getBeginLoc(), L.ScopeEnd) || releasedDuring(P, L))
        continue;
      std::vector<const Stmt *> PChain = ancestors(Ctx, P, Body);
      bool Held = llvm::any_of(Takes, [&](const LockPoint &T) {
        if (!isBefore(SM, T.Loc, P->getBeginLoc()) || exclusive(T.Chain, PChain))
          return false;
        return llvm::none_of(Releases, [&](const LockPoint &Rel) {
          return isBefore(SM, T.Loc, Rel.Loc) && isBefore(SM, Rel.Loc, P->getBeginLoc()) &&
                 releasesOnEveryPath(Rel.Chain, T.Chain, PChain);
        });
      });
      if (!Held)
        continue;
      std::string Type = L.Var->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
      ReportedWarning W = R.warn(name(), P->getBeginLoc(),
                                 "coroutine '" + functionName(C.FD) + "' suspends while holding '" +
                                     L.Var->getNameAsString() + "' ('" + Type +
                                     "'); the mutex stays locked while it is suspended and may be "
                                     "unlocked on another thread after it resumes");
      if (W)
        W.note(L.Var->getLocation(), "'" + L.Var->getNameAsString() +
                                         "' locked here; release it before the suspension "
                                         "(end its scope, or unlock() a std::unique_lock)");
      break; // one finding per lock
    }
  }
}

} // namespace checks
} // namespace coroscope
