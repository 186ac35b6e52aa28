//===- CoroScopePlugin.cpp - Clang plugin entry: one -fplugin= does it all -===//
//
// Registers the "coroscope" AST action, which runs before the main action so
// that it can (1) switch on source-location tracking when the compile has no
// debug info, so the IR pass sees file:line:col without any DWARF being
// emitted, (2) add the instrumentation pass to the optimization pipeline
// through CodeGenOptions::PassBuilderCallbacks, and (3) run the compile-time
// checks (checks/) on the AST, as ordinary warnings. The pass alone, for opt,
// is CoroScopePass.so (PassPluginInfo.cpp).
//
// USAGE:
//   clang++ -fplugin=build/lib/CoroScope.so -c x.cpp
//   clang++ -fplugin=build/lib/CoroScope.so -fplugin-arg-coroscope-help -c x.cpp
//   clang++ -fplugin=build/lib/CoroScope.so -fplugin-arg-coroscope-disable=capturing-lambda -c
//   x.cpp
//
//===----------------------------------------------------------------------===//
#include "CoroInstrumentPass.h"
#include "CoroutineFacts.h"
#include "HookFastPath.h"
#include "HookMarkers.h"
#include "checks/CheckRegistry.h"
#include "checks/CheckRunner.h"
#include "compat/LLVMCompat.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace coroscope {
namespace {

struct PluginOptions {
  bool Instrument = true;
  bool Checks = true;
  std::string ConfigPath;              // empty: search for .coroscope.json
  std::vector<checks::Toggle> Toggles; // enable=/disable=, in order
  std::vector<std::string> Blocking;
  bool Werror = false;
};

class CoroScopeAction : public clang::PluginASTAction {
  PluginOptions Opts;

protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        StringRef InFile) override {
    if (Opts.Instrument) {
      clang::CodeGenOptions &CG = CI.getCodeGenOpts();
      bool StripLocations = CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo;
      if (StripLocations)
        CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
      bool EmulatedTLS = CG.EmulatedTLS;
      CG.PassBuilderCallbacks.push_back([StripLocations, EmulatedTLS](PassBuilder &PB) {
        PB.registerPipelineStartEPCallback(
            [StripLocations](ModulePassManager &MPM, OptimizationLevel Level) {
              InstrumentOptions IO;
              IO.StripLocations = StripLocations;
              IO.Optimized = Level != OptimizationLevel::O0;
              IO.Facts = coroutineFactsOf;
              MPM.addPass(CoroInstrumentPass(std::move(IO)));
            });
        // After the last CoroElide: see HookMarkers.h.
        compat::registerOptimizerLast(PB, [EmulatedTLS](ModulePassManager &MPM, OptimizationLevel) {
          MPM.addPass(HookLowerPass());
          MPM.addPass(HookFastPathPass(EmulatedTLS));
        });
      });
    }
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    if (Opts.Instrument)
      Consumers.push_back(createCoroutineFactsConsumer());
    if (!Opts.Checks)
      return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
    llvm::Expected<checks::CheckOptions> C = checks::resolveOptions(
        InFile, Opts.ConfigPath, Opts.Toggles, CI.getDiagnosticOpts().Warnings);
    if (!C) {
      clang::DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
          << llvm::toString(C.takeError());
      // Not null: clang puts a plugin's consumer in a MultiplexConsumer
      // unchecked. The error above already fails the compile.
      return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
    }
    llvm::append_range(C->Blocking, Opts.Blocking);
    C->Werror = Opts.Werror;
    Consumers.push_back(checks::createCheckConsumer(*C));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
  }

  bool ParseArgs(const clang::CompilerInstance &CI, const std::vector<std::string> &Args) override {
    clang::DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      StringRef Key = StringRef(Arg).split('=').first;
      StringRef Value = StringRef(Arg).split('=').second;
      if (Key == "help") {
        llvm::errs()
            << "coroscope plugin arguments (-fplugin-arg-coroscope-<key>=<value>):\n"
               "  instrument=0|1          insert run-time hooks (default 1)\n"
               "  checks=0|1              run the compile-time checks (default 1)\n"
               "  disable=<check>[,...]   switch compile-time checks off\n"
               "  enable=<check>[,...]    switch opt-in checks on ("
            << checks::checkList(/*OnlyOptIn=*/true)
            << ")\n"
               "  blocking=<ns::fn>[,...] more blocking functions for blocking-call\n"
               "  config=<file>           config file (default: the nearest .coroscope.json)\n"
               "  werror                  report compile-time findings as errors\n"
               "  help                    print this text\n"
               "warning flags: -Wno-coroscope-<check>, -Wcoroscope-<check>, "
               "-Werror=coroscope-<check>, -Wno-coroscope (all)\n"
               "compile-time checks: "
            << checks::checkList() << "\n";
      } else if (Key == "instrument" && (Value == "0" || Value == "1")) {
        Opts.Instrument = Value == "1";
      } else if (Key == "checks" && (Value == "0" || Value == "1")) {
        Opts.Checks = Value == "1";
      } else if (Key == "werror" && Value.empty()) {
        Opts.Werror = true;
      } else if (Key == "config" && !Value.empty()) {
        Opts.ConfigPath = Value.str();
      } else if (Key == "blocking" && !Value.empty()) {
        SmallVector<StringRef, 4> Names;
        Value.split(Names, ',', -1, /*KeepEmpty=*/false);
        for (StringRef Name : Names) {
          Name = Name.trim();
          Name.consume_front("::");
          if (!Name.empty())
            Opts.Blocking.push_back(Name.str());
        }
      } else if ((Key == "disable" || Key == "enable") && !Value.empty()) {
        SmallVector<StringRef, 4> Names;
        Value.split(Names, ',', -1, /*KeepEmpty=*/false);
        for (StringRef Name : Names) {
          Name = Name.trim();
          if (!checks::findCheck(Name)) {
            D.Report(D.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                       "coroscope: unknown check '%0' in '%1' (known: %2)"))
                << Name << Arg << checks::checkList();
            return false;
          }
          Opts.Toggles.push_back({Key == "enable", Name.str()});
        }
      } else {
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
