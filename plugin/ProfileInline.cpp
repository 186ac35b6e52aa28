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

#include "coroscope/hooks.h"
#include "coroscope/log_format.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/Cloning.h"

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
};
const InlineHook kInlineHooks[] = {
    {kFrameBegin, "__coroscope_inline_frame_begin", Extra::None},
    {kRampReturn, "__coroscope_inline_ramp_return", Extra::None},
    {kAwaitReady, "__coroscope_inline_await_ready", Extra::KindAndFunction},
    {kAwaitSuspend, "__coroscope_inline_await_suspend", Extra::KindAndFunction},
    {kAwaitCancel, "__coroscope_inline_await_cancel", Extra::KindAndFunction},
    {kFrameResume, "__coroscope_inline_frame_resume", Extra::KindAndFunction},
    {kFrameFree, "__coroscope_inline_frame_free", Extra::None},
    {kResumeEnter, "__coroscope_inline_handle_resume_enter", Extra::None},
    {kResumeExit, "__coroscope_inline_handle_resume_exit", Extra::None},
    {kDestroyEnter, "__coroscope_inline_handle_destroy_enter", Extra::None},
    {kDestroyExit, "__coroscope_inline_handle_destroy_exit", Extra::None},
};

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
    return false;

  std::unique_ptr<Module> Counting = loadCounting(Ctx);
  if (!Counting || Counting->getDataLayout() != DL)
    return false; // built for another target: the calls stay
  Counting->setTargetTriple(M.getTargetTriple());
  // The inline code must fit any caller: no CPU features of its own.
  for (Function &F : *Counting) {
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
    F.removeFnAttr("tune-cpu");
  }
  // Declare what the calls will need, then link only those definitions.
  SmallVector<CallInst *, 64> NewCalls;
  for (Planned &P : Plan) {
    Function *Def = Counting->getFunction(P.Hook->Inline);
    if (!Def || Def->getFunctionType()->getNumParams() != P.Args.size())
      return false;
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
  return true;
}

} // namespace coroscope
