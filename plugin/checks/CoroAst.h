//===- CoroAst.h - AST helpers shared by the coroutine checks -------------===//
//
// What several checks need to know about coroutine code: whether a task type
// starts suspended (lazy), where a coroutine body suspends, whether a source
// location comes after a suspension, and the name of the function a
// diagnostic is about. Everything here is syntactic and cheap: the checks
// run on every compile that loads the plugin.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_COROAST_H
#define COROSCOPE_PLUGIN_CHECKS_COROAST_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <string>
#include <vector>

namespace coroscope {
namespace checks {

/// A RecursiveASTVisitor over one function body that does not enter nested
/// functions: lambda bodies, local classes and blocks are other functions
/// (the runner hands them over separately). A lambda's capture
/// initializers are evaluated by the enclosing function, so they are kept.
template <typename Derived> class BodyVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool TraverseDecl(clang::Decl *D) {
    if (D && (llvm::isa<clang::FunctionDecl>(D) || llvm::isa<clang::TagDecl>(D) ||
              llvm::isa<clang::BlockDecl>(D)))
      return true;
    return Base::TraverseDecl(D);
  }
  bool TraverseLambdaExpr(clang::LambdaExpr *L) {
    if (!static_cast<Derived *>(this)->WalkUpFromLambdaExpr(L))
      return false;
    for (clang::Expr *Init : L->capture_inits())
      if (Init && !this->TraverseStmt(Init))
        return false;
    return true;
  }
};

/// Every call expression of one body (BodyVisitor's scope), in traversal order.
class CallFinder : public BodyVisitor<CallFinder> {
public:
  std::vector<const clang::CallExpr *> Calls;
  bool VisitCallExpr(clang::CallExpr *E) {
    Calls.push_back(E);
    return true;
  }
};

/// Whether Pred holds for S or a statement under it (every child, nested
/// functions included; stops at the first that holds).
bool anyStmt(const clang::Stmt *S, llvm::function_ref<bool(const clang::Stmt *)> Pred);

/// Strips parentheses and the implicit nodes Sema wraps around operands
/// (casts, temporaries, cleanups, opaque values).
const clang::Expr *stripImplicit(const clang::Expr *E);

/// If E is std::move(X) or std::forward<T>(X), returns X; else null.
const clang::Expr *movedOperand(const clang::Expr *E);

/// The class behind T, looking through references and typedefs; null when T
/// is not a class.
const clang::CXXRecordDecl *classOf(clang::QualType T);

/// T is std::coroutine_handle<P> (any P, dependent included), or a reference
/// to one.
bool isCoroutineHandleType(clang::QualType T);

/// E names std::ignore: assigning to it drops a value on purpose.
bool isStdIgnore(const clang::Expr *E);

/// The body of Method (or of its template pattern) is `{ return false; }`.
bool returnsLiteralFalse(const clang::FunctionDecl *Method);

/// An awaiter that never completes synchronously: std::suspend_always, or a
/// class whose await_ready() body is `return false;`.
bool isNeverReadyAwaiter(clang::QualType T);

/// The body of FD as written: a template member's pattern (the same in
/// every translation unit, instantiated or not), else FD's own definition.
/// Null when no body is seen.
const clang::FunctionDecl *writtenDefinition(const clang::FunctionDecl *FD);

/// Whether RD's method Method (own or inherited, its body as written)
/// names a member Name: `h.done()` in an await_suspend.
bool bodyCalls(const clang::CXXRecordDecl *RD, llvm::StringRef Method, llvm::StringRef Name);

/// For a coroutine return type Task (its nested promise_type), the
/// promise's initial_suspend() when it returns a never-ready awaiter that
/// parks the handle and the promise hands the handle to no one but the task
/// (HandleEscape.h), i.e. Task is lazy: the body runs only when the task's
/// holder resumes or awaits it. A start scheduled from the promise or the
/// initial awaiter is not lazy here. Null when Task is not a lazy task type
/// or cannot be told.
const clang::FunctionDecl *lazyInitialSuspend(const clang::CXXRecordDecl *Task);

/// Whether Task's promise has yield_value(): a generator, iterated, not
/// awaited.
bool yieldsValues(const clang::CXXRecordDecl *Task);

/// Whether one coroutine definition starts suspended (its initial awaiter is
/// never ready), whoever resumes it: its body runs after the call returns,
/// which is what matters for the lifetime of what it refers to.
bool isLazyCoroutine(const clang::CoroutineBodyStmt *Body);

/// Whether `co_await` on a value of class RD is spelled in the class or
/// next to it: a member await_ready() or operator co_await (bases count), a
/// hidden friend operator co_await, or one in RD's namespace or the global
/// one whose first parameter is RD, a specialization of RD's template, or a
/// bare template parameter. Awaiting through a promise's await_transform is
/// not seen here (the caller looks at the co_await expressions instead).
bool declaresAwaitInterface(const clang::CXXRecordDecl *RD);

/// Whether a value of type T can carry a task of class Task on: T is Task
/// or another specialization of its template, a task or awaitable type
/// itself (a promise_type, an await interface), or keeps one of these or a
/// std::coroutine_handle in a field, a base or a template argument (a
/// when_all result, a vector of tasks, an iterator into one). A plain result
/// (`Result<int>` from a blocking `Get()`, an int) cannot.
bool mayHoldTask(clang::QualType T, const clang::CXXRecordDecl *Task);

/// Where a coroutine body can suspend: its explicit co_await/co_yield
/// expressions and the loops that contain one (anything in such a loop may
/// run again after the suspension).
class Suspensions {
public:
  Suspensions(const clang::ASTContext &Ctx, const clang::Stmt *Body);
  bool empty() const { return Points.empty(); }
  /// The first suspension in source order, or null.
  const clang::Expr *first() const { return Points.empty() ? nullptr : Points.front(); }
  /// Code at Loc can run after the body has suspended at least once: it comes
  /// after a suspension point in source order, or sits in a loop that
  /// contains one. Returns that suspension point, or null.
  const clang::Expr *suspendedBefore(clang::SourceLocation Loc) const;
  const std::vector<const clang::Expr *> &points() const { return Points; }

private:
  const clang::SourceManager &SM;
  std::vector<const clang::Expr *> Points; // source order
  std::vector<std::pair<const clang::Stmt *, const clang::Expr *>> Loops;
};

/// Source order of two locations, by where they are written (macro
/// arguments count where they are expanded).
bool isBefore(const clang::SourceManager &SM, clang::SourceLocation A, clang::SourceLocation B);
bool contains(const clang::SourceManager &SM, clang::SourceRange R, clang::SourceLocation L);

/// The name a finding uses for the function around D: the function itself,
/// or for a lambda the named function it is written in ("main").
std::string functionName(const clang::DeclContext *DC);

/// How a finding names the coroutine FD: "the coroutine 'load'", or for a
/// lambda, whose name would be the function it is written in, "the lambda
/// coroutine in 'main'" (as capturing-lambda words it).
std::string coroutineName(const clang::FunctionDecl *FD);

/// The expressions around E in its full-expression, innermost first: each
/// the first parent of the one before, up to a statement or declaration, at
/// most MaxDepth of them.
std::vector<const clang::Expr *> enclosingExprs(clang::ASTContext &Ctx, const clang::Expr *E,
                                                unsigned MaxDepth);

/// Whether E (a call, a lambda) sits inside the operand of a co_await or
/// co_yield of the same full-expression: its temporaries then live until that
/// co_await has resumed.
bool isUnderCoAwait(clang::ASTContext &Ctx, const clang::Expr *E);

} // namespace checks
} // namespace coroscope

#endif
