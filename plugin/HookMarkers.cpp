//===- HookMarkers.cpp - Hooks that the optimizer cannot see until it is done -===//
//
// See HookMarkers.h for why caller-side hooks wait for the end of the
// optimizer. A marker names its hook through its third operand, a private
// constant string `@coroscope.marker.<hook>` holding the hook's name, and the
// hook's arity (1: site; 2: site, frame) through its fourth; a
// "coroscope.hook_after" bundle names it through its second input. An edge
// marker (createEdgeHookMarker) has a phi of such names for its third
// operand, which the optimizer may have turned into selects or phis of them.
//
//===----------------------------------------------------------------------===//
#include "HookMarkers.h"
#include "HookNames.h"
#include "compat/LLVMCompat.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace coroscope {

using hook_names::kHookPrefix;

namespace {
constexpr const char *kMarkerPrefix = "coroscope.marker.";
constexpr const char *kHookAfter = "coroscope.hook_after"; // (site, hook name)
} // namespace

FunctionType *hookType(LLVMContext &Ctx, StringRef Name) {
  Type *SiteArray = PointerType::getUnqual(Ctx), *Site = SiteArray, *Ptr = SiteArray;
  Type *U64 = Type::getInt64Ty(Ctx);
#define COROSCOPE_HOOK_PARAMS(...)                                                                 \
  std::initializer_list<Type *> { __VA_ARGS__ }
#define COROSCOPE_HOOK(Name_, symbol, params)                                                      \
  if (Name == #symbol)                                                                             \
    return FunctionType::get(Type::getVoidTy(Ctx), ArrayRef<Type *>(COROSCOPE_HOOK_PARAMS params), \
                             false);
#include "coroscope/hooks.def"
#undef COROSCOPE_HOOK_PARAMS
  llvm_unreachable("not a hook of hooks.def");
}

FunctionCallee declareHook(Module &M, StringRef Name, bool KeepsSite) {
  FunctionType *FT = hookType(M.getContext(), Name);
  FunctionCallee Callee = M.getOrInsertFunction(Name, FT);
  if (auto *Fn = dyn_cast<Function>(Callee.getCallee())) {
    Fn->setDoesNotThrow();
    // The inliner must price a ramp exactly as it would without the hooks:
    // CoroElide can only elide a frame whose ramp was inlined into the
    // caller, and five hook calls push a small ramp over the threshold.
    // InlineCost reads "call-inline-cost" from the callee and uses it as the
    // whole cost of the call.
    Fn->addFnAttr("call-inline-cost", "0");
    // Hooks read the site descriptor and write only runtime state; frame
    // pointers are logged as numbers, never dereferenced or kept.
    Fn->setMemoryEffects(MemoryEffects::argMemOnly(ModRefInfo::Ref) |
                         MemoryEffects::inaccessibleMemOnly(ModRefInfo::ModRef));
    for (unsigned I = 0; I < FT->getNumParams(); ++I)
      if (FT->getParamType(I)->isPointerTy() && !(I == 0 && KeepsSite)) {
        compat::addNoCaptureParam(*Fn, I);
        if (I > 0)
          Fn->addParamAttr(I, Attribute::ReadNone);
      }
  }
  return Callee;
}

static GlobalVariable *markerName(Module &M, StringRef Hook) {
  std::string Name = (kMarkerPrefix + Hook).str();
  if (GlobalVariable *GV = M.getGlobalVariable(Name, /*AllowInternal=*/true))
    return GV;
  Constant *Str = ConstantDataArray::getString(M.getContext(), Hook);
  // Not unnamed_addr: ConstantMerge must not fold it into a look-alike.
  auto *GV = new GlobalVariable(M, Str->getType(), /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                Str, Name);
  GV->setAlignment(Align(1));
  return GV;
}

static CallInst *createMarker(IRBuilder<> &B, Value *Name, Constant *Site, Value *Frame) {
  Module &M = *B.GetInsertBlock()->getModule();
  Type *Ptr = B.getPtrTy();
  Function *Annotation = compat::intrinsicDeclaration(M, Intrinsic::var_annotation, {Ptr, Ptr});
  unsigned Arity = Frame ? 2 : 1;
  Value *FrameArg = Frame ? Frame : ConstantPointerNull::get(cast<PointerType>(Ptr));
  CallInst *Marker = B.CreateCall(Annotation, {FrameArg, Site, Name, B.getInt32(Arity),
                                               ConstantPointerNull::get(cast<PointerType>(Ptr))});
  // The frame and site are only logged: the marker must not make the frame
  // escape where the hook would not (capture tracking reads call sites).
  compat::addNoCaptureParam(*Marker, 0);
  Marker->addParamAttr(0, Attribute::ReadNone);
  compat::addNoCaptureParam(*Marker, 1);
  Marker->addParamAttr(1, Attribute::ReadOnly);
  return Marker;
}

CallInst *createHookMarker(IRBuilder<> &B, StringRef Hook, Constant *Site, Value *Frame) {
  return createMarker(B, markerName(*B.GetInsertBlock()->getModule(), Hook), Site, Frame);
}

CallInst *createEdgeHookMarker(BasicBlock &Succ, function_ref<StringRef(BasicBlock *)> HookOf,
                               Constant *Site, Value *Frame, const DebugLoc &Loc) {
  Module &M = *Succ.getModule();
  IRBuilder<> B(&Succ, Succ.begin());
  PHINode *Name = B.CreatePHI(B.getPtrTy(), pred_size(&Succ), "coroscope.hook");
  for (BasicBlock *Pred : predecessors(&Succ))
    Name->addIncoming(markerName(M, HookOf(Pred)), Pred);
  B.SetInsertPoint(&Succ, Succ.getFirstInsertionPt());
  B.SetCurrentDebugLocation(Loc);
  return createMarker(B, Name, Site, Frame);
}

Instruction *afterCall(CallBase *Call) {
  auto *Inv = dyn_cast<InvokeInst>(Call);
  if (!Inv)
    return Call->getNextNode();
  BasicBlock *Normal = Inv->getNormalDest();
  if (!Normal->getSinglePredecessor())
    Normal = SplitEdge(Inv->getParent(), Normal);
  return &*Normal->getFirstInsertionPt();
}

/// The hook named by V, a markerName() global, or "".
static StringRef hookNamed(const Value *V) {
  const auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  if (!GV || !GV->getName().starts_with(kMarkerPrefix) || !GV->hasInitializer())
    return "";
  const auto *Str = dyn_cast<ConstantDataArray>(GV->getInitializer());
  if (!Str || !Str->isCString())
    return "";
  StringRef Hook = Str->getAsCString();
  return Hook.starts_with(kHookPrefix) ? Hook : "";
}

/// The hook a marker stands for, or "" if Call is not a marker.
static StringRef markedHook(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->getIntrinsicID() != Intrinsic::var_annotation)
    return "";
  return hookNamed(Call.getArgOperand(2));
}

/// The hooks an edge marker's name operand V can stand for; false if V is
/// not (a phi or select of) marker names. Undef (an edge the optimizer
/// found dead) stands for none.
static bool edgeHooks(Value *V, SmallPtrSetImpl<Value *> &Seen, SmallSetVector<Value *, 4> &Names,
                      bool &Undef) {
  if (!Seen.insert(V).second)
    return true;
  if (isa<UndefValue>(V)) {
    Undef = true;
    return true;
  }
  if (!hookNamed(V).empty()) {
    Names.insert(V);
    return true;
  }
  if (auto *Phi = dyn_cast<PHINode>(V))
    return all_of(Phi->incoming_values(),
                  [&](Value *In) { return edgeHooks(In, Seen, Names, Undef); });
  if (auto *Sel = dyn_cast<SelectInst>(V))
    return edgeHooks(Sel->getTrueValue(), Seen, Names, Undef) &&
           edgeHooks(Sel->getFalseValue(), Seen, Names, Undef);
  return false;
}

namespace {
/// What an edge marker's name operand can stand for.
struct EdgeMarkerHooks {
  SmallSetVector<Value *, 4> Names;
  bool Undef = false; ///< some edge was found dead

  /// The one hook every live edge runs, or null.
  Value *only() const { return Names.size() == 1 && !Undef ? Names[0] : nullptr; }
};
} // namespace

/// The one marker name V always stands for (CoroSplit gives each incoming
/// value of a phi a phi of its own), or null.
static Value *edgeHook(Value *V) {
  SmallPtrSet<Value *, 8> Seen;
  EdgeMarkerHooks Hooks;
  return edgeHooks(V, Seen, Hooks.Names, Hooks.Undef) ? Hooks.only() : nullptr;
}

static bool isEdgeHookMarker(const CallBase &Call, EdgeMarkerHooks &Hooks) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->getIntrinsicID() != Intrinsic::var_annotation ||
      isa<Constant>(Call.getArgOperand(2)))
    return false;
  SmallPtrSet<Value *, 8> Seen;
  return edgeHooks(Call.getArgOperand(2), Seen, Hooks.Names, Hooks.Undef) && !Hooks.Names.empty();
}

bool isHookMarker(const CallBase &Call) {
  EdgeMarkerHooks Hooks;
  return !markedHook(Call).empty() || isEdgeHookMarker(Call, Hooks);
}

static uint32_t hookAfterTag(LLVMContext &Ctx) {
  return Ctx.getOrInsertBundleTag(kHookAfter)->getValue();
}

CallBase *tagHookAfter(CallBase &Call, StringRef Hook, Constant *Site) {
  Module &M = *Call.getModule();
  OperandBundleDef Bundle(kHookAfter, std::vector<Value *>{Site, markerName(M, Hook)});
  CallBase *Tagged =
      CallBase::addOperandBundle(&Call, hookAfterTag(M.getContext()), Bundle, Call.getIterator());
  Tagged->addFnAttr(Attribute::NoInline);
  Tagged->takeName(&Call);
  Call.replaceAllUsesWith(Tagged);
  Call.eraseFromParent();
  return Tagged;
}

bool hasHookAfter(const CallBase &Call) { return Call.getOperandBundle(kHookAfter).has_value(); }

/// Inserts `Hook(Site, frame)` where Call returns normally, and takes the
/// bundle off: the code generator accepts no unknown bundle.
static void lowerHookAfter(Module &M, CallBase &Call) {
  OperandBundleUse Bundle = *Call.getOperandBundle(kHookAfter);
  auto *Site = dyn_cast<Constant>(Bundle.Inputs[0].get());
  StringRef Hook = hookNamed(Bundle.Inputs[1].get());
  CallBase *Plain =
      CallBase::removeOperandBundle(&Call, hookAfterTag(M.getContext()), Call.getIterator());
  Plain->takeName(&Call);
  Call.replaceAllUsesWith(Plain);
  Call.eraseFromParent();
  if (!Site || Hook.empty() || Plain->arg_size() < 1 ||
      !Plain->getArgOperand(0)->getType()->isPointerTy())
    return;
  IRBuilder<> B(afterCall(Plain));
  B.CreateCall(declareHook(M, Hook), {Site, Plain->getArgOperand(0)})
      ->setDebugLoc(Plain->getDebugLoc());
}

/// The hook (null: none) for each edge into an edge marker's block, if the
/// marker can move onto them: its name is still a phi there, and nothing
/// before it in the block has an effect the hook must follow.
static bool hooksOnEdges(CallInst &Marker,
                         SmallVectorImpl<std::pair<BasicBlock *, Value *>> &Edges) {
  BasicBlock *BB = Marker.getParent();
  auto *Phi = dyn_cast<PHINode>(Marker.getArgOperand(2));
  auto OutsideBB = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return !I || I->getParent() != BB;
  };
  if (!Phi || Phi->getParent() != BB || BB->isEHPad() || !OutsideBB(Marker.getArgOperand(0)) ||
      !OutsideBB(Marker.getArgOperand(1)) ||
      any_of(make_range(BB->getFirstNonPHIIt(), Marker.getIterator()),
             [](Instruction &I) { return I.mayHaveSideEffects(); }))
    return false;
  for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I) {
    BasicBlock *Pred = Phi->getIncomingBlock(I);
    Value *In = Phi->getIncomingValue(I);
    Value *Hook = isa<UndefValue>(In) ? nullptr : edgeHook(In);
    if ((!Hook && !isa<UndefValue>(In)) ||
        !isa<BranchInst, SwitchInst, InvokeInst>(Pred->getTerminator()) ||
        count(successors(Pred), BB) != 1)
      return false;
    Edges.push_back({Pred, Hook});
  }
  return true;
}

/// Lowers an edge marker: in place when only one hook can reach it (the
/// ramp, a clone that keeps one edge); else on the edges into its block,
/// where createEdgeHookMarker meant them, if hooksOnEdges allows; else,
/// whatever the optimizer made of the name, behind a compare of the name
/// for each hook.
static void lowerEdgeMarker(Module &M, CallInst &Marker, const EdgeMarkerHooks &Hooks) {
  Value *Frame = Marker.getArgOperand(0), *Site = Marker.getArgOperand(1);
  Value *Name = Marker.getArgOperand(2);
  auto Emit = [&](Instruction *At, Value *Hook) {
    IRBuilder<> B(At);
    B.CreateCall(declareHook(M, hookNamed(Hook)), {Site, Frame})->setDebugLoc(Marker.getDebugLoc());
  };
  SmallVector<std::pair<BasicBlock *, Value *>, 4> Edges;
  if (Value *Only = Hooks.only()) {
    Emit(&Marker, Only);
  } else if (hooksOnEdges(Marker, Edges)) {
    for (auto [Pred, Hook] : Edges)
      if (Hook)
        Emit(SplitEdge(Pred, Marker.getParent())->getTerminator(), Hook);
  } else {
    IRBuilder<> B(&Marker);
    Value *Frozen = B.CreateFreeze(Name); // no branch on an undef edge's name
    for (Value *Hook : Hooks.Names) {
      B.SetInsertPoint(&Marker);
      Emit(SplitBlockAndInsertIfThen(B.CreateICmpEQ(Frozen, Hook), Marker.getIterator(), false),
           Hook);
    }
  }
  Marker.eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructions(Name);
}

PreservedAnalyses HookLowerPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<CallInst *, 64> Markers;
  SmallVector<CallBase *, 64> Tagged;
  for (Function &F : M) {
    if (F.getIntrinsicID() == Intrinsic::var_annotation)
      for (User *U : F.users())
        if (auto *Call = dyn_cast<CallInst>(U); Call && isHookMarker(*Call))
          Markers.push_back(Call);
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I); Call && hasHookAfter(*Call))
          Tagged.push_back(Call);
  }
  if (Markers.empty() && Tagged.empty())
    return PreservedAnalyses::all();
  for (CallBase *Call : Tagged)
    lowerHookAfter(M, *Call);
  for (CallInst *Marker : Markers) {
    StringRef Hook = markedHook(*Marker);
    if (EdgeMarkerHooks Hooks; Hook.empty()) {
      isEdgeHookMarker(*Marker, Hooks);
      lowerEdgeMarker(M, *Marker, Hooks);
      continue;
    }
    bool WithFrame = cast<ConstantInt>(Marker->getArgOperand(3))->getZExtValue() == 2;
    SmallVector<Value *, 2> Args{Marker->getArgOperand(1)};
    if (WithFrame)
      Args.push_back(Marker->getArgOperand(0));
    FunctionCallee Callee = declareHook(M, Hook, /*KeepsSite=*/!WithFrame);
    assert(Callee.getFunctionType()->getNumParams() == Args.size() &&
           "a marker's arguments are its hook's parameters");
    IRBuilder<> B(Marker);
    B.CreateCall(Callee, Args)->setDebugLoc(Marker->getDebugLoc());
    Marker->eraseFromParent();
  }
  for (GlobalVariable &GV : make_early_inc_range(M.globals()))
    if (GV.getName().starts_with(kMarkerPrefix) && GV.use_empty())
      GV.eraseFromParent();
  for (Function &F : make_early_inc_range(M))
    if (F.getIntrinsicID() == Intrinsic::var_annotation && F.use_empty())
      F.eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace coroscope
