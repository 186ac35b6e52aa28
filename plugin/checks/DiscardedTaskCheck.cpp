//===- DiscardedTaskCheck.cpp - A lazy task created and dropped -----------===//
//
// "Discarded" is decided syntactically: the call is a statement of its own
// (in a block, an if/loop body, a case or label), an arm of a ?: that is one,
// the operand of a cast to void, or assigned to std::ignore. A task stored in a variable and never
// awaited is not reported here (the run-time never-started check finds it). A task type whose
// promise or initial awaiter passes the handle on (a scheduled start) is not lazy, see
// lazyInitialSuspend().
//
//===----------------------------------------------------------------------===//
#include "DiscardedTaskCheck.h"

#include "CoroAst.h"
#include "HandleEscape.h"

using namespace clang;

namespace coroscope {
namespace checks {
namespace {

class DiscardFinder : public BodyVisitor<DiscardFinder> {
public:
  enum How { Statement, Arm, VoidCast, Ignored };
  std::vector<std::pair<const Expr *, How>> Discarded;

  bool VisitCompoundStmt(CompoundStmt *S) {
    for (Stmt *Child : S->body())
      statement(Child);
    return true;
  }
  bool VisitIfStmt(IfStmt *S) { return statement(S->getThen()), statement(S->getElse()), true; }
  bool VisitForStmt(ForStmt *S) { return statement(S->getBody()), true; }
  bool VisitWhileStmt(WhileStmt *S) { return statement(S->getBody()), true; }
  bool VisitDoStmt(DoStmt *S) { return statement(S->getBody()), true; }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return statement(S->getBody()), true; }
  bool VisitSwitchCase(SwitchCase *S) { return statement(S->getSubStmt()), true; }
  bool VisitLabelStmt(LabelStmt *S) { return statement(S->getSubStmt()), true; }
  bool VisitExplicitCastExpr(ExplicitCastExpr *E) {
    if (E->getTypeAsWritten()->isVoidType())
      Discarded.push_back({E->getSubExpr(), VoidCast});
    return true;
  }

private:
  void statement(Stmt *S) {
    if (const auto *E = dyn_cast_or_null<Expr>(S))
      value(stripImplicit(E));
  }
  // A value computed and dropped: the statement itself, both arms of a ?:,
  // what is assigned to std::ignore.
  void value(const Expr *Inner, How H = Statement) {
    if (const auto *C = dyn_cast<ConditionalOperator>(Inner)) {
      value(stripImplicit(C->getTrueExpr()), Arm);
      value(stripImplicit(C->getFalseExpr()), Arm);
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Inner);
               Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
               isStdIgnore(Op->getArg(0))) {
      Discarded.push_back({stripImplicit(Op->getArg(1)), Ignored});
    } else if (!isa<ExplicitCastExpr>(Inner)) { // (void)f() is seen by VisitExplicitCastExpr
      Discarded.push_back({Inner, H});
    }
  }
};

} // namespace

void DiscardedTaskCheck::checkFunctionBody(const FunctionDecl *FD, const Stmt *Body, Reporter &R) {
  DiscardFinder F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  for (const auto &[E, How] : F.Discarded) {
    // Clang's -Wunused-result is silent on these.
    bool Explicit = How == DiscardFinder::VoidCast || How == DiscardFinder::Ignored;
    const auto *Call = dyn_cast<CallExpr>(stripImplicit(E));
    if (!Call)
      continue;
    const FunctionDecl *Callee = Call->getDirectCallee();
    QualType T = Call->getCallReturnType(R.context());
    if (!Callee || T->isReferenceType() || T->isPointerType())
      continue;
    const CXXRecordDecl *Task = classOf(T);
    const FunctionDecl *Init = lazyInitialSuspend(Task);
    if (!Init)
      continue;
    if (!Explicit && Call->hasUnusedResultAttr(R.context()))
      continue; // Clang's own -Wunused-result reports it
    std::string TypeName = T.getUnqualifiedType().getAsString(R.context().getPrintingPolicy());
    ReportedWarning W =
        R.warn(name(), Call->getBeginLoc(),
               "the lazy task returned by '" + Callee->getNameAsString() + "' is " +
                   (How == DiscardFinder::VoidCast  ? "cast to void"
                    : How == DiscardFinder::Ignored ? "assigned to std::ignore"
                                                    : "discarded") +
                   (taskKeepsHandle(Task)
                        ? "; it is destroyed before it starts, so the body of '" +
                              Callee->getNameAsString() +
                              (yieldsValues(Task) ? "' never runs (iterate it)"
                                                  : "' never runs (co_await it, or start it)")
                        : "; its type keeps no coroutine handle and its promise hands "
                          "the handle to no one, so the body of '" +
                              Callee->getNameAsString() + "' never runs and its frame leaks"));
    // In a coroutine the likely intent is to await it; it suspends the
    // caller, so it is offered on a note, not applied by -fixit.
    if (W && How == DiscardFinder::Statement && isa_and_nonnull<CoroutineBodyStmt>(Body) &&
        !yieldsValues(Task) && Call->getBeginLoc().isFileID())
      W.note(Call->getBeginLoc(), "co_await it to run it as part of '" + functionName(FD) + "'",
             FixItHint::CreateInsertion(Call->getBeginLoc(), "co_await "));
    if (W)
      W.note(Init->getLocation(),
             "'" + TypeName +
                 "' starts suspended: its promise's initial_suspend() "
                 "returns '" +
                 Init->getReturnType().getAsString(R.context().getPrintingPolicy()) + "'");
  }
}

} // namespace checks
} // namespace coroscope
