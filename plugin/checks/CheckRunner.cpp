//===- CheckRunner.cpp - The AST consumer that runs the checks ------------===//
//
// At the end of the translation unit, one RecursiveASTVisitor pass collects
// the function bodies and coroutines written outside system headers
// (template instantiations included, uninstantiated templates skipped: their
// coroutine bodies are not built yet), then every enabled check looks at
// them. Reporter, defined here too, turns findings into Clang diagnostics.
//
//===----------------------------------------------------------------------===//
#include "CheckRunner.h"

#include "CheckRegistry.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace coroscope {
namespace checks {

void ReportedWarning::note(SourceLocation Loc, const llvm::Twine &Msg, ArrayRef<FixItHint> FixIts) {
  if (D)
    D->Report(Loc, NoteID) << Msg.str() << FixIts;
}

// NOLINT(coroscope-<check>[,...]) or NOLINT(coroscope-*) on the line of the
// warning, or NOLINTNEXTLINE(...) on the line before it, as in clang-tidy.
static bool lineSuppresses(StringRef Line, StringRef Marker, StringRef Check) {
  size_t At = Line.find(Marker);
  if (At == StringRef::npos)
    return false;
  StringRef Rest = Line.substr(At + Marker.size());
  if (!Rest.consume_front("("))
    return false; // a bare NOLINT is clang-tidy's; it does not silence coroscope
  StringRef List = Rest.take_until([](char C) { return C == ')'; });
  llvm::SmallVector<StringRef, 4> Items;
  List.split(Items, ',');
  for (StringRef Item : Items) {
    Item = Item.trim();
    if (Item == "coroscope-*" || (Item.consume_front("coroscope-") && Item == Check))
      return true;
  }
  return false;
}

bool Reporter::suppressed(StringRef Check, SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(Loc);
  auto [FID, Offset] = SM.getDecomposedLoc(L);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid || Offset > Buf.size())
    return false;
  size_t Begin = Buf.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  size_t End = Buf.find('\n', Offset);
  StringRef Line = Buf.slice(Begin, End == StringRef::npos ? Buf.size() : End);
  if (lineSuppresses(Line, "NOLINT", Check) && !Line.contains("NOLINTNEXTLINE"))
    return true;
  if (Begin >= 2) {
    size_t PrevBegin = Buf.rfind('\n', Begin - 2);
    PrevBegin = PrevBegin == StringRef::npos ? 0 : PrevBegin + 1;
    if (lineSuppresses(Buf.slice(PrevBegin, Begin - 1), "NOLINTNEXTLINE", Check))
      return true;
  }
  return false;
}

ReportedWarning Reporter::warn(StringRef Check, SourceLocation Loc, const llvm::Twine &Msg,
                               ArrayRef<FixItHint> FixIts) {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  unsigned NoteID = D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, "%0");
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return ReportedWarning(nullptr, NoteID);
  if (!Seen.insert({Check.data(), SM.getExpansionLoc(Loc).getRawEncoding()}).second)
    return ReportedWarning(nullptr, NoteID);
  // Custom diagnostic IDs bypass Clang's warning mapping: -w, -Werror and
  // the -W flags do not reach them (checked with clang 19), so they are
  // applied here (CheckOptions, applyWarningFlags) and the tag is written
  // the way Clang writes its own. A global -Werror is left out on purpose
  // (CheckOptions::isError).
  bool AsError = Opts.isError(Check);
  if ((!AsError && D.getIgnoreAllWarnings()) || suppressed(Check, Loc))
    return ReportedWarning(nullptr, NoteID);
  unsigned ID = D.getDiagnosticIDs()->getCustomDiagID(
      AsError ? DiagnosticIDs::Error : DiagnosticIDs::Warning,
      ("%0 [" + Twine(AsError ? "-Werror," : "") + "-Wcoroscope-" + Check + "]").str());
  if (Opts.Observer)
    Opts.Observer(Check, Function);
  D.Report(Loc, ID) << Msg.str() << FixIts;
  return ReportedWarning(&D, NoteID);
}

namespace {

class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  // System headers hold no code of the user's to check, and most of a TU.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && inSystem(D))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() || inSystem(FD))
      return true;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda())
      return true; // reached through VisitLambdaExpr
    add(FD, nullptr);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    CXXMethodDecl *Op = L->getCallOperator();
    if (Op && Op->hasBody() && !Op->isDependentContext() && !inSystem(Op))
      add(Op, L);
    return true;
  }

  std::vector<std::pair<const FunctionDecl *, const Stmt *>> Bodies;
  std::vector<Coroutine> Coroutines;

private:
  bool inSystem(const Decl *D) const {
    return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
  }
  void add(const FunctionDecl *FD, const LambdaExpr *L) {
    if (!Done.insert(FD).second)
      return;
    const Stmt *Body = FD->getBody();
    Bodies.push_back({FD, Body});
    if (const auto *CB = dyn_cast_or_null<CoroutineBodyStmt>(Body))
      Coroutines.push_back({FD, CB, L});
  }
  const SourceManager &SM;
  llvm::DenseSet<const FunctionDecl *> Done;
};

class CheckConsumer : public ASTConsumer {
public:
  explicit CheckConsumer(const CheckOptions &Opts) : Opts(Opts) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    auto Checks = createChecks(Opts);
    if (Checks.empty() || Ctx.getDiagnostics().hasUncompilableErrorOccurred())
      return;
    Collector C(Ctx);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    Reporter R(Ctx, Opts);
    for (auto &Check : Checks) {
      for (const Coroutine &Co : C.Coroutines) {
        R.setFunction(Co.FD);
        Check->checkCoroutine(Co, R);
      }
      for (const auto &[FD, Body] : C.Bodies) {
        R.setFunction(FD);
        Check->checkFunctionBody(FD, Body, R);
      }
      R.setFunction(nullptr);
      Check->finishTranslationUnit(R);
    }
  }

private:
  CheckOptions Opts;
};

} // namespace

std::unique_ptr<ASTConsumer> createCheckConsumer(const CheckOptions &Opts) {
  return std::make_unique<CheckConsumer>(Opts);
}

} // namespace checks
} // namespace coroscope
