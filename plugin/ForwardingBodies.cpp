//===- ForwardingBodies.cpp - Coroutines whose body only forwards a task ---===//
#include "ForwardingBodies.h"

#include "checks/ForwardingBody.h"

#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace coroscope {
namespace {

llvm::StringMap<ForwardingBody> &table() {
  static llvm::StringMap<ForwardingBody> T;
  return T;
}

class CoroutineVisitor : public RecursiveASTVisitor<CoroutineVisitor> {
public:
  explicit CoroutineVisitor(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {
    Mangler.reset(Ctx.createMangleContext());
  }
  bool shouldVisitTemplateInstantiations() const { return true; }

  // Coroutines in system headers are the library's: the advice is not about
  // them (and without a record, it stays silent on them).
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    if (CXXMethodDecl *Op = L->getCallOperator())
      VisitFunctionDecl(Op);
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    const auto *CB = dyn_cast_or_null<CoroutineBodyStmt>(FD->getBody());
    if (!CB || FD->isDependentContext() || !FD->doesThisDeclarationHaveABody())
      return true;
    const CoawaitExpr *Await = nullptr;
    const CallExpr *Call = checks::forwardedCall(FD, CB, Ctx, &Await);
    if (!Call)
      return true;
    ForwardingBody B;
    B.Callee = Call->getDirectCallee()->getQualifiedNameAsString();
    PresumedLoc At = SM.getPresumedLoc(SM.getExpansionLoc(Await->getBeginLoc()));
    if (At.isValid()) {
      B.File = At.getFilename();
      B.Line = At.getLine();
      B.Column = At.getColumn();
    }
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    if (Mangler->shouldMangleDeclName(FD))
      Mangler->mangleName(GlobalDecl(FD), OS);
    else
      OS << FD->getName();
    table()[OS.str()] = std::move(B);
    return true;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  std::unique_ptr<MangleContext> Mangler;
};

class ForwardingBodiesConsumer : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasUncompilableErrorOccurred())
      return;
    CoroutineVisitor V(Ctx);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
  }
};

} // namespace

std::unique_ptr<ASTConsumer> createForwardingBodiesConsumer() {
  table().clear();
  return std::make_unique<ForwardingBodiesConsumer>();
}

const ForwardingBody *forwardingBodyOf(llvm::StringRef MangledName) {
  auto It = table().find(MangledName);
  return It == table().end() ? nullptr : &It->second;
}

} // namespace coroscope
