//===- commands/cli.h - What the subcommand command lines share -*- C++ -*-===//
//
// Each subcommand's file (commands/*.cpp) declares its own options on the
// CLI::App it is given and returns what runs it; main.cpp only dispatches.
// The option types and the output handling several of them use live here.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_COMMANDS_CLI_H
#define COROSCOPE_ANALYZER_COMMANDS_CLI_H

#include "log/log_reader.h"
#include "verdicts/advice.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace coroscope::analyzer {

/// A subcommand added to the command line: `run` runs it once it is the one
/// parsed, and returns the exit status.
struct Command {
  CLI::App *app = nullptr;
  std::function<int()> run;
};

Command addReportCommand(CLI::App &app); ///< commands/report.cpp
Command addCheckCommand(CLI::App &app);  ///< commands/check.cpp
Command addExportCommand(CLI::App &app); ///< commands/export.cpp
Command addDumpCommand(CLI::App &app);   ///< commands/dump.cpp
Command addFlagsCommand(CLI::App &app);  ///< commands/flags.cpp
Command addLintCommand(CLI::App &app);   ///< commands/lint.cpp

/// --threshold KEY=VALUE, repeatable, for report, check and export.
void addThresholdOption(CLI::App *cmd, AdviceOptions &advice);

/// --fail-on SEVERITY for check and lint: one of log_format.h's severity
/// names (COROSCOPE_SEVERITIES).
void addFailOnOption(CLI::App *cmd, std::string &fail_on, const std::string &help);
/// The log::Severity named `name`; kSeverityAdvice, the lowest, for a name
/// that is none.
uint8_t severityNamed(const std::string &name);

/// A count option (--top, --jobs): a whole number >= 0 that fits T, passed
/// on in decimal (a transform: check() may not rewrite the value). CLI11's
/// NonNegativeNumber answers -1 with "Value -1 not in range 0.000000 to
/// 1797693134862315708..." and its conversion reads "010" as octal 8.
template <typename T> CLI::Validator wholeNumber() {
  return CLI::Validator(
      [](std::string &in) -> std::string {
        if (in.empty() || in.find_first_not_of("0123456789") != std::string::npos)
          return "expected a whole number >= 0, got " + in;
        errno = 0;
        unsigned long long value = std::strtoull(in.c_str(), nullptr, 10);
        if (errno == ERANGE || value > std::numeric_limits<T>::max())
          return "expected a whole number from 0 to " +
                 std::to_string(std::numeric_limits<T>::max()) + ", got " + in;
        in = std::to_string(value); // CLI11 would read "010" as octal
        return "";
      },
      "NONNEGATIVE");
}

/// An `export --from`/`--to` time: a bare whole number is ns on the log's
/// clock (CLOCK_MONOTONIC), a number with a unit (`2ms`, `1.5s`; ns, us, ms,
/// s) a time from the log's start, its first event.
struct TimeBound {
  uint64_t ns = 0;
  bool relative = false; ///< from the log's start
  std::string text;      ///< as given
};
/// Reads `text` into `out`; "" on success, else what was expected.
std::string parseTimeBound(const std::string &text, TimeBound &out);

/// --compiler's value: a compiler, never empty (`--compiler "$CC"` with CC
/// unset must not quietly fall back to $CXX or clang++).
CLI::Validator compilerName();

/// Whether `output` is one of `inputs` (the same file by any name); says so.
bool outputIsInput(const std::string &output, const std::vector<std::string> &inputs);

/// Writes `text` to stdout or to `output`. The text is complete before the
/// file is opened so a failed run never leaves a truncated report behind;
/// an `output` that is one of the `inputs` (the same file, by any name) is
/// refused, not replaced by the report of itself.
bool writeOutput(const std::string &output, const std::string &text,
                 const std::vector<std::string> &inputs);

/// One warning line on stderr per log that LogEnd::incomplete() says
/// lacks something of its run; true if any.
bool warnIncomplete(const std::vector<std::string> &logs, const std::vector<LogEnd> &ends);

/// The logs to read: each process's log once, with a warning line for every
/// log left out (log/log_identity.h). `repeated`: some log was left out.
std::vector<std::string> logsReadOnce(const std::vector<std::string> &logs, bool &repeated);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_COMMANDS_CLI_H
