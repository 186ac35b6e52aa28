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

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace coroscope {

/// A local or by-value parameter of a coroutine that lives across a suspend
/// point, so it is part of the coroutine frame (FrameLocals.h finds them).
struct FrameLocal {
  std::string Name; ///< the variable or parameter
  std::string Type; ///< as Clang prints it
  std::string File; ///< where it is declared
  uint32_t Line = 0, Column = 0;
  uint64_t Bytes = 0;      ///< sizeof its type
  uint32_t AcrossLine = 0; ///< the first suspend point it lives across
};

/// A coroutine whose body only forwards a task (checks/ForwardingBody.h):
/// where its co_await is, and the callee it forwards.
struct ForwardingBody {
  std::string Callee; ///< qualified name
  std::string File;
  uint32_t Line = 0, Column = 0;
};

/// What the AST knows of one coroutine definition and the IR does not
/// (CoroutineFacts.h records it, keyed by the coroutine's mangled name).
struct CoroutineFacts {
  /// Its large locals that live across a suspend point, largest first.
  std::vector<FrameLocal> Locals;
  /// Set when its body only forwards a task.
  std::optional<ForwardingBody> Forwarding;
  /// Its return object can be co_awaited (checks::declaresAwaitInterface, or
  /// the translation unit co_awaits that class): a frame destroyed unstarted
  /// is then a task nobody awaited. False for a frame made to be resumed by
  /// hand or not at all, e.g. a continuation run only on cancellation.
  bool ReturnsAwaitable = true;
};

struct InstrumentOptions {
  /// The locations exist only because the plugin switched on location
  /// tracking for the site tables: drop them once the tables are built so
  /// the rest of the pipeline costs what a plain compile costs.
  bool StripLocations = false;
  /// The module is compiled at -O1 or above: elision (HALO) could apply.
  bool Optimized = false;
  /// The AST's facts on a coroutine by mangled name, null when it recorded
  /// none (not available in opt). Set, the module's sites say
  /// kBuildBodyShapes: a coroutine without a forwarding-body site is known
  /// to do more than forward.
  std::function<const CoroutineFacts *(llvm::StringRef)> Facts;
};

class CoroInstrumentPass : public llvm::PassInfoMixin<CoroInstrumentPass> {
public:
  explicit CoroInstrumentPass(InstrumentOptions Opts = {}) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  /// Coroutines must be instrumented at -O0 (optnone) too.
  static bool isRequired() { return true; }

private:
  InstrumentOptions Opts;
};

} // namespace coroscope

#endif
