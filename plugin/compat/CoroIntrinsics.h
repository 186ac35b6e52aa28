//===- CoroIntrinsics.h - Coroutine IR shapes that differ by major -*- C++ -*-===//
//
// Where the switch-lowered coroutine IR that Clang emits, and the pass reads
// before CoroSplit, differs between LLVM majors. Supported majors:
// cmake/CoroscopeLLVM.cmake.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_COMPAT_COROINTRINSICS_H
#define COROSCOPE_PLUGIN_COMPAT_COROINTRINSICS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"

namespace coroscope::compat {

/// The branch after an unwinding llvm.coro.end that tells the ramp (the
/// exception leaves the coroutine's call) from the resume/destroy clones (it
/// leaves a resume()).
struct UnwindBranch {
  llvm::BasicBlock *From = nullptr;
  llvm::BasicBlock *InRamp = nullptr;
  llvm::BasicBlock *InClones = nullptr;
};

/// The branches after unwinding coro.end End; empty when the IR has none
/// (then the caller must not instrument the coroutine by halves).
///   LLVM 19:  %r = call i1 @llvm.coro.end(ptr, i1 true, token)
///             br i1 %r, label %in_clones, label %in_ramp
///   LLVM 22:  call void @llvm.coro.end(ptr, i1 true, token)
///             %r = call i1 @llvm.coro.is_in_ramp()
///             br i1 %r, label %in_ramp, label %in_clones
/// (llvm.coro.end returns void and llvm.coro.is_in_ramp exists since 21.)
inline llvm::SmallVector<UnwindBranch, 1> unwindBranches(llvm::CallInst &End) {
  llvm::SmallVector<UnwindBranch, 1> Out;
  auto Add = [&](llvm::Value &Cond, bool TrueInRamp) {
    for (llvm::User *U : Cond.users())
      if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(U);
          Br && Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1))
        Out.push_back({Br->getParent(), Br->getSuccessor(TrueInRamp ? 0 : 1),
                       Br->getSuccessor(TrueInRamp ? 1 : 0)});
  };
#if LLVM_VERSION_MAJOR >= 21
  for (llvm::Instruction *I = End.getNextNode(); I; I = I->getNextNode())
    if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(I);
        II && II->getIntrinsicID() == llvm::Intrinsic::coro_is_in_ramp) {
      Add(*II, /*TrueInRamp=*/true);
      break;
    }
#else
  Add(End, /*TrueInRamp=*/false);
#endif
  return Out;
}

} // namespace coroscope::compat

#endif // COROSCOPE_PLUGIN_COMPAT_COROINTRINSICS_H
