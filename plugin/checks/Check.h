//===- Check.h - Interface of the compile-time coroutine checks -----------===//
//
// Every AST check implements Check and is listed in Checks.def. The
// runner (CheckRunner.cpp) collects, once per translation unit, every
// function definition and every coroutine (lambdas included) and hands them
// to each enabled check, so that no check walks the whole TU on its own.
// Findings go through Reporter, which owns the per-check diagnostic IDs, the
// NOLINT suppressions and the -fplugin-arg-coroscope-werror mapping.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_CHECK_H
#define COROSCOPE_PLUGIN_CHECKS_CHECK_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace coroscope {
namespace checks {

/// A coroutine definition: a function, or a lambda's call operator.
struct Coroutine {
  const clang::FunctionDecl *FD = nullptr;
  const clang::CoroutineBodyStmt *Body = nullptr;
  /// Set when FD is the call operator of this lambda.
  const clang::LambdaExpr *Lambda = nullptr;
};

/// A warning of a check, as Reporter::warn reported it, and then its notes
/// (the finding, in the words of docs/checks.md). When the
/// warning is suppressed (NOLINT, duplicate), its notes are dropped too.
class ReportedWarning {
public:
  ReportedWarning(clang::DiagnosticsEngine *D, unsigned NoteID) : D(D), NoteID(NoteID) {}
  explicit operator bool() const { return D != nullptr; }
  /// FixIts: a suggested edit whose result is likely but not certain to be
  /// what the author wants goes on a note, as Clang does.
  void note(clang::SourceLocation Loc, const llvm::Twine &Msg,
            llvm::ArrayRef<clang::FixItHint> FixIts = {});

private:
  clang::DiagnosticsEngine *D; // null: suppressed
  unsigned NoteID;
};

/// Called just before a finding's warning is handed to the DiagnosticsEngine,
/// with the check and the function being checked. The plugin needs none;
/// `coroscope lint` uses it to name the function in JSON and SARIF, which a
/// DiagnosticConsumer alone cannot tell.
using WarningObserver = std::function<void(llvm::StringRef Check, const clang::FunctionDecl *FD)>;

struct CheckOptions;

class Reporter {
public:
  /// Opts must outlive the Reporter.
  Reporter(clang::ASTContext &Ctx, const CheckOptions &Opts) : Ctx(Ctx), Opts(Opts) {}
  /// Emits "warning: <Msg> [-Wcoroscope-<Check>]" at Loc, with FixIts (edits
  /// that are certainly right), unless the line says NOLINT(coroscope-<Check>)
  /// or the same finding was already reported (a template instantiated twice).
  ReportedWarning warn(llvm::StringRef Check, clang::SourceLocation Loc, const llvm::Twine &Msg,
                       llvm::ArrayRef<clang::FixItHint> FixIts = {});
  clang::ASTContext &context() const { return Ctx; }
  /// The function whose body the runner is handing to the checks now.
  void setFunction(const clang::FunctionDecl *FD) { Function = FD; }

private:
  bool suppressed(llvm::StringRef Check, clang::SourceLocation Loc) const;

  clang::ASTContext &Ctx;
  const CheckOptions &Opts;
  const clang::FunctionDecl *Function = nullptr;
  llvm::DenseSet<std::pair<const void *, unsigned>> Seen; // (check name data, raw loc)
};

class Check {
public:
  virtual ~Check() = default;
  /// The kebab-case name: diagnostics end in [coroscope-<name>]. Given by
  /// createChecks from the check's line of Checks.def, as clang-tidy's
  /// factories name their checks.
  llvm::StringRef name() const { return CheckName; }
  /// Called once per coroutine definition that is not in a system header.
  virtual void checkCoroutine(const Coroutine &C, Reporter &R) {}
  /// Called once per function body (coroutine or not, lambdas included).
  virtual void checkFunctionBody(const clang::FunctionDecl *FD, const clang::Stmt *Body,
                                 Reporter &R) {}
  /// Called once after every coroutine and body of the translation unit has
  /// been handed over, for checks that report per type rather than per body.
  virtual void finishTranslationUnit(Reporter &R) {}

private:
  friend std::vector<std::unique_ptr<Check>> createChecks(const CheckOptions &Opts);
  llvm::StringRef CheckName; // a string literal of Checks.def
};

} // namespace checks
} // namespace coroscope

#endif
