//===- main.cpp - The coroscope command line -------------------------------===//
//
// Parses the command line with CLI11 and dispatches to the subcommands:
//   report LOG...   per-function coroutine cost (text, markdown, JSON or HTML),
//                   run-time check findings, frames alive at the end;
//                   --baseline OLD.json adds ratios against an earlier report
//   check LOG...    only the findings; exit 1 if one reaches --fail-on or a
//                   function exceeds its --budget
//   export LOG...   the report's functions, sites or findings as rows
//                   (JSON lines or CSV), one report per log, or the logs'
//                   timeline in the Trace Event Format (chrome-trace)
//   dump LOG        the raw records of one log
//   flags           compiler/linker flags for instrumented builds
//   lint -p DIR     the compile-time checks over compile_commands.json;
//                   exit 1 if one reaches --fail-on, 2 on unusable input
// Each subcommand's file (commands/) declares its options; this file only
// dispatches. Error handling is centralised here so every failure on any
// input becomes a single `coroscope: error: FILE: offset N: what` line and
// exit status 2, as does every usage error (commands/commands.h, ExitCode).
//
//===----------------------------------------------------------------------===//
#include "commands/cli.h"
#include "commands/commands.h"
#include "log/log_reader.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <string>
#include <vector>

using namespace coroscope::analyzer;

int main(int argc, char **argv) {
  CLI::App app{"coroscope: measure the cost of C++20 coroutines", "coroscope"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("coroscope ") + COROSCOPE_VERSION +
                                        " (plugin for LLVM/Clang " + COROSCOPE_LLVM_MAJORS + ")");

  // In the order `coroscope --help` lists them.
  std::vector<Command> commands = {addReportCommand(app), addCheckCommand(app),
                                   addExportCommand(app), addDumpCommand(app),
                                   addFlagsCommand(app),  addLintCommand(app)};

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    // CLI11 calls a mistyped subcommand an unexpected argument; name it as
    // what it was meant to be.
    std::string names;
    bool known = false;
    for (const Command &c : commands) {
      names += (names.empty() ? "" : ", ") + c.app->get_name();
      known = known || (argc > 1 && c.app->get_name() == argv[1]);
    }
    if (argc > 1 && argv[1][0] != '-' && !known) {
      std::cerr << "coroscope: error: unknown subcommand '" << argv[1] << "' (one of " << names
                << ")\n";
      return kExitUsage;
    }
    // `coroscope --strict check ...`: CLI11 would only say that a
    // subcommand is required.
    if (argc > 1 && argv[1][0] == '-' && !dynamic_cast<const CLI::Success *>(&e)) {
      std::cerr << "coroscope: error: " << argv[1]
                << " before the subcommand: options go after it (coroscope SUBCOMMAND "
                   "[OPTIONS]; SUBCOMMAND one of "
                << names << ")\n";
      return kExitUsage;
    }
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  }

  try {
    for (const Command &c : commands)
      if (c.app->parsed())
        return c.run();
  } catch (const LogError &e) {
    std::cout.flush();
    std::cerr << "coroscope: error: " << e.file() << ": offset " << e.offset() << ": " << e.what()
              << "\n";
    return kExitInput;
  } catch (const std::exception &e) {
    std::cout.flush();
    std::cerr << "coroscope: error: " << e.what() << "\n";
    return kExitInput;
  }
  return kExitUsage;
}
