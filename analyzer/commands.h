//===- commands.h - Entry points of the coroscope subcommands ----*- C++ -*-===//
//
// main.cpp owns argument parsing; each subcommand lives in its own file and is
// reached through these functions, which return the process exit status.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_COMMANDS_H
#define COROSCOPE_ANALYZER_COMMANDS_H

#include <ostream>
#include <string>

namespace coroscope::analyzer {

/// Exit statuses shared by all subcommands (documented in
/// docs/report-format.md).
enum ExitCode : int {
  kExitOk = 0,
  kExitUsage = 1, ///< bad command line
  kExitInput = 2, ///< unreadable, truncated or corrupt input; unwritable output
};

/// `coroscope dump LOG`: every header, chunk, site and event in file order.
/// Throws LogError on malformed input after printing what preceded it.
void dumpLog(const std::string &path, std::ostream &os);

/// The install prefix: the parent of the directory holding the running
/// executable, symlinks resolved. Throws std::runtime_error if unknown.
std::string installPrefix();
/// `coroscope flags`: the compiler and/or linker flags, on one line.
std::string flagsLine(bool compile, bool link);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_COMMANDS_H
