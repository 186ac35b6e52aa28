//===- CapturingLambdaCheck.cpp - A lambda coroutine with captures --------===//
//
// A capture counts as used after suspension when a reference to the captured
// variable (or `this`, for a this-capture) comes after the first co_await or
// co_yield in source order, sits in a loop that suspends, or anywhere in a
// lazy coroutine. Such a lambda is reported only on evidence that its closure
// dies while a task made from it can still run: the closure (followed from
// the lambda through named locals, wrappers such as std::function, and the
// parameters of callees whose bodies are visible) is called, and the task
// (followed through locals, containers and the calls and methods that wrap
// it) leaves the closure's lifetime: returned, stored where it outlives the
// closure, handed to a spawn/detach-like call, or, eager, discarded. What
// cannot be followed (a callee without a body, a closure moved into
// storage) is the callee's to keep alive and is not reported.
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
                         "start", "enqueue", "defer", "release"})
    if (StringRef(Lower).contains(Word))
      return true;
  return false;
}

// push_back(task) and the like: the container owns the task from then on.
bool storesArgument(StringRef Method) {
  return llvm::is_contained(
      {"push_back", "emplace_back", "push_front", "emplace_front", "push", "emplace", "insert"},
      Method);
}

// Where a closure lives, and so how long a task made from it may run.
struct Owner {
  enum KindT {
    Temporary, // dies at the end of the full-expression
    Local,     // a local (or a coroutine's by-value parameter, kept in its
               // frame) that dies at the end of Scope
    ByValue,   // a callee's by-value parameter: dies when Call's
               // full-expression ends (Itanium) or the callee returns
    ByRef      // a callee's reference parameter: Caller's closure
  } Kind = Temporary;
  const VarDecl *Holder = nullptr;
  const Stmt *Scope = nullptr;
  const Expr *Call = nullptr;      // ByValue, ByRef: the call in the caller
  const Owner *Caller = nullptr;   // ByRef: the caller's closure
  const DeclContext *Fn = nullptr; // the function the closure belongs to
};

struct Analysis {
  ASTContext &Ctx;
  bool EagerLambda; // the lambda's own task starts running when called

  const SourceManager &SM() const { return Ctx.getSourceManager(); }

  // The function (or lambda call operator) whose body holds S.
  const DeclContext *functionOf(const Stmt *S) {
    DynTypedNode N = DynTypedNode::create(*S);
    for (int Depth = 0; Depth < 256; ++Depth) {
      auto Parents = Ctx.getParents(N);
      if (Parents.empty())
        return nullptr;
      N = Parents[0];
      if (const auto *L = N.get<LambdaExpr>())
        return L->getCallOperator();
      if (const auto *FD = N.get<FunctionDecl>())
        return FD;
    }
    return nullptr;
  }

  // The statement V's declaration is in: its scope.
  const Stmt *scopeOf(const VarDecl *V) {
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
      const Stmt *Body = FD ? FD->getBody() : nullptr;
      if (const auto *CB = dyn_cast_or_null<CoroutineBodyStmt>(Body))
        return CB->getBody(); // not the implicit promise calls around it
      return Body;
    }
    auto Parents = Ctx.getParents(*V);
    const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
    return DS ? parentOf(Ctx, DS).get<Stmt>() : nullptr;
  }

  Owner localOwner(const VarDecl *V) {
    Owner O;
    O.Kind = Owner::Local;
    O.Holder = V;
    O.Scope = scopeOf(V);
    O.Fn = V->getParentFunctionOrMethod();
    return O;
  }

  std::vector<const DeclRefExpr *> usesOf(const VarDecl *V) {
    const Stmt *Scope = scopeOf(V);
    if (!Scope)
      return {};
    RefFinder F(V);
    F.TraverseStmt(const_cast<Stmt *>(Scope));
    return F.Refs;
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

  // Anything that could wait for a task: a call or a suspension.
  class WaitFinder : public RecursiveASTVisitor<WaitFinder> {
  public:
    WaitFinder(const SourceManager &SM, SourceLocation After) : SM(SM), After(After) {}
    bool Found = false;
    bool VisitStmt(Stmt *S) {
      if (isa<CallExpr, CoawaitExpr, CoyieldExpr>(S) && isBefore(SM, After, S->getBeginLoc()))
        Found = true;
      return !Found;
    }

  private:
    const SourceManager &SM;
    SourceLocation After;
  };

  // A task handed away at Site (spawned, started detached, discarded while
  // running) runs on its own: it outlives a temporary or by-value closure,
  // and a local one unless something after Site in the local's scope could
  // still wait for it.
  bool handedAway(const Expr *Site, const Owner &O, int Depth) {
    switch (O.Kind) {
    case Owner::Temporary:
    case Owner::ByValue:
      return true;
    case Owner::ByRef:
      return Depth < 8 && handedAway(O.Call, *O.Caller, Depth + 1);
    case Owner::Local: {
      if (!O.Scope)
        return false;
      WaitFinder F(SM(), Site->getEndLoc());
      F.TraverseStmt(const_cast<Stmt *>(O.Scope));
      return !F.Found;
    }
    }
    return false;
  }

  // A local whose every use is followed: while the closure lives in a
  // scope, a task kept in a local runs only where that local's uses take it.
  // Past a temporary closure's full-expression, keeping the task is enough.
  bool followable(const VarDecl *V, const Owner &O) {
    return O.Kind != Owner::Temporary && V->isLocalVarDecl() && V->hasLocalStorage() &&
           !V->getType()->isReferenceType();
  }

  // An lvalue that outlives the closure: a global or static, a member, a
  // reference or what a pointer refers to, or any variable past a temporary
  // closure's full-expression.
  bool outlivesClosure(const Expr *E, const Owner &O) {
    E = stripImplicit(E);
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DR->getDecl());
      return V && !followable(V, O);
    }
    return isa<MemberExpr, UnaryOperator, ArraySubscriptExpr, CXXOperatorCallExpr>(E);
  }

  bool anyUseEscapes(const VarDecl *V, const Owner &O, int Depth) {
    return llvm::any_of(usesOf(V),
                        [&](const DeclRefExpr *U) { return taskEscapes(U, O, Depth + 1); });
  }

  // Evidence that the task E (made from a closure that O owns, or wrapping
  // such a task) can run after the closure has died.
  bool taskEscapes(const Expr *E, const Owner &O, int Depth) {
    if (Depth > 12)
      return false;
    const Expr *Child = nullptr;
    DynTypedNode N = userOf(Ctx, E, Child);
    if (N.get<CoawaitExpr>() || N.get<CoyieldExpr>())
      return false; // consumed (corral's co_yield awaits too)
    if (const auto *R = N.get<ReturnStmt>())
      return returned(R, O, Depth);
    if (N.get<CoreturnStmt>())
      return O.Kind != Owner::ByRef;
    if (!N.get<Expr>() && !N.get<VarDecl>() && !N.get<Decl>())
      return discarded(E, O, Depth);
    if (const auto *ME = N.get<MemberExpr>(); ME && ME->getBase() == Child) {
      const auto *MC = parentOf(Ctx, ME).get<CXXMemberCallExpr>();
      const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
      if (!M || !M->getIdentifier())
        return false;
      if (detachesByName(M->getName())) // t.start(callback), g.release()
        return handedAway(MC, O, Depth);
      // A method of a task holder handing it to an object that outlives the
      // closure (swap(global)).
      for (const Expr *Arg : MC->arguments())
        if (classOf(Arg->getType()) == classOf(E->getType()) && outlivesClosure(Arg, O))
          return true;
      // A task derived from it (via(executor), coAwaitTry()) or an element
      // of a container of tasks (back()); not a plain result (`Get()`).
      QualType R = MC->getCallReturnType(Ctx);
      if (!R->isPointerType() && mayHoldTask(R, classOf(E->getType())))
        return taskEscapes(MC, O, Depth + 1);
      return false;
    }
    if (const auto *AS = N.get<ArraySubscriptExpr>(); AS && AS->getBase() == Child)
      return taskEscapes(AS, O, Depth + 1); // an element of an array of tasks
    if (const auto *V = N.get<VarDecl>()) {
      if (!V->hasLocalStorage())
        return true; // a static
      if (const CXXForRangeStmt *For = rangeForOf(V))
        return anyUseEscapes(For->getLoopVariable(), O, Depth);
      if (O.Kind == Owner::Temporary)
        return !usesOf(V).empty();       // runs, or goes on running, after the closure died
      return anyUseEscapes(V, O, Depth); // `auto &&t = l();` extends the temporary
    }
    if (const auto *Call = N.get<CallExpr>()) {
      if (Call->getCallee() == Child)
        return false;
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
        if (Op->getOperator() == OO_Equal && Op->getArg(0) != Child) { // holder = task
          if (isStdIgnore(Op->getArg(0)))                              // `std::ignore = t;`
            return discarded(E, O, Depth);
          return assignedTo(Op->getArg(0), O, Depth);
        }
        if (Op->getOperator() == OO_Call && Op->getArg(0) == Child)
          return false;
        if (Op->getOperator() == OO_Subscript && Op->getArg(0) == Child)
          return taskEscapes(Op, O, Depth + 1); // an element of a container of tasks
      }
      const FunctionDecl *FD = Call->getDirectCallee();
      StringRef Name = FD && FD->getIdentifier() ? FD->getName() : "";
      if (StringRef(Name.lower()).contains("wait"))
        return false; // sync_wait, syncAwait, blockingWait: runs it to completion
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call); MC && storesArgument(Name)) {
        const Expr *Obj = stripImplicit(MC->getImplicitObjectArgument());
        const VarDecl *Container = varOf(Obj);
        if (Container && followable(Container, O))
          return anyUseEscapes(Container, O, Depth);
        return outlivesClosure(Obj, O); // a member, a global, a container passed in
      }
      if (!Name.empty() && detachesByName(Name) && !classOf(Call->getType()))
        return handedAway(Call, O, Depth);
      // A result that holds the task: when_all(t...), collectAll(v), t | f.
      if (!Call->getType()->isReferenceType() &&
          mayHoldTask(Call->getType(), classOf(E->getType())))
        return taskEscapes(Call, O, Depth + 1);
      return false;
    }
    if (const auto *CE = N.get<CXXConstructExpr>())
      return taskEscapes(CE, O, Depth + 1); // a wrapper holding the task
    return false;
  }

  // The variable E names.
  static const VarDecl *varOf(const Expr *E) {
    const auto *DR = dyn_cast_or_null<DeclRefExpr>(E ? stripImplicit(E) : nullptr);
    return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  }

  // The array or container (not a pointer, whose target is not followed)
  // that E is an element of: `c[i]`, `c.at(i)`.
  static const VarDecl *containerOf(const Expr *E) {
    E = stripImplicit(E);
    const Expr *Base = nullptr;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      Base = AS->getBase()->IgnoreImpCasts();
    else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
             Op && Op->getOperator() == OO_Subscript)
      Base = Op->getArg(0);
    else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
             MC && MC->getMethodDecl() && MC->getMethodDecl()->getIdentifier() &&
             MC->getMethodDecl()->getName() == "at")
      Base = MC->getImplicitObjectArgument();
    const VarDecl *V = varOf(Base);
    return V && (V->getType()->isArrayType() || classOf(V->getType())) ? V : nullptr;
  }

  bool assignedTo(const Expr *LHS, const Owner &O, int Depth) {
    const VarDecl *V = varOf(LHS);
    if (!V) // an element of a local container: the container's uses decide
      V = containerOf(LHS);
    if (V && followable(V, O))
      return anyUseEscapes(V, O, Depth);
    return outlivesClosure(LHS, O);
  }

  // `return task;` hands the task to the caller: it outlives the closure
  // unless the closure is the caller's (a reference parameter) or a by-value
  // parameter that lives to the end of the caller's full-expression, where
  // the call is followed instead.
  bool returned(const ReturnStmt *R, const Owner &O, int Depth) {
    if (O.Kind == Owner::ByRef || O.Kind == Owner::ByValue) {
      if (functionOf(R) != O.Fn)
        return false;
      if (O.Kind == Owner::ByValue) {
        Owner T;
        T.Fn = functionOf(O.Call);
        return taskEscapes(O.Call, T, Depth + 1);
      }
      return taskEscapes(O.Call, *O.Caller, Depth + 1);
    }
    // From a lambda nested in the closure's function: not followed.
    return O.Kind == Owner::Temporary ? true : functionOf(R) == O.Fn;
  }

  // The task E, discarded: an eager one goes on running on its own.
  bool discarded(const Expr *E, const Owner &O, int Depth) {
    return startsRunning(E) && handedAway(E, O, Depth);
  }

  // The task E has started running once made: an eager lambda called.
  bool startsRunning(const Expr *E) {
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(stripImplicit(E));
    return EagerLambda && Op && Op->getOperator() == OO_Call;
  }

  // The range-for whose hidden range variable V is.
  const CXXForRangeStmt *rangeForOf(const VarDecl *V) {
    auto Parents = Ctx.getParents(*V);
    const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
    if (!DS)
      return nullptr;
    auto Up = Ctx.getParents(*DS);
    const auto *For = Up.empty() ? nullptr : Up[0].get<CXXForRangeStmt>();
    return For && For->getRangeStmt() == DS ? For : nullptr;
  }

  // A callable wrapper (std::function<void()>) whose call discards what
  // the closure returns: each call leaves an eager task running on its own.
  bool dropsTask(QualType Wrapper) {
    const CXXRecordDecl *RD = classOf(Wrapper);
    if (!EagerLambda || !RD || !RD->hasDefinition())
      return false;
    for (const CXXMethodDecl *M : RD->methods())
      if (M->getOverloadedOperator() == OO_Call)
        return M->getReturnType()->isVoidType();
    return false;
  }

  // Evidence that a task made from the closure E (the lambda, a local or
  // parameter holding it, or a wrapper made from it) outlives it.
  bool closureEscapes(const Expr *E, const Owner &O, int Depth) {
    if (Depth > 12)
      return false;
    const Expr *Child = nullptr;
    DynTypedNode N = userOf(Ctx, E, Child);
    if (const auto *Op = N.get<CXXOperatorCallExpr>();
        Op && Op->getOperator() == OO_Call && Op->getArg(0) == Child)
      return taskEscapes(Op, O, Depth + 1);
    if (const auto *V = N.get<VarDecl>()) {
      if (!V->isLocalVarDecl() || !V->hasLocalStorage() || V->getType()->isReferenceType())
        return false; // a static, or a reference: not followed
      if (dropsTask(V->getType()))
        return true;
      Owner Local = localOwner(V);
      return llvm::any_of(
          usesOf(V), [&](const DeclRefExpr *U) { return closureEscapes(U, Local, Depth + 1); });
    }
    if (const auto *CE = N.get<CXXConstructExpr>(); CE && CE->getNumArgs() == 1) {
      // Converted to a callable wrapper (std::function): it holds the closure.
      if (dropsTask(CE->getType()))
        return true;
      return closureEscapes(CE, O, Depth + 1);
    }
    if (const auto *L = N.get<LambdaExpr>())
      return capturedBy(L, E, O, Depth);
    if (const auto *Call = N.get<CallExpr>(); Call && Call->getCallee() != Child)
      return passedTo(Call, Child, O, Depth);
    // Returned, stored, or anything else: whoever takes it keeps it alive.
    return false;
  }

  // The closure, a local V, used by a nested lambda L: a task made from it
  // there escapes, or L (capturing V by reference) makes tasks that do.
  bool capturedBy(const LambdaExpr *L, const Expr *E, const Owner &O, int Depth) {
    const VarDecl *V = varOf(E);
    if (!V || Depth > 8)
      return false;
    bool ByRef = false;
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V)
        ByRef = C.getCaptureKind() == LCK_ByRef;
    RefFinder F(V);
    F.TraverseStmt(L->getBody());
    if (llvm::any_of(F.Refs, [&](const DeclRefExpr *U) { return closureEscapes(U, O, Depth + 1); }))
      return true;
    if (!ByRef || !isa<CoroutineBodyStmt>(L->getBody()))
      return false;
    Owner T;
    T.Fn = functionOf(L);
    return closureEscapes(L, T, Depth + 1);
  }

  // The closure passed to a callee: followed into its parameter when the
  // body is visible, else the callee's to keep.
  bool passedTo(const CallExpr *Call, const Expr *Child, const Owner &O, int Depth) {
    const FunctionDecl *FD = Call->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!FD || !FD->hasBody(Def) || !Def->getBody() || Depth > 8)
      return false;
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
    unsigned Index = ~0u;
    for (unsigned I = Shift; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == Child)
        Index = I - Shift;
    if (Index >= Def->getNumParams())
      return false;
    const ParmVarDecl *P = Def->getParamDecl(Index);
    bool Coroutine = isa<CoroutineBodyStmt>(Def->getBody());
    Owner Param;
    Param.Holder = P;
    Param.Call = Call;
    Param.Fn = Def;
    if (P->getType()->isReferenceType()) {
      // The callee works on the caller's closure; a coroutine's frame
      // refers to it as long as its task lives.
      Param.Kind = Owner::ByRef;
      Param.Caller = &O;
      if (Coroutine && !usesOf(P).empty() && taskEscapes(Call, O, Depth + 1))
        return true;
    } else if (Coroutine) {
      Param = localOwner(P); // kept in the frame
    } else {
      Param.Kind = Owner::ByValue;
    }
    if (dropsTask(P->getType()))
      return true;
    return llvm::any_of(usesOf(P),
                        [&](const DeclRefExpr *U) { return closureEscapes(U, Param, Depth + 1); });
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
  Analysis A{Ctx, !Lazy};
  Owner Temporary;
  Temporary.Fn = A.functionOf(L);
  if (!A.closureEscapes(L, Temporary, 0))
    return;

  ReportedWarning W =
      R.warn(name(), L->getBeginLoc(),
             "lambda coroutine in '" + functionName(C.FD) + "' uses its capture '" + Capture +
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
