//===- HookFastPath.cpp - Hook calls that cost no call when they need none -===//
//
// See HookFastPath.h. Each call the pass handles becomes
//
//   %s = load i8 @coroscope.state              ; the module's (ModuleState.h)
//   br (%s has the flags it needs), fast, slow  ; 0: the module's registration first
//   fast: [await_ready: atomic monotonic ++ of the site's ready count in the
//          module's thread-local counters (ProfileInline.cpp)]
//         [frame_alloc: store mem, bytes to the thread's pending_alloc_mem,
//          pending_alloc_bytes, through the module's thread pointer]
//         br %cont
//   slow: the original call; br %cont
//
// The offsets are coroscope/hooks.h's, the layout of an LP64 target; on any
// other and with emulated TLS the calls are left as they are.
//
//===----------------------------------------------------------------------===//
#include "HookFastPath.h"
#include "HookNames.h"
#include "ModuleState.h"
#include "ProfileInline.h"

#include "coroscope/hooks.h"
#include "coroscope/log_format.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <cstddef>
#include <optional>

using namespace llvm;

namespace coroscope {
namespace {

using namespace hook_names;

/// On a hook call that already has its fast path (the pass may run twice).
constexpr const char *kSlowMD = kSlowPathMD;

enum class Action { Nothing, CountReady, KeepAlloc };

struct FastHook {
  const char *Name;
  uint32_t Needs; ///< __coroscope_fast_flags that must all be set
  Action Act;
};

// What each hook does in the modes named (runtime_hooks/src/hooks.cpp).
constexpr uint32_t kNoChecks = __coroscope_fast_no_checks, kProfile = __coroscope_fast_profile;
const FastHook kFastHooks[] = {
    {kCoroutineCall, kNoChecks, Action::Nothing},
    {kAwaitReturn, kNoChecks, Action::Nothing},
    {kAwaitTransfer, kNoChecks, Action::Nothing},
    {kAwaiterTouch, kNoChecks, Action::Nothing},
    {kDone, kProfile | kNoChecks, Action::Nothing},
    // Not at a final point: there it completes the frame (profile.h).
    {kAwaitReady, kProfile | kNoChecks, Action::CountReady},
    {kFrameAlloc, kProfile, Action::KeepAlloc},
};

/// The kind of the site descriptor V points to, if V is a site constant.
std::optional<uint8_t> siteKind(Value *V, const DataLayout &DL) {
  if (auto *Kind = dyn_cast_or_null<ConstantInt>(siteTableField(
          V, offsetof(__coroscope_site, kind), Type::getInt8Ty(V->getContext()), DL)))
    return uint8_t(Kind->getZExtValue());
  return std::nullopt;
}

Value *fieldPtr(IRBuilder<> &B, Value *Base, size_t Offset) {
  return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset);
}

/// Puts Hook's fast path in front of Call.
void addFastPath(CallInst *Call, const FastHook &Hook) {
  LLVMContext &Ctx = Call->getContext();
  BasicBlock *Fast = guardWithModuleState(Call, uint8_t(__coroscope_module_attached | Hook.Needs));
  IRBuilder<> B(Fast->getTerminator());
  B.SetCurrentDebugLocation(Call->getDebugLoc());
  Type *Ptr = B.getPtrTy(), *I64 = B.getInt64Ty();
  switch (Hook.Act) {
  case Action::Nothing:
    break;
  case Action::KeepAlloc: {
    // Never null while the module's state byte has the thread attached.
    Value *T = loadModuleThread(B, *Call->getModule());
    B.CreateAlignedStore(B.CreatePtrToInt(Call->getArgOperand(1), I64),
                         fieldPtr(B, T, offsetof(__coroscope_thread, pending_alloc_mem)), Align(8));
    B.CreateAlignedStore(B.CreateZExtOrTrunc(Call->getArgOperand(2), I64),
                         fieldPtr(B, T, offsetof(__coroscope_thread, pending_alloc_bytes)),
                         Align(8));
    break;
  }
  case Action::CountReady: {
    // The site's slots in the module's counters: ProfileInline.cpp puts
    // their address in place of the placeholder.
    FunctionCallee Slots = Call->getModule()->getOrInsertFunction(
        COROSCOPE_MODULE_COUNTERS_MARKER, FunctionType::get(Ptr, {Ptr}, false));
    Value *Counter = B.CreateInBoundsGEP(I64, B.CreateCall(Slots, {Call->getArgOperand(0)}),
                                         B.getInt64(__coroscope_counter_ready));
    // A profile snapshot reads other threads' counters: relaxed atomics,
    // plain moves on x86-64 and AArch64.
    LoadInst *Old = B.CreateAlignedLoad(I64, Counter, Align(8));
    Old->setAtomic(AtomicOrdering::Monotonic);
    StoreInst *New = B.CreateAlignedStore(B.CreateAdd(Old, B.getInt64(1)), Counter, Align(8));
    New->setAtomic(AtomicOrdering::Monotonic);
    break;
  }
  }
  Call->setMetadata(kSlowMD, MDNode::get(Ctx, {}));
}

} // namespace

GlobalVariable *siteTableOf(Value *V, const DataLayout &DL, uint64_t &Offset) {
  APInt Off(DL.getIndexTypeSizeInBits(V->getType()), 0);
  auto *Table = dyn_cast<GlobalVariable>(
      V->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true));
  if (!Table || !Table->hasInitializer() || Table->getSection() != kSitesSection)
    return nullptr;
  Offset = Off.getZExtValue();
  return Table;
}

Constant *siteTableField(Value *V, size_t Field, Type *Ty, const DataLayout &DL) {
  uint64_t Offset;
  GlobalVariable *Table = siteTableOf(V, DL, Offset);
  if (!Table)
    return nullptr;
  return ConstantFoldLoadFromConst(Table->getInitializer(), Ty,
                                   APInt(DL.getIndexTypeSizeInBits(V->getType()), Offset + Field),
                                   DL);
}

SmallVector<CallInst *, 16> unhandledHookCalls(Module &M, const char *Name) {
  SmallVector<CallInst *, 16> Calls;
  if (Function *Fn = M.getFunction(Name))
    for (User *U : Fn->users())
      if (auto *Call = dyn_cast<CallInst>(U);
          Call && Call->getCalledOperand() == Fn && !Call->getMetadata(kSlowMD))
        Calls.push_back(Call);
  return Calls;
}

PreservedAnalyses HookFastPathPass::run(Module &M, ModuleAnalysisManager &) {
  const DataLayout &DL = M.getDataLayout();
  if (DL.getPointerSize() != 8 || sizeof(void *) != 8)
    return PreservedAnalyses::all(); // hooks.h's offsets are LP64's
  // Emulated thread-locals (-femulated-tls, Android's default) would turn
  // each test of the state byte into a call of __emutls_get_address.
  if (EmulatedTLS.value_or(Triple(M.getTargetTriple()).hasDefaultEmulatedTLS()))
    return PreservedAnalyses::all();
  // A shared library with a static-TLS thread-local (initial- or local-exec:
  // the linker marks it DF_STATIC_TLS) has all its thread-locals placed in
  // glibc's small reserve for dlopen'ed libraries; the module's counters
  // could make a library that loads plainly fail to ("cannot allocate memory
  // in static TLS block"). Its calls stay.
  if (forSharedLibrary(M) && any_of(M.globals(), [](const GlobalVariable &G) {
        return G.getThreadLocalMode() == GlobalValue::InitialExecTLSModel ||
               G.getThreadLocalMode() == GlobalValue::LocalExecTLSModel;
      }))
    return PreservedAnalyses::all();
  SmallVector<std::pair<CallInst *, const FastHook *>, 64> Calls;
  for (const FastHook &Hook : kFastHooks) {
    for (CallInst *Call : unhandledHookCalls(M, Hook.Name)) {
      if (Hook.Act == Action::CountReady) {
        std::optional<uint8_t> Kind = siteKind(Call->getArgOperand(0), DL);
        if (!Kind || *Kind == log::kSiteFinal)
          continue;
      }
      if (Hook.Act == Action::KeepAlloc && Call->arg_size() != 3)
        continue;
      Calls.push_back({Call, &Hook});
    }
  }
  bool Changed = false;
  if (!Calls.empty()) {
    for (auto [Call, Hook] : Calls)
      addFastPath(Call, *Hook);
    Changed = true;
  }
  Changed |= inlineProfileCounting(M);
  if (Changed)
    finishModuleAttach(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace coroscope
