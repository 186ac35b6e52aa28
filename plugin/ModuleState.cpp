//===- ModuleState.cpp - An instrumented module's thread-local state byte -===//
//
// See ModuleState.h. Each guard is
//
//   %s = load i8 @coroscope.state                 ; thread-local
//   br ((%s & Needs) == Needs), fast, retry
//   retry: br (%s == 0), first, slow
//   first: call @coroscope.module.attach()        ; once per thread
//          br ((reload & Needs) == Needs), fast, slow
//   slow: the hook call
//
//===----------------------------------------------------------------------===//
#include "ModuleState.h"

#include "coroscope/hooks.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace coroscope {
namespace {

constexpr const char *kStateName = "coroscope.state";
constexpr const char *kThreadName = "coroscope.thread";
constexpr const char *kAttachName = "coroscope.module.attach";
constexpr const char *kUnloadName = "coroscope.module.unload";
/// On a module's counters: the site table they count for.
constexpr const char *kSitesMD = "coroscope.sites";

Value *loadState(IRBuilder<> &B, GlobalVariable *State) {
  return B.CreateLoad(B.getInt8Ty(), B.CreateThreadLocalAddress(State), "coroscope.state");
}

Value *hasAll(IRBuilder<> &B, Value *S, uint8_t Needs) {
  return B.CreateICmpEQ(B.CreateAnd(S, B.getInt8(Needs)), B.getInt8(Needs));
}

/// The site table tagCounters named on G, or null for other globals.
GlobalVariable *tableOf(const GlobalVariable &G) {
  MDNode *N = G.getMetadata(kSitesMD);
  return N ? cast<GlobalVariable>(cast<ValueAsMetadata>(N->getOperand(0))->getValue()) : nullptr;
}

/// An internal thread-local of the module. Codegen picks its model: in code
/// for an executable local-exec, one %fs-relative access like a plain
/// global's; in a shared library's local-dynamic (a __tls_get_addr call,
/// shared by the function's accesses), which holds whether the library is
/// loaded at start-up or by dlopen.
GlobalVariable *moduleThreadLocal(Module &M, const char *Name, Type *Ty) {
  if (GlobalVariable *GV = M.getGlobalVariable(Name, /*AllowInternal=*/true))
    return GV;
  return new GlobalVariable(M, Ty, false, GlobalValue::InternalLinkage, Constant::getNullValue(Ty),
                            Name, nullptr, GlobalValue::GeneralDynamicTLSModel);
}

GlobalVariable *moduleThread(Module &M) {
  return moduleThreadLocal(M, kThreadName, PointerType::getUnqual(M.getContext()));
}

/// (Re)writes the destructor that tells the runtime a shared library's
/// registrations go away (coroscope/hooks.h, __coroscope_profile_module_unload),
/// one call for each table or stand-in the registration passed.
void finishModuleUnload(Module &M, ArrayRef<Value *> Tables) {
  LLVMContext &Ctx = M.getContext();
  Function *F = M.getFunction(kUnloadName);
  bool Fresh = !F;
  if (Fresh)
    F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                         GlobalValue::InternalLinkage, kUnloadName, M);
  else
    F->deleteBody(); // makes F a declaration: internal again below
  F->setLinkage(GlobalValue::InternalLinkage);
  F->addFnAttr(Attribute::Cold);
  F->addFnAttr(Attribute::NoUnwind);
  Type *Ptr = PointerType::getUnqual(Ctx);
  FunctionCallee Unload = M.getOrInsertFunction(
      COROSCOPE_PROFILE_UNLOAD_HOOK, FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false));
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  for (Value *Table : Tables)
    B.CreateCall(Unload, {Table});
  B.CreateRetVoid();
  // Priority 1, as the sites' constructor: after the library's own
  // destructors, which may still run coroutines.
  if (Fresh)
    appendToGlobalDtors(M, F, 1);
}

} // namespace

bool forSharedLibrary(const Module &M) {
  return M.getPICLevel() != PICLevel::NotPIC && M.getPIELevel() == PIELevel::Default;
}

GlobalVariable *moduleState(Module &M) {
  return moduleThreadLocal(M, kStateName, Type::getInt8Ty(M.getContext()));
}

Value *loadModuleThread(IRBuilder<> &B, Module &M) {
  return B.CreateAlignedLoad(B.getPtrTy(), B.CreateThreadLocalAddress(moduleThread(M)), Align(8),
                             "coroscope.thread");
}

Function *moduleAttach(Module &M) {
  if (Function *F = M.getFunction(kAttachName))
    return F;
  LLVMContext &Ctx = M.getContext();
  Function *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                 GlobalValue::InternalLinkage, kAttachName, M);
  F->addFnAttr(Attribute::Cold);
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(Attribute::NoUnwind);
  // A body until finishModuleAttach knows every table.
  ReturnInst::Create(Ctx, BasicBlock::Create(Ctx, "entry", F));
  return F;
}

void tagCounters(GlobalVariable *Counters, GlobalVariable *Table) {
  Counters->setMetadata(kSitesMD,
                        MDNode::get(Counters->getContext(), {ValueAsMetadata::get(Table)}));
}

GlobalVariable *taggedCounters(Module &M, GlobalVariable *Table) {
  for (GlobalVariable &G : M.globals())
    if (tableOf(G) == Table)
      return &G;
  return nullptr;
}

void finishModuleAttach(Module &M) {
  Function *F = M.getFunction(kAttachName);
  if (!F)
    return;
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx), *I8 = Type::getInt8Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  FunctionCallee Register = M.getOrInsertFunction(
      COROSCOPE_PROFILE_MODULE_HOOK, FunctionType::get(I8, {Ptr, I32, Ptr, Ptr}, false));
  F->deleteBody(); // makes F a declaration: internal again below
  F->setLinkage(GlobalValue::InternalLinkage);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  GlobalVariable *State = moduleState(M);
  Value *StateAddr = B.CreateThreadLocalAddress(State);
  Value *All = nullptr;
  SmallVector<Value *, 4> Tables;
  for (GlobalVariable &G : M.globals()) {
    GlobalVariable *Table = tableOf(G);
    if (!Table)
      continue;
    uint64_t Count = cast<ArrayType>(Table->getValueType())->getNumElements();
    Value *S = B.CreateCall(
        Register, {Table, B.getInt32(uint32_t(Count)), B.CreateThreadLocalAddress(&G), StateAddr});
    All = All ? B.CreateAnd(All, S) : S;
    Tables.push_back(Table);
  }
  if (!All) { // inline code without counters (activations only): the byte
              // alone, this function standing for the module's table
    All = B.CreateCall(
        Register, {F, B.getInt32(0), ConstantPointerNull::get(cast<PointerType>(Ptr)), StateAddr});
    Tables.push_back(F);
  }
  FunctionCallee Thread =
      M.getOrInsertFunction(COROSCOPE_PROFILE_THREAD_HOOK, FunctionType::get(Ptr, false));
  B.CreateAlignedStore(B.CreateCall(Thread), B.CreateThreadLocalAddress(moduleThread(M)), Align(8));
  B.CreateStore(All, StateAddr);
  B.CreateRetVoid();
  if (forSharedLibrary(M))
    finishModuleUnload(M, Tables);
}

BasicBlock *guardWithModuleState(CallInst *Call, uint8_t Needs) {
  Module &M = *Call->getModule();
  LLVMContext &Ctx = M.getContext();
  Function *F = Call->getFunction();
  BasicBlock *Head = Call->getParent();
  BasicBlock *Cont = SplitBlock(Head, Call->getNextNode());
  BasicBlock *Slow = SplitBlock(Head, Call);
  Slow->setName("coroscope.slow");
  Head->getTerminator()->eraseFromParent();
  BasicBlock *Fast = BasicBlock::Create(Ctx, "coroscope.fast", F, Slow);
  BasicBlock *Retry = BasicBlock::Create(Ctx, "coroscope.retry", F, Slow);
  BasicBlock *First = BasicBlock::Create(Ctx, "coroscope.first", F, Slow);
  GlobalVariable *State = moduleState(M);
  MDBuilder MDB(Ctx);

  IRBuilder<> B(Head);
  B.SetCurrentDebugLocation(Call->getDebugLoc());
  Value *S = loadState(B, State);
  B.CreateCondBr(hasAll(B, S, Needs), Fast, Retry, MDB.createLikelyBranchWeights());
  B.SetInsertPoint(Retry);
  B.CreateCondBr(B.CreateICmpEQ(S, B.getInt8(0)), First, Slow, MDB.createUnlikelyBranchWeights());
  B.SetInsertPoint(First);
  B.CreateCall(moduleAttach(M));
  B.CreateCondBr(hasAll(B, loadState(B, State), Needs), Fast, Slow);
  B.SetInsertPoint(Fast);
  B.CreateBr(Cont);
  return Fast;
}

bool expandModuleStateMarkers(Module &M) {
  bool Changed = false;
  for (const char *Name : {COROSCOPE_MODULE_STATE_MARKER, COROSCOPE_MODULE_THREAD_MARKER,
                           COROSCOPE_MODULE_ATTACH_MARKER}) {
    Function *Marker = M.getFunction(Name);
    if (!Marker)
      continue;
    StringRef What(Name);
    SmallVector<CallInst *, 64> Calls;
    for (User *U : Marker->users())
      if (auto *Call = dyn_cast<CallInst>(U); Call && Call->getCalledOperand() == Marker)
        Calls.push_back(Call);
    for (CallInst *Call : Calls) {
      IRBuilder<> B(Call);
      B.SetCurrentDebugLocation(Call->getDebugLoc());
      if (What == COROSCOPE_MODULE_STATE_MARKER)
        Call->replaceAllUsesWith(loadState(B, moduleState(M)));
      else if (What == COROSCOPE_MODULE_THREAD_MARKER)
        Call->replaceAllUsesWith(loadModuleThread(B, M));
      else
        B.CreateCall(moduleAttach(M));
      Call->eraseFromParent();
      Changed = true;
    }
    if (Marker->use_empty())
      Marker->eraseFromParent();
  }
  return Changed;
}

} // namespace coroscope
