//===- HookFastPath.h - Hook calls that cost no call when they need none ---===//
//
// A hook call is opaque: the coroutine spills its live registers around it
// and the optimizer cannot see through it, which on a lazy task chain costs
// more than everything the hooks do (docs/performance.md). Several hooks do
// nothing, store two words or bump one counter in the modes that most runs
// use: the checks-only hooks with COROSCOPE_CHECKS=0, and in profile mode
// frame_alloc and await_ready at a non-final suspend point. For those,
// HookFastPathPass puts in front of the call what -fprofile-instr-generate's
// counters and SanitizerCoverage's inline-8bit-counters emit: a test of
// the module's thread-local state byte (ModuleState.h), and the store or
// counter increment itself; the call stays, on the branch taken in trace
// mode, with the checks on, or before the thread's first event in the
// module has registered it.
//
// It runs at the end of the optimizer, after HookLowerPass, so no optimizer
// decision (inlining of a ramp, heap allocation elision) sees the branches.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_HOOKFASTPATH_H
#define COROSCOPE_PLUGIN_HOOKFASTPATH_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <cstddef>
#include <cstdint>

#include <optional>

namespace llvm {
class CallInst;
class Constant;
class DataLayout;
class GlobalVariable;
class Type;
class Value;
} // namespace llvm

namespace coroscope {

/// The coroscope site table V points into, with V's byte offset in it, if V
/// is such a constant; else null.
llvm::GlobalVariable *siteTableOf(llvm::Value *V, const llvm::DataLayout &DL, uint64_t &Offset);

/// The field at byte `Field` of the site descriptor V points to in a
/// coroscope site table, as a constant of type Ty; null when V is not such a
/// constant (e.g. a phi of two sites after SimplifyCFG sank two calls).
llvm::Constant *siteTableField(llvm::Value *V, size_t Field, llvm::Type *Ty,
                               const llvm::DataLayout &DL);

/// The direct calls of hook `Name` in M that have no fast path yet.
llvm::SmallVector<llvm::CallInst *, 16> unhandledHookCalls(llvm::Module &M, const char *Name);

class HookFastPathPass : public llvm::PassInfoMixin<HookFastPathPass> {
public:
  /// EmulatedTLS: the compile lowers thread-locals to __emutls_v.* objects
  /// (-femulated-tls, clang's CodeGenOptions::EmulatedTLS; Android's and
  /// OpenBSD's default), which the runtime does not define: the pass then
  /// leaves every call as it is. Unset: the target triple's default.
  explicit HookFastPathPass(std::optional<bool> EmulatedTLS = std::nullopt)
      : EmulatedTLS(EmulatedTLS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  /// -O0 code calls the same hooks.
  static bool isRequired() { return true; }

private:
  std::optional<bool> EmulatedTLS;
};

} // namespace coroscope

#endif
