//===- CoroInstrumentPass.cpp - Instrument coroutine frames and suspend points -===//
//
// For every pre-split coroutine (a function calling llvm.coro.begin) the pass
// inserts, in Clang 19's IR shape:
//
//   coro.alloc block:  %mem = call @operator new(%size)  -> frame_alloc(fn, %mem, %size)
//   after coro.begin:                      -> frame_begin(fn, %hdl, llvm.coro.size.i64())
//   suspend point, edge await_ready() == true             -> await_ready(site, %hdl)
//   after coro.save, before llvm.coro.await.suspend.*     -> await_suspend(site, %hdl, %awaiter)
//   in the await_suspend member a wrapper calls, before an
//   access to *this that may follow a hand-off             -> awaiter_touch()
//   edge "bool await_suspend returned false"              -> await_cancel(site, %hdl)
//   edge coro.suspend == 0 (resumed)                      -> frame_resume(site, %hdl)
//     (these three edge hooks are one marker in the block the edges enter
//     until the end of the optimizer: createEdgeHookMarker says why)
//   after a void/bool llvm.coro.await.suspend.*          -> await_return(site, %hdl)
//   in the handle-returning await_suspend wrapper, at ret  -> await_transfer(site, %hdl, %target)
//   after coro.free                                       -> frame_free(fn, %hdl, %mem)
//   after a fall-through coro.end                         -> ramp_return(fn, %hdl)
//
// and, in any function, around every call of std::coroutine_handle's
// resume/destroy/done (and direct llvm.coro.* uses) the handle hooks, and
// before every call of a coroutine defined in the module coroutine_call(site),
// which names the site that creates the frame; these caller-side hooks are
// markers until the end of the optimizer (HookMarkers.h says why). Code after a fall-through
// coro.end survives only in the ramp (CoroSplit turns coro.end into `ret void` in the
// resume/destroy clones), which is what makes ramp_return fire once per call. The allocation hook
// sits in the block that CoroElide deletes when it elides the frame, so a frame without frame_alloc
// was elided (HALO) and the hooks cannot defeat elision: they take the frame address as a
// `nocapture readnone` argument and touch only inaccessible memory, so the frame does not escape.
//
// A coroutine that is not in that shape (hand-written IR, Clang's
// __builtin_coro_* used directly, another frontend's lowering) is left
// exactly as it is, with a missed-optimization remark saying why
// (-Rpass-missed=coroscope); every instrumented one gets a remark under
// -Rpass=coroscope. The pass never asserts on its input.
//
//===----------------------------------------------------------------------===//
#include "CoroInstrumentPass.h"
#include "HookMarkers.h"
#include "HookNames.h"
#include "SiteNames.h"
#include "SiteTable.h"
#include "compat/CoroIntrinsics.h"
#include "coroscope/hooks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <optional>

using namespace llvm;

namespace coroscope {
namespace {

using namespace hook_names;
/// For -Rpass=coroscope / -Rpass-missed=coroscope (opt: -pass-remarks*=coroscope).
constexpr const char *kPassName = "coroscope";

/// One suspend point as Clang emitted it.
struct SuspendPoint {
  int Site;
  CallInst *Suspend;      ///< llvm.coro.suspend
  Instruction *Save;      ///< llvm.coro.save
  CallBase *AwaitSuspend; ///< llvm.coro.await.suspend.*, or null
};

/// A resume/destroy/done on a coroutine handle, at its call site.
struct HandleCall {
  int Site;
  log::SiteKind Op; ///< kSiteResumeCall, kSiteDestroyCall or kSiteDoneCall
  CallBase *Call;
  bool ThroughThis; ///< a std::coroutine_handle member: the frame is *this
};

/// A call of a coroutine defined in this module: where its frames are made.
struct CoroutineCall {
  int Site;
  CallBase *Call;
};

/// One coroutine and the instructions to hook.
struct HookedCoroutine {
  Function *F = nullptr;
  int Site = -1;
  CallInst *Begin = nullptr;
  SmallVector<CallBase *, 2> Allocs; ///< operator new calls feeding coro.begin
  SmallVector<SuspendPoint, 8> Suspends;
  SmallVector<CallInst *, 2> Frees;
  SmallVector<CallInst *, 4> Ends;
  /// The fall-through coro.ends on a path that created the frame.
  SmallVector<CallInst *, 4> RampEnds;
  /// After the unwinding coro.ends on a path that created the frame: where
  /// the ramp and the clones part.
  SmallVector<compat::UnwindBranch, 2> Unwinds;
};

/// The hooks instrument() placed in one coroutine, by kind. The
/// -Rpass-analysis=coroscope remark lists them, so a test can tell that
/// every point the IR has was found, whatever the LLVM major.
struct HookPoints {
  unsigned Allocs = 0, Suspends = 0, Cancels = 0, Frees = 0;
  unsigned RampReturns = 0;       ///< after a fall-through coro.end
  unsigned UnwindRampReturns = 0; ///< an exception leaving the ramp
  unsigned Unwinds = 0;           ///< an exception leaving a resumed activation
};

class Instrumenter {
public:
  Instrumenter(Module &M, FunctionAnalysisManager &FAM, const InstrumentOptions &Opts)
      : M(M), Ctx(M.getContext()), FAM(FAM), Opts(Opts), Sites(M) {}
  bool run();

private:
  Module &M;
  LLVMContext &Ctx;
  /// Read in analyze() only: no function is changed before every one is
  /// analyzed, so its results are current.
  FunctionAnalysisManager &FAM;
  const InstrumentOptions &Opts;
  SiteTable Sites;
  std::vector<HookedCoroutine> Coros;
  std::vector<HandleCall> HandleCalls;
  std::vector<CoroutineCall> CoroutineCalls;

  bool analyze(Function &F, HookedCoroutine &C, std::string &Why);
  void addSites(HookedCoroutine &C);
  void collectHandleCalls(Function &F, const DenseSet<const Function *> &Skipped);
  FunctionCallee hook(const char *Name);
  HookPoints instrument(HookedCoroutine &C);
  void instrumentHandleCall(const HandleCall &H);
  Function *memberCopy(Function &Member, log::SiteKind Op, Intrinsic::ID IID, const char *Exit,
                       Constant *Site, int Depth);
  void instrumentAwaitReturn(const SuspendPoint &P, Value *Frame);
  /// Fills AwaiterTouches and TouchingWrappers; before instrument(), which passes
  /// an awaiter's address only where its await_suspend may touch it.
  void findAwaiterTouches();
  void instrumentAwaiterTouches();
  /// await_suspend member -> its accesses to the awaiter that may follow a
  /// hand-off (each gets an awaiter_touch()).
  MapVector<Function *, SmallVector<Instruction *, 8>> AwaiterTouches;
  /// The await_suspend wrappers that call such a member.
  DenseSet<const Function *> TouchingWrappers;
};

// Where a function breaks the shape instrument() relies on, it is skipped as
// a whole: half its suspend points hooked would leave the runtime believing a
// parked frame runs (a false concurrent-resume at its next resume()).
static std::string describeAt(const Instruction *I) {
  std::string S;
  if (const DILocation *Loc = I->getDebugLoc().get()) {
    while (const DILocation *At = Loc->getInlinedAt())
      Loc = At;
    S = " at line " + std::to_string(Loc->getLine());
    if (Loc->getColumn())
      S += ":" + std::to_string(Loc->getColumn());
  }
  return S;
}

/// Edges into Succ can each take a hook: one edge per predecessor, from a
/// terminator that SplitEdge can split.
static bool hookableEdgesInto(BasicBlock *Succ) {
  for (BasicBlock *Pred : predecessors(Succ)) {
    Instruction *T = Pred->getTerminator();
    if (!isa<BranchInst, SwitchInst, InvokeInst>(T))
      return false;
    unsigned N = 0;
    for (BasicBlock *S : successors(Pred))
      N += S == Succ;
    if (N != 1)
      return false;
  }
  return true;
}

/// The pass ran on this function before (opt run twice, an instrumented .ll).
static bool callsHooks(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *CB = dyn_cast<CallBase>(&I)) {
      if (const Function *Callee = CB->getCalledFunction();
          Callee && Callee->getName().starts_with(kHookPrefix))
        return true;
      if (isHookMarker(*CB) || hasHookAfter(*CB))
        return true;
    }
  return false;
}

static bool isIntrinsic(const Value *V, Intrinsic::ID ID) {
  const auto *II = dyn_cast_or_null<IntrinsicInst>(V);
  return II && II->getIntrinsicID() == ID;
}

// STEP 1: find coroutines and their suspend points without changing anything,
// so the site table size is known before any hook refers to it. Returns
// false for a function that is not a coroutine or that cannot be
// instrumented; then Why says why (empty: not a coroutine).
bool Instrumenter::analyze(Function &F, HookedCoroutine &C, std::string &Why) {
  if (F.isDeclaration() || F.getName().starts_with(kHookPrefix))
    return false;
  C = HookedCoroutine{&F, -1, nullptr, {}, {}, {}, {}, {}, {}};
  for (Instruction &I : instructions(F)) {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      continue;
    switch (II->getIntrinsicID()) {
    case Intrinsic::coro_begin:
      if (C.Begin) {
        Why = "more than one llvm.coro.begin";
        return false;
      }
      C.Begin = II;
      break;
    case Intrinsic::coro_suspend:
      C.Suspends.push_back({-1, II, dyn_cast<Instruction>(II->getArgOperand(0)), nullptr});
      break;
    case Intrinsic::coro_free:
      C.Frees.push_back(II);
      break;
    case Intrinsic::coro_end:
      C.Ends.push_back(II);
      break;
    default:
      break;
    }
  }
  if (!C.Begin)
    return false;
  if (callsHooks(F)) {
    Why = "it is instrumented already (it calls __coroscope_ hooks)";
    return false;
  }
  // Only the switch lowering (llvm.coro.id) is C++'s; retcon and async
  // coroutines (Swift) have other suspend and end intrinsics.
  if (!isIntrinsic(C.Begin->getArgOperand(0), Intrinsic::coro_id)) {
    Why = "llvm.coro.begin does not take its token from llvm.coro.id (not a C++ coroutine)";
    return false;
  }

  // The frame memory: a phi of null (elided) and operator new's result.
  Value *Mem = C.Begin->getArgOperand(1);
  SmallVector<Value *, 2> Candidates;
  if (auto *Phi = dyn_cast<PHINode>(Mem))
    Candidates.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
  else
    Candidates.push_back(Mem);
  for (Value *V : Candidates)
    if (auto *CB = dyn_cast<CallBase>(V); CB && !isa<IntrinsicInst>(CB) && CB->arg_size() >= 1 &&
                                          CB->getArgOperand(0)->getType()->isIntegerTy() &&
                                          !is_contained(C.Allocs, CB)) // one hook per allocation
      C.Allocs.push_back(CB);

  // instrument() only adds blocks between these, which keeps who dominates
  // whom: the dominance it needs is read here too (RampEnds, Unwinds).
  const DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  for (SuspendPoint &P : C.Suspends) {
    std::string At = describeAt(P.Suspend);
    if (!isa<ConstantInt>(P.Suspend->getArgOperand(1)) ||
        !isIntrinsic(P.Save, Intrinsic::coro_save)) {
      Why = "suspend point" + At + " has no llvm.coro.save or no constant 'final' flag";
      return false;
    }
    if (!DT.dominates(C.Begin, P.Save)) {
      Why = "suspend point" + At + " is not dominated by llvm.coro.begin";
      return false;
    }
    // The resumed edge is the switch's case 0, reached from nowhere else.
    auto *Switch = P.Suspend->hasOneUse() ? dyn_cast<SwitchInst>(P.Suspend->user_back()) : nullptr;
    auto Case = Switch ? Switch->findCaseValue(ConstantInt::get(Type::getInt8Ty(Ctx), 0))
                       : SwitchInst::CaseIt(nullptr, 0);
    if (!Switch || Case == Switch->case_default() || !hookableEdgesInto(Case->getCaseSuccessor())) {
      Why = "the result of llvm.coro.suspend" + At + " does not select its resume path " +
            "through one switch case";
      return false;
    }
    // llvm.coro.await.suspend.* follows the coro.save in the same block.
    for (Instruction *I = P.Save->getNextNode(); I; I = I->getNextNode())
      if (auto *CB = dyn_cast<CallBase>(I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && (Callee->getIntrinsicID() == Intrinsic::coro_await_suspend_void ||
                       Callee->getIntrinsicID() == Intrinsic::coro_await_suspend_bool ||
                       Callee->getIntrinsicID() == Intrinsic::coro_await_suspend_handle)) {
          P.AwaitSuspend = CB;
          break;
        }
    if (!P.AwaitSuspend)
      continue; // Clang before 19: the frame parks at coro.suspend itself
    if (auto *Inv = dyn_cast<InvokeInst>(P.AwaitSuspend);
        Inv && !Inv->getUnwindDest()->isLandingPad()) {
      Why = "await_suspend" + At + " unwinds to a funclet pad";
      return false;
    }
    if (P.AwaitSuspend->getCalledFunction()->getIntrinsicID() ==
        Intrinsic::coro_await_suspend_handle) {
      // The hook goes into the wrapper, before the tail call it feeds.
      auto *Wrapper = dyn_cast<Function>(P.AwaitSuspend->getArgOperand(2));
      if (!Wrapper || Wrapper->isDeclaration() || Wrapper->arg_size() < 2 ||
          !Wrapper->hasOneUse() || !Wrapper->getReturnType()->isPointerTy()) {
        Why = "the await_suspend wrapper" + At + " is not a definition of its own " +
              "returning the next coroutine";
        return false;
      }
    }
  }
  for (CallInst *End : C.Ends) {
    auto *Unwind = dyn_cast<ConstantInt>(End->getArgOperand(1));
    if (!Unwind) {
      Why = "llvm.coro.end" + describeAt(End) + " has no constant 'unwind' flag";
      return false;
    }
    if (Unwind->isZero()) {
      // A coro.end on a path that never created the frame (allocation
      // failure) has no frame to report.
      if (DT.dominates(C.Begin, End))
        C.RampEnds.push_back(End);
      continue;
    }
    // Without the branch, an exception leaving a resumed activation would
    // go unseen and the frame would look running forever after.
    auto Branches = compat::unwindBranches(*End);
    if (Branches.empty()) {
      Why = "the unwinding llvm.coro.end" + describeAt(End) +
            " is not followed by a branch between the ramp and the resume/destroy clones";
      return false;
    }
    for (const compat::UnwindBranch &B : Branches)
      if (DT.dominates(C.Begin, B.From))
        C.Unwinds.push_back(B);
  }
  return true;
}

/// Gives the coroutine and its suspend points their site descriptors.
void Instrumenter::addSites(HookedCoroutine &C) {
  Function &F = *C.F;
  SiteInfo FnSite = Sites.in(F, log::kSiteFunction);
  // For function sites the "awaiter" slot names the promise type, which ties
  // the function to the coroutine_handle<Promise> calls that act on its frames.
  FnSite.Awaiter = promiseTypeName(
      cast<IntrinsicInst>(C.Begin->getArgOperand(0))->getArgOperand(1)->stripPointerCasts());
  C.Site = Sites.add(FnSite);

  for (SuspendPoint &P : C.Suspends) {
    bool IsFinal = cast<ConstantInt>(P.Suspend->getArgOperand(1))->isOne();
    const Function *Wrapper =
        P.AwaitSuspend ? dyn_cast<Function>(P.AwaitSuspend->getArgOperand(2)) : nullptr;
    SiteInfo S(suspendKind(Wrapper, IsFinal));
    S.FunctionIndex = C.Site;
    S.Name = FnSite.Name;
    S.File = FnSite.File;
    S.Awaiter = awaiterType(Wrapper, P.AwaitSuspend ? P.AwaitSuspend->getArgOperand(0) : nullptr);
    const Instruction *LocFrom = P.AwaitSuspend ? static_cast<Instruction *>(P.AwaitSuspend)
                                                : static_cast<Instruction *>(P.Suspend);
    SiteTable::setLocation(LocFrom->getDebugLoc().get(), S);
    P.Site = Sites.add(S);
  }
  const CoroutineFacts *Facts = Opts.Facts ? Opts.Facts(F.getName()) : nullptr;
  if (!Facts)
    return;
  if (!Facts->ReturnsAwaitable)
    Sites[C.Site].Flags |= __coroscope_site_unawaitable;
  for (const FrameLocal &L : Facts->Locals) {
    SiteInfo S(log::kSiteFrameLocal);
    S.FunctionIndex = C.Site;
    S.Name = FnSite.Name;
    S.File = L.File;
    S.Line = L.Line;
    S.Column = L.Column;
    // docs/log-format.md: "<bytes> <line of the suspend point> <name>: <type>"
    S.Awaiter =
        std::to_string(L.Bytes) + " " + std::to_string(L.AcrossLine) + " " + L.Name + ": " + L.Type;
    Sites.add(S);
  }
  if (const std::optional<ForwardingBody> &B = Facts->Forwarding) {
    SiteInfo S(log::kSiteForwardingBody);
    S.FunctionIndex = C.Site;
    S.Name = FnSite.Name;
    S.File = B->File;
    S.Line = B->Line;
    S.Column = B->Column;
    S.Awaiter = B->Callee;
    Sites.add(S);
  }
}

FunctionCallee Instrumenter::hook(const char *Name) {
  return declareHook(M, Name, StringRef(Name) == kCoroutineCall);
}

static void insertOnEdge(BasicBlock *From, BasicBlock *To, FunctionCallee Hook,
                         ArrayRef<Value *> Args) {
  BasicBlock *Mid = SplitEdge(From, To);
  IRBuilder<> B(Mid->getTerminator());
  B.CreateCall(Hook, Args);
}

// STEP 3: hooks for one coroutine.
HookPoints Instrumenter::instrument(HookedCoroutine &C) {
  HookPoints Points;
  Type *Ptr = PointerType::getUnqual(Ctx), *I64 = Type::getInt64Ty(Ctx);
  FunctionCallee Alloc = hook(kFrameAlloc);
  FunctionCallee BeginH = hook(kFrameBegin);
  FunctionCallee RampRet = hook(kRampReturn);
  FunctionCallee SuspendH = hook(kAwaitSuspend);
  FunctionCallee Cancel = hook(kAwaitCancel);
  FunctionCallee FreeH = hook(kFrameFree);
  FunctionCallee UnwindH = hook(kFrameUnwind);

  Constant *Fn = Sites.ptr(C.Site);
  Value *Frame = C.Begin;
  DebugLoc FnLoc = C.Begin->getDebugLoc();

  for (CallBase *A : C.Allocs) {
    IRBuilder<> B(Ctx);
    B.SetInsertPoint(afterCall(A));
    B.SetCurrentDebugLocation(A->getDebugLoc());
    Value *Size = B.CreateZExtOrTrunc(A->getArgOperand(0), I64);
    B.CreateCall(Alloc, {Fn, A, Size});
    ++Points.Allocs;
  }
  {
    // CoroSplit lowers coro.size in the ramp to the frame size, and CoroElide
    // puts that same frame type on the caller's stack: one constant measures
    // heap and elided frames alike.
    IRBuilder<> B(C.Begin->getNextNode());
    B.SetCurrentDebugLocation(FnLoc);
    Value *Size = B.CreateIntrinsic(Intrinsic::coro_size, {I64}, {});
    B.CreateCall(BeginH, {Fn, Frame, Size});
  }

  for (SuspendPoint &P : C.Suspends) {
    Constant *Site = Sites.ptr(P.Site);
    auto *Switch = cast<SwitchInst>(P.Suspend->user_back()); // analyze() checked the shape
    BasicBlock *ReadyBB =
        Switch->findCaseValue(ConstantInt::get(Type::getInt8Ty(Ctx), 0))->getCaseSuccessor();
    BasicBlock *SwitchBB = Switch->getParent();
    BasicBlock *CancelBB = nullptr;
    if (P.AwaitSuspend && P.AwaitSuspend->getType()->isIntegerTy(1))
      for (User *U : P.AwaitSuspend->users())
        if (auto *Br = dyn_cast<BranchInst>(U);
            Br && Br->isConditional() && Br->getSuccessor(1) == ReadyBB)
          CancelBB = Br->getParent();

    DebugLoc Loc = P.AwaitSuspend ? P.AwaitSuspend->getDebugLoc() : P.Suspend->getDebugLoc();
    {
      Instruction *At = P.AwaitSuspend ? static_cast<Instruction *>(P.AwaitSuspend)
                                       : static_cast<Instruction *>(P.Suspend);
      IRBuilder<> B(At);
      B.SetCurrentDebugLocation(Loc);
      // The awaiter is in the frame when it is the coroutine's own local or
      // temporary (an alloca here, which CoroSplit moves into the frame: it
      // is used across the suspension); an lvalue awaiter reached through a
      // pointer or reference lives elsewhere.
      // Only the touch check reads the address, and only where await_suspend
      // may touch the awaiter: elsewhere the address would keep an empty
      // awaiter (std::suspend_always) alive in the frame, which LLVM 22
      // otherwise drops, and change the frame's size.
      Value *Awaiter = ConstantPointerNull::get(cast<PointerType>(Ptr));
      if (P.AwaitSuspend &&
          TouchingWrappers.count(dyn_cast<Function>(P.AwaitSuspend->getArgOperand(2))))
        if (auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(P.AwaitSuspend->getArgOperand(0)));
            AI && AI->getFunction() == C.F)
          Awaiter = P.AwaitSuspend->getArgOperand(0);
      B.CreateCall(SuspendH, {Site, Frame, Awaiter});
      ++Points.Suspends;
    }
    instrumentAwaitReturn(P, Frame);
    if (auto *Inv = dyn_cast_or_null<InvokeInst>(P.AwaitSuspend)) {
      // An exception from await_suspend resumes the coroutine at once (the
      // standard rethrows it inside the coroutine): the suspension is undone.
      BasicBlock *Pad = Inv->getUnwindDest();
      if (!Pad->getSinglePredecessor()) {
        SmallVector<BasicBlock *, 2> NewBBs;
        SplitLandingPadPredecessors(Pad, {Inv->getParent()}, ".coroscope", ".rest", NewBBs);
        Pad = NewBBs[0];
      }
      IRBuilder<> B(&*Pad->getFirstInsertionPt());
      B.SetCurrentDebugLocation(Loc);
      B.CreateCall(Cancel, {Site, Frame});
      ++Points.Cancels;
    }
    // One marker in ReadyBB, not a hook per split edge: see
    // createEdgeHookMarker for how new blocks here grow the frame.
    createEdgeHookMarker(
        *ReadyBB,
        [&](BasicBlock *Pred) {
          return Pred == SwitchBB ? kFrameResume : Pred == CancelBB ? kAwaitCancel : kAwaitReady;
        },
        Site, Frame, Loc);
  }

  for (CallInst *Free : C.Frees) {
    IRBuilder<> B(Free->getNextNode());
    B.SetCurrentDebugLocation(Free->getDebugLoc());
    B.CreateCall(FreeH, {Fn, Free->getArgOperand(1), Free});
    ++Points.Frees;
  }

  for (CallInst *End : C.RampEnds) {
    IRBuilder<> B(End->getNextNode());
    B.SetCurrentDebugLocation(End->getDebugLoc());
    B.CreateCall(RampRet, {Fn, Frame});
    ++Points.RampReturns;
  }
  // After an unwinding coro.end, the ramp's path means the exception leaves
  // the coroutine call itself; the clones' path means it leaves a resumed
  // activation, and unwinds out of a resume() (frame_unwind; a landing pad
  // around that resume() in the caller would change which frames CoroElide
  // elides there).
  for (const compat::UnwindBranch &U : C.Unwinds) {
    insertOnEdge(U.From, U.InRamp, RampRet, {Fn, Frame});
    insertOnEdge(U.From, U.InClones, UnwindH, {Fn, Frame});
    ++Points.UnwindRampReturns;
    ++Points.Unwinds;
  }
  return Points;
}

// The moment await_suspend returns: until then another thread that resumes
// the frame races with code still running in it. A handle-returning
// await_suspend is followed by a tail call into the returned frame (CoroSplit
// emits it right after the wrapper), so its hook goes into the wrapper, where
// the target is known.
void Instrumenter::instrumentAwaitReturn(const SuspendPoint &P, Value *Frame) {
  if (!P.AwaitSuspend)
    return;
  Constant *Site = Sites.ptr(P.Site);
  if (P.AwaitSuspend->getCalledFunction()->getIntrinsicID() ==
      Intrinsic::coro_await_suspend_handle) {
    auto *Wrapper = cast<Function>(P.AwaitSuspend->getArgOperand(2)); // analyze() checked it
    FunctionCallee Transfer = hook(kAwaitTransfer);
    for (BasicBlock &BB : *Wrapper)
      if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator());
          Ret && Ret->getReturnValue() && Ret->getReturnValue()->getType()->isPointerTy()) {
        IRBuilder<> B(Ret);
        B.CreateCall(Transfer, {Site, Wrapper->getArg(1), Ret->getReturnValue()});
      }
    return;
  }
  FunctionCallee Return = hook(kAwaitReturn);
  IRBuilder<> B(afterCall(P.AwaitSuspend));
  B.CreateCall(Return, {Site, Frame});
}

/// V is `This` or an address computed from it, also through the slot that
/// unoptimized code spills `this` to (`store ptr %this, ptr %this.addr`,
/// reloaded before each use).
static bool fromThis(const Value *V, const Argument *This) {
  for (int Depth = 0; V && Depth < 16; ++Depth) {
    V = V->stripPointerCasts();
    if (V == This)
      return true;
    if (const auto *GEP = dyn_cast<GEPOperator>(V)) {
      V = GEP->getPointerOperand();
      continue;
    }
    const auto *Load = dyn_cast<LoadInst>(V);
    const auto *Slot = Load ? dyn_cast<AllocaInst>(Load->getPointerOperand()) : nullptr;
    if (!Slot)
      return false;
    // A slot written only with `This`.
    bool OnlyThis = false;
    for (const User *U : Slot->users())
      if (const auto *St = dyn_cast<StoreInst>(U)) {
        if (St->getPointerOperand() != Slot || St->getValueOperand() != This)
          return false;
        OnlyThis = true;
      }
    return OnlyThis;
  }
  return false;
}

/// The index of the argument of Call that is the wrapper's awaiter argument,
/// or -1.
static int awaiterArgIndex(const CallBase &Call, const Argument *Awaiter) {
  for (unsigned I = 0; I < Call.arg_size(); ++I)
    if (Call.getArgOperand(I)->getType()->isPointerTy() && fromThis(Call.getArgOperand(I), Awaiter))
      return int(I);
  return -1;
}

/// Call can publish the coroutine's handle to another thread: any call but
/// plain memory intrinsics (no more a publication than a plain store), debug
/// and lifetime intrinsics and std::coroutine_handle's accessors (promise(),
/// address(), from_address(), conversions), which only compute.
static bool mayPublish(const CallBase &Call) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&Call))
    return !II->isAssumeLikeIntrinsic() && !isa<DbgInfoIntrinsic>(II) &&
           !II->isLifetimeStartOrEnd() && !isa<MemIntrinsic>(II);
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return true;
  std::optional<log::SiteKind> Op = stdHandleOp(*Callee);
  return !(stdHandleMember(*Callee) && (!Op || *Op == log::kSiteDoneCall));
}

// STEP 4b: in every await_suspend member that a suspend point's wrapper
// calls, an awaiter_touch() before each access to *this that may come after
// the handle was handed off: the first one after any call, atomic operation
// or fence. Accesses before the first such instruction cannot follow a
// hand-off and stay unhooked, so the common awaiter (store the handle, then
// publish it) costs nothing. A call given `this` (or a member's address) is
// an access too: the callee may touch the awaiter.
void Instrumenter::findAwaiterTouches() {
  DenseMap<Function *, unsigned> Members;                     // member -> index of `this`
  DenseMap<Function *, SmallVector<Function *, 2>> MembersOf; // wrapper -> members
  for (const HookedCoroutine &C : Coros)
    for (const SuspendPoint &P : C.Suspends) {
      auto *Wrapper =
          P.AwaitSuspend ? dyn_cast<Function>(P.AwaitSuspend->getArgOperand(2)) : nullptr;
      if (!Wrapper || Wrapper->isDeclaration() || Wrapper->arg_size() < 1)
        continue;
      for (Instruction &I : instructions(*Wrapper))
        if (auto *CB = dyn_cast<CallBase>(&I); CB && !isa<IntrinsicInst>(CB))
          if (Function *Member = CB->getCalledFunction(); Member && !Member->isDeclaration())
            if (int Idx = awaiterArgIndex(*CB, Wrapper->getArg(0));
                Idx >= 0 && unsigned(Idx) < Member->arg_size()) {
              Members.try_emplace(Member, unsigned(Idx));
              MembersOf[Wrapper].push_back(Member);
            }
    }
  for (auto &[Member, Idx] : Members) {
    // Hooked already (opt run twice)?
    if (any_of(instructions(*Member), [](const Instruction &I) {
          const auto *CB = dyn_cast<CallBase>(&I);
          return CB && CB->getCalledFunction() &&
                 CB->getCalledFunction()->getName() == kAwaiterTouch;
        }))
      continue;
    const Argument *This = Member->getArg(Idx);
    SmallVector<Instruction *, 8> At;
    for (BasicBlock &BB : *Member) {
      // Only the entry block starts before any hand-off.
      bool MayFollowHandOff = &BB != &Member->getEntryBlock();
      for (Instruction &I : BB) {
        const auto *CB = dyn_cast<CallBase>(&I);
        bool Touches = false;
        if (const auto *L = dyn_cast<LoadInst>(&I))
          Touches = fromThis(L->getPointerOperand(), This);
        else if (const auto *St = dyn_cast<StoreInst>(&I))
          Touches = fromThis(St->getPointerOperand(), This);
        else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
          Touches = fromThis(RMW->getPointerOperand(), This);
        else if (const auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
          Touches = fromThis(X->getPointerOperand(), This);
        else if (CB && !isa<DbgInfoIntrinsic>(CB) &&
                 !(isa<IntrinsicInst>(CB) && cast<IntrinsicInst>(CB)->isLifetimeStartOrEnd()))
          Touches = awaiterArgIndex(*CB, This) >= 0;
        if (Touches && MayFollowHandOff) {
          At.push_back(&I);
          MayFollowHandOff = false;
        }
        if ((CB && mayPublish(*CB)) || I.isAtomic() || isa<FenceInst>(I))
          MayFollowHandOff = true;
      }
    }
    if (!At.empty())
      AwaiterTouches[Member] = std::move(At);
  }
  for (auto &[Wrapper, Ms] : MembersOf)
    if (any_of(Ms, [&](Function *M) { return AwaiterTouches.count(M); }))
      TouchingWrappers.insert(Wrapper);
}

void Instrumenter::instrumentAwaiterTouches() {
  if (AwaiterTouches.empty())
    return;
  FunctionCallee Touch = hook(kAwaiterTouch);
  for (auto &[Member, At] : AwaiterTouches)
    for (Instruction *I : At) {
      IRBuilder<> B(I);
      B.SetCurrentDebugLocation(I->getDebugLoc());
      B.CreateCall(Touch, {});
    }
}

// STEP 4: coroutine_handle::resume()/destroy()/done() are hooked where user
// code calls them, so each event names the caller's file:line:col (at -O0 the
// intrinsic itself sits in <coroutine>) and the hooks do not depend on which
// copy of the linkonce_odr std member the linker keeps. Direct uses of the
// intrinsics outside those members are hooked in place.
void Instrumenter::collectHandleCalls(Function &F, const DenseSet<const Function *> &Skipped) {
  if (F.isDeclaration() || F.getName().starts_with(kHookPrefix) || stdHandleOp(F) || callsHooks(F))
    return;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee)
      continue;
    std::optional<log::SiteKind> Op;
    bool ThroughThis = false;
    switch (Callee->getIntrinsicID()) {
    case Intrinsic::coro_resume:
      Op = log::kSiteResumeCall;
      break;
    case Intrinsic::coro_destroy:
      Op = log::kSiteDestroyCall;
      break;
    case Intrinsic::coro_done:
      Op = log::kSiteDoneCall;
      break;
    default:
      // A call of a coroutine left uninstrumented would hand its creation
      // site to the next frame this thread begins.
      if (Callee->isPresplitCoroutine() && !isa<IntrinsicInst>(CB) && !Skipped.count(Callee)) {
        SiteInfo C = Sites.in(F, log::kSiteCoroutineCall);
        C.Callee = Callee;
        SiteTable::setLocation(CB->getDebugLoc().get(), C);
        CoroutineCalls.push_back({Sites.add(C), CB});
        break;
      }
      if ((Op = stdHandleOp(*Callee)))
        ThroughThis = CB->arg_size() >= 1 && CB->getArgOperand(0)->getType()->isPointerTy();
      if (Op && !ThroughThis)
        Op.reset();
      break;
    }
    if (!Op)
      continue;
    SiteInfo S = Sites.in(F, *Op);
    SiteTable::setLocation(CB->getDebugLoc().get(), S);
    if (ThroughThis)
      S.Awaiter = handlePromiseType(*Callee); // "" for coroutine_handle<void>
    HandleCalls.push_back({Sites.add(S), *Op, CB, ThroughThis});
  }
}

// These hooks sit in the callers, where CoroElide decides: markers until
// the optimizer is done (HookMarkers.h).
void Instrumenter::instrumentHandleCall(const HandleCall &H) {
  Type *Ptr = PointerType::getUnqual(Ctx);
  const char *Enter = H.Op == log::kSiteResumeCall    ? kResumeEnter
                      : H.Op == log::kSiteDestroyCall ? kDestroyEnter
                                                      : kDone;
  const char *Exit = H.Op == log::kSiteResumeCall    ? kResumeExit
                     : H.Op == log::kSiteDestroyCall ? kDestroyExit
                                                     : nullptr;
  Constant *Site = Sites.ptr(H.Site);
  IRBuilder<> B(H.Call);
  // coroutine_handle holds exactly the frame pointer (libstdc++ and libc++).
  Value *Frame = H.ThroughThis ? B.CreateLoad(Ptr, H.Call->getArgOperand(0), "coroscope.frame")
                               : H.Call->getArgOperand(0);
  createHookMarker(B, Enter, Site, Frame);
  if (!Exit)
    return;
  // The exit hook rides on the resume/destroy itself (tagHookAfter says
  // why): on the intrinsic, or on the one in a copy of the std member made
  // for this call site.
  Intrinsic::ID IID =
      H.Op == log::kSiteResumeCall ? Intrinsic::coro_resume : Intrinsic::coro_destroy;
  if (!H.ThroughThis) {
    if (auto *II = dyn_cast<IntrinsicInst>(H.Call); II && II->getIntrinsicID() == IID) {
      tagHookAfter(*H.Call, Exit, Site);
      return;
    }
  } else if (Function *Copy = memberCopy(*H.Call->getCalledFunction(), H.Op, IID, Exit, Site, 0)) {
    H.Call->setCalledFunction(Copy);
    return;
  }
  // A member without a definition here: a marker after the call.
  IRBuilder<> After(afterCall(H.Call));
  createHookMarker(After, Exit, Site, Frame);
}

// A copy of a std::coroutine_handle member (resume(), operator(), which
// calls resume(), destroy()) for one call site, whose llvm.coro.resume or
// llvm.coro.destroy carries that site's exit hook; null if the member has
// no definition here or does not reach the intrinsic. The copy is internal
// and as small as the member: the inliner treats it alike.
Function *Instrumenter::memberCopy(Function &Member, log::SiteKind Op, Intrinsic::ID IID,
                                   const char *Exit, Constant *Site, int Depth) {
  if (Member.isDeclaration() || Depth > 2)
    return nullptr;
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&Member, VMap);
  Copy->setName(Member.getName() + ".coroscope");
  Copy->setLinkage(GlobalValue::InternalLinkage);
  Copy->setComdat(nullptr);
  bool Tagged = false;
  SmallVector<CallBase *, 2> Calls;
  for (Instruction &I : instructions(*Copy))
    if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction())
      Calls.push_back(CB);
  for (CallBase *CB : Calls) {
    Function *Callee = CB->getCalledFunction();
    if (Callee->getIntrinsicID() == IID) {
      tagHookAfter(*CB, Exit, Site);
      Tagged = true;
    } else if (stdHandleOp(*Callee) == Op) {
      if (Function *Inner = memberCopy(*Callee, Op, IID, Exit, Site, Depth + 1)) {
        CB->setCalledFunction(Inner);
        Tagged = true;
      }
    }
  }
  if (!Tagged) {
    Copy->eraseFromParent();
    return nullptr;
  }
  return Copy;
}

bool Instrumenter::run() {
  // Every coroutine is judged before any site is numbered, so that calls of
  // a skipped one get no site either.
  DenseMap<const Function *, size_t> Found;
  DenseSet<const Function *> Skipped;
  std::vector<HookedCoroutine> All;
  for (Function &F : M) {
    HookedCoroutine C;
    std::string Why;
    if (analyze(F, C, Why)) {
      Found[&F] = All.size();
      All.push_back(std::move(C));
    } else if (!Why.empty()) {
      Skipped.insert(&F);
      OptimizationRemarkEmitter ORE(&F);
      ORE.emit([&] {
        return OptimizationRemarkMissed(kPassName, "NotInstrumented", &F)
               << "coroscope: not instrumenting '" << demangledName(F.getName()) << "': " << Why;
      });
    }
  }
  for (Function &F : M) {
    if (auto It = Found.find(&F); It != Found.end()) {
      addSites(All[It->second]);
      Coros.push_back(std::move(All[It->second]));
    }
    collectHandleCalls(F, Skipped);
  }
  if (Sites.empty())
    return false;
  // A call site names its callee: the analyzer can then tell a direct call,
  // which elision could have removed, from an indirect one.
  DenseMap<const Function *, int> FunctionSite;
  for (const HookedCoroutine &C : Coros)
    FunctionSite[C.F] = C.Site;
  for (SiteInfo &S : Sites)
    if (S.Callee)
      if (auto It = FunctionSite.find(S.Callee); It != FunctionSite.end())
        S.FunctionIndex = It->second;
  Sites.emit((Opts.Optimized ? log::kBuildOptimized : 0) |
             (Opts.Facts ? log::kBuildBodyShapes : 0));
  findAwaiterTouches();
  for (HookedCoroutine &C : Coros) {
    HookPoints P = instrument(C);
    OptimizationRemarkEmitter ORE(C.F);
    ORE.emit([&] {
      return OptimizationRemark(kPassName, "Instrumented", C.F)
             << "coroscope: instrumented '" << demangledName(C.F->getName())
             << "': " << std::to_string(C.Suspends.size())
             << (C.Suspends.size() == 1 ? " suspend point" : " suspend points");
    });
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(kPassName, "HookPoints", C.F)
             << "coroscope: hooks in '" << demangledName(C.F->getName()) << "': alloc "
             << std::to_string(P.Allocs) << ", suspend " << std::to_string(P.Suspends)
             << ", cancel " << std::to_string(P.Cancels) << ", free " << std::to_string(P.Frees)
             << ", ramp-return " << std::to_string(P.RampReturns) << ", unwind-in-ramp "
             << std::to_string(P.UnwindRampReturns) << ", unwind-in-resume "
             << std::to_string(P.Unwinds);
    });
  }
  for (const HandleCall &H : HandleCalls)
    instrumentHandleCall(H);
  instrumentAwaiterTouches();
  for (const CoroutineCall &C : CoroutineCalls) {
    IRBuilder<> B(C.Call);
    createHookMarker(B, kCoroutineCall, Sites.ptr(C.Site), nullptr);
  }
  Sites.emitCtor();
  return true;
}

} // namespace

PreservedAnalyses CoroInstrumentPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // Changed: none() drops the function analyses analyze() read.
  bool Changed = Instrumenter(M, FAM, Opts).run();
  if (Opts.StripLocations)
    Changed |= StripDebugInfo(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace coroscope
