//===- commands/commands.h - What the subcommands run -----------*- C++ -*-===//
//
// Each subcommand's command line lives in its own file (commands/cli.h); the
// work it runs on its inputs is reached through these functions, which the
// fuzz targets call too.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_COMMANDS_COMMANDS_H
#define COROSCOPE_ANALYZER_COMMANDS_COMMANDS_H

#include "log/log_reader.h"
#include "model/async_stacks.h"
#include "verdicts/advice.h"
#include "verdicts/budget.h"
#include <cstdint>
#include <ostream>

#include <string>
#include <vector>

namespace coroscope::analyzer {

/// Exit statuses shared by all subcommands (the table in docs/usage.md).
/// A usage error is 2, not 1, so a CI wrapper never reads a mistyped
/// command line as "findings".
enum ExitCode : int {
  kExitOk = 0,
  kExitFindings = 1, ///< `check`, `lint`: a finding at or above --fail-on
  kExitUsage = 2,    ///< bad command line
  kExitInput = 2,    ///< unreadable, truncated or corrupt input; unwritable output
};

/// `coroscope dump LOG`: every header, chunk, site and event in file order.
/// Throws LogError on malformed input after printing what preceded it.
void dumpLog(const std::string &path, std::ostream &os);

/// What `coroscope check` prints, and whether it should fail.
struct CheckResult {
  std::string output;
  bool failed = false; ///< a finding >= the threshold, or a budget violation
  std::vector<std::string> logs;
  std::vector<LogEnd> log_ends; ///< how each of `logs` ended
};

/// `coroscope check LOG...`: the findings of all logs, merged and sorted, as
/// "text" or "json". Replays the events as `report` does, derives the
/// advice (listed and judged only when fail_on is advice, else counted) and
/// judges the budget, whose violations fail the run at any fail_on. Analyzes up to `jobs` logs at
/// once (0: one per hardware thread). Throws LogError on malformed input.
CheckResult checkLogs(const std::vector<std::string> &logs, const std::string &format,
                      uint8_t fail_on, const AdviceOptions &advice, const Budget *budget,
                      unsigned jobs);

struct TraceWindow;
/// `coroscope export --format chrome-trace LOG...` (commands/export_chrome_trace.cpp): the
/// logs' timelines in the Trace Event Format, streamed to `os`; how each
/// log ended. Throws std::runtime_error, before writing anything, when an
/// input is a profile file (no events), and LogError on malformed input.
std::vector<LogEnd> exportChromeTrace(const std::vector<std::string> &logs,
                                      const TraceWindow &window, std::ostream &os);

/// Throws std::runtime_error "LOG: a profile file (COROSCOPE_MODE=profile)
/// has counts but LACKS; record one with COROSCOPE_MODE=trace" for the first
/// of `logs` that is a profile file (no events). Reads only their indexes
/// (commands/export_chrome_trace.cpp).
void requireTraceLogs(const std::vector<std::string> &logs, const std::string &lacks);

/// `coroscope export --format folded LOG...` (commands/export_folded.cpp):
/// the logs' async stacks in `view` (model/async_stacks.h), identical
/// stacks of all logs merged, as "stack weight" lines in byte order; and
/// how each log ended. Analyzes up to `jobs` logs at once. Throws
/// std::runtime_error before reading events when an input is a profile
/// file (requireTraceLogs), and LogError on malformed input.
struct FoldedStacks {
  std::string text;
  std::vector<LogEnd> ends;
};
FoldedStacks exportFolded(const std::vector<std::string> &logs, AsyncView view, unsigned jobs);

/// `coroscope lint -p BUILD_DIR [FILES...]` (commands/lint.cpp).
struct LintCommand {
  std::string build_dir;
  std::vector<std::string> files;
  std::string format = "text"; ///< text, json, sarif
  std::string fail_on = "warning";
  std::string output_path;                  ///< "" or "-": stdout
  unsigned jobs = 0;                        ///< 0: hardware concurrency
  std::string config;                       ///< "": each file's nearest .coroscope.json
  std::vector<std::string> enable, disable; ///< check names; disable wins
};
struct LintOutcome {
  std::string output;    ///< the findings in the chosen format
  std::string summary;   ///< one line for stderr
  std::string errors;    ///< Clang's errors and one "coroscope: error:" line per bad file
  bool failed = false;   ///< a finding at or above --fail-on
  bool unusable = false; ///< some file missing from the database or unparsable
};
/// Runs the compile-time checks over the files of a compilation database.
/// Throws std::runtime_error (lint::LintInputError) when the database itself
/// is unusable, or when the lint module cannot be loaded (lint_loader.h).
LintOutcome lintFiles(const LintCommand &cmd);

/// The install prefix: the parent of the directory holding the running
/// executable, symlinks resolved. Throws std::runtime_error if unknown.
std::string installPrefix();
/// $CXX, or null when it is unset. Throws std::runtime_error when it is set
/// but blank (empty or only spaces), as an empty --compiler is an error.
const char *compilerFromEnvironment();
/// The compiler `flags --compile` is for without --compiler: $CXX, else
/// "clang++" (commands/flags.cpp); throws as compilerFromEnvironment().
std::string defaultCompiler();
/// What `COMPILER --version` says. `compiler` may hold arguments ($CXX):
/// its first word is run, or the second after ccache, sccache or distcc.
struct CompilerVersion {
  std::string first_line; ///< of its --version; "" if it could not be run
  std::string problem;    ///< why major is 0
  unsigned major = 0;     ///< the Clang major; 0: not Clang (Apple's neither)
};
CompilerVersion compilerVersion(const std::string &compiler);
/// The majors this coroscope supports or was built for whose file(major)
/// is in PREFIX/lib, ascending.
std::vector<unsigned> availableMajors(std::string (*file)(unsigned));
/// The newest major this coroscope was built for (COROSCOPE_LLVM_MAJORS);
/// 0 if none.
unsigned newestBuiltMajor();
/// The major of `compiler` when file(major) is in PREFIX/lib. Throws
/// std::runtime_error otherwise, one line: "no WHAT for COMPILER (its
/// --version line); this coroscope supports Clang 19 and 22: pass
/// --compiler clang++-19 or --compiler clang++-22" + or_else.
unsigned majorFor(const std::string &compiler, const std::string &what,
                  std::string (*file)(unsigned), const std::string &or_else);
/// `coroscope flags`: the compiler and/or linker flags, on one line;
/// linkStatic: link the static runtime instead of the shared one. compile:
/// the plugin for `compiler` ("": defaultCompiler()), see majorFor().
std::string flagsLine(bool compile, bool link, bool linkStatic, const std::string &compiler);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_COMMANDS_COMMANDS_H
