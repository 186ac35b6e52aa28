//===- FrameLocals.cpp - Locals that make a coroutine frame large ----------===//
//
// A local is in the frame when its lifetime spans a suspend point: it is
// read after one, or its destructor runs after one. Both are decided in
// source order, with loops that contain a suspension counting as "after"
// for everything inside them (checks/CoroAst.h, Suspensions). That is an
// approximation of what CoroSplit computes, good enough to name the locals
// behind a large frame; the frame size itself comes from the run.
//
//===----------------------------------------------------------------------===//
#include "FrameLocals.h"

#include "checks/CoroAst.h"

#include "coroscope/support/stable_sort.h"

#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;
using coroscope::checks::BodyVisitor;
using coroscope::checks::isBefore;
using coroscope::checks::Suspensions;

namespace coroscope {
namespace {

// Locals with the end of their scope, and every use of a local or parameter.
class LocalFinder : public BodyVisitor<LocalFinder> {
public:
  std::vector<std::pair<const VarDecl *, SourceLocation>> Locals;
  llvm::DenseMap<const VarDecl *, std::vector<SourceLocation>> Uses;

  bool VisitCompoundStmt(CompoundStmt *S) {
    for (Stmt *Child : S->body())
      if (auto *DS = dyn_cast<DeclStmt>(Child))
        for (Decl *D : DS->decls())
          if (auto *V = dyn_cast<VarDecl>(D); V && V->isLocalVarDecl() && !V->isStaticLocal())
            Locals.push_back({V, S->getRBracLoc()});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Uses[V].push_back(E->getLocation());
    return true;
  }
};

class FrameLocalFinder {
public:
  explicit FrameLocalFinder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  std::vector<FrameLocal> localsOf(const FunctionDecl *FD, const Stmt *Body) const {
    Suspensions S(Ctx, Body);
    if (S.empty())
      return {};
    LocalFinder F;
    F.TraverseStmt(const_cast<Stmt *>(Body));
    std::vector<FrameLocal> Out;
    auto consider = [&](const VarDecl *V, SourceLocation ScopeEnd) {
      QualType T = V->getType();
      if (T->isReferenceType() || T->isDependentType() || T->isIncompleteType())
        return;
      uint64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
      if (Bytes < kFrameLocalMinBytes)
        return;
      if (const Expr *P = crossed(S, V, ScopeEnd, F.Uses.lookup(V)))
        Out.push_back(describe(V, Bytes, P));
    };
    for (const ParmVarDecl *P : FD->parameters())
      consider(P, Body->getEndLoc());
    for (const auto &[V, End] : F.Locals)
      consider(V, End);
    stableSort(Out, [](const FrameLocal &A, const FrameLocal &B) { return A.Bytes > B.Bytes; });
    if (Out.size() > kFrameLocalMax)
      Out.resize(kFrameLocalMax);
    return Out;
  }

private:
  // The first suspension V lives across: one before a use of V, or, when V
  // has a destructor to run at the end of its scope, the first one in scope.
  const Expr *crossed(const Suspensions &S, const VarDecl *V, SourceLocation ScopeEnd,
                      const std::vector<SourceLocation> &Uses) const {
    SourceLocation Declared = V->getEndLoc();
    const Expr *Best = nullptr;
    auto earlier = [&](const Expr *P) {
      if (P && isBefore(SM, Declared, P->getBeginLoc()) &&
          (!Best || isBefore(SM, P->getBeginLoc(), Best->getBeginLoc())))
        Best = P;
    };
    for (SourceLocation U : Uses)
      earlier(S.suspendedBefore(U));
    if (V->needsDestruction(Ctx))
      for (const Expr *P : S.points())
        if (isBefore(SM, Declared, P->getBeginLoc()) && isBefore(SM, P->getBeginLoc(), ScopeEnd)) {
          earlier(P);
          break;
        }
    return Best;
  }

  FrameLocal describe(const VarDecl *V, uint64_t Bytes, const Expr *Across) const {
    FrameLocal L;
    L.Name = V->getNameAsString();
    L.Type = V->getType().getAsString(Ctx.getPrintingPolicy());
    PresumedLoc At = SM.getPresumedLoc(SM.getExpansionLoc(V->getLocation()));
    if (At.isValid()) {
      L.File = At.getFilename();
      L.Line = At.getLine();
      L.Column = At.getColumn();
    }
    L.Bytes = Bytes;
    L.AcrossLine = SM.getExpansionLineNumber(Across->getBeginLoc());
    return L;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
};

} // namespace

std::vector<FrameLocal> frameLocalsOf(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *Body) {
  return FrameLocalFinder(Ctx).localsOf(FD, Body);
}

} // namespace coroscope
