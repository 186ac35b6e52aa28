//===- HookMarkers.h - Hooks that the optimizer cannot see until it is done ===//
//
// A hook call placed in the caller of a coroutine (around
// coroutine_handle::resume()/destroy()/done(), before the call of a
// coroutine) sits where the optimizer decides heap allocation elision
// (HALO): CoroElide elides a frame only if every path from its coro.begin
// reaches a destroy naming that very value, and whether it does depends on
// how jump threading, loop rotation and SimplifyCFG duplicated the blocks
// around the destroy. Those passes price a block with the target's cost
// model, in which a call costs 4 and their thresholds are 6 or so, so one
// hook call next to a destroy changes what they duplicate, and with it which
// frames are elided: the instrumented program would allocate differently from
// the plain one.
//
// So such a hook is first inserted as a marker the cost models price at zero,
//   call void @llvm.var.annotation(ptr nocapture readnone %frame,
//        ptr nocapture readonly %site, ptr @coroscope.marker.<hook>, i32 0, ptr null)
// (var.annotation: no code after lowering, TCC_Free, "assume-like" to the
// inliner, writes only inaccessible memory so nothing deletes, merges or
// reorders it against calls), and HookLowerPass, at the end of the optimizer
// (OptimizerLastEP, after the last CoroElide), turns every marker into the
// hook call `<hook>(%site[, %frame])`.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_HOOKMARKERS_H
#define COROSCOPE_PLUGIN_HOOKMARKERS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

namespace coroscope {

/// Declares `void Name(Params...)` (a __coroscope_* hook of
/// runtime_hooks/include/coroscope/hooks.h) with what the optimizer may
/// assume of every hook: nounwind, reads its site descriptor (parameter 0),
/// writes only runtime state, never dereferences or keeps a frame pointer.
/// KeepsSite: the hook keeps its site pointer (coroutine_call does, for the
/// frame_begin that follows). Its type is hookType(Name).
llvm::FunctionCallee declareHook(llvm::Module &M, llvm::StringRef Name, bool KeepsSite = false);

/// The IR type of the hook named Name, from its parameters in
/// include/coroscope/hooks.def (every pointer kind is `ptr`, U64 is i64).
llvm::FunctionType *hookType(llvm::LLVMContext &Ctx, llvm::StringRef Name);

/// Where code that runs right after Call returns normally goes: an invoke's
/// result is usable only on its normal edge, which gets a block of its own
/// unless the normal destination is reached from nowhere else.
llvm::Instruction *afterCall(llvm::CallBase *Call);

/// Inserts at B a marker for `Hook(Site)` (Frame null) or `Hook(Site, Frame)`.
/// Hook is a __coroscope_* name whose parameters are (site, frame) or
/// (site); HookLowerPass turns the marker into that call.
llvm::CallInst *createHookMarker(llvm::IRBuilder<> &B, llvm::StringRef Hook, llvm::Constant *Site,
                                 llvm::Value *Frame);

/// Inserts at the top of Succ one marker for a hook on each edge into it,
/// `HookOf(Pred)(Site, Frame)` on the edge from Pred, with the hook named by
/// a phi of marker names. A hook on its own split edge would add blocks,
/// and SimplifyCFG gives up threading a branch across a block whose values
/// live in more than 24 blocks (-max-jump-threading-live-blocks): at a
/// resume point it would leave a co_await result in a phi, which CoroSplit
/// spills where it would otherwise rematerialise a cheaper one, and the
/// frame would grow. HookLowerPass puts the hooks on the edges, once
/// CoroSplit has laid out the frame.
llvm::CallInst *createEdgeHookMarker(llvm::BasicBlock &Succ,
                                     llvm::function_ref<llvm::StringRef(llvm::BasicBlock *)> HookOf,
                                     llvm::Constant *Site, llvm::Value *Frame,
                                     const llvm::DebugLoc &Loc);

/// Call is a marker createHookMarker or createEdgeHookMarker made (and no
/// pass has lowered yet).
bool isHookMarker(const llvm::CallBase &Call);

/// The hook that must run when Call returns normally, `Hook(Site, frame)`
/// with the frame Call's first argument, goes on Call itself, as an operand
/// bundle "coroscope.hook_after"(Site, @coroscope.marker.<hook>): a marker
/// after it would sit alone in the normal destination of the invoke that
/// inlining makes of it, a block the plain build folds away, and CoroElide
/// gives up on a frame whose coro.begin reaches more than 32 blocks per
/// destroy before a destroy (LLVM's CoroIdElider::canCoroBeginEscape). A
/// bundle survives what metadata does not (a call turned into an invoke),
/// and keeps the call one call: the inliner does not inline calls with
/// unknown bundles (CoroElide turns the resume/destroy of an elided frame
/// into a direct call it would otherwise dissolve). Replaces Call; returns
/// the new call.
llvm::CallBase *tagHookAfter(llvm::CallBase &Call, llvm::StringRef Hook, llvm::Constant *Site);

/// Call carries a tagHookAfter bundle.
bool hasHookAfter(const llvm::CallBase &Call);

/// Replaces every marker of the module with its hook call, and adds the
/// hook after every tagged call; a module without either is left unchanged.
class HookLowerPass : public llvm::PassInfoMixin<HookLowerPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  /// Markers must become calls at -O0 (optnone) too.
  static bool isRequired() { return true; }
};

} // namespace coroscope

#endif
