//===- lint/lint_tool.cpp - Compile-time checks over a compilation db ----===//
//
// Runs plugin/checks/ (the very objects linked into CoroScope.so) through
// libTooling: every compile command is turned into a syntax-only parse with
// the checks' AST consumer, in worker threads. The commands usually come
// from a g++ build, so they are adjusted for clang 19 first: its resource
// directory, no option clang's driver does not know, no CoroScope.so plugin
// (the checks already run in-process; loading the plugin would report every
// finding twice). Diagnostics are caught by a DiagnosticConsumer that keeps
// the checks' warnings and their notes (rendered by Clang's own printer, so
// the text is exactly what the plugin prints) and the errors that make a
// file unusable, and drops the compiler's ordinary warnings: a lint step
// reports coroscope findings only.
//
//===----------------------------------------------------------------------===//
#include "lint/lint_tool.h"

#include "checks/CheckRegistry.h"
#include "checks/CheckRunner.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>
#include <thread>
#include <tuple>

#ifndef COROSCOPE_CLANG_RESOURCE_DIR
#error "COROSCOPE_CLANG_RESOURCE_DIR must be defined (analyzer/CMakeLists.txt)"
#endif

using namespace clang;
using namespace clang::tooling;

namespace coroscope::analyzer::lint {

namespace {

std::string cleanPath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// The commands looked up once, on the main thread, so the workers share no
/// mutable state (and a file's commands are known to exist before any runs).
class FixedCommands : public CompilationDatabase {
public:
  std::map<std::string, std::vector<CompileCommand>> ByFile;
  std::vector<CompileCommand> getCompileCommands(llvm::StringRef File) const override {
    auto It = ByFile.find(std::string(File));
    return It == ByFile.end() ? std::vector<CompileCommand>{} : It->second;
  }
};

bool isCoroScopePlugin(llvm::StringRef Arg) {
  if (Arg.starts_with("-fplugin-arg-coroscope-"))
    return true;
  return Arg.consume_front("-fplugin=") && llvm::sys::path::filename(Arg) == "CoroScope.so";
}

/// Removes the plugin (as -fplugin= or as cc1 options), every option clang 19's driver does not know (GCC's
/// -fconcepts-diagnostics-depth=, -fno-tree-..., and the like: clang rejects
/// them as "unknown argument"), and a -resource-dir of another clang; then
/// points clang at its own resource directory and silences what is left of
/// GCC-only warnings and unused arguments.
CommandLineArguments adjustForClang(const CommandLineArguments &In, llvm::StringRef) {
  if (In.empty())
    return In;
  // Which arguments the driver cannot parse, by index.
  std::vector<const char *> Ptrs;
  for (size_t I = 1; I < In.size(); ++I)
    Ptrs.push_back(In[I].c_str());
  std::set<unsigned> Unknown;
  {
    const llvm::opt::OptTable &Table = driver::getDriverOptTable();
    unsigned MissingIndex = 0, MissingCount = 0;
    llvm::opt::InputArgList Parsed =
        Table.ParseArgs(Ptrs, MissingIndex, MissingCount,
                        llvm::opt::Visibility(driver::options::ClangOption));
    for (const llvm::opt::Arg *A : Parsed.filtered(driver::options::OPT_UNKNOWN))
      Unknown.insert(A->getIndex() + 1);
  }
  CommandLineArguments Out{In[0]};
  size_t Separator = std::string::npos;
  for (size_t I = 1; I < In.size(); ++I) {
    llvm::StringRef A = In[I];
    if (A == "--" && Separator == std::string::npos)
      Separator = Out.size();
    if (Separator == std::string::npos) {
      if (Unknown.count(I) || isCoroScopePlugin(A) || A.starts_with("-resource-dir="))
        continue;
      // The cc1 spellings: -Xclang -load -Xclang .../CoroScope.so,
      // -Xclang -add-plugin|-plugin -Xclang coroscope,
      // -Xclang -plugin-arg-coroscope -Xclang VALUE.
      if (A == "-Xclang" && I + 3 < In.size() && In[I + 2] == "-Xclang") {
        llvm::StringRef Op = In[I + 1], Value = In[I + 3];
        if ((Op == "-load" && llvm::sys::path::filename(Value) == "CoroScope.so") ||
            ((Op == "-add-plugin" || Op == "-plugin") && Value == "coroscope") ||
            Op == "-plugin-arg-coroscope") {
          I += 3;
          continue;
        }
      }
      if (A == "-resource-dir") { // and its value
        ++I;
        continue;
      }
    }
    Out.push_back(In[I]);
  }
  const char *Added[] = {"-resource-dir=" COROSCOPE_CLANG_RESOURCE_DIR,
                         "-Wno-unknown-warning-option", "-Qunused-arguments"};
  auto At = Separator == std::string::npos ? Out.end() : Out.begin() + Separator;
  Out.insert(At, std::begin(Added), std::end(Added));
  return Out;
}

/// Keeps the checks' findings and the errors; see the file comment.
class LintDiagnostics : public DiagnosticConsumer {
public:
  LintDiagnostics() : Opts(new DiagnosticOptions), OS(Buffer), Printer(OS, Opts.get()) {
    Opts->ShowColors = false;
    // The commands run in their own directories: "../x.cpp" would mean
    // nothing to whoever reads the log.
    Opts->AbsolutePath = true;
  }

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
    FileLangOpts = &LO;
    FilePP = PP;
  }
  void EndSourceFile() override {
    Printer.EndSourceFile();
    FileLangOpts = nullptr;
    FilePP = nullptr;
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    llvm::StringRef M = Msg;
    if (Level == DiagnosticsEngine::Note) {
      if (Last == Kept::Finding) {
        Findings.back().notes.push_back({position(Info), M.str()});
        Findings.back().text += render(Level, Info);
      } else if (Last == Kept::Error) {
        Errors += render(Level, Info);
      }
      return;
    }
    Last = Kept::None;
    // The tag as CheckRunner.cpp writes it: [-Wcoroscope-<check>], or
    // [-Werror,-Wcoroscope-<check>] for an error.
    size_t Tag = M.rfind(" [");
    llvm::StringRef Check = Tag == llvm::StringRef::npos ? "" : M.substr(Tag + 2);
    Check.consume_front("-Werror,");
    if ((Level == DiagnosticsEngine::Warning || Level == DiagnosticsEngine::Error) &&
        Check.consume_front("-Wcoroscope-") && Check.consume_back("]")) {
      LintFinding F;
      F.check = Check.str();
      F.severity = Level == DiagnosticsEngine::Error ? "error" : "warning";
      if (Level == DiagnosticsEngine::Error)
        ++ErrorFindings;
      F.function = std::move(PendingFunction);
      F.where = position(Info);
      F.message = M.substr(0, Tag).str();
      // Findings are deduplicated across files and sorted, so each text
      // must stand alone: its own "In file included from" lines, even when
      // an earlier finding of this file (perhaps one dropped as a duplicate)
      // already printed them.
      resetPrinter();
      F.text = render(Level, Info);
      Findings.push_back(std::move(F));
      Last = Kept::Finding;
      LastRendered = Kept::Finding;
    } else if (Level >= DiagnosticsEngine::Error) {
      // Errors keep Clang's order, but the findings rendered in between
      // went elsewhere: start afresh after one.
      if (LastRendered != Kept::Error)
        resetPrinter();
      Errors += render(Level, Info);
      Last = Kept::Error;
      LastRendered = Kept::Error;
    }
    PendingFunction.clear();
  }

  /// Set by the checks' FindingObserver just before their warning arrives.
  std::string PendingFunction;
  std::vector<LintFinding> Findings;
  std::string Errors;
  size_t ErrorFindings = 0; ///< findings reported as errors (-Werror)

private:
  enum class Kept { None, Finding, Error };

  /// Forgets the last location and include stack printed (Clang prints an
  /// include stack only when it differs from the previous diagnostic's).
  void resetPrinter() {
    if (FileLangOpts)
      Printer.BeginSourceFile(*FileLangOpts, FilePP);
  }

  std::string render(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
    OS.flush();
    Buffer.clear();
    Printer.HandleDiagnostic(Level, Info);
    OS.flush();
    return Buffer;
  }

  static Position position(const Diagnostic &Info) {
    Position P;
    if (!Info.getLocation().isValid() || !Info.hasSourceManager())
      return P;
    const SourceManager &SM = Info.getSourceManager();
    PresumedLoc PL = SM.getPresumedLoc(SM.getFileLoc(Info.getLocation()));
    if (PL.isInvalid())
      return P;
    // Relative names are relative to the command's directory, which is the
    // file manager's working directory during the run.
    llvm::SmallString<256> Name(PL.getFilename());
    SM.getFileManager().makeAbsolutePath(Name);
    llvm::sys::path::remove_dots(Name, /*remove_dot_dot=*/true);
    P.file = std::string(Name);
    P.line = PL.getLine();
    P.column = PL.getColumn();
    return P;
  }

  llvm::IntrusiveRefCntPtr<DiagnosticOptions> Opts;
  std::string Buffer;
  llvm::raw_string_ostream OS;
  TextDiagnosticPrinter Printer;
  const LangOptions *FileLangOpts = nullptr;
  const Preprocessor *FilePP = nullptr;
  Kept Last = Kept::None;         ///< the last warning or error: where its notes go
  Kept LastRendered = Kept::None; ///< the last one rendered (notes aside)
};

/// The checks' consumer in a syntax-only action: nothing is generated.
class LintAction : public ASTFrontendAction {
public:
  LintAction(LintDiagnostics &Diags, const LintOptions &Lint) : Diags(Diags), Lint(Lint) {}

protected:
  // With carets on, the compiler instance ends by printing "N warnings
  // generated." for every file, counting the warnings dropped here too.
  // LintDiagnostics renders with its own options, carets included.
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getDiagnosticOpts().ShowCarets = false;
    return true;
  }

  // The same options as the plugin, the lint flags in place of the plugin
  // arguments; the compile command's -W flags apply as they would there.
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    // Relative to the command's directory, which is not the process's.
    llvm::SmallString<256> Source(InFile);
    CI.getFileManager().getVirtualFileSystem().makeAbsolute(Source);
    llvm::Expected<checks::CheckOptions> Opts = checks::resolveOptions(
        Source, Lint.config, Lint.toggles, CI.getDiagnosticOpts().Warnings);
    if (!Opts) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
          << llvm::toString(Opts.takeError());
      return std::make_unique<ASTConsumer>(); // the error fails the file

    }
    Opts->Observer = [this](llvm::StringRef, const FunctionDecl *FD) {
      Diags.PendingFunction = FD ? FD->getQualifiedNameAsString() : std::string();
    };
    return checks::createCheckConsumer(*Opts);
  }

private:
  LintDiagnostics &Diags;
  const LintOptions &Lint;
};

class LintActionFactory : public FrontendActionFactory {
public:
  LintActionFactory(LintDiagnostics &Diags, const LintOptions &Lint) : Diags(Diags), Lint(Lint) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LintAction>(Diags, Lint);
  }

private:
  LintDiagnostics &Diags;
  const LintOptions &Lint;
};

struct WorkerResult {
  std::vector<LintFinding> findings;
  std::vector<std::string> failures;
  std::string errors;
};

/// One worker: its own diagnostics, action factory and ClangTool. The tool is
/// run once per file rather than once over the partition, because ClangTool
/// only says that *some* file failed, and a failure must name its file.
void lintFiles(const FixedCommands &DB, const LintOptions &Lint,
               const std::vector<std::string> &Files, WorkerResult &Out) {
  LintDiagnostics Diags;
  LintActionFactory Factory(Diags, Lint);
  for (const std::string &File : Files) {
    // A physical file system of its own: ClangTool moves into each command's
    // directory, and with the default one that is the process-wide chdir(),
    // which would pull the other workers' relative paths along.
    ClangTool Tool(DB, {File}, std::make_shared<PCHContainerOperations>(),
                   llvm::vfs::createPhysicalFileSystem());
    Tool.setPrintErrorMessage(false);
    Tool.setDiagnosticConsumer(&Diags);
    Tool.appendArgumentsAdjuster(adjustForClang);
    size_t ErrorsBefore = Diags.Errors.size();
    size_t ErrorFindingsBefore = Diags.ErrorFindings;
    // Under -Werror the findings are errors and make the tool "fail"; only
    // the compiler's own errors mean the file did not parse.
    if (Tool.run(&Factory) != 0 &&
        !(Diags.Errors.size() == ErrorsBefore && Diags.ErrorFindings > ErrorFindingsBefore)) {
      std::string Why = "cannot be parsed";
      if (Diags.Errors.size() == ErrorsBefore)
        Why += " (no compiler diagnostics)";
      Out.failures.push_back(File + ": " + Why);
    }
  }
  Out.findings = std::move(Diags.Findings);
  Out.errors = std::move(Diags.Errors);
}

} // namespace

LintResult runLint(const LintOptions &opts) {
  std::string DBPath = opts.build_dir + "/compile_commands.json";
  if (!llvm::sys::fs::exists(DBPath))
    throw LintInputError(DBPath + ": no such file (configure with "
                                  "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
  std::string Err;
  std::unique_ptr<JSONCompilationDatabase> JDB =
      JSONCompilationDatabase::loadFromFile(DBPath, Err, JSONCommandLineSyntax::AutoDetect);
  if (!JDB)
    throw LintInputError(DBPath + ": " + (Err.empty() ? "cannot be read" : Err));

  LintResult Result;
  std::vector<std::string> Files;
  if (opts.files.empty()) {
    for (const std::string &F : JDB->getAllFiles())
      Files.push_back(cleanPath(F));
  } else {
    for (const std::string &F : opts.files)
      Files.push_back(cleanPath(F));
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());

  FixedCommands DB;
  std::vector<std::string> Runnable;
  for (const std::string &F : Files) {
    std::vector<CompileCommand> Cmds = JDB->getCompileCommands(F);
    if (Cmds.empty()) {
      Result.failures.push_back(F + ": not in " + DBPath);
      continue;
    }
    DB.ByFile[F] = std::move(Cmds);
    Runnable.push_back(F);
  }
  Result.files = Runnable.size();

  unsigned Jobs = opts.jobs ? opts.jobs : std::max(1u, std::thread::hardware_concurrency());
  Jobs = std::max<size_t>(1, std::min<size_t>(Jobs, Runnable.size()));
  // Round robin: neighbouring files (often similar in size) go to different
  // workers.
  std::vector<std::vector<std::string>> Parts(Jobs);
  for (size_t I = 0; I < Runnable.size(); ++I)
    Parts[I % Jobs].push_back(Runnable[I]);
  std::vector<WorkerResult> Results(Jobs);
  if (Jobs == 1) {
    lintFiles(DB, opts, Parts[0], Results[0]);
  } else {
    std::vector<std::thread> Threads;
    for (unsigned J = 0; J < Jobs; ++J)
      Threads.emplace_back(lintFiles, std::cref(DB), std::cref(opts), std::cref(Parts[J]),
                           std::ref(Results[J]));
    for (std::thread &T : Threads)
      T.join();
  }

  std::set<std::tuple<std::string, unsigned, unsigned, std::string, std::string>> Seen;
  // A bad config file is one error, however many files it applies to: its
  // line (no source location) is printed once.
  std::set<std::string> ConfigErrors;
  for (WorkerResult &W : Results) {
    for (LintFinding &F : W.findings)
      if (Seen.insert({F.where.file, F.where.line, F.where.column, F.check, F.message}).second)
        Result.findings.push_back(std::move(F));
    Result.failures.insert(Result.failures.end(), W.failures.begin(), W.failures.end());
    llvm::StringRef Rest = W.errors;
    while (!Rest.empty()) {
      auto [Line, Tail] = Rest.split('\n');
      Rest = Tail;
      if (Line.starts_with("error: coroscope: ") && !ConfigErrors.insert(Line.str()).second)
        continue;
      Result.error_text += Line.str() + "\n";
    }
  }
  std::sort(Result.findings.begin(), Result.findings.end(),
            [](const LintFinding &A, const LintFinding &B) {
              return std::tie(A.where.file, A.where.line, A.where.column, A.check) <
                     std::tie(B.where.file, B.where.line, B.where.column, B.check);
            });
  std::sort(Result.failures.begin(), Result.failures.end());
  return Result;
}

std::vector<RuleInfo> lintRules() {
  std::vector<RuleInfo> Rules;
  for (const checks::CheckInfo &C : checks::checkInfos())
    Rules.push_back({C.Name.str(), C.Summary.str(), C.Description.str(), C.Anchor.str()});
  return Rules;
}

std::string cmakeSourceDir(const std::string &build_dir) {
  auto Buf = llvm::MemoryBuffer::getFile(build_dir + "/CMakeCache.txt");
  if (!Buf)
    return "";
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef L : Lines)
    if (L.consume_front("CMAKE_HOME_DIRECTORY:INTERNAL="))
      return cleanPath(L.trim());
  return "";
}

} // namespace coroscope::analyzer::lint
