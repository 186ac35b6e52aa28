//===- ReferenceParameterCheck.h - A temporary bound to a coroutine's ref -===//
//
// A coroutine keeps references, pointers and views (std::string_view,
// std::span) as they are: the frame copies the reference, not the object.
// When a call binds such a parameter to a temporary and the coroutine reads
// the parameter after it has suspended, it reads a destroyed object.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_REFERENCEPARAMETERCHECK_H
#define COROSCOPE_PLUGIN_CHECKS_REFERENCEPARAMETERCHECK_H

#include "Check.h"

#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace coroscope {
namespace checks {

/// Flags a call that binds a temporary to a reference, pointer or view
/// parameter of a coroutine that uses that parameter after its first
/// suspension (for a lazy coroutine: anywhere), unless the call is awaited in
/// the same full-expression (the temporary then outlives the call's task).
/// A parameter only used before the first suspension is fine (an eager
/// coroutine copying what it needs). See docs/checks.md#reference-parameter.
class ReferenceParameterCheck : public Check {
public:
  void checkCoroutine(const Coroutine &C, Reporter &R) override;
  void checkFunctionBody(const clang::FunctionDecl *FD, const clang::Stmt *Body,
                         Reporter &R) override;

  struct RiskyParam {
    unsigned Index;
    const clang::Expr *Use;        // first use after a suspension
    const clang::Expr *Suspension; // the suspension before it; null: lazy start
  };
  struct CoroutineInfo {
    bool Lazy = false;
    std::vector<RiskyParam> Params;
  };

private:
  llvm::DenseMap<const clang::FunctionDecl *, CoroutineInfo> Coroutines;
};

} // namespace checks
} // namespace coroscope

#endif
