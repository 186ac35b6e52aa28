//===- CapturingLambdaCheck.cpp - A lambda coroutine with captures --------===//
//
// A capture counts as used after suspension when a reference to the captured
// variable (or `this`, for a this-capture) comes after the first co_await or
// co_yield in source order, sits in a loop that suspends, or anywhere in a
// lazy coroutine. Captures read only before the first suspension are copied
// out in time and are not reported. Nor is a lambda whose closure is followed
// from its definition to every call and found to outlive the tasks they make
// (closureOutlivesTasks): through awaitables that wrap the task, locals
// declared after the closure that hold it (which die first), and lambdas
// that use the closure and are consumed themselves. Whatever that cannot
// follow counts as escaping.
//
//===----------------------------------------------------------------------===//
#include "CapturingLambdaCheck.h"

#include "CoroAst.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

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

// The parent to follow up from S: a co_await or co_yield when S is its
// operand (which Sema also places inside the operator co_await call it
// builds), else the first parent.
DynTypedNode parentOf(ASTContext &Ctx, const Stmt *S) {
  auto Parents = Ctx.getParents(*S);
  for (const DynTypedNode &P : Parents)
    if (P.get<CoawaitExpr>() || P.get<CoyieldExpr>())
      return P;
  return Parents.empty() ? DynTypedNode() : Parents[0];
}

// The node that uses the value of E, above the nodes that pass it on
// unchanged (implicit casts and temporaries, parentheses, std::move, copies
// and moves of it); Child is the node right below it.
DynTypedNode userOf(ASTContext &Ctx, const Expr *E, const Expr *&Child) {
  Child = E;
  for (int Depth = 0; Depth < 32; ++Depth) {
    DynTypedNode N = parentOf(Ctx, Child);
    const auto *P = N.get<Expr>();
    const auto *CE = dyn_cast_or_null<CXXConstructExpr>(P);
    if (!P || !(isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ParenExpr,
                    ExprWithCleanups, ConstantExpr>(P) ||
                movedOperand(P) || (CE && CE->getConstructor()->isCopyOrMoveConstructor())))
      return N;
    Child = P;
  }
  return DynTypedNode();
}

// Hands a task to an executor, or starts it detached.
bool detachesByName(StringRef Name) {
  std::string Lower = Name.lower();
  for (StringRef Word : {"spawn", "post", "schedule", "detach", "dispatch", "submit", "launch",
                         "start", "enqueue", "defer"})
    if (StringRef(Lower).contains(Word))
      return true;
  return false;
}

bool isAwaitable(QualType T) {
  const CXXRecordDecl *RD = classOf(T);
  if (!RD || !RD->hasDefinition())
    return false;
  if (lazyInitialSuspend(RD))
    return true;
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getOverloadedOperator() == OO_Coawait ||
        (M->getIdentifier() && M->getName() == "await_ready"))
      return true;
  return false;
}

std::vector<const DeclRefExpr *> usesOf(ASTContext &Ctx, const VarDecl *V);
std::vector<const DeclRefExpr *> usesIn(const Stmt *Body, const VarDecl *V);
bool holderUseSafe(ASTContext &Ctx, const DeclRefExpr *U, const VarDecl *Holder, bool Lazy,
                   int Depth);

// A lazy task type (initial_suspend never returns suspend_never): its frame
// runs only when its owner awaits, iterates or resumes it.
bool isLazyTask(QualType T) {
  const CXXRecordDecl *RD = classOf(T);
  return RD && RD->hasDefinition() && lazyInitialSuspend(RD);
}

// A local declared after Closure in the same function: it dies first.
bool diesBefore(ASTContext &Ctx, const VarDecl *Holder, const VarDecl *Closure) {
  return Holder->isLocalVarDecl() && Holder->hasLocalStorage() &&
         Ctx.getSourceManager().isBeforeInTranslationUnit(Closure->getLocation(),
                                                          Holder->getLocation());
}

// The range-for whose hidden range variable V is.
const CXXForRangeStmt *rangeForOf(ASTContext &Ctx, const VarDecl *V) {
  auto Parents = Ctx.getParents(*V);
  const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
  if (!DS)
    return nullptr;
  auto Up = Ctx.getParents(*DS);
  const auto *For = Up.empty() ? nullptr : Up[0].get<CXXForRangeStmt>();
  return For && For->getRangeStmt() == DS ? For : nullptr;
}

// push_back(task) and the like: the container owns the task from then on.
bool storesArgument(StringRef Method) {
  return llvm::is_contained({"push_back", "emplace_back", "push_front", "emplace_front", "push",
                             "emplace", "insert"},
                            Method);
}

// The task E (a call of the closure, or a local holding its task) is awaited,
// or run by a sync_wait()-like call, before the closure dies: in its own
// full-expression, or, when Closure is the named local holding the closure,
// through a local it initializes or a local container it is stored in
// (declared after the closure, so either dies first; holderUseSafe).
// An awaitable made from the task: when_all(t), t | fmap(f), schedule_on(s,
// t), pool.run(t), or a coroutine (lambda) taking it by value. It holds the
// task and is consumed in turn. An assignment or subscript operator, a
// member operator, or a reference result is no such wrapper.
bool wrapsTask(const CallExpr *Call, const Expr *Child) {
  if (Call->getCallee() == Child || Call->getType()->isReferenceType() ||
      !isAwaitable(Call->getType()))
    return false;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) // pool.run(t): not the object
    return MC->getImplicitObjectArgument() != Child;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (Op->getOperator() == OO_Call)
      return Op->getArg(0) != Child;
    return !isa_and_nonnull<CXXMethodDecl>(Op->getDirectCallee()) &&
           Op->getOperator() != OO_Equal && Op->getOperator() != OO_Subscript;
  }
  const FunctionDecl *FD = Call->getDirectCallee();
  return FD && FD->getIdentifier();
}

bool consumed(ASTContext &Ctx, const Expr *E, const VarDecl *Closure, int Depth = 0,
              bool Lazy = false) {
  Lazy = Lazy || isLazyTask(E->getType());
  const Expr *Child = nullptr;
  DynTypedNode N = userOf(Ctx, E, Child);
  if (N.get<CoawaitExpr>())
    return true;
  if (const auto *MC = N.get<CXXMemberCallExpr>(); MC && Closure && Depth < 4) {
    const auto *Container = dyn_cast<DeclRefExpr>(stripImplicit(MC->getImplicitObjectArgument()));
    const auto *Holder = Container ? dyn_cast<VarDecl>(Container->getDecl()) : nullptr;
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (!Holder || !M || !M->getIdentifier() || !storesArgument(M->getName()) ||
        MC->getCallee() == Child || !isLazyTask(E->getType()) || !diesBefore(Ctx, Holder, Closure))
      return false;
    return llvm::all_of(usesOf(Ctx, Holder), [&](const DeclRefExpr *U) {
      return holderUseSafe(Ctx, U, Holder, true, Depth + 1);
    });
  }
  if (const auto *Call = N.get<CallExpr>()) {
    if (wrapsTask(Call, Child))
      return Depth < 8 && consumed(Ctx, Call, Closure, Depth + 1, Lazy);
    const FunctionDecl *FD = Call->getDirectCallee();
    // A method (push_back, an executor's) stores the task in its object.
    if (!FD || !FD->getIdentifier() || isa<CXXMemberCallExpr>(Call) ||
        isa<CXXOperatorCallExpr>(Call) || Call->getCallee() == Child ||
        detachesByName(FD->getName()))
      return false;
    // sync_wait, blockingWait: runs it to completion.
    return FD->getName().lower().find("wait") != std::string::npos;
  }
  if (const auto *V = N.get<VarDecl>(); V && Closure && V->isLocalVarDecl() &&
                                         V->hasLocalStorage() && V->getInit() && Depth < 4) {
    // A range-for over a container of tasks: its elements go where the loop
    // variable goes (the hidden __range's begin()/end() hand nothing on).
    if (const CXXForRangeStmt *For = rangeForOf(Ctx, V))
      return llvm::all_of(usesOf(Ctx, For->getLoopVariable()), [&](const DeclRefExpr *U) {
        return holderUseSafe(Ctx, U, For->getLoopVariable(), Lazy, Depth + 1);
      });
    Lazy = Lazy || isLazyTask(V->getType());
    std::vector<const DeclRefExpr *> Uses = usesOf(Ctx, V);
    return (Lazy || !Uses.empty()) && llvm::all_of(Uses, [&](const DeclRefExpr *U) {
             return holderUseSafe(Ctx, U, V, Lazy, Depth + 1);
           });
  }
  return false;
}

bool lambdaOutlivesTasks(ASTContext &Ctx, const LambdaExpr *L, bool AllowFrameCopy, int Depth);

// U uses Holder, a local that owns a task (or a container of tasks) and dies
// before the closure. The task cannot outlive the closure unless a use hands
// it on: it is consumed (awaited, waited for), or, for a lazy task, which
// runs only when its owner drives it and is destroyed with it, the use is a
// member call that does not detach or release it (begin(), push_back()), or
// a capture by reference in a lambda whose tasks end while it lives and
// whose every use of Holder is such a use.
bool holderUseSafe(ASTContext &Ctx, const DeclRefExpr *U, const VarDecl *Holder, bool Lazy,
                   int Depth) {
  // Holder dies before the closure, so does any local declared after it.
  if (consumed(Ctx, U, Holder, Depth, Lazy))
    return true;
  if (!Lazy)
    return false;
  DynTypedNode N = parentOf(Ctx, U);
  while (N.get<ImplicitCastExpr>() || N.get<ParenExpr>())
    N = parentOf(Ctx, N.get<Expr>());
  if (const auto *ME = N.get<MemberExpr>()) {
    // A method that keeps the task where it is: not named like detach or
    // release, taking nothing of Holder's type (swap(other) hands it over),
    // and returning no reference or pointer (back(), front() give a way to
    // move it out) unless that is discarded (emplace_back's) or consumed at
    // once (co_await tasks.back()).
    const auto *MC = parentOf(Ctx, ME).get<CXXMemberCallExpr>();
    const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
    if (!M || !M->getIdentifier() || detachesByName(M->getName()) ||
        StringRef(M->getName().lower()).contains("release"))
      return false;
    const CXXRecordDecl *HolderClass = classOf(Holder->getType());
    for (const Expr *Arg : MC->arguments())
      if (HolderClass && classOf(Arg->getType()) == HolderClass)
        return false;
    QualType R = MC->getCallReturnType(Ctx);
    if (!(R->isReferenceType() || R->isPointerType()))
      return true;
    const Expr *C = nullptr;
    bool Discarded = !userOf(Ctx, MC, C).get<Expr>(); // tasks.emplace_back(l());
    return Discarded || consumed(Ctx, MC, nullptr);
  }
  if (const auto *L = N.get<LambdaExpr>()) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == Holder && C.getCaptureKind() != LCK_ByRef)
        return false;
    return Depth < 4 && lambdaOutlivesTasks(Ctx, L, false, Depth + 1) &&
           llvm::all_of(usesIn(L->getBody(), Holder), [&](const DeclRefExpr *Inner) {
             return holderUseSafe(Ctx, Inner, Holder, Lazy, Depth + 1);
           });
  }
  return false;
}

bool keepsCopy(ASTContext &Ctx, const FunctionDecl *FD, unsigned Index, int Depth);

// E (the closure) initializes a by-value parameter of a coroutine, which keeps
// the copy in its frame; or of a function that hands its copy on to one
// (libcoro's coro::invoke passes it to detail::make_invoker_task).
bool keptInFrame(ASTContext &Ctx, const Expr *E, int Depth = 0) {
  const Expr *Child = nullptr;
  const auto *Call = userOf(Ctx, E, Child).get<CallExpr>();
  if (!Call || !Call->getDirectCallee() || Call->getCallee() == Child)
    return false;
  unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Call->getDirectCallee())
                       ? 1
                       : 0;
  for (unsigned I = Shift; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I) == Child)
      return keepsCopy(Ctx, Call->getDirectCallee(), I - Shift, Depth);
  return false;
}

bool keepsCopy(ASTContext &Ctx, const FunctionDecl *FD, unsigned Index, int Depth) {
  const FunctionDecl *Def = nullptr;
  if (Index >= FD->getNumParams() || !FD->hasBody(Def) || !Def->getBody())
    return false;
  const ParmVarDecl *P = Def->getParamDecl(Index);
  if (P->getType()->isReferenceType() || !classOf(P->getType()))
    return false;
  if (isa<CoroutineBodyStmt>(Def->getBody()))
    return true;
  return Depth == 0 && llvm::any_of(usesOf(Ctx, P), [&](const DeclRefExpr *U) {
           return keptInFrame(Ctx, U, Depth + 1);
         });
}

class RefFinder : public BodyVisitor<RefFinder> {
public:
  explicit RefFinder(const VarDecl *V) : V(V) {}
  std::vector<const DeclRefExpr *> Refs;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == V)
      Refs.push_back(E);
    return true;
  }

private:
  const VarDecl *V;
};

// Every reference to V in its scope (the function body, for a parameter);
// a nested lambda's capture of V is one, its body is not searched.
std::vector<const DeclRefExpr *> usesOf(ASTContext &Ctx, const VarDecl *V) {
  const Stmt *Scope = nullptr;
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext()))
      Scope = FD->getBody();
  } else if (auto Parents = Ctx.getParents(*V); !Parents.empty()) {
    if (const auto *DS = Parents[0].get<DeclStmt>())
      Scope = parentOf(Ctx, DS).get<Stmt>();
  }
  RefFinder F(V);
  F.TraverseStmt(const_cast<Stmt *>(Scope));
  return F.Refs;
}

// References to V in Body, not searching nested lambdas' bodies.
std::vector<const DeclRefExpr *> usesIn(const Stmt *Body, const VarDecl *V) {
  RefFinder F(V);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Refs;
}

// `L(...)` or `V(...)`: Child is the closure object of this call.
const Expr *callOf(const DynTypedNode &N, const Expr *Child) {
  const auto *Op = N.get<CXXOperatorCallExpr>();
  return Op && Op->getOperator() == OO_Call && Op->getArg(0) == Child ? Op : nullptr;
}

bool closureUseSafe(ASTContext &Ctx, const DeclRefExpr *U, const VarDecl *Closure,
                    bool AllowFrameCopy, int Depth);

// The closure of L lives until every task made from it is done: a temporary
// called at once whose task is consumed within the full-expression (or
// awaited there), a copy in a coroutine frame (AllowFrameCopy: a frame that
// may outlive an enclosing closure does not count for it), or a named local
// whose every use is safe (closureUseSafe).
bool lambdaOutlivesTasks(ASTContext &Ctx, const LambdaExpr *L, bool AllowFrameCopy, int Depth) {
  if (AllowFrameCopy && keptInFrame(Ctx, L))
    return true;
  const Expr *Child = nullptr;
  DynTypedNode N = userOf(Ctx, L, Child);
  if (const Expr *Call = callOf(N, Child))
    return consumed(Ctx, Call, nullptr);
  const auto *V = N.get<VarDecl>();
  if (!V || !V->isLocalVarDecl() || !V->hasLocalStorage())
    return false;
  return llvm::all_of(usesOf(Ctx, V), [&](const DeclRefExpr *U) {
    return closureUseSafe(Ctx, U, V, AllowFrameCopy, Depth);
  });
}

// A use of the named closure Closure that makes no task outlive it: a call
// whose task is consumed while the closure lives, a copy into a coroutine
// frame, or a capture by a lambda whose own tasks end while it lives (it
// dies before Closure: it is declared after it) and whose every use of
// Closure is safe in turn (sync_wait([&]() -> task<> { co_await f(); }())).
bool closureUseSafe(ASTContext &Ctx, const DeclRefExpr *U, const VarDecl *Closure,
                    bool AllowFrameCopy, int Depth) {
  const Expr *C = nullptr;
  DynTypedNode User = userOf(Ctx, U, C);
  if (const Expr *Call = callOf(User, C))
    return consumed(Ctx, Call, Closure);
  if (const auto *L = User.get<LambdaExpr>())
    return Depth < 4 && lambdaOutlivesTasks(Ctx, L, false, Depth + 1) &&
           llvm::all_of(usesIn(L->getBody(), Closure), [&](const DeclRefExpr *Inner) {
             return closureUseSafe(Ctx, Inner, Closure, false, Depth + 1);
           });
  return AllowFrameCopy && keptInFrame(Ctx, U);
}

bool closureOutlivesTasks(ASTContext &Ctx, const LambdaExpr *L) {
  return lambdaOutlivesTasks(Ctx, L, true, 0);
}
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
  // Called and awaited in one full-expression (co_await [&]() -> Task<> {
  // ... }();) is one of the ways its task can be consumed.
  if (closureOutlivesTasks(Ctx, L))
    return;

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
