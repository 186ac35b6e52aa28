//===- LockAcrossSuspendCheck.cpp - A lock held across a suspension -------===//
//
// The scope of a lock is the rest of the block it is declared in; the
// suspensions inside that range (nested statements included, nested lambdas
// excluded) are candidates. Unlock/lock calls are ordered by source position,
// which is exact for straight-line code and conservative for branches: an
// unlock in any branch before the co_await silences the finding.
//
//===----------------------------------------------------------------------===//
#include "LockAcrossSuspendCheck.h"

#include "CoroAst.h"

using namespace clang;

namespace coroscope {
namespace checks {
namespace {

bool isLock(QualType T, ArrayRef<std::string> Extra) {
  const CXXRecordDecl *RD = classOf(T);
  if (!RD || !RD->getIdentifier())
    return false;
  if (RD->isInStdNamespace()) {
    StringRef N = RD->getName();
    if (N == "lock_guard" || N == "scoped_lock" || N == "unique_lock" || N == "shared_lock")
      return true;
  }
  return !Extra.empty() && llvm::is_contained(Extra, RD->getQualifiedNameAsString());
}

struct Lock {
  const VarDecl *Var;
  SourceLocation ScopeEnd; // closing brace of its block
  bool Deferred;           // constructed with std::defer_lock
};

// Locks in blocks, and the calls that release or take them again.
class LockFinder : public BodyVisitor<LockFinder> {
public:
  explicit LockFinder(ArrayRef<std::string> Extra) : Extra(Extra) {}
  std::vector<Lock> Locks;
  // (lock variable, location, holds-after): unlock/release/move false, lock true
  std::vector<std::tuple<const VarDecl *, SourceLocation, bool>> Changes;

  bool VisitCompoundStmt(CompoundStmt *S) {
    for (Stmt *Child : S->body())
      if (auto *DS = dyn_cast<DeclStmt>(Child))
        for (Decl *D : DS->decls())
          if (auto *V = dyn_cast<VarDecl>(D); V && isLock(V->getType(), Extra))
            Locks.push_back({V, S->getRBracLoc(), isDeferred(V)});
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripImplicit(C->getImplicitObjectArgument()));
    const CXXMethodDecl *M = C->getMethodDecl();
    if (!DRE || !M || !M->getIdentifier())
      return true;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    StringRef N = M->getName();
    if (N == "unlock" || N == "release")
      Changes.push_back({V, C->getBeginLoc(), false});
    else if (N == "lock" || N == "try_lock")
      Changes.push_back({V, C->getBeginLoc(), true});
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(movedOperand(C)))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Changes.push_back({V, C->getBeginLoc(), false});
    return true;
  }

private:
  ArrayRef<std::string> Extra;
  static bool isDeferred(const VarDecl *V) {
    const auto *CE = dyn_cast_or_null<CXXConstructExpr>(stripImplicit(V->getInit()));
    if (!CE)
      return false;
    for (const Expr *Arg : CE->arguments())
      if (const CXXRecordDecl *RD = classOf(Arg->getType());
          RD && RD->getIdentifier() && RD->getName() == "defer_lock_t")
        return true;
    return false;
  }
};

} // namespace

void LockAcrossSuspendCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  const SourceManager &SM = R.context().getSourceManager();
  Suspensions S(R.context(), C.Body->getBody());
  if (S.empty())
    return;
  LockFinder F(Extra);
  F.TraverseStmt(C.Body->getBody());
  for (const Lock &L : F.Locks) {
    for (const Expr *P : S.points()) {
      if (!isBefore(SM, L.Var->getEndLoc(), P->getBeginLoc()) ||
          !isBefore(SM, P->getBeginLoc(), L.ScopeEnd))
        continue;
      bool Held = !L.Deferred;
      for (const auto &[V, Loc, HoldsAfter] : F.Changes)
        if (V == L.Var && isBefore(SM, L.Var->getEndLoc(), Loc) &&
            isBefore(SM, Loc, P->getBeginLoc()))
          Held = HoldsAfter; // Changes are in traversal (source) order
      if (!Held)
        continue;
      std::string Type =
          L.Var->getType().getUnqualifiedType().getAsString(R.context().getPrintingPolicy());
      Finding W = R.warn(name(), P->getBeginLoc(),
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
