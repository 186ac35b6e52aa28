//===- TaskTypeHygieneCheck.cpp - A lazy task type without [[nodiscard]] --===//
//
// "Lazy" is lazyInitialSuspend() (CoroAst.h), the test discarded-task uses.
// A class template is one class: Task<int> and Task<void> give one finding,
// at the template, and [[nodiscard]] on the template (or on the
// specialization) counts.
//
//===----------------------------------------------------------------------===//
#include "TaskTypeHygieneCheck.h"

#include "CoroAst.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace coroscope {
namespace checks {

// The class as written: the primary template's pattern for a specialization
// that was instantiated from it, else the class itself.
static const CXXRecordDecl *pattern(const CXXRecordDecl *RD) {
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (Spec->getSpecializationKind() != TSK_ExplicitSpecialization) {
      auto From = Spec->getSpecializedTemplateOrPartial();
      if (const auto *TD = From.dyn_cast<ClassTemplateDecl *>())
        RD = TD->getTemplatedDecl();
      else if (const auto *PD = From.dyn_cast<ClassTemplatePartialSpecializationDecl *>())
        RD = PD;
    }
  if (const CXXRecordDecl *Def = RD->getDefinition())
    RD = Def;
  return RD;
}

static bool isNodiscard(const CXXRecordDecl *RD) {
  for (const CXXRecordDecl *D : {RD, pattern(RD)})
    for (const Decl *Redecl : D->redecls())
      if (Redecl->hasAttr<WarnUnusedResultAttr>())
        return true;
  return false;
}

static bool promiseYields(const CoroutineBodyStmt *Body) {
  const VarDecl *P = Body->getPromiseDecl();
  const CXXRecordDecl *Promise = P ? classOf(P->getType()) : nullptr;
  if (!Promise)
    return false;
  ASTContext &Ctx = Promise->getASTContext();
  return !Promise->lookup(DeclarationName(&Ctx.Idents.get("yield_value"))).empty();
}

void TaskTypeHygieneCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  QualType T = C.FD->getReturnType();
  if (T->isReferenceType() || T->isPointerType())
    return;
  const CXXRecordDecl *RD = classOf(T);
  if (!RD)
    return;
  const CXXRecordDecl *Key = pattern(RD);
  if (Exempt.contains(Key))
    return;
  if (promiseYields(C.Body) || isNodiscard(RD) || !lazyInitialSuspend(RD)) {
    Exempt.insert(Key);
    Types.erase(Key);
    return;
  }
  auto [It, New] = Types.insert({Key, Use{RD, C.FD}});
  if (!New && isBefore(R.context().getSourceManager(), C.FD->getLocation(),
                       It->second.First->getLocation()))
    It->second.First = C.FD;
}

// `struct [[nodiscard]] Task`: the attribute goes right after the class key.
static std::optional<FixItHint> addNodiscard(const CXXRecordDecl *Key, const ASTContext &Ctx) {
  SourceLocation ClassKey = Key->getInnerLocStart();
  if (!ClassKey.isFileID())
    return std::nullopt; // declared by a macro: no place to write it
  SourceLocation After =
      Lexer::getLocForEndOfToken(ClassKey, 0, Ctx.getSourceManager(), Ctx.getLangOpts());
  if (After.isInvalid())
    return std::nullopt;
  return FixItHint::CreateInsertion(After, " [[nodiscard]]");
}

void TaskTypeHygieneCheck::finishTranslationUnit(Reporter &R) {
  for (const auto &[Key, U] : Types) {
    R.setFunction(U.First);
    const PrintingPolicy &PP = R.context().getPrintingPolicy();
    std::string Name = Key->getNameAsString();
    std::optional<FixItHint> Fix = addNodiscard(Key, R.context());
    ReportedWarning W = R.warn(
        name(), Key->getLocation(),
        "coroutines return '" + Name + "' as a lazy task, but it is not [[nodiscard]]: " +
            "the compiler cannot warn when a call's task is discarded and never runs (mark it "
            "[[nodiscard]]; [[clang::coro_return_type]] and [[clang::coro_lifetimebound]] "
            "also let Clang catch dangling arguments)",
        Fix ? llvm::ArrayRef(*Fix) : llvm::ArrayRef<FixItHint>());
    if (W)
      W.note(U.First->getLocation(), "'" + functionName(U.First) + "' returns '" +
                                         U.First->getReturnType().getAsString(PP) +
                                         "', a lazy task, here");
  }
  R.setFunction(nullptr);
}

} // namespace checks
} // namespace coroscope
