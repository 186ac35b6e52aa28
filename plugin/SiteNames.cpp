//===- SiteNames.cpp - Human-readable names for coroutine sites ------------===//
//
// See SiteNames.h. Everything here is best effort: a name that cannot be
// recovered becomes "" (awaiter) or the raw symbol (function), never an error.
//
//===----------------------------------------------------------------------===//
#include "SiteNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <cstdlib>

// Declared here rather than through <cxxabi.h>: with libc++abi-19-dev
// installed (clang-tidy-19 pulls it in), /usr/lib/llvm-19/include, which is
// on the include path for LLVM's headers, has libc++abi's cxxabi.h, and that
// one conflicts with libstdc++'s <exception> under g++.
extern "C" char *__cxa_demangle(const char *Mangled, char *Buf, size_t *Len, int *Status);

using namespace llvm;

namespace coroscope {

std::string tidyStdNamespaces(std::string Name) {
  for (StringRef Inline : {"std::__n4861::", "std::__1::"}) {
    size_t Pos;
    while ((Pos = Name.find(Inline.str())) != std::string::npos)
      Name.replace(Pos, Inline.size(), "std::");
  }
  return Name;
}

std::string demangledName(StringRef Mangled) {
  std::string Result = llvm::demangle(Mangled);
  if (Result == Mangled && Mangled.starts_with("_Z")) {
    // LLVM's demangler gives up on some names that libstdc++'s takes, such
    // as generic lambdas numbered with '$' by clang.
    int Status = 0;
    char *Buf = __cxa_demangle(Mangled.str().c_str(), nullptr, nullptr, &Status);
    if (Status == 0 && Buf)
      Result = Buf;
    std::free(Buf);
  }
  return tidyStdNamespaces(Result);
}

log::SiteKind suspendKind(const Function *Wrapper, bool IsFinal) {
  if (IsFinal)
    return log::kSiteFinal;
  if (Wrapper) {
    StringRef Name = Wrapper->getName();
    size_t Pos = Name.rfind("__await_suspend_wrapper__");
    if (Pos != StringRef::npos) {
      StringRef Kind = Name.drop_front(Pos + strlen("__await_suspend_wrapper__"));
      if (Kind.starts_with("init"))
        return log::kSiteInitial;
      if (Kind.starts_with("yield"))
        return log::kSiteYield;
      if (Kind.starts_with("final"))
        return log::kSiteFinal;
    }
  }
  return log::kSiteAwait;
}

// The wrapper's body is `awaiter.await_suspend(handle)` plus handle
// conversions; the callee named await_suspend names the awaiter class.
static std::string awaiterFromWrapper(const Function *Wrapper) {
  if (!Wrapper || Wrapper->isDeclaration())
    return "";
  for (const Instruction &I : instructions(*Wrapper)) {
    const auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee)
      continue;
    // The demangler keeps pointers into the mangled string: keep it alive.
    std::string Mangled = Callee->getName().str();
    ItaniumPartialDemangler D;
    if (D.partialDemangle(Mangled.c_str()))
      continue;
    char *Base = D.getFunctionBaseName(nullptr, nullptr);
    bool IsAwaitSuspend = Base && StringRef(Base) == "await_suspend";
    std::free(Base);
    if (!IsAwaitSuspend)
      continue;
    char *Ctx = D.getFunctionDeclContextName(nullptr, nullptr);
    std::string Result = Ctx ? Ctx : "";
    std::free(Ctx);
    return tidyStdNamespaces(Result);
  }
  return "";
}

bool stdHandleMember(const Function &F) {
  StringRef Name = F.getName();
  if (!Name.contains("16coroutine_handle"))
    return false;
  std::string Mangled = Name.str();
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()) || !D.isFunction())
    return false;
  char *Ctx = D.getFunctionDeclContextName(nullptr, nullptr);
  std::string Context = tidyStdNamespaces(Ctx ? Ctx : "");
  std::free(Ctx);
  return StringRef(Context).starts_with("std::coroutine_handle");
}

std::optional<log::SiteKind> stdHandleOp(const Function &F) {
  StringRef Name = F.getName();
  // Cheap filter before demangling: every coroutine_handle member mangles
  // with this source name.
  if (!Name.contains("16coroutine_handle"))
    return std::nullopt;
  std::string Mangled = Name.str();
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()) || !D.isFunction())
    return std::nullopt;
  char *Ctx = D.getFunctionDeclContextName(nullptr, nullptr);
  std::string Context = tidyStdNamespaces(Ctx ? Ctx : "");
  std::free(Ctx);
  if (!StringRef(Context).starts_with("std::coroutine_handle"))
    return std::nullopt;
  char *Base = D.getFunctionBaseName(nullptr, nullptr);
  std::string BaseName = Base ? Base : "";
  std::free(Base);
  if (BaseName == "resume" || BaseName == "operator()")
    return log::kSiteResumeCall;
  if (BaseName == "destroy")
    return log::kSiteDestroyCall;
  if (BaseName == "done")
    return log::kSiteDoneCall;
  return std::nullopt;
}

static std::string structTypeName(const Value *V) {
  if (const auto *AI = dyn_cast_or_null<AllocaInst>(V)) {
    if (auto *ST = dyn_cast<StructType>(AI->getAllocatedType()); ST && ST->hasName()) {
      StringRef N = ST->getName();
      for (StringRef Prefix : {"struct.", "class.", "union."})
        if (N.consume_front(Prefix))
          break;
      // Clang suffixes ".0", ".1" to distinguish same-named IR types.
      while (!N.empty() && (isDigit(N.back()) || N.back() == '.') && N.contains('.') &&
             N.rfind('.') > N.rfind(':'))
        N = N.drop_back();
      return tidyStdNamespaces(N.str());
    }
  }
  return "";
}

std::string promiseTypeName(const Value *Promise) { return structTypeName(Promise); }

std::string handlePromiseType(const Function &Member) {
  std::string Mangled = Member.getName().str();
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()))
    return "";
  char *Ctx = D.getFunctionDeclContextName(nullptr, nullptr);
  std::string Context = tidyStdNamespaces(Ctx ? Ctx : "");
  std::free(Ctx);
  StringRef C(Context);
  if (!C.consume_front("std::coroutine_handle<") || !C.consume_back(">"))
    return "";
  return C == "void" ? "" : C.str();
}

std::string awaiterType(const Function *Wrapper, const Value *Awaiter) {
  std::string Name = awaiterFromWrapper(Wrapper);
  return Name.empty() ? structTypeName(Awaiter) : Name;
}

} // namespace coroscope
