//===- ForwardingBody.h - A coroutine body that only forwards a task -------===//
//
// The shape that makes a coroutine replaceable by a plain function returning
// its inner task: the body awaits one task-returning call and does nothing
// else, and returning that call's task directly could leave nothing dangling.
// The static pass-through check reports it; the instrumenting AST action
// records it so that the run-time pass-through advice needs it too (the run
// cannot see work done after an await, nor what an argument refers to).
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_FORWARDINGBODY_H
#define COROSCOPE_PLUGIN_CHECKS_FORWARDINGBODY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"

namespace coroscope {
namespace checks {

/// The awaited call `g(args)` when FD's body (Body) is exactly
/// `co_return co_await g(args);`, `co_await g(args); co_return;` or
/// `co_await g(args);`, g returns FD's own return type (a task, not a
/// hand-written awaiter), no by-value parameter of FD has a destructor to
/// run after the await, and no argument hands g a reference, pointer or view
/// into FD's frame or into a temporary. Null otherwise. The co_await is
/// stored in *Await when Await is not null.
const clang::CallExpr *forwardedCall(const clang::FunctionDecl *FD,
                                     const clang::CoroutineBodyStmt *Body, clang::ASTContext &Ctx,
                                     const clang::CoawaitExpr **Await = nullptr);

} // namespace checks
} // namespace coroscope

#endif
