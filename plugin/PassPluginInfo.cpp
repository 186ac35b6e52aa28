//===- PassPluginInfo.cpp - The instrumentation pass as an opt plugin ------===//
//
// CoroScopePass.so holds only the IR pass, for `opt -load-pass-plugin` in IR
// tests. It cannot live in CoroScope.so: that library needs libclang-cpp, and
// Debian's libclang-cpp.so.19 registers LLVM command-line options a second
// time when loaded into opt ("Option 'pgo-cold-func-opt' registered more than
// once"), which aborts opt.
//
// USAGE:
//   opt-19 -load-pass-plugin=build/lib/CoroScopePass.so
//   -passes=coroscope,coroscope-lower,coroscope-fast x.ll
//
//===----------------------------------------------------------------------===//
#include "CoroInstrumentPass.h"
#include "HookFastPath.h"
#include "HookMarkers.h"

#include "compat/LLVMCompat.h"

#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "CoroScope", "0.1", [](PassBuilder &PB) {
            // By name only: clang's -fplugin= path adds the passes itself.
            // "coroscope" leaves the caller-side hooks as markers until
            // "coroscope-lower" (HookMarkers.h), which default<On> runs last.
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name == "coroscope")
                    MPM.addPass(coroscope::CoroInstrumentPass());
                  else if (Name == "coroscope-lower")
                    MPM.addPass(coroscope::HookLowerPass());
                  else if (Name == "coroscope-fast")
                    MPM.addPass(coroscope::HookFastPathPass());
                  else
                    return false;
                  return true;
                });
            coroscope::compat::registerOptimizerLast(PB,
                                                     [](ModulePassManager &MPM, OptimizationLevel) {
                                                       MPM.addPass(coroscope::HookLowerPass());
                                                       MPM.addPass(coroscope::HookFastPathPass());
                                                     });
          }};
}
