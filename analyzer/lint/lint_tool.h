//===- lint/lint_tool.h - Compile-time checks over a compilation database -===//
//
// The libTooling side of `coroscope lint`. It is compiled like the plugin
// (LLVM's flags, no RTTI when LLVM has none), so this header carries no Clang
// type: the rest of the analyzer, built with RTTI, sees plain structs only.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_LINT_LINT_TOOL_H
#define COROSCOPE_ANALYZER_LINT_LINT_TOOL_H

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace coroscope::analyzer::lint {

struct Position {
  std::string file; ///< absolute, dots removed
  unsigned line = 0;
  unsigned column = 0;
};

struct Note {
  Position where;
  std::string message;
};

/// One compile-time finding: a warning of the checks and its notes.
struct LintFinding {
  std::string check;    ///< "double-await" (without "coroscope-")
  std::string severity; ///< always "warning": lint's --fail-on decides
  std::string function; ///< qualified name of the function being checked
  Position where;
  std::string message; ///< without the " [-Wcoroscope-<check>]" tail
  std::vector<Note> notes;
  std::string text; ///< Clang's rendering: the warning, its notes, snippets
};

struct LintOptions {
  std::string build_dir;          ///< holds compile_commands.json
  std::vector<std::string> files; ///< empty: every file of the database
  unsigned jobs = 0;              ///< worker threads; 0: hardware concurrency
  /// Config file for every file; empty: each file's nearest .coroscope.json.
  std::string config;
  /// --enable/--disable in command-line order: (true: enable, check name).
  std::vector<std::pair<bool, std::string>> toggles;
};

struct LintResult {
  /// Deduplicated (a header's finding seen from several files, or a file
  /// compiled twice, counts once), sorted by file, line, column, check.
  std::vector<LintFinding> findings;
  /// One line per unusable input: "FILE: why".
  std::vector<std::string> failures;
  /// One line per entry that is not C or C++ (assembler, CUDA, a linker
  /// input, ...), not parsed: "FILE: skipped, not C or C++ (language)".
  std::vector<std::string> skipped;
  /// Clang's own errors for the failed files, as Clang prints them.
  std::string error_text;
  size_t files = 0; ///< translation units attempted (skipped ones not counted)
};

/// The database itself is unusable: missing, unreadable or not valid JSON.
struct LintInputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Parses (never builds) the files with the compile-time checks enabled.
/// Throws LintInputError when the database cannot be used at all; problems
/// with single files are reported in LintResult::failures.
LintResult runLint(const LintOptions &opts);

/// A check as the SARIF rules list describes it (plugin/checks/CheckRegistry).
struct RuleInfo {
  std::string name, summary, description, anchor;
};
std::vector<RuleInfo> lintRules();

/// The source directory of a CMake build directory (CMAKE_HOME_DIRECTORY in
/// its CMakeCache.txt), or "" when it is not one.
std::string cmakeSourceDir(const std::string &build_dir);

} // namespace coroscope::analyzer::lint

#endif // COROSCOPE_ANALYZER_LINT_LINT_TOOL_H
