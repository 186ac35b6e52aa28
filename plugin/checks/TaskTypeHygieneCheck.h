//===- TaskTypeHygieneCheck.h - A lazy task type without [[nodiscard]] ----===//
//
// A class that coroutines return as a lazy task, not marked [[nodiscard]]:
// the compiler cannot warn when a call's task is dropped unstarted. Opt-in
// (-fplugin-arg-coroscope-enable=task-type-hygiene): it reports a type, not
// a fault in the code that uses it.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_TASKTYPEHYGIENECHECK_H
#define COROSCOPE_PLUGIN_CHECKS_TASKTYPEHYGIENECHECK_H

#include "Check.h"

#include "llvm/ADT/MapVector.h"

namespace coroscope {
namespace checks {

/// Reported once per class (per class template) and translation unit, at the
/// class, with a note at the first coroutine in source order that returns
/// it. Generators (a promise with yield_value) are exempt.
/// See docs/checks.md#task-type-hygiene.
class TaskTypeHygieneCheck : public Check {
public:
  void checkCoroutine(const Coroutine &C, Reporter &R) override;
  void finishTranslationUnit(Reporter &R) override;

private:
  struct Use {
    const clang::CXXRecordDecl *Type; // as returned (a specialization, maybe)
    const clang::FunctionDecl *First; // the first coroutine returning it
  };
  llvm::MapVector<const clang::CXXRecordDecl *, Use> Types; // key: the pattern
  llvm::DenseSet<const clang::CXXRecordDecl *> Exempt;
};

} // namespace checks
} // namespace coroscope

#endif
