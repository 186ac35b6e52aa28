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
    "std::this_thread::sleep_for",
    "std::this_thread::sleep_until",
    "std::future::get",
    "std::future::wait",
    "std::future::wait_for",
    "std::future::wait_until",
    "std::shared_future::get",
    "std::shared_future::wait",
    "std::shared_future::wait_for",
    "std::shared_future::wait_until",
    "std::thread::join",
    "std::jthread::join",
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

// A duration written as zero (`std::chrono::seconds(0)`, `0ms`,
// `duration::zero()`): a wait_for with it polls and returns at once.
// A constant whose every scalar is zero: `duration{0}`, `time_point{}`.
bool isZeroValue(const APValue &V) {
  if (V.isInt())
    return V.getInt().isZero();
  if (V.isFloat())
    return V.getFloat().isZero();
  if (!V.isStruct())
    return false;
  for (unsigned I = 0; I < V.getStructNumBases(); ++I)
    if (!isZeroValue(V.getStructBase(I)))
      return false;
  for (unsigned I = 0; I < V.getStructNumFields(); ++I)
    if (!isZeroValue(V.getStructField(I)))
      return false;
  return V.getStructNumFields() + V.getStructNumBases() > 0;
}

bool isZeroDuration(const ASTContext &Ctx, const Expr *E) {
  // A constant the compiler can fold (`constexpr auto kPoll = 0ms;`).
  Expr::EvalResult Folded;
  if (E && !E->isValueDependent() && E->EvaluateAsRValue(Folded, Ctx) && isZeroValue(Folded.Val))
    return true;
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      E = C->getSubExpr();
    else if (const auto *U = dyn_cast<UserDefinedLiteral>(E)) {
      if (U->getLiteralOperatorKind() != UserDefinedLiteral::LOK_Template) {
        E = U->getLiteralOperatorKind() == UserDefinedLiteral::LOK_Raw ? nullptr
                                                                       : U->getCookedLiteral();
        continue;
      }
      // `0ms`: std::chrono's literal operators take their digits as a pack.
      const FunctionDecl *Op = U->getDirectCallee();
      const TemplateArgumentList *Args = Op ? Op->getTemplateSpecializationArgs() : nullptr;
      if (!Args || Args->size() != 1 || Args->get(0).getKind() != TemplateArgument::Pack)
        return false;
      return llvm::all_of(Args->get(0).pack_elements(), [](const TemplateArgument &A) {
        return A.getKind() == TemplateArgument::Integral &&
               (A.getAsIntegral() == '0' || A.getAsIntegral() == '.' || A.getAsIntegral() == '\'');
      });
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      E = CE->getNumArgs() == 1 ? CE->getArg(0) : nullptr;
    else if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      return FD && FD->getIdentifier() && FD->getName() == "zero" && Call->getNumArgs() == 0;
    } else {
      Expr::EvalResult R;
      if (!E->getType()->isArithmeticType() || !E->EvaluateAsRValue(R, Ctx))
        return false;
      return (R.Val.isInt() && R.Val.getInt().isZero()) ||
             (R.Val.isFloat() && R.Val.getFloat().isZero());
    }
  }
  return false;
}

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
    if ((StringRef(Match).ends_with("_for") || StringRef(Match).ends_with("_until")) &&
        Call->getNumArgs() >= 1 &&
        isZeroDuration(R.context(), Call->getArg(Call->getNumArgs() - 1)))
      continue; // a poll: returns at once
    R.warn(name(), Call->getExprLoc(),
           "'" + Match + "' blocks the thread inside " + coroutineName(C.FD) +
               "; every coroutine scheduled on this thread stalls with it (co_await an "
               "asynchronous equivalent, or move the call off the coroutine's thread)");
  }
}

} // namespace checks
} // namespace coroscope
