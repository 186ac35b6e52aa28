//===- CoroInstrumentPass.h - Instrument coroutine frames and suspend points -===//
//
// A module pass that runs at the start of the optimization pipeline, before
// CoroEarly and CoroSplit, while every coroutine is still in the shape Clang
// emits: llvm.coro.id/alloc/begin, one llvm.coro.save + llvm.coro.await.suspend.*
// + llvm.coro.suspend per suspend point, llvm.coro.free, llvm.coro.end. It
// inserts calls to the __coroscope_* hooks (runtime_hooks/include/coroscope/
// hooks.h) and emits one site table per module.
//
// USAGE:
//   clang++ -fplugin=build/lib/CoroScope.so ...          (through the AST action)
//   opt-19 -load-pass-plugin=build/lib/CoroScope.so -passes=coroscope in.ll
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_COROINSTRUMENTPASS_H
#define COROSCOPE_PLUGIN_COROINSTRUMENTPASS_H

#include "llvm/IR/PassManager.h"

namespace coroscope {

class CoroInstrumentPass : public llvm::PassInfoMixin<CoroInstrumentPass> {
public:
  /// StripLocations: the locations exist only because the plugin switched on
  /// location tracking for the site tables; drop them once the tables are
  /// built so the rest of the pipeline costs what a plain compile costs.
  explicit CoroInstrumentPass(bool StripLocations = false) : StripLocations(StripLocations) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  /// Coroutines must be instrumented at -O0 (optnone) too.
  static bool isRequired() { return true; }

private:
  bool StripLocations;
};

} // namespace coroscope

#endif
