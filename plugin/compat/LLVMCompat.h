//===- LLVMCompat.h - LLVM API differences between majors ----*- C++ -*-===//
//
// The one place where the IR side of the plugin (pass, markers, pass plugin
// entry) spells something differently per LLVM major. Supported majors:
// cmake/CoroscopeLLVM.cmake. Each function names the major that changed it (from the release
// notes); only 19 and 22 are built and tested.
// The coroutine intrinsics' shape changes live in CoroIntrinsics.h.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_COMPAT_LLVMCOMPAT_H
#define COROSCOPE_PLUGIN_COMPAT_LLVMCOMPAT_H

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h" // moved from llvm/Passes/ in 22
#else
#include "llvm/Passes/PassPlugin.h"
#endif

#include <utility>

namespace coroscope::compat {

/// The declaration of an overloaded intrinsic, inserted if missing.
/// LLVM 20 renamed Intrinsic::getDeclaration to getOrInsertDeclaration.
inline llvm::Function *intrinsicDeclaration(llvm::Module &M, llvm::Intrinsic::ID ID,
                                            llvm::ArrayRef<llvm::Type *> Types) {
#if LLVM_VERSION_MAJOR >= 20
  return llvm::Intrinsic::getOrInsertDeclaration(&M, ID, Types);
#else
  return llvm::Intrinsic::getDeclaration(&M, ID, Types);
#endif
}

/// Marks pointer parameter ArgNo of a function or call as not captured.
/// LLVM 21 replaced the nocapture attribute by captures(none).
template <typename FunctionOrCall> void addNoCaptureParam(FunctionOrCall &F, unsigned ArgNo) {
#if LLVM_VERSION_MAJOR >= 21
  F.addParamAttr(ArgNo,
                 llvm::Attribute::getWithCaptureInfo(F.getContext(), llvm::CaptureInfo::none()));
#else
  F.addParamAttr(ArgNo, llvm::Attribute::NoCapture);
#endif
}

/// PassBuilder::registerOptimizerLastEPCallback with a callback taking
/// (ModulePassManager &, OptimizationLevel). LLVM 20 added the LTO phase
/// argument; the plugin's passes run in every phase alike.
template <typename Callback> void registerOptimizerLast(llvm::PassBuilder &PB, Callback C) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [C = std::move(C)](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level,
                         llvm::ThinOrFullLTOPhase) { C(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(std::move(C));
#endif
}

} // namespace coroscope::compat

#endif // COROSCOPE_PLUGIN_COMPAT_LLVMCOMPAT_H
