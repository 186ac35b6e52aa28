//===- ProfileInline.cpp - Profile mode's counting, inlined at every hook -===//
//
// See ProfileInline.h. The functions come from runtime_hooks/src/
// profile_inline.cpp, compiled to bitcode by this plugin's clang and
// embedded in the plugin (plugin/CMakeLists.txt), so the inline code and the
// runtime's hooks are one source: runtime_hooks/src/profile_counting.h.
//
//===----------------------------------------------------------------------===//
#include "ProfileInline.h"
#include "HookFastPath.h"
#include "HookNames.h"
#include "ModuleState.h"

#include "coroscope/hooks.h"
#include "coroscope/log_format.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>

#include <cstddef>
#include <optional>

using namespace llvm;

namespace coroscope {

// plugin/CMakeLists.txt: the bitcode of profile_inline.cpp.
extern const unsigned char kProfileInlineBitcode[];
extern const size_t kProfileInlineBitcodeSize;

namespace {

using namespace hook_names;

/// A hook the counting stands in for, and the extra arguments its inline
/// function takes after the hook's own.
enum class Extra { None, KindAndFunction };
struct InlineHook {
  const char *Hook;
  const char *Inline;
  Extra Args;
  bool Counts; ///< counts into its site's module counters: the site must be a constant
};
const InlineHook kInlineHooks[] = {
    {kFrameBegin, "__coroscope_inline_frame_begin", Extra::None, true},
    {kRampReturn, "__coroscope_inline_ramp_return", Extra::None, false},
    {kAwaitReady, "__coroscope_inline_await_ready", Extra::KindAndFunction, true},
    {kAwaitSuspend, "__coroscope_inline_await_suspend", Extra::KindAndFunction, true},
    {kAwaitCancel, "__coroscope_inline_await_cancel", Extra::KindAndFunction, true},
    {kFrameResume, "__coroscope_inline_frame_resume", Extra::KindAndFunction, true},
    {kFrameFree, "__coroscope_inline_frame_free", Extra::None, true},
    {kResumeEnter, "__coroscope_inline_handle_resume_enter", Extra::None, false},
    {kResumeExit, "__coroscope_inline_handle_resume_exit", Extra::None, false},
    {kDestroyEnter, "__coroscope_inline_handle_destroy_enter", Extra::None, false},
    {kDestroyExit, "__coroscope_inline_handle_destroy_exit", Extra::None, false},
};

/// A site table's thread-local counters in this module.
struct ModuleSlots {
  GlobalVariable *Slots = nullptr; ///< [total x i64]
  SmallVector<uint32_t, 0> Offset; ///< each site's first slot
};

/// The module's counters of the site table Table (created on first use).
ModuleSlots &slotsFor(Module &M, GlobalVariable *Table,
                      DenseMap<GlobalVariable *, ModuleSlots> &Tables) {
  ModuleSlots &S = Tables[Table];
  if (S.Slots)
    return S;
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &Ctx = M.getContext();
  auto *ArrTy = cast<ArrayType>(Table->getValueType());
  uint64_t Elem = DL.getTypeAllocSize(ArrTy->getElementType());
  uint32_t Total = 0;
  for (uint64_t I = 0; I < ArrTy->getNumElements(); ++I) {
    S.Offset.push_back(Total);
    auto *Kind = dyn_cast_or_null<ConstantInt>(
        ConstantFoldLoadFromConst(Table->getInitializer(), Type::getInt8Ty(Ctx),
                                  APInt(64, I * Elem + offsetof(__coroscope_site, kind)), DL));
    Total += __coroscope_site_slots(Kind ? uint8_t(Kind->getZExtValue()) : 0xff);
  }
  if ((S.Slots = taggedCounters(M, Table)))
    return S; // the pass's earlier run made them
  auto *SlotsTy = ArrayType::get(Type::getInt64Ty(Ctx), std::max<uint32_t>(Total, 1));
  // Internal thread-locals of code for an executable: codegen makes them
  // local-exec, one %fs-relative access like a plain global's.
  S.Slots = new GlobalVariable(M, SlotsTy, false, GlobalValue::InternalLinkage,
                               ConstantAggregateZero::get(SlotsTy), "coroscope.counters", nullptr,
                               GlobalValue::GeneralDynamicTLSModel);
  S.Slots->setAlignment(Align(64));
  tagCounters(S.Slots, Table); // moduleAttach registers them
  return S;
}

/// The site table and index Site points into, if it is a constant.
std::optional<std::pair<GlobalVariable *, uint64_t>> siteIndex(Value *Site, const DataLayout &DL) {
  uint64_t Off;
  GlobalVariable *Table = siteTableOf(Site, DL, Off);
  auto *ArrTy = Table ? dyn_cast<ArrayType>(Table->getValueType()) : nullptr;
  if (!ArrTy)
    return std::nullopt;
  uint64_t Elem = DL.getTypeAllocSize(ArrTy->getElementType());
  if (Off % Elem || Off / Elem >= ArrTy->getNumElements())
    return std::nullopt;
  return std::make_pair(Table, Off / Elem);
}

/// Puts the address of its site's slots in place of each placeholder call,
/// a getelementptr of the module's thread-local @coroscope.counters: the
/// code around it has tested the module's state byte (ModuleState.h), so
/// this thread's array is registered. A placeholder whose site is not a
/// constant of a table stays a call: the runtime's definition returns the
/// thread block's counters.
bool expandModuleCounters(Module &M) {
  Function *Marker = M.getFunction(COROSCOPE_MODULE_COUNTERS_MARKER);
  if (!Marker)
    return false;
  const DataLayout &DL = M.getDataLayout();
  DenseMap<GlobalVariable *, ModuleSlots> Tables;
  SmallVector<CallInst *, 64> Calls;
  for (User *U : Marker->users())
    if (auto *Call = dyn_cast<CallInst>(U); Call && Call->getCalledOperand() == Marker)
      Calls.push_back(Call);
  bool Changed = false;
  for (CallInst *Call : Calls) {
    auto Where = siteIndex(Call->getArgOperand(0), DL);
    if (!Where)
      continue;
    ModuleSlots &S = slotsFor(M, Where->first, Tables);
    IRBuilder<> B(Call);
    B.SetCurrentDebugLocation(Call->getDebugLoc());
    Value *Slot = B.CreateConstInBoundsGEP1_64(B.getInt64Ty(), B.CreateThreadLocalAddress(S.Slots),
                                               S.Offset[Where->second]);
    Call->replaceAllUsesWith(Slot);
    Call->eraseFromParent();
    Changed = true;
  }
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return Changed;
}

std::unique_ptr<Module> loadCounting(LLVMContext &Ctx) {
  StringRef Bytes(reinterpret_cast<const char *>(kProfileInlineBitcode), kProfileInlineBitcodeSize);
  Expected<std::unique_ptr<Module>> M =
      parseBitcodeFile(MemoryBufferRef(Bytes, "coroscope-profile-inline"), Ctx);
  if (!M) {
    consumeError(M.takeError());
    return nullptr;
  }
  return std::move(*M);
}

} // namespace

bool inlineProfileCounting(Module &M) {
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &Ctx = M.getContext();
  struct Planned {
    CallInst *Call;
    const InlineHook *Hook;
    SmallVector<Value *, 5> Args;
  };
  SmallVector<Planned, 64> Plan;
  Type *I8 = Type::getInt8Ty(Ctx), *Ptr = PointerType::getUnqual(Ctx);
  for (const InlineHook &H : kInlineHooks) {
    for (CallInst *Call : unhandledHookCalls(M, H.Hook)) {
      Planned P{Call, &H, {Call->args().begin(), Call->args().end()}};
      if (H.Counts && !siteIndex(Call->getArgOperand(0), DL))
        continue; // no module slots to count into: the hook counts
      if (H.Args == Extra::KindAndFunction) {
        Value *Site = Call->getArgOperand(0);
        auto *Kind = dyn_cast_or_null<ConstantInt>(
            siteTableField(Site, offsetof(__coroscope_site, kind), I8, DL));
        Constant *Function = siteTableField(Site, offsetof(__coroscope_site, function), Ptr, DL);
        if (!Kind || !Function)
          continue; // the hook finds both at run time
        // Elsewhere await_ready is HookFastPath's counter increment.
        if (H.Hook == StringRef(kAwaitReady) && Kind->getZExtValue() != log::kSiteFinal)
          continue;
        P.Args.push_back(Kind);
        P.Args.push_back(Function);
      }
      Plan.push_back(std::move(P));
    }
  }
  if (Plan.empty())
    return expandModuleCounters(M); // HookFastPath's await_ready counts

  std::unique_ptr<Module> Counting = loadCounting(Ctx);
  if (!Counting || Counting->getDataLayout() != DL)
    return expandModuleCounters(M); // built for another target: the calls stay
  Counting->setTargetTriple(M.getTargetTriple());
  // Its module flags are those of the bitcode's own build (a PIE level,
  // uwtable...): linked in, "PIE Level" (behaviour Max) would make code for
  // a shared library PIE, and codegen would give its thread-locals
  // local-exec relocations, which no shared object can hold.
  if (NamedMDNode *Flags = Counting->getModuleFlagsMetadata())
    Counting->eraseNamedMetadata(Flags);
  // The inline code must fit any caller: no CPU features of its own.
  for (Function &F : *Counting) {
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
    F.removeFnAttr("tune-cpu");
  }
  for (Planned &P : Plan)
    if (Function *Def = Counting->getFunction(P.Hook->Inline);
        !Def || Def->getFunctionType()->getNumParams() != P.Args.size())
      return expandModuleCounters(M); // not this plugin's bitcode: the calls stay
  // Declare what the calls will need, then link only those definitions.
  SmallVector<CallInst *, 64> NewCalls;
  for (Planned &P : Plan) {
    Function *Def = Counting->getFunction(P.Hook->Inline);
    FunctionCallee Decl = M.getOrInsertFunction(P.Hook->Inline, Def->getFunctionType());
    auto *New = CallInst::Create(Decl, P.Args, "", P.Call->getIterator());
    New->setDebugLoc(P.Call->getDebugLoc());
    NewCalls.push_back(New);
  }
  if (Linker::linkModules(M, std::move(Counting), Linker::Flags::LinkOnlyNeeded))
    report_fatal_error("coroscope: linking the profile counting failed");
  for (Planned &P : Plan)
    P.Call->eraseFromParent();
  for (CallInst *Call : NewCalls) {
    InlineFunctionInfo IFI;
    (void)InlineFunction(*Call, IFI);
  }
  for (const InlineHook &H : kInlineHooks)
    if (Function *F = M.getFunction(H.Inline)) {
      F->setLinkage(GlobalValue::InternalLinkage);
      if (F->use_empty())
        F->eraseFromParent();
    }
  expandModuleCounters(M);
  expandModuleStateMarkers(M);
  return true;
}

} // namespace coroscope
