//===- CoroutineFacts.cpp - What the AST knows of each coroutine -----------===//
#include "CoroutineFacts.h"

#include "FrameLocals.h"
#include "checks/CoroAst.h"
#include "checks/ForwardingBody.h"

#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace clang;

namespace coroscope {
namespace {

llvm::StringMap<CoroutineFacts> &table() {
  static llvm::StringMap<CoroutineFacts> T;
  return T;
}

// Lambdas and unnamed classes of internal linkage mangle as `$_N`, N counted
// by the mangle context in the order it meets them: CodeGen's order is not
// ours, so a name with `$_N` in it may not match, or match another lambda.
// Such names are found with every N dropped; where that key is shared, the
// facts are merged so that they claim only what all the coroutines behind
// it share.
struct Merged {
  CoroutineFacts Facts;
  unsigned Count = 0;
};
llvm::StringMap<Merged> &withoutLocalNumbers() {
  static llvm::StringMap<Merged> T;
  return T;
}

std::string dropLocalNumbers(llvm::StringRef Name) {
  std::string Out;
  for (size_t I = 0; I < Name.size(); ++I) {
    Out += Name[I];
    if (Name[I] == '$' && I + 1 < Name.size() && Name[I + 1] == '_') {
      Out += '_';
      for (I += 2; I < Name.size() && isDigit(Name[I]); ++I)
        ;
      --I;
    }
  }
  return Out;
}

bool sameLocals(const std::vector<FrameLocal> &A, const std::vector<FrameLocal> &B) {
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(), [](const FrameLocal &X, const FrameLocal &Y) {
           return X.Name == Y.Name && X.Type == Y.Type && X.Bytes == Y.Bytes && X.Line == Y.Line &&
                  X.Column == Y.Column && X.AcrossLine == Y.AcrossLine;
         });
}

void merge(Merged &M, const CoroutineFacts &F) {
  if (M.Count++ == 0) {
    M.Facts = F;
    return;
  }
  if (!sameLocals(M.Facts.Locals, F.Locals))
    M.Facts.Locals.clear();
  if (M.Facts.Forwarding && (!F.Forwarding || F.Forwarding->Callee != M.Facts.Forwarding->Callee ||
                             F.Forwarding->Line != M.Facts.Forwarding->Line))
    M.Facts.Forwarding.reset();
  M.Facts.ReturnsAwaitable |= F.ReturnsAwaitable;
}

// A class, or for a template specialization the template: co_await on one
// task<int> says task<void> can be awaited too (the same await_transform
// overload or operator co_await serves both).
const Decl *awaitKey(const CXXRecordDecl *RD) {
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    return Spec->getSpecializedTemplate()->getCanonicalDecl();
  return RD->getCanonicalDecl();
}

class CoroutineVisitor : public RecursiveASTVisitor<CoroutineVisitor> {
public:
  explicit CoroutineVisitor(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {
    Mangler.reset(Ctx.createMangleContext());
  }
  bool shouldVisitTemplateInstantiations() const { return true; }

  // Coroutines in system headers are the library's: nothing is recorded for
  // them (the pass then reads "no facts").
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  // Lambda bodies are traversed without their call operator's declaration.
  bool VisitLambdaExpr(LambdaExpr *L) {
    if (CXXMethodDecl *Op = L->getCallOperator())
      VisitFunctionDecl(Op);
    return true;
  }

  bool VisitCoawaitExpr(CoawaitExpr *E) {
    if (!E->isImplicit() && E->getOperand())
      if (const CXXRecordDecl *RD = checks::classOf(E->getOperand()->getType()))
        Awaited.insert(awaitKey(RD));
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    const auto *CB = dyn_cast_or_null<CoroutineBodyStmt>(FD->getBody());
    if (!CB || FD->isDependentContext() || !FD->doesThisDeclarationHaveABody())
      return true;
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    if (Mangler->shouldMangleDeclName(FD))
      Mangler->mangleName(GlobalDecl(FD), OS);
    else
      OS << FD->getName();
    CoroutineFacts &F = table()[OS.str()];
    F.Locals = frameLocalsOf(Ctx, FD, CB->getBody());
    const CoawaitExpr *Await = nullptr;
    if (const CallExpr *Call = checks::forwardedCall(FD, CB, Ctx, &Await)) {
      ForwardingBody B;
      B.Callee = Call->getDirectCallee()->getQualifiedNameAsString();
      PresumedLoc At = SM.getPresumedLoc(SM.getExpansionLoc(Await->getBeginLoc()));
      if (At.isValid()) {
        B.File = At.getFilename();
        B.Line = At.getLine();
        B.Column = At.getColumn();
      }
      F.Forwarding = std::move(B);
    }
    Returns.push_back({&F, checks::classOf(FD->getReturnType())});
    return true;
  }

  // Decided once every co_await of the unit has been seen.
  void decideAwaitable() {
    for (auto &[F, RD] : Returns)
      F->ReturnsAwaitable =
          !RD || Awaited.contains(awaitKey(RD)) || checks::declaresAwaitInterface(RD);
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  std::unique_ptr<MangleContext> Mangler;
  llvm::DenseSet<const Decl *> Awaited;
  std::vector<std::pair<CoroutineFacts *, const CXXRecordDecl *>> Returns;
};

class CoroutineFactsConsumer : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasUncompilableErrorOccurred())
      return;
    CoroutineVisitor V(Ctx);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
    V.decideAwaitable();
    for (const auto &[Name, F] : table())
      if (Name.contains("$_"))
        merge(withoutLocalNumbers()[dropLocalNumbers(Name)], F);
  }
};

} // namespace

std::unique_ptr<ASTConsumer> createCoroutineFactsConsumer() {
  table().clear();
  withoutLocalNumbers().clear();
  return std::make_unique<CoroutineFactsConsumer>();
}

const CoroutineFacts *coroutineFactsOf(llvm::StringRef MangledName) {
  // Not even an exact match of a `$_N` name is trusted: the numbers can be
  // the same and mean other lambdas.
  if (!MangledName.contains("$_")) {
    auto It = table().find(MangledName);
    return It == table().end() ? nullptr : &It->second;
  }
  auto It = withoutLocalNumbers().find(dropLocalNumbers(MangledName));
  return It == withoutLocalNumbers().end() ? nullptr : &It->second.Facts;
}

} // namespace coroscope
