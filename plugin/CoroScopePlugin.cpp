//===- CoroScopePlugin.cpp - Clang plugin entry: one -fplugin= does it all -===//
//
// Registers the "coroscope" AST action, which runs before the main action so
// that it can (1) switch on source-location tracking when the compile has no
// debug info, so the IR pass sees file:line:col without any DWARF being
// emitted, and (2) add the instrumentation pass to the optimization pipeline
// through CodeGenOptions::PassBuilderCallbacks. The pass alone, for opt, is
// CoroScopePass.so (PassPluginInfo.cpp).
//
// USAGE:
//   clang++ -fplugin=build/lib/CoroScope.so -c x.cpp
//   clang++ -fplugin=build/lib/CoroScope.so -fplugin-arg-coroscope-help -c x.cpp
//
//===----------------------------------------------------------------------===//
#include "CoroInstrumentPass.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace coroscope {
namespace {

void registerPipeline(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(CoroInstrumentPass()); });
}

struct PluginOptions {
  bool Instrument = true;
};

class CoroScopeAction : public clang::PluginASTAction {
  PluginOptions Opts;

protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        StringRef) override {
    if (Opts.Instrument) {
      clang::CodeGenOptions &CG = CI.getCodeGenOpts();
      if (CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
        CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
      CG.PassBuilderCallbacks.push_back(registerPipeline);
    }
    return std::make_unique<clang::ASTConsumer>();
  }

  bool ParseArgs(const clang::CompilerInstance &CI, const std::vector<std::string> &Args) override {
    for (const std::string &Arg : Args) {
      StringRef Key = StringRef(Arg).split('=').first;
      StringRef Value = StringRef(Arg).split('=').second;
      if (Key == "help") {
        llvm::errs() << "coroscope plugin arguments (-fplugin-arg-coroscope-<key>=<value>):\n"
                        "  instrument=0|1   insert run-time hooks (default 1)\n"
                        "  help             print this text\n";
      } else if (Key == "instrument" && (Value == "0" || Value == "1")) {
        Opts.Instrument = Value == "1";
      } else {
        clang::DiagnosticsEngine &D = CI.getDiagnostics();
        D.Report(D.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                   "coroscope: unknown plugin argument '%0' (try "
                                   "-fplugin-arg-coroscope-help)"))
            << Arg;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace
} // namespace coroscope

static clang::FrontendPluginRegistry::Add<coroscope::CoroScopeAction>
    X("coroscope", "coroscope: coroutine cost instrumentation and checks");
