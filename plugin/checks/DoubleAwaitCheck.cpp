//===- DoubleAwaitCheck.cpp - A single-consumption task awaited twice -----===//
//
// Path sensitivity is kept simple and conservative: events on one variable
// (await, move, assignment) are taken in source order, and a pair is
// reported unless the two sit in different arms of the same if/switch/?:, in
// arms of two ifs whose conditions are complementary (`x` and `!x` on a local
// the body never changes), or a jump (return, co_return, break, continue, goto, throw) that always
// follows the first event leaves before the second. Loops are not unrolled: a
// task awaited once in a loop body is not reported.
//
//===----------------------------------------------------------------------===//
#include "DoubleAwaitCheck.h"

#include "CoroAst.h"

#include "coroscope/support/stable_sort.h"

#include "llvm/ADT/MapVector.h"

#include <functional>

using namespace clang;

namespace coroscope {
namespace checks {

// Multi-consumer types cache their result and resume every awaiter.
static bool isMultiConsumerName(StringRef QualName) {
  std::string Lower = QualName.lower();
  return StringRef(Lower).contains("shared");
}

static bool isKnownSingleConsumption(StringRef QualName) {
  static const StringRef Known[] = {
      "folly::coro::Task",    "cppcoro::task",
      "asio::awaitable",      "boost::asio::awaitable",
      "boost::cobalt::task",  "boost::cobalt::promise",
      "concurrencpp::result", "coro::task",
      "std::execution::task", "exec::task",
  };
  for (StringRef K : Known)
    if (QualName == K)
      return true;
  return false;
}

static bool hasAnnotation(const CXXRecordDecl *RD) {
  for (const CXXRecordDecl *D = RD; D;) {
    for (const auto *A : D->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == "coroscope::single_consumption")
        return true;
    const CXXRecordDecl *Next = nullptr;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D))
      Next = Spec->getSpecializedTemplate()->getTemplatedDecl();
    D = Next == D ? nullptr : Next;
  }
  return false;
}

namespace {
// A call of done() on a std::coroutine_handle, instantiated or dependent.
class HandleDoneFinder : public RecursiveASTVisitor<HandleDoneFinder> {
public:
  bool Found = false;
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *M = C->getMethodDecl();
    if (M && M->getIdentifier() && M->getName() == "done" &&
        isCoroutineHandleType(C->getObjectType()))
      Found = true;
    return !Found;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    if (E->getMember().getAsString() == "done" && !E->isImplicitAccess() &&
        isCoroutineHandleType(E->getBaseType()))
      Found = true;
    return !Found;
  }
};
} // namespace

// await_ready() of Awaiter (or of a base: libcoro's awaitable_base) tests the
// coroutine handle's done(): a finished task is ready, so awaiting it again
// neither resumes nor re-enters its frame.
static bool readyWhenDone(QualType Awaiter) {
  const CXXRecordDecl *RD = classOf(Awaiter);
  if (!RD || !RD->hasDefinition())
    return false;
  for (const CXXMethodDecl *M : RD->methods()) {
    if (!M->getIdentifier() || M->getName() != "await_ready")
      continue;
    const FunctionDecl *Def = nullptr;
    if (!M->hasBody(Def))
      if (const FunctionDecl *Pattern = M->getTemplateInstantiationPattern())
        Pattern->hasBody(Def);
    if (!Def)
      return false;
    HandleDoneFinder F;
    F.TraverseStmt(Def->getBody());
    return F.Found;
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (readyWhenDone(B.getType()))
      return true;
  return false;
}

bool isSingleConsumption(const CXXRecordDecl *RD, QualType Awaiter, const ConsumptionTypes &Types,
                         bool LvalueAwait) {
  if (!RD)
    return false;
  std::string Qual = RD->getQualifiedNameAsString();
  if (llvm::is_contained(Types.Multi, Qual) || isMultiConsumerName(Qual))
    return false;
  if (hasAnnotation(RD) || llvm::is_contained(Types.Single, Qual))
    return true;
  // operator co_await() && only: the type says "await me once, as an rvalue".
  bool Any = false, AllRvalue = true;
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getOverloadedOperator() == OO_Coawait) {
      Any = true;
      AllRvalue &= M->getRefQualifier() == RQ_RValue;
    }
  if (Any && AllRvalue)
    return true;
  // The list names libraries whose tasks are meant to be awaited once, but
  // libcoro's and cppcoro's lvalue awaiters are ready once the task is done
  // and hand back the stored result again.
  if (isKnownSingleConsumption(Qual))
    return !(LvalueAwait && readyWhenDone(Awaiter));
  // A lazy task whose awaiter never asks whether the task already finished
  // (await_ready() is `return false;`): a second await re-enters a finished
  // frame. Case 01 of ../shared/cases/static is this shape.
  // One whose await_suspend asks done() before running it is not that shape.
  return lazyInitialSuspend(RD) && !Awaiter.isNull() && isNeverReadyAwaiter(Awaiter) &&
         !bodyCalls(classOf(Awaiter), "await_suspend", "done");
}

namespace {

enum class EventKind { Await, Move, Assign, Jump };

struct Event {
  EventKind Kind;
  const Expr *E; // the co_await, the std::move call, the assignment
  const Stmt *S; // for jumps
  // The if/switch/?: arms around the event, outermost first.
  std::vector<std::pair<const Stmt *, int>> Arms;
  // For an await: the awaiter it produced, and whether the operand is the
  // variable itself (not std::move of it).
  QualType Awaiter = {};
  bool Lvalue = false;
  SourceLocation loc() const { return E ? E->getExprLoc() : S->getBeginLoc(); }
};

class EventCollector : public BodyVisitor<EventCollector> {
  using Base = BodyVisitor<EventCollector>;

public:
  llvm::MapVector<const VarDecl *, std::vector<Event>> Events;
  std::vector<Event> Jumps;

  bool VisitCoawaitExpr(CoawaitExpr *E) {
    if (E->isImplicit())
      return true;
    const Expr *Op = stripImplicit(E->getOperand());
    const Expr *Moved = movedOperand(Op);
    if (Moved) {
      AwaitedMoves.insert(stripImplicit(Op));
      Op = Moved;
    }
    if (const VarDecl *V = varOf(Op)) {
      add(V, EventKind::Await, E);
      Events[V].back().Awaiter = E->getCommonExpr()->getType();
      Events[V].back().Lvalue = !Moved;
    }
    return true;
  }

  bool TraverseCoawaitExpr(CoawaitExpr *E) {
    ++InAwait;
    bool Ok = Base::TraverseCoawaitExpr(E);
    --InAwait;
    return Ok;
  }
  // A non-const method called on the task object on its own (not as part of
  // an await: `g.reset(); g.add(t);`) may re-arm it for another await.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *M = C->getMethodDecl();
    if (InAwait || !M || M->isConst() || M->getRefQualifier() == RQ_RValue ||
        M->getOverloadedOperator() == OO_Coawait || isa<CXXConversionDecl>(M))
      return true;
    if (const VarDecl *V = varOf(stripImplicit(C->getImplicitObjectArgument())))
      add(V, EventKind::Assign, C);
    return true;
  }

  bool VisitCallExpr(CallExpr *C) {
    if (const Expr *Moved = movedOperand(C)) {
      if (!AwaitedMoves.count(C))
        if (const VarDecl *V = varOf(Moved))
          add(V, EventKind::Move, C);
      return true;
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C))
      if (Op->isAssignmentOp() && Op->getNumArgs() >= 1)
        if (const VarDecl *V = varOf(stripImplicit(Op->getArg(0))))
          add(V, EventKind::Assign, C);
    // Passed by non-const reference: the callee may reassign it.
    if (const FunctionDecl *FD = C->getDirectCallee()) {
      unsigned Shift = isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(FD) ? 1 : 0;
      for (unsigned I = Shift; I < C->getNumArgs() && I - Shift < FD->getNumParams(); ++I) {
        QualType PT = FD->getParamDecl(I - Shift)->getType();
        if (PT->isLValueReferenceType() && !PT.getNonReferenceType().isConstQualified())
          if (const VarDecl *V = varOf(stripImplicit(C->getArg(I))))
            add(V, EventKind::Assign, C);
      }
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      if (const VarDecl *V = varOf(stripImplicit(B->getLHS())))
        add(V, EventKind::Assign, B);
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *S) { return jump(S); }
  bool VisitCoreturnStmt(CoreturnStmt *S) { return jump(S); }
  bool VisitBreakStmt(BreakStmt *S) { return jump(S); }
  bool VisitContinueStmt(ContinueStmt *S) { return jump(S); }
  bool VisitGotoStmt(GotoStmt *S) { return jump(S); }
  bool VisitCXXThrowExpr(CXXThrowExpr *S) { return jump(S); }

  bool TraverseIfStmt(IfStmt *S) {
    if (S->getInit() && !TraverseStmt(S->getInit()))
      return false;
    if (S->getConditionVariableDeclStmt() && !TraverseStmt(S->getConditionVariableDeclStmt()))
      return false;
    if (!TraverseStmt(S->getCond()))
      return false;
    return arm(S, 0, S->getThen()) && arm(S, 1, S->getElse());
  }
  bool TraverseConditionalOperator(ConditionalOperator *E) {
    return TraverseStmt(E->getCond()) && arm(E, 0, E->getTrueExpr()) &&
           arm(E, 1, E->getFalseExpr());
  }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    if (S->getInit() && !TraverseStmt(S->getInit()))
      return false;
    if (!TraverseStmt(S->getCond()))
      return false;
    const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
    if (!Body)
      return TraverseStmt(S->getBody());
    int Case = 0;
    for (Stmt *Child : Body->body()) {
      if (isa<SwitchCase>(Child))
        ++Case;
      if (!arm(S, Case, Child))
        return false;
    }
    return true;
  }

private:
  bool arm(const Stmt *Branch, int Index, Stmt *Sub) {
    if (!Sub)
      return true;
    Arms.push_back({Branch, Index});
    bool Ok = TraverseStmt(Sub);
    Arms.pop_back();
    return Ok;
  }
  bool jump(Stmt *S) {
    Jumps.push_back({EventKind::Jump, nullptr, S, Arms});
    return true;
  }
  static const VarDecl *varOf(const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
    if (!DRE)
      return nullptr;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return V && (V->hasLocalStorage() || isa<ParmVarDecl>(V)) ? V : nullptr;
  }
  void add(const VarDecl *V, EventKind K, const Expr *E) {
    Events[V].push_back({K, E, nullptr, Arms});
  }

  std::vector<std::pair<const Stmt *, int>> Arms;
  llvm::DenseSet<const Expr *> AwaitedMoves;
  int InAwait = 0;
};

bool isPrefix(const std::vector<std::pair<const Stmt *, int>> &P,
              const std::vector<std::pair<const Stmt *, int>> &Of) {
  return P.size() <= Of.size() && std::equal(P.begin(), P.end(), Of.begin());
}

// A and B cannot both run: they are in different arms of one branch.
bool exclusive(const Event &A, const Event &B) {
  for (const auto &[SA, IA] : A.Arms)
    for (const auto &[SB, IB] : B.Arms)
      if (SA == SB && IA != IB)
        return true;
  return false;
}

// The condition an if's arm runs under, with `!` peeled off: the then arm of
// `if (!x)` runs under (x, false). Null for other branches and for an if
// with an init statement or a condition variable.
std::pair<const Expr *, bool> armCondition(const Stmt *Branch, int Index) {
  const auto *If = dyn_cast<IfStmt>(Branch);
  if (!If || If->getInit() || If->getConditionVariable())
    return {nullptr, false};
  const Expr *C = stripImplicit(If->getCond());
  bool Holds = Index == 0;
  while (const auto *U = dyn_cast<UnaryOperator>(C)) {
    if (U->getOpcode() != UO_LNot)
      break;
    C = stripImplicit(U->getSubExpr());
    Holds = !Holds;
  }
  return {C, Holds};
}

// Locals the body changes after their initialisation: assigned, incremented,
// or their address taken.
class Mutations : public BodyVisitor<Mutations> {
public:
  llvm::DenseSet<const ValueDecl *> Vars;
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      note(C->getArg(0));
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) { // a closure may change what it holds by reference
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        Vars.insert(C.getCapturedVar());
    return true;
  }

private:
  void note(const Expr *E) {
    if (const auto *D = dyn_cast<DeclRefExpr>(stripImplicit(E)))
      Vars.insert(D->getDecl());
  }
};

// The condition reads only locals the body never changes, and calls nothing:
// it has the same value at both ifs.
bool fixedCondition(const Expr *C, const ASTContext &Ctx, const Mutations &M) {
  if (C->HasSideEffects(Ctx))
    return false;
  bool Fixed = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Fixed)
      return;
    if (isa<CallExpr>(S))
      Fixed = false;
    if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
      const auto *V = dyn_cast<VarDecl>(D->getDecl());
      if (!isa<EnumConstantDecl>(D->getDecl()) &&
          (!V || !(V->hasLocalStorage() || isa<ParmVarDecl>(V)) || M.Vars.contains(V) ||
           V->getType()->isReferenceType()))
        Fixed = false;
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(C);
  return Fixed;
}

// A and B sit in arms of two ifs whose conditions cannot both hold:
// `if (fast) ...; if (!fast) ...;` on an unchanged local.
bool complementary(const Event &A, const Event &B, const ASTContext &Ctx, const Mutations &M) {
  for (const auto &[SA, IA] : A.Arms) {
    auto [CA, HA] = armCondition(SA, IA);
    if (!CA || !fixedCondition(CA, Ctx, M))
      continue;
    llvm::FoldingSetNodeID PA;
    CA->Profile(PA, Ctx, /*Canonical=*/true);
    for (const auto &[SB, IB] : B.Arms) {
      auto [CB, HB] = armCondition(SB, IB);
      if (!CB || SA == SB || HA == HB)
        continue;
      llvm::FoldingSetNodeID PB;
      CB->Profile(PB, Ctx, /*Canonical=*/true);
      if (PA == PB)
        return true;
    }
  }
  return false;
}

} // namespace

void DoubleAwaitCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  const SourceManager &SM = R.context().getSourceManager();
  EventCollector V;
  V.TraverseStmt(C.Body->getBody());
  Mutations Changed;
  Changed.TraverseStmt(C.Body->getBody());

  // A jump between A and B that runs whenever A runs, and is not on B's path.
  auto leavesBetween = [&](const Event &A, const Event &B) {
    for (const Event &J : V.Jumps)
      if (isBefore(SM, A.loc(), J.loc()) && isBefore(SM, J.loc(), B.loc()) &&
          isPrefix(J.Arms, A.Arms) && !isPrefix(J.Arms, B.Arms))
        return true;
    return false;
  };

  for (auto &[Var, Events] : V.Events) {
    stableSort(Events,
               [&](const Event &A, const Event &B) { return isBefore(SM, A.loc(), B.loc()); });
    const CXXRecordDecl *RD = classOf(Var->getType());
    if (!RD)
      continue;
    std::vector<const Event *> Consumed; // awaits and moves since the last assignment
    for (const Event &E : Events) {
      if (E.Kind == EventKind::Assign) {
        Consumed.clear();
        continue;
      }
      if (E.Kind == EventKind::Await) {
        // What a second await does is up to the awaiter it produces.
        bool Single = isSingleConsumption(RD, E.Awaiter, Types, E.Lvalue);
        for (const Event *Prev : Consumed) {
          if (exclusive(*Prev, E) || leavesBetween(*Prev, E) ||
              complementary(*Prev, E, R.context(), Changed))
            continue;
          if (Prev->Kind == EventKind::Await && !Single)
            continue;
          std::string Name = Var->getNameAsString();
          std::string From;
          if (const Expr *Init = Var->getInit())
            if (const auto *Call = dyn_cast<CallExpr>(stripImplicit(Init)))
              if (const FunctionDecl *Callee = Call->getDirectCallee())
                From = " (the task returned by '" + Callee->getNameAsString() + "')";
          std::string Type = Var->getType().getNonReferenceType().getUnqualifiedType().getAsString(
              R.context().getPrintingPolicy());
          ReportedWarning F =
              Prev->Kind == EventKind::Await
                  ? R.warn(name(), E.loc(),
                           "'" + Name + "'" + From + " is awaited a second time in '" +
                               functionName(C.FD) + "'; '" + Type + "' can be awaited only once")
                  : R.warn(name(), E.loc(),
                           "'" + Name + "'" + From + " is awaited after it was moved from");
          if (F)
            F.note(Prev->loc(), Prev->Kind == EventKind::Await ? "first awaited here"
                                                               : "'" + Name + "' moved from here");
          break;
        }
      }
      Consumed.push_back(&E);
    }
  }
}

} // namespace checks
} // namespace coroscope
