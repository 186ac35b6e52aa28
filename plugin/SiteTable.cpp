//===- SiteTable.cpp - The site descriptors of one instrumented module ----===//
//
// The array is laid out as the runtime reads it, struct __coroscope_site of
// coroscope/hooks.h; emit() checks the IR struct's layout against the C one.
//
//===----------------------------------------------------------------------===//
#include "SiteTable.h"
#include "HookMarkers.h"
#include "HookNames.h"
#include "SiteNames.h"
#include "coroscope/hooks.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cassert>
#include <cstddef>
#include <iterator>

using namespace llvm;

namespace coroscope {

using namespace hook_names;

static constexpr const char *kCtorName = "coroscope.module_ctor";

/// The file as a path that stays valid wherever the report is read: debug
/// info keeps a file relative to the compile's working directory.
static std::string sourcePath(StringRef Dir, StringRef File) {
  if (File.empty() || sys::path::is_absolute(File) || Dir.empty())
    return File.str();
  SmallString<256> Full(Dir);
  sys::path::append(Full, File);
  sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
  return std::string(Full);
}

/// Whether the IR site struct lies in memory as struct __coroscope_site does
/// on the host. Both follow the C ABI, so they differ only if one is edited
/// without the other; hooks.h static_asserts the host's offsets, and
/// HookFastPath.cpp reads fields at them. Targets whose pointers are not the
/// host's are not compared.
[[maybe_unused]] static bool matchesRuntimeLayout(const DataLayout &DL, StructType *Ty) {
  // One per IR element; flags, build and reserved are one [3 x i8].
  static constexpr size_t Offsets[] = {
      offsetof(__coroscope_site, id),       offsetof(__coroscope_site, kind),
      offsetof(__coroscope_site, flags),    offsetof(__coroscope_site, line),
      offsetof(__coroscope_site, column),   offsetof(__coroscope_site, reserved2),
      offsetof(__coroscope_site, function), offsetof(__coroscope_site, name),
      offsetof(__coroscope_site, file),     offsetof(__coroscope_site, awaiter)};
  if (Ty->getNumElements() != std::size(Offsets))
    return false;
  if (DL.getPointerSize() != sizeof(void *))
    return true;
  const StructLayout *SL = DL.getStructLayout(Ty);
  if (SL->getSizeInBytes().getFixedValue() != sizeof(__coroscope_site))
    return false;
  for (unsigned I = 0; I < std::size(Offsets); ++I)
    if (SL->getElementOffset(I).getFixedValue() != Offsets[I])
      return false;
  return true;
}

SiteTable::SiteTable(Module &M) : M(M), Ctx(M.getContext()) {}

SiteInfo SiteTable::in(const Function &F, log::SiteKind K) const {
  SiteInfo S(K);
  S.Name = demangledName(F.getName());
  if (const DISubprogram *SP = F.getSubprogram()) {
    S.File = sourcePath(SP->getDirectory(), SP->getFilename());
    S.Line = SP->getLine();
  } else {
    S.File = M.getSourceFileName();
  }
  return S;
}

void SiteTable::setLocation(const DILocation *Loc, SiteInfo &S) {
  if (!Loc)
    return;
  // Code inlined before we run (always_inline awaiters) reports the outermost
  // location, which is the line in the coroutine body.
  while (const DILocation *At = Loc->getInlinedAt())
    Loc = At;
  S.Line = Loc->getLine();
  S.Column = Loc->getColumn();
  if (!Loc->getFilename().empty())
    S.File = sourcePath(Loc->getDirectory(), Loc->getFilename());
}

Constant *SiteTable::stringPtr(StringRef S) {
  auto It = Strings.find(S);
  if (It != Strings.end())
    return It->second;
  Constant *Init = ConstantDataArray::getString(Ctx, S, /*AddNull=*/true);
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Init, "coroscope.str");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(1));
  Strings[S] = GV;
  return GV;
}

// STEP 2: one writable array of descriptors in section coroscope_sites; the
// runtime stores each descriptor's id into its first field at start-up.
void SiteTable::emit(uint8_t Build) {
  Type *I8 = Type::getInt8Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  SiteTy = StructType::create(
      Ctx, {I32, I8, ArrayType::get(I8, 3), I32, I32, I32, Ptr, Ptr, Ptr, Ptr}, "coroscope.site");
  assert(matchesRuntimeLayout(M.getDataLayout(), SiteTy) &&
         "the IR site record is not struct __coroscope_site (coroscope/hooks.h)");
  ArrayType *ArrTy = ArrayType::get(SiteTy, Sites.size());
  Table = new GlobalVariable(M, ArrTy, /*isConstant=*/false, GlobalValue::PrivateLinkage, nullptr,
                             "coroscope.sites");
  Table->setSection(kSitesSection);
  Table->setAlignment(Align(8));
  std::vector<Constant *> Elems;
  for (const SiteInfo &S : Sites) {
    Constant *Fn = S.FunctionIndex >= 0 ? ptr(S.FunctionIndex)
                                        : ConstantPointerNull::get(PointerType::getUnqual(Ctx));
    Elems.push_back(ConstantStruct::get(
        SiteTy,
        {ConstantInt::get(I32, 0), ConstantInt::get(I8, S.Kind),
         ConstantArray::get(
             ArrayType::get(I8, 3),
             {ConstantInt::get(I8, S.Flags), ConstantInt::get(I8, Build), ConstantInt::get(I8, 0)}),
         ConstantInt::get(I32, S.Line), ConstantInt::get(I32, S.Column), ConstantInt::get(I32, 0),
         Fn, stringPtr(S.Name), stringPtr(S.File), stringPtr(S.Awaiter)}));
  }
  Table->setInitializer(ConstantArray::get(ArrTy, Elems));
  appendToCompilerUsed(M, {Table});
}

Constant *SiteTable::ptr(int Index) const {
  Type *I32 = Type::getInt32Ty(Ctx);
  Constant *Idx[] = {ConstantInt::get(I32, 0), ConstantInt::get(I32, Index)};
  return ConstantExpr::getInBoundsGetElementPtr(Table->getValueType(), Table, Idx);
}

// STEP 5: register the table from a COMDAT constructor, once per linked image
// (sancov's scheme: hidden weak section bounds, the whole image's range).
void SiteTable::emitCtor() {
  if (M.getFunction(kCtorName))
    return;
  auto Bound = [&](const std::string &Name) {
    auto *GV =
        new GlobalVariable(M, SiteTy, false, GlobalValue::ExternalWeakLinkage, nullptr, Name);
    GV->setVisibility(GlobalValue::HiddenVisibility);
    return GV;
  };
  // The linker's names for the bounds of section kSitesSection.
  GlobalVariable *Start = Bound(std::string("__start_") + kSitesSection);
  GlobalVariable *Stop = Bound(std::string("__stop_") + kSitesSection);
  FunctionCallee Init = M.getOrInsertFunction(kSitesInit, hookType(Ctx, kSitesInit));
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::WeakODRLinkage, kCtorName, M);
  Ctor->setVisibility(GlobalValue::HiddenVisibility);
  Ctor->setComdat(M.getOrInsertComdat(kCtorName));
  Ctor->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  B.CreateCall(Init, {Start, Stop});
  B.CreateRetVoid();
  // Priority 1 like the sanitizers: sites are known before user constructors
  // (which may already run coroutines).
  appendToGlobalCtors(M, Ctor, 1, Ctor);
}

} // namespace coroscope
