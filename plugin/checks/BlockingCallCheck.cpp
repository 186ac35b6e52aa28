//===- BlockingCallCheck.cpp - A blocking call inside a coroutine ---------===//
//
// Names are compared without template arguments and without inline
// namespaces (libc++'s std::__1), so "std::future::get" matches every
// std::future<T>. A member call matches through the class that declares the
// method and through the class of the object it is called on: libstdc++
// declares std::future<T>::wait in a base class, std::__basic_future.
//
//===----------------------------------------------------------------------===//
#include "BlockingCallCheck.h"

#include "CoroAst.h"

using namespace clang;

namespace coroscope {
namespace checks {
namespace {

const char *const BuiltIn[] = {
    "std::this_thread::sleep_for",  "std::this_thread::sleep_until",
    "std::future::get",             "std::future::wait",
    "std::future::wait_for",        "std::future::wait_until",
    "std::shared_future::get",      "std::shared_future::wait",
    "std::shared_future::wait_for", "std::shared_future::wait_until",
    "std::thread::join",            "std::jthread::join",
    "std::mutex::lock",
};

// "ns::Class" for a declaration context, skipping inline and anonymous
// namespaces; empty for the global scope.
std::string scopeName(const DeclContext *DC) {
  std::vector<std::string> Parts;
  for (; DC && !isa<TranslationUnitDecl>(DC); DC = DC->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (NS->isInline() || NS->isAnonymousNamespace())
        continue;
      Parts.push_back(NS->getNameAsString());
    } else if (const auto *RD = dyn_cast<RecordDecl>(DC)) {
      if (!RD->getIdentifier())
        return "";
      Parts.push_back(RD->getNameAsString());
    } else if (isa<LinkageSpecDecl>(DC)) {
      continue;
    } else {
      return ""; // a function-local entity
    }
  }
  std::string S;
  for (auto It = Parts.rbegin(); It != Parts.rend(); ++It)
    S += (S.empty() ? "" : "::") + *It;
  return S;
}

std::string qualified(const DeclContext *Scope, StringRef Name) {
  std::string S = scopeName(Scope);
  return S.empty() ? Name.str() : S + "::" + Name.str();
}

// The class of the object as written: getRecordDecl() would see through the
// derived-to-base cast to the class that declares the method.
const CXXRecordDecl *objectClass(const CXXMemberCallExpr *MC) {
  const Expr *Obj = MC->getImplicitObjectArgument();
  if (!Obj)
    return nullptr;
  QualType T = Obj->IgnoreParenImpCasts()->getType();
  if (T->isAnyPointerType())
    T = T->getPointeeType();
  return T->getAsCXXRecordDecl();
}

class CallFinder : public BodyVisitor<CallFinder> {
public:
  std::vector<const CallExpr *> Calls;
  bool VisitCallExpr(CallExpr *E) {
    Calls.push_back(E);
    return true;
  }
};

} // namespace

BlockingCallCheck::BlockingCallCheck(llvm::ArrayRef<std::string> Extra) {
  for (const char *N : BuiltIn)
    Blocking.insert(N);
  for (const std::string &N : Extra)
    Blocking.insert(StringRef(N).ltrim(':'));
}

void BlockingCallCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  CallFinder F;
  F.TraverseStmt(const_cast<Stmt *>(static_cast<const Stmt *>(C.Body->getBody())));
  for (const CallExpr *Call : F.Calls) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      continue;
    StringRef Name = Callee->getName();
    std::string Match;
    std::string Declared = qualified(Callee->getDeclContext(), Name);
    if (Blocking.contains(Declared))
      Match = Declared;
    if (Match.empty())
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
        if (const CXXRecordDecl *Obj = objectClass(MC)) {
          std::string Through = qualified(Obj, Name);
          if (Blocking.contains(Through))
            Match = Through;
        }
    if (Match.empty())
      continue;
    R.warn(name(), Call->getExprLoc(),
           "'" + Match + "' blocks the thread inside " + coroutineName(C.FD) +
               "; every coroutine scheduled on this thread stalls with it (co_await an "
               "asynchronous equivalent, or move the call off the coroutine's thread)");
  }
}

} // namespace checks
} // namespace coroscope
