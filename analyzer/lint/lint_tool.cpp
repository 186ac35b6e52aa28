//===- lint/lint_tool.cpp - Compile-time checks over a compilation db ----===//
//
// Runs plugin/checks/ (the very objects linked into CoroScope.so) through
// libTooling: every compile command is turned into a syntax-only parse with
// the checks' AST consumer, in worker threads. The commands usually come
// from a g++ build, so they are adjusted for clang 19 first: its resource
// directory, no option clang's driver does not know, no CoroScope.so plugin
// (the checks already run in-process; loading the plugin would report every
// finding twice), and no -Werror: lint only parses, and the project's rule
// for its warnings must neither fail the parse nor fill Clang's error limit.
// Diagnostics are caught by a DiagnosticConsumer that keeps the checks'
// warnings and their notes (rendered by Clang's own printer, so the text is
// exactly what the plugin prints) and the errors that make a file unusable,
// and drops the compiler's ordinary warnings: a lint step reports coroscope
// findings only. Findings are always warnings here; lint's --fail-on, not
// the compile command, decides whether they fail the step.
//
// Entries that are not C, C++ or Objective-C(++) (assembler, CUDA, linker
// inputs, ...) are not parsed at all: their language is judged the way
// Clang's driver judges it, -x included, and they are listed as skipped.
//
//===----------------------------------------------------------------------===//
#include "lint/lint_tool.h"

#include "checks/CheckRegistry.h"
#include "checks/CheckRunner.h"
#include "compat/ClangCompat.h"
#include "file_names.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Types.h"
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
#include <optional>
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

/// A flag that turns warnings into errors. Lint drops Clang's own warnings
/// and keeps its findings warnings, so such a flag could only make a file
/// that parses look broken, or stop the parse at the error limit.
bool promotesWarnings(const llvm::opt::Arg &A) {
  if (A.getOption().matches(compat::driver_options::OPT_pedantic_errors))
    return true;
  if (!A.getOption().matches(compat::driver_options::OPT_W_Joined) || A.getNumValues() != 1)
    return false;
  llvm::StringRef V = A.getValue();
  return V == "error" || V.starts_with("error=");
}

bool isCoroScopePluginFile(llvm::StringRef Path) {
  return file_names::isPlugin(std::string_view(llvm::sys::path::filename(Path)));
}

bool isCoroScopePlugin(llvm::StringRef Arg) {
  if (Arg.starts_with("-fplugin-arg-coroscope-"))
    return true;
  return Arg.consume_front("-fplugin=") && isCoroScopePluginFile(Arg);
}

/// The language Clang's driver gives the command's input File: the type of
/// the last -x before it (-x none resets), or else its extension's, and a
/// name the driver does not know is a linker input (object); inputs after
/// "--" too. A command naming no such input is judged by File's extension.
driver::types::ID inputLanguage(const CompileCommand &Cmd, llvm::StringRef File) {
  namespace types = driver::types;
  auto ByExtension = [](llvm::StringRef Name) {
    llvm::StringRef Ext = llvm::sys::path::extension(Name);
    types::ID T = Ext.empty() ? types::TY_INVALID : types::lookupTypeForExtension(Ext.drop_front());
    return T == types::TY_INVALID ? types::TY_Object : T;
  };
  auto Absolute = [&](llvm::StringRef Name) {
    llvm::SmallString<256> P(Name);
    if (llvm::sys::path::is_relative(P)) {
      P = Cmd.Directory;
      llvm::sys::path::append(P, Name);
    }
    llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    return std::string(P);
  };
  std::vector<const char *> Ptrs;
  for (size_t I = 1; I < Cmd.CommandLine.size(); ++I)
    Ptrs.push_back(Cmd.CommandLine[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = compat::driverOptTable().ParseArgs(
      Ptrs, MissingIndex, MissingCount, llvm::opt::Visibility(compat::driver_options::ClangOption));
  std::string Want = Absolute(File);
  std::optional<types::ID> Only; // the type of the only input, if one
  size_t Inputs = 0;
  types::ID X = types::TY_INVALID; // from -x
  bool XSet = false;
  for (const llvm::opt::Arg *A : Parsed) {
    if (A->getOption().matches(compat::driver_options::OPT_x)) {
      llvm::StringRef V = A->getValue();
      XSet = V != "none";
      // An unknown language: the driver refuses the command; TY_Nothing
      // ("none") keeps it out of the parse.
      X = XSet ? types::lookupTypeForTypeSpecifier(A->getValue()) : types::TY_INVALID;
      if (XSet && X == types::TY_INVALID)
        X = types::TY_Nothing;
      continue;
    }
    std::vector<llvm::StringRef> Names;
    if (A->getOption().getKind() == llvm::opt::Option::InputClass)
      Names.push_back(A->getValue());
    else if (A->getOption().matches(compat::driver_options::OPT__DASH_DASH))
      for (const char *V : A->getValues())
        Names.push_back(V);
    for (llvm::StringRef Name : Names) {
      types::ID T = XSet ? X : ByExtension(Name);
      if (Absolute(Name) == Want)
        return T;
      Only = T;
      ++Inputs;
    }
  }
  return Inputs == 1 ? *Only : ByExtension(File);
}

/// What `coroscope lint` parses: C, C++, Objective-C and Objective-C++,
/// sources and headers, preprocessed or not. Not CUDA, HIP or OpenCL (their
/// commands are another compiler's, and their headers an SDK's), nor
/// assembler, IR, Fortran or linker inputs.
bool isLintable(driver::types::ID T) {
  namespace types = driver::types;
  switch (T) {
  case types::TY_C:
  case types::TY_PP_C:
  case types::TY_CXX:
  case types::TY_PP_CXX:
  case types::TY_ObjC:
  case types::TY_PP_ObjC:
  case types::TY_PP_ObjC_Alias:
  case types::TY_ObjCXX:
  case types::TY_PP_ObjCXX:
  case types::TY_PP_ObjCXX_Alias:
  case types::TY_CHeader:
  case types::TY_PP_CHeader:
  case types::TY_CXXHeader:
  case types::TY_PP_CXXHeader:
  case types::TY_ObjCHeader:
  case types::TY_PP_ObjCHeader:
  case types::TY_ObjCXXHeader:
  case types::TY_PP_ObjCXXHeader:
  case types::TY_CXXModule:
  case types::TY_PP_CXXModule:
  case types::TY_CXXHUHeader:
  case types::TY_CXXSHeader:
  case types::TY_CXXUHeader:
  case types::TY_PP_CXXHeaderUnit:
    return true;
  default:
    return false;
  }
}

/// Removes the plugin (as -fplugin= or as cc1 options), every option clang 19's driver does not
/// know (GCC's -fconcepts-diagnostics-depth=, -fno-tree-..., and the like: clang rejects them as
/// "unknown argument"), -Werror, -Werror=<w> and -pedantic-errors (see promotesWarnings), and a
/// -resource-dir of another clang; then points clang at its own resource directory and silences
/// what is left of GCC-only warnings and unused arguments.
CommandLineArguments adjustForClang(const CommandLineArguments &In, llvm::StringRef) {
  if (In.empty())
    return In;
  // Which arguments the driver cannot parse, by index.
  std::vector<const char *> Ptrs;
  for (size_t I = 1; I < In.size(); ++I)
    Ptrs.push_back(In[I].c_str());
  std::set<unsigned> Unknown; // and the flags that promote warnings
  {
    const llvm::opt::OptTable &Table = compat::driverOptTable();
    unsigned MissingIndex = 0, MissingCount = 0;
    llvm::opt::InputArgList Parsed =
        Table.ParseArgs(Ptrs, MissingIndex, MissingCount,
                        llvm::opt::Visibility(compat::driver_options::ClangOption));
    for (const llvm::opt::Arg *A : Parsed)
      if (A->getOption().matches(compat::driver_options::OPT_UNKNOWN) || promotesWarnings(*A))
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
      // The cc1 spellings: -Xclang -load -Xclang .../CoroScope-<major>.so,
      // -Xclang -add-plugin|-plugin -Xclang coroscope,
      // -Xclang -plugin-arg-coroscope -Xclang VALUE.
      if (A == "-Xclang" && I + 3 < In.size() && In[I + 2] == "-Xclang") {
        llvm::StringRef Op = In[I + 1], Value = In[I + 3];
        if ((Op == "-load" && isCoroScopePluginFile(Value)) ||
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
  static constexpr char ResourceDir[] = "-resource-dir=" COROSCOPE_CLANG_RESOURCE_DIR;
  const char *Added[] = {ResourceDir, "-Wno-unknown-warning-option", "-Qunused-arguments"};
  auto At = Separator == std::string::npos ? Out.end() : Out.begin() + Separator;
  Out.insert(At, std::begin(Added), std::end(Added));
  return Out;
}

/// Keeps the checks' findings and the errors; see the file comment.
class LintDiagnostics : public DiagnosticConsumer {
public:
  LintDiagnostics()
      : Opts(new DiagnosticOptions), OS(Buffer), Printer(OS, compat::forPrinter(Opts)) {
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
    // The tag as CheckRunner.cpp writes it: [-Wcoroscope-<check>] (lint
    // never asks for the -Werror form).
    size_t Tag = M.rfind(" [");
    llvm::StringRef Check = Tag == llvm::StringRef::npos ? "" : M.substr(Tag + 2);
    if (Level == DiagnosticsEngine::Warning && Check.consume_front("-Wcoroscope-") &&
        Check.consume_back("]")) {
      LintFinding F;
      F.check = Check.str();
      F.severity = "warning";
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
    } else if (Level >= DiagnosticsEngine::Error && compat::isWarningOrExtension(Info)) {
      // A warning made an error (a #pragma, or a flag adjustForClang did not
      // see): the file parsed, and lint drops warnings.
      ++PromotedErrors;
    } else if (Level >= DiagnosticsEngine::Error) {
      ++FileErrors;
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

  /// Set by the checks' WarningObserver just before their warning arrives.
  std::string PendingFunction;
  std::vector<LintFinding> Findings;
  std::string Errors;
  /// Since startFile(): Clang's own errors (what makes a file unparseable),
  /// and warnings that were mapped to errors (which do not).
  size_t FileErrors = 0, PromotedErrors = 0;

  /// Each file is judged by its own diagnostics only: the counts, Clang's
  /// included (which ClangTool's status reflects), start again at zero.
  void startFile() {
    clear();
    FileErrors = PromotedErrors = 0;
    Last = Kept::None;
  }

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

  compat::DiagnosticOptionsOwner Opts;
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
    llvm::Expected<checks::CheckOptions> Opts =
        checks::resolveOptions(Source, Lint.config, Lint.toggles, CI.getDiagnosticOpts().Warnings);
    if (!Opts) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
          << llvm::toString(Opts.takeError());
      return std::make_unique<ASTConsumer>(); // the error fails the file
    }
    // Findings are never errors in lint: an error would count against
    // Clang's error limit and fail the file's parse; --fail-on decides.
    Opts->Errors.clear();
    Opts->Werror = false;
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
    Diags.startFile();
    bool Failed = Tool.run(&Factory) != 0;
    // Unparseable only on Clang's own errors in this file's parse; a failed
    // run with no error at all (nothing ran) is reported too.
    if (Diags.FileErrors > 0)
      Out.failures.push_back(File + ": cannot be parsed");
    else if (Failed && Diags.PromotedErrors == 0)
      Out.failures.push_back(File + ": cannot be parsed (no compiler diagnostics)");
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
    std::vector<CompileCommand> Lintable;
    std::string Languages; // of the others, for the note
    for (CompileCommand &C : Cmds) {
      driver::types::ID T = inputLanguage(C, F);
      if (isLintable(T)) {
        Lintable.push_back(std::move(C));
      } else {
        llvm::StringRef Name =
            T == driver::types::TY_Object ? "a linker input" : driver::types::getTypeName(T);
        if (Languages.find(Name.str()) == std::string::npos)
          Languages += (Languages.empty() ? "" : ", ") + Name.str();
      }
    }
    if (Lintable.empty()) {
      Result.skipped.push_back(F + ": skipped, not C or C++ (" + Languages + ")");
      continue;
    }
    DB.ByFile[F] = std::move(Lintable);
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
  std::sort(Result.skipped.begin(), Result.skipped.end());
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
